// Package headless starts the headless Chromium processes of the reference workers: the capture
// worker's (worker/capture, behind its egress proxy) and the preview renderer's (worker/preview,
// with no network). Both run Debian's chromium as root in CI, with a fresh profile directory per
// process and the same hardening flags; each adds its own (proxy, WebRTC policy, font rendering).
package headless

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/chromedp"
)

// Process is one running Chromium. Ctx is the chromedp context of its first (browser) target:
// it lives as long as the process, so tabs are made from it. Stop ends it.
type Process struct {
	// DataDir is the temporary profile directory, removed by Stop.
	DataDir string
	// Ctx is the browser's chromedp context; Cancel ends it, AllocCancel ends the process.
	Ctx         context.Context
	Cancel      context.CancelFunc
	AllocCancel context.CancelFunc
}

// baseOptions are the flags every worker Chromium runs with: headless, no sandbox (CI runs as
// root; each worker's own fences are its proxy and tabs), and no background traffic, updates,
// extensions, crash reporting, scrollbars or sound, which would make a capture or a preview depend
// on anything but the page.
func baseOptions(execPath, dataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(execPath),
		chromedp.UserDataDir(dataDir),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
	}
}

// Start launches Chromium at execPath with a fresh profile directory (named with profilePrefix
// under the system temporary directory), the base flags plus extra, and waits at most
// startTimeout for it to answer. On failure nothing is left running and the directory is removed.
func Start(execPath, profilePrefix string, startTimeout time.Duration, extra ...chromedp.ExecAllocatorOption) (*Process, error) {
	dir, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, fmt.Errorf("chromium profile dir: %w", err)
	}
	opts := append(baseOptions(execPath, dir), extra...)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first Run starts the process, which lives as long as that Run's context: it must be ctx
	// itself, not a context with a deadline. The start is bounded by waiting on it from here.
	errc := make(chan error, 1)
	go func() { errc <- chromedp.Do(ctx) }()
	select {
	case err = <-errc:
	case <-time.After(startTimeout):
		err = fmt.Errorf("chromium did not start within %s", startTimeout)
	}
	if err != nil {
		cancel()
		allocCancel()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	return &Process{DataDir: dir, Ctx: ctx, Cancel: cancel, AllocCancel: allocCancel}, nil
}

// Stop ends the process and removes its profile directory.
func (p *Process) Stop() error {
	p.Cancel()
	p.AllocCancel()
	return os.RemoveAll(p.DataDir)
}
