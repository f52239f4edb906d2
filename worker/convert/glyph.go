package convert

import (
	"fmt"

	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/internal/fontfile"
)

// Icon-font glyphs as vectors: the glyph's outline read from the font file the page loaded
// (worker/internal/fontfile), placed where the browser drew it, as an SVG path in the glyph's
// colour.

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
		images.SVGNamespace, num(w), num(h), num(w), num(h), d, hex), nil
}
