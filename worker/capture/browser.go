package capture

import (
	"context"
	_ "embed"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/worker/internal/headless"
)

//go:embed page.js
var pageJS string

// Rendering bounds that are not configuration: each one keeps a single capture finite.
const (
	// ChromiumMaxScreenshotHeight is the tallest screenshot Chromium renders in one piece, in device
	// pixels (its maximum texture size). Taller pages are cut there and the cut is recorded.
	ChromiumMaxScreenshotHeight = 16384
	// networkQuiet is how long no request may be in flight before the network counts as settled.
	networkQuiet = 500 * time.Millisecond
	// maxScrollSteps bounds the viewport-sized scroll steps that load lazy images.
	maxScrollSteps = 100
	// scrollPause is the pause after each scroll step, for lazy loaders to react.
	scrollPause = 100 * time.Millisecond
	// MinScrollerShare is the least share of the viewport an app shell's scroller must cover to
	// be expanded (page.js expandScroller): a main container, not a side list or a widget.
	MinScrollerShare = 0.25
	// MaxScrollerCandidates bounds the elements looked at for an app shell's scroller, in
	// document order.
	MaxScrollerCandidates = 20000
	// MaxDocumentNodes bounds the elements and text runs recorded in the document; the document says
	// "truncated": true past it.
	MaxDocumentNodes = 20000
	// MaxDocumentDepth bounds the nesting of the recorded document (the root element is at depth
	// 1): deeper elements are left out, counted in document.depth_cut, with the warning
	// DOCUMENT_TOO_DEEP. At two JSON levels a nesting, it keeps the capture JSON well within the
	// 10,000 levels encoding/json and the backend read (server/artifacts MaxJSONNestingDepth);
	// Chromium's own style and layout slow down on deeper trees.
	MaxDocumentDepth = 1024
	// MaxTextLen bounds one text run or attribute value, in UTF-16 units.
	MaxTextLen = 10000
	// MaxLineFragments bounds the line fragments ("rects": one client rect per line) recorded for
	// one text run or inline element that wraps; a longer run keeps its first ones and its
	// union box.
	MaxLineFragments = 1000
	// MaxLineStarts bounds the line starts ("line_starts": where each line fragment of a text
	// run that wraps starts in its text, found by measuring characters) recorded per page; a run
	// past it records none (the conversion then keeps its paragraph whole).
	MaxLineStarts = 5000
	// MaxAssets bounds the images recorded per page; further ones are listed as unresolved.
	MaxAssets = 500
	// MaxAssetBytes bounds one image's bytes (15 MiB).
	MaxAssetBytes = 15 << 20
	// MaxTotalAssetBytes bounds all images of one page together (100 MiB).
	MaxTotalAssetBytes = 100 << 20
	// MaxCanvasPixels bounds the bitmap of a canvas read as a PNG (2048 x 2048 pixels); a larger
	// canvas is cropped from the page instead (page.js canvasImage), as a tainted one is.
	MaxCanvasPixels = 2048 * 2048
	// MaxDocumentBytes bounds the document JSON that the page returns (64 MiB).
	MaxDocumentBytes = 64 << 20
)

// BrowserOptions configure the headless Chromium shared by every capture of a worker.
type BrowserOptions struct {
	// ExecPath is the Chromium binary (Debian: /usr/bin/chromium).
	ExecPath string
	// AllowPrivateNetworks is the local-only switch: when false, the page and every resource it
	// loads may reach only public addresses.
	AllowPrivateNetworks bool
	// Logger receives the browser's own faults (a browser context Chromium did not dispose); nil
	// logs nothing.
	Logger *slog.Logger
	// RendererMemoryMiB is the memory ceiling of each renderer process, in MiB (memory.go); zero
	// means DefaultRendererMemoryMiB.
	RendererMemoryMiB int
}

// Browser is one headless Chromium process; each capture runs in a tab of its own, in a browser
// context of its own (isolation.go). If the process dies (crash, out of memory), the next capture
// starts a new one.
type Browser struct {
	opts  BrowserOptions
	proxy *egressProxy
	// refusing is the proxy of snapshot captures' browser contexts (snapshot_serve.go).
	refusing *refusingProxy

	mu   sync.Mutex
	proc *headless.Process // the running Chromium
}

// browserStartTimeout bounds Chromium's start.
const browserStartTimeout = 30 * time.Second

// NewBrowser starts Chromium behind the egress proxy. Close it when done.
func NewBrowser(o BrowserOptions) (*Browser, error) {
	if o.ExecPath == "" {
		o.ExecPath = "/usr/bin/chromium"
	}
	if _, err := os.Stat(o.ExecPath); err != nil {
		return nil, fmt.Errorf("chromium not found at %s (Debian package chromium): %w", o.ExecPath, err)
	}
	proxy, err := startEgressProxy(o.AllowPrivateNetworks)
	if err != nil {
		return nil, err
	}
	refusing, err := startRefusingProxy()
	if err != nil {
		proxy.Close()
		return nil, err
	}
	b := &Browser{opts: o, proxy: proxy, refusing: refusing}
	if err := b.start(); err != nil {
		proxy.Close()
		refusing.Close()
		return nil, err
	}
	return b, nil
}

// start launches a Chromium process with a fresh profile. Callers hold b.mu (or own b alone).
func (b *Browser) start() error {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Flag("disable-quic", true), // HTTP/3 and WebTransport would send UDP past the proxy
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		// Every connection goes through the proxy, loopback included ("<-loopback>" removes
		// Chromium's implicit bypass), so the address guard sees all of them.
		chromedp.ProxyServer(b.proxy.URL()),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	}
	opts = append(opts, webRTCEgressFlags...)
	opts = append(opts, memoryFlags(b.opts.RendererMemoryMiB)...)
	p, err := headless.Start(b.opts.ExecPath, "capture-chromium-", browserStartTimeout, opts...)
	if err != nil {
		return err
	}
	b.proc = p
	if proc := chromedp.FromContext(p.Ctx).Browser.Process(); proc != nil {
		if err := limitRenderers(proc.Pid, b.opts.RendererMemoryMiB); err != nil {
			_ = b.proc.Stop()
			return err
		}
	}
	return nil
}

// Close stops Chromium and the proxy and removes the profile directory.
func (b *Browser) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.proc.Stop()
	b.proxy.Close()
	b.refusing.Close()
	return err
}

// live returns the context of a running browser, starting a new process if the last one died.
func (b *Browser) live() (context.Context, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.proc.Ctx.Err() == nil {
		return b.proc.Ctx, nil
	}
	_ = b.proc.Stop()
	if err := b.start(); err != nil {
		return nil, err
	}
	return b.proc.Ctx, nil
}
