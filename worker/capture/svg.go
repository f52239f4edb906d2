package capture

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"slices"
	"strings"
	"time"

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

// cropRequests are the crops requested during collect, by asset id, and Over: how many elements
// asked for one past MaxCrops (they have none).
type cropRequests struct {
	Boxes map[string]cropBox
	Over  int
}

// takeCrops returns the crops requested during collect.
func takeCrops(ctx context.Context) (cropRequests, error) {
	list, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
		Crops []cropBox `json:"crops"`
		Over  int       `json:"over"`
	}]("window.__c2dVec.takeCrops()"))
	if err != nil {
		return cropRequests{}, fmt.Errorf("read crop requests: %w", err)
	}
	out := cropRequests{Boxes: make(map[string]cropBox, min(len(list.Crops), MaxCrops)), Over: max(list.Over, 0)}
	if len(list.Crops) > MaxCrops { // svg.js stops at the same bound; a page script cannot raise it
		out.Over += len(list.Crops) - MaxCrops
		list.Crops = list.Crops[:MaxCrops]
	}
	for _, c := range list.Crops {
		out.Boxes[c.AssetID] = c
	}
	return out, nil
}

// Crops whose box lies on whole device pixels are cut from screenshots of bands of the page rather
// than taken one screenshot each: on a page of thousands of controls, each screenshot beyond the
// viewport cost a layout of the whole page (200 crops took minutes); a band holds every crop it
// covers. A crop whose box does not lie on whole device pixels is taken alone, as the browser
// draws a clip that starts between pixels (a cut from a band would be shifted by up to half a
// pixel and sized differently), and so is a crop larger than a band, whose screenshot is never
// decoded.
const (
	// cropBandHeight bounds the height of one band, in device px.
	cropBandHeight = 2048
	// cropBandPixels bounds the pixels of one band (4 bytes each once decoded).
	cropBandPixels = 16 << 20
)

// cropShot is the PNG of one crop, or reason (and no bytes) when it was not taken.
type cropShot struct {
	data   []byte
	reason string
}

// cropBand is a rectangle of the page in CSS px (whole pixels) and the crops it covers.
type cropBand struct {
	x, y, width, height float64
	crops               []cropBox
}

// wholePixels is c's box grown to whole CSS px: its left, top, right and bottom edges.
func wholePixels(c cropBox) (x0, y0, x1, y1 float64) {
	return math.Floor(c.Box.X), math.Floor(c.Box.Y), math.Ceil(c.Box.X + c.Box.Width), math.Ceil(c.Box.Y + c.Box.Height)
}

// fitsBand says whether a rectangle of the page width by height CSS px is within cropBandHeight
// and cropBandPixels at dsf.
func fitsBand(width, height, dsf float64) bool {
	return height*dsf <= cropBandHeight && width*height*dsf*dsf <= cropBandPixels
}

// bandable says whether crop c is cut from a band: its box lies on whole device pixels at dsf
// and fits in a band alone.
func bandable(c cropBox, dsf float64) bool {
	x0, y0, x1, y1 := wholePixels(c)
	return onDevicePixels(c, dsf) && fitsBand(x1-x0, y1-y0, dsf)
}

// cropBands groups bandable crops into bands, top to bottom: a band grows by the next crop (in
// order of their top) while it stays within cropBandHeight and cropBandPixels at dsf.
func cropBands(crops []cropBox, dsf float64) []cropBand {
	sorted := slices.Clone(crops)
	slices.SortStableFunc(sorted, func(a, b cropBox) int { return cmp.Compare(a.Box.Y, b.Box.Y) })
	var out []cropBand
	for _, c := range sorted {
		x0, y0, x1, y1 := wholePixels(c)
		if n := len(out); n > 0 {
			b := &out[n-1]
			bx0, bx1, by1 := math.Min(b.x, x0), math.Max(b.x+b.width, x1), math.Max(b.y+b.height, y1)
			if fitsBand(bx1-bx0, by1-b.y, dsf) {
				b.x, b.width, b.height = bx0, bx1-bx0, by1-b.y
				b.crops = append(b.crops, c)
				continue
			}
		}
		out = append(out, cropBand{x: x0, y: y0, width: x1 - x0, height: y1 - y0, crops: []cropBox{c}})
	}
	return out
}

// takeCropShots takes every crop of crops: a PNG of its box at the capture's device scale factor
// dsf, cut from a screenshot of its band (bandable) or taken alone, each screenshot a step of its
// own (within factTimeout). A crop with an empty box, or whose screenshot the browser refused, has
// a reason instead.
func takeCropShots(ctx context.Context, crops map[string]cropBox, dsf float64) map[string]cropShot {
	if dsf <= 0 {
		dsf = 1
	}
	out := make(map[string]cropShot, len(crops))
	var banded []cropBox
	for id, c := range crops {
		switch {
		case c.Box.Width <= 0 || c.Box.Height <= 0:
			out[id] = cropShot{reason: "the element has an empty box"}
		case bandable(c, dsf):
			banded = append(banded, c)
		default:
			var shot cropShot
			_ = within(ctx, factTimeout, "crop", func(ctx context.Context) error {
				shot = singleShot(ctx, c)
				return nil
			})
			out[id] = shot
		}
	}
	slices.SortFunc(banded, func(a, b cropBox) int { return strings.Compare(a.AssetID, b.AssetID) })
	for _, b := range cropBands(banded, dsf) {
		var data []byte
		_ = within(ctx, factTimeout, "crop", func(ctx context.Context) (err error) {
			data, err = clipShot(ctx, page.Viewport{X: b.x, Y: b.y, Width: b.width, Height: b.height, Scale: 1})
			return err
		})
		// Decoded outside the browser's step: factTimeout bounds what the browser does.
		band, _ := png.Decode(bytes.NewReader(data))
		for _, c := range b.crops {
			shot := cropShot{reason: "the crop could not be taken"}
			if band != nil {
				if data, err := cutCrop(band, b, c, dsf); err == nil {
					shot = cropShot{data: data}
				}
			}
			out[c.AssetID] = shot
		}
	}
	return out
}

// onDevicePixels says whether c's box lies on whole device pixels at dsf.
func onDevicePixels(c cropBox, dsf float64) bool {
	whole := func(v float64) bool { v *= dsf; return math.Abs(v-math.Round(v)) < 1e-6 }
	return whole(c.Box.X) && whole(c.Box.Y) && whole(c.Box.Width) && whole(c.Box.Height)
}

// singleShot takes a PNG of c's box alone at the capture's device scale factor.
func singleShot(ctx context.Context, c cropBox) cropShot {
	data, err := clipShot(ctx, page.Viewport{X: c.Box.X, Y: c.Box.Y, Width: c.Box.Width, Height: c.Box.Height, Scale: 1})
	if err != nil {
		return cropShot{reason: "the crop could not be taken"}
	}
	return cropShot{data: data}
}

// cutCrop cuts crop c out of band (the screenshot of b at dsf device px per CSS px) as a PNG of
// its box, its edges rounded to device pixels; what of the box lies outside the band is
// transparent.
func cutCrop(band image.Image, b cropBand, c cropBox, dsf float64) ([]byte, error) {
	px := func(v, origin float64) int { return int(math.Round((v - origin) * dsf)) }
	x0, y0 := px(c.Box.X, b.x), px(c.Box.Y, b.y)
	x1, y1 := max(px(c.Box.X+c.Box.Width, b.x), x0+1), max(px(c.Box.Y+c.Box.Height, b.y), y0+1)
	dst := image.NewNRGBA(image.Rect(0, 0, x1-x0, y1-y0))
	origin := band.Bounds().Min
	draw.Draw(dst, dst.Bounds(), band, origin.Add(image.Pt(x0, y0)), draw.Src)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, dst); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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
