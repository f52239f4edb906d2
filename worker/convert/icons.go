package convert

import (
	"errors"
	"fmt"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/internal/fontfile"
	"github.com/code2des/backend/worker/internal/svgsafe"
)

// CSS-masked icons and icon-font glyphs (docs/conversion.md
// "Vectors").

// iconElement converts n when it is a masked icon or an icon glyph shown alone and reports
// whether it did (then n and its children are done).
func (cv *converter) iconElement(n *capturemodel.DOMNode, f *frame, in inherited, hidden bool) bool {
	switch {
	case hidden:
		return false
	case n.Mask != nil:
		cv.maskedIcon(n, f, in)
		return true
	case n.IconFont != nil && n.Crop != nil && n.Crop.Reason == "glyph" && len(n.IconFont.Glyphs) > 0:
		g := n.IconFont.Glyphs[0]
		why := "two glyphs share the element"
		if len(n.IconFont.Glyphs) == 1 {
			if why = cv.glyphVector(n, f, in, g); why == "" {
				return true
			}
		}
		cv.rasterCrop(n, f, in, warnings.IconFontRaster, "%s shows the icon-font glyph %s of %s; its outline could not be used (%s), so it is drawn as a raster crop of the page", naming.Element(n), codepoints(g.Text), g.FontFamily, why)
		return true
	}
	return false
}

// glyphVector draws an icon glyph shown alone in n as an SVG node of n's box: the glyph's
// outline from the font file the page loaded, placed as the browser lays out one line (baseline
// from the line height and the font's ascent and descent, x from text-align), in the glyph's
// colour. It returns why it could not ("" when it did).
func (cv *converter) glyphVector(n *capturemodel.DOMNode, f *frame, in inherited, g capturemodel.Glyph) string {
	if g.FontAsset == "" {
		return "no font file of the page's style sheets could be read for it"
	}
	if drawsOwnBox(n) {
		return "the element draws a box of its own"
	}
	fnt, err := cv.font(g.FontAsset)
	if err != nil {
		return err.Error()
	}
	size, ok := css.ParsePx(g.FontSize)
	c, known := css.ParseColor(g.Color)
	if !ok || size <= 0 || !known {
		return "its size or colour could not be read"
	}
	asc, desc, height, err := fnt.Metrics(size)
	if err != nil {
		return err.Error()
	}
	cb := contentBox(n)
	top := cb.Y - n.Box.Y
	baseline := top + asc
	if n.Computed("display") != "inline" {
		lh, ok := css.ParsePx(g.LineHeight)
		if !ok || lh <= 0 {
			lh = height
		}
		baseline = top + (lh-(asc+desc))/2 + asc
	}
	adv := fnt.Advance(g.Text, size)
	x := cb.X - n.Box.X
	switch n.Computed("text-align") {
	case "center", "-webkit-center":
		x += (cb.Width - adv) / 2
	case "right", "end", "-webkit-right":
		x += cb.Width - adv
	}
	hexColor := fmt.Sprintf("#%02x%02x%02x", int(c.R*255+0.5), int(c.G*255+0.5), int(c.B*255+0.5))
	svg, err := glyphSVG(fnt, g.Text, glyphPlacement{size: size, x: x, baseline: baseline}, hexColor, css.Px(n.Box.Width), css.Px(n.Box.Height))
	if err != nil {
		return err.Error()
	}
	node := cv.newNode("SVG", naming.Element(n), n.Box, f)
	if node == nil {
		return ""
	}
	if c.A < 1 {
		node.Opacity = css.Ptr(css.Round(c.A, 4))
	}
	if e := cv.img.Generated(svg, node); e != nil {
		node.ImageRef = e.Ref
	} else {
		node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
	}
	f.add(node, n, in)
	return ""
}

// drawsOwnBox says whether n paints a background, border or shadow (then its crop, which holds
// them, is used instead of the bare glyph).
func drawsOwnBox(n *capturemodel.DOMNode) bool {
	if c, ok := css.ParseColor(n.Computed("background-color")); ok && c.A > 0 {
		return true
	}
	if n.Computed("background-image") != "none" || n.Computed("box-shadow") != "none" {
		return true
	}
	for _, side := range []string{"top", "right", "bottom", "left"} {
		if w, _ := css.ParsePx(n.Computed("border-" + side + "-width")); w > 0 && n.Computed("border-"+side+"-style") != "none" {
			return true
		}
	}
	return false
}

// font returns the parsed font of a capture asset (once per asset).
func (cv *converter) font(assetID string) (*fontfile.Font, error) {
	if cv.fonts == nil {
		cv.fonts = map[string]fontState{}
	}
	if st, ok := cv.fonts[assetID]; ok {
		return st.font, st.err
	}
	var st fontState
	a, ok := cv.img.Asset(assetID)
	if !ok {
		st.err = errors.New("the font file was not recorded by the capture")
	} else if b, err := cv.img.Bytes(a); err != nil {
		st.err = errors.New("the font file could not be read")
	} else if st.font, err = fontfile.Parse(b); err != nil {
		st.err = err
	}
	cv.fonts[assetID] = st
	return st.font, st.err
}

type fontState struct {
	font *fontfile.Font
	err  error
}

// codepoints names the characters of s as U+XXXX (icon glyphs are private-use characters).
func codepoints(s string) string {
	var parts []string
	for _, r := range s {
		if r < 0x80 {
			parts = append(parts, string(r))
			continue
		}
		parts = append(parts, fmt.Sprintf("U+%04X", r))
	}
	return strings.Join(parts, "")
}

// maskedIcon draws a CSS-masked element: an SVG mask becomes an SVG node of the element's box
// in its background colour; anything else the capture's crop, with a warning.
func (cv *converter) maskedIcon(n *capturemodel.DOMNode, f *frame, in inherited) {
	m := n.Mask
	if m.AssetID != "" {
		if node := cv.maskSVG(n, f, in); node {
			return
		}
	}
	if n.Crop != nil {
		cv.rasterCrop(n, f, in, warnings.MaskRaster, "%s is drawn through a CSS mask that is not one SVG image; it is drawn as a raster crop of the page", naming.Element(n))
		return
	}
	node := cv.newNode("RECTANGLE", naming.Element(n), n.Box, f)
	if node == nil {
		return
	}
	node.Fills = &[]resultjson.Paint{}
	f.add(node, n, in)
	cv.warn.Add(warnings.MaskRaster, node.ID, "%s is drawn through a CSS mask that could not be read, and no crop of it was recorded; its box is left empty", naming.Element(n))
}

// maskSVG draws an SVG mask in the element's colour; false when the mask is not a usable SVG.
func (cv *converter) maskSVG(n *capturemodel.DOMNode, f *frame, in inherited) bool {
	m := n.Mask
	a, ok := cv.img.Asset(m.AssetID)
	if !ok || a.MimeType != resultjson.MimeSVG {
		return false
	}
	c, known := css.ParseColor(m.Color)
	if !known || c.A == 0 {
		return false
	}
	b, err := cv.img.Bytes(a)
	if err != nil {
		return false
	}
	par := "xMidYMid meet"
	approx := false
	switch strings.TrimSpace(m.Size) {
	case "contain":
	case "cover":
		par = "xMidYMid slice"
	case "100% 100%":
		par = "none"
	default:
		approx = true
	}
	if pos := strings.TrimSpace(m.Position); pos != "" && pos != "50% 50%" && pos != "center" && pos != "center center" {
		approx = true
	}
	if rep := strings.TrimSpace(m.Repeat); rep != "no-repeat" && rep != "no-repeat no-repeat" && par == "xMidYMid meet" {
		approx = approx || !fitsExactly(b, n.Box)
	}
	hexColor := fmt.Sprintf("#%02x%02x%02x", int(c.R*255+0.5), int(c.G*255+0.5), int(c.B*255+0.5))
	svg, err := svgsafe.Recolor(b, hexColor, css.Px(n.Box.Width), css.Px(n.Box.Height), par)
	if err != nil {
		return false
	}
	node := cv.newNode("SVG", naming.Element(n), n.Box, f)
	if node == nil {
		return true
	}
	if c.A < 1 {
		node.Opacity = css.Ptr(css.Round(c.A, 4))
	}
	e := cv.img.Generated(svg, node)
	if e == nil {
		node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
	} else {
		node.ImageRef = e.Ref
	}
	f.add(node, n, in)
	if approx {
		cv.warn.Add(warnings.MaskApproximated, node.ID, "the mask of %s (mask-size %s, position %s, repeat %s) is drawn once, centred and fitted in its box", naming.Element(n), m.Size, m.Position, m.Repeat)
	}
	return true
}

// fitsExactly says whether an SVG's aspect ratio matches the box, so a repeating contain mask
// shows exactly one copy.
func fitsExactly(b []byte, box capturemodel.Box) bool {
	w, h, err := images.SVGSize(b)
	if err != nil || w <= 0 || h <= 0 || box.Height <= 0 {
		return false
	}
	r1, r2 := w/h, box.Width/box.Height
	return r1/r2 > 0.99 && r1/r2 < 1.01
}
