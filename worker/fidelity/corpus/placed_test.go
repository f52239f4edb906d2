package corpus_test

import (
	"math"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// rect is a rectangle on the page: x0, y0 its top left, x1, y1 its bottom right.
type rect struct{ x0, y0, x1, y1 float64 }

// intersect is the part of r inside o (empty when x1 <= x0 or y1 <= y0).
func (r rect) intersect(o rect) rect {
	return rect{math.Max(r.x0, o.x0), math.Max(r.y0, o.y0), math.Min(r.x1, o.x1), math.Min(r.y1, o.y1)}
}

// walkPage calls fn for every node under root (root included, at 0, 0) with its position on
// the page and the rectangle its clipping ancestors (clipsContent) leave visible. A GROUP's
// children are in its parent's coordinates; nodes under a relativeTransform (rotated or skewed)
// are left out, their box not being axis-aligned on the page.
func walkPage(root *resultjson.Node, fn func(n *resultjson.Node, x, y float64, clip rect)) {
	var walk func(n *resultjson.Node, ox, oy float64, clip rect)
	walk = func(n *resultjson.Node, ox, oy float64, clip rect) {
		if n.RelativeTransform != nil {
			return
		}
		x, y := ox+n.X, oy+n.Y
		fn(n, x, y, clip)
		if n.ClipsContent != nil && *n.ClipsContent {
			clip = clip.intersect(rect{x, y, x + n.Width, y + n.Height})
		}
		cx, cy := x, y
		if n.Type == "GROUP" {
			cx, cy = ox, oy
		}
		for _, c := range n.Children {
			walk(c, cx, cy, clip)
		}
	}
	inf := math.Inf(1)
	walk(root, -root.X, -root.Y, rect{-inf, -inf, inf, inf})
}
