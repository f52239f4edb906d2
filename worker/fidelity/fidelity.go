// Package fidelity measures how close a conversion's preview (worker/preview) is to the page's
// screenshot: mean SSIM on greyscale, the share of differing pixels, a diff map, and how much of
// the page's text and images the result kept (docs/fidelity.md). It is worker code: it imports
// nothing from server/ or models/.
package fidelity

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"unicode"
)

// Version is the version of the fidelity member a result carries; it changes when a measure
// changes meaning (a new window, threshold or coverage rule), so scores of different versions
// are not compared.
const Version = 1

// Comparison settings and bounds.
const (
	// DiffThreshold is how far (of 255) one channel of a pixel must be off for the pixel to
	// count as differing in DiffRatio and the diff map.
	DiffThreshold = 32
	// SSIMWindow is the side of SSIM's square windows in pixels; SSIMStride is their step.
	SSIMWindow = 8
	SSIMStride = 4
	// MaxPixels bounds each compared image (width × height): 16 Mi px, the preview's bound
	// (preview.MaxPixels). A larger screenshot is not decoded.
	MaxPixels = 16 << 20
	// MaxDiffMapPixels bounds the diff map: the compared area is shrunk by a whole factor until
	// it fits (2 Mi px, at most 8 MiB as RGBA).
	MaxDiffMapPixels = 2 << 20
)

// SSIM's stabilising constants for 8-bit values (Wang et al. 2004: K1 = 0.01, K2 = 0.03).
const (
	ssimC1 = (0.01 * 255) * (0.01 * 255)
	ssimC2 = (0.03 * 255) * (0.03 * 255)
)

// ErrTooLarge marks an image over MaxPixels.
var ErrTooLarge = errors.New("image too large to compare")

// Pixels is the pixel comparison of a preview with the screenshot.
type Pixels struct {
	// SSIM is the mean structural similarity (0-1; 1 = identical) of the greyscale images
	// (Rec. 601 luma) over SSIMWindow-px windows every SSIMStride px.
	SSIM float64
	// DiffRatio is the share (0-1) of compared pixels with a channel off by more than
	// DiffThreshold.
	DiffRatio float64
	// Width and Height are the compared area in device pixels: the top-left part both images
	// have (a capped screenshot or a preview of another height is compared where they overlap).
	Width, Height int
	// DiffMap is a PNG of the compared area, shrunk to MaxDiffMapPixels: the screenshot faded
	// to light grey, with differing pixels in red (a shrunk pixel is as red as the share of
	// differing pixels it covers).
	DiffMap                     []byte
	DiffMapWidth, DiffMapHeight int
}

// DecodePNG decodes a PNG of at most MaxPixels (checked from its header first).
func DecodePNG(b []byte) (image.Image, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("not a PNG: %w", err)
	}
	if cfg.Width*cfg.Height > MaxPixels {
		return nil, fmt.Errorf("%w: %dx%d px, over %d", ErrTooLarge, cfg.Width, cfg.Height, MaxPixels)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("decode PNG: %w", err)
	}
	return img, nil
}

// Compare compares a preview with the screenshot (both at the same scale) over the area both
// cover. Errors: ErrTooLarge, or an empty overlap.
func Compare(screenshot, preview image.Image) (*Pixels, error) {
	sb, pb := screenshot.Bounds(), preview.Bounds()
	for _, b := range []image.Rectangle{sb, pb} {
		if b.Dx()*b.Dy() > MaxPixels {
			return nil, fmt.Errorf("%w: %dx%d px", ErrTooLarge, b.Dx(), b.Dy())
		}
	}
	w, h := min(sb.Dx(), pb.Dx()), min(sb.Dy(), pb.Dy())
	if w <= 0 || h <= 0 {
		return nil, errors.New("the images do not overlap")
	}
	ga, gb := make([]uint8, w*h), make([]uint8, w*h)
	differs := make([]bool, w*h)
	off := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1 := rgb(screenshot, sb.Min.X+x, sb.Min.Y+y)
			r2, g2, b2 := rgb(preview, pb.Min.X+x, pb.Min.Y+y)
			i := y*w + x
			ga[i], gb[i] = luma(r1, g1, b1), luma(r2, g2, b2)
			if absDiff(r1, r2) > DiffThreshold || absDiff(g1, g2) > DiffThreshold || absDiff(b1, b2) > DiffThreshold {
				differs[i] = true
				off++
			}
		}
	}
	dm, dw, dh, err := diffMap(ga, differs, w, h)
	if err != nil {
		return nil, err
	}
	return &Pixels{
		SSIM: ssim(ga, gb, w, h), DiffRatio: float64(off) / float64(w*h), Width: w, Height: h,
		DiffMap: dm, DiffMapWidth: dw, DiffMapHeight: dh,
	}, nil
}

// rgb reads a pixel as 8-bit RGB composited over white (a transparent pixel is white, as the
// page's canvas is).
func rgb(img image.Image, x, y int) (uint8, uint8, uint8) {
	switch m := img.(type) {
	case *image.RGBA:
		i := m.PixOffset(x, y)
		p := m.Pix[i : i+4 : i+4]
		a := 255 - uint32(p[3])
		return uint8(uint32(p[0]) + a), uint8(uint32(p[1]) + a), uint8(uint32(p[2]) + a)
	case *image.NRGBA:
		i := m.PixOffset(x, y)
		p := m.Pix[i : i+4 : i+4]
		a := uint32(p[3])
		return uint8((uint32(p[0])*a + 255*(255-a)) / 255), uint8((uint32(p[1])*a + 255*(255-a)) / 255), uint8((uint32(p[2])*a + 255*(255-a)) / 255)
	}
	r, g, b, a := img.At(x, y).RGBA()
	bg := 0xffff - a
	return uint8((r + bg) >> 8), uint8((g + bg) >> 8), uint8((b + bg) >> 8)
}

func luma(r, g, b uint8) uint8 {
	return uint8((299*uint32(r) + 587*uint32(g) + 114*uint32(b) + 500) / 1000)
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// ssim is the mean SSIM of two greyscale images of w×h over SSIMWindow windows every
// SSIMStride px (an image smaller than a window is one window of its size).
func ssim(a, b []uint8, w, h int) float64 {
	win := SSIMWindow
	ww, wh := min(win, w), min(win, h)
	var sum float64
	n := 0
	for y0 := 0; y0+wh <= h; y0 += SSIMStride {
		for x0 := 0; x0+ww <= w; x0 += SSIMStride {
			var sa, sb, saa, sbb, sab float64
			for y := y0; y < y0+wh; y++ {
				row := y * w
				for x := x0; x < x0+ww; x++ {
					va, vb := float64(a[row+x]), float64(b[row+x])
					sa += va
					sb += vb
					saa += va * va
					sbb += vb * vb
					sab += va * vb
				}
			}
			k := float64(ww * wh)
			ma, mb := sa/k, sb/k
			va, vb := saa/k-ma*ma, sbb/k-mb*mb
			cov := sab/k - ma*mb
			sum += ((2*ma*mb + ssimC1) * (2*cov + ssimC2)) / ((ma*ma + mb*mb + ssimC1) * (va + vb + ssimC2))
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

// diffMap draws the diff map (see Pixels.DiffMap).
func diffMap(grey []uint8, differs []bool, w, h int) ([]byte, int, int, error) {
	f := 1
	for (w/f)*(h/f) > MaxDiffMapPixels || (w+f-1)/f*((h+f-1)/f) > MaxDiffMapPixels {
		f++
	}
	dw, dh := (w+f-1)/f, (h+f-1)/f
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			var g, d, n int
			for yy := y * f; yy < min((y+1)*f, h); yy++ {
				for xx := x * f; xx < min((x+1)*f, w); xx++ {
					i := yy*w + xx
					g += int(grey[i])
					if differs[i] {
						d++
					}
					n++
				}
			}
			// the screenshot faded to 192-255, then blended towards red by the differing share
			base := 192 + (g/n)/4
			t := float64(d) / float64(n)
			out.SetRGBA(x, y, color.RGBA{
				R: uint8(float64(base)*(1-t) + 230*t), G: uint8(float64(base) * (1 - t)), B: uint8(float64(base) * (1 - t)), A: 255,
			})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, out); err != nil {
		return nil, 0, 0, fmt.Errorf("encode diff map: %w", err)
	}
	return buf.Bytes(), dw, dh, nil
}

// Words splits text into the words coverage counts: runs of letters and digits, lowercased, with
// each Han, Hiragana and Katakana character a word of its own. Those scripts put no space between
// words, so a page's text runs ("像", "这里" beside an inline element) and the paragraph that joins
// them ("像这里") must split alike.
func Words(text string) []string {
	var out []string
	var run strings.Builder
	flush := func() {
		if run.Len() > 0 {
			out = append(out, run.String())
			run.Reset()
		}
	}
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			flush()
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			run.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// Coverage is the share (0-1) of want's items found in have, counting repeats (a word the page
// shows three times must be in the result three times). Nothing wanted is full coverage, 1.
func Coverage(want, have []string) float64 {
	if len(want) == 0 {
		return 1
	}
	left := map[string]int{}
	for _, h := range have {
		left[h]++
	}
	found := 0
	for _, w := range want {
		if left[w] > 0 {
			left[w]--
			found++
		}
	}
	return float64(found) / float64(len(want))
}

// Round4 rounds a score to 4 decimals, as results record them.
func Round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
