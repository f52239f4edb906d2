package callbacks_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// benchCaptureBytes is the size of the capture JSON of the benchmark (the 1 MiB artifact).
const benchCaptureBytes = 1 << 20

// bigCapture returns a capture for pi of about n bytes whose document is a realistic flat list of
// elements (many small objects, as a DOM dump is), not one long string.
func bigCapture(pi *models.PageImport, n int) capture {
	c := newCapture(pi)
	var nodes []any
	for i := 0; ; i++ {
		nodes = append(nodes, map[string]any{
			"tag": "div", "id": fmt.Sprintf("n%d", i),
			"box":   map[string]any{"x": i % 1440, "y": i * 24, "width": 640, "height": 24},
			"style": map[string]any{"font-family": "Inter", "font-size": "16px", "color": "rgb(17, 17, 17)", "display": "block"},
			"text":  "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
		})
		if i%256 == 0 {
			c["document"] = map[string]any{"root": map[string]any{"tag": "body", "children": nodes}}
			if b, _ := json.Marshal(c); len(b) >= n {
				return c
			}
		}
	}
}

// BenchmarkCaptureCallback compares applying a signed, completed capture callback with a 1 MiB
// capture (signature, decoding, fences, S3 GET, SHA-256, capture parsing, screenshot HEAD,
// conditional UPDATE) against a baseline measured in the same run: the same S3 GET, SHA-256 and
// conditional UPDATE alone. Each iteration resets the row to processing with the timer stopped.
// Results: docs/benchmarks.md ("Applying a completed capture callback").
func BenchmarkCaptureCallback(b *testing.B) {
	e := newEnv(b, envOptions{})
	pi := e.pageImport()
	c := bigCapture(pi, benchCaptureBytes)
	cb := e.storeCapture(pi, c)
	body := mustJSON(b, cb)
	prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
	size := len(mustJSON(b, c))
	ctx := context.Background()
	reset := func() {
		_, err := e.db.NewUpdate().Model((*models.PageImport)(nil)).Set("status = '0'").
			Set("result_url = NULL").Set("capture_hash = NULL").Set("screenshot_url = NULL").
			Where("id = ?", pi.ID).Exec(ctx)
		if err != nil {
			b.Fatal(err)
		}
	}

	b.Run("Baseline_GET_SHA256_UPDATE", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			reset()
			b.StartTimer()
			start := processCPU()
			data, err := e.s3.Store.Get(ctx, prefix+"capture.json", artifacts.DefaultCaptureMaxBytes)
			if err != nil {
				b.Fatal(err)
			}
			sum := sha256.Sum256(data)
			var id string
			err = e.db.NewUpdate().Model((*models.PageImport)(nil)).
				Set("status = ?", models.PageImportCompleted).
				Set("result_url = ?", cb["result_url"]).
				Set("capture_hash = ?", fmt.Sprintf("%x", sum)).
				Set("screenshot_url = ?", cb["screenshot_url"]).
				Set("updated_at = current_timestamp").
				Where("id = ? AND attempt = ? AND nonce = ? AND status = '0' AND deleted_at IS NULL", pi.ID, pi.Attempt, pi.Nonce).
				Returning("id").Scan(ctx, &id)
			if err != nil {
				b.Fatal(err)
			}
			cpu += processCPU() - start
		}
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	})

	b.Run("Callback", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		h := handlerOf(b, e)
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			reset()
			req := httptest.NewRequest(http.MethodPost, callbacks.PageImportsPath, bytes.NewReader(body))
			callbacks.SignRequest(req, time.Now(), body, secretA)
			rec := httptest.NewRecorder()
			b.StartTimer()
			start := processCPU()
			h.ServeHTTP(rec, req)
			cpu += processCPU() - start
			if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte(`"applied"`)) {
				b.Fatalf("callback answered %d %s", rec.Code, rec.Body.Bytes())
			}
		}
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
}

// handlerOf builds the same handler newEnv serves, to call it without a network hop.
func handlerOf(tb testing.TB, e *env) http.Handler {
	tb.Helper()
	h := &callbacks.Handler{
		Service:    &callbacks.Service{DB: e.db, Artifacts: artifacts.NewVerifier(e.s3.Store, "", artifacts.Limits{})},
		Signatures: &callbacks.SignatureVerifier{Secrets: [][]byte{secretA}},
	}
	return http.HandlerFunc(h.PageImports)
}
