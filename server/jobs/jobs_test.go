package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/ratelimit"
	"github.com/code2des/backend/server/sqsqueue"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixture is two organizations: A (projects A1, A2; member alice) and B (project B1; member bob).
type fixture struct {
	db           *bun.DB
	orgA, orgB   int64
	a1, a2, b1   int64
	alice, bob   context.Context
	anonymous    context.Context
	queue        *testenv.SQSEnv
	svc          *Service
	bucket, base string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{db: testenv.MustOpenDB(t), queue: testenv.SQS(t), bucket: "artifacts", base: "https://api.example.com"}
	ctx := context.Background()
	f.orgA, f.a1 = seedOrg(t, f.db, "A", "alice")
	f.a2 = seedProject(t, f.db, f.orgA)
	f.orgB, f.b1 = seedOrg(t, f.db, "B", "bob")
	f.alice = models.WithPrincipal(ctx, models.Principal{Subject: "alice"})
	f.bob = models.WithPrincipal(ctx, models.Principal{Subject: "bob"})
	f.anonymous = ctx
	f.svc = New(Config{DB: f.db, CaptureQueue: f.queue.Queue, Bucket: f.bucket, ArtifactKeyPrefix: "env/",
		PublicBaseURL: f.base + "/", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return f
}

func seedOrg(t testing.TB, db bun.IDB, name, member string) (orgID, projectID int64) {
	t.Helper()
	ctx := context.Background()
	org := &models.Organization{Name: name}
	if _, err := db.NewInsert().Model(org).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	m := &models.OrganizationMember{OrganizationID: org.ID, Subject: member, Role: models.RoleMember}
	if _, err := db.NewInsert().Model(m).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return org.ID, seedProject(t, db, org.ID)
}

func seedProject(t testing.TB, db bun.IDB, orgID int64) int64 {
	t.Helper()
	p := &models.Project{OrganizationID: orgID, Name: "p"}
	if _, err := db.NewInsert().Model(p).Returning("id").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func validRequest(projectID int64) models.PageImportRequest {
	sel := "#app"
	return models.PageImportRequest{ProjectID: projectID, SourceURL: "HTTPS://Example.com/pricing#plans",
		ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 2, ReadySelector: &sel}
}

func loadRow(t *testing.T, db bun.IDB, id string) *models.PageImport {
	t.Helper()
	pi := new(models.PageImport)
	if err := db.NewSelect().Model(pi).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatalf("load %s: %v", id, err)
	}
	return pi
}

func TestCreatePageImportInsertsThenPublishes(t *testing.T) {
	f := newFixture(t)
	got, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1))
	if err != nil {
		t.Fatal(err)
	}
	row := loadRow(t, f.db, got.ID)
	if row.OrganizationID != f.orgA || row.ProjectID != f.a1 || row.SourceURL != "https://example.com/pricing" ||
		row.ViewportWidth != 1440 || row.ViewportHeight != 900 || row.DeviceScaleFactor != 2 ||
		row.ReadySelector == nil || *row.ReadySelector != "#app" || row.Status != models.PageImportProcessing ||
		row.Attempt != 1 || row.SourceKind != models.SourceKindPublicURL || row.CreatedBy != "alice" ||
		row.UpdatedBy != "alice" || row.DeletedAt != nil || row.ResultURL != nil || row.ErrorMessage != nil {
		t.Errorf("row %+v", row)
	}
	if _, err := models.ParseID("id", row.ID); err != nil || len(row.Nonce) != 43 || row.Nonce != got.Nonce {
		t.Errorf("id %q nonce %q", row.ID, row.Nonce)
	}

	msgs := f.queue.Receive(t, 10, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages on the queue, want 1", len(msgs))
	}
	var body CaptureMessage
	if err := json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &body); err != nil {
		t.Fatal(err)
	}
	want := CaptureMessage{Type: "page_import.requested", Version: 1, PageImportID: row.ID, Attempt: 1, Nonce: row.Nonce,
		SourceURL: "https://example.com/pricing", Viewport: ViewportMessage{1440, 900}, DeviceScaleFactor: 2,
		ReadySelector:  row.ReadySelector,
		ArtifactPrefix: "s3://artifacts/env/page-imports/" + row.ID + "/attempt-1/",
		CallbackURL:    "https://api.example.com/webhooks/page-imports"}
	if body.ReadySelector == nil || *body.ReadySelector != "#app" {
		t.Errorf("ready_selector %v", body.ReadySelector)
	}
	body.ReadySelector = want.ReadySelector
	if body != want {
		t.Errorf("message\n got %+v\nwant %+v", body, want)
	}
	attrs := msgs[0].MessageAttributes
	if aws.ToString(attrs[sqsqueue.AttrType].StringValue) != CaptureMessageType || aws.ToString(attrs[sqsqueue.AttrJobID].StringValue) != row.ID {
		t.Errorf("attributes %+v", attrs)
	}
}

func TestCreatePageImportQueueDownFailsTheRow(t *testing.T) {
	f := newFixture(t)
	down := testenv.UnreachableQueue(t)
	var ids []string
	svc := New(Config{DB: f.db, CaptureQueue: down, Bucket: "b", DependencyTimeout: 3 * time.Second,
		NewID: func() (string, error) {
			id, err := models.NewID()
			ids = append(ids, id)
			return id, err
		}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	_, err := svc.CreatePageImport(f.alice, validRequest(f.a1))
	if models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Fatalf("create with the queue down: %v; want UNAVAILABLE", err)
	}
	if len(ids) != 1 {
		t.Fatalf("%d ids made", len(ids))
	}
	row := loadRow(t, f.db, ids[0])
	if row.Status != models.PageImportFailed || row.ErrorMessage == nil || *row.ErrorMessage != QueueFailureMessage ||
		row.UpdatedBy != SystemActor || row.CreatedBy != "alice" {
		t.Errorf("row after a failed publish: status %q error %v updated_by %q", row.Status, row.ErrorMessage, row.UpdatedBy)
	}
	var de *models.Error
	if !strings.Contains(err.Error(), "sqs") || !asDomain(err, &de) || strings.Contains(de.Message, "127.0.0.1") {
		t.Errorf("client message leaks the cause or the cause is lost: %q / %v", de.Message, err)
	}
}

func asDomain(err error, de **models.Error) bool {
	e, ok := err.(*models.Error)
	*de = e
	return ok
}

func TestCaptureMessageGolden(t *testing.T) {
	svc := New(Config{Bucket: "code2des-artifacts", ArtifactKeyPrefix: "prod/", PublicBaseURL: "https://api.code2des.example"})
	sel := "main .hero"
	msg, err := svc.captureMessage(&models.PageImport{
		ID: "0190f3a2-7b1c-7d3e-8f00-00000000c0de", Attempt: 1, Nonce: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		SourceURL: "https://example.com/pricing?plan=pro", ViewportWidth: 1440, ViewportHeight: 900,
		DeviceScaleFactor: 1.5, ReadySelector: &sel,
	})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Type != CaptureMessageType || msg.JobID != "0190f3a2-7b1c-7d3e-8f00-00000000c0de" || msg.Attempt != 1 {
		t.Errorf("queue message %+v", msg)
	}
	golden(t, "capture_message.golden.json", msg.Body)

	noSel, err := svc.captureMessage(&models.PageImport{ID: "x", Attempt: 1, DeviceScaleFactor: 1})
	if err != nil || !bytes.Contains(noSel.Body, []byte(`"ready_selector":null`)) {
		t.Errorf("a missing ready selector must be null: %s", noSel.Body)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	got = append(append([]byte(nil), got...), '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs\n got %s\nwant %s", name, got, want)
	}
}

func TestCreatePageImportInputRules(t *testing.T) {
	f := newFixture(t)
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		name  string
		edit  func(*models.PageImportRequest)
		field string // "" = accepted
	}{
		{"OK/WidthAtMin", func(r *models.PageImportRequest) { r.ViewportWidth = models.MinViewportWidth }, ""},
		{"OK/WidthAtMax", func(r *models.PageImportRequest) { r.ViewportWidth = models.MaxViewportWidth }, ""},
		{"OK/HeightAtMin", func(r *models.PageImportRequest) { r.ViewportHeight = models.MinViewportHeight }, ""},
		{"OK/HeightAtMax", func(r *models.PageImportRequest) { r.ViewportHeight = models.MaxViewportHeight }, ""},
		{"OK/ScaleAtMin", func(r *models.PageImportRequest) { r.DeviceScaleFactor = models.MinDeviceScaleFactor }, ""},
		{"OK/ScaleAtMax", func(r *models.PageImportRequest) { r.DeviceScaleFactor = models.MaxDeviceScaleFactor }, ""},
		{"OK/SelectorAtMax", func(r *models.PageImportRequest) {
			r.ReadySelector = str(strings.Repeat("é", models.MaxReadySelectorLength))
		}, ""},
		{"OK/BlankSelectorIsNone", func(r *models.PageImportRequest) { r.ReadySelector = str("  ") }, ""},
		{"BadUserInput/WidthBelowMin", func(r *models.PageImportRequest) { r.ViewportWidth = models.MinViewportWidth - 1 }, "input.viewport.width"},
		{"BadUserInput/WidthPastMax", func(r *models.PageImportRequest) { r.ViewportWidth = models.MaxViewportWidth + 1 }, "input.viewport.width"},
		{"BadUserInput/HeightBelowMin", func(r *models.PageImportRequest) { r.ViewportHeight = models.MinViewportHeight - 1 }, "input.viewport.height"},
		{"BadUserInput/HeightPastMax", func(r *models.PageImportRequest) { r.ViewportHeight = models.MaxViewportHeight + 1 }, "input.viewport.height"},
		{"BadUserInput/ScaleBelowMin", func(r *models.PageImportRequest) { r.DeviceScaleFactor = 0.99 }, "input.deviceScaleFactor"},
		{"BadUserInput/ScalePastMax", func(r *models.PageImportRequest) { r.DeviceScaleFactor = 4.01 }, "input.deviceScaleFactor"},
		{"BadUserInput/SelectorPastMax", func(r *models.PageImportRequest) {
			r.ReadySelector = str(strings.Repeat("a", models.MaxReadySelectorLength+1))
		}, "input.readySelector"},
		{"BadUserInput/SelectorWithNUL", func(r *models.PageImportRequest) { r.ReadySelector = str("#a\x00") }, "input.readySelector"},
		{"BadUserInput/LoopbackURL", func(r *models.PageImportRequest) { r.SourceURL = "http://127.0.0.1:8080/" }, "input.sourceUrl"},
		{"BadUserInput/ProjectID", func(r *models.PageImportRequest) { r.ProjectID = 0 }, "input.projectId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := validRequest(f.a1)
			tc.edit(&req)
			before := countRows(t, f.db)
			got, err := f.svc.CreatePageImport(f.alice, req)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if req.ReadySelector != nil && strings.TrimSpace(*req.ReadySelector) == "" && got.ReadySelector != nil {
					t.Errorf("blank selector stored as %q", *got.ReadySelector)
				}
				return
			}
			var de *models.Error
			if !asDomain(err, &de) || de.Code != models.CodeBadUserInput || de.Field != tc.field {
				t.Fatalf("err %v; want BAD_USER_INPUT on %s", err, tc.field)
			}
			if after := countRows(t, f.db); after != before {
				t.Errorf("a refused request changed the table: %d rows, then %d", before, after)
			}
		})
	}
}

func countRows(t *testing.T, db bun.IDB) int64 {
	t.Helper()
	n, err := db.NewSelect().Model((*models.PageImport)(nil)).WhereAllWithDeleted().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCreatePageImportCallerChecks(t *testing.T) {
	f := newFixture(t)
	if _, err := f.svc.CreatePageImport(f.anonymous, validRequest(f.a1)); models.ErrorCodeOf(err) != models.CodeUnauthenticated {
		t.Errorf("anonymous: %v", err)
	}
	if _, err := f.svc.CreatePageImport(f.bob, validRequest(f.a1)); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("another organization's project: %v; want NOT_FOUND", err)
	}
	if _, err := f.svc.CreatePageImport(f.alice, validRequest(999999)); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("unknown project: %v; want NOT_FOUND", err)
	}
	if n := countRows(t, f.db); n != 0 {
		t.Errorf("%d rows after refused calls", n)
	}
}

func TestCreatePageImportRateLimitPerSubject(t *testing.T) {
	f := newFixture(t)
	f.svc.cfg.CreateLimiter = ratelimit.New("test", 2, time.Minute, ratelimit.Options{})
	for i := range 2 {
		if _, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1)); err != nil {
			t.Fatalf("call %d within the limit: %v", i+1, err)
		}
	}
	if _, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1)); models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Fatalf("call 3 past a limit of 2: %v; want UNAVAILABLE", err)
	}
	if _, err := f.svc.CreatePageImport(f.bob, validRequest(f.b1)); err != nil {
		t.Errorf("another subject shares the limit: %v", err)
	}
	if n := countRows(t, f.db); n != 3 {
		t.Errorf("%d rows, want 3", n)
	}
}

// The membership check is part of the INSERT, so the limit is counted first; a call over the limit
// must still answer NOT_FOUND (not UNAVAILABLE) for a project the caller cannot see, and a
// refused or invisible call inserts nothing.
func TestCreatePageImportRateLimitKeepsNotFound(t *testing.T) {
	f := newFixture(t)
	f.svc.cfg.CreateLimiter = ratelimit.New("test", 1, time.Minute, ratelimit.Options{})
	got, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1))
	if err != nil {
		t.Fatalf("call within the limit: %v", err)
	}
	if got.OrganizationID != f.orgA || got.ProjectID != f.a1 {
		t.Errorf("returned organization %d project %d, want %d %d", got.OrganizationID, got.ProjectID, f.orgA, f.a1)
	}
	if _, err := f.svc.CreatePageImport(f.alice, validRequest(f.b1)); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("another organization's project past the limit: %v; want NOT_FOUND", err)
	}
	if _, err := f.svc.CreatePageImport(f.alice, validRequest(999999)); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("unknown project past the limit: %v; want NOT_FOUND", err)
	}
	if _, err := f.svc.CreatePageImport(f.alice, validRequest(f.a2)); models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Errorf("own project past the limit: %v; want UNAVAILABLE", err)
	}
	if n := countRows(t, f.db); n != 1 {
		t.Errorf("%d rows, want 1", n)
	}
}

func TestPageImportVisibilityAndDeletion(t *testing.T) {
	f := newFixture(t)
	pi, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := f.svc.PageImport(f.alice, pi.ID); err != nil || got.ID != pi.ID || got.DeviceScaleFactor != 2 {
		t.Fatalf("own import: %+v, %v", got, err)
	}
	for name, tc := range map[string]struct {
		ctx  context.Context
		id   string
		code models.ErrorCode
	}{
		"NotFound/OtherOrganization": {f.bob, pi.ID, models.CodeNotFound},
		"NotFound/Unknown":           {f.alice, "0190f3a2-7b1c-7d3e-8f00-000000000000", models.CodeNotFound},
		"BadUserInput/Malformed":     {f.alice, "nope", models.CodeBadUserInput},
		"Unauthenticated":            {f.anonymous, pi.ID, models.CodeUnauthenticated},
	} {
		if _, err := f.svc.PageImport(tc.ctx, tc.id); models.ErrorCodeOf(err) != tc.code {
			t.Errorf("%s: read %v", name, err)
		}
		if err := f.svc.DeletePageImport(tc.ctx, tc.id); models.ErrorCodeOf(err) != tc.code {
			t.Errorf("%s: delete %v", name, err)
		}
	}
	if row := loadRow(t, f.db, pi.ID); row.DeletedAt != nil {
		t.Fatal("a refused delete deleted the row")
	}
	if err := f.svc.DeletePageImport(f.alice, pi.ID); err != nil {
		t.Fatal(err)
	}
	row := loadRow(t, f.db, pi.ID)
	if row.DeletedAt == nil || row.DeletedBy == nil || *row.DeletedBy != "alice" || row.UpdatedBy != "alice" {
		t.Errorf("after delete: deleted_at %v deleted_by %v", row.DeletedAt, row.DeletedBy)
	}
	if _, err := f.svc.PageImport(f.alice, pi.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("a deleted import is still read: %v", err)
	}
	if err := f.svc.DeletePageImport(f.alice, pi.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("deleting twice: %v; want NOT_FOUND", err)
	}
}

func TestDatabaseErrorIsInternalWithCause(t *testing.T) {
	f := newFixture(t)
	if _, err := f.db.ExecContext(context.Background(), "ALTER TABLE page_import RENAME COLUMN source_url TO source_url_gone"); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1})
	if models.ErrorCodeOf(err) != models.CodeInternal || !strings.Contains(err.Error(), "source_url") {
		t.Fatalf("forced SQL error: %v; want INTERNAL keeping the cause for logs", err)
	}
}
