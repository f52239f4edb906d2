package capture

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/worker/internal/svgsafe"
)

// svgJS holds the vector helpers (window.__c2dVec): self-contained inline SVG, external sprite
// prefetch, crop requests. It is evaluated before page.js, which calls it.
//
//go:embed svg.js
var svgJS string

// iconsJS records the facts of CSS-masked icons and icon-font glyphs (window.__c2dIcons),
// called by page.js for every element.
//
//go:embed icons.js
var iconsJS string

// vectorJS is what is evaluated before page.js.
var vectorJS = svgJS + "\n;" + iconsJS + "\n;"

// Bounds of the vector helpers (svg.js keeps the per-icon ones: 5,000 elements, 8 nested <use>
// levels, 200 crops per page).
const (
	// MaxSpriteFiles bounds the external sprite files (<use href="file.svg#id">) fetched per page.
	MaxSpriteFiles = 20
	// MaxSpriteBytes bounds one external sprite file; a larger one is not used (its references
	// become SVG_REFERENCE_UNRESOLVED notes).
	MaxSpriteBytes = 2 << 20
	// spriteTimeout bounds the fetch of all external sprite files of a page.
	spriteTimeout = 5 * time.Second
	// MaxCrops bounds the raster crops (icon glyphs, masks, SVGs Figma cannot import) per page;
	// equal to svg.js MAX_CROPS.
	MaxCrops = 200
)

// prefetchSprites fetches, in the page (so through the egress guard), the external sprite files
// that <use> elements reference, for svg.js to inline. A failure leaves the references
// unresolved (noted per icon), never fails the capture.
func prefetchSprites(ctx context.Context) {
	expr := fmt.Sprintf("window.__c2dVec.prefetch(%d, %d, %d)", MaxSpriteFiles, MaxSpriteBytes, spriteTimeout.Milliseconds())
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[int](expr, chromedp.EvalAwaitPromise))
}

// cropBox is a crop svg.js requested during collect: an asset id and a box in page CSS px.
type cropBox struct {
	AssetID string `json:"asset_id"`
	Box     struct {
		X, Y, Width, Height float64
	} `json:"box"`
}

// takeCrops returns the crops requested during collect, by asset id.
func takeCrops(ctx context.Context) (map[string]cropBox, error) {
	list, err := chromedp.Run(ctx, chromedp.Evaluate[[]cropBox]("window.__c2dVec.takeCrops()"))
	if err != nil {
		return nil, fmt.Errorf("read crop requests: %w", err)
	}
	if len(list) > MaxCrops { // svg.js stops at the same bound; a page script cannot raise it
		list = list[:MaxCrops]
	}
	out := make(map[string]cropBox, len(list))
	for _, c := range list {
		out[c.AssetID] = c
	}
	return out, nil
}

// cropShot takes a PNG of one box of the page at the capture's device scale factor. reason is
// set (and no bytes) when the box is empty or the browser refused.
func cropShot(ctx context.Context, c cropBox, ok bool) (data []byte, reason string) {
	if !ok {
		return nil, "over the per-page crop limit"
	}
	x, y, w, h := c.Box.X, c.Box.Y, c.Box.Width, c.Box.Height
	if w <= 0 || h <= 0 {
		return nil, "the element has an empty box"
	}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: ptr(true), FromSurface: ptr(true),
			Clip: &page.Viewport{X: x, Y: y, Width: w, Height: h, Scale: 1},
		})
		if err != nil {
			return err
		}
		data = r.Data
		return nil
	}))
	if err != nil {
		return nil, "the crop could not be taken"
	}
	return data, ""
}

// safeSVG stores an SVG image without scripts, event handlers, javascript: URLs or references
// outside itself (svgsafe.Clean); other images pass unchanged. An SVG that is not well-formed
// is not stored (reason says so): its bytes could not be made safe.
func safeSVG(data []byte, declared string) ([]byte, string) {
	if sniffImageType(data, declared) != "image/svg+xml" {
		return data, ""
	}
	clean, _, err := svgsafe.Clean(data)
	if err != nil {
		return nil, "not a well-formed SVG document"
	}
	return clean, ""
}
