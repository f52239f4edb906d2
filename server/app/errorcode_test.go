package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/callbacks"
)

// processingImport inserts a processing Page Import of project in org, as createPageImport
// leaves it.
func processingImport(t testing.TB, db bun.IDB, orgID, projectID int64) *models.PageImport {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: orgID, ProjectID: projectID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Attempt: 1, Nonce: nonce, CreatedBy: "alice", UpdatedBy: "alice"}
	if _, err := db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return pi
}

// failImport posts the signed failed callback a capture worker sends for pi, with code as its
// error_code (none when empty).
func failImport(t *testing.T, s *c2dStack, pi *models.PageImport, message, code string) {
	t.Helper()
	cb := callbacks.PageImportCallback{PageImportID: pi.ID, Attempt: pi.Attempt, Nonce: pi.Nonce, Status: callbacks.StatusFailed, ErrorMessage: &message}
	if code != "" {
		cb.ErrorCode = &code
	}
	body, _ := json.Marshal(cb)
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+callbacks.PageImportsPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	callbacks.SignRequest(req, time.Now(), body, []byte(s.secret))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("failed callback answered %d", resp.StatusCode)
	}
}

// TestGraphQLPageImportErrorCode: the error_code of a failed capture callback reads as
// PageImport.errorCode beside errorMessage, in a list (one batched read) and alone; imports that
// are not failed, or failed without a code, read null; another organization's code is never
// read.
func TestGraphQLPageImportErrorCode(t *testing.T) {
	s := newCode2DesStack(t)
	alice, bob := s.token(t, "alice"), s.token(t, "bob")
	crashed := processingImport(t, s.db, s.orgA, s.a1)
	failImport(t, s, crashed, "the page crashed; it may use too much memory", "PAGE_CRASHED")
	noCode := processingImport(t, s.db, s.orgA, s.a1)
	failImport(t, s, noCode, "the capture failed", "")
	processing := processingImport(t, s.db, s.orgA, s.a1)
	completed := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	bobs := processingImport(t, s.db, s.orgB, s.b1)
	failImport(t, s, bobs, "the address serves a PDF document, not a web page (HTML, XHTML or SVG)", "NOT_A_WEB_PAGE")

	type node struct {
		ID, Status   string
		ErrorCode    *string
		ErrorMessage *string
	}
	t.Run("OK/List", func(t *testing.T) {
		before := s.statements.Load()
		r := s.do(t, alice, `query($p: ID!) { pageImports(projectId: $p) { edges { node { id status errorCode errorMessage } } } }`,
			map[string]any{"p": s.a1})
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		var conn struct{ Edges []struct{ Node node } }
		decodeData(t, r, "pageImports", &conn)
		got := map[string]node{}
		for _, e := range conn.Edges {
			got[e.Node.ID] = e.Node
		}
		if c := got[crashed.ID]; len(got) != 4 || c.Status != "FAILED" || c.ErrorCode == nil || *c.ErrorCode != "PAGE_CRASHED" ||
			c.ErrorMessage == nil || *c.ErrorMessage != "the page crashed; it may use too much memory" {
			t.Errorf("list %s; want PAGE_CRASHED on the crashed import", r.Raw)
		}
		for _, id := range []string{noCode.ID, processing.ID, completed.ID} {
			if got[id].ErrorCode != nil {
				t.Errorf("import %s (%s) reads errorCode %q, want null", id, got[id].Status, *got[id].ErrorCode)
			}
		}
		// The page of imports, the membership check and one batched code read.
		if n := s.statements.Load() - before; n > 4 {
			t.Errorf("listing 4 imports with their codes took %d SQL statements", n)
		}
	})
	t.Run("OK/One", func(t *testing.T) {
		r := s.do(t, bob, `query($id: ID!) { pageImport(id: $id) { id errorCode } }`, map[string]any{"id": bobs.ID})
		var pi node
		decodeData(t, r, "pageImport", &pi)
		if pi.ErrorCode == nil || *pi.ErrorCode != "NOT_A_WEB_PAGE" {
			t.Errorf("%s; want NOT_A_WEB_PAGE", r.Raw)
		}
	})
	t.Run("OK/RetriedReadsNullUntilItsAttemptFails", func(t *testing.T) {
		read := func() node {
			r := s.do(t, alice, `query($id: ID!) { pageImport(id: $id) { id status errorCode } }`, map[string]any{"id": crashed.ID})
			var pi node
			decodeData(t, r, "pageImport", &pi)
			return pi
		}
		if r := s.do(t, alice, `mutation($id: ID!) { retryPageImport(id: $id) { pageImport { id } } }`, map[string]any{"id": crashed.ID}); r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		if pi := read(); pi.Status != "PROCESSING" || pi.ErrorCode != nil {
			t.Errorf("retried import reads %s %v; want PROCESSING, errorCode null", pi.Status, pi.ErrorCode)
		}
		var retried models.PageImport
		if err := s.db.NewSelect().Model(&retried).Where("id = ?", crashed.ID).Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		failImport(t, s, &retried, "the page stopped responding: its scripts kept the browser busy for more than 10s", "PAGE_UNRESPONSIVE")
		if pi := read(); pi.Status != "FAILED" || pi.ErrorCode == nil || *pi.ErrorCode != "PAGE_UNRESPONSIVE" {
			t.Errorf("attempt 2 failed reads %s %v; want FAILED, PAGE_UNRESPONSIVE", pi.Status, pi.ErrorCode)
		}
	})
	t.Run("NotFound/OtherOrganization", func(t *testing.T) {
		r := s.do(t, alice, `query($id: ID!) { pageImport(id: $id) { id errorCode } }`, map[string]any{"id": bobs.ID})
		if r.code() != "NOT_FOUND" {
			t.Errorf("%s; want NOT_FOUND", r.Raw)
		}
	})
}
