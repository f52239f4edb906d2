package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/callbacks"
)

// A database connection lost in the middle of a request (PostgreSQL restarted: SQLSTATE 57P01 on
// the connection) answers UNAVAILABLE over GraphQL and 503 with Retry-After to a worker callback,
// like a database that is down, never INTERNAL / 500; the next request is served again.
func TestDatabaseConnectionLostMidRequest(t *testing.T) {
	t.Run("GraphQLUnavailable", func(t *testing.T) {
		s := newStack(t, nil)
		alice := s.token(t, "alice")
		q := fmt.Sprintf(`{ pageImports(projectId: "%d") { edges { cursor } } }`, s.a1)
		release := testenv.HoldTableLock(t, s.db, "page_import")
		done := make(chan gqlResponse, 1)
		go func() { done <- s.do(t, alice, q, nil) }()
		testenv.TerminateLockWaiter(t, s.db)
		r := <-done
		release()
		if r.code() != "UNAVAILABLE" || strings.Contains(r.Raw, "57P01") || strings.Contains(r.Raw, "terminating") {
			t.Fatalf("got %s; want UNAVAILABLE without the server's text", r.Raw)
		}
		if r := s.do(t, alice, q, nil); r.code() != "" {
			t.Errorf("after the lost connection: %s", r.Raw)
		}
	})
	t.Run("CallbackServiceUnavailable", func(t *testing.T) {
		secret := strings.Repeat("k", callbacks.MinSecretLength)
		db := testenv.MustOpenDB(t)
		a, err := app.New(app.Config{WorkerSecrets: []string{secret}}, app.Deps{DB: db, Blob: testenv.S3(t).Store},
			slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(a.Handler())
		t.Cleanup(srv.Close)
		orgID, projID := seed(t, db, "A", "alice")
		id, _ := models.NewID()
		nonce, _ := models.NewNonce()
		pi := &models.PageImport{ID: id, OrganizationID: orgID, ProjectID: projID, SourceURL: "https://example.com/",
			ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce, CreatedBy: "s", UpdatedBy: "s"}
		if _, err := db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(map[string]any{"page_import_id": id, "attempt": 1, "nonce": nonce, "status": "failed", "error_message": "x"})
		post := func() (int, string, http.Header) {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+callbacks.PageImportsPath, bytes.NewReader(body))
			callbacks.SignRequest(req, time.Now(), body, []byte(secret))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return 0, "", nil
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, string(raw), resp.Header
		}
		release := testenv.HoldTableLock(t, db, "page_import")
		type answer struct {
			status int
			body   string
			h      http.Header
		}
		done := make(chan answer, 1)
		go func() { st, b, h := post(); done <- answer{st, b, h} }()
		testenv.TerminateLockWaiter(t, db)
		got := <-done
		release()
		if got.status != http.StatusServiceUnavailable || !strings.Contains(got.body, `"unavailable"`) || got.h.Get("Retry-After") == "" {
			t.Fatalf("got %d %s; want 503 unavailable with Retry-After", got.status, got.body)
		}
		var row models.PageImport
		if err := db.NewSelect().Model(&row).Where("id = ?", id).Scan(context.Background()); err != nil || row.Status != models.PageImportProcessing {
			t.Fatalf("the refused callback changed the job: %v %v", row.Status, err)
		}
		if st, b, _ := post(); st != http.StatusOK || !strings.Contains(b, "applied") {
			t.Errorf("the worker's retry: %d %s", st, b)
		}
	})
}
