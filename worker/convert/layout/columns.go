package layout

import (
	"math"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Columns (docs/conversion.md "Columns"): the frame of an ordinary block container (display
// block, list-item or flow-root: a card's li holding an h2 and a p) whose block-level children
// are stacked top to bottom, the same gap apart, becomes a VERTICAL auto-layout frame, as a
// designer builds a card: padded where the first and last child sit, the gap as itemSpacing,
// children that span its content box FILL across, so that a paragraph whose text is edited
// grows down and pushes what follows. As for flex, it is kept only where LayOut puts every child
// within Tolerance of its captured box; a frame it would change is left as it was, without a
// diagnostic (the page did not say column, so nothing it said is lost).

// columnGapTolerance is how far, in px, a gap between two stacked children may differ from the
// first gap, which becomes the column's itemSpacing: the gaps are the children's collapsed
// margins (CSS 2 §8.3.1), equal in CSS, and the boxes are rounded to Blink's 1/64 px.
const columnGapTolerance = Tolerance

// paddingRounding is how far, in px, the room right of a column's spanning children may be from
// its CSS padding and border for the padding to be taken as the page's: the boxes are the
// page's fractional widths rounded to 1/100 px (a card of 220.92 px holding 198.93 px).
const paddingRounding = 0.02

// stackSlack is how far, in px, a child may start above the bottom of the child before it and
// still count as below it, or reach past the frame's edge and be held by a padding of 0 (the
// result's boxes are rounded to 1/100 px); further is overlap.
const stackSlack = 0.01

// beyond says whether v is below -stackSlack (1e-9: float sums of 1/100 px).
func beyond(v float64) bool { return v < -stackSlack-1e-9 }

// columnBlock says whether element el lays its children out as an ordinary block container
// that the column pass reads: display block, list-item or flow-root, written top to bottom. A
// table and its parts are sized by their table, a flex or grid container by its own pass.
func columnBlock(el *capturemodel.DOMNode) bool {
	if el == nil || el.Type != "element" || el.Computed("writing-mode") != "horizontal-tb" {
		return false
	}
	switch el.Computed("display") {
	case "block", "list-item", "flow-root":
		return true
	}
	return false
}

// blockLevel says whether element el's box is block-level in its parent's flow (CSS Display 3
// §2): a block, list item, flow root, flex or grid container, or table; an inline-level box
// (inline, inline-block, inline-flex, ...) sits on a line and a table part in its table.
func blockLevel(el *capturemodel.DOMNode) bool {
	switch el.Computed("display") {
	case "block", "list-item", "flow-root", "flex", "grid", "table":
		return true
	}
	return false
}

// outOfFlow says whether element el is taken out of its parent's flow and placed by itself:
// absolutely positioned or fixed (the outside marker of a list item is not: it sits beside the
// item's first line, outsideMarker).
func outOfFlow(el *capturemodel.DOMNode) bool {
	p := el.Computed("position")
	return p == "absolute" || p == "fixed"
}

// outsideMarker says whether el stands for the marker of a list item drawn outside its box
// (the tree builder's ::marker of display block): it keeps its place beside the item, as an
// ABSOLUTE child.
func outsideMarker(el *capturemodel.DOMNode) bool {
	return el.Tag == "::marker" && el.Computed("display") == "block"
}

// offsetRelatively says whether el is relatively positioned away from its place in the flow
// (top, right, bottom or left other than auto or 0).
func offsetRelatively(el *capturemodel.DOMNode) bool {
	if el.Computed("position") != "relative" {
		return false
	}
	for _, s := range []string{"top", "right", "bottom", "left"} {
		if v := el.Computed(s); v != "" && v != "auto" {
			if px, ok := css.ParsePx(v); !ok || px != 0 {
				return true
			}
		}
	}
	return false
}

// establishesContext says whether element el (of DOM parent parent, nil when unknown) is the
// root of a block formatting context, so the margins of its children do not collapse through
// its bottom edge (CSS 2 §8.3.1, §9.4.1): a flow root, a float, an absolutely positioned box,
// one whose overflow is not visible, a flex or grid item.
func establishesContext(el, parent *capturemodel.DOMNode) bool {
	if el.Computed("display") == "flow-root" || el.Computed("float") != "none" || outOfFlow(el) {
		return true
	}
	for _, p := range []string{"overflow-x", "overflow-y"} {
		if v := el.Computed(p); v != "visible" && v != "clip" {
			return true
		}
	}
	return parent != nil && parent.Type == "element" && Container(parent)
}

// stack is a child of a column candidate in flow: its node and the elements from the one that
// drew it up to the candidate's (exclusive): its own (a TEXT's paragraph block), then the
// elements merged between them (which draw nothing).
type stack struct {
	node      *resultjson.Node
	chain     []*capturemodel.DOMNode
	paragraph bool
}

// columnKids sorts the kids of frame n into the nodes of a column (in document order) and those
// that keep their place (ABSOLUTE): background layers, outline rings, collapsed borders, the
// nodes of absolutely positioned elements and of outside list markers. It returns false when a
// kid is no block-level box in flow: an inline-level box, a float, an element moved off its place
// (relatively offset, transformed), a layer painted below or above the flow (z-index), a
// paragraph split around floats or set by a block it cannot trace to n's element.
func columnKids(n *boxtree.Node, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) (flow []stack, absolute map[*resultjson.Node]bool, ok bool) {
	absolute = map[*resultjson.Node]bool{}
	own := map[*capturemodel.DOMNode]bool{} // n's element's children as converted (pseudo-elements too)
	for _, d := range n.DOM {
		own[d] = true
	}
	parentOf := func(e *capturemodel.DOMNode) *capturemodel.DOMNode {
		if own[e] {
			return n.El
		}
		return parents[e]
	}
	for _, k := range n.Kids {
		if placedAbsolutely(k) || k.Kind == boxtree.Outline || k.Kind == boxtree.CollapsedBorder {
			absolute[k.Out] = true
			continue
		}
		s := stack{node: k.Out}
		src := k.El
		switch {
		case k.Out.Type == "TEXT":
			if k.Text == nil || k.Text.Paragraph == nil || k.Text.Parts > 1 || k.Text.Style == nil {
				return nil, nil, false // a run or a control's text, or lines beside floats
			}
			src, s.paragraph = k.Text.Style, true
		case src == nil || src == n.El || src.Type != "element" || !blockLevel(src):
			return nil, nil, false
		}
		if src.Computed("writing-mode") != "horizontal-tb" {
			return nil, nil, false
		}
		for e := src; e != n.El; e = parentOf(e) {
			if e == nil {
				return nil, nil, false // not traced to the frame's element
			}
			s.chain = append(s.chain, e)
		}
		placed := false
		for i, e := range s.chain {
			switch {
			case outOfFlow(e) || outsideMarker(e):
				placed = true
			case e.Computed("float") != "none" || offsetRelatively(e):
				return nil, nil, false
			case i > 0 && e.Computed("display") == "contents":
			case (i > 0 || s.paragraph) && !blockLevel(e):
				return nil, nil, false // inside an inline or a table part
			}
		}
		if placed {
			absolute[k.Out] = true
			continue
		}
		if k.Out.RelativeTransform != nil || k.Group == boxtree.Negative || k.Group == boxtree.Positive {
			return nil, nil, false
		}
		flow = append(flow, s)
	}
	return flow, absolute, true
}

// sideOffsets is the CSS space, in px, between the content box of a column candidate and child
// s's box on the left and right: the margins of every element of its chain, and the borders and
// padding of those whose box holds it (the merged elements, and a paragraph's block, whose TEXT
// is set in its content box).
func sideOffsets(s stack) (left, right float64) {
	for i, e := range s.chain {
		left += side(e, "margin-left")
		right += side(e, "margin-right")
		if i > 0 || s.paragraph {
			left += side(e, "padding-left") + side(e, "border-left-width")
			right += side(e, "padding-right") + side(e, "border-right-width")
		}
	}
	return left, right
}

// autoBottom is the px between the last child s of block el (of DOM parent parent) and el's
// bottom edge when el's height is auto (CSS 2 §10.6.3): the borders and padding below s in the
// elements that hold it and in el, and the bottom margins between them, which collapse where
// they adjoin (the largest positive plus the most negative, §8.3.1) and pass out through el's
// bottom edge where el has no bottom border or padding and is no formatting context's root.
func autoBottom(s stack, el, parent *capturemodel.DOMNode, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) float64 {
	solid, pos, neg := 0.0, 0.0, 0.0
	margin := func(m float64) {
		pos, neg = math.Max(pos, m), math.Min(neg, m)
	}
	closeBy := func(below float64) {
		solid += pos + neg + below
		pos, neg = 0, 0
	}
	below := func(e *capturemodel.DOMNode) float64 {
		return side(e, "padding-bottom") + side(e, "border-bottom-width")
	}
	for i, e := range s.chain {
		if i > 0 || s.paragraph {
			if b := below(e); b > 0 || i > 0 && establishesContext(e, parents[e]) {
				closeBy(b)
			}
		}
		margin(side(e, "margin-bottom"))
	}
	if b := below(el); b > 0 || establishesContext(el, parent) {
		closeBy(b)
	}
	return solid
}

// stretchedDown says whether the CSS parent of element el sizes its height (a grid item or an
// item of a flex row that stretches, an item of a flex column that grows): its frame does not
// hug its children even where they fill it.
func stretchedDown(el, parent *capturemodel.DOMNode) bool {
	if parent == nil || parent.Type != "element" || !Container(parent) {
		return false
	}
	if !GridContainer(parent) && strings.HasPrefix(parent.Computed("flex-direction"), "column") {
		return grownInColumn(el, parent)
	}
	return stretches(layoutStyle(el, "align-self"), parent.Computed("align-items"))
}

// inferColumn sets VERTICAL auto layout on frame n of a block container (columnBlock; its
// element's DOM parent parent, nil when unknown) when its children in flow are block-level
// boxes stacked top to bottom in document order, the same gap apart, and LayOut puts every child
// where the page drew it; it says whether it did. parents maps elements to their DOM parents.
func inferColumn(n *boxtree.Node, parent *capturemodel.DOMNode, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) bool {
	F, el := n.Out, n.El
	if F.Type != "FRAME" || F.LayoutMode != "" || F.RelativeTransform != nil || !columnBlock(el) {
		return false
	}
	kids, absolute, ok := columnKids(n, parents)
	if !ok || len(kids) < 2 {
		return false
	}
	// Stacked: each child starts below the one before it, the first gap apart.
	spacing := 0.0
	for i := 1; i < len(kids); i++ {
		prev, c := kids[i-1].node, kids[i].node
		gap := c.Y - prev.Y - prev.Height
		if beyond(gap) {
			return false // beside or over the one before it
		}
		if i == 1 {
			spacing = math.Max(0, css.Px(gap))
		} else if math.Abs(gap-spacing) > columnGapTolerance {
			return false
		}
	}
	// Padding: from the edges to the first and last child down; across, from the left edge to
	// the children and from the right to the children that span the content box (those CSS
	// gives the content box's width less their margins: FILL), else the CSS padding.
	pad := paddingBox(el) // top, right, bottom, left
	first, last := kids[0].node, kids[len(kids)-1].node
	top, bottom := first.Y, F.Height-last.Y-last.Height
	left, right := math.Inf(1), math.Inf(-1)
	spans := make([]bool, len(kids))
	for i, s := range kids {
		c := s.node
		left = math.Min(left, c.X)
		l, r := sideOffsets(s)
		spans[i] = math.Abs(c.X-pad[sideLeft]-l) <= 0.5 && math.Abs(F.Width-pad[sideRight]-r-c.X-c.Width) <= 0.5
		if spans[i] {
			right = math.Max(right, c.X+c.Width)
		}
	}
	if math.IsInf(right, -1) {
		right = pad[sideRight]
	} else if right = F.Width - right; math.Abs(right-pad[sideRight]) <= paddingRounding {
		right = pad[sideRight] // the page's padding, not a rounding of its fractional widths
	}
	if beyond(top) || beyond(bottom) || beyond(left) || beyond(right) {
		return false // a child pulled out over the frame's edge: auto layout has no negative padding
	}
	top, bottom, left, right = math.Max(0, top), math.Max(0, bottom), math.Max(0, left), math.Max(0, right)

	flow := make([]*resultjson.Node, len(kids))
	for i, s := range kids {
		flow[i] = s.node
	}
	order, reverse, why := layoutOrder(F, flow)
	if why != "" || reverse {
		return false
	}
	undo, painted := keep(F), F.Children
	if order != nil {
		F.Children = order
	}
	F.LayoutMode = Vertical
	F.PaddingTop, F.PaddingRight, F.PaddingBottom, F.PaddingLeft = css.Ptr(css.Px(top)), css.Ptr(css.Px(right)), css.Ptr(css.Px(bottom)), css.Ptr(css.Px(left))
	F.ItemSpacing = css.Ptr(spacing)
	F.PrimaryAxisAlignItems, F.CounterAxisAlignItems = AlignMin, AlignMin
	markAbsolute(F, absolute)
	inner := F.Width - left - right
	for i, c := range flow {
		c.LayoutSizingHorizontal, c.LayoutSizingVertical = itemSizing(c)
		if spans[i] && math.Abs(c.X-left) <= 0.5 && math.Abs(c.Width-inner) <= 0.5 && !(c.Type == "TEXT" && c.TextAutoResize == "WIDTH_AND_HEIGHT") {
			c.LayoutSizingHorizontal = SizingFill
		}
	}
	if _, d := Mismatch(F); d > Tolerance {
		restore(undo)
		F.Children = painted
		return false
	}
	// Across, a block is as wide as its containing block makes it (FIXED; the pass of an
	// auto-layout parent makes it FILL where it stretches). Down it hugs its children where its
	// height is what CSS gives a height of auto and its parent does not size it.
	F.LayoutSizingHorizontal, F.LayoutSizingVertical = SizingFixed, SizingFixed
	auto := autoBottom(kids[len(kids)-1], el, parent, parents)
	if _, v := hugs(F); v == SizingHug && !stretchedDown(el, parent) && math.Abs(bottom-auto) <= 0.5 {
		F.LayoutSizingVertical = SizingHug
	} else if auto >= 0 && auto < bottom {
		// A column of a fixed height places its children from the top: the room below the last
		// one is no padding of the page's. Its bottom padding is what CSS puts there, so columns
		// that a grid row stretches to other heights have one padding (one component).
		F.PaddingBottom = css.Ptr(css.Px(auto))
	}
	return true
}
