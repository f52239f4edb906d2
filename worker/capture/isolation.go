package capture

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Isolation between jobs (docs/workers.md §11, worker/README.md "Isolation"): every capture runs
// in a tab of a browser context of its own (Target.createBrowserContext, then
// chromedp.WithExistingBrowserContext). A browser
// context is Chromium's incognito profile: cookies, localStorage, sessionStorage, IndexedDB, the
// HTTP cache, service workers and permissions live in memory and belong to that context alone, so
// two jobs never see each other's state, also when they render at the same time. The context is
// disposed (Target.disposeBrowserContext) when the capture returns, whatever its outcome; if
// Chromium does not confirm the disposal, the whole process is stopped, so nothing of the job can
// survive into the next one (a capture running at that moment fails as a worker fault and is
// redelivered).

// browserContextTimeout bounds creating and disposing of one job's browser context. Both run on
// a context of their own, not the job's: a job cancelled while its browser context is being
// created still learns its id, and so still disposes of it.
const browserContextTimeout = 10 * time.Second

// openJobTab creates a browser context and opens a tab in it under parent (a context of the
// running browser). proxy, when not empty, replaces the browser's egress proxy for this context
// (snapshot captures use the refusing proxy, snapshot_serve.go), loopback included. release closes the tab and disposes of the browser context; call it once the
// capture is over, whether it succeeded, failed or was cancelled.
func (b *Browser) openJobTab(parent context.Context, proxy string) (tabCtx context.Context, release func(), err error) {
	c := chromedp.FromContext(parent)
	if c == nil || c.Browser == nil {
		return nil, nil, fmt.Errorf("open tab: %w", chromedp.ErrInvalidContext)
	}
	cctx, cancel := context.WithTimeout(context.Background(), browserContextTimeout)
	defer cancel()
	params := target.CreateBrowserContextParams{DisposeOnDetach: ptr(true)}
	if proxy != "" {
		params.ProxyServer, params.ProxyBypassList = proxy, "<-loopback>"
	}
	created, err := cdp.Call(cctx, c.Browser, target.CreateBrowserContext, params)
	if err != nil {
		return nil, nil, fmt.Errorf("create browser context: %w", err)
	}
	id := created.BrowserContextID
	// Downloads are refused: a page (or an address that is a download) writes nothing to disk,
	// inside the profile or out of it (docs/workers.md "Page failures").
	if _, err := cdp.Call(cctx, c.Browser, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: id,
	}); err != nil {
		if _, derr := cdp.Call(cctx, c.Browser, target.DisposeBrowserContext, target.DisposeBrowserContextParams{BrowserContextID: id}); derr != nil {
			b.recycle(parent, fmt.Errorf("dispose browser context %s: %w", id, derr))
		}
		return nil, nil, fmt.Errorf("deny downloads: %w", err)
	}
	tabCtx, cancelTab := chromedp.NewContext(parent, chromedp.WithExistingBrowserContext(id))
	return tabCtx, func() {
		cancelTab() // closes the tab (bounded by chromedp)
		dctx, cancel := context.WithTimeout(context.Background(), browserContextTimeout)
		defer cancel()
		if _, err := cdp.Call(dctx, c.Browser, target.DisposeBrowserContext, target.DisposeBrowserContextParams{BrowserContextID: id}); err != nil {
			b.recycle(parent, fmt.Errorf("dispose browser context %s: %w", id, err))
		}
	}, nil
}

// recycle stops the browser process after a failed disposal, unless it was already replaced or
// stopped; the next capture starts a fresh one (live).
func (b *Browser) recycle(parent context.Context, cause error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.proc.Ctx.Err() != nil || chromedp.FromContext(parent) == nil ||
		chromedp.FromContext(parent).Browser != chromedp.FromContext(b.proc.Ctx).Browser {
		return
	}
	if b.opts.Logger != nil {
		b.opts.Logger.Error("browser context not disposed; restarting Chromium", "err", cause)
	}
	_ = b.proc.Stop()
}
