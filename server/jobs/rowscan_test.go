package jobs

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// The column lists of the direct-scan reads are every column of the table but the unread ones.
func TestReadColumnsAreTheTableMinusUnread(t *testing.T) {
	db := testenv.MustOpenDB(t)
	for _, tc := range []struct {
		table        string
		read, unread []string
	}{
		{"page_import", pageImportColumns, pageImportUnread},
		{"code2des", code2desColumns, code2desUnread},
	} {
		var all []string
		if err := db.NewRaw("SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY column_name", tc.table).
			Scan(context.Background(), &all); err != nil {
			t.Fatal(err)
		}
		got := slices.Concat(tc.read, tc.unread)
		slices.Sort(got)
		if diff := cmp.Diff(all, got); diff != "" {
			t.Errorf("%s: read + unread columns differ from the table (-table +lists):\n%s", tc.table, diff)
		}
	}
}

// The reads that scan rows straight into their fields (database.QueryRows) return exactly what
// bun's own scan of the same rows returns, field for field, NULLs included; a job whose Page
// Import the join hides (deleted) has no entry in the map. Each read runs as a prepared statement
// on pgx and, with another service over a transaction, with its values in the text through
// database/sql.
func TestDirectScanReadsMatchBun(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	completed := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	failed := insertImport(t, f.db, f.orgA, f.a1, models.PageImportFailed, false)
	sel := "#app"
	if _, err := f.db.NewUpdate().Model(failed).Set("ready_selector = ?", sel).Set("device_scale_factor = 1.5").WherePK().Exec(ctx); err != nil {
		t.Fatal(err)
	}
	deleted := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	jobs := []*models.Code2Des{
		insertJob(t, f.db, completed, models.Code2DesCompleted, "file1"),
		insertJob(t, f.db, failed, models.Code2DesProcessing, "file2"),
		insertJob(t, f.db, deleted, models.Code2DesCompleted, "file3"),
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	if _, err := f.db.NewUpdate().Model(jobs[0]).Set("materialized_at = ?", now).Set("materialized_node_id = '1:2'").WherePK().Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.NewUpdate().Model(deleted).Set("deleted_at = current_timestamp").WherePK().Exec(ctx); err != nil {
		t.Fatal(err)
	}

	// What bun reads for the same rows, trimmed to the columns the API reads.
	wantImport := func(id string) *models.PageImport {
		pi := new(models.PageImport)
		if err := f.db.NewSelect().Model(pi).Where("id = ?", id).WhereAllWithDeleted().Scan(ctx); err != nil {
			t.Fatal(err)
		}
		pi.Nonce, pi.ResultURL, pi.UpdatedBy, pi.DeletedAt, pi.DeletedBy = "", nil, "", nil, nil
		return tidy(pi)
	}
	wantJob := func(id string) *models.Code2Des {
		c := new(models.Code2Des)
		if err := f.db.NewSelect().Model(c).Where("id = ?", id).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		c.Nonce, c.ResultURL, c.UpdatedBy, c.DeletedAt, c.DeletedBy = "", nil, "", nil, nil
		return c
	}
	check := func(t *testing.T, svc *Service) {
		got, err := svc.PageImport(f.alice, failed.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantImport(failed.ID), got); diff != "" {
			t.Errorf("PageImport (-bun +direct):\n%s", diff)
		}
		if got.ReadySelector == nil || *got.ReadySelector != sel || got.DeviceScaleFactor != 1.5 {
			t.Errorf("PageImport: ready_selector %v, device_scale_factor %v", got.ReadySelector, got.DeviceScaleFactor)
		}
		if _, err := svc.PageImport(f.bob, failed.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("another organization's import: %v, want NOT_FOUND", err)
		}
		list, err := svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1})
		if err != nil {
			t.Fatal(err)
		}
		want := []*models.PageImport{wantImport(failed.ID), wantImport(completed.ID)}
		if diff := cmp.Diff(want, list.Items); diff != "" {
			t.Errorf("PageImports (-bun +direct):\n%s", diff)
		}
		page, err := svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true})
		if err != nil {
			t.Fatal(err)
		}
		wantJobs := []*models.Code2Des{wantJob(jobs[2].ID), wantJob(jobs[1].ID), wantJob(jobs[0].ID)}
		if diff := cmp.Diff(wantJobs, page.Items); diff != "" {
			t.Errorf("Code2DesJobs (-bun +direct):\n%s", diff)
		}
		wantImports := map[string]*models.PageImport{completed.ID: wantImport(completed.ID), failed.ID: wantImport(failed.ID), deleted.ID: nil}
		if diff := cmp.Diff(wantImports, page.PageImports); diff != "" {
			t.Errorf("Code2DesJobs' imports (-bun +direct):\n%s", diff)
		}
		plain, err := svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantJobs, plain.Items); diff != "" {
			t.Errorf("Code2DesJobs without imports (-bun +direct):\n%s", diff)
		}
	}
	t.Run("PreparedOnPgx", func(t *testing.T) { check(t, f.svc) })
	t.Run("ValuesInTextThroughDatabaseSQL", func(t *testing.T) {
		tx, err := f.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		cfg := f.svc.cfg
		cfg.DB = tx
		check(t, New(cfg))
	})
}

// notPgx hides pgx's rows behind RowScanner, so that a row is read through pgx's Scan.
type notPgx struct{ database.RowScanner }

// The direct-scan rows decode pgx's raw values exactly as pgx's Scan reads the same rows (every
// field, each time's zone and clock reading included), and a value the raw decoding refuses (an
// infinite timestamp) is read by pgx's Scan, with its answer or its error.
func TestRawDecodingMatchesPgxScan(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	completed := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	failed := insertImport(t, f.db, f.orgA, f.a1, models.PageImportFailed, false)
	deleted := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	odd := insertImport(t, f.db, f.orgA, f.a1, models.PageImportProcessing, false)
	for _, q := range []string{
		`UPDATE page_import SET ready_selector = '#app', device_scale_factor = 1.1, screenshot_url = 's3://x', viewport_width = -7 WHERE id = '` + failed.ID + `'`,
		`UPDATE page_import SET deleted_at = current_timestamp WHERE id = '` + deleted.ID + `'`,
		`UPDATE page_import SET created_at = 'infinity', updated_at = '-infinity' WHERE id = '` + odd.ID + `'`,
	} {
		if _, err := f.db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	jobs := []*models.Code2Des{
		insertJob(t, f.db, completed, models.Code2DesCompleted, "file1"),
		insertJob(t, f.db, failed, models.Code2DesFailed, "file2"),
		insertJob(t, f.db, deleted, models.Code2DesProcessing, "file3"),
		insertJob(t, f.db, odd, models.Code2DesProcessing, "file4"),
	}
	if _, err := f.db.ExecContext(ctx, `UPDATE code2des SET materialized_at = '2026-01-02 03:04:05.123456+00', materialized_node_id = '1:2', placement_target = 'p', warning_count = 3 WHERE id = '`+jobs[0].ID+`'`); err != nil {
		t.Fatal(err)
	}
	// read runs build's statement on the pool twice, scanning every row with scan, raw and then
	// through pgx, and compares what the two read and their errors (a refused row ends a read).
	read := func(t *testing.T, build func(*database.Params) *bun.SelectQuery, scan func(r database.RowScanner, viaPgx bool) (any, error)) {
		t.Helper()
		var got [2][]any
		var errs [2]error
		for i, viaPgx := range []bool{false, true} {
			p := database.NewParams(f.db)
			errs[i] = database.QueryRows(ctx, f.db, p, build(p), func(r database.RowScanner) error {
				if viaPgx {
					r = notPgx{r}
				}
				v, err := scan(r, viaPgx)
				got[i] = append(got[i], v)
				return err
			})
		}
		if fmt.Sprint(errs[0]) != fmt.Sprint(errs[1]) {
			t.Errorf("raw error %v, pgx error %v", errs[0], errs[1])
		}
		if len(got[0]) < 3 || !reflect.DeepEqual(got[0], got[1]) {
			t.Errorf("%d rows, differ (-pgx +raw):\n%s", len(got[0]), cmp.Diff(got[1], got[0]))
		}
	}
	t.Run("PageImport", func(t *testing.T) {
		row, pgxRow := new(pageImportRow), new(pageImportRow)
		read(t, func(p *database.Params) *bun.SelectQuery {
			return f.db.NewSelect().Model((*models.PageImport)(nil)).Column(pageImportColumns...).WhereAllWithDeleted().
				Where("project_id = ?", p.Arg(f.a1)).Order("id")
		}, func(r database.RowScanner, viaPgx bool) (any, error) {
			if viaPgx {
				return pgxRow.scan(r)
			}
			return row.scan(r)
		})
		if !row.raw.ok {
			t.Fatal("the raw decoding was not used")
		}
	})
	// Whole rows, and rows of a few columns (the GraphQL fast path's reads): the raw decoding and
	// pgx's fill the same fields.
	for _, tc := range []struct {
		name  string
		f     models.Code2DesFilter
		kinds int
	}{
		{"Code2DesJoined", models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true}, len(code2desColumns) + len(pageImportColumns)},
		{"Code2DesJoinedPruned", models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true,
			Columns:       models.Code2DesColStatus | models.Code2DesColWarningCount | models.Code2DesColMaterializedAt | models.Code2DesColPlacementTarget,
			ImportColumns: models.PageImportColCaptureHash | models.PageImportColDeviceScaleFactor | models.PageImportColUpdatedAt | models.PageImportColReadySelector}, 6 + 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cols, icols := code2desReadColumns(tc.f)
			row, pgxRow := newCode2DesRow(cols, true, icols), newCode2DesRow(cols, true, icols)
			read(t, func(p *database.Params) *bun.SelectQuery {
				return code2desJobsWithImportsQuery(f.db, p, f.orgA, tc.f, "", 20)
			}, func(r database.RowScanner, viaPgx bool) (any, error) {
				scan := row.scan
				if viaPgx {
					scan = pgxRow.scan
				}
				c, pi, err := scan(r)
				return []any{c, pi}, err
			})
			if !row.raw.ok || len(row.kinds) != tc.kinds {
				t.Fatalf("raw decoding used %v, %d columns; want %d", row.raw.ok, len(row.kinds), tc.kinds)
			}
		})
	}
	// An infinite materialized_at: pgx refuses it, and so does the raw path, with pgx's error.
	if _, err := f.db.ExecContext(ctx, `UPDATE code2des SET materialized_at = 'infinity' WHERE id = '`+jobs[1].ID+`'`); err != nil {
		t.Fatal(err)
	}
	t.Run("Code2DesRefused", func(t *testing.T) {
		row, pgxRow := newCode2DesRow(models.AllCode2DesColumns, false, 0), newCode2DesRow(models.AllCode2DesColumns, false, 0)
		var errs []error
		read(t, func(p *database.Params) *bun.SelectQuery {
			return code2desJobsQuery(f.db, p, f.orgA, models.Code2DesFilter{ProjectID: f.a1}, "", 20)
		}, func(r database.RowScanner, viaPgx bool) (any, error) {
			scan := row.scan
			if viaPgx {
				scan = pgxRow.scan
			}
			c, _, err := scan(r)
			if err != nil {
				errs = append(errs, err)
			}
			return c, err
		})
		if len(errs) != 2 || !strings.Contains(errs[0].Error(), "Infinity") {
			t.Fatalf("errors %v, want pgx's refusal of the infinite time from both", errs)
		}
	})
}

// nextInSlab hands out the room reserved, each a zero value of its own, and past it new values
// outside the slab (the reserve of a page of n rows holds exactly n).
func TestNextInSlabAtItsCapacity(t *testing.T) {
	const n = 3
	slab := make([]models.PageImport, 0, n)
	slab = append(slab[:0], models.PageImport{ID: "stale"})[:0] // room that held a value before
	var got []*models.PageImport
	for range n + 1 {
		pi := nextInSlab(&slab)
		if pi.ID != "" {
			t.Fatalf("value %d is not zero: %+v", len(got), pi)
		}
		pi.ID = fmt.Sprint(len(got))
		got = append(got, pi)
	}
	if len(slab) != n {
		t.Fatalf("slab holds %d, want %d", len(slab), n)
	}
	for i := range n {
		if got[i] != &slab[i] {
			t.Errorf("value %d is not the slab's element %d", i, i)
		}
	}
	for i := range n {
		if got[n] == &slab[i] {
			t.Errorf("value %d, past the reserve, is the slab's element %d", n, i)
		}
	}
	for i, p := range got {
		if p.ID != fmt.Sprint(i) {
			t.Errorf("value %d reads %q, want %q (values share memory)", i, p.ID, fmt.Sprint(i))
		}
	}
}
