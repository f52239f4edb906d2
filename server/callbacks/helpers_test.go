package callbacks_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/go-cmp/cmp"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// Paths of the worker contract files, from this package's directory.
const (
	goldenDir  = "../../testdata/workers/"
	schemasDir = "../../docs/schemas/"
)

var (
	secretA = []byte("test-secret-a-0123456789abcdef0123456789abcdef")
	secretB = []byte("test-secret-b-0123456789abcdef0123456789abcdef")
)

// env is one test's backend: a fresh database, a bucket of its own, and the callback handler on a
// real HTTP server.
type env struct {
	t       testing.TB
	db      *bun.DB
	s3      *testenv.S3Env
	url     string
	org     *models.Organization
	project *models.Project
}

type envOptions struct {
	secrets [][]byte
	limits  artifacts.Limits
	// blobFor, when set, gives the store the service reads the test bucket through (for a
	// storage that is down); the test itself still writes through the live store.
	blobFor func(bucket string) models.BlobStore
	// logTo, when set, receives the handler's JSON log lines, debug level included.
	logTo io.Writer
}

func newEnv(t testing.TB, o envOptions) *env {
	t.Helper()
	e := &env{t: t, db: testenv.MustOpenDB(t), s3: testenv.S3(t)}
	if o.secrets == nil {
		o.secrets = [][]byte{secretA}
	}
	var blob models.BlobStore = e.s3.Store
	if o.blobFor != nil {
		blob = o.blobFor(e.s3.Bucket)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.logTo != nil {
		logger = slog.New(slog.NewJSONHandler(o.logTo, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	h := &callbacks.Handler{
		Service: &callbacks.Service{
			DB:        e.db,
			Artifacts: artifacts.NewVerifier(blob, "", o.limits),
			Logger:    logger,
		},
		Signatures: &callbacks.SignatureVerifier{Secrets: o.secrets},
		Logger:     logger,
	}
	r := chi.NewRouter()
	r.Post(callbacks.PageImportsPath, h.PageImports)
	r.Post(callbacks.Code2DesPath, h.Code2Des)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	e.url = srv.URL

	ctx := context.Background()
	e.org = &models.Organization{Name: "Acme"}
	if _, err := e.db.NewInsert().Model(e.org).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	e.project = &models.Project{OrganizationID: e.org.ID, Name: "Site"}
	if _, err := e.db.NewInsert().Model(e.project).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

// pageImport inserts a processing page import with a fresh id and nonce.
func (e *env) pageImport() *models.PageImport {
	e.t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	return e.insertPageImport(id, nonce)
}

func (e *env) insertPageImport(id, nonce string) *models.PageImport {
	e.t.Helper()
	pi := &models.PageImport{ID: id, OrganizationID: e.org.ID, ProjectID: e.project.ID,
		SourceURL: "https://example.com/", ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce,
		CreatedBy: "sub-1", UpdatedBy: "sub-1"}
	if _, err := e.db.NewInsert().Model(pi).Returning("*").Exec(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	return pi
}

// completedPageImport inserts a page import already completed with a capture hash, as a
// conversion's source.
func (e *env) completedPageImport(captureHash string) *models.PageImport {
	e.t.Helper()
	pi := e.pageImport()
	prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
	_, err := e.db.NewUpdate().Model((*models.PageImport)(nil)).
		Set("status = ?", models.PageImportCompleted).
		Set("capture_hash = ?", captureHash).
		Set("result_url = ?", models.S3URI(e.s3.Bucket, prefix+"capture.json")).
		Where("id = ?", pi.ID).Exec(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return e.readPageImport(pi.ID)
}

// code2des inserts a processing code2des job on a completed page import.
func (e *env) code2des(pi *models.PageImport) *models.Code2Des {
	e.t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	return e.insertCode2Des(id, nonce, pi)
}

func (e *env) insertCode2Des(id, nonce string, pi *models.PageImport) *models.Code2Des {
	e.t.Helper()
	job := &models.Code2Des{ID: id, OrganizationID: e.org.ID, ProjectID: e.project.ID, PageImportID: pi.ID,
		FigmaFileKey: "AbC123", ScreenID: "example-com", Nonce: nonce, CreatedBy: "sub-1", UpdatedBy: "sub-1"}
	if _, err := e.db.NewInsert().Model(job).Returning("*").Exec(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	return job
}

func (e *env) readPageImport(id string) *models.PageImport {
	e.t.Helper()
	var row models.PageImport
	if err := e.db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	return &row
}

func (e *env) readCode2Des(id string) *models.Code2Des {
	e.t.Helper()
	var row models.Code2Des
	if err := e.db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	return &row
}

func (e *env) put(key string, body []byte) {
	e.t.Helper()
	if err := e.s3.Store.Put(context.Background(), key, body, "application/octet-stream"); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) uri(key string) string { return models.S3URI(e.s3.Bucket, key) }

// capture is a capture JSON as a generic map, so tests can break any part of it.
type capture map[string]any

// newCapture returns a valid capture JSON document for pi, with one asset and a screenshot.
func newCapture(pi *models.PageImport) capture {
	prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
	return capture{
		"manifest": map[string]any{
			"kind": "page_import.capture", "version": 1, "page_import_id": pi.ID, "attempt": pi.Attempt,
			"nonce": pi.Nonce, "source_url": "https://example.com/", "final_url": "https://example.com/",
			"viewport": map[string]any{"width": 1440, "height": 900}, "device_scale_factor": 1,
			"captured_at": "2026-01-01T00:00:05Z",
		},
		"document": map[string]any{"root": map[string]any{"tag": "body"}},
		"assets": []any{map[string]any{"id": "a1", "source_url": "https://example.com/a.png",
			"key": prefix + "assets/a1.png", "mime_type": "image/png", "sha256": strings.Repeat("ab", 32), "byte_size": 10}},
		"screenshot": map[string]any{"key": prefix + "screenshot.png", "mime_type": "image/png", "width": 1440, "height": 2000},
	}
}

func (c capture) manifest() map[string]any { return c["manifest"].(map[string]any) }

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// storeCapture writes the capture JSON and a screenshot under pi's prefix and returns the
// completed callback that reports them.
func (e *env) storeCapture(pi *models.PageImport, c capture) map[string]any {
	e.t.Helper()
	prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
	b := mustJSON(e.t, c)
	e.put(prefix+"capture.json", b)
	e.put(prefix+"screenshot.png", []byte("\x89PNG screenshot"))
	return map[string]any{
		"page_import_id": pi.ID, "attempt": pi.Attempt, "nonce": pi.Nonce, "status": "completed",
		"result_url": e.uri(prefix + "capture.json"), "capture_hash": artifacts.HashHex(b),
		"screenshot_url": e.uri(prefix + "screenshot.png"),
	}
}

func failedPageImportCallback(pi *models.PageImport, msg string) map[string]any {
	return map[string]any{"page_import_id": pi.ID, "attempt": pi.Attempt, "nonce": pi.Nonce,
		"status": "failed", "error_message": msg}
}

// newResult returns a valid result JSON for job made from pi, with warnings warnings.
func newResult(job *models.Code2Des, pi *models.PageImport, warnings int) map[string]any {
	ws := make([]any, warnings)
	for i := range ws {
		ws[i] = map[string]any{"code": "FONT_SUBSTITUTED", "message": "used Inter", "node_id": "1:1"}
	}
	return map[string]any{
		"manifest": map[string]any{
			"kind": "code2des.result", "version": 1, "code2des_id": job.ID, "attempt": job.Attempt, "nonce": job.Nonce,
			"page_import_id": pi.ID, "capture_hash": *pi.CaptureHash, "converted_at": "2026-01-01T00:01:00Z",
		},
		"root": map[string]any{"id": "1:1", "type": "FRAME", "name": "page", "x": 0, "y": 0, "width": 100, "height": 100},
		"images": []any{map[string]any{"ref": "img-1", "key": models.Code2DesArtifactPrefix("", job.ID, job.Attempt) + "images/1.png",
			"mime_type": "image/png", "sha256": strings.Repeat("cd", 32), "byte_size": 10, "width": 4, "height": 4}},
		"warnings": ws,
	}
}

// storeResult writes the result JSON under job's prefix and returns the completed callback.
func (e *env) storeResult(job *models.Code2Des, r map[string]any) map[string]any {
	e.t.Helper()
	key := models.Code2DesArtifactPrefix("", job.ID, job.Attempt) + "result.json"
	e.put(key, mustJSON(e.t, r))
	return map[string]any{"code2des_id": job.ID, "attempt": job.Attempt, "nonce": job.Nonce, "status": "completed",
		"result_url": e.uri(key), "warning_count": len(r["warnings"].([]any))}
}

// answer is a decoded callback response.
type answer struct {
	status int
	body   callbacks.Response
	header http.Header
}

// post sends body signed with secretA at the current time.
func (e *env) post(path string, body []byte) answer {
	e.t.Helper()
	return e.postWith(path, body, func(r *http.Request) { callbacks.SignRequest(r, time.Now(), body, secretA) })
}

// postJSON marshals v and posts it signed.
func (e *env) postJSON(path string, v any) answer {
	e.t.Helper()
	return e.post(path, mustJSON(e.t, v))
}

// postWith sends body after sign has set the headers.
func (e *env) postWith(path string, body []byte, sign func(*http.Request)) answer {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.url+path, bytes.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if sign != nil {
		sign(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var a answer
	a.status, a.header = resp.StatusCode, resp.Header
	if err := json.Unmarshal(raw, &a.body); err != nil {
		e.t.Fatalf("response %d is not JSON: %q", resp.StatusCode, raw)
	}
	return a
}

func (a answer) String() string {
	b, _ := json.Marshal(a.body)
	return http.StatusText(a.status) + " " + string(b)
}

// errorCode returns the answer's error code, or "" on success.
func (a answer) errorCode() string {
	if a.body.Error == nil {
		return ""
	}
	return a.body.Error.Code
}

// unchanged fails the test if the row differs from before.
func unchanged[T any](t testing.TB, before, after T) {
	t.Helper()
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the row changed (-before +after):\n%s", diff)
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// hmacHex is the v1 signature's hex, computed independently of the package under test.
func hmacHex(secret []byte, ts string, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}
