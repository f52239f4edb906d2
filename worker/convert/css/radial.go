package css

import (
	"math"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Radial and conic gradients as Figma's GRADIENT_RADIAL and GRADIENT_ANGULAR. In Figma's
// gradient space a radial gradient is centred at (0.5, 0.5) with radius 0.5 on each axis, and an
// angular one turns clockwise around (0.5, 0.5) from its x axis; gradientTransform maps the
// node's normalized space (0-1 on both axes) to that space.

// RadialGradient reads a computed radial-gradient() over a w x h px box: its shape (circle or
// ellipse), size (closest-side, closest-corner, farthest-side, farthest-corner or lengths),
// centre (at …) and stops. ok is false for a colour interpolation space, a colour hint, an
// unreadable part or an empty box (the caller warns).
func RadialGradient(s string, w, h float64) (p resultjson.Paint, ok bool) {
	fn, args, ok := function(strings.TrimSpace(s))
	if !ok || fn != "radial-gradient" || w <= 0 || h <= 0 {
		return p, false
	}
	parts := SplitTop(args, ',')
	if len(parts) == 0 {
		return p, false
	}
	shape, size, at := "ellipse", "farthest-corner", "50% 50%"
	var lengths []string
	if _, isColor := ParseColor(Fields(parts[0])[0]); !isColor {
		prelude := parts[0]
		parts = parts[1:]
		if before, pos, found := strings.Cut(prelude, "at "); found {
			prelude, at = before, pos
		}
		for _, word := range strings.Fields(prelude) {
			switch word {
			case "circle", "ellipse":
				shape = word
			case "closest-side", "closest-corner", "farthest-side", "farthest-corner":
				size = word
			default:
				if strings.HasPrefix(word, "in") {
					return p, false // an interpolation space
				}
				lengths = append(lengths, word)
			}
		}
	}
	cx, cy, ok := Position(at, w, h)
	if !ok {
		return p, false
	}
	// The distances to the sides and corners, closest and farthest.
	sx := [2]float64{math.Min(cx, w-cx), math.Max(math.Abs(cx), math.Abs(w-cx))}
	sy := [2]float64{math.Min(cy, h-cy), math.Max(math.Abs(cy), math.Abs(h-cy))}
	var rx, ry float64
	switch {
	case len(lengths) == 1: // a circle's radius
		r, ok := ParsePx(lengths[0])
		if !ok {
			return p, false
		}
		rx, ry = r, r
	case len(lengths) == 2:
		var okx, oky bool
		rx, okx = ParseLength(lengths[0], w)
		ry, oky = ParseLength(lengths[1], h)
		if !okx || !oky {
			return p, false
		}
	case len(lengths) > 2:
		return p, false
	default:
		i := 0 // closest
		if strings.HasPrefix(size, "farthest") {
			i = 1
		}
		rx, ry = sx[i], sy[i]
		if shape == "circle" && strings.HasSuffix(size, "-side") {
			if i == 0 {
				rx = math.Min(rx, ry)
			} else {
				rx = math.Max(rx, ry)
			}
			ry = rx
		}
		if strings.HasSuffix(size, "-corner") {
			// The corner nearest (or farthest): the shape passes through it, an ellipse
			// keeping the aspect ratio of the same -side size.
			dx, dy := cornerDistance(cx, cy, w, h, i == 1)
			if shape == "circle" || rx <= 0 || ry <= 0 {
				rx = math.Hypot(dx, dy)
				ry = rx
			} else {
				k := math.Hypot(dx/rx, dy/ry)
				rx, ry = rx*k, ry*k
			}
		}
	}
	if rx <= 0 || ry <= 0 {
		return p, false
	}
	cs, pos, ok := readStops(parts, func(f string) (float64, bool) {
		v, ok := ParseLength(f, rx)
		return v / rx, ok
	})
	if !ok {
		return p, false
	}
	p = resultjson.Paint{Type: "GRADIENT_RADIAL", GradientStops: stopsOf(cs, pos)}
	p.GradientTransform = &resultjson.Transform{
		{Round(w/(2*rx), 6), 0, Round(0.5-cx/(2*rx), 6)},
		{0, Round(h/(2*ry), 6), Round(0.5-cy/(2*ry), 6)},
	}
	return p, true
}

// ConicGradient reads a computed conic-gradient() over a w x h px box: its start angle (from …,
// clockwise from the top), centre (at …) and stops (angles or percentages of the turn). ok is
// false as for RadialGradient.
func ConicGradient(s string, w, h float64) (p resultjson.Paint, ok bool) {
	fn, args, ok := function(strings.TrimSpace(s))
	if !ok || fn != "conic-gradient" || w <= 0 || h <= 0 {
		return p, false
	}
	parts := SplitTop(args, ',')
	if len(parts) == 0 {
		return p, false
	}
	from, at := 0.0, "50% 50%"
	if _, isColor := ParseColor(Fields(parts[0])[0]); !isColor {
		prelude := parts[0]
		parts = parts[1:]
		if before, pos, found := strings.Cut(prelude, "at "); found {
			prelude, at = before, pos
		}
		if rest, isFrom := strings.CutPrefix(strings.TrimSpace(prelude), "from "); isFrom {
			a, ok := angle(strings.TrimSpace(rest))
			if !ok {
				return p, false
			}
			from = a
		} else if strings.TrimSpace(prelude) != "" {
			return p, false // an interpolation space
		}
	}
	cx, cy, ok := Position(at, w, h)
	if !ok {
		return p, false
	}
	cs, pos, ok := readStops(parts, func(f string) (float64, bool) {
		if strings.HasSuffix(f, "%") {
			v, ok := number(f, 1)
			return v, ok
		}
		a, ok := angle(f)
		return a / (2 * math.Pi), ok
	})
	if !ok {
		return p, false
	}
	// Gradient space turned so that its x axis points at the start angle, scaled evenly (by the
	// box's diagonal) so that angles stay true on any box.
	phi := math.Pi/2 - from
	cos, sin, l := math.Cos(phi), math.Sin(phi), math.Hypot(w, h)
	p = resultjson.Paint{Type: "GRADIENT_ANGULAR", GradientStops: stopsOf(cs, pos)}
	p.GradientTransform = &resultjson.Transform{
		{Round(cos*w/l, 6), Round(-sin*h/l, 6), Round(0.5-(cos*cx-sin*cy)/l, 6)},
		{Round(sin*w/l, 6), Round(cos*h/l, 6), Round(0.5-(sin*cx+cos*cy)/l, 6)},
	}
	return p, true
}

// Position reads a computed position ("50% 50%", "20px 10px", "left top") in a w x h px box.
func Position(s string, w, h float64) (x, y float64, ok bool) {
	keyword := map[string]string{"left": "0%", "top": "0%", "center": "50%", "right": "100%", "bottom": "100%"}
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, 0, false
	}
	if f[0] == "top" || f[0] == "bottom" || f[1] == "left" || f[1] == "right" {
		f[0], f[1] = f[1], f[0]
	}
	for i := range f {
		if k, isKeyword := keyword[f[i]]; isKeyword {
			f[i] = k
		}
	}
	x, okx := ParseLength(f[0], w)
	y, oky := ParseLength(f[1], h)
	return x, y, okx && oky
}

// cornerDistance is the x and y distance from (cx, cy) to the nearest (or farthest) corner.
func cornerDistance(cx, cy, w, h float64, farthest bool) (float64, float64) {
	best, bx, by := -1.0, 0.0, 0.0
	for _, c := range [][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}} {
		dx, dy := math.Abs(c[0]-cx), math.Abs(c[1]-cy)
		d := math.Hypot(dx, dy)
		if best < 0 || (farthest && d > best) || (!farthest && d < best) {
			best, bx, by = d, dx, dy
		}
	}
	return bx, by
}

// stopsOf makes Figma colour stops, positions clamped to 0-1 (a stop past the end of the
// gradient line is drawn at its end).
func stopsOf(cs []resultjson.RGBA, pos []float64) []resultjson.ColorStop {
	out := make([]resultjson.ColorStop, len(cs))
	for i := range cs {
		out[i] = resultjson.ColorStop{Position: Round(Clamp01(pos[i]), 4), Color: RoundRGBA(cs[i])}
	}
	return out
}
