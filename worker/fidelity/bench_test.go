package fidelity_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/code2des/backend/worker/fidelity"
)

// page is a 1280x3000 page-like image: bands of colour with text-like stripes.
func page(shift int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 1280, 3000))
	for y := 0; y < 3000; y++ {
		for x := 0; x < 1280; x++ {
			c := color.RGBA{255, 255, 255, 255}
			if (y/200)%3 == 1 {
				c = color.RGBA{30, 60, 140, 255}
			}
			if (y+shift)%24 < 12 && (x/7)%3 != 0 && x > 100 && x < 1100 {
				c = color.RGBA{34, 34, 34, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// BenchmarkCompare measures one comparison of a 1280x3000 page (a corpus page's size) and
// reports it as a ratio to decoding the same page's PNG once, measured in the same run (the
// self-check decodes two PNGs and compares once). It also reports the comparison's allocations.
func BenchmarkCompare(b *testing.B) {
	shot, drawn := page(0), page(2)
	var buf bytes.Buffer
	if err := png.Encode(&buf, shot); err != nil {
		b.Fatal(err)
	}
	encoded := buf.Bytes()
	b.ReportAllocs()
	var decode, compare time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := png.Decode(bytes.NewReader(encoded)); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := fidelity.Compare(shot, drawn); err != nil {
			b.Fatal(err)
		}
		decode, compare = decode+t1.Sub(t0), compare+time.Since(t1)
	}
	b.ReportMetric(float64(compare)/float64(decode), "compare/decode")
	b.ReportMetric(float64(compare.Milliseconds())/float64(b.N), "compare-ms/op")
}
