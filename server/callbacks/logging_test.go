package callbacks_test

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"github.com/code2des/backend/server/callbacks"
)

// lockedBuffer is a bytes.Buffer safe for the server's goroutines and the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// take returns the "callback refused" lines logged since the last call, as decoded JSON.
func (b *lockedBuffer) take(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var lines []map[string]any
	for _, raw := range bytes.Split(bytes.TrimSpace(b.buf.Bytes()), []byte("\n")) {
		if len(raw) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("log line is not JSON: %q", raw)
		}
		if m["msg"] == "callback refused" {
			lines = append(lines, m)
		}
	}
	b.buf.Reset()
	return lines
}

// TestRefusalLogLevels: refusals anyone can cause without the secret (unsigned, oversize) are
// logged at DEBUG, so a flood of junk requests cannot flood the WARN log (the request line and
// code2des_http_requests_total{status="401"} still record each one); refusals of authentic
// callbacks keep a level that an operator should see.
func TestRefusalLogLevels(t *testing.T) {
	t.Parallel()
	logs := &lockedBuffer{}
	e := newEnv(t, envOptions{logTo: logs})
	pi := e.pageImport()
	body := mustJSON(t, failedPageImportCallback(pi, "navigation timed out"))
	oversize := bytes.Repeat([]byte(" "), callbacks.MaxBodyBytes+1)
	unknownJob := failedPageImportCallback(pi, "navigation timed out")
	unknownJob["page_import_id"] = "01a22990-0000-7000-8000-000000000000"

	for _, tc := range []struct {
		name   string
		send   func() answer
		status int
		level  string
	}{
		{"DebugForUnsigned", func() answer { return e.postWith(callbacks.PageImportsPath, body, nil) }, 401, "DEBUG"},
		{"DebugForOversizeUnsigned", func() answer { return e.postWith(callbacks.PageImportsPath, oversize, nil) }, 413, "DEBUG"},
		{"WarnForSignedMalformed", func() answer { return e.post(callbacks.PageImportsPath, []byte(`{"job_id":1}`)) }, 400, "WARN"},
		{"InfoForSignedUnknownJob", func() answer { return e.postJSON(callbacks.PageImportsPath, unknownJob) }, 404, "INFO"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if a := tc.send(); a.status != tc.status {
				t.Fatalf("answer %v; want %d", a, tc.status)
			}
			lines := logs.take(t)
			if len(lines) != 1 {
				t.Fatalf("%d refusal lines, want 1: %v", len(lines), lines)
			}
			if got := lines[0]["level"]; got != tc.level {
				t.Errorf("refusal logged at %v, want %s", got, tc.level)
			}
			if lines[0]["status"] != float64(tc.status) {
				t.Errorf("logged status %v, want %d", lines[0]["status"], tc.status)
			}
		})
	}
}
