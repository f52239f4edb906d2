package preview

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The HTML page of a preview. Every node is an absolutely positioned box inside its parent's
// box, so x and y stay relative to the parent (children of a GROUP are placed in the group's
// parent frame, as Figma places them). Children are drawn in array order, the last on top, as
// Figma's layer list reads bottom to top (the first on top in a frame with itemReverseZIndex). A node is drawn in Figma's order: drop shadows, fills
// (the first paint at the bottom), inner shadows, children (clipped to the frame's rounded box
// when clipsContent), strokes on top.

// document is the HTML page drawing r; images holds, per imageRef, the data the page's script
// turns into blob URLs (base64 and media type).
func document(r *result, images map[string]imageData, fontFaces string) string {
	g := &htmlGen{images: images, natural: map[string][2]int{}}
	for _, im := range r.Images {
		g.natural[im.Ref] = [2]int{im.Width, im.Height}
	}
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><meta charset="utf-8"><style>
` + fontFaces + `html,body{margin:0;padding:0;background:#fff}
*{box-sizing:border-box}
.n,.l{position:absolute}
.l{left:0;top:0;width:100%;height:100%}
img.l{display:block}
.t{position:absolute;margin:0;font-kerning:normal;font-synthesis:none;overflow-wrap:break-word;unicode-bidi:plaintext}
</style></head><body>`)
	root := *r.Root
	root.X, root.Y = 0, 0 // the root frame is the page; its position on the canvas does not matter
	g.node(&b, &root)
	b.WriteString("<script>window.__previewImages=")
	b.WriteString(g.imageScript())
	b.WriteString(";</script></body></html>")
	return b.String()
}

// imageData is an image's bytes as the page receives them.
type imageData struct {
	MimeType string
	Base64   string
}

type htmlGen struct {
	images  map[string]imageData
	natural map[string][2]int
	used    []string
	ids     int
}

func (g *htmlGen) imageScript() string {
	var b strings.Builder
	b.WriteString("{")
	seen := map[string]bool{}
	for _, ref := range g.used {
		if seen[ref] {
			continue
		}
		seen[ref] = true
		d, ok := g.images[ref]
		if !ok {
			continue
		}
		if len(seen) > 1 {
			b.WriteString(",")
		}
		// encoding/json escapes <, > and &, so no ref or type can close the script element.
		k, _ := json.Marshal(ref)
		m, _ := json.Marshal(d.MimeType)
		fmt.Fprintf(&b, "%s:[%s,%q]", k, m, d.Base64)
	}
	b.WriteString("}")
	return b.String()
}

func (g *htmlGen) nextID() string {
	g.ids++
	return "p" + strconv.Itoa(g.ids)
}

func visible(v *bool) bool { return v == nil || *v }

func (g *htmlGen) node(b *strings.Builder, n *node) {
	if !visible(n.Visible) || (n.Type == "TEXT" && n.ListMarker) {
		return // a list marker's fallback TEXT: the list's own marker is drawn (text.go)
	}
	switch n.Type {
	case "GROUP":
		// A group has no box of its own: its children sit in its parent's coordinates.
		fmt.Fprintf(b, `<div class="n" data-id="%s" style="left:0;top:0;width:0;height:0;%s">`, attr(n.ID), layerStyle(n, true))
		for _, c := range n.Children {
			g.node(b, c)
		}
		b.WriteString("</div>")
		return
	case "TEXT":
		g.text(b, n)
		return
	}
	style := fmt.Sprintf("left:%spx;top:%spx;width:%spx;height:%spx;%s%s", num(n.X), num(n.Y), num(n.Width), num(n.Height), n.placed, layerStyle(n, n.Type == "FRAME"))
	filters, boxEffects := contentShadows(n)
	if f := blurFilter(n.Effects); f != "" {
		filters = append(filters, f)
	}
	if len(filters) > 0 {
		style += "filter:" + strings.Join(filters, " ") + ";"
	}
	if f := backdropFilter(n.Effects); f != "" {
		style += "backdrop-filter:" + f + ";"
	}
	fmt.Fprintf(b, `<div class="n" data-id="%s" style="%s">`, attr(n.ID), style)
	radius := radiusCSS(n)
	if sh := shadows(boxEffects, "DROP_SHADOW", false); sh != "" {
		fmt.Fprintf(b, `<div class="l" style="border-radius:%s;box-shadow:%s"></div>`, radius, sh)
	}
	switch n.Type {
	case "SVG":
		if g.hasImage(n.ImageRef) {
			fmt.Fprintf(b, `<img class="l" data-ref="%s" alt="">`, attr(n.ImageRef))
		}
	case "VECTOR":
		g.vector(b, n)
	case "LINE":
		// A line is its stroke, centred on the segment from (0,0) to (width,0).
		w := uniformWeight(n)
		if c, ok := strokeColor(n.Strokes); ok {
			fmt.Fprintf(b, `<div class="l" style="top:%spx;height:%spx;background:%s"></div>`, num(-w/2), num(w), c)
		}
	default:
		fills := defaultFills(n)
		if len(fills) > 0 {
			fmt.Fprintf(b, `<div class="l" style="border-radius:%s;overflow:hidden">`, radius)
			for _, p := range fills {
				g.paint(b, p, n)
			}
			b.WriteString("</div>")
		}
	}
	if sh := shadows(n.Effects, "INNER_SHADOW", false); sh != "" {
		fmt.Fprintf(b, `<div class="l" style="border-radius:%s;box-shadow:%s"></div>`, radius, sh)
	}
	if len(n.Children) > 0 {
		clip := ""
		if n.Type == "FRAME" && (n.ClipsContent == nil || *n.ClipsContent) {
			clip = "overflow:hidden;border-radius:" + radius + ";"
		}
		fmt.Fprintf(b, `<div class="l" style="%s">`, clip)
		kids := n.Children
		if n.ItemReverseZIndex {
			kids = slices.Clone(kids)
			slices.Reverse(kids)
		}
		for _, c := range kids {
			g.node(b, c)
		}
		b.WriteString("</div>")
	}
	if n.Type != "LINE" {
		g.stroke(b, n)
	}
	b.WriteString("</div>")
}

// defaultFills are a node's fills, or the fill Figma gives a new node when the result has none:
// figma.createFrame starts white, createRectangle and createEllipse light grey (#D9D9D9).
func defaultFills(n *node) []paint {
	if n.Fills != nil {
		return *n.Fills
	}
	switch n.Type {
	case "FRAME":
		return []paint{{Type: "SOLID", Color: &rgba{R: 1, G: 1, B: 1}}}
	case "RECTANGLE", "ELLIPSE":
		v := 217.0 / 255
		return []paint{{Type: "SOLID", Color: &rgba{R: v, G: v, B: v}}}
	}
	return nil
}

// layerStyle is the opacity and blend mode of a node. A FRAME or GROUP with PASS_THROUGH (or no
// blend mode) lets its children blend with what is below; any other mode isolates it, as Figma does.
func layerStyle(n *node, container bool) string {
	var s strings.Builder
	if n.Opacity != nil && *n.Opacity < 1 {
		fmt.Fprintf(&s, "opacity:%s;", num(clamp01(*n.Opacity)))
	}
	if m := blendCSS(n.BlendMode); m != "normal" {
		fmt.Fprintf(&s, "mix-blend-mode:%s;", m)
	} else if container && n.BlendMode == "NORMAL" {
		s.WriteString("isolation:isolate;")
	}
	if n.Type == "ELLIPSE" {
		s.WriteString("border-radius:50%;")
	}
	return s.String()
}

// blendModes maps Figma's BlendMode to CSS mix-blend-mode. LINEAR_BURN and LINEAR_DODGE have no
// CSS equivalent and are drawn as multiply and plus-lighter.
var blendModes = map[string]string{
	"PASS_THROUGH": "normal", "NORMAL": "normal", "DARKEN": "darken", "MULTIPLY": "multiply",
	"LINEAR_BURN": "multiply", "COLOR_BURN": "color-burn", "LIGHTEN": "lighten", "SCREEN": "screen",
	"LINEAR_DODGE": "plus-lighter", "COLOR_DODGE": "color-dodge", "OVERLAY": "overlay",
	"SOFT_LIGHT": "soft-light", "HARD_LIGHT": "hard-light", "DIFFERENCE": "difference",
	"EXCLUSION": "exclusion", "HUE": "hue", "SATURATION": "saturation", "COLOR": "color",
	"LUMINOSITY": "luminosity",
}

func blendCSS(m string) string {
	if c, ok := blendModes[m]; ok {
		return c
	}
	return "normal"
}

// radiusCSS is the node's corner radii as CSS border-radius (top-left, top-right, bottom-right,
// bottom-left, Figma's order too). Like Figma, CSS shrinks radii that do not fit the box.
func radiusCSS(n *node) string {
	if n.Type == "ELLIPSE" {
		return "50%"
	}
	r := radii(n)
	if r == [4]float64{} {
		return "0"
	}
	return fmt.Sprintf("%spx %spx %spx %spx", num(r[0]), num(r[1]), num(r[2]), num(r[3]))
}

func radii(n *node) [4]float64 {
	var r [4]float64
	if n.CornerRadius != nil {
		r = [4]float64{*n.CornerRadius, *n.CornerRadius, *n.CornerRadius, *n.CornerRadius}
	}
	for i, p := range []*float64{n.TopLeftRadius, n.TopRightRadius, n.BottomRightRadius, n.BottomLeftRadius} {
		if p != nil {
			r[i] = *p
		}
	}
	for i := range r {
		r[i] = math.Max(0, r[i])
	}
	return r
}

// vector draws a VECTOR's paths with its first visible solid fill and stroke.
func (g *htmlGen) vector(b *strings.Builder, n *node) {
	if len(n.VectorPaths) == 0 {
		return
	}
	fill := "none"
	if n.Fills != nil {
		if c, ok := solidColor(*n.Fills); ok {
			fill = c
		}
	}
	stroke := "none"
	if c, ok := strokeColor(n.Strokes); ok {
		stroke = c
	}
	fmt.Fprintf(b, `<svg class="l" style="overflow:visible" viewBox="0 0 %s %s">`, num(n.Width), num(n.Height))
	for _, p := range n.VectorPaths {
		rule := "nonzero"
		if p.WindingRule == "EVENODD" {
			rule = "evenodd"
		}
		fmt.Fprintf(b, `<path d="%s" fill="%s" fill-rule="%s" stroke="%s" stroke-width="%s"/>`, attr(p.Data), fill, rule, stroke, num(uniformWeight(n)))
	}
	b.WriteString("</svg>")
}

// stroke draws a node's strokes: Figma's strokeAlign (INSIDE, the default of frames and
// rectangles; CENTER; OUTSIDE) places the line inside, across or outside the box edge; per-side
// weights (stroke*Weight) override strokeWeight; dashPattern dashes it. The top-most visible
// solid stroke paint gives the colour (a gradient stroke is drawn in its first stop's colour).
func (g *htmlGen) stroke(b *strings.Builder, n *node) {
	color, ok := strokeColor(n.Strokes)
	if !ok {
		return
	}
	w := uniformWeight(n)
	sides := [4]float64{w, w, w, w}
	for i, p := range []*float64{n.StrokeTopWeight, n.StrokeRightWeight, n.StrokeBottomWeight, n.StrokeLeftWeight} {
		if p != nil {
			sides[i] = math.Max(0, *p)
		}
	}
	if sides == [4]float64{} {
		return
	}
	// out is how far the stroke reaches past the box edge on each side.
	var frac float64
	switch n.StrokeAlign {
	case "OUTSIDE":
		frac = 1
	case "CENTER":
		frac = 0.5
	}
	r := radii(n)
	var rs [4]string
	for i := range r {
		if r[i] > 0 {
			// the stroke's outer corner is the box corner pushed out by the side's reach
			rs[i] = num(r[i]+frac*sides[i]) + "px"
		} else {
			rs[i] = "0"
		}
	}
	radius := strings.Join(rs[:], " ")
	if n.Type == "ELLIPSE" {
		radius = "50%"
	}
	style := "solid"
	if len(n.DashPattern) > 0 {
		style = "dashed"
		if len(n.DashPattern) >= 1 && n.DashPattern[0] <= sides[0]+0.01 {
			style = "dotted"
		}
	}
	fmt.Fprintf(b, `<div class="n" style="left:%spx;top:%spx;right:%spx;bottom:%spx;border-style:%s;border-color:%s;border-width:%spx %spx %spx %spx;border-radius:%s"></div>`,
		num(-frac*sides[3]), num(-frac*sides[0]), num(-frac*sides[1]), num(-frac*sides[2]), style, color,
		num(sides[0]), num(sides[1]), num(sides[2]), num(sides[3]), radius)
}

// uniformWeight is strokeWeight, 1 when absent (Figma's default).
func uniformWeight(n *node) float64 {
	if n.StrokeWeight != nil {
		return math.Max(0, *n.StrokeWeight)
	}
	return 1
}

// strokeColor is the CSS colour of the top-most visible stroke paint.
func strokeColor(ps []paint) (string, bool) {
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		if !visible(p.Visible) {
			continue
		}
		op := 1.0
		if p.Opacity != nil {
			op = clamp01(*p.Opacity)
		}
		switch {
		case p.Type == "SOLID" && p.Color != nil:
			return cssColor(*p.Color, op), true
		case strings.HasPrefix(p.Type, "GRADIENT_") && len(p.GradientStops) > 0:
			return cssColor(p.GradientStops[0].Color, op), true
		}
	}
	return "", false
}

// solidColor is the top-most visible SOLID paint's CSS colour.
func solidColor(ps []paint) (string, bool) {
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		if visible(p.Visible) && p.Type == "SOLID" && p.Color != nil {
			op := 1.0
			if p.Opacity != nil {
				op = clamp01(*p.Opacity)
			}
			return cssColor(*p.Color, op), true
		}
	}
	return "", false
}

// shadows is the CSS box-shadow list of the node's visible effects of one type (DROP_SHADOW or
// INNER_SHADOW). Figma's shadow radius is the CSS blur radius (both twice the Gaussian's
// standard deviation); spread is the same; a drop shadow is not drawn behind the node
// (showShadowBehindNode false, like CSS). For text, the shadow follows the glyphs (text-shadow).
func shadows(es []effect, typ string, text bool) string {
	var out []string
	for _, e := range es {
		if e.Type != typ || !visible(e.Visible) {
			continue
		}
		c := rgba{A: ptr(0.25)}
		if e.Color != nil {
			c = *e.Color
		}
		var off vector
		if e.Offset != nil {
			off = *e.Offset
		}
		if text {
			out = append(out, fmt.Sprintf("%spx %spx %spx %s", num(off.X), num(off.Y), num(e.Radius), cssColor(c, 1)))
			continue
		}
		spread := 0.0
		if e.Spread != nil {
			spread = *e.Spread
		}
		inset := ""
		if typ == "INNER_SHADOW" {
			inset = "inset "
		}
		out = append(out, fmt.Sprintf("%s%spx %spx %spx %spx %s", inset, num(off.X), num(off.Y), num(math.Max(0, e.Radius)), num(spread), cssColor(c, 1)))
	}
	return strings.Join(out, ",")
}

// contentShadows are the CSS drop-shadow() filters of a FRAME without fills for its visible
// drop shadows drawn behind it (showShadowBehindNode): Figma casts such a frame's shadow from
// its content, as CSS filter: drop-shadow() does (its length is the standard deviation: the
// radius halved, as for blurFilter); rest are the node's other effects, drawn as box-shadows.
func contentShadows(n *node) (filters []string, rest []effect) {
	if n.Type != "FRAME" || len(defaultFills(n)) > 0 {
		return nil, n.Effects
	}
	for _, e := range n.Effects {
		if e.Type != "DROP_SHADOW" || !visible(e.Visible) || e.ShowShadowBehindNode == nil || !*e.ShowShadowBehindNode {
			rest = append(rest, e)
			continue
		}
		c := rgba{A: ptr(0.25)}
		if e.Color != nil {
			c = *e.Color
		}
		var off vector
		if e.Offset != nil {
			off = *e.Offset
		}
		filters = append(filters, fmt.Sprintf("drop-shadow(%spx %spx %spx %s)", num(off.X), num(off.Y), num(math.Max(0, e.Radius)/2), cssColor(c, 1)))
	}
	return filters, rest
}

// blurFilter is the CSS filter of a LAYER_BLUR: Figma's radius is twice CSS blur()'s standard
// deviation (Figma's own CSS export writes blur(radius/2)).
func blurFilter(es []effect) string {
	for _, e := range es {
		if e.Type == "LAYER_BLUR" && visible(e.Visible) && e.Radius > 0 {
			return "blur(" + num(e.Radius/2) + "px)"
		}
	}
	return ""
}

// backdropFilter is the CSS backdrop-filter of a BACKGROUND_BLUR (radius halved as for blurFilter).
func backdropFilter(es []effect) string {
	for _, e := range es {
		if e.Type == "BACKGROUND_BLUR" && visible(e.Visible) && e.Radius > 0 {
			return "blur(" + num(e.Radius/2) + "px)"
		}
	}
	return ""
}

func cssColor(c rgba, op float64) string {
	a := 1.0
	if c.A != nil {
		a = clamp01(*c.A)
	}
	return fmt.Sprintf("rgba(%s,%s,%s,%s)", num(math.Round(clamp01(c.R)*255)), num(math.Round(clamp01(c.G)*255)), num(math.Round(clamp01(c.B)*255)), num(a*op))
}

var identity = transform{{1, 0, 0}, {0, 1, 0}}

// inverse inverts the affine transform; false when it is singular.
func (t transform) inverse() (transform, bool) {
	a, c, e := t[0][0], t[0][1], t[0][2]
	b, d, f := t[1][0], t[1][1], t[1][2]
	det := a*d - b*c
	if math.Abs(det) < 1e-12 || math.IsNaN(det) {
		return transform{}, false
	}
	return transform{
		{d / det, -c / det, (c*f - d*e) / det},
		{-b / det, a / det, (b*e - a*f) / det},
	}, true
}

func (t transform) apply(x, y float64) (float64, float64) {
	return t[0][0]*x + t[0][1]*y + t[0][2], t[1][0]*x + t[1][1]*y + t[1][2]
}

// num formats a number for CSS: finite, at most 4 decimals.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

func clamp01(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return math.Min(1, math.Max(0, v))
}

func attr(s string) string { return html.EscapeString(s) }

func ptr[T any](v T) *T { return &v }
