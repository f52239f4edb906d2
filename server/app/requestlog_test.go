package app_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
)

// One line per request at LOG_LEVEL=info with its id, status and size; none above info (the
// request id header is sent either way).
func TestRequestLogLine(t *testing.T) {
	deps := app.Deps{DB: testenv.MustOpenDB(t), Blob: testenv.S3(t).Store, CaptureQueue: testenv.SQS(t).Queue}
	for _, tc := range []struct {
		name  string
		level slog.Level
		line  bool
	}{{"Info", slog.LevelInfo, true}, {"Warn", slog.LevelWarn, false}} {
		t.Run(tc.name, func(t *testing.T) {
			var out syncBuffer
			a, err := app.New(app.Config{}, deps, slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: tc.level})))
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
			req.Header.Set("X-Request-Id", "req-log-1")
			a.Handler().ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || rec.Header().Get("X-Request-Id") != "req-log-1" {
				t.Fatalf("%d, request id %q", rec.Code, rec.Header().Get("X-Request-Id"))
			}
			var lines []string
			for _, l := range strings.Split(out.String(), "\n") {
				if strings.Contains(l, "msg=request ") {
					lines = append(lines, l)
				}
			}
			if !tc.line {
				if len(lines) != 0 {
					t.Errorf("request lines above info: %q", lines)
				}
				return
			}
			if len(lines) != 1 || !strings.Contains(lines[0], "request_id=req-log-1") || !strings.Contains(lines[0], "status=200") ||
				!strings.Contains(lines[0], "path=/healthz") || !strings.Contains(lines[0], "bytes=3") {
				t.Errorf("request lines %q; want one with the id, path, status 200 and 3 bytes", lines)
			}
		})
	}
}
