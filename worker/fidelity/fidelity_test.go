package fidelity_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/code2des/backend/worker/fidelity"
)

func filled(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// stripes is a w×h image of vertical black and white stripes, each period px wide.
func stripes(w, h, period int) *image.RGBA {
	img := filled(w, h, color.RGBA{255, 255, 255, 255})
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x/period)%2 == 0 {
				img.SetRGBA(x, y, color.RGBA{0, 0, 0, 255})
			}
		}
	}
	return img
}

func TestCompare(t *testing.T) {
	grey := color.RGBA{100, 100, 100, 255}
	t.Run("IdenticalScoresOne", func(t *testing.T) {
		p, err := fidelity.Compare(stripes(64, 32, 4), stripes(64, 32, 4))
		if err != nil {
			t.Fatal(err)
		}
		if p.SSIM != 1 || p.DiffRatio != 0 || p.Width != 64 || p.Height != 32 {
			t.Fatalf("got %+v", p)
		}
	})
	t.Run("ThresholdEdge", func(t *testing.T) {
		at := color.RGBA{100 + fidelity.DiffThreshold, 100, 100, 255}
		past := color.RGBA{100, 100, 100 + fidelity.DiffThreshold + 1, 255}
		if p, _ := fidelity.Compare(filled(16, 16, grey), filled(16, 16, at)); p.DiffRatio != 0 {
			t.Errorf("a channel off by DiffThreshold: DiffRatio %v, want 0", p.DiffRatio)
		}
		if p, _ := fidelity.Compare(filled(16, 16, grey), filled(16, 16, past)); p.DiffRatio != 1 {
			t.Errorf("a channel off by DiffThreshold+1: DiffRatio %v, want 1", p.DiffRatio)
		}
	})
	t.Run("HalfDifferent", func(t *testing.T) {
		a := filled(40, 20, grey)
		b := filled(40, 20, grey)
		for y := 0; y < 20; y++ {
			for x := 20; x < 40; x++ {
				b.SetRGBA(x, y, color.RGBA{255, 255, 255, 255})
			}
		}
		p, err := fidelity.Compare(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if p.DiffRatio != 0.5 {
			t.Errorf("DiffRatio %v, want 0.5", p.DiffRatio)
		}
		if !(p.SSIM < 0.75 && p.SSIM > 0.25) {
			t.Errorf("SSIM %v, want between 0.25 and 0.75", p.SSIM)
		}
	})
	t.Run("StructureLostScoresLow", func(t *testing.T) {
		// the same mean brightness without the stripes: SSIM near 0
		p, err := fidelity.Compare(stripes(64, 64, 2), filled(64, 64, color.RGBA{128, 128, 128, 255}))
		if err != nil {
			t.Fatal(err)
		}
		if p.SSIM > 0.05 {
			t.Errorf("SSIM %v, want under 0.05", p.SSIM)
		}
	})
	t.Run("ComparesTheOverlap", func(t *testing.T) {
		p, err := fidelity.Compare(filled(30, 50, grey), filled(40, 20, grey))
		if err != nil {
			t.Fatal(err)
		}
		if p.Width != 30 || p.Height != 20 || p.SSIM != 1 {
			t.Errorf("got %dx%d SSIM %v, want 30x20 and 1", p.Width, p.Height, p.SSIM)
		}
	})
	t.Run("TransparentIsWhite", func(t *testing.T) {
		p, _ := fidelity.Compare(filled(8, 8, color.RGBA{255, 255, 255, 255}), filled(8, 8, color.RGBA{}))
		if p.DiffRatio != 0 {
			t.Errorf("DiffRatio %v, want 0", p.DiffRatio)
		}
	})
}

func TestDiffMap(t *testing.T) {
	a := filled(10, 10, color.RGBA{0, 0, 0, 255})
	b := filled(10, 10, color.RGBA{0, 0, 0, 255})
	b.SetRGBA(3, 4, color.RGBA{255, 255, 255, 255})
	p, err := fidelity.Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(bytes.NewReader(p.DiffMap))
	if err != nil {
		t.Fatal(err)
	}
	if m.Bounds().Dx() != 10 || p.DiffMapWidth != 10 || p.DiffMapHeight != 10 {
		t.Fatalf("diff map %v", m.Bounds())
	}
	r, g, _, _ := m.At(3, 4).RGBA()
	r0, g0, _, _ := m.At(0, 0).RGBA()
	if r>>8 != 230 || g>>8 != 0 || r0>>8 != 192 || g0>>8 != 192 {
		t.Errorf("differing pixel %d,%d, same pixel %d,%d; want 230,0 and 192,192", r>>8, g>>8, r0>>8, g0>>8)
	}
}

func TestDiffMapShrinksToItsBound(t *testing.T) {
	side := int(math.Sqrt(fidelity.MaxDiffMapPixels)) // 1448: 2,096,704 px, within the bound
	for _, tc := range []struct{ w, h, wantW int }{{side, side, side}, {side + 1, side + 1, (side + 2) / 2}} {
		img := filled(tc.w, tc.h, color.RGBA{9, 9, 9, 255})
		p, err := fidelity.Compare(img, img)
		if err != nil {
			t.Fatal(err)
		}
		if p.DiffMapWidth != tc.wantW || p.DiffMapWidth*p.DiffMapHeight > fidelity.MaxDiffMapPixels {
			t.Errorf("%dx%d: diff map %dx%d, want %d wide within %d px", tc.w, tc.h, p.DiffMapWidth, p.DiffMapHeight, tc.wantW, fidelity.MaxDiffMapPixels)
		}
	}
}

func TestDecodePNGBound(t *testing.T) {
	enc := func(w, h int) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if _, err := fidelity.DecodePNG(enc(4096, 4096)); err != nil {
		t.Errorf("4096x4096 (MaxPixels): %v", err)
	}
	if _, err := fidelity.DecodePNG(enc(4096, 4097)); !errors.Is(err, fidelity.ErrTooLarge) {
		t.Errorf("4096x4097: %v, want ErrTooLarge", err)
	}
	if _, err := fidelity.DecodePNG([]byte("not a png")); err == nil {
		t.Error("garbage decoded")
	}
}

func TestCoverage(t *testing.T) {
	cases := []struct {
		name       string
		want, have []string
		cov        float64
	}{
		{"AllFound", fidelity.Words("Hello, World! 42"), fidelity.Words("hello world 42"), 1},
		{"RepeatsCount", fidelity.Words("a a a b"), fidelity.Words("a b"), 0.5},
		{"NoneFound", fidelity.Words("Pricing plans"), nil, 0},
		{"NothingWanted", nil, fidelity.Words("extra"), 1},
		{"Unicode", fidelity.Words("Grüße, 東京"), fidelity.Words("grüße"), 1.0 / 3},
		// Han text the page draws in three runs (around an inline element) and the result in
		// one paragraph: the same words.
		{"HanRunsJoined", append(append(fidelity.Words("像"), fidelity.Words("这里")...), fidelity.Words("强调一下")...), fidelity.Words("像这里强调一下"), 1},
		{"LatinBesideHan", append(fidelity.Words("margin"), fidelity.Words("为0")...), fidelity.Words("margin为0"), 1},
		{"KanaOneByOne", fidelity.Words("ひらがなカタカナ"), fidelity.Words("ひら"), 0.25},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := fidelity.Coverage(tc.want, tc.have); got != tc.cov {
				t.Errorf("Coverage(%q, %q) = %v, want %v", tc.want, tc.have, got, tc.cov)
			}
		})
	}
}
