package convert

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestGlyphOutlines reads the test icon font (testdata/icon-fonts, made by
// worker/capture/capturetest/site/fonts/make-c2d-icons.py) as TrueType and as WOFF 1.0: both give
// the same path (and as WOFF 2.0, with glyf/loca and with hmtx transformed), with the star's top point where its font units put it; WOFF2 and damaged files
// are errFontFormat, and a character without a glyph is refused.
func TestGlyphOutlines(t *testing.T) {
	var paths []string
	for _, name := range []string{"c2d-icons.ttf", "c2d-icons.woff", "c2d-icons.woff2", "c2d-icons-hmtx.woff2"} {
		b, err := os.ReadFile("testdata/icon-fonts/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parseFont(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		svg, err := glyphSVG(f, "\ue001", glyphPlacement{size: 100, x: 0, baseline: 90}, "#123456", 100, 100)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// U+E001's first point is (500, 950) in 1,000 units a em: at 100 px, x 50 and 95 px above
		// the baseline at 90, that is y -5.
		if !bytes.Contains(svg, []byte(`d="M50 -5L`)) || !bytes.Contains(svg, []byte(`fill="#123456"`)) {
			t.Errorf("%s: star drawn as %s", name, svg)
		}
		paths = append(paths, string(svg))
		if _, err := glyphSVG(f, "a", glyphPlacement{size: 10}, "#000000", 10, 10); !errors.Is(err, errFontFormat) {
			t.Errorf("%s: a character without a glyph: %v, want errFontFormat", name, err)
		}
		// A run whose outline passes MaxGlyphPathBytes is refused (the crop is drawn instead).
		long := strings.Repeat("\ue002", MaxGlyphPathBytes/40)
		if _, err := glyphSVG(f, long, glyphPlacement{size: 10}, "#000000", 10, 10); !errors.Is(err, errFontFormat) {
			t.Errorf("%s: an outline over %d bytes: %v, want errFontFormat", name, MaxGlyphPathBytes, err)
		}
		if adv := textAdvance(f, "\ue001\ue002", 10); adv != 20 {
			t.Errorf("%s: advance of two glyphs at 10 px is %v, want 20", name, adv)
		}
	}
	for i := 1; i < len(paths); i++ {
		if paths[i] != paths[0] {
			t.Errorf("outline %d differs from the TrueType one:\n%s\n%s", i, paths[i], paths[0])
		}
	}
	woff2, err := os.ReadFile("testdata/icon-fonts/c2d-icons.woff2")
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"CutWOFF2":     woff2[:len(woff2)-40],
		"TTCWOFF2":     append(append([]byte("wOF2"), []byte("ttcf")...), woff2[8:]...),
		"ShortWOFF2":   append([]byte("wOF2"), make([]byte, 20)...),
		"EmptyWOFF2":   append([]byte("wOF2"), make([]byte, 60)...),
		"ShortWOFF":    []byte("wOFF\x00\x01"),
		"NotAFont":     []byte(strings.Repeat("x", 64)),
		"WOFFBadTable": append([]byte("wOFF\x00\x01\x00\x00\x00\x00\x00\x40\x00\x01\x00\x00\x00\x00\x10\x00"), make([]byte, 80)...),
	} {
		if _, err := parseFont(b); !errors.Is(err, errFontFormat) {
			t.Errorf("%s: %v, want errFontFormat", name, err)
		}
	}
}

// TestLigatureIcon reads the test ligature font (made by capturetest/site/fonts/
// make-c2d-ligatures.py): "star" shapes to the one star glyph of its 'liga' feature, as a
// browser draws it, with the star's advance; a word without a ligature stays letters.
func TestLigatureIcon(t *testing.T) {
	b, err := os.ReadFile("testdata/icon-fonts/c2d-ligatures.ttf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseFont(b)
	if err != nil {
		t.Fatal(err)
	}
	if gids, err := f.shape("star"); err != nil || len(gids) != 1 || gids[0] != 5 {
		t.Errorf("shape(star) = %v, %v; want the star glyph 5", gids, err)
	}
	if gids, _ := f.shape("rats"); len(gids) != 4 {
		t.Errorf("shape(rats) = %v, want four letters", gids)
	}
	if adv := textAdvance(f, "star", 10); adv != 10 {
		t.Errorf("advance of the star ligature at 10 px is %v, want 10", adv)
	}
	svg, err := glyphSVG(f, "star", glyphPlacement{size: 100, baseline: 90}, "#000000", 100, 100)
	if err != nil || !bytes.Contains(svg, []byte(`d="M50 -5L`)) {
		t.Errorf("star ligature drawn as %s (%v), want the star's outline", svg, err)
	}
}
