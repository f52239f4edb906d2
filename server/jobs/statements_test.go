package jobs

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// Every shape of the lists (each combination of optional filters, the join, page sizes at both
// ends and between) answers on the pool, through its cached text, exactly what bun answers with
// the values in the text on a transaction; the cached text is the one bun builds for the shape
// with other values (so the shape alone determines it), and its values are in the order of its
// placeholders.
func TestCachedStatementsMatchBunForEveryShape(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	var imports []*models.PageImport
	var jobs []*models.Code2Des
	for i := range 6 {
		status := []models.PageImportStatus{models.PageImportCompleted, models.PageImportFailed}[i%2]
		pi := insertImport(t, f.db, f.orgA, f.a1, status, false)
		imports = append(imports, pi)
		jobs = append(jobs, insertJob(t, f.db, pi, []models.Code2DesStatus{models.Code2DesCompleted, models.Code2DesProcessing}[i%2], []string{"fileA", "fileB", "fileC"}[i%3]))
	}
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	cfg := f.svc.cfg
	cfg.DB = tx
	viaBun := New(cfg)

	// bunText is the text bun builds for a statement with Params placeholders, and its values.
	bunText := func(build func(*database.Params) interface{ String() string }) (string, []any) {
		p := database.NewParams(f.db)
		return build(p).String(), p.Values()
	}

	// PageImport: one shape.
	for _, id := range []string{imports[0].ID, imports[1].ID} {
		got, err := f.svc.PageImport(f.alice, id)
		if err != nil {
			t.Fatal(err)
		}
		want, err := viaBun.PageImport(f.alice, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("PageImport %s (-bun +cached):\n%s", id, diff)
		}
	}
	text, vals := bunText(func(p *database.Params) interface{ String() string } {
		return f.svc.pageImportQuery(p, "other-id", "someone")
	})
	if cached, ok := pageImportStatements.Text(struct{}{}); !ok || cached != text {
		t.Errorf("PageImport: cached %q (%v), bun %q", cached, ok, text)
	}
	if diff := cmp.Diff([]any{"other-id", "someone"}, vals); diff != "" {
		t.Errorf("PageImport values (-listed +bun):\n%s", diff)
	}

	status := models.PageImportCompleted
	jobStatus := models.Code2DesCompleted
	fileKey := "fileA"
	after := EncodeCursor(CursorCode2Des, jobs[5].ID)
	afterImport := EncodeCursor(CursorPageImports, imports[5].ID)
	for _, size := range []int{0, 1, 2, models.MaxPageSize} {
		// PageImports: with and without each filter.
		for mask := range 4 {
			pf := models.PageImportFilter{ProjectID: f.a1, First: size}
			if mask&1 != 0 {
				pf.Status = &status
			}
			if mask&2 != 0 {
				pf.After = afterImport
			}
			got, err := f.svc.PageImports(f.alice, pf)
			if err != nil {
				t.Fatal(err)
			}
			want, err := viaBun.PageImports(f.alice, pf)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("PageImports %+v (-bun +cached):\n%s", pf, diff)
			}
			n, _ := PageSize("first", size)
			afterID, _ := DecodeCursor(CursorPageImports, "after", pf.After)
			shape := pageImportsShape{status: pf.Status != nil, after: afterID != "", size: n}
			// Other values than the request's: the shape alone must make the text.
			otherAfter := ""
			if afterID != "" {
				otherAfter = "zz-after"
			}
			var otherStatus *models.PageImportStatus
			if pf.Status != nil {
				s := models.PageImportFailed
				otherStatus = &s
			}
			text, vals := bunText(func(p *database.Params) interface{ String() string } {
				return pageImportsQuery(f.db, p, f.svc.visibleProjectOrgIn(p, "someone", 777), 777, otherStatus, otherAfter, n)
			})
			if cached, ok := pageImportsStatements.Text(shape); !ok || cached != text {
				t.Errorf("PageImports %+v: cached %q (%v), bun %q", shape, cached, ok, text)
			}
			wantVals := []any{"someone", int64(777), int64(777)}
			if otherStatus != nil {
				wantVals = append(wantVals, *otherStatus)
			}
			if otherAfter != "" {
				wantVals = append(wantVals, otherAfter)
			}
			if diff := cmp.Diff(wantVals, vals); diff != "" {
				t.Errorf("PageImports %+v values (-listed +bun):\n%s", shape, diff)
			}
		}
		// Code2DesJobs: every combination of its four filters, joined or not, with whole rows or
		// a few columns (the GraphQL fast path's reads).
		for mask := range 64 {
			cf := models.Code2DesFilter{ProjectID: f.a1, First: size, WithPageImports: mask&16 != 0}
			if mask&32 != 0 {
				cf.Columns, cf.ImportColumns = models.Code2DesColStatus|models.Code2DesColCreatedAt, models.PageImportColSourceURL
			}
			if mask&1 != 0 {
				cf.FigmaFileKey = &fileKey
			}
			if mask&2 != 0 {
				cf.Status = &jobStatus
			}
			if mask&4 != 0 {
				cf.PageImportID = &imports[0].ID
			}
			if mask&8 != 0 {
				cf.After = after
			}
			got, err := f.svc.Code2DesJobs(f.alice, cf)
			if err != nil {
				t.Fatal(err)
			}
			want, err := viaBun.Code2DesJobs(f.alice, cf)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Code2DesJobs %+v (-bun +cached):\n%s", cf, diff)
			}
			n, _ := PageSize("first", size)
			afterID, _ := DecodeCursor(CursorCode2Des, "after", cf.After)
			other := models.Code2DesFilter{ProjectID: 777, WithPageImports: cf.WithPageImports, Columns: cf.Columns, ImportColumns: cf.ImportColumns}
			otherKey, otherStatus, otherImport, otherAfter := "otherKey", models.Code2DesFailed, "other-import", ""
			if cf.FigmaFileKey != nil {
				other.FigmaFileKey = &otherKey
			}
			if cf.Status != nil {
				other.Status = &otherStatus
			}
			if cf.PageImportID != nil {
				other.PageImportID = &otherImport
			}
			if afterID != "" {
				otherAfter = "zz-after"
			}
			text, vals := bunText(func(p *database.Params) interface{ String() string } {
				org := f.svc.visibleProjectOrgIn(p, "someone", other.ProjectID)
				if other.WithPageImports {
					return code2desJobsWithImportsQuery(f.db, p, org, other, otherAfter, n)
				}
				return code2desJobsQuery(f.db, p, org, other, otherAfter, n)
			})
			shape := newCode2DesShape(cf, afterID, n)
			if cached, ok := code2desStatementsFor(shape).Text(shape); !ok || cached != text {
				t.Errorf("Code2DesJobs %+v: cached %q (%v), bun %q", shape, cached, ok, text)
			}
			if diff := cmp.Diff(code2desValues("someone", other, otherAfter), vals); diff != "" {
				t.Errorf("Code2DesJobs %+v values (-listed +bun):\n%s", shape, diff)
			}
		}
	}
}
