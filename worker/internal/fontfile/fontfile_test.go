package fontfile_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/internal/fontfile"
)

// maxPath bounds the test outlines, as the converter bounds an icon glyph (256 KiB).
const maxPath = 256 << 10

// TestGlyphOutlines reads the test icon font (testdata/, made by
// worker/capture/capturetest/site/fonts/make-c2d-icons.py) as TrueType and as WOFF 1.0: both give
// the same path (and as WOFF 2.0, with glyf/loca and with hmtx transformed), with the star's top point where its font units put it; WOFF2 and damaged files
// are fontfile.ErrUnreadable, and a character without a glyph is refused.
func TestGlyphOutlines(t *testing.T) {
	var paths []string
	for _, name := range []string{"c2d-icons.ttf", "c2d-icons.woff", "c2d-icons.woff2", "c2d-icons-hmtx.woff2"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := fontfile.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path, err := f.Path("\ue001", 100, 0, 90, maxPath)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// U+E001's first point is (500, 950) in 1,000 units a em: at 100 px, x 50 and 95 px above
		// the baseline at 90, that is y -5.
		if !strings.HasPrefix(path, "M50 -5L") {
			t.Errorf("%s: star drawn as %s", name, path)
		}
		paths = append(paths, path)
		if _, err := f.Path("a", 10, 0, 0, maxPath); !errors.Is(err, fontfile.ErrUnreadable) {
			t.Errorf("%s: a character without a glyph: %v, want ErrUnreadable", name, err)
		}
		// A run whose outline passes maxBytes is refused (the converter draws the crop instead).
		long := strings.Repeat("\ue002", maxPath/40)
		if _, err := f.Path(long, 10, 0, 0, maxPath); !errors.Is(err, fontfile.ErrUnreadable) {
			t.Errorf("%s: an outline over %d bytes: %v, want ErrUnreadable", name, maxPath, err)
		}
		if adv := f.Advance("\ue001\ue002", 10); adv != 20 {
			t.Errorf("%s: advance of two glyphs at 10 px is %v, want 20", name, adv)
		}
	}
	for i := 1; i < len(paths); i++ {
		if paths[i] != paths[0] {
			t.Errorf("outline %d differs from the TrueType one:\n%s\n%s", i, paths[i], paths[0])
		}
	}
	woff2, err := os.ReadFile("testdata/c2d-icons.woff2")
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
		if _, err := fontfile.Parse(b); !errors.Is(err, fontfile.ErrUnreadable) {
			t.Errorf("%s: %v, want ErrUnreadable", name, err)
		}
	}
}

// TestLigatureIcon reads the test ligature font (made by capturetest/site/fonts/
// make-c2d-ligatures.py): "star" shapes to the one star glyph of its 'liga' feature, as a
// browser draws it, with the star's advance; a word without a ligature stays letters.
func TestLigatureIcon(t *testing.T) {
	b, err := os.ReadFile("testdata/c2d-ligatures.ttf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := fontfile.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if gids, err := f.Shape("star"); err != nil || len(gids) != 1 || gids[0] != 5 {
		t.Errorf("shape(star) = %v, %v; want the star glyph 5", gids, err)
	}
	if gids, _ := f.Shape("rats"); len(gids) != 4 {
		t.Errorf("shape(rats) = %v, want four letters", gids)
	}
	if adv := f.Advance("star", 10); adv != 10 {
		t.Errorf("advance of the star ligature at 10 px is %v, want 10", adv)
	}
	path, err := f.Path("star", 100, 0, 90, maxPath)
	if err != nil || !strings.HasPrefix(path, "M50 -5L") {
		t.Errorf("star ligature drawn as %s (%v), want the star's outline", path, err)
	}
}
