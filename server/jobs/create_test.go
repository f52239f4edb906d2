package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/go-cmp/cmp"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

// createPageImport's INSERT returns only the columns PostgreSQL decides (insertedColumns); the
// Page Import it answers must still be the stored row, field for field, as RETURNING * gave it:
// the organization from the project, the timestamps, device_scale_factor as a float32 (1.1 reads
// back as 1.100000023841858 before tidy), the nonce, NULLs. Both ways of running it are checked:
// the statement built once on the pool, and bun with its values in the text on a transaction.
func TestCreatePageImportAnswersTheStoredRow(t *testing.T) {
	f := newFixture(t)
	tx, err := f.db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	onTx := New(Config{DB: tx, CaptureQueue: f.queue.Queue, Bucket: f.bucket, PublicBaseURL: f.base,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for name, tc := range map[string]struct {
		svc *Service
		db  bun.IDB
	}{"Pool": {f.svc, f.db}, "Transaction": {onTx, tx}} {
		t.Run(name, func(t *testing.T) {
			req := validRequest(f.a1)
			req.DeviceScaleFactor = 1.1
			got, err := tc.svc.CreatePageImport(f.alice, req)
			if err != nil {
				t.Fatal(err)
			}
			stored := new(models.PageImport)
			if err := tc.db.NewSelect().Model(stored).Where("id = ?", got.ID).Scan(context.Background()); err != nil {
				t.Fatal(err)
			}
			if stored.OrganizationID != f.orgA || stored.CreatedAt.IsZero() || stored.DeviceScaleFactor != float64(float32(1.1)) {
				t.Fatalf("stored row %+v", stored)
			}
			if diff := cmp.Diff(tidy(stored), got); diff != "" {
				t.Errorf("answer differs from the stored row (-stored +answer):\n%s", diff)
			}
			// The capture message is made from the row as stored, before tidy.
			msgs := f.queue.Receive(t, 10, 2*time.Second)
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want 1", len(msgs))
			}
			var m CaptureMessage
			if err := json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &m); err != nil {
				t.Fatal(err)
			}
			if m.PageImportID != got.ID || m.Nonce != stored.Nonce || m.DeviceScaleFactor != float64(float32(1.1)) {
				t.Errorf("message %+v", m)
			}

			// A project the caller cannot see inserts nothing and is NOT_FOUND on both ways.
			if _, err := tc.svc.CreatePageImport(f.bob, validRequest(f.a1)); models.ErrorCodeOf(err) != models.CodeNotFound {
				t.Errorf("another organization's project: %v; want NOT_FOUND", err)
			}
			var n int
			if err := tc.db.NewSelect().Model((*models.PageImport)(nil)).ColumnExpr("count(*)").Where("created_by = 'bob'").Scan(context.Background(), &n); err != nil || n != 0 {
				t.Errorf("%d rows of bob, %v", n, err)
			}
		})
	}
}

// insertPageImport reports a project the caller cannot see as sql.ErrNoRows on both ways, which
// CreatePageImport turns into NOT_FOUND.
func TestInsertPageImportNoRow(t *testing.T) {
	f := newFixture(t)
	tx, err := f.db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for name, svc := range map[string]*Service{"Pool": f.svc, "Transaction": New(Config{DB: tx})} {
		id, _ := models.NewID()
		pi := &models.PageImport{ID: id, ProjectID: f.b1, SourceKind: models.SourceKindPublicURL, SourceURL: "https://example.com/",
			ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1, Status: models.PageImportProcessing, Attempt: 1,
			Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
		if err := svc.insertPageImport(context.Background(), pi); err != sql.ErrNoRows {
			t.Errorf("%s: %v, want sql.ErrNoRows", name, err)
		}
	}
}
