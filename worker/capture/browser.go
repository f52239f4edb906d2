package capture

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"math"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
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
	// MaxDocumentNodes bounds the elements and text runs recorded in the document; the document says
	// "truncated": true past it.
	MaxDocumentNodes = 20000
	// MaxTextLen bounds one text run or attribute value, in UTF-16 units.
	MaxTextLen = 10000
	// MaxAssets bounds the images recorded per page; further ones are listed as unresolved.
	MaxAssets = 500
	// MaxAssetBytes bounds one image's bytes (15 MiB).
	MaxAssetBytes = 15 << 20
	// MaxTotalAssetBytes bounds all images of one page together (100 MiB).
	MaxTotalAssetBytes = 100 << 20
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
}

// Browser is one headless Chromium process; each capture runs in a tab of its own. If the process
// dies (crash, out of memory), the next capture starts a new one.
type Browser struct {
	opts  BrowserOptions
	proxy *egressProxy

	mu          sync.Mutex
	dataDir     string
	allocCancel context.CancelFunc
	ctx         context.Context
	cancel      context.CancelFunc
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
	b := &Browser{opts: o, proxy: proxy}
	if err := b.start(); err != nil {
		proxy.Close()
		return nil, err
	}
	return b, nil
}

// start launches a Chromium process with a fresh profile. Callers hold b.mu (or own b alone).
func (b *Browser) start() error {
	dir, err := os.MkdirTemp("", "capture-chromium-")
	if err != nil {
		return fmt.Errorf("chromium profile dir: %w", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(b.opts.ExecPath),
		chromedp.UserDataDir(dir),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.NoSandbox, // the worker runs as root in CI; the egress proxy and the tab are the fences
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		// Every connection goes through the proxy, loopback included ("<-loopback>" removes
		// Chromium's implicit bypass), so the address guard sees all of them.
		chromedp.ProxyServer(b.proxy.URL()),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first Run starts the process, which lives as long as that Run's context: it must be ctx
	// itself, not a context with a deadline. The start is bounded by waiting on it from here.
	errc := make(chan error, 1)
	go func() { errc <- chromedp.Do(ctx) }()
	select {
	case err = <-errc:
	case <-time.After(browserStartTimeout):
		err = fmt.Errorf("chromium did not start within %s", browserStartTimeout)
	}
	if err != nil {
		cancel()
		allocCancel()
		os.RemoveAll(dir)
		return fmt.Errorf("start chromium: %w", err)
	}
	b.dataDir, b.allocCancel, b.ctx, b.cancel = dir, allocCancel, ctx, cancel
	return nil
}

// stop ends the process and removes its profile. Callers hold b.mu.
func (b *Browser) stop() error {
	b.cancel()
	b.allocCancel()
	return os.RemoveAll(b.dataDir)
}

// Close stops Chromium and the proxy and removes the profile directory.
func (b *Browser) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.stop()
	b.proxy.Close()
	return err
}

// live returns the context of a running browser, starting a new process if the last one died.
func (b *Browser) live() (context.Context, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() == nil {
		return b.ctx, nil
	}
	_ = b.stop()
	if err := b.start(); err != nil {
		return nil, err
	}
	return b.ctx, nil
}

// PageSpec is what to render: the request fields of SPEC §5 that shape the page.
type PageSpec struct {
	URL               string
	Viewport          Viewport
	DeviceScaleFactor float64
	ReadySelector     string
}

// Timeouts bound each phase of a capture.
type Timeouts struct {
	// Load bounds navigation until the load event.
	Load time.Duration
	// Ready bounds the wait for the ready selector.
	Ready time.Duration
	// NetworkIdle bounds each wait for the network to settle; past it the capture goes on and
	// records that the network never settled.
	NetworkIdle time.Duration
	// Images bounds the wait for pending images after scrolling.
	Images time.Duration
}

// PageError is a failure of the page itself (unreachable, HTTP error, never ready, refused
// address). Its Message is safe to show to end users and becomes the callback's error_message.
type PageError struct{ Message string }

func (e *PageError) Error() string { return e.Message }

func pageErrorf(format string, args ...any) error {
	return &PageError{Message: fmt.Sprintf(format, args...)}
}

// Image is one image the page shows, with its bytes.
type Image struct {
	// ID is the document's reference ("img-<n>").
	ID string
	// Kind is "img", "background" or "inline-svg".
	Kind string
	// SourceURL is the absolute URL (empty for inline SVG).
	SourceURL string
	MimeType  string
	Bytes     []byte
}

// UnresolvedImage is an image the page shows whose bytes could not be recorded.
type UnresolvedImage struct {
	ID        string `json:"id"`
	SourceURL string `json:"source_url,omitempty"`
	Reason    string `json:"reason"`
}

// Screenshot is the full-page PNG.
type Screenshot struct {
	PNG []byte
	// Width and Height are the PNG's size in device pixels.
	Width, Height int
	// FullHeight is the page's height in device pixels before the cap.
	FullHeight int
	// MaxHeight is the cap applied, in device pixels; Capped says whether it cut the page.
	MaxHeight int
	Capped    bool
}

// Page is the rendered result of one capture.
type Page struct {
	FinalURL string
	// Document is the DOM tree with computed styles, layout boxes and text (page.js collect).
	Document json.RawMessage
	Images   []Image
	// Unresolved lists images shown whose bytes were not recorded, and why.
	Unresolved []UnresolvedImage
	Screenshot Screenshot
	// NetworkSettled is false when the network never went quiet within the timeout.
	NetworkSettled bool
	// PendingImages counts <img> elements still loading when the page was recorded.
	PendingImages int
}

// Capture renders spec in a new tab and records it. maxScreenshotHeight is the cap in device
// pixels (at most ChromiumMaxScreenshotHeight). Failures of the page are *PageError; anything else
// is a fault of the worker or the browser.
func (b *Browser) Capture(ctx context.Context, spec PageSpec, t Timeouts, maxScreenshotHeight int) (*Page, error) {
	if !b.opts.AllowPrivateNetworks {
		if err := CheckHost(ctx, spec.URL); err != nil {
			if errors.Is(err, ErrPrivateAddress) {
				return nil, pageErrorf("the page address is not allowed: it points to a private or reserved network")
			}
			return nil, pageErrorf("the page address could not be resolved")
		}
	}
	return b.render(ctx, spec, t, maxScreenshotHeight)
}

// render is Capture without the up-front address check: the egress proxy still guards every
// connection.
func (b *Browser) render(ctx context.Context, spec PageSpec, t Timeouts, maxScreenshotHeight int) (*Page, error) {
	// The tab lives until the capture returns or ctx ends, whichever comes first. Its parent must
	// carry the browser (b.ctx), so ctx's end is forwarded rather than inherited.
	browserCtx, err := b.live()
	if err != nil {
		return nil, err
	}
	parent, cancelParent := context.WithCancel(browserCtx)
	defer cancelParent()
	stop := context.AfterFunc(ctx, cancelParent)
	defer stop()
	tabCtx, closeTab := chromedp.NewContext(parent)
	defer closeTab()

	log := newNetLog()
	if err := chromedp.Listen(tabCtx, log.handle); err != nil {
		return nil, fmt.Errorf("open tab: %w", err)
	}
	buf := int64(MaxTotalAssetBytes)
	res := int64(MaxAssetBytes)
	err = chromedp.Do(tabCtx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{MaxTotalBufferSize: &buf, MaxResourceBufferSize: &res})
			return err
		}),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: int64(spec.Viewport.Width), Height: int64(spec.Viewport.Height),
				DeviceScaleFactor: spec.DeviceScaleFactor, Mobile: false,
			})
			return err
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("set up tab: %w", err)
	}

	if err := navigate(tabCtx, spec.URL, t.Load); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	if _, err := chromedp.Run(tabCtx, chromedp.Evaluate[bool](pageJS)); err != nil {
		return nil, fmt.Errorf("install page helpers: %w", err)
	}
	if spec.ReadySelector != "" {
		if err := waitReady(tabCtx, spec.ReadySelector, t.Ready); err != nil {
			return nil, err
		}
	}
	out := &Page{}
	log.waitIdle(tabCtx, t.NetworkIdle)
	if _, err := chromedp.Run(tabCtx, chromedp.Evaluate[int](
		fmt.Sprintf("window.__c2d.scrollThrough(%d, %d)", maxScrollSteps, scrollPause.Milliseconds()), chromedp.EvalAwaitPromise)); err != nil {
		return nil, fmt.Errorf("scroll page: %w", err)
	}
	out.NetworkSettled = log.waitIdle(tabCtx, t.NetworkIdle)
	pending, err := chromedp.Run(tabCtx, chromedp.Evaluate[int](
		fmt.Sprintf("window.__c2d.waitImages(%d)", t.Images.Milliseconds()), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("wait for images: %w", err)
	}
	out.PendingImages = pending

	var collected struct {
		Document json.RawMessage `json:"document"`
		Images   []struct {
			ID     string `json:"id"`
			Kind   string `json:"kind"`
			URL    string `json:"url"`
			Markup string `json:"markup"`
		} `json:"images"`
	}
	raw, err := chromedp.Run(tabCtx, chromedp.Evaluate[[]byte](
		fmt.Sprintf("window.__c2d.collect(%d, %d)", MaxDocumentNodes, MaxTextLen)))
	if err != nil {
		return nil, fmt.Errorf("record document: %w", err)
	}
	if len(raw) > MaxDocumentBytes {
		return nil, pageErrorf("the page is too large to capture (document over %d MiB)", MaxDocumentBytes>>20)
	}
	if err := json.Unmarshal(raw, &collected); err != nil {
		return nil, fmt.Errorf("decode document: %w", err)
	}
	out.Document = collected.Document
	var doc struct {
		URL string `json:"url"`
	}
	_ = json.Unmarshal(collected.Document, &doc)
	out.FinalURL = doc.URL

	total := 0
	for i, img := range collected.Images {
		if i >= MaxAssets {
			out.Unresolved = append(out.Unresolved, UnresolvedImage{ID: img.ID, SourceURL: img.URL, Reason: "over the per-page image limit"})
			continue
		}
		var data []byte
		var mime, reason string
		if img.Kind == "inline-svg" {
			data, mime = []byte(img.Markup), "image/svg+xml"
		} else {
			data, mime, reason = imageBytes(tabCtx, log, img.URL)
		}
		switch {
		case reason != "":
		case len(data) > MaxAssetBytes:
			reason = "larger than the per-image limit"
		case total+len(data) > MaxTotalAssetBytes:
			reason = "over the per-page image bytes limit"
		}
		if reason != "" {
			out.Unresolved = append(out.Unresolved, UnresolvedImage{ID: img.ID, SourceURL: img.URL, Reason: reason})
			continue
		}
		total += len(data)
		out.Images = append(out.Images, Image{ID: img.ID, Kind: img.Kind, SourceURL: img.URL, MimeType: sniffImageType(data, mime), Bytes: data})
	}

	shot, err := screenshot(tabCtx, spec, maxScreenshotHeight)
	if err != nil {
		return nil, err
	}
	out.Screenshot = shot
	return out, nil
}

func navigate(ctx context.Context, url string, timeout time.Duration) error {
	nctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := chromedp.Run(nctx, chromedp.NavigateResponse(url))
	if err != nil {
		if nctx.Err() != nil && ctx.Err() == nil {
			return pageErrorf("the page did not finish loading within %s", timeout)
		}
		var le *chromedp.LoadError
		if errors.As(err, &le) {
			if strings.Contains(le.ErrorText, "TUNNEL_CONNECTION_FAILED") {
				return pageErrorf("the page could not be loaded (connection failed or address not allowed)")
			}
			return pageErrorf("the page could not be loaded (%s)", safeNetError(le.ErrorText))
		}
		return fmt.Errorf("navigate: %w", err)
	}
	if resp == nil {
		return pageErrorf("the page could not be loaded (no response)")
	}
	switch header(resp.Headers, proxyErrorHeader) {
	case proxyErrRefused:
		return pageErrorf("the page address is not allowed: it points to a private or reserved network")
	case proxyErrUnreachable:
		return pageErrorf("the page could not be loaded (connection failed)")
	}
	if resp.Status >= 400 {
		return pageErrorf("the page answered HTTP %d", resp.Status)
	}
	return nil
}

// header looks a header up case-insensitively (the protocol keeps the wire's spelling).
func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			s, _ := v.(string)
			return s
		}
	}
	return ""
}

// safeNetError keeps only Chromium's net::ERR_* code of an error text.
func safeNetError(s string) string {
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "net::ERR_") {
			return f
		}
	}
	return "network error"
}

// readyPoll is how often the ready selector is looked for.
const readyPoll = 100 * time.Millisecond

func waitReady(ctx context.Context, selector string, timeout time.Duration) error {
	sel, _ := json.Marshal(selector)
	expr := "document.querySelector(" + string(sel) + ") !== null"
	deadline := time.Now().Add(timeout)
	for {
		found, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		if err != nil {
			var ee *chromedp.ExceptionError
			if errors.As(err, &ee) {
				return pageErrorf("the ready selector %q is not a valid CSS selector", selector)
			}
			return fmt.Errorf("look for ready selector: %w", err)
		}
		if found {
			return nil
		}
		if time.Now().After(deadline) {
			return pageErrorf("the ready selector %q did not appear within %s", selector, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(readyPoll):
		}
	}
}

// fetched is what page.js fetchBytes returns.
type fetched struct {
	Mime   string `json:"mime"`
	Base64 string `json:"base64"`
	Error  string `json:"error"`
}

// fetchTimeout bounds the in-page fallback fetch of one image.
const fetchTimeout = 10 * time.Second

// imageBytes returns an image's bytes: from the browser's network log when it still holds the
// response (no second download), else by fetching it in the page. reason is set when neither
// worked.
func imageBytes(ctx context.Context, log *netLog, url string) (data []byte, mime, reason string) {
	if rest, ok := strings.CutPrefix(url, "data:"); ok {
		meta, payload, ok := strings.Cut(rest, ",")
		if !ok {
			return nil, "", "malformed data URL"
		}
		mime, _, _ = strings.Cut(meta, ";")
		if strings.HasSuffix(meta, ";base64") {
			b, err := base64.StdEncoding.DecodeString(payload)
			if err != nil {
				return nil, "", "malformed data URL"
			}
			return b, mime, ""
		}
		return []byte(unescapeDataURL(payload)), mime, ""
	}
	if id, m, ok := log.finishedResponse(url); ok {
		if body, err := getResponseBody(ctx, id); err == nil && len(body) > 0 {
			return body, m, ""
		}
	}
	u, _ := json.Marshal(url)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[fetched](fmt.Sprintf("window.__c2d.fetchBytes(%s, %d, %d)", u, MaxAssetBytes, fetchTimeout.Milliseconds()), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, "", "could not be read from the page"
	}
	if got.Error != "" {
		return nil, "", "could not be fetched (" + got.Error + ")"
	}
	b, err := base64.StdEncoding.DecodeString(got.Base64)
	if err != nil {
		return nil, "", "could not be decoded"
	}
	mime, _, _ = strings.Cut(got.Mime, ";")
	return b, strings.TrimSpace(mime), ""
}

func getResponseBody(ctx context.Context, id network.RequestID) ([]byte, error) {
	var body []byte
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
		if err != nil {
			return err
		}
		body = r.Body
		return nil
	}))
	return body, err
}

// unescapeDataURL decodes the percent-escapes of a non-base64 data URL payload.
func unescapeDataURL(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, ok := unhex(s[i+1]); ok {
				if w, ok := unhex(s[i+2]); ok {
					b.WriteByte(v<<4 | w)
					i += 2
					continue
				}
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// sniffImageType names an image's media type from its bytes (PNG, JPEG, GIF, WebP, SVG, the types
// of SPEC §7), falling back to the type the server declared.
func sniffImageType(b []byte, declared string) string {
	switch ct := http.DetectContentType(b); {
	case strings.HasPrefix(ct, "image/"):
		return ct
	}
	head := b
	if len(head) > 1024 {
		head = head[:1024]
	}
	if bytes.Contains(bytes.ToLower(head), []byte("<svg")) {
		return "image/svg+xml"
	}
	if declared != "" {
		return strings.ToLower(declared)
	}
	return "application/octet-stream"
}

func screenshot(ctx context.Context, spec PageSpec, maxHeight int) (Screenshot, error) {
	if maxHeight <= 0 || maxHeight > ChromiumMaxScreenshotHeight {
		maxHeight = ChromiumMaxScreenshotHeight
	}
	var metrics page.GetLayoutMetricsResult
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		var err error
		metrics, err = cdp.Call(ctx, tg, page.GetLayoutMetrics, cdp.Empty{})
		return err
	}))
	if err != nil {
		return Screenshot{}, fmt.Errorf("layout metrics: %w", err)
	}
	dsf := spec.DeviceScaleFactor
	cssHeight := float64(spec.Viewport.Height)
	if metrics.CSSContentSize != nil && metrics.CSSContentSize.Height > cssHeight {
		cssHeight = metrics.CSSContentSize.Height
	}
	full := int(math.Ceil(cssHeight * dsf))
	shot := Screenshot{FullHeight: full, MaxHeight: maxHeight}
	clipCSS := cssHeight
	if full > maxHeight {
		shot.Capped = true
		clipCSS = math.Floor(float64(maxHeight) / dsf)
	}
	var data []byte
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format:                page.CaptureScreenshotFormatPng,
			CaptureBeyondViewport: ptr(true),
			FromSurface:           ptr(true),
			Clip:                  &page.Viewport{X: 0, Y: 0, Width: float64(spec.Viewport.Width), Height: clipCSS, Scale: 1},
		})
		if err != nil {
			return err
		}
		data = r.Data
		return nil
	}))
	if err != nil {
		return Screenshot{}, fmt.Errorf("screenshot: %w", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Screenshot{}, fmt.Errorf("screenshot is not a PNG: %w", err)
	}
	shot.PNG, shot.Width, shot.Height = data, cfg.Width, cfg.Height
	return shot, nil
}

func ptr[T any](v T) *T { return &v }

// netLog follows the tab's network events: requests in flight (for "network settled") and which
// request served each URL (to read image bytes back without downloading them again).
type netLog struct {
	mu         sync.Mutex
	inflight   map[network.RequestID]struct{}
	lastChange time.Time
	urlToID    map[string]network.RequestID
	mime       map[network.RequestID]string
	status     map[network.RequestID]int64
	finished   map[network.RequestID]bool
}

func newNetLog() *netLog {
	return &netLog{
		inflight: map[network.RequestID]struct{}{}, lastChange: time.Now(),
		urlToID: map[string]network.RequestID{}, mime: map[network.RequestID]string{},
		status: map[network.RequestID]int64{}, finished: map[network.RequestID]bool{},
	}
}

// handle runs on chromedp's reader goroutine: it must be quick and must not call the browser.
func (l *netLog) handle(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Request == nil || strings.HasPrefix(ev.Request.URL, "data:") {
			return
		}
		l.inflight[ev.RequestID] = struct{}{}
		l.lastChange = time.Now()
		l.urlToID[ev.Request.URL] = ev.RequestID
		delete(l.finished, ev.RequestID)
	case *network.EventResponseReceived:
		if ev.Response == nil {
			return
		}
		l.urlToID[ev.Response.URL] = ev.RequestID
		l.mime[ev.RequestID] = ev.Response.MimeType
		l.status[ev.RequestID] = ev.Response.Status
	case *network.EventLoadingFinished:
		delete(l.inflight, ev.RequestID)
		l.finished[ev.RequestID] = true
		l.lastChange = time.Now()
	case *network.EventLoadingFailed:
		delete(l.inflight, ev.RequestID)
		l.lastChange = time.Now()
	}
}

// finishedResponse returns the request that served url, if it finished with a 2xx status.
func (l *netLog) finishedResponse(url string) (network.RequestID, string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.urlToID[url]
	if !ok || !l.finished[id] {
		return "", "", false
	}
	if s := l.status[id]; s < 200 || s >= 300 {
		return "", "", false
	}
	return id, l.mime[id], true
}

// waitIdle waits until no request has been in flight for networkQuiet, at most timeout. It
// reports whether the network settled.
func (l *netLog) waitIdle(ctx context.Context, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		l.mu.Lock()
		idle := len(l.inflight) == 0 && time.Since(l.lastChange) >= networkQuiet
		l.mu.Unlock()
		if idle {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
}
