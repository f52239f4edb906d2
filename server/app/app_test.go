package app_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
)

func newServer(t *testing.T) (*httptest.Server, app.Deps) {
	t.Helper()
	deps := app.Deps{DB: testenv.MustOpenDB(t), Blob: testenv.S3(t).Store, CaptureQueue: testenv.SQS(t).Queue}
	a, err := app.New(app.Config{}, deps, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return srv, deps
}

func get(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func TestHealthAndReadiness(t *testing.T) {
	srv, deps := newServer(t)
	if code, body, hdr := get(t, srv.URL+"/healthz"); code != http.StatusOK || body != "ok\n" || hdr.Get("X-Request-Id") == "" {
		t.Errorf("healthz: %d %q request id %q", code, body, hdr.Get("X-Request-Id"))
	}
	if code, _, _ := get(t, srv.URL+"/readyz"); code != http.StatusOK {
		t.Errorf("readyz with the database up: %d", code)
	}
	deps.DB.Close()
	if code, body, _ := get(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "database") {
		t.Errorf("readyz with the database gone: %d %q", code, body)
	}
	if code, _, _ := get(t, srv.URL+"/healthz"); code != http.StatusOK {
		t.Errorf("healthz must not depend on the database: %d", code)
	}
}

func TestMetricsAndGraphQLMounted(t *testing.T) {
	srv, _ := newServer(t)
	get(t, srv.URL+"/healthz")
	code, body, _ := get(t, srv.URL+"/metrics")
	if code != http.StatusOK || !strings.Contains(body, `code2des_http_requests_total{method="GET",route="/healthz",status="200"} 1`) {
		t.Errorf("metrics: %d, missing the healthz counter", code)
	}
	code, body, _ = get(t, srv.URL+"/graphql?query=%7B__typename%7D")
	if code != http.StatusOK || !strings.Contains(body, `"__typename":"Query"`) {
		t.Errorf("GET /graphql: %d %s", code, body)
	}
	resp, err := http.Post(srv.URL+"/graphql", "application/json", strings.NewReader(`{"query":"{ __typename }"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), `"__typename":"Query"`) {
		t.Errorf("POST /graphql: %d %s", resp.StatusCode, b)
	}
	req, _ := http.NewRequest(http.MethodPut, srv.URL+"/graphql", strings.NewReader(`{}`))
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("PUT /graphql: %d, want 405", resp.StatusCode)
	}
}

func TestConfigDefaultsAndMasking(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("LOG_LEVEL", "loud")
	if _, err := app.LoadConfig(); err == nil || !strings.Contains(err.Error(), "LOG_LEVEL") {
		t.Errorf("a bad LOG_LEVEL: %v", err)
	}
	t.Setenv("LOG_LEVEL", "debug")
	t.Setenv("S3_BUCKET", "bkt")
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.HTTPAddr != ":8080" || cfg.S3Bucket != "bkt" || cfg.DatabaseURL == "" {
		t.Errorf("defaults: %+v", cfg)
	}
}

func TestConfigLogValueMasksSecrets(t *testing.T) {
	cfg := app.Config{DatabaseURL: "postgres://user:hunter2@db:5432/code2des"}
	got := cfg.LogValue().String()
	if strings.Contains(got, "hunter2") || !strings.Contains(got, "user:xxxxx@db") {
		t.Errorf("log value leaks or drops the database URL: %s", got)
	}
}

func TestRequestIDFromClientIsBounded(t *testing.T) {
	srv, _ := newServer(t)
	for _, tc := range []struct {
		name, sent string
		kept       bool
	}{
		{"OK", "req-123_abc.def:1", true},
		{"AtLimit", strings.Repeat("a", app.MaxRequestIDLength), true},
		{"PastLimit", strings.Repeat("a", app.MaxRequestIDLength+1), false},
		{"ForbiddenCharacter", "abc def", false},
		{"JSONBreakout", `abc"}{"level":"ERROR"`, false},
		{"Empty", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/healthz", nil)
			req.Header.Set("X-Request-Id", tc.sent)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			got := resp.Header.Get("X-Request-Id")
			if tc.kept && got != tc.sent {
				t.Errorf("request id %q, want the client's %q", got, tc.sent)
			}
			if !tc.kept && (got == tc.sent || len(got) != 36) {
				t.Errorf("request id %q, want a fresh UUID instead of %q", got, tc.sent)
			}
		})
	}
}
