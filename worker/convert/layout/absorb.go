package layout

import (
	"math"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Margins taken in by the items that paint nothing (docs/conversion.md "Auto layout"): Figma's
// auto layout has one itemSpacing, one counterAxisSpacing and no margins, so items whose margins
// differ keep a container absolute. An item whose frame paints nothing of its own (canTakeMargins)
// can grow over its margin, its children moved back by as much, and the picture stays the same:
// marginsToTake chooses how much of which margins such items take so that what is left is
// uniform, and grow does it.

// canTakeMargins says whether flow item d, drawn as node n, may grow over its margins: a FRAME
// that paints nothing of its own (an empty fills list, as a FRAME without one is white; no
// strokes or effects, not clipping, opacity 1, normal blending, not transformed), so only its
// children show and they do not move on the page. A flex or grid container keeps its box: its
// own auto layout was read from it, and the fidelity gate finds containers by their captured
// box.
func canTakeMargins(n *resultjson.Node, d *capturemodel.DOMNode) bool {
	return n.Type == "FRAME" && d.Type == "element" && !Container(d) && n.LayoutMode != Grid &&
		n.Fills != nil && len(*n.Fills) == 0 && len(n.Strokes) == 0 && len(n.Effects) == 0 &&
		(n.ClipsContent == nil || !*n.ClipsContent) && (n.Opacity == nil || *n.Opacity == 1) &&
		n.BlendMode == "" && n.RelativeTransform == nil
}

// takeEpsilon is the most px a margin difference may be and be left as it is (float rounding;
// readMargins reads margins within 0.5 px as equal anyway).
const takeEpsilon = 0.01

// marginsToTake returns, per flowing item (layout order), how much of each margin (top, right,
// bottom, left) its frame takes in so that the margins left (ms minus the result) read as one
// auto layout (readMargins, by the rule across), or false when the items that may grow
// (canTakeMargins) cannot make them so. Every difference is closed down to the smallest value,
// so the items grow as little as they can: the lines' leading margins to the smallest lead; the
// spacing between two items to the smallest on any line, taken from the first item's trailing
// margin, then the second's leading one; across, each line's items to the line's smallest margin
// on each side (the sides across says); the space between two lines to the smallest, taken from
// the first line's trailing margins, then the second's leading ones (every item of a line takes
// the same).
func marginsToTake(flow []*resultjson.Node, flowDOM []*capturemodel.DOMNode, lines [][2]int, ms [][4]float64, horizontal bool, across acrossRule) ([][4]float64, bool) {
	mainStart, mainEnd, crossStart, crossEnd := axisSides(horizontal)
	take := make([][4]float64, len(flow))
	can := make([]bool, len(flow))
	for i := range flow {
		can[i] = canTakeMargins(flow[i], flowDOM[i])
	}
	left := func(i, s int) float64 { return ms[i][s] - take[i][s] }
	room := func(i, s int) float64 {
		if !can[i] {
			return 0
		}
		return math.Max(0, left(i, s))
	}
	// reduce takes excess px from the given (item, side) margins in order; false when they
	// cannot give it.
	reduce := func(excess float64, parts ...[2]int) bool {
		for _, p := range parts {
			if excess <= takeEpsilon {
				break
			}
			t := math.Min(excess, room(p[0], p[1]))
			take[p[0]][p[1]] += t
			excess -= t
		}
		return excess <= takeEpsilon
	}
	// The leading margin of every line's first item.
	lead := math.Inf(1)
	for _, ln := range lines {
		lead = math.Min(lead, left(ln[0], mainStart))
	}
	for _, ln := range lines {
		if !reduce(left(ln[0], mainStart)-lead, [2]int{ln[0], mainStart}) {
			return nil, false
		}
	}
	// The spacing between neighbours on a line.
	spacing := math.Inf(1)
	for _, ln := range lines {
		for i := ln[0]; i+1 < ln[1]; i++ {
			spacing = math.Min(spacing, left(i, mainEnd)+left(i+1, mainStart))
		}
	}
	for _, ln := range lines {
		for i := ln[0]; i+1 < ln[1]; i++ {
			if !reduce(left(i, mainEnd)+left(i+1, mainStart)-spacing, [2]int{i, mainEnd}, [2]int{i + 1, mainStart}) {
				return nil, false
			}
		}
	}
	// Across: each line's items share their margins on either side (on the side across says).
	agree := []int{crossStart, crossEnd}
	switch across {
	case acrossNone:
		agree = nil
	case acrossStart:
		agree = []int{crossStart}
	case acrossEnd:
		agree = []int{crossEnd}
	}
	for _, ln := range lines {
		for _, s := range agree {
			least := math.Inf(1)
			for i := ln[0]; i < ln[1]; i++ {
				least = math.Min(least, left(i, s))
			}
			for i := ln[0]; i < ln[1]; i++ {
				if !reduce(left(i, s)-least, [2]int{i, s}) {
					return nil, false
				}
			}
		}
	}
	// Between lines: the trailing margins of one and the leading margins of the next.
	lineRoom := func(ln [2]int, s int) float64 {
		r := math.Inf(1)
		for i := ln[0]; i < ln[1]; i++ {
			r = math.Min(r, room(i, s))
		}
		return r
	}
	lineTake := func(ln [2]int, s int, t float64) {
		for i := ln[0]; i < ln[1]; i++ {
			take[i][s] += t
		}
	}
	between := math.Inf(1)
	for k := 0; k+1 < len(lines); k++ {
		between = math.Min(between, left(lines[k][0], crossEnd)+left(lines[k+1][0], crossStart))
	}
	for k := 0; k+1 < len(lines); k++ {
		excess := left(lines[k][0], crossEnd) + left(lines[k+1][0], crossStart) - between
		for _, p := range []struct {
			ln   [2]int
			side int
		}{{lines[k], crossEnd}, {lines[k+1], crossStart}} {
			if excess <= takeEpsilon {
				break
			}
			t := math.Min(excess, lineRoom(p.ln, p.side))
			lineTake(p.ln, p.side, t)
			excess -= t
		}
		if excess > takeEpsilon {
			return nil, false
		}
	}
	return take, true
}

// growth is what grow changed, to undo it.
type growth struct {
	nodes []grownNode
}

// grownNode is one grown item: the margins it took (top, right, bottom, left) and its own and
// its children's geometry before.
type grownNode struct {
	n        *resultjson.Node
	took     [4]float64
	box      [4]float64
	padding  [4]*float64
	children []placedChild
}

// placedChild is a child's position before its parent grew.
type placedChild struct {
	n         *resultjson.Node
	x, y      float64
	transform *resultjson.Transform
}

// grow makes each flowing item's frame take in the margins take gives it: its box grows by
// them on each side, its children (and a transformed child's relativeTransform) move by the top
// and left ones so nothing moves on the page, and an auto-layout item's padding grows with it.
func grow(flow []*resultjson.Node, take [][4]float64) growth {
	var g growth
	for i, n := range flow {
		t := take[i]
		if t == [4]float64{} {
			continue
		}
		gn := grownNode{n: n, took: t, box: [4]float64{n.X, n.Y, n.Width, n.Height},
			padding: [4]*float64{n.PaddingTop, n.PaddingRight, n.PaddingBottom, n.PaddingLeft}}
		n.X, n.Y = css.Px(n.X-t[sideLeft]), css.Px(n.Y-t[sideTop])
		n.Width, n.Height = css.Px(n.Width+t[sideLeft]+t[sideRight]), css.Px(n.Height+t[sideTop]+t[sideBottom])
		for _, c := range n.Children {
			gn.children = append(gn.children, placedChild{c, c.X, c.Y, c.RelativeTransform})
			c.X, c.Y = css.Px(c.X+t[sideLeft]), css.Px(c.Y+t[sideTop])
			if c.RelativeTransform != nil {
				m := *c.RelativeTransform
				m[0][2], m[1][2] = m[0][2]+t[sideLeft], m[1][2]+t[sideTop]
				c.RelativeTransform = &m
			}
		}
		if n.LayoutMode != "" {
			n.PaddingTop = css.Ptr(css.Px(val(n.PaddingTop) + t[sideTop]))
			n.PaddingRight = css.Ptr(css.Px(val(n.PaddingRight) + t[sideRight]))
			n.PaddingBottom = css.Ptr(css.Px(val(n.PaddingBottom) + t[sideBottom]))
			n.PaddingLeft = css.Ptr(css.Px(val(n.PaddingLeft) + t[sideLeft]))
		}
		g.nodes = append(g.nodes, gn)
	}
	return g
}

// undo puts back what grow changed.
func (g growth) undo() {
	for _, gn := range g.nodes {
		n := gn.n
		n.X, n.Y, n.Width, n.Height = gn.box[0], gn.box[1], gn.box[2], gn.box[3]
		n.PaddingTop, n.PaddingRight, n.PaddingBottom, n.PaddingLeft = gn.padding[0], gn.padding[1], gn.padding[2], gn.padding[3]
		for _, c := range gn.children {
			c.n.X, c.n.Y, c.n.RelativeTransform = c.x, c.y, c.transform
		}
	}
}

// record notes in took the margins each grown frame took in (for its size limits).
func (g growth) record(took map[*resultjson.Node][4]float64) {
	for _, gn := range g.nodes {
		took[gn.n] = gn.took
	}
}
