package convert

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Icon-font glyphs as vectors: the glyph's outline read from the font file the page loaded
// (TrueType, OpenType/CFF, WOFF 1.0 or WOFF 2.0; golang.org/x/image/font/sfnt), placed where the browser
// drew it, as an SVG path in the glyph's colour.

// MaxGlyphPathBytes bounds the SVG path of one icon glyph; a larger outline is drawn from the
// crop instead.
const MaxGlyphPathBytes = 256 << 10

// errFontFormat marks a font file the converter cannot read outlines from (WOFF2, damaged).
var errFontFormat = errors.New("font outlines not readable")

// iconFont is a parsed font and its ligature substitutions (ligature.go).
type iconFont struct {
	font      *sfnt.Font
	ligatures []ligatureLookup
}

// parseFont reads a TrueType/OpenType font, unwrapping WOFF 1.0 and WOFF 2.0 (woff2.go).
func parseFont(b []byte) (*iconFont, error) {
	switch {
	case bytes.HasPrefix(b, []byte("wOF2")):
		var err error
		if b, err = unwoff2(b); err != nil {
			return nil, err
		}
	case bytes.HasPrefix(b, []byte("wOFF")):
		var err error
		if b, err = unwoff(b); err != nil {
			return nil, err
		}
	}
	f, err := sfnt.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errFontFormat, err)
	}
	return &iconFont{font: f, ligatures: ligatureLookups(tableOf(b, "GSUB"))}, nil
}

// shape maps text to glyphs: one per character, then the font's ligatures. It fails when a
// character has no glyph.
func (f *iconFont) shape(text string) ([]sfnt.GlyphIndex, error) {
	var buf sfnt.Buffer
	var gids []sfnt.GlyphIndex
	for _, r := range text {
		gi, err := f.font.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			return nil, fmt.Errorf("%w: no glyph for U+%04X", errFontFormat, r)
		}
		gids = append(gids, gi)
	}
	return applyLigatures(gids, f.ligatures), nil
}

// unwoff rebuilds the sfnt of a WOFF 1.0 file (each table zlib-compressed or stored).
func unwoff(b []byte) ([]byte, error) {
	bad := fmt.Errorf("%w: damaged WOFF", errFontFormat)
	if len(b) < 44 {
		return nil, bad
	}
	flavor := binary.BigEndian.Uint32(b[4:])
	n := int(binary.BigEndian.Uint16(b[12:]))
	total := int(binary.BigEndian.Uint32(b[16:]))
	if n == 0 || n > 256 || total > MaxImageBytes*4 || len(b) < 44+20*n {
		return nil, bad
	}
	out := make([]byte, 12+16*n, total)
	binary.BigEndian.PutUint32(out[0:], flavor)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	for i := range n {
		e := b[44+20*i:]
		tag, off, clen, olen, sum := e[0:4], int(binary.BigEndian.Uint32(e[4:])), int(binary.BigEndian.Uint32(e[8:])),
			int(binary.BigEndian.Uint32(e[12:])), binary.BigEndian.Uint32(e[16:])
		if off < 0 || clen < 0 || off+clen > len(b) || olen > total {
			return nil, bad
		}
		data := b[off : off+clen]
		if clen < olen {
			r, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil, bad
			}
			data, err = io.ReadAll(io.LimitReader(r, int64(olen)+1))
			if err != nil || len(data) != olen {
				return nil, bad
			}
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		rec := out[12+16*i:]
		copy(rec[0:4], tag)
		binary.BigEndian.PutUint32(rec[4:], sum)
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(olen))
		out = append(out, data...)
	}
	return out, nil
}

// glyphPlacement is where the browser drew a glyph run: its font size, the x of its pen start
// and its baseline's y, in CSS px relative to the SVG's origin.
type glyphPlacement struct {
	size, x, baseline float64
}

// glyphSVG draws text in font f as one SVG path of colour hex, w x h px, at p. It fails when a
// character has no glyph in the font.
func glyphSVG(fnt *iconFont, text string, p glyphPlacement, hex string, w, h float64) ([]byte, error) {
	gids, err := fnt.shape(text)
	if err != nil {
		return nil, err
	}
	f := fnt.font
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(math.Round(p.size * 64))
	var d strings.Builder
	pen := p.x
	num := func(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
	pt := func(q fixed.Point26_6) string {
		return num(pen+float64(q.X)/64) + " " + num(p.baseline+float64(q.Y)/64)
	}
	for _, gi := range gids {
		segs, err := f.LoadGlyph(&buf, gi, ppem, nil)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errFontFormat, err)
		}
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if d.Len() > 0 {
					d.WriteString("Z")
				}
				d.WriteString("M" + pt(s.Args[0]))
			case sfnt.SegmentOpLineTo:
				d.WriteString("L" + pt(s.Args[0]))
			case sfnt.SegmentOpQuadTo:
				d.WriteString("Q" + pt(s.Args[0]) + " " + pt(s.Args[1]))
			case sfnt.SegmentOpCubeTo:
				d.WriteString("C" + pt(s.Args[0]) + " " + pt(s.Args[1]) + " " + pt(s.Args[2]))
			}
			if d.Len() > MaxGlyphPathBytes {
				return nil, fmt.Errorf("%w: outline over %d bytes", errFontFormat, MaxGlyphPathBytes)
			}
		}
		adv, err := f.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errFontFormat, err)
		}
		pen += float64(adv) / 64
	}
	if d.Len() == 0 {
		return nil, fmt.Errorf("%w: empty outline", errFontFormat)
	}
	return fmt.Appendf(nil, `<svg xmlns="%s" width="%s" height="%s" viewBox="0 0 %s %s"><path d="%sZ" fill="%s"/></svg>`,
		svgNamespace, num(w), num(h), num(w), num(h), d.String(), hex), nil
}

// textAdvance is the advance width of text (shaped) in f at size px.
func textAdvance(f *iconFont, text string, size float64) float64 {
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(math.Round(size * 64))
	total := 0.0
	gids, _ := f.shape(text)
	for _, gi := range gids {
		if adv, err := f.font.GlyphAdvance(&buf, gi, ppem, font.HintingNone); err == nil {
			total += float64(adv) / 64
		}
	}
	return total
}

// fontMetrics are a font's ascent, descent and line gap at size px (hhea, or OS/2 typo metrics
// when the font asks for them, as browsers use them).
func fontMetrics(f *iconFont, size float64) (ascent, descent, height float64, err error) {
	var buf sfnt.Buffer
	m, err := f.font.Metrics(&buf, fixed.Int26_6(math.Round(size*64)), font.HintingNone)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%w: %v", errFontFormat, err)
	}
	return float64(m.Ascent) / 64, float64(m.Descent) / 64, float64(m.Height) / 64, nil
}
