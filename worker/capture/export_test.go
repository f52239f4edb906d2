package capture

import (
	"context"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BrowserContexts exposes browserContexts to the package's external tests.
var BrowserContexts = (*Browser).browserContexts

// CrashTab crashes the renderer of every tab of b whose URL contains urlPart (DevTools
// Page.crash, as a renderer bug or chrome://crash would), and reports how many it crashed.
func CrashTab(ctx context.Context, b *Browser, urlPart string) (int, error) {
	browserCtx, err := b.live()
	if err != nil {
		return 0, err
	}
	infos, err := chromedp.Targets(browserCtx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, info := range infos {
		if info.Type != "page" || !strings.Contains(info.URL, urlPart) {
			continue
		}
		tctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
		// The crash takes the target's session with it, so the call gets no answer.
		cctx, ccancel := context.WithTimeout(tctx, time.Second)
		_, _ = chromedp.Call(cctx, page.Crash, cdp.Empty{})
		ccancel()
		cancel()
		n++
	}
	return n, nil
}

// ProfileDir is the directory of b's Chromium profile.
func ProfileDir(b *Browser) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dataDir
}
