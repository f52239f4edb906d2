package capture

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTrafficGoesThroughGuard renders a loopback page with the guard on and without the
// up-front address check: only the egress proxy can refuse it, which proves Chromium sends even
// loopback traffic through the proxy.
func TestBrowserTrafficGoesThroughGuard(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte("<h1>private</h1>"))
	}))
	t.Cleanup(srv.Close)
	b, err := NewBrowser(BrowserOptions{AllowPrivateNetworks: false})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err = b.render(ctx, PageSpec{URL: srv.URL, Viewport: Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1},
		Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: time.Second, Images: time.Second}, ChromiumMaxScreenshotHeight)
	var pe *PageError
	if !errors.As(err, &pe) || pe.Message != "the page address is not allowed: it points to a private or reserved network" {
		t.Fatalf("render of a loopback page with the guard on: %v", err)
	}
	if hits.Load() != 0 {
		t.Fatalf("the loopback server was reached %d times", hits.Load())
	}
}

// TestBrowserRestartsAfterCrash kills Chromium; the next capture starts a new process.
func TestBrowserRestartsAfterCrash(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<h1>after the crash</h1>"))
	}))
	t.Cleanup(srv.Close)
	b, err := NewBrowser(BrowserOptions{AllowPrivateNetworks: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	b.mu.Lock()
	first, browserCtx := chromedp.FromContext(b.proc.Ctx).Browser.Process(), b.proc.Ctx
	b.mu.Unlock()
	if err := first.Kill(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The kill is noticed when the connection drops, which ends the browser's context.
	select {
	case <-browserCtx.Done():
	case <-ctx.Done():
		t.Fatal("the killed browser's context did not end")
	}
	p, err := b.Capture(ctx, PageSpec{URL: srv.URL, Viewport: Viewport{Width: 400, Height: 300}, DeviceScaleFactor: 1},
		Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: time.Second, Images: time.Second}, ChromiumMaxScreenshotHeight)
	if err != nil {
		t.Fatalf("capture after the crash: %v", err)
	}
	if !strings.Contains(string(p.Document), "after the crash") {
		t.Fatalf("document does not hold the page text: %.200s", p.Document)
	}
	if second := chromedp.FromContext(b.proc.Ctx).Browser.Process(); second.Pid == first.Pid {
		t.Fatalf("still the killed process %d", first.Pid)
	}
}
