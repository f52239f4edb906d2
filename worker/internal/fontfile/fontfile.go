// Package fontfile reads the outlines of a font file a page loaded: TrueType and OpenType/CFF
// (golang.org/x/image/font/sfnt), WOFF 1.0 (zlib tables) and WOFF 2.0 (Brotli,
// github.com/andybalholm/brotli, with its glyf/loca and hmtx transforms reversed: woff2.go,
// woff2glyf.go), and the font's ligature substitutions (ligature.go). The converter draws
// icon-font glyphs with it (docs/conversion.md "Vectors").
//
// The WOFF 2.0 reader is ours: no module the Go module proxy serves reverses the WOFF2 table
// transforms (golang.org/x/image reads plain sfnt only), and icon fonts are mostly served as
// WOFF2 only. Font collections are not read.
package fontfile

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

// MaxSfntBytes bounds a font rebuilt from WOFF or WOFF2 (and so the decompressed tables): 40 MiB.
const MaxSfntBytes = 40 << 20

// ErrUnreadable marks a font file whose outlines cannot be read (damaged, a collection, only
// EOT/SVG outlines), a character without a glyph, or an outline over its bound. Error texts are
// safe for end users: the converter repeats them in warnings.
var ErrUnreadable = errors.New("font outlines not readable")

// Font is a parsed font and its ligature substitutions.
type Font struct {
	font      *sfnt.Font
	ligatures []ligatureLookup
}

// Parse reads a TrueType/OpenType font, unwrapping WOFF 1.0 and WOFF 2.0. Errors wrap
// ErrUnreadable.
func Parse(b []byte) (*Font, error) {
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
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	return &Font{font: f, ligatures: ligatureLookups(tableOf(b, "GSUB"))}, nil
}

// Shape maps text to glyphs: one per character, then the font's ligatures. It fails (wrapping
// ErrUnreadable) when a character has no glyph.
func (f *Font) Shape(text string) ([]sfnt.GlyphIndex, error) {
	var buf sfnt.Buffer
	var gids []sfnt.GlyphIndex
	for _, r := range text {
		gi, err := f.font.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			return nil, fmt.Errorf("%w: no glyph for U+%04X", ErrUnreadable, r)
		}
		gids = append(gids, gi)
	}
	return applyLigatures(gids, f.ligatures), nil
}

// unwoff rebuilds the sfnt of a WOFF 1.0 file (each table zlib-compressed or stored).
func unwoff(b []byte) ([]byte, error) {
	bad := fmt.Errorf("%w: damaged WOFF", ErrUnreadable)
	if len(b) < 44 {
		return nil, bad
	}
	flavor := binary.BigEndian.Uint32(b[4:])
	n := int(binary.BigEndian.Uint16(b[12:]))
	total := int(binary.BigEndian.Uint32(b[16:]))
	if n == 0 || n > 256 || total > MaxSfntBytes || len(b) < 44+20*n {
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

// Path is the outline of text (shaped) at size px as SVG path data: the pen starts at x on the
// baseline y (CSS px, y down), numbers have at most 2 decimals, and every subpath but the last
// ends with Z (the caller closes the last). It fails (wrapping ErrUnreadable) when a character
// has no glyph, the outline is empty, or the path passes maxBytes.
func (f *Font) Path(text string, size, x, baseline float64, maxBytes int) (string, error) {
	gids, err := f.Shape(text)
	if err != nil {
		return "", err
	}
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(math.Round(size * 64))
	var d strings.Builder
	pen := x
	pt := func(q fixed.Point26_6) string {
		return FormatNumber(pen+float64(q.X)/64) + " " + FormatNumber(baseline+float64(q.Y)/64)
	}
	for _, gi := range gids {
		segs, err := f.font.LoadGlyph(&buf, gi, ppem, nil)
		if err != nil {
			return "", fmt.Errorf("%w: %v", ErrUnreadable, err)
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
			if d.Len() > maxBytes {
				return "", fmt.Errorf("%w: outline over %d bytes", ErrUnreadable, maxBytes)
			}
		}
		adv, err := f.font.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			return "", fmt.Errorf("%w: %v", ErrUnreadable, err)
		}
		pen += float64(adv) / 64
	}
	if d.Len() == 0 {
		return "", fmt.Errorf("%w: empty outline", ErrUnreadable)
	}
	return d.String(), nil
}

// FormatNumber writes v rounded to 2 decimals, without trailing zeros (SVG coordinates).
func FormatNumber(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// Advance is the advance width of text (shaped) at size px; characters without a glyph add
// nothing.
func (f *Font) Advance(text string, size float64) float64 {
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(math.Round(size * 64))
	total := 0.0
	gids, _ := f.Shape(text)
	for _, gi := range gids {
		if adv, err := f.font.GlyphAdvance(&buf, gi, ppem, font.HintingNone); err == nil {
			total += float64(adv) / 64
		}
	}
	return total
}

// Metrics are the font's ascent, descent and line height at size px (hhea, or OS/2 typo metrics
// when the font asks for them, as browsers use them). Errors wrap ErrUnreadable.
func (f *Font) Metrics(size float64) (ascent, descent, height float64, err error) {
	var buf sfnt.Buffer
	m, err := f.font.Metrics(&buf, fixed.Int26_6(math.Round(size*64)), font.HintingNone)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	return float64(m.Ascent) / 64, float64(m.Descent) / 64, float64(m.Height) / 64, nil
}
