// Package vector is the vector pass (docs/conversion.md "Vectors"): Draw gives the icon nodes of
// the box tree their SVG: an icon-font glyph's outline from the font file the page loaded, a CSS
// mask recoloured in the element's colour, an inline SVG as the capture kept it (with the
// capture's notes about it), or, where no faithful vector exists, the capture's crop.
package vector

import (
	"errors"
	"fmt"
	"strings"

	"github.com/code2des/backend/svgcheck"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/internal/fontfile"
	"github.com/code2des/backend/worker/internal/svgsafe"
)

// Icons draws the icons of one capture, reading their font files and masks from Images.
type Icons struct {
	Images *images.Store
	// fonts are the icon fonts parsed so far, by asset id.
	fonts map[string]fontState
}

// Glyph returns the SVG of n's box drawing icon glyph g shown alone in n: the glyph's outline
// from the font file the page loaded, placed as the browser lays out one line (baseline from the
// line height and the font's ascent and descent, x from text-align), in the glyph's colour, with
// the colour's alpha. why says why it could not ("" when it did).
func (v *Icons) Glyph(n *capturemodel.DOMNode, g capturemodel.Glyph) (svg []byte, alpha float64, why string) {
	if g.FontAsset == "" {
		return nil, 0, "no font file of the page's style sheets could be read for it"
	}
	if drawsOwnBox(n) {
		return nil, 0, "the element draws a box of its own"
	}
	fnt, err := v.font(g.FontAsset)
	if err != nil {
		return nil, 0, err.Error()
	}
	size, ok := css.ParsePx(g.FontSize)
	c, known := css.ParseColor(g.Color)
	if !ok || size <= 0 || !known {
		return nil, 0, "its size or colour could not be read"
	}
	asc, desc, height, err := fnt.Metrics(size)
	if err != nil {
		return nil, 0, err.Error()
	}
	cb := ContentBox(n)
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
	hex := fmt.Sprintf("#%02x%02x%02x", int(c.R*255+0.5), int(c.G*255+0.5), int(c.B*255+0.5))
	svg, err = glyphSVG(fnt, g.Text, glyphPlacement{size: size, x: x, baseline: baseline}, hex, css.Px(n.Box.Width), css.Px(n.Box.Height))
	if err != nil {
		return nil, 0, err.Error()
	}
	return svg, c.A, ""
}

// Mask returns the SVG of n's box drawing its CSS mask (an SVG image) in the mask's colour, with
// the colour's alpha; approx says its size, position or repeat was approximated (drawn once,
// centred, fitted). ok is false when the mask is not a usable SVG (or names no asset).
func (v *Icons) Mask(n *capturemodel.DOMNode) (svg []byte, alpha float64, approx, ok bool) {
	m := n.Mask
	a, found := v.Images.Asset(m.AssetID)
	if m.AssetID == "" || !found || a.MimeType != resultjson.MimeSVG {
		return nil, 0, false, false
	}
	c, known := css.ParseColor(m.Color)
	if !known || c.A == 0 {
		return nil, 0, false, false
	}
	b, err := v.Images.Bytes(a)
	if err != nil {
		return nil, 0, false, false
	}
	par := "xMidYMid meet"
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
	svg, err = svgsafe.Recolor(b, hexColor, css.Px(n.Box.Width), css.Px(n.Box.Height), par)
	if err != nil {
		return nil, 0, false, false
	}
	return svg, c.A, approx, true
}

// font returns the parsed font of a capture asset (once per asset).
func (v *Icons) font(assetID string) (*fontfile.Font, error) {
	if v.fonts == nil {
		v.fonts = map[string]fontState{}
	}
	if st, ok := v.fonts[assetID]; ok {
		return st.font, st.err
	}
	var st fontState
	a, ok := v.Images.Asset(assetID)
	if !ok {
		st.err = errors.New("the font file was not recorded by the capture")
	} else if b, err := v.Images.Bytes(a); err != nil {
		st.err = errors.New("the font file could not be read")
	} else if st.font, err = fontfile.Parse(b); err != nil {
		st.err = err
	}
	v.fonts[assetID] = st
	return st.font, st.err
}

type fontState struct {
	font *fontfile.Font
	err  error
}

// drawsOwnBox says whether n paints a background, border or shadow (then its crop, which holds
// them, is used instead of the bare glyph).
func drawsOwnBox(n *capturemodel.DOMNode) bool {
	if c, ok := css.ParseColor(n.Computed("background-color")); ok && c.A > 0 {
		return true
	}
	return n.Computed("background-image") != "none" || paint.Edged(n)
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

// ContentBox is n's box inside its borders and padding (where an SVG draws its viewport).
func ContentBox(n *capturemodel.DOMNode) capturemodel.Box {
	side := func(p string) float64 { v, _ := css.ParsePx(n.Computed(p)); return v }
	l := side("border-left-width") + side("padding-left")
	t := side("border-top-width") + side("padding-top")
	r := side("border-right-width") + side("padding-right")
	b := side("border-bottom-width") + side("padding-bottom")
	return capturemodel.Box{X: n.Box.X + l, Y: n.Box.Y + t, Width: max(0.01, n.Box.Width-l-r), Height: max(0.01, n.Box.Height-t-b)}
}

// Codepoints names the characters of s as U+XXXX (icon glyphs are private-use characters).
func Codepoints(s string) string {
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

// Notes turns the capture's notes about an inline SVG into warnings about nodeID.
func Notes(w *warnings.List, n *capturemodel.DOMNode, nodeID string) {
	for _, note := range n.SVGNotes {
		switch note.Code {
		case warnings.SVGReference:
			w.Add(warnings.SVGReference, nodeID, "%s references %s, which the capture could not find (not in the page or its sprite file could not be fetched); that part is missing", naming.Element(n), note.Detail)
		case "SVG_TRUNCATED":
			w.Add(warnings.SVGIncomplete, nodeID, "%s is too large to copy whole (%s); the rest is missing", naming.Element(n), note.Detail)
		default:
			w.Add(warnings.SVGIncomplete, nodeID, "%s could not be made self-contained; it is kept as written in the page (colours from page CSS and <use> references may be missing)", naming.Element(n))
		}
	}
}

// MaxGlyphPathBytes bounds the SVG path of one icon glyph; a larger outline is drawn from the
// crop instead.
const MaxGlyphPathBytes = 256 << 10

// glyphPlacement is where the browser drew a glyph run: its font size, the x of its pen start
// and its baseline's y, in CSS px relative to the SVG's origin.
type glyphPlacement struct {
	size, x, baseline float64
}

// glyphSVG draws text in font f as one SVG path of colour hex, w x h px, at p. It fails
// (wrapping fontfile.ErrUnreadable) when a character has no glyph in the font or the outline
// passes MaxGlyphPathBytes.
func glyphSVG(f *fontfile.Font, text string, p glyphPlacement, hex string, w, h float64) ([]byte, error) {
	d, err := f.Path(text, p.size, p.x, p.baseline, MaxGlyphPathBytes)
	if err != nil {
		return nil, err
	}
	num := fontfile.FormatNumber
	return fmt.Appendf(nil, `<svg xmlns="%s" width="%s" height="%s" viewBox="0 0 %s %s"><path d="%sZ" fill="%s"/></svg>`,
		svgcheck.Namespace, num(w), num(h), num(w), num(h), d, hex), nil
}
