package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// laterPageRows is how many rows of the small project the fixture of TestLaterPagesReadTheirProject
// gives each list (its last page is laterPageRows - DefaultPageSize rows), and laterPageOthers how
// many older rows of another project lie below them in the primary key.
const (
	laterPageRows   = 30
	laterPageOthers = 2000
)

// TestLaterPagesReadTheirProject: a later page (`after` a cursor) of a small project whose rows
// are newer than another project's reads that project's rows through the keyset index under the
// generic plan PostgreSQL keeps for a prepared statement, as a first page does. With `id < cursor`
// that plan walked the primary key backwards from the cursor and filtered out every older row of
// the table (the last page of a list read the rest of the table: 50 ms and 8,800 buffers on the
// bench's 100k rows), with or without a status filter; the cursor bound is written `(project_id, id) < (project, cursor)` so that it
// is a condition of the keyset index and of no other.
func TestLaterPagesReadTheirProject(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	others := make([]*models.PageImport, laterPageOthers)
	for i := range others {
		id, _ := models.NewID()
		others[i] = &models.PageImport{ID: id, OrganizationID: f.orgA, ProjectID: f.a1, SourceURL: fmt.Sprintf("https://example.com/%d", i),
			ViewportWidth: 1440, ViewportHeight: 900, Status: models.PageImportCompleted, Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
	}
	if _, err := f.db.NewInsert().Model(&others).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	otherJobs := make([]*models.Code2Des, laterPageOthers)
	for i, pi := range others {
		otherJobs[i] = &models.Code2Des{ID: pi.ID, OrganizationID: f.orgA, ProjectID: f.a1, PageImportID: pi.ID, FigmaFileKey: "file",
			ScreenID: "screen", Status: models.Code2DesProcessing, Attempt: 1, Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
	}
	if _, err := f.db.NewInsert().Model(&otherJobs).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	small := make([]*models.PageImport, laterPageRows)
	var smallJobs []*models.Code2Des
	for i := range small {
		small[i] = insertImport(t, f.db, f.orgA, f.a2, models.PageImportCompleted, false)
		smallJobs = append(smallJobs, insertJob(t, f.db, small[i], models.Code2DesCompleted, "file"))
	}
	if _, err := f.db.ExecContext(ctx, "ANALYZE page_import, code2des"); err != nil {
		t.Fatal(err)
	}
	size := models.DefaultPageSize
	// The cursor of the small project's last full page: what is left is the last page.
	importCursor := small[laterPageRows-size].ID
	jobCursor := smallJobs[laterPageRows-size].ID
	want := laterPageRows - size
	completedImport, completedJob := models.PageImportCompleted, models.Code2DesCompleted

	for _, tc := range []struct {
		name  string
		build func(p *database.Params) bun.Query
	}{
		{"pageImports", func(p *database.Params) bun.Query {
			return pageImportsQuery(f.db, p, f.svc.visibleProjectOrg(p, "alice", f.a2), f.a2, nil, nil, importCursor, size)
		}},
		{"pageImports/Status", func(p *database.Params) bun.Query {
			return pageImportsQuery(f.db, p, f.svc.visibleProjectOrg(p, "alice", f.a2), f.a2, &completedImport, nil, importCursor, size)
		}},
		{"code2desJobs", func(p *database.Params) bun.Query {
			return code2desJobsQuery(f.db, p, f.svc.visibleProjectOrg(p, "alice", f.a2), models.Code2DesFilter{ProjectID: f.a2}, jobCursor, size)
		}},
		{"code2desJobs/Status", func(p *database.Params) bun.Query {
			return code2desJobsQuery(f.db, p, f.svc.visibleProjectOrg(p, "alice", f.a2),
				models.Code2DesFilter{ProjectID: f.a2, Status: &completedJob}, jobCursor, size)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := database.NewParams(f.db)
			rows, removed := genericPlanRows(t, f.db, tc.build(p), p.Values())
			if rows != want {
				t.Errorf("the last page has %d rows, want %d", rows, want)
			}
			// The project's own rows only: none of the other project's rows is read and dropped.
			if removed >= laterPageRows {
				t.Errorf("the generic plan filtered out %d rows for a page of %d (of %d other rows)", removed, want, laterPageOthers)
			}
		})
	}
}

// genericPlanRows prepares q (built with `$n` placeholders) and runs it with vals under the
// generic plan, as PostgreSQL runs a prepared statement after its fifth execution; it returns the
// rows the statement returned and the rows its plan read and dropped ("Rows Removed by Filter"
// and "Rows Removed by Join Filter" of every node).
func genericPlanRows(t *testing.T, db *bun.DB, q bun.Query, vals []any) (rows, removed int) {
	t.Helper()
	ctx := context.Background()
	text, err := q.AppendQuery(db.QueryGen(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "SET LOCAL plan_cache_mode = force_generic_plan"); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "PREPARE later_page AS "+string(text)); err != nil {
		t.Fatal(err)
	}
	defer tx.ExecContext(ctx, "DEALLOCATE later_page") //nolint:errcheck
	var out string
	if err := tx.NewRaw("EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE later_page(?)", bun.In(vals)).Scan(ctx, &out); err != nil {
		t.Fatal(err)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(out), &plans); err != nil || len(plans) != 1 {
		t.Fatalf("EXPLAIN output %q: %v", out, err)
	}
	var walk func(n *planNode)
	walk = func(n *planNode) {
		removed += n.RemovedByFilter + n.RemovedByJoinFilter
		for i := range n.Plans {
			walk(&n.Plans[i])
		}
	}
	walk(&plans[0].Plan)
	t.Logf("generic plan: %d rows, %d removed by filters", plans[0].Plan.ActualRows, removed)
	return plans[0].Plan.ActualRows, removed
}

// planNode is the part of one node of EXPLAIN (ANALYZE, FORMAT JSON) that genericPlanRows reads.
type planNode struct {
	ActualRows          int        `json:"Actual Rows"`
	RemovedByFilter     int        `json:"Rows Removed by Filter"`
	RemovedByJoinFilter int        `json:"Rows Removed by Join Filter"`
	Plans               []planNode `json:"Plans"`
}
