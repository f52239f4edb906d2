package capture_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// ownBrowser starts a browser for one test alone (loopback pages allowed), for tests that count
// what the browser holds and so must not share it with parallel tests.
func ownBrowser(t *testing.T) *capture.Browser {
	t.Helper()
	mustBrowser(t, true) // skips or fails without Chromium, as every browser test does
	path := os.Getenv("CHROMIUM_PATH")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	b, err := capture.NewBrowser(capture.BrowserOptions{ExecPath: path, AllowPrivateNetworks: true})
	if err != nil {
		t.Fatalf("start browser: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// visit captures the visitor page (with extra query) and returns its document.
func visit(ctx context.Context, b *capture.Browser, siteURL, query string, idle time.Duration) (string, error) {
	p, err := b.Capture(ctx, capture.PageSpec{
		URL: siteURL + capturetest.VisitorPath + query, Viewport: capture.Viewport{Width: 400, Height: 300},
		DeviceScaleFactor: 1, ReadySelector: capturetest.ReadySelector,
	}, capture.Timeouts{Load: 10 * time.Second, Ready: 5 * time.Second, NetworkIdle: idle, Images: time.Second}, capture.ChromiumMaxScreenshotHeight)
	if err != nil {
		return "", err
	}
	return string(p.Document), nil
}

// checkFirstVisit fails unless doc shows a first visit that found none of an earlier visit's marks.
func checkFirstVisit(t *testing.T, job, doc string) {
	t.Helper()
	if !strings.Contains(doc, capturetest.FirstVisit) || strings.Contains(doc, capturetest.ReturningVisitor) ||
		!strings.Contains(doc, "Found: nothing") {
		i := strings.Index(doc, "Found:")
		t.Errorf("%s: the capture does not show a first visit that found nothing (%.80s)", job, doc[max(i, 0):])
	}
}

// checkNoBrowserContexts fails if the browser still holds a job's browser context.
func checkNoBrowserContexts(t *testing.T, b *capture.Browser) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ids, err := capture.BrowserContexts(b, ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 0 {
		t.Errorf("the browser still holds %d browser contexts after the jobs ended: %v", len(ids), ids)
	}
}

// TestJobsDoNotShareBrowserState captures the visitor page, which leaves a cookie, localStorage
// and sessionStorage items and an IndexedDB database, three times: one job (A) is held open
// after it wrote its marks while a second (B) renders the same origin at the same time, then a
// third (C) follows both. Every job shows FIRST VISIT and found nothing, and once they end the
// browser holds no browser context of theirs.
func TestJobsDoNotShareBrowserState(t *testing.T) {
	t.Parallel()
	b := ownBrowser(t)
	site := capturetest.Serve(t)
	wrote := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	hold := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(wrote) })
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(hold.Close)
	defer once.Do(func() {}) // nothing to release if A never signalled
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	type result struct {
		doc string
		err error
	}
	a := make(chan result, 1)
	go func() {
		doc, err := visit(ctx, b, site.URL, "?signal="+hold.URL+"/hold", 30*time.Second)
		a <- result{doc, err}
	}()
	select {
	case <-wrote:
	case r := <-a:
		t.Fatalf("job A ended before it signalled that it wrote its marks: %v", r.err)
	case <-ctx.Done():
		t.Fatal("job A never signalled that it wrote its marks")
	}
	docB, err := visit(ctx, b, site.URL, "", 2*time.Second)
	if err != nil {
		t.Fatalf("job B (while A is open): %v", err)
	}
	checkFirstVisit(t, "job B, rendered while job A holds its marks", docB)
	close(release)
	ra := <-a
	if ra.err != nil {
		t.Fatalf("job A: %v", ra.err)
	}
	checkFirstVisit(t, "job A", ra.doc)
	docC, err := visit(ctx, b, site.URL, "", 2*time.Second)
	if err != nil {
		t.Fatalf("job C: %v", err)
	}
	checkFirstVisit(t, "job C, after A and B", docC)
	checkNoBrowserContexts(t, b)
}

// TestBrowserContextDisposedWhateverTheOutcome ends jobs in a page error (a ready selector that
// never appears) and in a cancelled context: neither leaves its browser context behind.
func TestBrowserContextDisposedWhateverTheOutcome(t *testing.T) {
	t.Parallel()
	b := ownBrowser(t)
	site := capturetest.Serve(t)
	spec := capture.PageSpec{URL: site.URL + capturetest.NeverReadyPath, Viewport: capture.Viewport{Width: 400, Height: 300},
		DeviceScaleFactor: 1, ReadySelector: "#never"}
	timeouts := capture.Timeouts{Load: 10 * time.Second, Ready: 500 * time.Millisecond, NetworkIdle: time.Second, Images: time.Second}

	t.Run("PageError", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := b.Capture(ctx, spec, timeouts, capture.ChromiumMaxScreenshotHeight)
		if pe := (*capture.PageError)(nil); !errors.As(err, &pe) {
			t.Fatalf("Capture: %v, want a page error", err)
		}
		checkNoBrowserContexts(t, b)
	})
	t.Run("Cancelled", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		timeouts := timeouts
		timeouts.Ready = 10 * time.Second
		if _, err := b.Capture(ctx, spec, timeouts, capture.ChromiumMaxScreenshotHeight); err == nil {
			t.Fatal("Capture succeeded past its context's end")
		}
		checkNoBrowserContexts(t, b)
	})
}

// TestJobsDoNotShareTheHTTPCache captures twice a page whose script is cacheable for an hour: each
// job fetches it from the server, none is served from another job's cache.
func TestJobsDoNotShareTheHTTPCache(t *testing.T) {
	t.Parallel()
	b := mustBrowser(t, true)
	var hits atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><h1 id="out">loading</h1><script src="/cached.js"></script>`)
	})
	mux.HandleFunc("/cached.js", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/javascript")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		fmt.Fprint(w, `document.getElementById("out").textContent = "script ran";`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	for i := 1; i <= 2; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
		p, err := captureURL(ctx, b, srv.URL+"/page", 10*time.Second)
		cancel()
		if err != nil {
			t.Fatalf("capture %d: %v", i, err)
		}
		if !strings.Contains(string(p.Document), `"text":"script ran"`) {
			t.Fatalf("capture %d: the script did not run", i)
		}
		if got := hits.Load(); got != int32(i) {
			t.Fatalf("after capture %d the server served the script %d times, want %d (one per job: no shared cache)", i, got, i)
		}
	}
}
