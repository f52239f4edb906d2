package preview

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"math"
	"os"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/worker/internal/headless"
)

// Time bounds of a preview.
const (
	// RenderTimeout bounds one Render (tab, layout, image decoding, screenshot) unless the
	// caller's context ends sooner.
	RenderTimeout = 30 * time.Second
	// browserStartTimeout bounds Chromium's start.
	browserStartTimeout = 30 * time.Second
)

// Options configure a Renderer.
type Options struct {
	// ExecPath is the Chromium binary; empty means /usr/bin/chromium (Debian's package).
	ExecPath string
}

// Renderer draws previews in one headless Chromium process, a tab per Render. The process has
// no network: every request goes to a proxy address where nothing listens, and the page gets
// its images as blob URLs from its own script. A crashed process is restarted by the next Render.
// A Renderer is safe for concurrent use.
type Renderer struct {
	opts Options

	mu   sync.Mutex
	proc *headless.Process // the running Chromium
}

// NewRenderer starts Chromium. Close it when done.
func NewRenderer(o Options) (*Renderer, error) {
	if o.ExecPath == "" {
		o.ExecPath = "/usr/bin/chromium"
	}
	if _, err := os.Stat(o.ExecPath); err != nil {
		return nil, fmt.Errorf("chromium not found at %s (Debian package chromium): %w", o.ExecPath, err)
	}
	r := &Renderer{opts: o}
	if err := r.start(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *Renderer) start() error {
	p, err := headless.Start(r.opts.ExecPath, "preview-chromium-", browserStartTimeout,
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.Flag("disable-lcd-text", true),
		// No network: port 9 (discard) on loopback refuses, and "<-loopback>" sends even
		// loopback through the proxy.
		chromedp.ProxyServer("http://127.0.0.1:9"),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	)
	if err != nil {
		return err
	}
	r.proc = p
	return nil
}

// Close stops Chromium and removes its profile directory.
func (r *Renderer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.proc.Stop()
}

func (r *Renderer) live() (context.Context, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.proc.Ctx.Err() == nil {
		return r.proc.Ctx, nil
	}
	_ = r.proc.Stop()
	if err := r.start(); err != nil {
		return nil, err
	}
	return r.proc.Ctx, nil
}

// Preview is a drawn result: a PNG of the root frame at the requested scale.
type Preview struct {
	PNG []byte
	// Width and Height are the PNG's size in device pixels: the root frame's size times the
	// scale, rounded up; Height is cut at MaxSide (Capped).
	Width, Height int
	Capped        bool
}

// Render draws the result JSON raw at scale (device pixels per px, 0 < scale <= MaxScale).
// images holds the bytes of the result's images by ref; an image missing from it is not drawn.
// Errors: ErrInvalid (malformed result, bad scale), ErrTooLarge (over a bound of this package),
// or a browser failure or timeout (RenderTimeout). None changes anything outside the tab.
func (r *Renderer) Render(ctx context.Context, raw []byte, images map[string][]byte, scale float64) (*Preview, error) {
	return r.RenderFonts(ctx, raw, images, nil, scale)
}

// RenderFonts is Render with the web fonts the page loaded (fonts.go): a TEXT or range whose
// family is one of theirs is drawn with its file, as Figma draws it where the font is
// installed. Fonts of families the result does not name are left out; more than MaxFonts of
// the named ones, or over MaxFontBytes of them together, is ErrTooLarge.
func (r *Renderer) RenderFonts(ctx context.Context, raw []byte, images map[string][]byte, fonts []Font, scale float64) (*Preview, error) {
	if !(scale > 0 && scale <= MaxScale) {
		return nil, fmt.Errorf("%w: scale %g is outside (0, %d]", ErrInvalid, scale, MaxScale)
	}
	res, err := decode(raw)
	if err != nil {
		return nil, err
	}
	cssW, cssH := math.Ceil(res.Root.Width), math.Ceil(res.Root.Height)
	w, h := int(math.Ceil(cssW*scale)), int(math.Ceil(cssH*scale))
	capped := false
	if w > MaxSide {
		return nil, fmt.Errorf("%w: the page is %d device px wide, over %d", ErrTooLarge, w, MaxSide)
	}
	if h > MaxSide {
		capped, cssH = true, math.Floor(MaxSide/scale)
		h = int(math.Ceil(cssH * scale))
	}
	if w*h > MaxPixels {
		return nil, fmt.Errorf("%w: the preview would be %dx%d device px, over %d", ErrTooLarge, w, h, MaxPixels)
	}
	data, err := imageMap(res, images, fonts)
	if err != nil {
		return nil, err
	}
	faces, err := fontFaces(res, fonts)
	if err != nil {
		return nil, err
	}
	doc := document(res, data, faces)

	ctx, cancel := context.WithTimeout(ctx, RenderTimeout)
	defer cancel()
	browserCtx, err := r.live()
	if err != nil {
		return nil, err
	}
	parent, cancelParent := context.WithCancel(browserCtx)
	defer cancelParent()
	stop := context.AfterFunc(ctx, cancelParent)
	defer stop()
	tabCtx, closeTab := chromedp.NewContext(parent)
	defer closeTab()

	var shot []byte
	err = chromedp.Do(tabCtx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: int64(cssW), Height: int64(cssH), DeviceScaleFactor: scale, Mobile: false,
			})
			return err
		}),
		chromedp.Navigate("about:blank"),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			tree, err := cdp.Call(ctx, tg, page.GetFrameTree, cdp.Empty{})
			if err != nil {
				return err
			}
			_, err = cdp.Call(ctx, tg, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: doc})
			return err
		}),
		func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Evaluate[bool](readyScript, chromedp.EvalAwaitPromise)(ctx, tg)
			return chromedp.Void{}, err
		},
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			res, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{
				Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: ptr(true), FromSurface: ptr(true),
				Clip: &page.Viewport{X: 0, Y: 0, Width: cssW, Height: cssH, Scale: 1},
			})
			shot = res.Data
			return err
		}),
	)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("preview did not finish within %s: %w", RenderTimeout, ctx.Err())
		}
		return nil, fmt.Errorf("preview: %w", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(shot))
	if err != nil {
		return nil, fmt.Errorf("preview screenshot is not a PNG: %w", err)
	}
	return &Preview{PNG: shot, Width: cfg.Width, Height: cfg.Height, Capped: capped}, nil
}

// readyScript turns the images into blob URLs, sets them on their elements and waits until
// every image is decoded and the fonts are loaded, then for two frames.
const readyScript = `(async () => {
  const urls = {};
  for (const [ref, [mime, b64]] of Object.entries(window.__previewImages || {})) {
    const bin = atob(b64); const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    urls[ref] = URL.createObjectURL(new Blob([bytes], {type: mime}));
  }
  window.__previewImages = null;
  const waits = [];
  for (const img of document.querySelectorAll('img[data-ref]')) {
    const u = urls[img.dataset.ref]; if (!u) continue;
    img.src = u; waits.push(img.decode().catch(() => {}));
  }
  for (const el of document.querySelectorAll('[data-bg]')) {
    const u = urls[el.dataset.bg]; if (!u) continue;
    el.style.backgroundImage = 'url("' + u + '")';
    const probe = new Image(); probe.src = u; waits.push(probe.decode().catch(() => {}));
  }
  await Promise.all(waits);
  await document.fonts.ready;
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return true;
})()`

// imageMap base64-encodes the images the result lists, within MaxImageBytes together; an SVG
// whose text names web fonts gets their @font-face rules (svgFonts, within MaxSVGFontBytes).
func imageMap(res *result, images map[string][]byte, fonts []Font) (map[string]imageData, error) {
	out := map[string]imageData{}
	total, fontBudget := 0, MaxSVGFontBytes
	for _, im := range res.Images {
		b, ok := images[im.Ref]
		if !ok {
			continue
		}
		if total += len(b); total > MaxImageBytes {
			return nil, fmt.Errorf("%w: the images are over %d bytes together", ErrTooLarge, MaxImageBytes)
		}
		if im.MimeType == "image/svg+xml" {
			var added int
			b, added = svgFonts(b, fonts, fontBudget)
			fontBudget -= added
		}
		out[im.Ref] = imageData{MimeType: im.MimeType, Base64: base64.StdEncoding.EncodeToString(b)}
	}
	return out, nil
}

// IsInputError reports whether err is about the result itself (ErrInvalid or ErrTooLarge)
// rather than the browser.
func IsInputError(err error) bool {
	return errors.Is(err, ErrInvalid) || errors.Is(err, ErrTooLarge)
}
