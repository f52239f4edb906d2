// Package layout is the layout pass of the conversion (docs/conversion.md "Auto layout"): a flex
// container, or a grid of one row or one column, becomes a FRAME with HORIZONTAL or VERTICAL
// auto layout, and a grid of several rows and columns a GRID frame (grid.go), when LayOut, run
// on the values read from its CSS, puts every child within Tolerance of its captured box.
// Otherwise the frame keeps absolutely placed children and the result's diagnostics say why.
package layout

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// Auto-layout values (Figma's layoutMode, layoutWrap, alignments, sizing and positioning).
const (
	Horizontal       = "HORIZONTAL"
	Vertical         = "VERTICAL"
	Wrap             = "WRAP"
	AlignMin         = "MIN"
	AlignCenter      = "CENTER"
	AlignMax         = "MAX"
	AlignBetween     = "SPACE_BETWEEN"
	SizingFixed      = "FIXED"
	SizingHug        = "HUG"
	SizingFill       = "FILL"
	PositionAbsolute = "ABSOLUTE"
)

// Container says whether element n lays its children out as flex or grid (the tree builder
// keeps a frame for it and for each of its items, so each item is one node of the frame).
func Container(n *capturemodel.DOMNode) bool {
	switch n.Computed("display") {
	case "flex", "inline-flex", "grid", "inline-grid":
		return true
	}
	return false
}

// GridContainer says whether element n is a grid container (display grid or inline-grid).
func GridContainer(n *capturemodel.DOMNode) bool {
	d := n.Computed("display")
	return d == "grid" || d == "inline-grid"
}

// item is a DOM child of a container with the nodes its conversion added to the frame.
type item struct {
	dom   *capturemodel.DOMNode
	nodes []*resultjson.Node
}

// items returns the DOM children of container c in order, each with its nodes.
func items(c *boxtree.Node) []item {
	byDOM := map[*capturemodel.DOMNode][]*resultjson.Node{}
	for _, k := range c.Kids {
		if k.Item != nil {
			byDOM[k.Item] = append(byDOM[k.Item], k.Out)
		}
	}
	var out []item
	for _, d := range c.DOM {
		if d == nil {
			break // the tree builder stops at a missing child
		}
		out = append(out, item{dom: d, nodes: byDOM[d]})
	}
	return out
}

// Infer is the layout pass: it sets auto layout on every text frame under root (textframes.go),
// then on the frame of every flex and grid container and of every block container whose
// children are stacked as a column (columns.go), innermost first in one sweep (a parent, of
// either kind, reads whether its child frames hug their content, and a flex item that grows
// over its margins is a finished column), then the CSS size limits of auto-layout frames and
// their children (sizeLimits), and returns the diagnostics of the containers left absolute, in
// document order (a block left absolute has none: its CSS asked for no layout).
func Infer(root *boxtree.Node) []resultjson.Diagnostic {
	parents := domParents(root)
	var frames []*boxtree.Node // in document order, the order the frames were made in
	for _, n := range root.Made() {
		if n != root && n.Kind == boxtree.Box && (Container(n.El) || columnBlock(n.El)) {
			frames = append(frames, n)
		}
	}
	textFrames(root, parents)
	diags := []resultjson.Diagnostic{}
	took := map[*resultjson.Node][4]float64{} // the items grown over their margins (absorb.go)
	for i := len(frames) - 1; i >= 0; i-- {
		c := frames[i]
		if !Container(c.El) {
			inferColumn(c, parents[c.El], parents)
			continue
		}
		if reason := inferLayout(c.Out, c.El, items(c), took); reason != "" && len(diags) < resultjson.MaxDiagnostics {
			diags = append(diags, resultjson.Diagnostic{Code: resultjson.DiagAutoLayoutSkipped, NodeID: c.Out.ID,
				Message: callback.TruncateUTF8(fmt.Sprintf("%s keeps absolute positions: %s", c.Out.Name, reason), resultjson.MaxWarningMessageBytes)})
		}
	}
	slices.Reverse(diags) // document order
	sizeLimits(root, took)
	constrain(root, parents)
	return diags
}

// domParents maps every element under root's element to its DOM parent (the capture's tree;
// the tree builder's pseudo-elements are not in it).
func domParents(root *boxtree.Node) map[*capturemodel.DOMNode]*capturemodel.DOMNode {
	parents := map[*capturemodel.DOMNode]*capturemodel.DOMNode{}
	if root.El != nil {
		var walk func(d *capturemodel.DOMNode)
		walk = func(d *capturemodel.DOMNode) {
			for _, c := range d.Children {
				if c != nil {
					parents[c] = d
					walk(c)
				}
			}
		}
		walk(root.El)
	}
	return parents
}

// saved is a node's structure before the inference touched it, to undo it.
type saved struct {
	node *resultjson.Node
	s    resultjson.Structure
}

// keep returns the structure of frame F and its children as they are, for restore.
func keep(F *resultjson.Node) []saved {
	undo := []saved{{F, F.Structure}}
	for _, ch := range F.Children {
		undo = append(undo, saved{ch, ch.Structure})
	}
	return undo
}

// restore puts back the structure keep returned.
func restore(undo []saved) {
	for _, u := range undo {
		u.node.Structure = u.s
	}
}

// markAbsolute makes the children of frame F that absolute holds ABSOLUTE (kept by keep).
func markAbsolute(F *resultjson.Node, absolute map[*resultjson.Node]bool) {
	for _, ch := range F.Children {
		if absolute[ch] {
			ch.LayoutPositioning = PositionAbsolute
		}
	}
}

// side is the px of a length property of n (0 for a text node or a value that is not px).
func side(n *capturemodel.DOMNode, prop string) float64 {
	if n.Type != "element" {
		return 0
	}
	v, _ := css.ParsePx(n.Computed(prop))
	return v
}

// paddingBox is the padding plus border width of each side of container el, in px: top,
// right, bottom, left (Figma's padding of a frame whose box is the border box).
func paddingBox(el *capturemodel.DOMNode) [4]float64 {
	var pad [4]float64
	for i, s := range []string{"top", "right", "bottom", "left"} {
		pad[i] = side(el, "padding-"+s) + side(el, "border-"+s+"-width")
	}
	return pad
}

// inferLayout sets auto layout on frame F of container el with its items, or returns why not
// (and leaves the frame as it was); took gets the margins of the items grown over them.
func inferLayout(F *resultjson.Node, el *capturemodel.DOMNode, items []item, took map[*resultjson.Node][4]float64) string {
	var flow []*resultjson.Node
	var flowDOM []*capturemodel.DOMNode
	absolute := map[*resultjson.Node]bool{}
	inItems := map[*resultjson.Node]bool{}
	// orderReason says why the items are not laid out in layer order, which a GRID frame does
	// not need (it places each child in its cell).
	orderReason := ""
	for _, it := range items {
		for _, n := range it.nodes {
			inItems[n] = true
		}
		pos := ""
		if it.dom.Type == "element" {
			pos = it.dom.Computed("position")
		}
		if pos == "absolute" || pos == "fixed" {
			for _, n := range it.nodes {
				absolute[n] = true
			}
			continue
		}
		switch {
		case len(it.nodes) == 0:
			if it.dom.Type == "text" {
				continue // whitespace or hidden text: no flex item
			}
			return fmt.Sprintf("the item %s has no layer (it draws nothing or is hidden)", domName(it.dom))
		case len(it.nodes) > 1:
			return fmt.Sprintf("the item %s is drawn as %d layers", domName(it.dom), len(it.nodes))
		case it.nodes[0].RelativeTransform != nil:
			// Auto layout would place its transformed bounds; the page placed its layout box.
			return fmt.Sprintf("the item %s is transformed", domName(it.dom))
		}
		if it.dom.Type == "element" && layoutStyle(it.dom, "order") != "0" {
			if _, err := strconv.Atoi(layoutStyle(it.dom, "order")); err != nil && orderReason == "" {
				orderReason = fmt.Sprintf("the item %s has order %q", domName(it.dom), layoutStyle(it.dom, "order"))
			}
		}
		flow = append(flow, it.nodes[0])
		flowDOM = append(flowDOM, it.dom)
	}
	for _, ch := range F.Children {
		if !inItems[ch] {
			absolute[ch] = true // an SVG background layer of the frame itself
		}
	}
	if len(flow) == 0 {
		return inferEmpty(F, el, absolute)
	}
	// Auto layout places children in layer order (order.go): the page's paint order, or the
	// layout order where the layers that change places do not draw over each other. A row laid
	// out right to left (a column bottom to top) is laid out from its last item.
	layoutInOrder(flow, flowDOM)
	if fromEnd(el) != "" {
		slices.Reverse(flow)
		slices.Reverse(flowDOM)
	}
	order, reverse, why := layoutOrder(F, flow)
	if why != "" && orderReason == "" {
		orderReason = "its items are painted in another order than they are laid out (z-index), and " + why
		if fromEnd(el) != "" {
			orderReason = "its items are laid out " + fromEnd(el) + ", and " + why
		}
	}
	// flowReason tries a row or column; grow lets items take in their margins (absorb.go).
	flowReason := func(grow bool) string {
		if orderReason != "" {
			return orderReason
		}
		if order == nil {
			return inferFlow(F, el, flow, flowDOM, absolute, grow, took)
		}
		painted := F.Children
		F.Children = order
		reason := inferFlow(F, el, flow, flowDOM, absolute, grow, took)
		if reason != "" {
			F.Children = painted
		} else {
			F.ItemReverseZIndex = reverse
		}
		return reason
	}
	if !GridContainer(el) {
		return flowReason(true)
	}
	// A grid of several rows and columns becomes Figma's grid, else (or when that moves an
	// item) a row, a column or wrapping rows; only when neither keeps every item's box do
	// items grow over their margins.
	var first, second func() string
	gridReason := func() string { return inferGrid(F, el, flow, flowDOM, absolute) }
	flowKept := func() string { return flowReason(false) }
	if tracks(layoutStyle(el, "grid-template-columns")) > 1 && tracks(layoutStyle(el, "grid-template-rows")) > 1 && el.GridTracks != nil {
		first, second = gridReason, flowKept
	} else {
		first, second = flowKept, gridReason
	}
	reason := first()
	if reason == "" || second() == "" || flowReason(true) == "" {
		return ""
	}
	return reason
}

// inferEmpty sets auto layout on frame F of container el that has no items in flow (its
// children placed absolutely, or none): the CSS's direction, padding, gap and alignment, for
// what a designer adds to it, each child ABSOLUTE and the frame FIXED on both axes, so nothing
// moves. It returns why not when the CSS has no auto-layout equivalent.
func inferEmpty(F *resultjson.Node, el *capturemodel.DOMNode, absolute map[*resultjson.Node]bool) string {
	a, reason := readAxes(el, 0)
	if reason != "" {
		return reason
	}
	if a.wrapUnlike != "" {
		a.wrap = false // nothing to wrap
	}
	pad := paddingBox(el)
	F.LayoutMode = a.mode
	F.PaddingTop, F.PaddingRight, F.PaddingBottom, F.PaddingLeft = css.Ptr(css.Px(pad[0])), css.Ptr(css.Px(pad[1])), css.Ptr(css.Px(pad[2])), css.Ptr(css.Px(pad[3]))
	F.ItemSpacing = css.Ptr(css.Px(a.spacing))
	F.PrimaryAxisAlignItems, F.CounterAxisAlignItems = a.primary, a.counter
	if a.wrap {
		F.LayoutWrap = Wrap
		F.CounterAxisSpacing = css.Ptr(css.Px(a.rowSpacing))
	}
	markAbsolute(F, absolute)
	F.LayoutSizingHorizontal, F.LayoutSizingVertical = SizingFixed, SizingFixed
	return ""
}

// inferFlow sets HORIZONTAL or VERTICAL auto layout on frame F of container el with its
// flowing items in layer order (the others ABSOLUTE), or returns why not (and leaves the frame
// as it was). With mayGrow, items whose margins differ keep auto layout where the items that
// paint nothing can take in the difference (absorb.go); took gets what they took.
func inferFlow(F *resultjson.Node, el *capturemodel.DOMNode, flow []*resultjson.Node, flowDOM []*capturemodel.DOMNode, absolute map[*resultjson.Node]bool, mayGrow bool, took map[*resultjson.Node][4]float64) string {
	a, reason := readAxes(el, len(flow))
	if reason != "" {
		return reason
	}
	horizontal := a.mode == Horizontal
	pad := paddingBox(el) // top, right, bottom, left
	mainStart, mainEnd, crossStart, crossEnd := axisSides(horizontal)
	// Wrapping items that sit on one line are that row or column without WRAP where WRAP
	// cannot hold them (a column, a row laid out from the end).
	if a.wrap && oneLine(flow, horizontal) && a.wrapUnlike != "" {
		a.wrap = false
	}
	if a.wrap && a.wrapUnlike != "" {
		return a.wrapUnlike
	}
	lines, ms := lineRanges(a, flow, horizontal), boxMargins(flowDOM)
	m, reason := readMargins(a, lines, ms, horizontal, acrossBoth)
	// Items of different margins that all sit centred across (auto margins, or margins that
	// happen to balance) are Figma's CENTER without margins.
	if reason == differentCrossMargins && !a.wrap && centredAcross(F, flow, pad, horizontal) {
		if m, reason = readMargins(a, lines, ms, horizontal, acrossNone); reason == "" {
			a.counter, a.stretch = AlignCenter, false
		}
	}
	// Else (mayGrow), on one line aligned at the start (end) across, the margins at the other
	// side move nothing: only those at the start (end) must agree.
	across := acrossBoth
	if !a.wrap && a.counter == AlignMin {
		across = acrossStart
	} else if !a.wrap && a.counter == AlignMax {
		across = acrossEnd
	}
	// Items that paint nothing take in the margins that still differ (absorb.go), if any.
	var grown growth
	if reason != "" {
		if !mayGrow {
			return reason
		}
		take, ok := marginsToTake(flow, flowDOM, lines, ms, horizontal, across)
		if !ok {
			return reason
		}
		left := slices.Clone(ms)
		for i := range left {
			for s := range left[i] {
				left[i][s] -= take[i][s]
			}
		}
		if m, reason = readMargins(a, lines, left, horizontal, across); reason != "" {
			return reason // not reached: the margins left are uniform by construction
		}
		grown = grow(flow, take)
	}
	spacing, cs, ce := m.spacing, m.crossStart, m.crossEnd
	pad[mainStart] += m.mainStart
	pad[mainEnd] += m.mainEnd
	pad[crossStart] += cs
	pad[crossEnd] += ce
	// Negative outer margins (a grid row pulled out over its container's padding) would make
	// a negative padding, which Figma's auto layout does not have.
	for _, v := range pad {
		if v < 0 {
			grown.undo()
			return "its items' negative margins reach outside it (auto layout has no negative padding)"
		}
	}

	undo := keep(F)
	F.LayoutMode = a.mode
	F.PaddingTop, F.PaddingRight, F.PaddingBottom, F.PaddingLeft = css.Ptr(css.Px(pad[0])), css.Ptr(css.Px(pad[1])), css.Ptr(css.Px(pad[2])), css.Ptr(css.Px(pad[3]))
	F.ItemSpacing = css.Ptr(css.Px(spacing))
	F.PrimaryAxisAlignItems, F.CounterAxisAlignItems = a.primary, a.counter
	if a.wrap {
		F.LayoutWrap = Wrap
		F.CounterAxisSpacing = css.Ptr(css.Px(m.lineSpacing))
	}
	innerCross := F.Height - pad[0] - pad[2]
	if !horizontal {
		innerCross = F.Width - pad[1] - pad[3]
	}
	markAbsolute(F, absolute)
	for i, ch := range flow {
		d := flowDOM[i]
		mainSizing, crossSizing := itemSizing(ch)
		if !horizontal {
			mainSizing, crossSizing = crossSizing, mainSizing
		}
		if d.Type == "element" {
			if g, err := strconv.ParseFloat(layoutStyle(d, "flex-grow"), 64); err == nil && g > 0 && !a.grid && !a.wrap {
				mainSizing = SizingFill
			}
			alignSelf := layoutStyle(d, "align-self")
			stretch := a.stretch && (alignSelf == "auto" || alignSelf == "normal") || alignSelf == "stretch"
			crossSize := ch.Height
			if !horizontal {
				crossSize = ch.Width
			}
			if stretch && !a.wrap && math.Abs(crossSize-innerCross) <= 0.5 && ch.Type != "TEXT" {
				crossSizing = SizingFill
			}
		}
		if horizontal {
			ch.LayoutSizingHorizontal, ch.LayoutSizingVertical = mainSizing, crossSizing
		} else {
			ch.LayoutSizingHorizontal, ch.LayoutSizingVertical = crossSizing, mainSizing
		}
	}
	fixUnfilled(F)
	if worst, d := Mismatch(F); d > Tolerance {
		restore(undo)
		grown.undo()
		return fmt.Sprintf("auto layout would move or resize %s by %.1f px", worst.Name, d)
	}
	F.LayoutSizingHorizontal, F.LayoutSizingVertical = hugs(F)
	grown.record(took)
	return ""
}

// layoutInOrder sorts a flex container's items (and their nodes, pairwise) by their CSS order,
// the document order among equals: the order the page lays them out in (CSS Flexbox 1 §5.4).
func layoutInOrder(flow []*resultjson.Node, flowDOM []*capturemodel.DOMNode) {
	key := func(d *capturemodel.DOMNode) int {
		if d.Type != "element" {
			return 0
		}
		v, _ := strconv.Atoi(layoutStyle(d, "order"))
		return v
	}
	idx := make([]int, len(flow))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return key(flowDOM[a]) - key(flowDOM[b]) })
	nodes, doms := slices.Clone(flow), slices.Clone(flowDOM)
	for i, j := range idx {
		flow[i], flowDOM[i] = nodes[j], doms[j]
	}
}

// Why a container's margins have no auto-layout equivalent.
const (
	differentSpacing      = "the space between its items differs (margins)"
	differentCrossMargins = "its items have different margins across the layout direction"
	differentLineStarts   = "its wrapped items have different margins"
	differentLineSpacing  = "the space between its wrapped lines differs (margins)"
)

// margins is what the items' CSS margins make of an auto-layout frame (Figma has no margins):
// the itemSpacing and the spacing of wrapped lines, and what each side adds to the padding
// (px).
type margins struct {
	spacing, lineSpacing                     float64
	mainStart, mainEnd, crossStart, crossEnd float64
}

// Sides of a box, in CSS's order (paddingBox, boxMargins).
const (
	sideTop = iota
	sideRight
	sideBottom
	sideLeft
)

// axisSides are the sides of an item at the start and end of a row (horizontal) or column, and
// across it.
func axisSides(horizontal bool) (mainStart, mainEnd, crossStart, crossEnd int) {
	if horizontal {
		return sideLeft, sideRight, sideTop, sideBottom
	}
	return sideTop, sideBottom, sideLeft, sideRight
}

// boxMargins are the px margins of each item (top, right, bottom, left; 0 for a text item or a
// margin that is not px).
func boxMargins(flowDOM []*capturemodel.DOMNode) [][4]float64 {
	out := make([][4]float64, len(flowDOM))
	for i, d := range flowDOM {
		for s, name := range []string{"top", "right", "bottom", "left"} {
			out[i][s] = side(d, "margin-"+name)
		}
	}
	return out
}

// lineRanges splits a container's flowing items (in layout order) into lines, as [first, end)
// index ranges: one line unless it wraps, when a line starts where an item does not start
// after the one before it.
func lineRanges(a axes, flow []*resultjson.Node, horizontal bool) [][2]int {
	pos := func(n *resultjson.Node) float64 { return n.X }
	if !horizontal {
		pos = func(n *resultjson.Node) float64 { return n.Y }
	}
	var lines [][2]int
	first := 0
	for i := 1; i <= len(flow); i++ {
		if i == len(flow) || a.wrap && pos(flow[i]) <= pos(flow[i-1])+0.5 {
			lines = append(lines, [2]int{first, i})
			first = i
		}
	}
	return lines
}

// acrossRule says which of the items' margins across the layout direction must agree.
type acrossRule int

const (
	// acrossBoth: those at the start and those at the end (the first line's start margins and
	// the last line's end margins are the padding's).
	acrossBoth acrossRule = iota
	// acrossNone: neither (items centred across, without margins).
	acrossNone
	// acrossStart: those at the start, on one line whose items are aligned at the start (MIN):
	// the end margins move no item, and the padding takes the smallest.
	acrossStart
	// acrossEnd: those at the end, on one line aligned at the end (MAX); the padding takes the
	// smallest start margin.
	acrossEnd
)

// readMargins reads the margins ms of a container's flowing items (in layout order), line by
// line (lines, from lineRanges): between the items of a line they add to the spacing, which
// must be the same in every line; each line's first item's leading margin is the padding's (the
// same on every line), the last item's trailing margin too; across, the items of a line share
// their margins, the first line's add to the padding, and between two lines the row gap plus the
// margins on either side is the lines' spacing, the same between every two. across says which
// margins across must agree (acrossBoth above). It returns which rule the margins break.
func readMargins(a axes, lines [][2]int, ms [][4]float64, horizontal bool, across acrossRule) (margins, string) {
	mainStart, mainEnd, crossStart, crossEnd := axisSides(horizontal)
	m := margins{spacing: a.spacing}
	spaced := false
	var crossEnds float64
	for k, ln := range lines {
		lead := ms[ln[0]][mainStart]
		if k == 0 {
			m.mainStart = lead
		} else if math.Abs(lead-m.mainStart) > 0.5 {
			return m, differentLineStarts
		}
		for i := ln[0]; i+1 < ln[1]; i++ {
			s := a.spacing + ms[i][mainEnd] + ms[i+1][mainStart]
			if spaced && math.Abs(s-m.spacing) > 0.5 {
				return m, differentSpacing
			}
			m.spacing, spaced = s, true
		}
		cs, ce := ms[ln[0]][crossStart], ms[ln[0]][crossEnd]
		if across == acrossNone {
			cs, ce = 0, 0
		}
		for i := ln[0] + 1; i < ln[1]; i++ {
			if across == acrossBoth || across == acrossStart {
				if math.Abs(ms[i][crossStart]-cs) > 0.5 {
					return m, differentCrossMargins
				}
			} else if across == acrossEnd {
				cs = math.Min(cs, ms[i][crossStart])
			}
			if across == acrossBoth || across == acrossEnd {
				if math.Abs(ms[i][crossEnd]-ce) > 0.5 {
					return m, differentCrossMargins
				}
			} else if across == acrossStart {
				ce = math.Min(ce, ms[i][crossEnd])
			}
		}
		switch {
		case k == 0:
			m.crossStart = cs
		case k == 1:
			m.lineSpacing = a.rowSpacing + crossEnds + cs
		case math.Abs(a.rowSpacing+crossEnds+cs-m.lineSpacing) > 0.5:
			return m, differentLineSpacing
		}
		crossEnds = ce
	}
	if len(lines) == 1 {
		m.lineSpacing = a.rowSpacing + m.crossStart + crossEnds
	}
	m.crossEnd = crossEnds
	m.mainEnd = ms[len(ms)-1][mainEnd]
	return m, ""
}

// oneLine says whether the items of a row (horizontal) or column share one line: every item's
// top (left) is above (left of) every other's bottom (right).
func oneLine(flow []*resultjson.Node, horizontal bool) bool {
	start, end := math.Inf(-1), math.Inf(1)
	for _, n := range flow {
		if horizontal {
			start, end = math.Max(start, n.Y), math.Min(end, n.Y+n.Height)
		} else {
			start, end = math.Max(start, n.X), math.Min(end, n.X+n.Width)
		}
	}
	return start < end
}

// centredAcross says whether every item of frame F sits centred across the layout direction
// (within 0.5 px) between the frame's padding (pad: top, right, bottom, left).
func centredAcross(F *resultjson.Node, flow []*resultjson.Node, pad [4]float64, horizontal bool) bool {
	for _, n := range flow {
		before, after := n.Y-pad[0], F.Height-pad[2]-n.Y-n.Height
		if !horizontal {
			before, after = n.X-pad[3], F.Width-pad[1]-n.X-n.Width
		}
		if math.Abs(before-after) > 0.5 {
			return false
		}
	}
	return true
}

// itemSizing is how a child sizes itself (horizontal, vertical) when nothing stretches it: a TEXT by its content (HUG
// when it keeps its natural width, else FIXED width and HUG height), an auto-layout frame as its
// own pass decided, anything else FIXED.
func itemSizing(n *resultjson.Node) (horizontal, vertical string) {
	h, v := SizingFixed, SizingFixed
	switch {
	case n.Type == "TEXT" && n.TextAutoResize == "WIDTH_AND_HEIGHT":
		h, v = SizingHug, SizingHug
	case n.Type == "TEXT":
		v = SizingHug
	case n.LayoutMode != "":
		if n.LayoutSizingHorizontal == SizingHug {
			h = SizingHug
		}
		if n.LayoutSizingVertical == SizingHug {
			v = SizingHug
		}
	}
	return h, v
}

// hugs says, per axis, whether an auto-layout frame is exactly as large as its flowing children
// and padding (HUG), else FIXED. A wrapping or SPACE_BETWEEN frame, or one with FILL children
// on an axis, is FIXED on it.
func hugs(F *resultjson.Node) (string, string) {
	horizontal := F.LayoutMode == Horizontal
	sumMain, maxCross, n := 0.0, 0.0, 0
	fillMain, fillCross := false, false
	for _, c := range F.Children {
		if c.LayoutPositioning == PositionAbsolute {
			continue
		}
		m, x := c.Width, c.Height
		fm, fc := c.LayoutSizingHorizontal == SizingFill, c.LayoutSizingVertical == SizingFill
		if !horizontal {
			m, x, fm, fc = x, m, fc, fm
		}
		sumMain += m
		maxCross = math.Max(maxCross, x)
		fillMain, fillCross = fillMain || fm, fillCross || fc
		n++
	}
	padMain := val(F.PaddingLeft) + val(F.PaddingRight)
	padCross := val(F.PaddingTop) + val(F.PaddingBottom)
	frameMain, frameCross := F.Width, F.Height
	if !horizontal {
		padMain, padCross = padCross, padMain
		frameMain, frameCross = frameCross, frameMain
	}
	mainHug := F.LayoutWrap == "" && F.PrimaryAxisAlignItems != AlignBetween && !fillMain && n > 0 &&
		math.Abs(padMain+sumMain+val(F.ItemSpacing)*float64(n-1)-frameMain) <= 0.5
	crossHug := F.LayoutWrap == "" && !fillCross && n > 0 && math.Abs(padCross+maxCross-frameCross) <= 0.5
	h, v := SizingFixed, SizingFixed
	if mainHug {
		h = SizingHug
	}
	if crossHug {
		v = SizingHug
	}
	if !horizontal {
		h, v = v, h
	}
	return h, v
}

// domName names a DOM child in a diagnostic.
func domName(n *capturemodel.DOMNode) string {
	if n.Type == "text" {
		return strconv.Quote(naming.Clip(n.Text))
	}
	return naming.Element(n)
}

// fixUnfilled turns FILL children whose share of the room is not their captured size (a
// flex-grow item held by max-width, items growing by different factors) into FIXED ones, so
// the frame keeps auto layout with the children at their captured sizes.
func fixUnfilled(F *resultjson.Node) {
	horizontal := F.LayoutMode == Horizontal
	for round := 0; round < 2; round++ {
		changed := false
		for i, b := range LayOut(F) {
			c := F.Children[i]
			mainFill, got, want := c.LayoutSizingHorizontal == SizingFill, b.Width, c.Width
			if !horizontal {
				mainFill, got, want = c.LayoutSizingVertical == SizingFill, b.Height, c.Height
			}
			if mainFill && math.Abs(got-want) > Tolerance {
				if horizontal {
					c.LayoutSizingHorizontal = SizingFixed
				} else {
					c.LayoutSizingVertical = SizingFixed
				}
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}
