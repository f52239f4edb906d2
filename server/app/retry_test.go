package app_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
)

const (
	retryImportQ = `mutation($id: ID!) { retryPageImport(id: $id) { pageImport { id status attempt captureHash hasScreenshot errorMessage } } }`
	retryJobQ    = `mutation($id: ID!) { retryCode2Des(id: $id) { code2des { id status attempt warningCount errorMessage } } }`
	createOneQ   = `mutation($p: ID!) { createPageImport(input: {projectId: $p, sourceUrl: "https://example.com/a", viewport: {width: 1280, height: 800}}) { pageImport { id } } }`
)

type retriedImport struct {
	RetryPageImport struct {
		PageImport struct {
			ID, Status    string
			Attempt       int
			CaptureHash   *string
			HasScreenshot bool
			ErrorMessage  *string
		}
	}
}

// createImport creates a Page Import in alice's project a1 through c and returns its id and the
// nonce of its message.
func (s *apiStack) createImport(t *testing.T, c *client.Client) (string, string) {
	t.Helper()
	return s.createImportWith(t, c, s.a1)
}

// createImportIn creates a Page Import as subject in project.
func (s *apiStack) createImportIn(t *testing.T, subject string, project int64) (string, string) {
	t.Helper()
	return s.createImportWith(t, s.client(t, subject), project)
}

// nonceOf reads a job's current nonce (what its worker's message carried).
func (s *apiStack) nonceOf(t *testing.T, id string) string {
	t.Helper()
	var row models.PageImport
	if err := s.db.NewSelect().Model(&row).Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return row.Nonce
}

func (s *apiStack) createImportWith(t *testing.T, c *client.Client, project int64) (string, string) {
	t.Helper()
	var out struct {
		CreatePageImport struct{ PageImport struct{ ID string } }
	}
	if err := c.Post(createOneQ, &out, client.Var("p", fmt.Sprint(project))); err != nil {
		t.Fatal(err)
	}
	msgs := drain(t, s.capture, 2*time.Second)
	if len(msgs) != 1 || msgs[0].PageImportID != out.CreatePageImport.PageImport.ID {
		t.Fatalf("messages after create: %+v", msgs)
	}
	return msgs[0].PageImportID, msgs[0].Nonce
}

func TestRetryPageImport(t *testing.T) {
	s := newAPIStack(t, nil)
	alice, bob := s.client(t, "alice"), s.client(t, "bob")
	id, nonce1 := s.createImport(t, alice)
	var out retriedImport

	t.Run("ErrProcessing", func(t *testing.T) {
		if e := errorOf(t, alice.Post(retryImportQ, &out, client.Var("id", id))); e.Code != "FAILED_PRECONDITION" || !strings.Contains(e.Message, "processing") {
			t.Errorf("retry of a processing import: %+v", e)
		}
	})
	if code := s.failCapture(t, id, 1, nonce1); code != http.StatusOK {
		t.Fatalf("failed callback of attempt 1: %d", code)
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		if e := errorOf(t, bob.Post(retryImportQ, &out, client.Var("id", id))); e.Code != "NOT_FOUND" {
			t.Errorf("bob retries alice's import: %+v", e)
		}
		if e := errorOf(t, alice.Post(retryImportQ, &out, client.Var("id", strings.ToUpper(id)))); e.Code != "BAD_USER_INPUT" || e.Field != "id" {
			t.Errorf("malformed id: %+v", e)
		}
		if msgs := drain(t, s.capture, 0); len(msgs) != 0 {
			t.Errorf("refused retries queued %d messages", len(msgs))
		}
	})

	t.Run("ConcurrentRetriesMakeOneAttempt", func(t *testing.T) {
		const n = 8
		var wg sync.WaitGroup
		codes := make([]string, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var o retriedImport
				err := alice.Post(retryImportQ, &o, client.Var("id", id))
				codes[i] = errorOf(t, err).Code
				if err == nil {
					out = o
				}
			}()
		}
		wg.Wait()
		ok, refused := 0, 0
		for _, c := range codes {
			switch c {
			case "":
				ok++
			case "FAILED_PRECONDITION":
				refused++
			}
		}
		if ok != 1 || refused != n-1 {
			t.Fatalf("%d concurrent retries: %d made an attempt, %d refused (%v); want 1 and %d", n, ok, refused, codes, n-1)
		}
	})
	pi := out.RetryPageImport.PageImport
	if pi.ID != id || pi.Status != "PROCESSING" || pi.Attempt != 2 || pi.ErrorMessage != nil || pi.CaptureHash != nil || pi.HasScreenshot {
		t.Errorf("retried import %+v; want PROCESSING at attempt 2 with its result fields cleared", pi)
	}
	msgs := drain(t, s.capture, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d capture messages after the retries, want 1", len(msgs))
	}
	m := msgs[0]
	wantPrefix := fmt.Sprintf("s3://%s/page-imports/%s/attempt-2/", s.s3.Bucket, id)
	if m.PageImportID != id || m.Attempt != 2 || m.Nonce == nonce1 || len(m.Nonce) < 43 || m.ArtifactPrefix != wantPrefix {
		t.Errorf("retry message %+v; want attempt 2, a fresh nonce and prefix %s", m, wantPrefix)
	}
	var row models.PageImport
	if err := s.db.NewSelect().Model(&row).Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if row.Attempt != 2 || row.Nonce != m.Nonce || row.UpdatedBy != "alice" || row.ErrorMessage != nil || row.ResultURL != nil {
		t.Errorf("row after retry: attempt %d updated_by %s error %v result %v", row.Attempt, row.UpdatedBy, row.ErrorMessage, row.ResultURL)
	}

	t.Run("EarlierAttemptFenced", func(t *testing.T) {
		if code := s.failCapture(t, id, 1, nonce1); code != http.StatusConflict {
			t.Errorf("callback of attempt 1 after the retry: %d, want 409", code)
		}
		if code := s.failCapture(t, id, 2, nonce1); code != http.StatusConflict {
			t.Errorf("callback of attempt 2 with the old nonce: %d, want 409", code)
		}
		if code := s.failCapture(t, id, 2, m.Nonce); code != http.StatusOK {
			t.Errorf("callback of attempt 2: %d, want 200", code)
		}
	})

	t.Run("ErrCompleted", func(t *testing.T) {
		if _, err := s.db.NewRaw("UPDATE page_import SET status = '1' WHERE id = ?", id).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		if e := errorOf(t, alice.Post(retryImportQ, &out, client.Var("id", id))); e.Code != "FAILED_PRECONDITION" || !strings.Contains(e.Message, "completed") {
			t.Errorf("retry of a completed import: %+v", e)
		}
	})
}

// Retries count against CREATE_PAGE_IMPORT_RATE_LIMIT like creations: with a limit of 2, one
// creation and one retry pass, the next retry is refused and changes nothing.
func TestRetryPageImportRateLimited(t *testing.T) {
	s := newAPIStack(t, func(c *app.Config, _ *app.Deps) { c.CreatePageImportRateLimit = 2 })
	alice := s.client(t, "alice")
	id, nonce := s.createImport(t, alice)
	var out retriedImport
	s.failCapture(t, id, 1, nonce)
	if err := alice.Post(retryImportQ, &out, client.Var("id", id)); err != nil {
		t.Fatalf("retry within the limit: %v", err)
	}
	m := drain(t, s.capture, 2*time.Second)
	if len(m) != 1 {
		t.Fatalf("%d messages", len(m))
	}
	s.failCapture(t, id, 2, m[0].Nonce)
	if e := errorOf(t, alice.Post(retryImportQ, &out, client.Var("id", id))); e.Code != "UNAVAILABLE" || !strings.Contains(e.Message, "too many") {
		t.Errorf("retry past the limit: %+v", e)
	}
	var row models.PageImport
	_ = s.db.NewSelect().Model(&row).Where("id = ?", id).Scan(context.Background())
	if row.Attempt != 2 || row.Status != models.PageImportFailed || len(drain(t, s.capture, 0)) != 0 {
		t.Errorf("refused retry changed the job: attempt %d status %s", row.Attempt, row.Status)
	}
}

// A retry whose message cannot be published leaves the new attempt failed (never processing with
// no message behind it) and answers UNAVAILABLE.
func TestRetryPageImportQueueDown(t *testing.T) {
	s := newAPIStack(t, nil)
	pi := failedImport(t, s)
	down := newAPIStackOn(t, s, func(_ *app.Config, d *app.Deps) { d.CaptureQueue = unreachable(t) })
	var out retriedImport
	if e := errorOf(t, down.client(t, "alice").Post(retryImportQ, &out, client.Var("id", pi.ID))); e.Code != "UNAVAILABLE" {
		t.Errorf("retry with the queue down: %+v", e)
	}
	var row models.PageImport
	_ = s.db.NewSelect().Model(&row).Where("id = ?", pi.ID).Scan(context.Background())
	if row.Attempt != 2 || row.Status != models.PageImportFailed || row.ErrorMessage == nil || !strings.Contains(*row.ErrorMessage, "queued") {
		t.Errorf("after a failed publish: attempt %d status %s error %v", row.Attempt, row.Status, row.ErrorMessage)
	}
}

func TestRetryCode2Des(t *testing.T) {
	s := newAPIStack(t, nil)
	alice, bob := s.client(t, "alice"), s.client(t, "bob")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	var trig struct {
		TriggerCode2Des struct{ Code2des struct{ ID string } }
	}
	if err := alice.Post(`mutation($id: ID!) { triggerCode2Des(input: {pageImportId: $id, figmaFileKey: "F1"}) { code2des { id } } }`,
		&trig, client.Var("id", pi.ID)); err != nil {
		t.Fatal(err)
	}
	id := trig.TriggerCode2Des.Code2des.ID
	first := drain(t, s.conv, 2*time.Second)
	if len(first) != 1 {
		t.Fatalf("%d conversion messages", len(first))
	}
	var out struct {
		RetryCode2Des struct {
			Code2des struct {
				ID, Status   string
				Attempt      int
				WarningCount *int
				ErrorMessage *string
			}
		}
	}
	if e := errorOf(t, alice.Post(retryJobQ, &out, client.Var("id", id))); e.Code != "FAILED_PRECONDITION" {
		t.Errorf("retry of a processing job: %+v", e)
	}
	if code := s.failConversion(t, id, 1, first[0].Nonce); code != http.StatusOK {
		t.Fatalf("failed callback: %d", code)
	}
	if e := errorOf(t, bob.Post(retryJobQ, &out, client.Var("id", id))); e.Code != "NOT_FOUND" {
		t.Errorf("bob retries alice's job: %+v", e)
	}
	if err := alice.Post(retryJobQ, &out, client.Var("id", id)); err != nil {
		t.Fatal(err)
	}
	if c := out.RetryCode2Des.Code2des; c.Status != "PROCESSING" || c.Attempt != 2 || c.ErrorMessage != nil || c.WarningCount != nil {
		t.Errorf("retried job %+v", c)
	}
	msgs := drain(t, s.conv, 2*time.Second)
	wantPrefix := fmt.Sprintf("s3://%s/code2des/%s/attempt-2/", s.s3.Bucket, id)
	if len(msgs) != 1 || msgs[0].Code2DesID != id || msgs[0].Attempt != 2 || msgs[0].Nonce == first[0].Nonce || msgs[0].ArtifactPrefix != wantPrefix {
		t.Fatalf("retry messages %+v; want one for attempt 2 under %s", msgs, wantPrefix)
	}
	if code := s.failConversion(t, id, 1, first[0].Nonce); code != http.StatusConflict {
		t.Errorf("callback of attempt 1 after the retry: %d, want 409", code)
	}
	if code := s.failConversion(t, id, 2, msgs[0].Nonce); code != http.StatusOK {
		t.Errorf("callback of attempt 2: %d", code)
	}

	t.Run("ErrImportDeleted", func(t *testing.T) {
		var del struct{ DeletePageImport struct{ DeletedID string } }
		if err := alice.Post(`mutation($id: ID!) { deletePageImport(id: $id) { deletedId } }`, &del, client.Var("id", pi.ID)); err != nil {
			t.Fatal(err)
		}
		if e := errorOf(t, alice.Post(retryJobQ, &out, client.Var("id", id))); e.Code != "FAILED_PRECONDITION" || !strings.Contains(e.Message, "deleted") {
			t.Errorf("retry after the import was deleted: %+v", e)
		}
		if len(drain(t, s.conv, 0)) != 0 {
			t.Error("a refused retry queued a message")
		}
	})
}

// failedImport inserts a failed Page Import of alice's project.
func failedImport(t *testing.T, s *apiStack) *models.PageImport {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	msg := "the page did not load"
	pi := &models.PageImport{ID: id, OrganizationID: s.orgA, ProjectID: s.a1, SourceURL: "https://example.com/",
		ViewportWidth: 1280, ViewportHeight: 800, Status: models.PageImportFailed, Attempt: 1, Nonce: nonce,
		ErrorMessage: &msg, CreatedBy: "alice", UpdatedBy: "alice"}
	if _, err := s.db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return pi
}
