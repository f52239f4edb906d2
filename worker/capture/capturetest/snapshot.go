package capturetest

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// SaveMHTML is Snapshot for tests: Chromium at CHROMIUM_PATH (default /usr/bin/chromium), at most
// a minute; it skips the test when Chromium is missing outside CI and fails it on any error.
func SaveMHTML(tb testing.TB, pageURL, readySelector string) []byte {
	tb.Helper()
	path := os.Getenv("CHROMIUM_PATH")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("Chromium is required in CI: %v", err)
		}
		tb.Skipf("Chromium not installed at %s", path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := Snapshot(ctx, path, pageURL, readySelector)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Snapshot opens pageURL in a Chromium of its own (a user's browser, not the capture worker's),
// waits for readySelector (if not empty), scrolls to the bottom and back so lazy images load, and
// saves the page as MHTML with DevTools Page.captureSnapshot, as a browser extension would.
// The local stack's `snapshot` command and the tests use it.
func Snapshot(ctx context.Context, chromiumPath, pageURL, readySelector string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "snapshot-chromium-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(chromiumPath), chromedp.UserDataDir(dir),
		chromedp.Headless, chromedp.NoSandbox, chromedp.NoFirstRun, chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("hide-scrollbars", true), chromedp.WindowSize(1280, 800))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		return nil, fmt.Errorf("save MHTML: open %s: %w", pageURL, err)
	}
	for readySelector != "" {
		found, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!document.querySelector("+strconv.Quote(readySelector)+")"))
		if err != nil {
			return nil, fmt.Errorf("save MHTML: ready selector: %w", err)
		}
		if found {
			break
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("save MHTML: ready selector %q: %w", readySelector, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
	const scroll = `new Promise(async (done) => {
		for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
			scrollTo(0, y); await new Promise(r => setTimeout(r, 100));
		}
		scrollTo(0, 0);
		await Promise.all([...document.images].map(i => i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; })));
		done(true);
	})`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](scroll, chromedp.EvalAwaitPromise)); err != nil {
		return nil, fmt.Errorf("save MHTML: scroll: %w", err)
	}
	var data string
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.CaptureSnapshot, page.CaptureSnapshotParams{Format: page.CaptureSnapshotFormatMhtml})
		data = r.Data
		return err
	}))
	if err != nil {
		return nil, fmt.Errorf("save MHTML: Page.captureSnapshot: %w", err)
	}
	return []byte(data), nil
}
