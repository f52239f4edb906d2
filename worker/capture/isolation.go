package capture

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Isolation between jobs (docs/workers.md "Isolation"): every capture runs in a tab of a browser
// context of its own (Target.createBrowserContext, chromedp.WithNewBrowserContext). A browser
// context is Chromium's incognito profile: cookies, localStorage, sessionStorage, IndexedDB, the
// HTTP cache, service workers and permissions live in memory and belong to that context alone, so
// two jobs never see each other's state, also when they render at the same time. The context is
// disposed (Target.disposeBrowserContext) when the capture returns, whatever its outcome; if
// Chromium does not confirm the disposal, the whole process is stopped, so nothing of the job can
// survive into the next one (a capture running at that moment fails as a worker fault and is
// redelivered).

// openJobTab opens a tab in a new browser context under parent (a context of the running
// browser). release closes the tab and disposes the context; it is safe to call once the capture
// is over, whether it succeeded, failed or was cancelled.
func (b *Browser) openJobTab(parent context.Context) (tabCtx context.Context, release func()) {
	tabCtx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	return tabCtx, func() {
		err := chromedp.Cancel(tabCtx)
		cancel()
		if err != nil {
			b.recycle(parent, err)
		}
	}
}

// recycle stops the browser process after a failed disposal, unless it was already replaced or
// stopped; the next capture starts a fresh one (live).
func (b *Browser) recycle(parent context.Context, cause error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil || chromedp.FromContext(parent) == nil ||
		chromedp.FromContext(parent).Browser != chromedp.FromContext(b.ctx).Browser {
		return
	}
	b.disposeFailures++
	if b.opts.Logger != nil {
		b.opts.Logger.Error("browser context not disposed; restarting Chromium", "err", cause)
	}
	_ = b.stop()
}

// browserContexts lists the browser contexts Chromium holds besides its default one
// (Target.getBrowserContexts). Tests use it to see that every job's context was disposed.
func (b *Browser) browserContexts(ctx context.Context) ([]cdp.BrowserContextID, error) {
	browserCtx, err := b.live()
	if err != nil {
		return nil, err
	}
	c := chromedp.FromContext(browserCtx)
	res, err := cdp.Call(ctx, c.Browser, target.GetBrowserContexts, cdp.Empty{})
	if err != nil {
		return nil, fmt.Errorf("list browser contexts: %w", err)
	}
	return res.BrowserContextIDs, nil
}
