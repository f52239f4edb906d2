package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// BenchmarkCreatePageImport measures createPageImport's own work below GraphQL: Service
// is CreatePageImport (validation, the INSERT with its membership check, the capture message,
// SendMessage), Baseline what `bench baseline` does for the harness's createPageImport row (a
// prepared INSERT ... RETURNING *, the message, the same Queue.Send). Both run on the real
// database and the in-process SQS server; cpu-ns/op is the process's CPU time per create, the
// SQS server's included (the database runs in another process):
//
//	go test -run XXX -bench CreatePageImport -benchtime 2000x ./server/jobs
func BenchmarkCreatePageImport(b *testing.B) {
	db := testenv.MustOpenDB(b)
	queue := testenv.SQS(b)
	ctx := context.Background()
	org := &models.Organization{Name: "A"}
	if _, err := db.NewInsert().Model(org).Returning("id").Exec(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := db.NewInsert().Model(&models.OrganizationMember{OrganizationID: org.ID, Subject: "alice", Role: models.RoleMember}).Exec(ctx); err != nil {
		b.Fatal(err)
	}
	p := &models.Project{OrganizationID: org.ID, Name: "p"}
	if _, err := db.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		b.Fatal(err)
	}
	svc := New(Config{DB: db, CaptureQueue: queue.Queue, Bucket: "artifacts", PublicBaseURL: "https://api.example.com",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	alice := models.WithPrincipal(ctx, models.Principal{Subject: "alice"})
	b.Run("Service", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := processCPU()
		i := 0
		for b.Loop() {
			i++
			_, err := svc.CreatePageImport(alice, models.PageImportRequest{ProjectID: p.ID,
				SourceURL:     fmt.Sprintf("https://example.com/bench/3/%d?t=1764536400000000000", i),
				ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1})
			if err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	})
	b.Run("Baseline", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := processCPU()
		i := 0
		for b.Loop() {
			i++
			id, _ := models.NewID()
			nonce, _ := models.NewNonce()
			pi := &models.PageImport{ID: id, OrganizationID: org.ID, ProjectID: p.ID, SourceURL: fmt.Sprintf("https://example.com/bench/3/%d?t=1764536400000000000", i),
				ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1, Attempt: 1, Nonce: nonce,
				CreatedBy: "alice", UpdatedBy: "alice"}
			pa := database.NewParams(db)
			q := db.NewRaw(`INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width,
  viewport_height, device_scale_factor, attempt, nonce, created_by, updated_by)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`, pa.Arg(pi.ID), pa.Arg(pi.OrganizationID), pa.Arg(pi.ProjectID),
				pa.Arg(pi.SourceURL), pa.Arg(pi.ViewportWidth), pa.Arg(pi.ViewportHeight), pa.Arg(pi.DeviceScaleFactor),
				pa.Arg(pi.Attempt), pa.Arg(pi.Nonce), pa.Arg(pi.CreatedBy), pa.Arg(pi.UpdatedBy))
			if err := database.Bind(q, pa).Scan(ctx, pi); err != nil {
				b.Fatal(err)
			}
			body, _ := json.Marshal(CaptureMessage{Type: CaptureMessageType, Version: MessageVersion,
				PageImportID: pi.ID, Attempt: 1, Nonce: pi.Nonce, SourceURL: pi.SourceURL,
				Viewport: ViewportMessage{Width: 1440, Height: 900}, DeviceScaleFactor: 1,
				ArtifactPrefix: models.S3URI("artifacts", models.PageImportArtifactPrefix("", pi.ID, 1)),
				CallbackURL:    "http://127.0.0.1/webhooks/page-imports"})
			if err := queue.Queue.Send(ctx, models.QueueMessage{Type: CaptureMessageType, JobID: pi.ID, Attempt: 1, Body: body}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	})
}
