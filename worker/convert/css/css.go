// Package css reads the computed CSS values Chromium reports (getComputedStyle) as result
// values: colours come as rgb() or rgba() (or color(srgb ...)), lengths in px, lists
// comma-separated. Every pass of the conversion reads styles through it.
package css

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Round returns v rounded to the given number of decimals; positions and sizes are kept to 1/100
// Px and colours to 1/10,000, which is below what either the browser or Figma shows, and keeps
// the JSON short and stable.
func Round(v float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	r := math.Round(v*p) / p
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// Px rounds a length in px to 1/100 px.
func Px(v float64) float64 { return Round(v, 2) }

// Size keeps a side positive, in px to 1/100: Figma refuses to resize a node to 0.
func Size(v float64) float64 { return math.Max(0.01, Px(v)) }

// Ptr returns a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }

// SplitTop splits s at sep where sep is outside parentheses and quotes, trimming each part.
func SplitTop(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	var quote rune
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '(':
			depth++
		case r == ')':
			depth--
		case depth == 0 && (r == sep || (sep == ' ' && (r == '\t' || r == '\n'))):
			if part := strings.TrimSpace(s[start:i]); part != "" || sep != ' ' {
				out = append(out, part)
			}
			start = i + 1
		}
	}
	if part := strings.TrimSpace(s[start:]); part != "" || sep != ' ' {
		out = append(out, part)
	}
	return out
}

// Fields splits s at whitespace outside parentheses.
func Fields(s string) []string { return SplitTop(s, ' ') }

// ParsePx reads "12px", "12.5px" or "0"; ok is false for anything else (auto, %, normal).
func ParsePx(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, true
	}
	num, ok := strings.CutSuffix(s, "px")
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// ParseLength reads a px length or a percentage of ref.
func ParseLength(s string, ref float64) (float64, bool) {
	if num, ok := strings.CutSuffix(strings.TrimSpace(s), "%"); ok {
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false
		}
		return v / 100 * ref, true
	}
	return ParsePx(s)
}

// ParseColor reads a computed colour: rgb()/rgba(), color(srgb …), and the CSS Color 4 spaces
// Chromium computes in their own (oklch(), oklab(), lab(), lch(), color(display-p3 …) and other
// color() spaces), converted to sRGB (colorspace.go). known is false for a syntax it does not read (the caller
// warns); a known colour with alpha 0 is returned as is (the caller skips it).
func ParseColor(s string) (c resultjson.RGBA, known bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "transparent" {
		return resultjson.RGBA{}, true
	}
	name, args, ok := function(s)
	if !ok {
		return resultjson.RGBA{}, false
	}
	parts, scale := colorArgs(args), 255.0
	if c, ok := wideColor(name, parts); ok {
		return c, true
	}
	switch {
	case name == "color" && len(parts) >= 4 && len(parts) <= 5 && parts[0] == "srgb":
		parts, scale = parts[1:], 1
	case name != "rgb" && name != "rgba", len(parts) != 3 && len(parts) != 4:
		return resultjson.RGBA{}, false
	}
	var ch [4]float64
	ch[3] = 1
	for i, p := range parts {
		v, ok := number(p, scale)
		if i == 3 {
			v, ok = number(p, 1)
		}
		if !ok {
			return resultjson.RGBA{}, false
		}
		ch[i] = v
	}
	return resultjson.RGBA{R: Clamp01(ch[0] / scale), G: Clamp01(ch[1] / scale), B: Clamp01(ch[2] / scale), A: Clamp01(ch[3])}, true
}

// colorArgs splits "r, g, b, a" or "r g b / a" into its parts.
func colorArgs(args string) []string {
	args = strings.ReplaceAll(args, "/", " ")
	args = strings.ReplaceAll(args, ",", " ")
	return strings.Fields(args)
}

// number reads a plain number, or a percentage of scale.
func number(s string, scale float64) (float64, bool) {
	if num, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(num, 64)
		return v / 100 * scale, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

// Clamp01 keeps v within 0 and 1.
func Clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// function splits "name(args)" into name and args.
func function(s string) (name, args string, ok bool) {
	open := strings.IndexByte(s, '(')
	if open <= 0 || !strings.HasSuffix(s, ")") {
		return "", "", false
	}
	return strings.TrimSpace(s[:open]), s[open+1 : len(s)-1], true
}

// Stretched is an IMAGE paint of the image ref stretched over the node: CROP with the identity
// imageTransform (object-fit fill, background-size 100% 100%, a crop of the page).
func Stretched(ref string) resultjson.Paint {
	return resultjson.Paint{Type: "IMAGE", ImageRef: ref, ScaleMode: "CROP", ImageTransform: &resultjson.Transform{{1, 0, 0}, {0, 1, 0}}}
}

// PlaceholderGrey is the fill of a placeholder that draws no background of its own.
var PlaceholderGrey = resultjson.RGBA{R: 0.898, G: 0.898, B: 0.898, A: 1}

// Solid returns a SOLID paint of c (alpha as the paint's opacity, as Figma keeps it).
func Solid(c resultjson.RGBA) resultjson.Paint {
	p := resultjson.Paint{Type: "SOLID", Color: &resultjson.RGB{R: Round(c.R, 4), G: Round(c.G, 4), B: Round(c.B, 4)}}
	if c.A < 1 {
		p.Opacity = Ptr(Round(c.A, 4))
	}
	return p
}

// RoundRGBA rounds a colour's channels to 1/10,000.
func RoundRGBA(c resultjson.RGBA) resultjson.RGBA {
	return resultjson.RGBA{R: Round(c.R, 4), G: Round(c.G, 4), B: Round(c.B, 4), A: Round(c.A, 4)}
}

// BoxShadows reads a computed box-shadow list ("rgba(0, 0, 0, 0.2) 0px 2px 4px 0px, ... inset")
// as Figma effects, bottom-most first (CSS lists the top-most first).
func BoxShadows(s string) ([]resultjson.Effect, bool) {
	var out []resultjson.Effect
	for _, layer := range SplitTop(s, ',') {
		var e resultjson.Effect
		e.Type = "DROP_SHADOW"
		var lengths []float64
		var color *resultjson.RGBA
		for _, f := range Fields(layer) {
			if f == "inset" {
				e.Type = "INNER_SHADOW"
				continue
			}
			if v, ok := ParsePx(f); ok {
				lengths = append(lengths, v)
				continue
			}
			c, known := ParseColor(f)
			if !known || color != nil {
				return nil, false
			}
			color = &c
		}
		if color == nil || len(lengths) < 2 || len(lengths) > 4 {
			return nil, false
		}
		for len(lengths) < 4 {
			lengths = append(lengths, 0)
		}
		if color.A == 0 {
			continue
		}
		c := RoundRGBA(*color)
		e.Color = &c
		e.Offset = &resultjson.Vector{X: Px(lengths[0]), Y: Px(lengths[1])}
		e.Radius = Px(lengths[2])
		e.Spread = Ptr(Px(lengths[3]))
		e.Visible = true
		e.BlendMode = "NORMAL"
		if e.Type == "DROP_SHADOW" {
			// CSS never draws a box's shadow under the box itself.
			e.ShowShadowBehindNode = Ptr(false)
		}
		out = append([]resultjson.Effect{e}, out...)
	}
	return out, true
}

// BlendModes maps mix-blend-mode values to Figma BlendMode names.
var BlendModes = map[string]string{
	"multiply": "MULTIPLY", "screen": "SCREEN", "overlay": "OVERLAY", "darken": "DARKEN",
	"lighten": "LIGHTEN", "color-dodge": "COLOR_DODGE", "color-burn": "COLOR_BURN",
	"hard-light": "HARD_LIGHT", "soft-light": "SOFT_LIGHT", "difference": "DIFFERENCE",
	"exclusion": "EXCLUSION", "hue": "HUE", "saturation": "SATURATION", "color": "COLOR",
	"luminosity": "LUMINOSITY",
}

// LinearGradient reads a computed linear-gradient() for a box of w x h px as a GRADIENT_LINEAR
// paint. ok is false for a form it does not read (colour hints, interpolation spaces, unknown
// colours), which the caller warns about.
func LinearGradient(s string, w, h float64) (resultjson.Paint, bool) {
	g, ok := readLinear(s, "linear-gradient", w, h)
	if !ok {
		return resultjson.Paint{}, false
	}
	return g.paint(), true
}

// MaxGradientStops is the most stops a repeating gradient is drawn with: past it (a fine
// pattern over a large box) RepeatingLinearGradient refuses it.
const MaxGradientStops = 512

// RepeatingLinearGradient reads a computed repeating-linear-gradient() for a box of w x h px as
// a GRADIENT_LINEAR paint whose stops repeat the pattern (the first stop to the last) along the
// whole gradient line, as CSS Images 3 §3.4.1 draws it (Figma has no repeating gradient). ok is
// false for what LinearGradient does not read, a pattern of zero length, and one that needs
// more than MaxGradientStops stops.
func RepeatingLinearGradient(s string, w, h float64) (resultjson.Paint, bool) {
	g, ok := readLinear(s, "repeating-linear-gradient", w, h)
	if !ok {
		return resultjson.Paint{}, false
	}
	first, last := g.pos[0], g.pos[len(g.pos)-1]
	period := last - first
	// The stops a pattern needs, estimated from its period, bound what is made; the count of
	// the stops made decides (below).
	if period <= 0 || float64(len(g.pos))/period > MaxGradientStops {
		return resultjson.Paint{}, false
	}
	// The pattern's copies from the one that covers 0 to the one that covers 1.
	var pos []float64
	var cs []resultjson.RGBA
	for k := math.Floor(-first / period); first+k*period < 1; k++ {
		for i := range g.pos {
			pos, cs = append(pos, g.pos[i]+k*period), append(cs, g.cs[i])
		}
	}
	// Cut to the gradient line, with the colour where each end falls.
	at := func(x float64) resultjson.RGBA {
		for i := 1; i < len(pos); i++ {
			if pos[i] >= x {
				if pos[i] == pos[i-1] {
					return cs[i]
				}
				t := (x - pos[i-1]) / (pos[i] - pos[i-1])
				a, b := cs[i-1], cs[i]
				return resultjson.RGBA{R: a.R + (b.R-a.R)*t, G: a.G + (b.G-a.G)*t, B: a.B + (b.B-a.B)*t, A: a.A + (b.A-a.A)*t}
			}
		}
		return cs[len(cs)-1]
	}
	out := linearGradient{dx: g.dx, dy: g.dy, w: w, h: h, length: g.length}
	out.pos, out.cs = append(out.pos, 0), append(out.cs, at(0))
	for i := range pos {
		if pos[i] > 0 && pos[i] < 1 {
			out.pos, out.cs = append(out.pos, pos[i]), append(out.cs, cs[i])
		}
	}
	out.pos, out.cs = append(out.pos, 1), append(out.cs, at(1))
	if len(out.pos) > MaxGradientStops {
		return resultjson.Paint{}, false
	}
	return out.paint(), true
}

// linearGradient is a linear gradient read for a w x h box: its unit direction in px space, the
// gradient line's length (px), and its stops' colours and positions (0-1 of the line for a
// plain gradient; a repeating one's may lie outside).
type linearGradient struct {
	dx, dy, w, h, length float64
	cs                   []resultjson.RGBA
	pos                  []float64
}

func (g linearGradient) paint() resultjson.Paint {
	paint := resultjson.Paint{Type: "GRADIENT_LINEAR"}
	for i := range g.cs {
		paint.GradientStops = append(paint.GradientStops, resultjson.ColorStop{Position: Round(Clamp01(g.pos[i]), 4), Color: RoundRGBA(g.cs[i])})
	}
	paint.GradientTransform = gradientTransform(g.dx, g.dy, g.w, g.h, g.length)
	return paint
}

// readLinear reads the direction and stops of a computed gradient function called name.
func readLinear(s, name string, w, h float64) (linearGradient, bool) {
	fn, args, ok := function(strings.TrimSpace(s))
	if !ok || fn != name || w <= 0 || h <= 0 {
		return linearGradient{}, false
	}
	parts := SplitTop(args, ',')
	// Direction as a unit vector in px space (x right, y down); CSS's default is "to bottom".
	dx, dy := 0.0, 1.0
	if len(parts) > 0 {
		first := parts[0]
		if side, isSide := strings.CutPrefix(first, "to "); isSide {
			sx, sy := 0.0, 0.0
			for _, word := range strings.Fields(side) {
				switch word {
				case "left":
					sx = -1
				case "right":
					sx = 1
				case "top":
					sy = -1
				case "bottom":
					sy = 1
				default:
					return linearGradient{}, false
				}
			}
			if sx != 0 && sy != 0 {
				// Corner: perpendicular to the diagonal through the two other corners.
				dx, dy = sx*h, sy*w
			} else {
				dx, dy = sx, sy
			}
			parts = parts[1:]
		} else if a, isAngle := angle(first); isAngle {
			dx, dy = math.Sin(a), -math.Cos(a)
			parts = parts[1:]
		} else if strings.HasPrefix(first, "in ") {
			return linearGradient{}, false
		}
	}
	if n := math.Hypot(dx, dy); n > 0 {
		dx, dy = dx/n, dy/n
	}
	length := math.Abs(w*dx) + math.Abs(h*dy)
	if len(parts) < 2 || length <= 0 {
		return linearGradient{}, false
	}
	cs, pos, ok := readStops(parts, func(f string) (float64, bool) {
		v, ok := ParseLength(f, length)
		return v / length, ok
	})
	if !ok {
		return linearGradient{}, false
	}
	return linearGradient{dx: dx, dy: dy, w: w, h: h, length: length, cs: cs, pos: pos}, true
}

// readStops reads a gradient's colour stops (a colour and up to two positions each; position
// reads one as a fraction of the gradient line) and fills the missing positions as CSS does.
// ok is false for a colour hint, an unknown colour or fewer than two stops.
func readStops(parts []string, position func(string) (float64, bool)) (cs []resultjson.RGBA, pos []float64, ok bool) {
	if len(parts) < 2 {
		return nil, nil, false
	}
	// Stops: a colour and up to two positions each.
	type stop struct {
		c   resultjson.RGBA
		pos []float64
	}
	var stops []stop
	for _, p := range parts {
		fs := Fields(p)
		if len(fs) == 0 || len(fs) > 3 {
			return nil, nil, false
		}
		c, known := ParseColor(fs[0])
		if !known {
			return nil, nil, false // also a colour hint (a lone position)
		}
		st := stop{c: c}
		for _, f := range fs[1:] {
			v, ok := position(f)
			if !ok {
				return nil, nil, false
			}
			st.pos = append(st.pos, v)
		}
		stops = append(stops, st)
	}
	// Expand two-position stops, then fill missing positions as CSS does: first 0, last 1, the
	// rest evenly between their neighbours, and never before an earlier stop.
	var has []bool
	for _, st := range stops {
		if len(st.pos) == 0 {
			cs, pos, has = append(cs, st.c), append(pos, 0), append(has, false)
		}
		for _, p := range st.pos {
			cs, pos, has = append(cs, st.c), append(pos, p), append(has, true)
		}
	}
	if !has[0] {
		pos[0], has[0] = 0, true
	}
	if last := len(pos) - 1; !has[last] {
		pos[last], has[last] = 1, true
	}
	for i := 1; i < len(pos); i++ {
		if has[i] {
			pos[i] = math.Max(pos[i], pos[i-1])
			continue
		}
		j := i
		for !has[j] {
			j++
		}
		next := math.Max(pos[j], pos[i-1])
		for k := i; k < j; k++ {
			pos[k] = pos[i-1] + (next-pos[i-1])*float64(k-i+1)/float64(j-i+1)
			has[k] = true
		}
	}
	return cs, pos, true
}

// gradientTransform returns Figma's gradientTransform for a linear gradient along the unit
// direction (dx, dy) over a w x h box: the affine map from the node's normalized space (0-1 on
// both axes) to gradient space, where the gradient runs from (0, 0.5) to (1, 0.5). It inverts
// the map that sends (0, 0.5) to the start, (1, 0.5) to the end and moves v along the
// perpendicular (in px space, so the colour bands stay perpendicular to the direction).
func gradientTransform(dx, dy, w, h, length float64) *resultjson.Transform {
	cx, cy := w/2, h/2
	sx, sy := (cx-dx*length/2)/w, (cy-dy*length/2)/h
	ex, ey := (cx+dx*length/2)/w, (cy+dy*length/2)/h
	// Perpendicular (rotated -90 degrees in px space), normalized per axis.
	pxn, pyn := -dy*length/w, dx*length/h
	a, b, c, d := ex-sx, pxn, ey-sy, pyn
	tx, ty := sx-0.5*pxn, sy-0.5*pyn
	det := a*d - b*c
	if det == 0 {
		return &resultjson.Transform{{1, 0, 0}, {0, 1, 0}}
	}
	ia, ib, ic, id := d/det, -b/det, -c/det, a/det
	t := resultjson.Transform{
		{Round(ia, 6), Round(ib, 6), Round(-(ia*tx + ib*ty), 6)},
		{Round(ic, 6), Round(id, 6), Round(-(ic*tx + id*ty), 6)},
	}
	return &t
}

// angle reads a CSS angle (deg, rad, grad, turn) in radians.
func angle(s string) (float64, bool) {
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"deg", math.Pi / 180}, {"grad", math.Pi / 200}, {"rad", 1}, {"turn", 2 * math.Pi}} {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			v, err := strconv.ParseFloat(num, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, false
			}
			return v * u.scale, true
		}
	}
	return 0, false
}

// URLLayer says whether a background layer is a url() image.
func URLLayer(layer string) bool { return strings.HasPrefix(layer, "url(") }

// IsTranslation reports whether a computed transform value (matrix(a, b, c, d, e, f) or
// matrix3d(…16 numbers)) only moves the element in its plane: its bounding box is then exactly
// where it is drawn.
func IsTranslation(v string) bool {
	var want []float64 // the identity's entries; NaN marks a free translation entry
	m, ok := functionNumbers(v, "matrix", 6)
	if ok {
		want = []float64{1, 0, 0, 1, math.NaN(), math.NaN()}
	} else if m, ok = functionNumbers(v, "matrix3d", 16); ok {
		want = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, math.NaN(), math.NaN(), 0, 1}
	} else {
		return false
	}
	for i, f := range m {
		if !math.IsNaN(want[i]) && f != want[i] {
			return false
		}
	}
	return true
}

// UniformScale reads a computed transform (CSS Transforms 1: "none", or matrix(a, b, c, d, e,
// f)) or scale property (CSS Transforms 2: "none", or one to three numbers) as the one factor it
// scales both axes by, its translation aside: 1 for none, a for a matrix whose b and c are 0 and
// a equals d, s for a scale of equal x and y (and a z of 1). ok is false for anything else (a
// turn, a skew, unequal or non-positive factors, matrix3d).
func UniformScale(v string) (float64, bool) {
	v = strings.TrimSpace(v)
	if v == "none" {
		return 1, true
	}
	if strings.HasPrefix(v, "matrix(") {
		m, ok := functionNumbers(v, "matrix", 6)
		if !ok || m[1] != 0 || m[2] != 0 || m[0] != m[3] || m[0] <= 0 {
			return 0, false
		}
		return m[0], true
	}
	fields := strings.Fields(v)
	if len(fields) == 0 || len(fields) > 3 {
		return 0, false
	}
	f := []float64{0, 0, 1}
	for i, p := range fields {
		var ok bool
		if f[i], ok = number(p, 1); !ok {
			return 0, false
		}
	}
	if len(fields) == 1 {
		f[1] = f[0]
	}
	if f[1] != f[0] || f[2] != 1 || f[0] <= 0 {
		return 0, false
	}
	return f[0], true
}

// functionNumbers reads a computed value name(n1, n2, …) of exactly count numbers
// ("matrix(1, 0, 0, 1, 20, 10)"); ok is false for anything else.
func functionNumbers(v, name string, count int) ([]float64, bool) {
	got, args, ok := function(strings.TrimSpace(v))
	parts := strings.Split(args, ",")
	if !ok || got != name || len(parts) != count {
		return nil, false
	}
	out := make([]float64, count)
	for i, p := range parts {
		if out[i], ok = number(strings.TrimSpace(p), 1); !ok {
			return nil, false
		}
	}
	return out, true
}

// BackgroundPosition reads one layer's computed background-position (CSS Backgrounds 3 §3.6:
// one to four values: keywords left, right, top, bottom and center, lengths and percentages,
// each offset optionally after its edge keyword, "right 12px center"; a calc() of a percentage
// and a length, "calc(100% - 12px)") as the tile's offset from the positioning area's top left
// in px, where freeW x freeH is the area's size less the tile's (what a percentage is of).
// ok is false for anything else.
func BackgroundPosition(s string, freeW, freeH float64) (x, y float64, ok bool) {
	var toks []string
	for _, t := range SplitTop(strings.TrimSpace(s), ' ') {
		if t = strings.TrimSpace(t); t != "" {
			toks = append(toks, t)
		}
	}
	// An edge keyword takes the offset after it only in the three- and four-value syntax
	// ("left 10px" is x left, y 10px).
	pairs := len(toks) >= 3
	type group struct{ edge, offset string }
	var groups []group
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; t {
		case "left", "right", "top", "bottom":
			g := group{edge: t}
			if pairs && i+1 < len(toks) && !positionKeyword(toks[i+1]) {
				g.offset = toks[i+1]
				i++
			}
			groups = append(groups, g)
		case "center":
			groups = append(groups, group{edge: t})
		default:
			groups = append(groups, group{offset: t})
		}
	}
	if len(groups) == 0 || len(groups) > 2 {
		return 0, 0, false
	}
	if len(groups) == 1 {
		groups = append(groups, group{edge: "center"})
	}
	gx, gy := groups[0], groups[1]
	if gx.edge == "top" || gx.edge == "bottom" || gy.edge == "left" || gy.edge == "right" {
		gx, gy = gy, gx
	}
	if gx.edge == "top" || gx.edge == "bottom" || gy.edge == "left" || gy.edge == "right" {
		return 0, 0, false
	}
	axis := func(g group, free float64, far string) (float64, bool) {
		if g.edge == "center" {
			return free / 2, g.offset == ""
		}
		v, ok := positionLength(cmp.Or(g.offset, "0px"), free)
		if g.edge == far {
			v = free - v
		}
		return v, ok
	}
	x, okx := axis(gx, freeW, "right")
	y, oky := axis(gy, freeH, "bottom")
	return x, y, okx && oky
}

// positionKeyword says whether t is a background-position keyword.
func positionKeyword(t string) bool {
	switch t {
	case "left", "right", "top", "bottom", "center":
		return true
	}
	return false
}

// positionLength reads a length, a percentage of ref, or calc(P% ± Lpx) as Chromium computes a
// position offset.
func positionLength(s string, ref float64) (float64, bool) {
	if inner, ok := strings.CutPrefix(s, "calc("); ok {
		inner, ok = strings.CutSuffix(inner, ")")
		f := strings.Fields(inner)
		if !ok || len(f) != 3 || (f[1] != "+" && f[1] != "-") {
			return 0, false
		}
		a, oka := ParseLength(f[0], ref)
		b, okb := ParseLength(f[2], ref)
		if f[1] == "-" {
			b = -b
		}
		return a + b, oka && okb
	}
	return ParseLength(s, ref)
}
