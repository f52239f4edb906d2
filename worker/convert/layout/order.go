package layout

import (
	"fmt"
	"math"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Auto layout places a frame's flowing children in layer order, and Figma paints them in that
// order too. Where the page paints a container's items in another order than it lays them out
// (a positioned item painted after the static ones beside it, or a right-to-left row), the
// layers can take the layout order when no two layers that change places draw over each other:
// then the order changes nothing drawn.

// MaxReorderedLayers bounds the children of a frame whose order is checked (pairwise, so
// quadratic); a frame with more keeps its paint order and absolute positions.
const MaxReorderedLayers = 500

// overlapSlack is how far, in px, two layers' drawn bounds may meet and still count as apart:
// layers that touch (a row of buttons without a gap) share at most an anti-aliased edge.
const overlapSlack = 0.01

// bounds is a rectangle in the frame's coordinates, in px.
type bounds struct{ x0, y0, x1, y1 float64 }

// meets says whether a and b share more than overlapSlack px on both axes.
func (a bounds) meets(b bounds) bool {
	return math.Min(a.x1, b.x1)-math.Max(a.x0, b.x0) > overlapSlack && math.Min(a.y1, b.y1)-math.Max(a.y0, b.y0) > overlapSlack
}

// drawnBounds is what child n of a frame may draw on, in the frame's coordinates: its box and,
// unless it clips them, its descendants', grown by its effects and strokes; ok is false when it
// cannot be told (a transform or a GROUP, whose children are placed in another space).
func drawnBounds(n *resultjson.Node, dx, dy float64) (b bounds, ok bool) {
	if n.RelativeTransform != nil || n.Type == "GROUP" {
		return b, false
	}
	x, y := dx+n.X, dy+n.Y
	b = bounds{x, y, x + n.Width, y + n.Height}
	if n.ClipsContent == nil || !*n.ClipsContent {
		for _, c := range n.Children {
			cb, ok := drawnBounds(c, x, y)
			if !ok {
				return b, false
			}
			b = bounds{math.Min(b.x0, cb.x0), math.Min(b.y0, cb.y0), math.Max(b.x1, cb.x1), math.Max(b.y1, cb.y1)}
		}
	}
	effects := 0.0
	for _, e := range n.Effects {
		r := e.Radius
		if e.Spread != nil {
			r += math.Max(*e.Spread, 0)
		}
		if e.Offset != nil {
			r += math.Max(math.Abs(e.Offset.X), math.Abs(e.Offset.Y))
		}
		effects = math.Max(effects, r)
	}
	grow := strokeReach(n) + effects
	return bounds{b.x0 - grow, b.y0 - grow, b.x1 + grow, b.y1 + grow}, true
}

// strokeReach is the most a node's strokes may draw outside its box, in px (the whole weight,
// whatever the alignment).
func strokeReach(n *resultjson.Node) float64 {
	if len(n.Strokes) == 0 {
		return 0
	}
	most := 0.0
	for _, w := range []*float64{n.StrokeWeight, n.StrokeTopWeight, n.StrokeRightWeight, n.StrokeBottomWeight, n.StrokeLeftWeight} {
		if w != nil {
			most = math.Max(most, *w)
		}
	}
	return most
}

// layoutOrder returns F's children with the flowing ones (flow, in layout order) in the places
// the flowing children hold now, the others where they are; nil when that is F's order already.
// reverse says the order draws the same picture only when the frame paints its first layer on
// top (itemReverseZIndex): it is the exact reverse of the paint order, and layers that change
// places draw over each other. It returns instead why the new order could change the picture:
// two children that change places draw over each other (or their bounds cannot be told), or F
// has more than MaxReorderedLayers children.
func layoutOrder(F *resultjson.Node, flow []*resultjson.Node) (order []*resultjson.Node, reverse bool, reason string) {
	inFlow := make(map[*resultjson.Node]bool, len(flow))
	for _, n := range flow {
		inFlow[n] = true
	}
	order = make([]*resultjson.Node, 0, len(F.Children))
	k := 0
	same := true
	for _, ch := range F.Children {
		if inFlow[ch] {
			ch = flow[k]
			k++
		}
		same = same && ch == F.Children[len(order)]
		order = append(order, ch)
	}
	if same {
		return nil, false, ""
	}
	reversed := true
	for i, ch := range order {
		reversed = reversed && ch == F.Children[len(order)-1-i]
	}
	if len(F.Children) > MaxReorderedLayers {
		if reversed {
			return order, true, ""
		}
		return nil, false, fmt.Sprintf("it has more than %d layers to put in that order", MaxReorderedLayers)
	}
	was := make(map[*resultjson.Node]int, len(F.Children))
	for i, ch := range F.Children {
		was[ch] = i
	}
	drawn := make([]bounds, len(order))
	for i, ch := range order {
		b, known := drawnBounds(ch, 0, 0)
		if !known {
			if reversed {
				return order, true, ""
			}
			return nil, false, fmt.Sprintf("%q is transformed or grouped", ch.Name)
		}
		drawn[i] = b
	}
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if was[order[i]] > was[order[j]] && drawn[i].meets(drawn[j]) {
				if reversed {
					return order, true, ""
				}
				return nil, false, fmt.Sprintf("%q and %q draw over each other", order[j].Name, order[i].Name)
			}
		}
	}
	return order, false, ""
}
