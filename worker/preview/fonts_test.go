package preview_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/code2des/backend/worker/preview"
)

// webFontText is a TEXT set in the @font-face family "C2D Brand" (a test font, C2D Test Mono,
// whose glyphs are not Inter's).
func webFontText(family string) []byte {
	return tree(`{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":40,"characters":"Hi Figma","fontName":{"family":"` + family + `","style":"Regular"},"fontSize":14,"fills":[` + black + `],"textAutoResize":"WIDTH_AND_HEIGHT"}`)
}

// brandFont is the test font C2D Test Mono as the @font-face family "C2D Brand", regular.
func brandFont(t *testing.T) preview.Font {
	t.Helper()
	ttf, err := os.ReadFile("../capture/capturetest/site/brand-regular.ttf")
	if err != nil {
		t.Fatal(err)
	}
	return preview.Font{Family: "C2D Brand", Weight: "400", Style: "normal", Data: ttf}
}

// TestWebFontDrawn draws a TEXT named in a web font with the page's file: the preview differs
// from the one drawn without it (Chromium's fallback face), and a file of another family is not
// used.
func TestWebFontDrawn(t *testing.T) {
	r := testRenderer(t)
	brand := brandFont(t)
	render := func(fonts ...preview.Font) []byte {
		p, err := r.RenderFonts(context.Background(), webFontText("C2D Brand"), nil, fonts, 1)
		if err != nil {
			t.Fatal(err)
		}
		return p.PNG
	}
	without, with := render(), render(brand)
	if bytes.Equal(without, with) {
		t.Error("the web font's file changed nothing")
	}
	other := brand
	other.Family = "Other Brand"
	if got := render(other); !bytes.Equal(got, without) {
		t.Error("the file of a family the result does not name was used")
	}
	if share, err := differing(with, render(brand)); err != nil || share != 0 {
		t.Errorf("two renders with the web font differ by %.2f%%: %v", share*100, err)
	}
}

// TestWebFontBounds: MaxFonts files of named families are drawn, one more is ErrTooLarge; so is
// one byte past MaxFontBytes together.
func TestWebFontBounds(t *testing.T) {
	r := testRenderer(t)
	brand := brandFont(t)
	many := func(n int) []preview.Font {
		out := make([]preview.Font, n)
		for i := range out {
			out[i] = brand
		}
		return out
	}
	if _, err := r.RenderFonts(context.Background(), webFontText("C2D Brand"), nil, many(preview.MaxFonts), 1); err != nil {
		t.Errorf("MaxFonts fonts: %v", err)
	}
	if _, err := r.RenderFonts(context.Background(), webFontText("C2D Brand"), nil, many(preview.MaxFonts+1), 1); !errors.Is(err, preview.ErrTooLarge) {
		t.Errorf("MaxFonts+1 fonts: %v, want ErrTooLarge", err)
	}
	edge := []preview.Font{{Family: "C2D Brand", Data: make([]byte, preview.MaxFontBytes/2)}, {Family: "C2D Brand", Data: make([]byte, preview.MaxFontBytes/2)}}
	if _, err := r.RenderFonts(context.Background(), webFontText("C2D Brand"), nil, edge, 1); err != nil {
		t.Errorf("MaxFontBytes of fonts: %v", err)
	}
	big := []preview.Font{{Family: "C2D Brand", Data: make([]byte, preview.MaxFontBytes/2)}, {Family: "C2D Brand", Data: make([]byte, preview.MaxFontBytes/2+1)}}
	if _, err := r.RenderFonts(context.Background(), webFontText("C2D Brand"), nil, big, 1); !errors.Is(err, preview.ErrTooLarge) {
		t.Errorf("fonts over MaxFontBytes: %v, want ErrTooLarge", err)
	}
	// Files of families the result does not name do not count.
	if _, err := r.RenderFonts(context.Background(), webFontText("Inter"), nil, many(preview.MaxFonts+1), 1); err != nil {
		t.Errorf("unnamed families' fonts: %v", err)
	}
}

// svgText is an SVG of one text in family, 16 px, filling its 64x48 box.
func svgText(family string) string {
	return `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48">` +
		`<text x="2" y="30" font-family="` + family + `" font-size="16">Hi Fig</text></svg>`
}

// TestSVGTextWebFont draws an SVG node whose text names a web font with the page's file, as
// Figma draws an imported SVG's text in the family it names: the preview differs from the one
// drawn with Chromium's fallback face, and an SVG naming another family is drawn as without it.
func TestSVGTextWebFont(t *testing.T) {
	r := testRenderer(t)
	brand := brandFont(t)
	node := tree(`{"type":"SVG","id":"1:8","name":"s","x":0,"y":0,"width":64,"height":48,"imageRef":"icon"}`)
	render := func(svg string, fonts ...preview.Font) []byte {
		p, err := r.RenderFonts(context.Background(), node, map[string][]byte{"icon": []byte(svg)}, fonts, 1)
		if err != nil {
			t.Fatal(err)
		}
		return p.PNG
	}
	without, with := render(svgText("C2D Brand")), render(svgText("C2D Brand"), brand)
	if bytes.Equal(without, with) {
		t.Error("the SVG's text was not drawn in the web font's file")
	}
	if other, plain := render(svgText("Other Brand"), brand), render(svgText("Other Brand")); !bytes.Equal(other, plain) {
		t.Error("an SVG naming another family was drawn with the web font")
	}
}

// TestSVGFonts: the @font-face rules go right inside the root element of an SVG with text that
// names the family; an SVG without text, naming no font, with an empty root or past the budget
// is unchanged.
func TestSVGFonts(t *testing.T) {
	font := preview.Font{Family: "C2D Brand", Weight: "400", Style: "normal", Data: []byte("font")}
	svg := svgText("'c2d brand', sans-serif")
	out, added := preview.SVGFontsForTest([]byte(svg), []preview.Font{font}, len(font.Data))
	want := `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48"><style>@font-face{font-family:'C2D Brand';src:url(data:application/octet-stream;base64,Zm9udA==);font-weight:400;font-style:normal}` + "\n" + `</style><text`
	if added != len(font.Data) || !bytes.Contains(out, []byte(want)) {
		t.Errorf("added %d, SVG %s; want %d and the rules inside the root", added, out, len(font.Data))
	}
	for name, c := range map[string]struct {
		svg    string
		budget int
	}{
		"PastBudget":  {svg, len(font.Data) - 1},
		"NoText":      {`<svg xmlns="http://www.w3.org/2000/svg" font-family="C2D Brand"><circle r="2"/></svg>`, 1 << 20},
		"OtherFamily": {svgText("Other"), 1 << 20},
		"EmptyRoot":   {`<svg xmlns="http://www.w3.org/2000/svg" font-family="C2D Brand"/><!-- <text> -->`, 1 << 20},
	} {
		if out, added := preview.SVGFontsForTest([]byte(c.svg), []preview.Font{font}, c.budget); added != 0 || string(out) != c.svg {
			t.Errorf("%s: added %d, SVG %s; want it unchanged", name, added, out)
		}
	}
}

// TestSVGFontBudget: the SVGs of one preview take at most MaxSVGFontBytes of fonts together: a
// font of exactly that size goes into the first SVG naming it, and no further one.
func TestSVGFontBudget(t *testing.T) {
	raw := []byte(`{"manifest":{},"root":{"type":"FRAME","id":"1:1","name":"root","x":0,"y":0,"width":64,"height":48,"children":[
{"type":"SVG","id":"1:2","name":"a","x":0,"y":0,"width":64,"height":48,"imageRef":"a"},
{"type":"SVG","id":"1:3","name":"b","x":0,"y":0,"width":64,"height":48,"imageRef":"b"}]},
"images":[{"ref":"a","key":"k/a.svg","mime_type":"image/svg+xml","sha256":"x","byte_size":1,"width":64,"height":48},
{"ref":"b","key":"k/b.svg","mime_type":"image/svg+xml","sha256":"x","byte_size":1,"width":64,"height":48}],"warnings":[]}`)
	images := map[string][]byte{"a": []byte(svgText("C2D Brand")), "b": []byte(svgText("C2D Brand"))}
	for _, c := range []struct {
		name      string
		size      int
		wantA, wB bool
	}{{"AtMax", preview.MaxSVGFontBytes, true, false}, {"PastMax", preview.MaxSVGFontBytes + 1, false, false}, {"Half", preview.MaxSVGFontBytes / 2, true, true}} {
		font := preview.Font{Family: "C2D Brand", Weight: "400", Style: "normal", Data: make([]byte, c.size)}
		added, err := preview.SVGFontBytesForTest(raw, images, []preview.Font{font})
		if err != nil {
			t.Fatal(err)
		}
		if (added["a"] > c.size) != c.wantA || (added["b"] > c.size) != c.wB {
			t.Errorf("%s: bytes added to the SVGs %v for a font of %d, want the first %v, the second %v", c.name, added, c.size, c.wantA, c.wB)
		}
	}
}
