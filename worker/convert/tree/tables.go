package tree

import (
	"math"
	"slices"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
)

// The borders of a table with collapsed borders (CSS 2 §17.6.2): the page paints them over
// every cell and row background of the table (CSS 2 §E.2), so they are nodes of their own
// after the table's content (boxtree.CollapsedBorder) and the cells' nodes draw none: a cell
// border centred on the cell's edge would otherwise lose the half the next row's fill covers.

// adjacentPx is how far apart, in px, two cells' boxes may be and still be one run of borders.
const adjacentPx = 0.01

// tableBorders adds to f, after the nodes of table's content, the nodes that draw the borders
// of a table with collapsed borders: table is a table element, or an element of another display
// whose rows or cells are then wrapped in an anonymous table (CSS 2 §17.2.1; a table made
// display: block). The table's own border comes first, then the borders of its row groups and
// rows, then those of its cells, so that a cell's border is drawn over a row's on the same
// edge (the cell's wins a tie, CSS 2 §17.6.2.1). A cell's are drawn by one node per run of
// cells of a row that are side by side, of the same height, with the same borders and none on
// their left and right sides (a row's line under its cells), else one per cell. Cells of a
// nested table are left to that table.
func (tb *builder) tableBorders(table *capturemodel.DOMNode, f *frame, in inherited) {
	var rows, runs [][]*capturemodel.DOMNode
	switch table.Computed("display") {
	case "table", "inline-table":
		if paint.CollapsedBorders(table) && bordered(table) {
			rows = append(rows, []*capturemodel.DOMNode{table})
		}
	default:
		if paint.TablePart(table) || !slices.ContainsFunc(tb.kids.Of(table), isTablePart) {
			return
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
				if last != nil && lastRow == n && sameRun(last, ch) {
					runs[len(runs)-1] = append(runs[len(runs)-1], ch)
				} else {
					runs = append(runs, []*capturemodel.DOMNode{ch})
				}
				last, lastRow = ch, n
				continue
			}
			if paint.CollapsedBorders(ch) && bordered(ch) {
				rows = append(rows, []*capturemodel.DOMNode{ch})
			}
			walk(ch)
		}
	}
	walk(table)
	for _, run := range append(rows, runs...) {
		box := run[0].Box
		for _, c := range run[1:] {
			box = union(box, c.Box)
		}
		name := naming.Layer(run[0]) + " border"
		if len(run) > 1 {
			name = naming.Layer(run[0]) + " row border"
		}
		if r := tb.newNode("RECTANGLE", name, box, f); r != nil {
			f.add(r, run[0], in).Kind = boxtree.CollapsedBorder
		}
	}
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
