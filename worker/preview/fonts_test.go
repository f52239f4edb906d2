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

// TestWebFontDrawn draws a TEXT named in a web font with the page's file: the preview differs
// from the one drawn without it (Chromium's fallback face), and a file of another family is not
// used.
func TestWebFontDrawn(t *testing.T) {
	r := testRenderer(t)
	ttf, err := os.ReadFile("../capture/capturetest/site/brand-regular.ttf")
	if err != nil {
		t.Fatal(err)
	}
	brand := preview.Font{Family: "C2D Brand", Weight: "400", Style: "normal", Data: ttf}
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
	ttf, err := os.ReadFile("../capture/capturetest/site/brand-regular.ttf")
	if err != nil {
		t.Fatal(err)
	}
	many := func(n int) []preview.Font {
		out := make([]preview.Font, n)
		for i := range out {
			out[i] = preview.Font{Family: "C2D Brand", Weight: "400", Style: "normal", Data: ttf}
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
