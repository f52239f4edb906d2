package capturetest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// SaveMHTML opens pageURL in a Chromium of its own (a user's browser, not the worker's), scrolls
// to the bottom and back so lazy images load, waits for readySelector (if not empty), and saves
// the page as MHTML with DevTools Page.captureSnapshot, as a browser extension would
// (issue 19). It skips the test when Chromium is missing outside CI.
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
	dir := tb.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(path), chromedp.UserDataDir(dir),
		chromedp.Headless, chromedp.NoSandbox, chromedp.NoFirstRun, chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("hide-scrollbars", true), chromedp.WindowSize(1280, 800))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		tb.Fatalf("save MHTML: open %s: %v", pageURL, err)
	}
	for readySelector != "" {
		found, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!document.querySelector("+quote(readySelector)+")"))
		if err != nil {
			tb.Fatalf("save MHTML: ready selector: %v", err)
		}
		if found {
			break
		}
		time.Sleep(50 * time.Millisecond)
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
		tb.Fatalf("save MHTML: scroll: %v", err)
	}
	var data string
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.CaptureSnapshot, page.CaptureSnapshotParams{Format: page.CaptureSnapshotFormatMhtml})
		data = r.Data
		return err
	}))
	if err != nil {
		tb.Fatalf("save MHTML: Page.captureSnapshot: %v", err)
	}
	return []byte(data)
}

func quote(s string) string {
	out := []byte{'"'}
	for _, c := range []byte(s) {
		if c == '"' || c == '\\' {
			out = append(out, '\\')
		}
		out = append(out, c)
	}
	return string(append(out, '"'))
}
