package text

import (
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestMatchFace is CSS Fonts 4 §5.2 weight and style matching over a family's loaded faces.
func TestMatchFace(t *testing.T) {
	t.Parallel()
	faces := []capturemodel.FontFace{{Weight: "300", Style: "normal"}, {Weight: "400", Style: "normal"}, {Weight: "700", Style: "normal"}, {Weight: "700", Style: "italic"}}
	for _, c := range []struct {
		weight     int
		italic     bool
		wantWeight int
		wantItalic bool
	}{
		{400, false, 400, false},
		{450, false, 400, false}, // 400-500: up to 500, then down
		{500, false, 400, false},
		{600, false, 700, false}, // above 500: up first
		{900, false, 700, false}, // then down
		{200, false, 300, false}, // below 400: down first (none), then up
		{350, false, 300, false},
		{400, true, 700, true}, // italic faces first, whatever their weight
	} {
		w, it := matchFace(faces, c.weight, c.italic)
		if w != c.wantWeight || it != c.wantItalic {
			t.Errorf("match(%d, italic %v) = %d %v, want %d %v", c.weight, c.italic, w, it, c.wantWeight, c.wantItalic)
		}
	}
	if w, _ := matchFace([]capturemodel.FontFace{{Weight: "100 900", Style: "normal"}}, 650, false); w != 650 {
		t.Errorf("variable face 100-900 at 650 = %d, want 650", w)
	}
	if w, _ := matchFace([]capturemodel.FontFace{{Weight: "300 500", Style: "normal"}}, 700, false); w != 500 {
		t.Errorf("variable face 300-500 at 700 = %d, want 500 (clamped)", w)
	}
}

// TestFaceOfName reads weight and slant from PostScript names.
func TestFaceOfName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]struct {
		w  int
		it bool
	}{
		"DejaVuSans": {400, false}, "DejaVuSans-Bold": {700, false}, "DejaVuSans-BoldOblique": {700, true},
		"LiberationSerif-Italic": {400, true}, "DejaVuSans-ExtraLight": {200, false}, "Inter-SemiBoldItalic": {600, true},
		"Roboto-ExtraBold": {800, false}, "Foo-Black": {900, false}, "Foo-Thin": {100, false}, "Foo-Medium": {500, false},
	} {
		if w, it := faceOfName(name, ""); w != want.w || it != want.it {
			t.Errorf("%s = %d %v, want %d %v", name, w, it, want.w, want.it)
		}
	}
}

func TestFontStyleAndFamily(t *testing.T) {
	for _, tc := range []struct {
		weight int
		italic bool
		want   string
	}{{400, false, "Regular"}, {400, true, "Italic"}, {700, true, "Bold Italic"}, {650, false, "Bold"}, {600, false, "Semi Bold"}, {50, false, "Thin"}} {
		if got := fontStyle(tc.weight, tc.italic); got != tc.want {
			t.Errorf("fontStyle(%d, %v) = %q, want %q", tc.weight, tc.italic, got, tc.want)
		}
	}
	if f, g := fontFamily(`"Helvetica Neue", Arial, sans-serif`); f != "Helvetica Neue" || g != "" {
		t.Errorf("named family: %q %q", f, g)
	}
	if f, g := fontFamily("monospace"); f != "Noto Sans Mono" || g != "monospace" {
		t.Errorf("generic family: %q %q", f, g)
	}
}

// TestFigmaFace names the faces of the capture environment (worker/internal/headless's fonts.conf)
// and other Noto faces by their Google Fonts families; a face Figma does not offer is not named.
func TestFigmaFace(t *testing.T) {
	t.Parallel()
	for drawn, want := range map[string]string{
		"Inter": "Inter", "inter": "Inter", "Arimo": "Arimo", "Tinos": "Tinos", "Cousine": "Cousine",
		"Noto Sans": "Noto Sans", "Noto Serif": "Noto Serif", "Noto Sans Mono": "Noto Sans Mono", "Noto Mono": "Noto Sans Mono",
		"Noto Color Emoji": "Noto Color Emoji", "Noto Sans CJK JP": "Noto Sans JP", "Noto Sans CJK SC": "Noto Sans SC",
		"Noto Sans Mono CJK KR": "Noto Sans KR", "Noto Serif CJK TC": "Noto Serif TC", "Noto Sans Arabic UI": "Noto Sans Arabic",
		"Noto Naskh Arabic": "Noto Naskh Arabic", "Inter Semi Bold": "Inter", "Inter Extra Light": "Inter", "Noto Sans Black": "Noto Sans",
		"Arial Black": "Arial Black", "Noto Sans Devanagari": "Noto Sans Devanagari",
	} {
		if got, ok := FigmaFace(drawn); !ok || got != want {
			t.Errorf("FigmaFace(%q) = %q %v, want %q", drawn, got, ok, want)
		}
	}
	for _, drawn := range []string{"DejaVu Sans", "Liberation Sans", "Inter Display", "Notoriously Local", "DejaVu Sans Light", ""} {
		if got, ok := FigmaFace(drawn); ok {
			t.Errorf("FigmaFace(%q) = %q, want none", drawn, got)
		}
	}
}
