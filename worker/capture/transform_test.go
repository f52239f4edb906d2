package capture_test

import (
	"bytes"
	"image/png"
	"math"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture/capturetest"
)

// TestTransformsRecordedUntransformed: each 2D transform is recorded as its matrix about the
// box's top left (transform-origin and the rotate/translate properties folded in), with the box
// and the descendants' boxes as laid out before the transform; a translation and a perspective
// tilt keep their drawn bounding box and no matrix; the screenshot shows the page transformed.
func TestTransformsRecordedUntransformed(t *testing.T) {
	t.Parallel()
	p, byID := captureByID(t, capturetest.TransformsPath, 800, 600, 2*time.Second)
	c30, s30 := math.Cos(math.Pi/6), 0.5
	for _, tc := range []struct {
		id     string
		box    [4]float64
		matrix [6]float64
	}{
		// rotate(30deg) about the centre (100, 60).
		{"card", [4]float64{40, 40, 200, 120}, [6]float64{c30, s30, -s30, c30, 100 - (c30*100 - s30*60), 60 - (s30*100 + c30*60)}},
		// Inside the card, in its untransformed space: rotate(-30deg) about the top left.
		{"badge", [4]float64{180, 100, 40, 20}, [6]float64{c30, -s30, s30, c30, 0, 0}},
		{"icon", [4]float64{320, 60, 32, 32}, [6]float64{2, 0, 0, 2, -16, -16}},
		{"banner", [4]float64{440, 40, 240, 60}, [6]float64{1, 0, math.Tan(-20 * math.Pi / 180), 1, 0, 0}},
		// translate: 50px 0 then rotate: 90deg about the top left.
		{"origin", [4]float64{60, 300, 100, 50}, [6]float64{0, 1, -1, 0, 50, 0}},
		// matrix(1, 0.2, -0.3, 0.9, 10, 5) about the centre (60, 40).
		{"matrix", [4]float64{320, 260, 120, 80}, [6]float64{1, 0.2, -0.3, 0.9, 22, -3}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			n, ok := byID[tc.id]
			if !ok {
				t.Fatalf("#%s not captured", tc.id)
			}
			if got := [4]float64{n.Box.X, n.Box.Y, n.Box.Width, n.Box.Height}; got != tc.box {
				t.Errorf("box %v, want the untransformed %v", got, tc.box)
			}
			if n.Transform == nil {
				t.Fatalf("no transform recorded (style %v)", n.Style)
			}
			for i, v := range n.Transform.Matrix {
				if math.Abs(v-tc.matrix[i]) > 1e-4 {
					t.Errorf("matrix %v, want %v", n.Transform.Matrix, tc.matrix)
					break
				}
			}
		})
	}
	t.Run("TranslationKeepsItsDrawnBox", func(t *testing.T) {
		n := byID["moved"]
		if got := [4]float64{n.Box.X, n.Box.Y, n.Box.Width, n.Box.Height}; got != [4]float64{540, 270, 80, 40} || n.Transform != nil {
			t.Errorf("box %v transform %v, want the translated box [540 270 80 40] and no matrix", got, n.Transform)
		}
	})
	t.Run("PerspectiveKeepsItsBoundingBox", func(t *testing.T) {
		n := byID["tilt3d"]
		if n.Transform != nil || n.Box.Width >= 120 || n.Style["transform"] == "" {
			t.Errorf("box %+v transform %v style %q: want the drawn bounding box (narrower than 120), no matrix, the computed transform", n.Box, n.Transform, n.Style["transform"])
		}
	})
	t.Run("ScreenshotTransformed", func(t *testing.T) {
		img, err := png.Decode(bytes.NewReader(p.Screenshot.PNG))
		if err != nil {
			t.Fatal(err)
		}
		rgb := func(x, y int) uint32 {
			r, g, b, _ := img.At(x, y).RGBA()
			return (r>>8)<<16 | (g>>8)<<8 | b>>8
		}
		// The card's centre is blue; its untransformed top-left corner is outside the rotated card.
		if c := rgb(140, 100); c != 0x2563eb {
			t.Errorf("card centre #%06x, want #2563eb", c)
		}
		if c := rgb(42, 42); c != 0xffffff {
			t.Errorf("card's untransformed corner #%06x, want white (the card is rotated)", c)
		}
		// The icon scaled twice about its centre covers (306, 46).
		if c := rgb(308, 48); c != 0x16a34a {
			t.Errorf("scaled icon's corner #%06x, want #16a34a", c)
		}
	})
}
