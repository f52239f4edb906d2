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
	// Unresponsive bounds how long the page's main thread may go without answering (guard.go);
	// zero means DefaultUnresponsiveTimeout. Past it the job fails.
	Unresponsive time.Duration
}

// Image is one image the page shows, with its bytes.
type Image struct {
	// ID is the document's reference ("img-<n>").
	ID string
	// Kind is "img", "background", "inline-svg", "mask", "crop" (svg.go) or "canvas" (a
	// canvas's bitmap, page.js canvasImage).
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
	// DepthCut counts the elements left out for being nested deeper than MaxDocumentDepth.
	DepthCut int
	// Expanded is the app shell's scroller shown whole (page.js expandScroller); nil when the
	// document itself scrolls or no element qualified.
	Expanded *ScrollerExpansion
	// PendingAtLoad counts the requests still in flight when the load timeout (LoadTimeout) ran
	// out on a page already parsed, captured anyway (navigate); 0 when the page loaded.
	PendingAtLoad int
	LoadTimeout   time.Duration
	// NavigationsBlocked counts the page's own navigations of its main frame that were refused
	// (guard.go).
	NavigationsBlocked int
	// DarkThemeUnread says why the page's dark theme (themes.go) was not recorded although the
	// page has one; "" when it was, or when the page has none.
	DarkThemeUnread string
	// StateElements counts the elements put in their interaction states (states.go), StatesOver
	// those left out past MaxStateElements or statesTimeout.
	StateElements, StatesOver int
	// CropsOver counts the elements that asked for a crop past MaxCrops and have none.
	CropsOver int
	// FontsUnrecorded counts the text runs whose drawn fonts were not recorded (platformFonts).
	FontsUnrecorded int
}

// ScrollerExpansion is what expanding an app shell's inner scroller did: the page's document did
// not scroll, Element did, and it was grown from From to To CSS px tall to show its Content
// (CSS px tall); Capped says the capture's height limit (the screenshot's) held it shorter.
type ScrollerExpansion struct {
	Element string  `json:"element"`
	From    float64 `json:"from"`
	To      float64 `json:"to"`
	Content float64 `json:"content"`
	Capped  bool    `json:"capped"`
}

// maxPageCSSHeight is the tallest page a capture shows at dsf device pixels per CSS px under
// maxScreenshotHeight (device px; ChromiumMaxScreenshotHeight when not set or above it), in CSS px.
func maxPageCSSHeight(maxScreenshotHeight int, dsf float64) int {
	if maxScreenshotHeight <= 0 || maxScreenshotHeight > ChromiumMaxScreenshotHeight {
		maxScreenshotHeight = ChromiumMaxScreenshotHeight
	}
	if dsf <= 0 {
		dsf = 1
	}
	return int(math.Floor(float64(maxScreenshotHeight) / dsf))
}

// Capture renders spec in a new tab of a browser context of its own (isolation.go) and records
// it. maxScreenshotHeight is the cap in device pixels (at most ChromiumMaxScreenshotHeight). Failures of the page are *PageError; anything else
// is a fault of the worker or the browser.
func (b *Browser) Capture(ctx context.Context, spec PageSpec, t Timeouts, maxScreenshotHeight int) (*Page, error) {
	if !b.opts.AllowPrivateNetworks {
		if err := CheckHost(ctx, spec.URL); err != nil {
			if errors.Is(err, ErrPrivateAddress) {
				return nil, pageErrorf(CodeAddressNotAllowed, "the page address is not allowed: it points to a private or reserved network")
			}
			return nil, pageErrorf(CodeAddressUnresolved, "the page address could not be resolved")
		}
	}
	return b.render(ctx, spec, t, maxScreenshotHeight)
}

// render is Capture without the up-front address check: the egress proxy still guards every
// connection.
func (b *Browser) render(ctx context.Context, spec PageSpec, t Timeouts, maxScreenshotHeight int) (*Page, error) {
	// The tab lives until the capture returns or ctx ends, whichever comes first. Its parent must
	// carry the browser (b.ctx), so ctx's end is forwarded rather than inherited. The tab's guard
	// (guard.go) cancels the parent too, with the page failure as its cause.
	browserCtx, err := b.live()
	if err != nil {
		return nil, err
	}
	parent, fail := context.WithCancelCause(browserCtx)
	defer fail(nil)
	stop := context.AfterFunc(ctx, func() { fail(ctx.Err()) })
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
	deadline, _ := ctx.Deadline()
	p, err := renderTab(tabCtx, fail, spec, t, maxScreenshotHeight, deadline)
	if err != nil {
		return nil, pageFault(ctx, browserCtx, parent, err)
	}
	return p, nil
}

// msgPageUnreadable is the failure of a page that broke a step of the capture.
const msgPageUnreadable = "the page could not be read: its scripts or its structure broke the capture"

// pageFault says whose fault err, the failure of a capture in a tab under parent, is. The cause
// the tab's guard gave (a crash, a hang, a closed tab) comes first; then the end of ctx (the job's
// deadline, or cancellation: returned as is); then the browser process gone (a worker fault, left
// for redelivery). Anything else went wrong inside the job's own tab, with the browser alive: the
// page broke the step (its scripts replaced what the capture relies on, or DevTools refused what
// the page holds), and rendering it again would break it again, so it is a page failure.
func pageFault(ctx, browserCtx, parent context.Context, err error) error {
	var pe *PageError
	if errors.As(context.Cause(parent), &pe) {
		return &PageError{Code: pe.Code, Message: pe.Message, Err: err}
	}
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &pe):
		return err
	case browserCtx.Err() != nil:
		return err
	}
	return &PageError{Code: CodePageUnreadable, Message: msgPageUnreadable, Err: err}
}

// Timeouts of the capture's own DevTools steps, each well below the job's deadline: a step that
// gets no answer within its own fails the job with STEP_TIMEOUT (a main thread that never yields
// is seen earlier, by the tab's guard).
const (
	// setupTimeout bounds preparing the tab (network events, the viewport, the guard).
	setupTimeout = 10 * time.Second
	// helpersTimeout bounds installing the capture's scripts in the page.
	helpersTimeout = 10 * time.Second
	// scrollBudget is how long the page scrolls through itself at most (its steps' pauses and
	// the painting between them); scrollTimeout bounds the evaluation beyond it.
	scrollBudget  = maxScrollSteps*scrollPause + 10*time.Second
	scrollTimeout = scrollBudget + 10*time.Second
	// collectTimeout bounds the DOM read (page.js collect).
	collectTimeout = 60 * time.Second
	// factTimeout bounds each further read: counts, crops, one image's bytes, layout metrics.
	factTimeout = 15 * time.Second
	// screenshotTimeout bounds the full-page screenshot.
	screenshotTimeout = 30 * time.Second
	// settleStepSlack is what a settle step may take beyond its budget (settle.go).
	settleStepSlack = 5 * time.Second
)

// within runs one step of the capture with its own timeout d. A step that runs past it while ctx
// is still live fails the job with STEP_TIMEOUT, naming the step, or with PAGE_UNRESPONSIVE when
// the page's main thread has not answered the tab's guard meanwhile.
func within(ctx context.Context, d time.Duration, step string, fn func(ctx context.Context) error) error {
	sctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	g := guardOf(ctx)
	if g != nil {
		defer g.ownStep()()
	}
	err := fn(sctx)
	if err != nil && ctx.Err() == nil && errors.Is(sctx.Err(), context.DeadlineExceeded) {
		if g != nil {
			if unresponsive := g.stepTimedOut(); unresponsive != nil {
				return unresponsive
			}
		}
		return &PageError{Code: CodeStepTimeout, Message: fmt.Sprintf("the page did not answer the capture (%s) within %s", step, d), Err: err}
	}
	return err
}

// evaluate runs one expression in the page as a step of its own (within).
func evaluate[T any](ctx context.Context, d time.Duration, step, expr string, opts ...chromedp.EvaluateOption) (T, error) {
	var out T
	err := within(ctx, d, step, func(ctx context.Context) error {
		var err error
		out, err = chromedp.Run(ctx, chromedp.Evaluate[T](expr, opts...))
		return err
	})
	if err != nil && !errors.As(err, new(*PageError)) {
		err = fmt.Errorf("%s: %w", step, err)
	}
	return out, err
}

// renderTab renders spec in the job's tab and records it; fail ends the tab with a page failure;
// deadline is the job's (zero for none).
func renderTab(tabCtx context.Context, fail context.CancelCauseFunc, spec PageSpec, t Timeouts, maxScreenshotHeight int, deadline time.Time) (*Page, error) {
	log := newNetLog()
	if err := chromedp.Listen(tabCtx, log.handle); err != nil {
		return nil, fmt.Errorf("open tab: %w", err)
	}
	dialogs := answerDialogs(tabCtx)
	var guard *tabGuard
	buf := int64(MaxTotalAssetBytes)
	res := int64(MaxAssetBytes)
	err := within(tabCtx, setupTimeout, "set up tab", func(ctx context.Context) error {
		var err error
		if guard, err = guardTab(tabCtx, fail, guardOptions{Unresponsive: t.Unresponsive, InterceptDocuments: spec.Archive == nil}); err != nil {
			return err
		}
		return chromedp.Do(ctx,
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{MaxTotalBufferSize: &buf, MaxResourceBufferSize: &res})
				return err
			}),
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				// Before the page's own scripts: the tracker settling waits on (settle.go).
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: pendingScript()})
				return err
			}),
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				// Before the page's own scripts too: whether they ask for the colour scheme (themes.go).
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: schemeJS})
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
	})
	if err != nil {
		return nil, fmt.Errorf("set up tab: %w", err)
	}
	tabCtx = withGuard(tabCtx, guard)

	var archive *archiveServer
	if spec.Archive != nil {
		if archive, err = serveArchive(tabCtx, spec.Archive, spec.URL, spec.ArchiveScripts, guard); err != nil {
			return nil, err
		}
	}
	pendingAtLoad, err := navigate(tabCtx, spec.URL, t.Load, log)
	if err != nil {
		if tabCtx.Err() != nil {
			return nil, err
		}
		if nw := guard.notAWebPage(); nw != nil {
			return nil, nw // a download, refused by the browser, fails the navigation
		}
		return nil, withDialogCount(err, dialogs.Count())
	}
	if nw := guard.notAWebPage(); nw != nil {
		return nil, nw
	}
	if _, err := evaluate[bool](tabCtx, helpersTimeout, "install page helpers", vectorJS+factsJS+"\n"+statesJS+"\n"+pageJS); err != nil {
		return nil, err
	}
	if spec.ReadySelector != "" {
		if err := waitReady(tabCtx, spec.ReadySelector, t.Ready); err != nil {
			return nil, err
		}
	}
	out := &Page{LoadTimeout: t.Load, PendingAtLoad: pendingAtLoad}
	log.waitIdle(tabCtx, t.NetworkIdle)
	// An app shell scrolls inside its main container: shown whole, before the scroll through the
	// page loads its lazy images and before the DOM read and the screenshot.
	if out.Expanded, err = evaluate[*ScrollerExpansion](tabCtx, factTimeout, "expand inner scroller",
		fmt.Sprintf("window.__c2d.expandScroller(%d, %g, %d)", maxPageCSSHeight(maxScreenshotHeight, spec.DeviceScaleFactor), MinScrollerShare, MaxScrollerCandidates)); err != nil {
		return nil, err
	}
	if _, err := evaluate[int](tabCtx, scrollTimeout, "scroll page",
		fmt.Sprintf("window.__c2d.scrollThrough(%d, %d, %d)", maxScrollSteps, scrollPause.Milliseconds(), scrollBudget.Milliseconds()), chromedp.EvalAwaitPromise); err != nil {
		return nil, err
	}
	out.NetworkSettled = log.waitIdle(tabCtx, t.NetworkIdle)
	pending, err := evaluate[int](tabCtx, t.Images+factTimeout, "wait for images",
		fmt.Sprintf("window.__c2d.waitImages(%d)", t.Images.Milliseconds()), chromedp.EvalAwaitPromise)
	if err != nil {
		return nil, err
	}
	out.PendingImages = pending
	if t.Settle <= 0 {
		t.Settle = DefaultSettleTimeout
	}
	if err := within(tabCtx, t.Settle+settleStepSlack, "settle page", func(ctx context.Context) (err error) {
		out.Settling, err = settlePage(ctx, t.Settle)
		return err
	}); err != nil {
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
	if err := within(tabCtx, closedRootsTimeout+helpersTimeout, "find closed shadow roots", func(ctx context.Context) (err error) {
		out.ClosedShadowRoots, err = prepareComposedTree(ctx)
		return err
	}); err != nil {
		return nil, err
	}
	_ = within(tabCtx, spriteTimeout+factTimeout, "fetch sprites", func(ctx context.Context) error {
		prefetchSprites(ctx)
		return nil
	})
	// page.js returns the document as a JSON string: DevTools would refuse to pass a deeply
	// nested object (its CBOR stack limit), and a string also costs one copy less.
	raw, err := evaluate[string](tabCtx, collectTimeout, "record document",
		fmt.Sprintf("window.__c2d.collect(%d, %d, %d, %d, %d, %d, %d, %d, %d)", MaxDocumentNodes, MaxDocumentDepth, MaxTextLen, MaxLineFragments, MaxFontQueries, MaxFontFaces, MaxCanvasPixels, MaxLineStarts, MaxWebFontFiles))
	if err != nil {
		return nil, err
	}
	// An oversize page is refused before any further DevTools round trip.
	if len(raw) > MaxDocumentBytes {
		return nil, pageErrorf(CodePageTooLarge, "the page is too large to capture (document over %d MiB)", MaxDocumentBytes>>20)
	}
	cs, err := withinValue(tabCtx, factTimeout, "read composed-tree counts", readComposedStats)
	if err != nil {
		return nil, err
	}
	out.HiddenTexts = cs.HiddenTexts
	crops, err := withinValue(tabCtx, factTimeout, "find crops", takeCrops)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(raw), &collected); err != nil {
		return nil, fmt.Errorf("decode document: %w", err)
	}
	raw = ""
	drawn, err := withinValue(tabCtx, fontQueryTimeout+factTimeout, "record drawn fonts", platformFonts)
	if err != nil {
		return nil, fmt.Errorf("record drawn fonts: %w", err)
	}
	fonts := drawn.Fonts
	if fonts == nil {
		fonts = [][]PlatformFont{}
	}
	out.FontsUnrecorded = drawn.Unrecorded
	if out.Document, err = withMember(collected.Document, "platform_fonts", fonts); err != nil {
		return nil, fmt.Errorf("record drawn fonts: %w", err)
	}
	boxes, err := withinValue(tabCtx, fontQueryTimeout+factTimeout, "record pseudo-element boxes", pseudoBoxes)
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
		URL      string `json:"url"`
		DepthCut int    `json:"depth_cut"`
	}
	_ = json.Unmarshal(collected.Document, &doc)
	out.FinalURL, out.DepthCut = doc.URL, doc.DepthCut

	out.CropsOver = crops.Over
	shots := takeCropShots(tabCtx, crops.Boxes, spec.DeviceScaleFactor)
	if tabCtx.Err() != nil {
		return nil, tabCtx.Err()
	}
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
		case "canvas":
			// A canvas's bitmap, read by page.js as a PNG data URL: decoded here, never fetched.
			if strings.HasPrefix(img.Markup, "data:image/png") {
				data, mime, reason = imageBytes(tabCtx, log, img.Markup)
			} else {
				reason = "the canvas could not be read"
			}
		case "crop":
			shot, ok := shots[img.ID]
			if !ok {
				shot.reason = "over the per-page crop limit"
			}
			data, reason, mime = shot.data, shot.reason, "image/png"
		default:
			_ = within(tabCtx, fetchTimeout+factTimeout, "read image", func(ctx context.Context) error {
				data, mime, reason = imageBytes(ctx, log, img.URL)
				return nil
			})
		}
		if tabCtx.Err() != nil {
			return nil, tabCtx.Err()
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

	// The transforms switched off for the DOM read (page.js untransform) are drawn again.
	if _, err := evaluate[int](tabCtx, factTimeout, "restore transforms", "window.__c2d.restoreTransforms()"); err != nil {
		return nil, err
	}
	// Anything the DOM read started is brought to rest too before the screenshot.
	again, err := settleBriefly(tabCtx)
	if err != nil {
		return nil, err
	}
	out.Settling = out.Settling.add(again)
	shot, err := withinValue(tabCtx, screenshotTimeout, "screenshot", func(ctx context.Context) (Screenshot, error) {
		return screenshot(ctx, spec, maxScreenshotHeight)
	})
	if err != nil {
		return nil, err
	}
	out.Screenshot = shot
	// The interaction states, each forced and cleared again.
	var states statesRead
	if out.Document, states, err = readStates(tabCtx, out.Document); err != nil && tabCtx.Err() != nil {
		return nil, tabCtx.Err()
	}
	out.StateElements, out.StatesOver = states.Elements, states.Over
	out.DialogsAnswered = dialogs.Count()
	out.NavigationsBlocked = guard.Blocked()
	if archive != nil {
		out.SnapshotMissing = archive.Missing()
	}
	// A tab that died before (the states' read goes on past a dead tab) fails the job: only a
	// death while the dark theme is read leaves the capture whole.
	if tabCtx.Err() != nil {
		return nil, tabCtx.Err()
	}
	// The dark theme is read last, after everything the light page gave (the counts above
	// included): its read may load the page a second time (themes.go).
	second := secondLoad{deadline: deadline,
		load: func(ctx context.Context) error {
			guard.allowNavigation(spec.URL)
			if _, err := navigate(ctx, spec.URL, t.Load, log); err != nil {
				return err
			}
			if _, err := evaluate[bool](ctx, helpersTimeout, "install page helpers", vectorJS+factsJS); err != nil {
				return err
			}
			if spec.ReadySelector != "" {
				if err := waitReady(ctx, spec.ReadySelector, t.Ready); err != nil {
					return err
				}
			}
			log.waitIdle(ctx, t.NetworkIdle)
			_, err := settleBriefly(ctx)
			return err
		}}
	if out.Document, err = readDarkTheme(tabCtx, out.Document, second); err != nil {
		// A page that crashes, hangs or closes while its dark theme is read (the tab's guard
		// ended the tab: a script that spins under the dark preference) still gave everything
		// above: the capture keeps its light theme. The job's own end fails it.
		var pe *PageError
		if tabCtx.Err() != nil && !errors.As(context.Cause(tabCtx), &pe) {
			return nil, tabCtx.Err()
		}
		out.DarkThemeUnread = err.Error()
		if pe != nil {
			out.DarkThemeUnread = pe.Message + " while its dark theme was read"
		}
	}
	out.Warnings = captureWarnings(out, t.Settle)
	return out, nil
}

// briefSettleTimeout bounds settleBriefly.
const briefSettleTimeout = SettleQuiet + time.Second + settleStepSlack

// settleBriefly brings to rest what a step of the capture started (the DOM read's untransforms,
// the dark theme's second load): settlePage within SettleQuiet and a second.
func settleBriefly(ctx context.Context) (Settling, error) {
	return withinValue(ctx, briefSettleTimeout, "settle page", func(ctx context.Context) (Settling, error) {
		return settlePage(ctx, SettleQuiet+time.Second)
	})
}

// withinValue is within for a step that returns a value.
func withinValue[T any](ctx context.Context, d time.Duration, step string, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := within(ctx, d, step, func(ctx context.Context) (err error) {
		out, err = fn(ctx)
		return err
	})
	return out, err
}

// navigate opens url in the tab and waits for its load event, at most timeout. A page whose
// document was received (an HTTP 2xx or 3xx answer) and parsed (DOMContentLoaded) but whose load
// event is held back past timeout by a subresource that never finishes (a web font or an image
// whose request hangs) is captured as it is then: navigate returns the number of requests still
// in flight (at least 1), and the capture warns PAGE_NOT_LOADED. A page still being parsed (a
// trickling server, dialogs that block its scripts) fails with LOAD_TIMEOUT.
func navigate(ctx context.Context, url string, timeout time.Duration, log *netLog) (int, error) {
	nctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := chromedp.Run(nctx, chromedp.NavigateResponse(url))
	if err != nil {
		if nctx.Err() != nil && ctx.Err() == nil {
			if parsedDocument(ctx, log) {
				return max(1, log.inFlight()), nil
			}
			return 0, pageErrorf(CodeLoadTimeout, "the page did not finish loading within %s", timeout)
		}
		var le *chromedp.LoadError
		if errors.As(err, &le) {
			if strings.Contains(le.ErrorText, "TUNNEL_CONNECTION_FAILED") {
				return 0, pageErrorf(CodePageUnreachable, "the page could not be loaded (connection failed or address not allowed)")
			}
			return 0, pageErrorf(CodePageUnreachable, "the page could not be loaded (%s)", safeNetError(le.ErrorText))
		}
		return 0, fmt.Errorf("navigate: %w", err)
	}
	if resp == nil {
		return 0, pageErrorf(CodePageUnreachable, "the page could not be loaded (no response)")
	}
	switch header(resp.Headers, proxyErrorHeader) {
	case proxyErrRefused:
		return 0, pageErrorf(CodeAddressNotAllowed, "the page address is not allowed: it points to a private or reserved network")
	case proxyErrUnreachable:
		return 0, pageErrorf(CodePageUnreachable, "the page could not be loaded (connection failed)")
	}
	if resp.Status >= 400 {
		return 0, pageErrorf(CodeHTTPError, "the page answered HTTP %d", resp.Status)
	}
	return 0, nil
}

// loadStateTimeout bounds the question a page is asked when its load timeout runs out: whether
// it was parsed. A page too busy to answer within it is taken as not loaded.
const loadStateTimeout = 2 * time.Second

// parsedDocument says whether the tab's page, whose load event has not come, was received from
// its server (an HTTP answer below 400, not the egress proxy's) and parsed (document.readyState
// past "loading"), asked within loadStateTimeout.
func parsedDocument(ctx context.Context, log *netLog) bool {
	sctx, cancel := context.WithTimeout(ctx, loadStateTimeout)
	defer cancel()
	st, err := chromedp.Run(sctx, chromedp.Evaluate[struct {
		State string `json:"state"`
		URL   string `json:"url"`
	}](`({state: document.readyState, url: location.href})`))
	if err != nil || st.State == "loading" {
		return false
	}
	status, byProxy := log.answered(st.URL)
	return status >= 200 && status < 400 && !byProxy
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
		found, err := evaluate[bool](ctx, factTimeout, "look for the ready selector", expr)
		if err != nil {
			if errors.As(err, new(*PageError)) {
				return err
			}
			var ee *chromedp.ExceptionError
			if errors.As(err, &ee) {
				return pageErrorf(CodeReadySelector, "the ready selector %q is not a valid CSS selector", selector)
			}
			return fmt.Errorf("look for ready selector: %w", err)
		}
		if found {
			return nil
		}
		if time.Now().After(deadline) {
			return pageErrorf(CodeReadySelector, "the ready selector %q did not appear within %s", selector, timeout)
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
	data, err := clipShot(ctx, page.Viewport{X: 0, Y: 0, Width: float64(spec.Viewport.Width), Height: clipCSS, Scale: 1})
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

// clipShot takes a PNG of the page's rectangle clip (CSS px, Scale 1: at the capture's device
// scale factor), beyond the viewport too, from the compositor's surface.
func clipShot(ctx context.Context, clip page.Viewport) ([]byte, error) {
	var data []byte
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: ptr(true), FromSurface: ptr(true), Clip: &clip,
		})
		if err != nil {
			return err
		}
		data = r.Data
		return nil
	}))
	return data, err
}

func ptr[T any](v T) *T { return &v }
