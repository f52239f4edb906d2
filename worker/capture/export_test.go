package capture

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// BrowserContexts lists the browser contexts Chromium holds besides its default one
// (Target.getBrowserContexts). The tests use it to see that every job's context was disposed.
func BrowserContexts(b *Browser, ctx context.Context) ([]cdp.BrowserContextID, error) {
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
		stop := context.AfterFunc(ctx, cancel)
		if err := chromedp.Do(tctx); err != nil { // attach
			stop()
			cancel()
			return n, err
		}
		// The crash takes the target's session with it, so the call gets no answer.
		cctx, ccancel := context.WithTimeout(tctx, time.Second)
		_, _ = chromedp.Call(cctx, page.Crash, cdp.Empty{})
		ccancel()
		stop()
		cancel()
		n++
	}
	return n, nil
}

// ProfileDir is the directory of b's Chromium profile.
func ProfileDir(b *Browser) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.proc.DataDir
}

// RendererDataLimits returns the data-segment soft limit (bytes) of each renderer process forked
// after b's start (the children of its limited zygote), by pid.
func RendererDataLimits(b *Browser) (map[int]uint64, error) {
	browserCtx, err := b.live()
	if err != nil {
		return nil, err
	}
	browserPID := chromedp.FromContext(browserCtx).Browser.Process().Pid
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, err
	}
	zygotes := map[int]bool{}
	var procs []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err == nil {
			procs = append(procs, pid)
		}
	}
	for _, pid := range procs {
		if ppid := parentPID(pid); (ppid == browserPID || parentPID(ppid) == browserPID) && isLimitedZygote(pid) {
			zygotes[pid] = true
		}
	}
	out := map[int]uint64{}
	for _, pid := range procs {
		if !zygotes[parentPID(pid)] {
			continue
		}
		var lim unix.Rlimit
		if err := unix.Prlimit(pid, unix.RLIMIT_DATA, nil, &lim); err == nil {
			out[pid] = lim.Cur
		}
	}
	return out, nil
}
