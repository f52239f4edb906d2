package sweeper_test

import (
	"context"
	"testing"
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sweeper"
)

// upload gives the page import id an upload row created age ago, completed or not.
func (f *fixture) upload(id string, age time.Duration, completed bool) {
	f.t.Helper()
	up := &models.PageImportUpload{PageImportID: id, FileName: "page.mhtml", ByteSize: 10, Sha256: "ab",
		ObjectKey: "page-imports/" + id + "/attempt-1/source.mhtml", ExpiresAt: time.Now()}
	if completed {
		now := time.Now()
		up.CompletedAt = &now
	}
	ctx := context.Background()
	if _, err := f.db.NewInsert().Model(up).Exec(ctx); err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.db.NewRaw("UPDATE page_import_upload SET created_at = current_timestamp - ?::interval WHERE page_import_id = ?",
		secs(age), id).Exec(ctx); err != nil {
		f.t.Fatal(err)
	}
}

// TestSweepFailsIncompleteUploads: a snapshot import whose upload stayed incomplete past the
// upload deadline is failed with the upload message; one just inside the deadline, and a
// completed one of the same age, are left alone.
func TestSweepFailsIncompleteUploads(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// The page import rows are fresh (updated_at now), so only the upload deadline can apply.
	overdue := f.pageImport(models.PageImportProcessing, 0)
	f.upload(overdue, 6*time.Minute, false)
	inside := f.pageImport(models.PageImportProcessing, 0)
	f.upload(inside, 4*time.Minute, false)
	completed := f.pageImport(models.PageImportProcessing, 0)
	f.upload(completed, 6*time.Minute, true)

	s := &sweeper.Sweeper{DB: f.db, UploadDeadline: 5 * time.Minute}
	n, err := s.Sweep(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n.PageImports != 1 {
		t.Errorf("swept %+v, want 1 page import", n)
	}
	row := f.pageImportRow(overdue)
	if row.Status != models.PageImportFailed || row.ErrorMessage == nil ||
		*row.ErrorMessage != "the snapshot upload was not completed within 5m0s" || row.UpdatedBy != sweeper.Actor {
		t.Errorf("overdue upload: status %s, message %v, updated_by %s", row.Status, row.ErrorMessage, row.UpdatedBy)
	}
	for _, id := range []string{inside, completed} {
		if row := f.pageImportRow(id); row.Status != models.PageImportProcessing {
			t.Errorf("%s: status %s, want processing", id, row.Status)
		}
	}
}
