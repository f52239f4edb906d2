package tree

import (
	"cmp"
	"math"
	"slices"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// The borders of a table with collapsed borders (CSS 2 §17.6.2): the page paints them over
// every cell and row background of the table (CSS 2 §E.2), so they are nodes of their own
// after the table's content and the parts' nodes draw none: a cell border centred on the
// cell's edge would otherwise lose the half the next row's fill covers.
//
// The box of a collapsed table's part runs from the middle of one grid line's border to the
// next, so each side of a part's border is a bar centred on the box's edge, as long as the
// side plus half the widths of the sides beside it (what a RECTANGLE of the box with the
// border as CENTER strokes draws). The bars of the parts whose border is one solid, opaque
// colour are merged where they lie on one line and meet: a grid whose cells all have the same
// border is one RECTANGLE of its outer edge and one bar per row and column line, not a node
// per cell. Any other part's border is a node of its own, as is each run of cells of a row
// with the same such border and none on their left and right (a row's line under its cells).
// The nodes keep the page's order wherever two of them of other colours overlap; a table
// where no order of them does, or whose bars would be more nodes than a node per part (and
// run), is drawn a node per part (and run) in the page's order.
//
// Not chosen: a cell's border as the CENTER strokes of the cell's own frame. Figma (and the
// preview) draws a frame's strokes over its children but under its later siblings, so the next
// cell's or row's fill covers half of them; and it saves a node only where the cell is a frame
// anyway (typo-cjk: 17 header cells with a background, of 127 cells with a border).

const (
	// adjacentPx is how far apart, in px, two cells' boxes may be and still be one run of
	// borders, and how far two bars may be off one line, or apart along it, and still be one
	// bar; bars that overlap by no more are not drawn over one another.
	adjacentPx = 0.01
	// maxBarPairs bounds the pairs of bars of different colours (or of parts drawn alone)
	// compared for overlap in one table (the check compares every such pair): past it the
	// table is drawn a node per part (and run) in the page's order.
	maxBarPairs = 1 << 20
)

// tableBorders adds to f, after the nodes of table's content, the nodes that draw the borders
// of a table with collapsed borders: table is a table element, or an element of another display
// whose rows or cells are then wrapped in an anonymous table (CSS 2 §17.2.1; a table made
// display: block). Cells of a nested table are left to that table.
func (tb *builder) tableBorders(table *capturemodel.DOMNode, f *frame, in inherited) {
	parts := tb.borderedParts(table)
	if len(parts) == 0 {
		return
	}
	for _, bn := range borderPlan(table, parts) {
		if r := tb.newNode("RECTANGLE", bn.name, bn.box, f); r != nil {
			f.add(r, bn.el, in).Kind = bn.kind
		}
	}
}

// tablePart is a part of a table with collapsed borders (the table, a row group, a row or a
// cell) that draws a border.
type tablePart struct {
	el *capturemodel.DOMNode
	// joins says the part is a cell that continues the run of borders of the part before it,
	// the cell before it in its row (sameRun).
	joins bool
}

// borderedParts returns the parts of table that draw a collapsed border, in the order the
// page paints them: the table, its row groups and rows, then its cells (a cell's border is
// drawn over a row's on the same edge: the cell's wins a tie, CSS 2 §17.6.2.1).
func (tb *builder) borderedParts(table *capturemodel.DOMNode) []tablePart {
	var rows, cells []tablePart
	switch table.Computed("display") {
	case "table", "inline-table":
		if paint.CollapsedBorders(table) && bordered(table) {
			rows = append(rows, tablePart{el: table})
		}
	default:
		if paint.TablePart(table) || !slices.ContainsFunc(tb.kids.Of(table), isTablePart) {
			return nil
		}
	}
	var last, lastRow *capturemodel.DOMNode // the previous cell with a border, and its row
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		for _, ch := range tb.kids.Of(n) {
			if !isTablePart(ch) {
				continue
			}
			switch ch.Computed("display") {
			case "table", "inline-table":
				continue
			case "table-cell":
				if !paint.CollapsedBorders(ch) || !bordered(ch) {
					last = nil
					continue
				}
				cells = append(cells, tablePart{el: ch, joins: last != nil && lastRow == n && sameRun(last, ch)})
				last, lastRow = ch, n
				continue
			}
			if paint.CollapsedBorders(ch) && bordered(ch) {
				rows = append(rows, tablePart{el: ch})
			}
			walk(ch)
		}
	}
	walk(table)
	return append(rows, cells...)
}

// borderPlan returns the nodes that draw the borders of parts (borderedParts) of table: the
// merged bars (borderNodes with merge) when an order of them keeps the page's and they are no
// more nodes than a node per part (and run), else a node per part (and run). (Bars of one
// colour that lie inside others, such as a table's border wider than its cells', are not
// dropped: such a table may be drawn a node per part.)
func borderPlan(table *capturemodel.DOMNode, parts []tablePart) []borderNode {
	each, _ := borderNodes(table, parts, false)
	if merged, ok := borderNodes(table, parts, true); ok && len(merged) <= len(each) {
		return merged
	}
	return each
}

// borderNode is one node that draws borders of a table: a RECTANGLE of box drawn from el as
// kind (boxtree.CollapsedBorder or boxtree.GridLine).
type borderNode struct {
	kind boxtree.Kind
	el   *capturemodel.DOMNode
	box  capturemodel.Box
	name string
}

// bar is a side of a part's border as the page draws it, or bars of one colour merged: a
// rectangle in page px (x0, y0 to x1, y1) across a grid line, horizontal for a top or bottom
// side, drawn from the parts first to last (indexes in paint order).
type bar struct {
	x0, y0, x1, y1 float64
	horizontal     bool
	first, last    int
}

// borderUnit is parts whose borders are drawn together: parts of one solid, opaque colour
// (solid: merged bars, a GridLine node each, or the grid's outer edge), or one part or run of
// cells (one CollapsedBorder node). bars are what it draws, for the overlap check.
type borderUnit struct {
	parts []int
	solid bool
	bars  []bar
}

// borderNodes returns the nodes that draw the borders of parts (borderedParts) of table, in
// the order they are drawn. With merge, the parts of one solid, opaque colour are drawn as
// merged bars, ordered so that wherever two nodes of other colours (or parts drawn alone)
// overlap the page's later part is drawn later; ok is false when no order does that, or when
// more than maxBarPairs pairs would be compared. Without merge, each part, or run of cells, is
// a node of its own in the page's order (ok is always true).
func borderNodes(table *capturemodel.DOMNode, parts []tablePart, merge bool) ([]borderNode, bool) {
	var units []*borderUnit
	unitOf := make([]*borderUnit, len(parts))
	byColor := map[resultjson.RGBA]*borderUnit{}
	solid := false
	for i, p := range parts {
		if c, _, ok := paint.SolidBorder(p.el); merge && ok {
			u := byColor[c]
			if u == nil {
				u = &borderUnit{solid: true}
				byColor[c] = u
				units = append(units, u)
			}
			u.parts, unitOf[i], solid = append(u.parts, i), u, true
			continue
		}
		if p.joins && i > 0 && !unitOf[i-1].solid {
			unitOf[i] = unitOf[i-1]
			unitOf[i].parts = append(unitOf[i].parts, i)
			continue
		}
		unitOf[i] = &borderUnit{parts: []int{i}}
		units = append(units, unitOf[i])
	}
	if merge && !solid {
		return nil, false // nothing to merge: drawn as without merge
	}
	for _, u := range units {
		if u.solid {
			for _, i := range u.parts {
				_, widths, _ := paint.SolidBorder(parts[i].el)
				u.bars = append(u.bars, sideBars(parts[i].el.Box, widths, i)...)
			}
			u.bars = mergeBars(u.bars)
			continue
		}
		el := parts[u.parts[0]].el
		u.bars = sideBars(unitBox(parts, u), drawnWidths(el), u.parts[0])
		for k := range u.bars {
			u.bars[k].last = u.parts[len(u.parts)-1]
		}
	}
	if merge {
		var ok bool
		if units, ok = paintOrder(units); !ok {
			return nil, false
		}
	}
	var nodes []borderNode
	for _, u := range units {
		if u.solid {
			nodes = append(nodes, gridNodes(table, parts, u)...)
			continue
		}
		el := parts[u.parts[0]].el
		name := naming.Layer(el) + " border"
		if len(u.parts) > 1 {
			name = naming.Layer(el) + " row border"
		}
		nodes = append(nodes, borderNode{kind: boxtree.CollapsedBorder, el: el, box: unitBox(parts, u), name: name})
	}
	return nodes, true
}

// unitBox is the box of the parts of u: the smallest box holding them.
func unitBox(parts []tablePart, u *borderUnit) capturemodel.Box {
	box := parts[u.parts[0]].el.Box
	for _, i := range u.parts[1:] {
		box = union(box, parts[i].el.Box)
	}
	return box
}

// drawnWidths are the widths in px of el's border sides (top, right, bottom, left).
func drawnWidths(el *capturemodel.DOMNode) [4]float64 {
	return [4]float64{paint.SideWidth(el, "top"), paint.SideWidth(el, "right"), paint.SideWidth(el, "bottom"), paint.SideWidth(el, "left")}
}

// sideBars are the bars of a border of widths (px: top, right, bottom, left) drawn centred on
// the edges of box, as CENTER strokes draw it: each side reaches half the width of the side
// beside it past the box's corner; part is the part's index in paint order.
func sideBars(box capturemodel.Box, widths [4]float64, part int) []bar {
	t, r, b, l := widths[0], widths[1], widths[2], widths[3]
	x0, y0, x1, y1 := box.X-l/2, box.Y-t/2, box.X+box.Width+r/2, box.Y+box.Height+b/2
	var bars []bar
	if t > 0 {
		bars = append(bars, bar{x0: x0, y0: box.Y - t/2, x1: x1, y1: box.Y + t/2, horizontal: true, first: part, last: part})
	}
	if b > 0 {
		bars = append(bars, bar{x0: x0, y0: box.Y + box.Height - b/2, x1: x1, y1: box.Y + box.Height + b/2, horizontal: true, first: part, last: part})
	}
	if l > 0 {
		bars = append(bars, bar{x0: box.X - l/2, y0: y0, x1: box.X + l/2, y1: y1, first: part, last: part})
	}
	if r > 0 {
		bars = append(bars, bar{x0: box.X + box.Width - r/2, y0: y0, x1: box.X + box.Width + r/2, y1: y1, first: part, last: part})
	}
	return bars
}

// mergeBars merges bars of one colour that lie across one line (the same two edges across
// it, within adjacentPx) and meet or overlap along it, into one bar each: the horizontal bars
// first, from the top and then the left, then the vertical ones from the left and then the top.
func mergeBars(bars []bar) []bar {
	// across is a bar's position across its line and along its extent along it.
	across := func(b bar) (float64, float64) {
		if b.horizontal {
			return b.y0, b.y1
		}
		return b.x0, b.x1
	}
	along := func(b bar) (float64, float64) {
		if b.horizontal {
			return b.x0, b.x1
		}
		return b.y0, b.y1
	}
	sorted := slices.Clone(bars)
	slices.SortStableFunc(sorted, func(a, b bar) int {
		if a.horizontal != b.horizontal {
			if a.horizontal {
				return -1
			}
			return 1
		}
		a0, a1 := across(a)
		b0, b1 := across(b)
		s, _ := along(a)
		t, _ := along(b)
		return cmp.Or(cmp.Compare(a0, b0), cmp.Compare(a1, b1), cmp.Compare(s, t))
	})
	var out []bar
	for _, b := range sorted {
		if n := len(out); n > 0 && out[n-1].horizontal == b.horizontal {
			m := &out[n-1]
			m0, m1 := across(*m)
			b0, b1 := across(b)
			ms, me := along(*m)
			bs, be := along(b)
			if math.Abs(m0-b0) <= adjacentPx && math.Abs(m1-b1) <= adjacentPx && bs <= me+adjacentPx && ms <= be+adjacentPx {
				s, e := math.Min(ms, bs), math.Max(me, be)
				if m.horizontal {
					m.x0, m.x1 = s, e
				} else {
					m.y0, m.y1 = s, e
				}
				m.first, m.last = min(m.first, b.first), max(m.last, b.last)
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

// overlap says whether bars a and b cover a common area more than adjacentPx on each side.
func overlap(a, b bar) bool {
	return math.Min(a.x1, b.x1)-math.Max(a.x0, b.x0) > adjacentPx && math.Min(a.y1, b.y1)-math.Max(a.y0, b.y0) > adjacentPx
}

// paintOrder orders units (made in the order of their first parts) so that wherever a bar of
// one overlaps a bar of another, the unit whose parts the page paints later comes later,
// taking the earliest unit that may come next; ok is false when two overlapping bars were
// painted interleaved (one unit's parts both before and after the other's), when no order
// satisfies every overlap, or when more than maxBarPairs pairs of bars would be compared.
func paintOrder(units []*borderUnit) ([]*borderUnit, bool) {
	total, squares := 0, 0
	for _, u := range units {
		total += len(u.bars)
		squares += len(u.bars) * len(u.bars)
	}
	if (total*total-squares)/2 > maxBarPairs {
		return nil, false
	}
	after := make([][]int, len(units)) // after[u]: the units that must come after u
	before := make([]int, len(units))  // how many units must come before u
	for u := range units {
		for v := u + 1; v < len(units); v++ {
			uFirst, vFirst := false, false
			for _, a := range units[u].bars {
				for _, b := range units[v].bars {
					if !overlap(a, b) {
						continue
					}
					switch {
					case a.last < b.first:
						uFirst = true
					case b.last < a.first:
						vFirst = true
					default:
						return nil, false
					}
				}
			}
			switch {
			case uFirst && vFirst:
				return nil, false
			case uFirst:
				after[u] = append(after[u], v)
				before[v]++
			case vFirst:
				after[v] = append(after[v], u)
				before[u]++
			}
		}
	}
	order := make([]*borderUnit, 0, len(units))
	done := make([]bool, len(units))
	for len(order) < len(units) {
		next := -1
		for u := range units {
			if !done[u] && before[u] == 0 {
				next = u
				break
			}
		}
		if next < 0 {
			return nil, false
		}
		done[next] = true
		order = append(order, units[next])
		for _, v := range after[next] {
			before[v]--
		}
	}
	return order, true
}

// gridNodes are the nodes of u, parts of table of one solid, opaque colour: the RECTANGLE of
// the grid's outer edge (its four outer bars of one width w, when a part of u has a border of
// w on every side: that part's border, as CENTER strokes, draws them), then a GridLine of
// each other bar, the horizontal ones ("row line") before the vertical ones ("column line").
func gridNodes(table *capturemodel.DOMNode, parts []tablePart, u *borderUnit) []borderNode {
	bars := u.bars
	var nodes []borderNode
	if outer, el, rest, ok := outerEdge(parts, u); ok {
		nodes = append(nodes, borderNode{kind: boxtree.CollapsedBorder, el: el, box: outer, name: naming.Layer(table) + " border"})
		bars = rest
	}
	for _, b := range bars {
		name := naming.Layer(table) + " column line"
		if b.horizontal {
			name = naming.Layer(table) + " row line"
		}
		nodes = append(nodes, borderNode{kind: boxtree.GridLine, el: parts[b.first].el, box: capturemodel.Box{X: b.x0, Y: b.y0, Width: b.x1 - b.x0, Height: b.y1 - b.y0}, name: name})
	}
	return nodes
}

// outerEdge finds, among u's bars, the four that run along the whole edge of the box they
// all lie in, of one width w, when a part of u (el) has a border of w on every side: box is
// the RECTANGLE whose CENTER strokes of w draw them (the outer box shrunk by w/2 on every
// side), rest the other bars.
func outerEdge(parts []tablePart, u *borderUnit) (box capturemodel.Box, el *capturemodel.DOMNode, rest []bar, ok bool) {
	w := 0.0
	for _, i := range u.parts {
		_, widths, _ := paint.SolidBorder(parts[i].el)
		if widths[0] > 0 && widths[1] == widths[0] && widths[2] == widths[0] && widths[3] == widths[0] {
			el, w = parts[i].el, widths[0]
			break
		}
	}
	if el == nil {
		return capturemodel.Box{}, nil, nil, false
	}
	bb := u.bars[0]
	for _, b := range u.bars[1:] {
		bb.x0, bb.y0, bb.x1, bb.y1 = math.Min(bb.x0, b.x0), math.Min(bb.y0, b.y0), math.Max(bb.x1, b.x1), math.Max(bb.y1, b.y1)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= adjacentPx }
	edges := [4]int{-1, -1, -1, -1} // the bars of the top, right, bottom and left edges
	for k, b := range u.bars {
		switch {
		case b.horizontal && near(b.y1-b.y0, w) && near(b.x0, bb.x0) && near(b.x1, bb.x1) && near(b.y0, bb.y0):
			edges[0] = k
		case b.horizontal && near(b.y1-b.y0, w) && near(b.x0, bb.x0) && near(b.x1, bb.x1) && near(b.y1, bb.y1):
			edges[2] = k
		case !b.horizontal && near(b.x1-b.x0, w) && near(b.y0, bb.y0) && near(b.y1, bb.y1) && near(b.x0, bb.x0):
			edges[3] = k
		case !b.horizontal && near(b.x1-b.x0, w) && near(b.y0, bb.y0) && near(b.y1, bb.y1) && near(b.x1, bb.x1):
			edges[1] = k
		}
	}
	if slices.Contains(edges[:], -1) || bb.x1-bb.x0 <= 2*w || bb.y1-bb.y0 <= 2*w {
		return capturemodel.Box{}, nil, nil, false
	}
	for k, b := range u.bars {
		if !slices.Contains(edges[:], k) {
			rest = append(rest, b)
		}
	}
	return capturemodel.Box{X: bb.x0 + w/2, Y: bb.y0 + w/2, Width: bb.x1 - bb.x0 - w, Height: bb.y1 - bb.y0 - w}, el, rest, true
}

// isTablePart says whether n is an element that is a table, a row group, a row or a cell.
func isTablePart(n *capturemodel.DOMNode) bool {
	return n != nil && n.Type == "element" && paint.TablePart(n)
}

// bordered says whether el, of a table with collapsed borders, is drawn and shows a border.
func bordered(el *capturemodel.DOMNode) bool {
	return el.Computed("visibility") == "visible" && el.Box.Width > 0 && el.Box.Height > 0 && paint.HasBorder(el)
}

// sameRun says whether cell b continues the run of borders that cell a ends: side by side (in
// either direction), of the same top and height, with the same borders and none on the left
// or right side.
func sameRun(a, b *capturemodel.DOMNode) bool {
	if !paint.SameBorders(a, b) || paint.SideWidth(a, "left") > 0 || paint.SideWidth(a, "right") > 0 {
		return false
	}
	if math.Abs(a.Box.Y-b.Box.Y) > adjacentPx || math.Abs(a.Box.Height-b.Box.Height) > adjacentPx {
		return false
	}
	return math.Abs(a.Box.X+a.Box.Width-b.Box.X) <= adjacentPx || math.Abs(b.Box.X+b.Box.Width-a.Box.X) <= adjacentPx
}

// union is the smallest box holding a and b.
func union(a, b capturemodel.Box) capturemodel.Box {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.X+a.Width, b.X+b.Width), math.Max(a.Y+a.Height, b.Y+b.Height)
	return capturemodel.Box{X: x0, Y: y0, Width: x1 - x0, Height: y1 - y0}
}
