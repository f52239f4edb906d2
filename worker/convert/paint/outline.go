package paint

import (
	"math"
	"strconv"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Outline is the outline an element draws (CSS UI 4 §5): a line of Width px in Style and Color
// around its border box, Offset px outside it (inside when negative).
type Outline struct {
	Style         string
	Width, Offset float64
	Color         string
}

// OutlineOf returns n's outline and whether it draws one: an outline-style other than none, a
// width above 0 and a colour that is not transparent (a colour the converter does not read
// counts as drawn: the painter warns about it).
func OutlineOf(n *capturemodel.DOMNode) (Outline, bool) {
	o := Outline{Style: n.Computed("outline-style"), Color: n.Computed("outline-color")}
	if o.Style == "none" || o.Style == "hidden" || o.Style == "" {
		return o, false
	}
	w, ok := css.ParsePx(n.Computed("outline-width"))
	if !ok || w <= 0 {
		return o, false
	}
	if c, known := css.ParseColor(o.Color); known && c.A == 0 {
		return o, false
	}
	o.Width = w
	o.Offset, _ = css.ParsePx(n.Computed("outline-offset"))
	return o, true
}

// Ringed says whether n's outline is drawn as a node of its own, a ring around n's node (Ring):
// when it is offset from the border box, or when n has a border (a node has one stroke, drawn
// inside for the border). Otherwise the outline is the stroke of n's own node, drawn outside.
func Ringed(n *capturemodel.DOMNode) bool {
	o, ok := OutlineOf(n)
	return ok && (o.Offset != 0 || bordered(n))
}

// RingBox is the box of the ring node of n's outline: n's border box grown by the outline's
// offset and width on every side (the outline's outer edge), yet never less than twice the
// width across, centred on the box (CSS UI 4 §5.4: a large negative offset still draws the
// outline); ok is false when n draws no outline.
func RingBox(n *capturemodel.DOMNode) (b capturemodel.Box, ok bool) {
	o, drawn := OutlineOf(n)
	if !drawn {
		return b, false
	}
	side := func(at, size float64) (float64, float64) {
		grown := math.Max(size+2*(o.Offset+o.Width), 2*o.Width)
		return at + (size-grown)/2, grown
	}
	b.X, b.Width = side(n.Box.X, n.Box.Width)
	b.Y, b.Height = side(n.Box.Y, n.Box.Height)
	return b, true
}

// bordered says whether n draws a visible border.
func bordered(n *capturemodel.DOMNode) bool {
	for _, side := range sides {
		if SideWidth(n, side) > 0 {
			return true
		}
	}
	return false
}

// outlineOutside draws n's outline, when it is not Ringed, as node's stroke outside its box.
// It reports whether it did.
func (pa *Painter) outlineOutside(n *capturemodel.DOMNode, node *resultjson.Node) bool {
	o, ok := OutlineOf(n)
	if !ok || Ringed(n) {
		return false
	}
	return pa.outlineStroke(n, node, o, "OUTSIDE")
}

// Ring paints node, the ring made for n's outline (RingBox): no fill, the outline as a stroke
// inside its edge, its corners those of n's border box grown by the offset and width as the
// browser grows them (a square corner stays square).
func (pa *Painter) Ring(n *capturemodel.DOMNode, node *resultjson.Node) {
	node.Fills = &[]resultjson.Paint{}
	o, ok := OutlineOf(n)
	if !ok || !pa.outlineStroke(n, node, o, "INSIDE") {
		return
	}
	// n's own corners, read without warning again about them (the node of n's box does).
	box := resultjson.Node{ID: node.ID, Width: css.Size(n.Box.Width), Height: css.Size(n.Box.Height)}
	(&Painter{Warn: &warnings.List{}}).Corners(n, &box)
	grow := func(r *float64) *float64 {
		if r == nil || *r <= 0 {
			return r
		}
		return css.Ptr(css.Px(math.Max(0, *r+o.Offset+o.Width)))
	}
	node.CornerRadius = grow(box.CornerRadius)
	node.TopLeftRadius, node.TopRightRadius = grow(box.TopLeftRadius), grow(box.TopRightRadius)
	node.BottomRightRadius, node.BottomLeftRadius = grow(box.BottomRightRadius), grow(box.BottomLeftRadius)
}

// outlineStroke sets node's stroke to outline o of n, aligned by align: solid, dashed and dotted
// as they are (dashes as a border's); the focus ring (auto) and the two-tone and double styles
// drawn solid, with a warning.
func (pa *Painter) outlineStroke(n *capturemodel.DOMNode, node *resultjson.Node, o Outline, align string) bool {
	c, ok := pa.Color(o.Color, node.ID, "outline-color")
	if !ok || c.A == 0 {
		return false
	}
	node.DashPattern = nil
	switch o.Style {
	case "solid":
	case "dashed":
		node.DashPattern = []float64{css.Px(3 * o.Width), css.Px(3 * o.Width)}
	case "dotted":
		node.DashPattern = []float64{css.Px(o.Width), css.Px(o.Width)}
	case "auto":
		pa.Warn.Add(warnings.Outline, node.ID, "the focus ring of %s (outline-style auto) is drawn as a solid %s px outline in its outline-color", naming.Element(n), fmtPx(o.Width))
	default:
		pa.Warn.Add(warnings.Outline, node.ID, "the %s outline of %s is drawn solid", o.Style, naming.Element(n))
	}
	node.Strokes = []resultjson.Paint{css.Solid(c)}
	node.StrokeAlign = align
	node.StrokeWeight = css.Ptr(css.Px(o.Width))
	return true
}

// fmtPx writes a px length without trailing zeros.
func fmtPx(v float64) string {
	return strconv.FormatFloat(css.Px(v), 'f', -1, 64)
}
