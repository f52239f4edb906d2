package css

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/resultjson"
)

func TestParseColor(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  resultjson.RGBA
		known bool
	}{
		{"rgb(34, 34, 34)", resultjson.RGBA{R: 34.0 / 255, G: 34.0 / 255, B: 34.0 / 255, A: 1}, true},
		{"rgba(0, 0, 0, 0.25)", resultjson.RGBA{A: 0.25}, true},
		{"rgb(255 0 0 / 50%)", resultjson.RGBA{R: 1, A: 0.5}, true},
		{"color(srgb 1 0.5 0 / 0.5)", resultjson.RGBA{R: 1, G: 0.5, A: 0.5}, true},
		{"transparent", resultjson.RGBA{}, true},
		{"lab(50 20 -30) extra", resultjson.RGBA{}, false},
		{"color(rec2100-pq 1 0 0)", resultjson.RGBA{}, false},
		{"oklch(0.7 0.1)", resultjson.RGBA{}, false},
		{"rgb(1, 2)", resultjson.RGBA{}, false},
	} {
		got, known := ParseColor(tc.in)
		if known != tc.known || !cmp.Equal(got, tc.want, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-9 })) {
			t.Errorf("parseColor(%q) = %+v, %v; want %+v, %v", tc.in, got, known, tc.want, tc.known)
		}
	}
}

// TestWideGamutColors compares the sRGB of the CSS Color 4 spaces with the bytes Chromium's
// canvas draws for the same colours (fillStyle, getImageData), within one byte.
func TestWideGamutColors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [4]float64
	}{
		{"oklch(0.7 0.1 200)", [4]float64{64, 177, 183, 255}},
		{"oklab(0.5 0.1 -0.1)", [4]float64{129, 69, 154, 255}},
		{"lab(50 20 -30)", [4]float64{133, 108, 170, 255}},
		{"lch(50 30 200)", [4]float64{29, 132, 135, 255}},
		{"color(display-p3 1 0 0)", [4]float64{255, 0, 0, 255}},
		{"color(display-p3 0.2 0.6 0.4 / 0.5)", [4]float64{0, 155, 98, 128}},
		{"oklch(0.628 0.258 29.23)", [4]float64{255, 0, 0, 255}},
		{"color(srgb-linear 0.5 0.2 0.8)", [4]float64{188, 124, 231, 255}},
		{"lab(90 -10 60)", [4]float64{235, 230, 106, 255}},
		{"color(xyz-d50 0.3 0.4 0.2)", [4]float64{122, 184, 127, 255}},
		{"oklch(70% 25% 200deg)", [4]float64{64, 177, 183, 255}},
		{"oklch(0.7 none 200)", [4]float64{158, 158, 158, 255}},
	} {
		got, known := ParseColor(tc.in)
		bytes := [4]float64{got.R * 255, got.G * 255, got.B * 255, got.A * 255}
		for i := range 4 {
			if !known || math.Abs(bytes[i]-tc.want[i]) > 1 {
				t.Errorf("ParseColor(%q) = %v (known %v), want %v", tc.in, bytes, known, tc.want)
				break
			}
		}
	}
}

func TestLinearGradient(t *testing.T) {
	// "to bottom" on a square is Figma's well-known [[0, 1, 0], [-1, 0, 1]].
	p, ok := LinearGradient("linear-gradient(rgb(255, 255, 255), rgb(0, 0, 0))", 100, 100)
	if !ok || *p.GradientTransform != (resultjson.Transform{{0, 1, 0}, {-1, 0, 1}}) {
		t.Fatalf("to bottom: ok %v transform %v", ok, p.GradientTransform)
	}
	// "to right" (90deg) is the identity on a square; on any box the gradient position (the
	// first row) is x, whatever the width handle (the second row).
	p, ok = LinearGradient("linear-gradient(90deg, rgb(255, 0, 0) 0%, rgb(0, 0, 255) 100%)", 100, 100)
	if !ok || *p.GradientTransform != (resultjson.Transform{{1, 0, 0}, {0, 1, 0}}) {
		t.Fatalf("90deg: ok %v transform %v", ok, p.GradientTransform)
	}
	p, _ = LinearGradient("linear-gradient(90deg, rgb(255, 0, 0), rgb(0, 0, 255))", 200, 50)
	if p.GradientTransform[0] != [3]float64{1, 0, 0} {
		t.Errorf("90deg on 200x50: first row %v, want [1 0 0]", p.GradientTransform[0])
	}
	// Missing positions are spread evenly; px positions are fractions of the gradient length.
	p, ok = LinearGradient("linear-gradient(to right, rgb(255, 0, 0), rgb(0, 255, 0), rgb(0, 0, 255) 50px)", 100, 10)
	if !ok {
		t.Fatal("three stops refused")
	}
	var pos []float64
	for _, s := range p.GradientStops {
		pos = append(pos, s.Position)
	}
	if !cmp.Equal(pos, []float64{0, 0.25, 0.5}) {
		t.Errorf("positions %v, want [0 0.25 0.5]", pos)
	}
	for _, bad := range []string{
		"linear-gradient(in oklab, red, blue)",
		"linear-gradient(rgb(0, 0, 0), 30%, rgb(255, 255, 255))",
		"radial-gradient(rgb(0, 0, 0), rgb(1, 1, 1))",
	} {
		if _, ok := LinearGradient(bad, 10, 10); ok {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestBoxShadows(t *testing.T) {
	es, ok := BoxShadows("rgba(0, 0, 0, 0.25) 0px 2px 4px 0px, rgb(153, 153, 153) 0px 0px 0px 1px inset")
	if !ok || len(es) != 2 {
		t.Fatalf("ok %v, %d effects", ok, len(es))
	}
	// Figma lists the bottom-most first: the inset shadow (listed last by CSS) comes first.
	if es[0].Type != "INNER_SHADOW" || *es[0].Spread != 1 || es[1].Type != "DROP_SHADOW" || es[1].Offset.Y != 2 || es[1].Radius != 4 || es[1].Color.A != 0.25 {
		t.Errorf("effects %+v", es)
	}
	if _, ok := BoxShadows("0px 2px weird"); ok {
		t.Error("a shadow without a colour was accepted")
	}
}

// TestRepeatingLinearGradient: the pattern repeats along the whole line, cut at both ends with
// the colour where each end falls; at MaxGradientStops stops it is drawn, one period more is
// refused, as is a pattern of zero length.
func TestRepeatingLinearGradient(t *testing.T) {
	red, blue := resultjson.RGBA{R: 1, A: 1}, resultjson.RGBA{B: 1, A: 1}
	// Stripes 10 px red, 10 px blue (hard stops) over 40 px: two periods.
	p, ok := RepeatingLinearGradient("repeating-linear-gradient(to right, rgb(255, 0, 0) 0px, rgb(255, 0, 0) 10px, rgb(0, 0, 255) 10px, rgb(0, 0, 255) 20px)", 40, 10)
	if !ok {
		t.Fatal("stripes refused")
	}
	stop := func(p float64, c resultjson.RGBA) resultjson.ColorStop {
		return resultjson.ColorStop{Position: p, Color: c}
	}
	want := []resultjson.ColorStop{stop(0, red), stop(0.25, red), stop(0.25, blue), stop(0.5, blue), stop(0.5, red), stop(0.75, red), stop(0.75, blue), stop(1, blue)}
	got := p.GradientStops
	if len(got) != len(want) {
		t.Fatalf("%d stops %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i].Position != want[i].Position || got[i].Color != want[i].Color {
			t.Errorf("stop %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// A pattern from 5 px to 15 px: the line starts inside a copy, halfway from blue to red.
	p, ok = RepeatingLinearGradient("repeating-linear-gradient(to right, rgb(255, 0, 0) 5px, rgb(0, 0, 255) 15px)", 20, 10)
	if !ok || p.GradientStops[0].Position != 0 || p.GradientStops[0].Color != (resultjson.RGBA{R: 0.5, B: 0.5, A: 1}) {
		t.Errorf("offset pattern: ok %v first stop %+v, want the mix at 0", ok, p.GradientStops)
	}
	// Two stops per period of 1 px: w px of it is 2w stops.
	fine := "repeating-linear-gradient(to right, rgb(255, 0, 0) 0px, rgb(0, 0, 255) 1px)"
	if p, ok := RepeatingLinearGradient(fine, MaxGradientStops/2, 10); !ok || len(p.GradientStops) != MaxGradientStops {
		t.Errorf("%d px of 1 px periods: ok %v, %d stops, want %d", MaxGradientStops/2, ok, len(p.GradientStops), MaxGradientStops)
	}
	if _, ok := RepeatingLinearGradient(fine, MaxGradientStops/2+1, 10); ok {
		t.Errorf("%d px of 1 px periods accepted: more than %d stops", MaxGradientStops/2+1, MaxGradientStops)
	}
	// The same pattern half a px in: the line starts and ends inside a copy, so a box of w px
	// needs 2w + 2 stops: at MaxGradientStops it is drawn, one px wider it is refused (by the
	// count of the stops made, not the estimate from the period).
	offset := "repeating-linear-gradient(to right, rgb(255, 0, 0) 0.5px, rgb(0, 0, 255) 1.5px)"
	if p, ok := RepeatingLinearGradient(offset, MaxGradientStops/2-1, 10); !ok || len(p.GradientStops) != MaxGradientStops {
		t.Errorf("offset pattern over %d px: ok %v, %d stops, want %d", MaxGradientStops/2-1, ok, len(p.GradientStops), MaxGradientStops)
	}
	if _, ok := RepeatingLinearGradient(offset, MaxGradientStops/2, 10); ok {
		t.Errorf("offset pattern over %d px accepted: %d stops", MaxGradientStops/2, MaxGradientStops+2)
	}
	if _, ok := RepeatingLinearGradient("repeating-linear-gradient(rgb(255, 0, 0) 10px, rgb(0, 0, 255) 10px)", 10, 10); ok {
		t.Error("a pattern of zero length accepted")
	}
}

func TestRadialAndConicGradients(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, h float64
		want resultjson.Paint
	}{
		// A circle reaching the farthest corner of a 120 px square: radius 84.85 px.
		{"radial-gradient(circle, rgb(255, 255, 0), rgb(0, 136, 0))", 120, 120, resultjson.Paint{Type: "GRADIENT_RADIAL",
			GradientTransform: &resultjson.Transform{{0.707107, 0, 0.146447}, {0, 0.707107, 0.146447}},
			GradientStops:     []resultjson.ColorStop{{Position: 0, Color: resultjson.RGBA{R: 1, G: 1, A: 1}}, {Position: 1, Color: resultjson.RGBA{G: 0.5333, A: 1}}}}},
		// An ellipse of the closest sides, at 25% 50% of a 200 x 100 box: radii 50 and 50 px, a
		// stop at 25 px (half the radius).
		{"radial-gradient(closest-side at 25% 50%, rgb(0, 0, 0) 25px, rgb(255, 255, 255))", 200, 100, resultjson.Paint{Type: "GRADIENT_RADIAL",
			GradientTransform: &resultjson.Transform{{2, 0, 0}, {0, 1, 0}},
			GradientStops:     []resultjson.ColorStop{{Position: 0.5, Color: resultjson.RGBA{A: 1}}, {Position: 1, Color: resultjson.RGBA{R: 1, G: 1, B: 1, A: 1}}}}},
		// Explicit radii 100 px and 50% (of the height).
		{"radial-gradient(100px 50% at left top, rgb(0, 0, 0), rgb(255, 255, 255))", 200, 100, resultjson.Paint{Type: "GRADIENT_RADIAL",
			GradientTransform: &resultjson.Transform{{1, 0, 0.5}, {0, 1, 0.5}},
			GradientStops:     []resultjson.ColorStop{{Position: 0, Color: resultjson.RGBA{A: 1}}, {Position: 1, Color: resultjson.RGBA{R: 1, G: 1, B: 1, A: 1}}}}},
		// A conic gradient from the top (CSS 0deg) is Figma's angular one turned a quarter back:
		// the x axis of gradient space points up.
		{"conic-gradient(rgb(255, 0, 0), rgb(0, 0, 255) 50%, rgb(255, 0, 0))", 100, 100, resultjson.Paint{Type: "GRADIENT_ANGULAR",
			GradientTransform: &resultjson.Transform{{0, -0.707107, 0.853553}, {0.707107, 0, 0.146447}},
			GradientStops: []resultjson.ColorStop{{Position: 0, Color: resultjson.RGBA{R: 1, A: 1}}, {Position: 0.5, Color: resultjson.RGBA{B: 1, A: 1}},
				{Position: 1, Color: resultjson.RGBA{R: 1, A: 1}}}}},
		// From 90deg (the right), with stops in degrees.
		{"conic-gradient(from 90deg at 50% 50%, rgb(255, 0, 0) 0deg, rgb(0, 0, 255) 180deg)", 100, 100, resultjson.Paint{Type: "GRADIENT_ANGULAR",
			GradientTransform: &resultjson.Transform{{0.707107, 0, 0.146447}, {0, 0.707107, 0.146447}},
			GradientStops:     []resultjson.ColorStop{{Position: 0, Color: resultjson.RGBA{R: 1, A: 1}}, {Position: 0.5, Color: resultjson.RGBA{B: 1, A: 1}}}}},
	} {
		read := RadialGradient
		if strings.HasPrefix(tc.in, "conic") {
			read = ConicGradient
		}
		got, ok := read(tc.in, tc.w, tc.h)
		if !ok || !cmp.Equal(got, tc.want, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-6 })) {
			t.Errorf("%s on %vx%v:\n got %+v %v\nwant %+v", tc.in, tc.w, tc.h, got, ok, tc.want)
		}
	}
	for _, bad := range []string{
		"radial-gradient(in oklch, rgb(0, 0, 0), rgb(255, 255, 255))",
		"radial-gradient(rgb(0, 0, 0), 30%, rgb(255, 255, 255))",
		"radial-gradient(rgb(0, 0, 0))",
		"conic-gradient(in hsl, rgb(0, 0, 0), rgb(255, 255, 255))",
		"conic-gradient(from sideways, rgb(0, 0, 0), rgb(255, 255, 255))",
	} {
		read := RadialGradient
		if strings.HasPrefix(bad, "conic") {
			read = ConicGradient
		}
		if _, ok := read(bad, 100, 100); ok {
			t.Errorf("%s read, want refused", bad)
		}
	}
}

func TestIsTranslation(t *testing.T) {
	for v, want := range map[string]bool{
		"matrix(1, 0, 0, 1, 20, 10)":                                   true,
		"matrix(1, 0, 0, 1, 0, 0)":                                     true,
		"matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1)":     true,
		"matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1)":     false, // translateZ: under perspective it scales
		"matrix(0.9, 0, 0, 1, 0, 0)":                                   false,
		"matrix(1, 0.1, 0, 1, 0, 0)":                                   false,
		"matrix3d(1, 0, 0, 0.001, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)": false,
		"none":                     false,
		"matrix(1, 0, 0, 1, 0)":    false,
		"matrix(1, 0, 0, 1, x, 0)": false,
	} {
		if got := IsTranslation(v); got != want {
			t.Errorf("IsTranslation(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestBackgroundPosition reads each syntax of background-position into the tile's offset in an
// area of 100 x 40 px free space, and refuses what is not a position.
func TestBackgroundPosition(t *testing.T) {
	for _, tc := range []struct {
		in   string
		x, y float64
		ok   bool
	}{
		{"0% 0%", 0, 0, true},
		{"50% 50%", 50, 20, true},
		{"100% 10px", 100, 10, true},
		{"12px", 12, 20, true}, // one value: the other axis is centred
		{"center", 50, 20, true},
		{"left 10px", 0, 10, true}, // two values: x left, y 10px
		{"top left", 0, 0, true},   // keywords in either order
		{"bottom right", 100, 40, true},
		{"right 12px center", 88, 20, true},
		{"center right 12px", 88, 20, true},
		{"right 12px bottom 25%", 88, 30, true},
		{"left 10% top 4px", 10, 4, true},
		{"calc(100% - 12px) 50%", 88, 20, true},
		{"calc(50% + 2px) calc(0% + 3px)", 52, 3, true},
		{"left right", 0, 0, false},
		{"top bottom", 0, 0, false},
		{"right 12px center 4px", 0, 0, false}, // center takes no offset
		{"1px 2px 3px", 0, 0, false},
		{"calc(100% * 2) 0%", 0, 0, false},
		{"", 0, 0, false},
	} {
		x, y, ok := BackgroundPosition(tc.in, 100, 40)
		if ok != tc.ok || (ok && (math.Abs(x-tc.x) > 1e-9 || math.Abs(y-tc.y) > 1e-9)) {
			t.Errorf("BackgroundPosition(%q) = %v, %v, %v; want %v, %v, %v", tc.in, x, y, ok, tc.x, tc.y, tc.ok)
		}
	}
}

// TestUniformScale: a transform or scale that grows both axes alike is its factor (its
// translation aside); a turn, a skew, unequal axes, a flip or a 3D matrix is none.
func TestUniformScale(t *testing.T) {
	for v, want := range map[string]float64{
		"none":                                1,
		"matrix(1.05, 0, 0, 1.05, 0, 0)":      1.05,
		"matrix(0.5, 0, 0, 0.5, 12, -4)":      0.5,
		"matrix(1, 0, 0, 1, 3, 4)":            1,
		"1.1":                                 1.1,
		"1.1 1.1":                             1.1,
		"1.1 1.1 1":                           1.1,
		"matrix(1.05, 0, 0, 1.1, 0, 0)":       0, // unequal axes
		"matrix(0.99, 0.1, -0.1, 0.99, 0, 0)": 0, // a turn
		"matrix(-1, 0, 0, -1, 0, 0)":          0, // a flip
		"matrix(0, 0, 0, 0, 0, 0)":            0,
		"matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)": 0,
		"1.1 1.2":      0,
		"1.1 1.1 2":    0,
		"1 1 1 1":      0,
		"big":          0,
		"matrix(1.05)": 0,
	} {
		got, ok := UniformScale(v)
		if ok != (want != 0) || got != want {
			t.Errorf("UniformScale(%q) = %v, %v; want %v", v, got, ok, want)
		}
	}
}
