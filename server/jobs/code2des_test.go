package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/ratelimit"
	"github.com/code2des/backend/server/sqsqueue"
)

// newCode2DesFixture is newFixture with f.queue as the conversion queue.
func newCode2DesFixture(t testing.TB, edit func(*Config)) *fixture {
	t.Helper()
	f := newFixture(t)
	cfg := Config{DB: f.db, ConversionQueue: f.queue.Queue, Bucket: f.bucket, ArtifactKeyPrefix: "env/",
		PublicBaseURL: f.base + "/", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if edit != nil {
		edit(&cfg)
	}
	f.svc = New(cfg)
	return f
}

// insertImport inserts a Page Import of project in org directly, as a finished callback leaves it:
// completed imports get a capture (result_url and capture_hash) unless noCapture.
func insertImport(t testing.TB, db bun.IDB, orgID, projectID int64, status models.PageImportStatus, noCapture bool) *models.PageImport {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: orgID, ProjectID: projectID, SourceURL: "https://www.example.com/pricing/plans?x=1",
		ViewportWidth: 1440, ViewportHeight: 900, Status: status, Attempt: 1, Nonce: nonce, CreatedBy: "alice", UpdatedBy: "alice"}
	if status == models.PageImportCompleted && !noCapture {
		url := "s3://artifacts/env/page-imports/" + id + "/attempt-1/capture.json"
		hash := strings.Repeat("ab", 32)
		pi.ResultURL, pi.CaptureHash = &url, &hash
	}
	if status == models.PageImportFailed {
		msg := "the page did not load"
		pi.ErrorMessage = &msg
	}
	if _, err := db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return pi
}

// insertJob inserts a Code2Des job of pi directly.
func insertJob(t testing.TB, db bun.IDB, pi *models.PageImport, status models.Code2DesStatus, fileKey string) *models.Code2Des {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	job := &models.Code2Des{ID: id, OrganizationID: pi.OrganizationID, ProjectID: pi.ProjectID, PageImportID: pi.ID,
		FigmaFileKey: fileKey, ScreenID: "screen", Status: status, Attempt: 1, Nonce: nonce, CreatedBy: "alice", UpdatedBy: "alice"}
	if status == models.Code2DesCompleted {
		url := "s3://artifacts/env/code2des/" + id + "/attempt-1/result.json"
		n := 0
		job.ResultURL, job.WarningCount = &url, &n
	}
	if _, err := db.NewInsert().Model(job).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return job
}

func countJobs(t *testing.T, db bun.IDB) int64 {
	t.Helper()
	n, err := db.NewSelect().Model((*models.Code2Des)(nil)).WhereAllWithDeleted().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int64(n)
}

func loadJob(t *testing.T, db bun.IDB, id string) *models.Code2Des {
	t.Helper()
	job := new(models.Code2Des)
	if err := db.NewSelect().Model(job).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatalf("load %s: %v", id, err)
	}
	return job
}

// rowSnapshot is the whole row as PostgreSQL prints it, and its xmin: equal snapshots mean the
// row was neither changed nor rewritten by an UPDATE.
func rowSnapshot(t *testing.T, db bun.IDB, table, id string) string {
	t.Helper()
	var text, xmin string
	err := db.NewRaw("SELECT t::text, t.xmin::text FROM ? AS t WHERE t.id = ?", bun.Ident(table), id).Scan(context.Background(), &text, &xmin)
	if errors.Is(err, sql.ErrNoRows) {
		return "(no row)"
	}
	if err != nil {
		t.Fatal(err)
	}
	return text + " xmin=" + xmin
}

func trigger(pi *models.PageImport) models.Code2DesRequest {
	return models.Code2DesRequest{PageImportID: pi.ID, FigmaFileKey: "AbCdEf0123456789xyzQRS"}
}

func TestTriggerCode2DesRefusedImportsInsertAndSendNothing(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	deleted := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	if err := f.svc.DeletePageImport(f.alice, deleted.ID); err != nil {
		t.Fatal(err)
	}
	unknown, _ := models.NewID()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		pi   string
		code models.ErrorCode
		says string
	}{
		{"FailedPrecondition/Processing", f.alice, insertImport(t, f.db, f.orgA, f.a1, models.PageImportProcessing, false).ID, models.CodeFailedPrecondition, "still processing"},
		{"FailedPrecondition/Failed", f.alice, insertImport(t, f.db, f.orgA, f.a1, models.PageImportFailed, false).ID, models.CodeFailedPrecondition, "failed"},
		{"FailedPrecondition/CompletedWithoutCapture", f.alice, insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, true).ID, models.CodeFailedPrecondition, "no capture"},
		{"NotFound/Deleted", f.alice, deleted.ID, models.CodeNotFound, "not found"},
		{"NotFound/OtherOrganization", f.bob, insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false).ID, models.CodeNotFound, "not found"},
		{"NotFound/Unknown", f.alice, unknown, models.CodeNotFound, "not found"},
		{"Unauthenticated/Anonymous", f.anonymous, insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false).ID, models.CodeUnauthenticated, "token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := rowSnapshot(t, f.db, "page_import", tc.pi)
			_, err := f.svc.TriggerCode2Des(tc.ctx, models.Code2DesRequest{PageImportID: tc.pi, FigmaFileKey: "key"})
			var de *models.Error
			if models.ErrorCodeOf(err) != tc.code || !asDomain(err, &de) || !strings.Contains(de.Message, tc.says) {
				t.Fatalf("got %v; want %s saying %q", err, tc.code, tc.says)
			}
			if after := rowSnapshot(t, f.db, "page_import", tc.pi); after != before {
				t.Errorf("the import row changed:\n%s\n%s", before, after)
			}
		})
	}
	if n := countJobs(t, f.db); n != 0 {
		t.Errorf("%d code2des rows inserted by refused triggers", n)
	}
	if msgs := f.queue.Receive(t, 10, time.Second); len(msgs) != 0 {
		t.Errorf("%d messages sent by refused triggers", len(msgs))
	}
}

func TestTriggerCode2DesTwiceMakesTwoJobsAndLeavesTheImport(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a2, models.PageImportCompleted, false)
	before := rowSnapshot(t, f.db, "page_import", pi.ID)

	first := trigger(pi)
	screen, target := "  Pricing — desktop  ", "0:1"
	first.ScreenID, first.PlacementTarget = &screen, &target
	a, err := f.svc.TriggerCode2Des(f.alice, first)
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.svc.TriggerCode2Des(f.alice, trigger(pi))
	if err != nil {
		t.Fatal(err)
	}
	if after := rowSnapshot(t, f.db, "page_import", pi.ID); after != before {
		t.Errorf("triggering changed the import row:\n%s\n%s", before, after)
	}
	if a.ID == b.ID || a.Nonce == b.Nonce || countJobs(t, f.db) != 2 {
		t.Fatalf("two triggers: ids %s %s, %d rows", a.ID, b.ID, countJobs(t, f.db))
	}
	for _, job := range []*models.Code2Des{a, b} {
		row := loadJob(t, f.db, job.ID)
		if row.OrganizationID != f.orgA || row.ProjectID != f.a2 || row.PageImportID != pi.ID || row.Status != models.Code2DesProcessing ||
			row.Attempt != 1 || len(row.Nonce) != 43 || row.Nonce != job.Nonce || row.CreatedBy != "alice" || row.UpdatedBy != "alice" ||
			row.FigmaFileKey != "AbCdEf0123456789xyzQRS" || row.ResultURL != nil || row.MaterializedAt != nil || row.DeletedAt != nil {
			t.Errorf("row %+v", row)
		}
		if _, err := models.ParseID("id", row.ID); err != nil {
			t.Errorf("id %q is not a canonical UUID", row.ID)
		}
	}
	if a.ScreenID != "Pricing — desktop" || a.PlacementTarget == nil || *a.PlacementTarget != "0:1" {
		t.Errorf("given screen id and target: %q %v", a.ScreenID, a.PlacementTarget)
	}
	if want := "example-com-pricing-plans-1440w-" + strings.ReplaceAll(b.ID, "-", "")[26:]; b.ScreenID != want || b.PlacementTarget != nil {
		t.Errorf("generated screen id %q, want %q (target %v)", b.ScreenID, want, b.PlacementTarget)
	}

	msgs := f.queue.Receive(t, 10, 2*time.Second)
	if len(msgs) < 2 {
		msgs = append(msgs, f.queue.Receive(t, 10, 2*time.Second)...)
	}
	if len(msgs) != 2 {
		t.Fatalf("%d messages, want 2", len(msgs))
	}
	got := map[string]ConversionMessage{}
	for _, m := range msgs {
		var body ConversionMessage
		if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &body); err != nil {
			t.Fatal(err)
		}
		if aws.ToString(m.MessageAttributes[sqsqueue.AttrType].StringValue) != ConversionMessageType ||
			aws.ToString(m.MessageAttributes[sqsqueue.AttrJobID].StringValue) != body.Code2DesID {
			t.Errorf("attributes %+v", m.MessageAttributes)
		}
		got[body.Code2DesID] = body
	}
	for _, job := range []*models.Code2Des{a, b} {
		want := ConversionMessage{Type: "code2des.requested", Version: 1, Code2DesID: job.ID, Attempt: 1, Nonce: job.Nonce,
			PageImportID: pi.ID, CaptureURL: *pi.ResultURL, CaptureHash: *pi.CaptureHash, FigmaFileKey: job.FigmaFileKey,
			ScreenID: job.ScreenID, PlacementTarget: job.PlacementTarget,
			ArtifactPrefix: "s3://artifacts/env/code2des/" + job.ID + "/attempt-1/",
			CallbackURL:    "https://api.example.com/webhooks/code2des"}
		body := got[job.ID]
		if (body.PlacementTarget == nil) != (want.PlacementTarget == nil) ||
			(body.PlacementTarget != nil && *body.PlacementTarget != *want.PlacementTarget) {
			t.Errorf("placement_target %v, want %v", body.PlacementTarget, want.PlacementTarget)
		}
		body.PlacementTarget = want.PlacementTarget
		if body != want {
			t.Errorf("message\n got %+v\nwant %+v", body, want)
		}
	}
}

func TestTriggerCode2DesQueueDownFailsTheRow(t *testing.T) {
	f := newFixture(t)
	down := testenv.UnreachableQueue(t)
	var ids []string
	svc := New(Config{DB: f.db, ConversionQueue: down, Bucket: "b", DependencyTimeout: 3 * time.Second,
		NewID: func() (string, error) {
			id, err := models.NewID()
			ids = append(ids, id)
			return id, err
		}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	_, err := svc.TriggerCode2Des(f.alice, trigger(pi))
	if models.ErrorCodeOf(err) != models.CodeUnavailable || len(ids) != 1 {
		t.Fatalf("trigger with the queue down: %v (%d ids); want UNAVAILABLE", err, len(ids))
	}
	row := loadJob(t, f.db, ids[0])
	if row.Status != models.Code2DesFailed || row.ErrorMessage == nil || *row.ErrorMessage != QueueFailureMessage ||
		row.UpdatedBy != SystemActor || row.CreatedBy != "alice" {
		t.Errorf("row after a failed publish: status %q error %v updated_by %q", row.Status, row.ErrorMessage, row.UpdatedBy)
	}
}

func TestTriggerCode2DesRateLimitPerSubject(t *testing.T) {
	f := newCode2DesFixture(t, func(c *Config) { c.TriggerLimiter = ratelimit.New("test", 2, time.Minute, ratelimit.Options{}) })
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	for i := range 2 {
		if _, err := f.svc.TriggerCode2Des(f.alice, trigger(pi)); err != nil {
			t.Fatalf("trigger %d within the limit: %v", i+1, err)
		}
	}
	_, err := f.svc.TriggerCode2Des(f.alice, trigger(pi))
	if models.ErrorCodeOf(err) != models.CodeUnavailable || countJobs(t, f.db) != 2 {
		t.Errorf("trigger 3 past a limit of 2: %v, %d rows; want UNAVAILABLE and 2 rows", err, countJobs(t, f.db))
	}
	// Another subject has a budget of its own.
	bobs := insertImport(t, f.db, f.orgB, f.b1, models.PageImportCompleted, false)
	if _, err := f.svc.TriggerCode2Des(f.bob, trigger(bobs)); err != nil {
		t.Errorf("another subject was limited too: %v", err)
	}
}

func TestConversionMessageGolden(t *testing.T) {
	svc := New(Config{Bucket: "code2des-artifacts", ArtifactKeyPrefix: "prod/", PublicBaseURL: "https://api.code2des.example"})
	capture := "s3://code2des-artifacts/prod/page-imports/0190f3a2-7b1c-7d3e-8f00-00000000c0de/attempt-1/capture.json"
	hash := "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	pi := &models.PageImport{ID: "0190f3a2-7b1c-7d3e-8f00-00000000c0de", Attempt: 1, ResultURL: &capture, CaptureHash: &hash}
	target := "0:1"
	job := &models.Code2Des{ID: "0190f3a3-0000-7000-8000-0000000c2de5", Attempt: 1, Nonce: "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
		PageImportID: pi.ID, FigmaFileKey: "AbCdEf0123456789xyzQRS", ScreenID: "example-com-pricing-1440w-c2de5", PlacementTarget: &target}
	msg, err := svc.conversionMessage(job, pi)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Type != ConversionMessageType || msg.JobID != job.ID || msg.Attempt != 1 {
		t.Errorf("queue message %+v", msg)
	}
	golden(t, "conversion_message.golden.json", msg.Body)
	job.PlacementTarget = nil
	noTarget, err := svc.conversionMessage(job, pi)
	if err != nil || !strings.Contains(string(noTarget.Body), `"placement_target":null`) {
		t.Errorf("a missing placement target must be null: %s", noTarget.Body)
	}
	if _, err := svc.conversionMessage(job, &models.PageImport{ID: "x"}); err == nil {
		t.Error("a message for an import without a capture was built")
	}
}

func TestTriggerCode2DesInputRules(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	str := func(s string) *string { return &s }
	max := models.MaxFigmaIdentifierLength
	for _, tc := range []struct {
		name  string
		edit  func(*models.Code2DesRequest)
		field string // "" = accepted
	}{
		{"OK/FileKeyAtMax", func(r *models.Code2DesRequest) { r.FigmaFileKey = strings.Repeat("k", max) }, ""},
		{"OK/ScreenIDAtMax", func(r *models.Code2DesRequest) { r.ScreenID = str(strings.Repeat("é", max)) }, ""},
		{"OK/PlacementTargetAtMax", func(r *models.Code2DesRequest) { r.PlacementTarget = str(strings.Repeat("t", max)) }, ""},
		{"OK/BlankScreenIDIsGenerated", func(r *models.Code2DesRequest) { r.ScreenID = str("   ") }, ""},
		{"BadUserInput/FileKeyPastMax", func(r *models.Code2DesRequest) { r.FigmaFileKey = strings.Repeat("k", max+1) }, "input.figmaFileKey"},
		{"BadUserInput/FileKeyEmpty", func(r *models.Code2DesRequest) { r.FigmaFileKey = "" }, "input.figmaFileKey"},
		{"BadUserInput/FileKeySlash", func(r *models.Code2DesRequest) { r.FigmaFileKey = "abc/def" }, "input.figmaFileKey"},
		{"BadUserInput/ScreenIDPastMax", func(r *models.Code2DesRequest) { r.ScreenID = str(strings.Repeat("é", max+1)) }, "input.screenId"},
		{"BadUserInput/ScreenIDControl", func(r *models.Code2DesRequest) { r.ScreenID = str("a\x00b") }, "input.screenId"},
		{"BadUserInput/ScreenIDBidiOverride", func(r *models.Code2DesRequest) { r.ScreenID = str("a\u202eb") }, "input.screenId"},
		{"BadUserInput/ScreenIDInvalidUTF8", func(r *models.Code2DesRequest) { r.ScreenID = str("a\xffb") }, "input.screenId"},
		{"BadUserInput/PlacementTargetPastMax", func(r *models.Code2DesRequest) { r.PlacementTarget = str(strings.Repeat("t", max+1)) }, "input.placementTarget"},
		{"BadUserInput/PlacementTargetNewline", func(r *models.Code2DesRequest) { r.PlacementTarget = str("a\nb") }, "input.placementTarget"},
		{"BadUserInput/PageImportID", func(r *models.Code2DesRequest) { r.PageImportID = strings.ToUpper(r.PageImportID) }, "input.pageImportId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := trigger(pi)
			tc.edit(&req)
			before := countJobs(t, f.db)
			job, err := f.svc.TriggerCode2Des(f.alice, req)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if len(job.ScreenID) == 0 || len([]rune(job.ScreenID)) > max {
					t.Errorf("screen id %q", job.ScreenID)
				}
				return
			}
			var de *models.Error
			if !asDomain(err, &de) || de.Code != models.CodeBadUserInput || de.Field != tc.field {
				t.Fatalf("got %v; want BAD_USER_INPUT on %s", err, tc.field)
			}
			if countJobs(t, f.db) != before {
				t.Error("a refused trigger inserted a row")
			}
		})
	}
}

func TestGenerateScreenID(t *testing.T) {
	id := "0190f3a3-0000-7000-8000-0000003f9a2c"
	for _, tc := range []struct {
		url  string
		want string
	}{
		{"https://www.example.com/pricing?plan=pro", "example-com-pricing-1440w-3f9a2c"},
		{"https://example.com/", "example-com-1440w-3f9a2c"},
		{"https://shop.example.co.uk/Products/Blue_Shoes/", "shop-example-co-uk-products-blue-shoes-1440w-3f9a2c"},
		{"https://xn--bcher-kva.example/caf%C3%A9/Menü", "xn-bcher-kva-example-café-menü-1440w-3f9a2c"},
		{"https://example.com/" + strings.Repeat("segment/", 20), "example-com-segment-segment-segment-segment-segm-1440w-3f9a2c"},
		{"https://example.com/a----b", "example-com-a-b-1440w-3f9a2c"},
		{"%%%", "page-1440w-3f9a2c"},
	} {
		got := GenerateScreenID(tc.url, 1440, id)
		if got != tc.want {
			t.Errorf("GenerateScreenID(%q) = %q, want %q", tc.url, got, tc.want)
		}
		if _, err := validateLabel("screenId", &got); err != nil || len([]rune(got)) > MaxScreenSlugLength+18 {
			t.Errorf("generated %q breaks the screen id rules: %v", got, err)
		}
	}
}

func TestMaterializeConcurrentCallsRecordOneRoot(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	job := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
	const calls = 20
	type outcome struct {
		job      *models.Code2Des
		recorded bool
		err      error
	}
	out := make([]outcome, calls)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			j, rec, err := f.svc.MaterializeCode2Des(f.alice, models.MaterializeRequest{Code2DesID: job.ID, NodeID: fmt.Sprintf("%d:%d", i+1, 100+i)})
			out[i] = outcome{j, rec, err}
		}()
	}
	close(start)
	wg.Wait()
	row := loadJob(t, f.db, job.ID)
	if row.MaterializedAt == nil || row.MaterializedNodeID == nil {
		t.Fatalf("nothing recorded: %+v", row)
	}
	recorded := 0
	for i, o := range out {
		if o.err != nil {
			t.Fatalf("call %d: %v", i, o.err)
		}
		if o.recorded {
			recorded++
		}
		if o.job.MaterializedNodeID == nil || *o.job.MaterializedNodeID != *row.MaterializedNodeID ||
			o.job.MaterializedAt == nil || !o.job.MaterializedAt.Equal(*row.MaterializedAt) {
			t.Errorf("call %d returned node %v at %v; the row has %s at %s", i, o.job.MaterializedNodeID, o.job.MaterializedAt,
				*row.MaterializedNodeID, row.MaterializedAt)
		}
	}
	if recorded != 1 {
		t.Errorf("%d calls report recording the root, want 1", recorded)
	}
	// A later call with yet another node id changes nothing either: not even the row version.
	before := rowSnapshot(t, f.db, "code2des", job.ID)
	again, rec, err := f.svc.MaterializeCode2Des(f.alice, models.MaterializeRequest{Code2DesID: job.ID, NodeID: "999:1"})
	if err != nil || rec || *again.MaterializedNodeID != *row.MaterializedNodeID {
		t.Errorf("later call: %v recorded=%v node %v", err, rec, again.MaterializedNodeID)
	}
	if after := rowSnapshot(t, f.db, "code2des", job.ID); after != before {
		t.Errorf("a later call changed the row:\n%s\n%s", before, after)
	}
}

func TestMaterializeRefused(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	completed := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
	deleted := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
	if err := f.svc.DeleteCode2Des(f.alice, deleted.ID); err != nil {
		t.Fatal(err)
	}
	long := "1:" + strings.Repeat("2", models.MaxFigmaIdentifierLength-2)
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		id    string
		node  string
		code  models.ErrorCode
		field string
	}{
		{"FailedPrecondition/Processing", f.alice, insertJob(t, f.db, pi, models.Code2DesProcessing, "key").ID, "1:2", models.CodeFailedPrecondition, ""},
		{"FailedPrecondition/Failed", f.alice, insertJob(t, f.db, pi, models.Code2DesFailed, "key").ID, "1:2", models.CodeFailedPrecondition, ""},
		{"NotFound/Deleted", f.alice, deleted.ID, "1:2", models.CodeNotFound, ""},
		{"NotFound/OtherOrganization", f.bob, completed.ID, "1:2", models.CodeNotFound, ""},
		{"BadUserInput/NodeIDPastMax", f.alice, completed.ID, long + "3", models.CodeBadUserInput, "input.nodeId"},
		{"BadUserInput/NodeIDNotAFigmaID", f.alice, completed.ID, "12-345", models.CodeBadUserInput, "input.nodeId"},
		{"BadUserInput/NodeIDEmpty", f.alice, completed.ID, "", models.CodeBadUserInput, "input.nodeId"},
		{"BadUserInput/MalformedJobID", f.alice, "nope", "1:2", models.CodeBadUserInput, "input.code2desId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := f.svc.MaterializeCode2Des(tc.ctx, models.MaterializeRequest{Code2DesID: tc.id, NodeID: tc.node})
			var de *models.Error
			if !asDomain(err, &de) || de.Code != tc.code || de.Field != tc.field {
				t.Fatalf("got %v; want %s (field %q)", err, tc.code, tc.field)
			}
		})
	}
	var n int
	if err := f.db.NewRaw("SELECT count(*) FROM code2des WHERE materialized_at IS NOT NULL").Scan(context.Background(), &n); err != nil || n != 0 {
		t.Errorf("%d jobs materialized by refused calls (%v)", n, err)
	}
	t.Run("OK/NodeIDAtMaxAndInstancePath", func(t *testing.T) {
		j, rec, err := f.svc.MaterializeCode2Des(f.alice, models.MaterializeRequest{Code2DesID: completed.ID, NodeID: long})
		if err != nil || !rec || *j.MaterializedNodeID != long {
			t.Fatalf("node id of %d characters: %v", len(long), err)
		}
		other := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
		if _, rec, err := f.svc.MaterializeCode2Des(f.alice, models.MaterializeRequest{Code2DesID: other.ID, NodeID: "I12:34;56:78"}); err != nil || !rec {
			t.Fatalf("instance path node id: %v", err)
		}
	})
}

func TestDeleteCode2DesHidesTheJob(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	job := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
	keep := insertJob(t, f.db, pi, models.Code2DesCompleted, "key")
	if err := f.svc.DeleteCode2Des(f.bob, job.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Fatalf("another organization's delete: %v; want NOT_FOUND", err)
	}
	if err := f.svc.DeleteCode2Des(f.alice, job.ID); err != nil {
		t.Fatal(err)
	}
	row := loadJob(t, f.db, job.ID)
	if row.DeletedAt == nil || time.Since(*row.DeletedAt) > time.Minute || row.DeletedBy == nil || *row.DeletedBy != "alice" || row.UpdatedBy != "alice" {
		t.Errorf("deleted row: deleted_at %v deleted_by %v updated_by %q", row.DeletedAt, row.DeletedBy, row.UpdatedBy)
	}
	if _, err := f.svc.Code2Des(f.alice, job.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("read after delete: %v", err)
	}
	page, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1})
	if err != nil || len(page.Items) != 1 || page.Items[0].ID != keep.ID {
		t.Errorf("list after delete: %v %+v", err, page)
	}
	byImport, err := f.svc.Code2DesJobsByPageImport(f.alice, []string{pi.ID})
	if err != nil || len(byImport[pi.ID]) != 1 || byImport[pi.ID][0].ID != keep.ID {
		t.Errorf("batch read after delete: %v %v", err, byImport)
	}
	if _, _, err := f.svc.MaterializeCode2Des(f.alice, models.MaterializeRequest{Code2DesID: job.ID, NodeID: "1:2"}); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("materialize after delete: %v", err)
	}
	if _, _, err := f.svc.Code2DesForResult(f.alice, job.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("result rows after delete: %v", err)
	}
	if err := f.svc.DeleteCode2Des(f.alice, job.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("second delete: %v", err)
	}
}

func TestCode2DesJobsFiltersAndKeysetPagination(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi1 := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	pi2 := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	var all []*models.Code2Des
	for i := range 7 {
		pi, key, status := pi1, "fileA", models.Code2DesCompleted
		if i%2 == 1 {
			pi, key = pi2, "fileB"
		}
		if i%3 == 0 {
			status = models.Code2DesProcessing
		}
		all = append(all, insertJob(t, f.db, pi, status, key))
	}
	other := insertImport(t, f.db, f.orgA, f.a2, models.PageImportCompleted, false)
	insertJob(t, f.db, other, models.Code2DesCompleted, "fileA")

	list := func(filter models.Code2DesFilter) []string {
		t.Helper()
		var ids []string
		for pages := 0; ; pages++ {
			page, err := f.svc.Code2DesJobs(f.alice, filter)
			if err != nil {
				t.Fatal(err)
			}
			if page.HasPreviousPage != (pages > 0) {
				t.Errorf("page %d hasPreviousPage %v", pages, page.HasPreviousPage)
			}
			for i, j := range page.Items {
				ids = append(ids, j.ID)
				if id, err := DecodeCursor(CursorCode2Des, "after", page.Cursors[i]); err != nil || id != j.ID {
					t.Errorf("cursor of %s decodes to %s (%v)", j.ID, id, err)
				}
			}
			if !page.HasNextPage {
				return ids
			}
			filter.After = page.Cursors[len(page.Cursors)-1]
		}
	}
	want := func(keep func(*models.Code2Des) bool) []string {
		var ids []string
		for i := len(all) - 1; i >= 0; i-- {
			if keep(all[i]) {
				ids = append(ids, all[i].ID)
			}
		}
		return ids
	}
	completed := models.Code2DesCompleted
	for _, tc := range []struct {
		name   string
		filter models.Code2DesFilter
		keep   func(*models.Code2Des) bool
	}{
		{"Project", models.Code2DesFilter{ProjectID: f.a1, First: 2}, func(*models.Code2Des) bool { return true }},
		{"FileKeyAndStatus", models.Code2DesFilter{ProjectID: f.a1, FigmaFileKey: ptr("fileA"), Status: &completed, First: 1},
			func(j *models.Code2Des) bool { return j.FigmaFileKey == "fileA" && j.Status == completed }},
		{"PageImport", models.Code2DesFilter{ProjectID: f.a1, PageImportID: &pi2.ID, First: 3},
			func(j *models.Code2Des) bool { return j.PageImportID == pi2.ID }},
		{"Status", models.Code2DesFilter{ProjectID: f.a1, Status: &completed}, func(j *models.Code2Des) bool { return j.Status == completed }},
	} {
		t.Run("OK/"+tc.name, func(t *testing.T) {
			if got, w := list(tc.filter), want(tc.keep); strings.Join(got, ",") != strings.Join(w, ",") {
				t.Errorf("listed\n %v\nwant newest first\n %v", got, w)
			}
		})
	}
	piCursor := EncodeCursor(CursorPageImports, all[3].ID)
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		filter models.Code2DesFilter
		code   models.ErrorCode
		field  string
	}{
		{"BadUserInput/FirstPastMax", f.alice, models.Code2DesFilter{ProjectID: f.a1, First: models.MaxPageSize + 1}, models.CodeBadUserInput, "first"},
		{"BadUserInput/PageImportsCursor", f.alice, models.Code2DesFilter{ProjectID: f.a1, After: piCursor}, models.CodeBadUserInput, "after"},
		{"BadUserInput/FileKey", f.alice, models.Code2DesFilter{ProjectID: f.a1, FigmaFileKey: ptr("a b")}, models.CodeBadUserInput, "figmaFileKey"},
		{"BadUserInput/PageImportID", f.alice, models.Code2DesFilter{ProjectID: f.a1, PageImportID: ptr("x")}, models.CodeBadUserInput, "pageImportId"},
		{"NotFound/OtherOrganizationProject", f.bob, models.Code2DesFilter{ProjectID: f.a1}, models.CodeNotFound, ""},
		{"Unauthenticated", f.anonymous, models.Code2DesFilter{ProjectID: f.a1}, models.CodeUnauthenticated, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Code2DesJobs(tc.ctx, tc.filter)
			var de *models.Error
			if !asDomain(err, &de) || de.Code != tc.code || de.Field != tc.field {
				t.Fatalf("got %v; want %s on %q", err, tc.code, tc.field)
			}
		})
	}
	if page, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, First: models.MaxPageSize}); err != nil || len(page.Items) != 7 || page.HasNextPage {
		t.Errorf("first at its maximum: %v", err)
	}
}

// TestCode2DesDiscoveryQueryUsesItsSeedIndex checks the plan of the plugin's discovery query
// (project + Figma file key + status) over a realistic spread of jobs: many projects and files.
func TestCode2DesDiscoveryQueryUsesItsSeedIndex(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	projects := []int64{f.a1, f.a2, seedProject(t, f.db, f.orgA), seedProject(t, f.db, f.orgA)}
	for _, p := range projects {
		pi := insertImport(t, f.db, f.orgA, p, models.PageImportCompleted, false)
		// 2,000 jobs per project over 40 Figma files and the three statuses.
		_, err := f.db.ExecContext(ctx, `INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key,
			screen_id, status, nonce, created_by, updated_by)
			SELECT gen_random_uuid()::text, ?, ?, ?, 'file' || (g % 40), 's', ((g % 3)::text)::code2des_status, 'n', 'a', 'a'
			FROM generate_series(1, 2000) AS g`, f.orgA, p, pi.ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.db.ExecContext(ctx, "ANALYZE code2des"); err != nil {
		t.Fatal(err)
	}
	afterID, _ := models.NewID()
	completed := models.Code2DesCompleted
	for _, tc := range []struct {
		name  string
		after string
	}{{"FirstPage", ""}, {"AfterCursor", afterID}} {
		t.Run(tc.name, func(t *testing.T) {
			filter := models.Code2DesFilter{ProjectID: f.a1, FigmaFileKey: ptr("file7"), Status: &completed}
			q := code2desJobsQuery(f.db, nil, f.orgA, filter, tc.after, models.DefaultPageSize).String()
			if !strings.Contains(q, `"organization_id" = `) && !strings.Contains(q, "organization_id = ") {
				t.Fatalf("the discovery query does not filter the organization: %s", q)
			}
			if plan := explain(t, f.db, q); !strings.Contains(plan, "code2des_org_project_file_status_idx") {
				t.Errorf("plan for %s does not use code2des_org_project_file_status_idx:\n%s", q, plan)
			}
		})
	}
	t.Run("PageImportFilterUsesItsIndex", func(t *testing.T) {
		pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
		q := code2desJobsQuery(f.db, nil, f.orgA, models.Code2DesFilter{ProjectID: f.a1, PageImportID: &pi.ID}, "", models.DefaultPageSize).String()
		if plan := explain(t, f.db, q); !strings.Contains(plan, "code2des_page_import_idx") {
			t.Errorf("plan for %s does not use code2des_page_import_idx:\n%s", q, plan)
		}
	})
}

func TestBatchReadsKeepVisibility(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pis := []*models.PageImport{
		insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false),
		insertImport(t, f.db, f.orgA, f.a2, models.PageImportCompleted, false),
	}
	deletedImport := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	if err := f.svc.DeletePageImport(f.alice, deletedImport.ID); err != nil {
		t.Fatal(err)
	}
	bobs := insertImport(t, f.db, f.orgB, f.b1, models.PageImportCompleted, false)
	// More jobs on one import than a PageImport.code2desJobs list shows.
	for range models.MaxPageSize + 2 {
		insertJob(t, f.db, pis[0], models.Code2DesCompleted, "k")
	}
	insertJob(t, f.db, pis[1], models.Code2DesCompleted, "k")
	insertJob(t, f.db, bobs, models.Code2DesCompleted, "k")
	ids := []string{pis[0].ID, pis[1].ID, deletedImport.ID, bobs.ID}

	imports, err := f.svc.PageImportsByID(f.alice, ids)
	if err != nil || len(imports) != 2 || imports[pis[0].ID] == nil || imports[pis[1].ID] == nil {
		t.Errorf("alice's imports by id: %v %v", err, imports)
	}
	jobs, err := f.svc.Code2DesJobsByPageImport(f.alice, ids)
	if err != nil || len(jobs) != 2 || len(jobs[pis[0].ID]) != models.MaxPageSize || len(jobs[pis[1].ID]) != 1 {
		t.Fatalf("alice's jobs by import: %v, %d imports", err, len(jobs))
	}
	for i := 1; i < len(jobs[pis[0].ID]); i++ {
		if jobs[pis[0].ID][i].ID >= jobs[pis[0].ID][i-1].ID {
			t.Fatal("jobs of an import are not newest first")
		}
	}
	if imports, err := f.svc.PageImportsByID(f.bob, ids[:3]); err != nil || len(imports) != 0 {
		t.Errorf("bob read alice's imports: %v %v", err, imports)
	}
	if jobs, err := f.svc.Code2DesJobsByPageImport(f.bob, ids[:3]); err != nil || len(jobs) != 0 {
		t.Errorf("bob read alice's jobs: %v %v", err, jobs)
	}
	if _, err := f.svc.PageImportsByID(f.anonymous, ids); models.ErrorCodeOf(err) != models.CodeUnauthenticated {
		t.Errorf("anonymous batch read: %v", err)
	}
	tooMany := make([]string, MaxBatchKeys+1)
	if _, err := f.svc.Code2DesJobsByPageImport(f.alice, tooMany); models.ErrorCodeOf(err) != models.CodeBadUserInput {
		t.Errorf("batch past MaxBatchKeys: %v", err)
	}
}

func TestCode2DesForResultLoadsTheImport(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pi := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	done := insertJob(t, f.db, pi, models.Code2DesCompleted, "k")
	busy := insertJob(t, f.db, pi, models.Code2DesProcessing, "k")
	job, gotPI, err := f.svc.Code2DesForResult(f.alice, done.ID)
	if err != nil || job.ID != done.ID || gotPI == nil || gotPI.ID != pi.ID || *gotPI.CaptureHash != *pi.CaptureHash {
		t.Fatalf("completed job: %v %v %v", err, job, gotPI)
	}
	if job, gotPI, err := f.svc.Code2DesForResult(f.alice, busy.ID); err != nil || job.ID != busy.ID || gotPI != nil {
		t.Errorf("processing job: %v %v %v", err, job, gotPI)
	}
	if err := f.svc.DeletePageImport(f.alice, pi.ID); err != nil {
		t.Fatal(err)
	}
	if _, gotPI, err := f.svc.Code2DesForResult(f.alice, done.ID); err != nil || gotPI == nil {
		t.Errorf("a job whose import was deleted since: %v %v", err, gotPI)
	}
	for name, tc := range map[string]struct {
		ctx  context.Context
		id   string
		code models.ErrorCode
	}{
		"NotFound/OtherOrganization": {f.bob, done.ID, models.CodeNotFound},
		"BadUserInput/MalformedID":   {f.alice, "x", models.CodeBadUserInput},
		"Unauthenticated":            {f.anonymous, done.ID, models.CodeUnauthenticated},
	} {
		if _, _, err := f.svc.Code2DesForResult(tc.ctx, tc.id); models.ErrorCodeOf(err) != tc.code {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestCode2DesJobsWithPageImports: the list that reads its Page Imports in the same statement
// answers the same jobs as the plain list, and each job's import as PageImportsByID reads it (a
// deleted import is nil).
func TestCode2DesJobsWithPageImports(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	live := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	gone := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	insertJob(t, f.db, live, models.Code2DesCompleted, "k")
	insertJob(t, f.db, gone, models.Code2DesCompleted, "k")
	insertJob(t, f.db, live, models.Code2DesProcessing, "k")
	if err := f.svc.DeletePageImport(f.alice, gone.ID); err != nil {
		t.Fatal(err)
	}
	plain, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, First: 2})
	if err != nil {
		t.Fatal(err)
	}
	with, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, First: 2, WithPageImports: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.PageImports != nil {
		t.Errorf("plain list read imports: %v", plain.PageImports)
	}
	if !reflect.DeepEqual(plain.Items, with.Items) || !slices.Equal(plain.Cursors, with.Cursors) || plain.HasNextPage != with.HasNextPage || !with.HasNextPage {
		t.Fatalf("pages differ: %+v / %+v", plain, with)
	}
	byID, err := f.svc.PageImportsByID(f.alice, []string{live.ID})
	if err != nil {
		t.Fatal(err)
	}
	if pi, ok := with.PageImports[live.ID]; !ok || !reflect.DeepEqual(pi, byID[live.ID]) {
		t.Errorf("joined import %+v, batch read %+v", pi, byID[live.ID])
	}
	if pi, ok := with.PageImports[gone.ID]; !ok || pi != nil || len(with.PageImports) != 2 {
		t.Errorf("deleted import: %v %v (%d imports)", ok, pi, len(with.PageImports))
	}
	if _, err := f.svc.Code2DesJobs(f.bob, models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true}); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("bob listed alice's project: %v", err)
	}
}
