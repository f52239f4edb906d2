package jobs

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/testenv"
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
