package capture_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
)

// servePages serves each page's HTML at its path on loopback until the test ends.
func servePages(t *testing.T, pages map[string]string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	for path, html := range pages {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, html)
		})
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// captureURL captures url at 400x300 with short timeouts.
func captureURL(ctx context.Context, b *capture.Browser, url string, load time.Duration) (*capture.Page, error) {
	return b.Capture(ctx, capture.PageSpec{URL: url, Viewport: capture.Viewport{Width: 400, Height: 300}, DeviceScaleFactor: 1},
		capture.Timeouts{Load: load, Ready: time.Second, NetworkIdle: 2 * time.Second, Images: time.Second}, capture.ChromiumMaxScreenshotHeight)
}

// TestDialogsNeverBlockACapture: pages that open alert, confirm and prompt while loading, or alert
// every 20 ms forever after, are captured; each dialog is dismissed (confirm gives false, prompt
// null) and counted. A page whose loading script opens alerts in an endless loop never finishes
// loading: it fails at the load timeout with a message that says so and counts the dialogs.
func TestDialogsNeverBlockACapture(t *testing.T) {
	t.Parallel()
	b := mustBrowser(t, true)
	srv := servePages(t, map[string]string{
		"/alert": `<!doctype html><script>alert("Welcome!")</script><h1>After the alert</h1>`,
		"/confirm-prompt": `<!doctype html><h1 id="out">waiting</h1><script>
			const c = confirm("Accept cookies?"); const p = prompt("Your name?", "Ada");
			document.getElementById("out").textContent = "confirm=" + c + " prompt=" + p;</script>`,
		"/interval": `<!doctype html><h1>Alerts forever</h1><script>setInterval(() => alert("again"), 20)</script>`,
		"/loop":     `<!doctype html><h1>Never loads</h1><script>for (;;) alert("loop")</script>`,
	})
	for _, tc := range []struct {
		name, path, text string
		minDialogs       int
	}{
		{"AlertWhileLoading", "/alert", "After the alert", 1},
		{"ConfirmAndPromptDismissed", "/confirm-prompt", "confirm=false prompt=null", 2},
		{"AlertEvery20ms", "/interval", "Alerts forever", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
			defer cancel()
			p, err := captureURL(ctx, b, srv.URL+tc.path, 10*time.Second)
			if err != nil {
				t.Fatalf("Capture: %v", err)
			}
			if !strings.Contains(string(p.Document), `"text":"`+tc.text+`"`) {
				t.Errorf("the capture does not hold the text %q: %.300s", tc.text, p.Document)
			}
			if p.DialogsAnswered < tc.minDialogs {
				t.Errorf("%d dialogs answered, want at least %d", p.DialogsAnswered, tc.minDialogs)
			}
		})
	}
	t.Run("EndlessLoopWhileLoadingFailsClearly", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
		defer cancel()
		const load = 2 * time.Second
		start := time.Now()
		_, err := captureURL(ctx, b, srv.URL+"/loop", load)
		elapsed := time.Since(start)
		var pe *capture.PageError
		if !errors.As(err, &pe) || !strings.HasPrefix(pe.Message, "the page did not finish loading within 2s (it opened ") ||
			!strings.Contains(pe.Message, " JavaScript dialog") {
			t.Fatalf("Capture: %v; want the load timeout with the dialog count", err)
		}
		if elapsed > load+10*time.Second {
			t.Errorf("failed after %s; want soon after the %s load timeout", elapsed, load)
		}
	})
}
