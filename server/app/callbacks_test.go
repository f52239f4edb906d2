package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/callbacks"
	"github.com/code2des/backend/server/database"
)

func TestWorkerCallbackConfig(t *testing.T) {
	long := strings.Repeat("s", callbacks.MinSecretLength)
	t.Setenv("WORKER_SECRETS", long+","+strings.Repeat("t", callbacks.MinSecretLength))
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.WorkerSecrets) != 2 || cfg.CaptureDeadline != 15*time.Minute || cfg.ConversionDeadline != 15*time.Minute ||
		cfg.SweepInterval != time.Minute || cfg.CaptureArtifactMaxBytes != 32<<20 || cfg.ResultArtifactMaxBytes != 8<<20 ||
		cfg.ArtifactReadTimeout != 30*time.Second {
		t.Errorf("callback defaults: secrets %d, %v %v %v %d %d %v", len(cfg.WorkerSecrets), cfg.CaptureDeadline,
			cfg.ConversionDeadline, cfg.SweepInterval, cfg.CaptureArtifactMaxBytes, cfg.ResultArtifactMaxBytes, cfg.ArtifactReadTimeout)
	}
	if got := cfg.LogValue().String(); strings.Contains(got, long) || !strings.Contains(got, "WORKER_SECRETS=***") {
		t.Errorf("the start-up log leaks or drops WORKER_SECRETS: %s", got)
	}

	for _, tc := range []struct{ name, secrets, want string }{
		{"ErrSecretOneByteShort", strings.Repeat("s", callbacks.MinSecretLength-1), "shorter than 32 bytes"},
		{"ErrThreeSecrets", long + "," + long + "," + long, "at most 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("WORKER_SECRETS", tc.secrets)
			if _, err := app.LoadConfig(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("WORKER_SECRETS %d bytes: %v, want %q", len(tc.secrets), err, tc.want)
			}
		})
	}
	t.Run("ErrZeroDeadline", func(t *testing.T) {
		t.Setenv("CAPTURE_DEADLINE", "0s")
		if _, err := app.LoadConfig(); err == nil || !strings.Contains(err.Error(), "CAPTURE_DEADLINE") {
			t.Errorf("zero capture deadline: %v", err)
		}
	})
}

// TestCallbackRoutesMounted: the app serves both callback routes, refusing an unsigned call with a
// JSON 401, and applies a signed one.
func TestCallbackRoutesMounted(t *testing.T) {
	secret := strings.Repeat("k", callbacks.MinSecretLength)
	db := testenv.MustOpenDB(t)
	s3 := testenv.S3(t)
	cfg := app.Config{WorkerSecrets: []string{secret}, S3Bucket: s3.Bucket}
	a, err := app.New(cfg, app.Deps{DB: db, Blob: s3.Store}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)

	for _, path := range []string{callbacks.PageImportsPath, callbacks.Code2DesPath} {
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		var body callbacks.Response
		_ = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != 401 || body.Error == nil || body.Error.Code != "unauthorized" || resp.Header.Get("X-Request-Id") == "" {
			t.Errorf("unsigned POST %s: %d %+v", path, resp.StatusCode, body)
		}
	}

	ctx := context.Background()
	org := &models.Organization{Name: "Acme"}
	if _, err := db.NewInsert().Model(org).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	proj := &models.Project{OrganizationID: org.ID, Name: "Site"}
	if _, err := db.NewInsert().Model(proj).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: org.ID, ProjectID: proj.ID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce, CreatedBy: "s", UpdatedBy: "s"}
	if _, err := db.NewInsert().Model(pi).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"page_import_id": id, "attempt": 1, "nonce": nonce, "status": "failed", "error_message": "x"})
	req, _ := http.NewRequest(http.MethodPost, srv.URL+callbacks.PageImportsPath, bytes.NewReader(body))
	callbacks.SignRequest(req, time.Now(), body, []byte(secret))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.TrimSpace(string(raw)) != `{"result":"applied"}` {
		t.Errorf("signed POST: %d %s", resp.StatusCode, raw)
	}
}

// TestRunSweepsAndStops: app.Run starts the sweeper with the server and stops it on shutdown.
func TestRunSweepsAndStops(t *testing.T) {
	dsn := testenv.MustCreateEmptyDB(t)
	s3 := testenv.S3(t)
	cfg := app.Config{
		HTTPAddr: "127.0.0.1:0", DatabaseURL: dsn, MigrateOnStart: true,
		Settings: awslocal.Settings(s3.Endpoint, ""), S3Bucket: s3.Bucket,
		CaptureDeadline: time.Minute, ConversionDeadline: time.Minute, SweepInterval: 50 * time.Millisecond,
		ShutdownTimeout: 5 * time.Second, DependencyTimeout: 5 * time.Second,
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	errc := make(chan error, 1)
	go func() {
		errc <- app.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ready)
	}()
	select {
	case <-ready:
	case err := <-errc:
		t.Fatalf("Run: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not start")
	}

	db := openDSN(t, dsn)
	bg := context.Background()
	org := &models.Organization{Name: "Acme"}
	if _, err := db.NewInsert().Model(org).Returning("*").Exec(bg); err != nil {
		t.Fatal(err)
	}
	proj := &models.Project{OrganizationID: org.ID, Name: "Site"}
	if _, err := db.NewInsert().Model(proj).Returning("*").Exec(bg); err != nil {
		t.Fatal(err)
	}
	id, _ := models.NewID()
	pi := &models.PageImport{ID: id, OrganizationID: org.ID, ProjectID: proj.ID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Nonce: "n", CreatedBy: "s", UpdatedBy: "s"}
	if _, err := db.NewInsert().Model(pi).Exec(bg); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewRaw("UPDATE page_import SET updated_at = current_timestamp - interval '1 hour' WHERE id = ?", id).Exec(bg); err != nil {
		t.Fatal(err)
	}
	testenv.WaitFor(t, 10*time.Second, "the sweeper started by Run fails the overdue job", func() bool {
		var row models.PageImport
		if err := db.NewSelect().Model(&row).Where("id = ?", id).Scan(bg); err != nil {
			t.Fatal(err)
		}
		return row.Status == models.PageImportFailed
	})
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("Run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after shutdown")
	}
}

func openDSN(t *testing.T, dsn string) *bun.DB {
	t.Helper()
	db, err := database.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}
