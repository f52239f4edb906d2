package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"math"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/mhtml"
)

// PageSpec is what to render: the request fields of SPEC §5 that shape the page.
type PageSpec struct {
	URL               string
	Viewport          Viewport
	DeviceScaleFactor float64
	ReadySelector     string
	// Archive, when set, is an uploaded snapshot to render at URL with no network
	// (CaptureSnapshot, snapshot_serve.go).
	Archive *mhtml.Archive
	// ArchiveScripts lets the archive's page scripts run (Config.SnapshotScripts).
	ArchiveScripts bool
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
	// Settle bounds the wait for the page to come to rest (settle.go); zero means
	// DefaultSettleTimeout. Past it the capture goes on, with a warning.
	Settle time.Duration
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
	// Kind is "img", "background", "inline-svg", "mask" or "crop" (svg.go).
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
	// DialogsAnswered counts the JavaScript dialogs the page opened (dialogs.go).
	DialogsAnswered int
	// Settling is what bringing the page to rest did (settle.go).
	Settling Settling
	// Warnings list what the capture could not record as a visitor sees it.
	Warnings []CaptureWarning
	// ClosedShadowRoots counts closed shadow roots reached through the DevTools protocol (-1:
	// the DOM could not be searched for them, a warning), and HiddenTexts the text runs left out
	// as hidden from sighted users (composed.go).
	ClosedShadowRoots, HiddenTexts int
	// SnapshotMissing lists what a snapshot's page asked for that its archive lacks (nil for a
	// capture by URL).
	SnapshotMissing []string
}

// Capture renders spec in a new tab of a browser context of its own (isolation.go) and records
// it. maxScreenshotHeight is the cap in device pixels (at most ChromiumMaxScreenshotHeight). Failures of the page are *PageError; anything else
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
	proxy := ""
	if spec.Archive != nil {
		proxy = b.refusing.URL()
	}
	tabCtx, release, err := b.openJobTab(parent, proxy)
	if err != nil {
		return nil, err
	}
	defer release()

	log := newNetLog()
	if err := chromedp.Listen(tabCtx, log.handle); err != nil {
		return nil, fmt.Errorf("open tab: %w", err)
	}
	dialogs := answerDialogs(tabCtx)
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

	var archive *archiveServer
	if spec.Archive != nil {
		if archive, err = serveArchive(tabCtx, spec.Archive, spec.URL, spec.ArchiveScripts); err != nil {
			return nil, err
		}
	}
	if err := navigate(tabCtx, spec.URL, t.Load); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, withDialogCount(err, dialogs.Count())
	}
	if _, err := chromedp.Run(tabCtx, chromedp.Evaluate[bool](vectorJS+factsJS+"\n"+pageJS)); err != nil {
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
	if t.Settle <= 0 {
		t.Settle = DefaultSettleTimeout
	}
	if out.Settling, err = settlePage(tabCtx, t.Settle); err != nil {
		return nil, err
	}

	var collected struct {
		Document json.RawMessage `json:"document"`
		Images   []struct {
			ID     string `json:"id"`
			Kind   string `json:"kind"`
			URL    string `json:"url"`
			Markup string `json:"markup"`
		} `json:"images"`
	}
	if out.ClosedShadowRoots, err = prepareComposedTree(tabCtx); err != nil {
		return nil, err
	}
	prefetchSprites(tabCtx)
	raw, err := chromedp.Run(tabCtx, chromedp.Evaluate[[]byte](
		fmt.Sprintf("window.__c2d.collect(%d, %d, %d, %d, %d)", MaxDocumentNodes, MaxTextLen, MaxLineFragments, MaxFontQueries, MaxFontFaces)))
	if err != nil {
		return nil, fmt.Errorf("record document: %w", err)
	}
	// An oversize page is refused before any further DevTools round trip.
	if len(raw) > MaxDocumentBytes {
		return nil, pageErrorf("the page is too large to capture (document over %d MiB)", MaxDocumentBytes>>20)
	}
	cs, err := readComposedStats(tabCtx)
	if err != nil {
		return nil, err
	}
	out.HiddenTexts = cs.HiddenTexts
	crops, err := takeCrops(tabCtx)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &collected); err != nil {
		return nil, fmt.Errorf("decode document: %w", err)
	}
	fonts, err := platformFonts(tabCtx)
	if err != nil {
		return nil, fmt.Errorf("record drawn fonts: %w", err)
	}
	if fonts == nil {
		fonts = [][]PlatformFont{}
	}
	if out.Document, err = withMember(collected.Document, "platform_fonts", fonts); err != nil {
		return nil, fmt.Errorf("record drawn fonts: %w", err)
	}
	boxes, err := pseudoBoxes(tabCtx)
	if err != nil {
		return nil, fmt.Errorf("record pseudo-element boxes: %w", err)
	}
	if boxes == nil {
		boxes = [][]PseudoBox{}
	}
	if out.Document, err = withMember(out.Document, "pseudo_boxes", boxes); err != nil {
		return nil, fmt.Errorf("record pseudo-element boxes: %w", err)
	}
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
		switch img.Kind {
		case "inline-svg":
			data, mime = []byte(img.Markup), "image/svg+xml"
		case "crop":
			c, ok := crops[img.ID]
			data, reason = cropShot(tabCtx, c, ok)
			mime = "image/png"
		default:
			data, mime, reason = imageBytes(tabCtx, log, img.URL)
		}
		if reason == "" {
			data, reason = safeSVG(data, mime)
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

	// Anything the DOM read started is brought to rest too before the screenshot.
	again, err := settlePage(tabCtx, SettleQuiet+time.Second)
	if err != nil {
		return nil, err
	}
	out.Settling = out.Settling.add(again)
	shot, err := screenshot(tabCtx, spec, maxScreenshotHeight)
	if err != nil {
		return nil, err
	}
	out.Screenshot = shot
	out.DialogsAnswered = dialogs.Count()
	if archive != nil {
		out.SnapshotMissing = archive.Missing()
	}
	out.Warnings = captureWarnings(out, t.Settle)
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
