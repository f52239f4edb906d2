package tree

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
)

const (
	grey = "rgb(221, 221, 221)"
	blue = "rgb(0, 0, 255)"
)

// part is a table part of a collapsed table: display, box, and its border sides (top, right,
// bottom, left) as "width style colour" ("" for none).
func part(tag, display string, b capturemodel.Box, sides [4]string, kids ...*capturemodel.DOMNode) *capturemodel.DOMNode {
	s := map[string]string{"display": display, "border-collapse": "collapse", "visibility": "visible", "position": "static"}
	for i, side := range []string{"top", "right", "bottom", "left"} {
		s["border-"+side+"-style"] = "none"
		if f := strings.SplitN(sides[i], " ", 3); len(f) == 3 {
			s["border-"+side+"-width"], s["border-"+side+"-style"], s["border-"+side+"-color"] = f[0], f[1], f[2]
		}
	}
	return &capturemodel.DOMNode{Type: "element", Tag: tag, Box: b, Style: s, Children: kids}
}

// all is the same border on every side.
func all(b string) [4]string { return [4]string{b, b, b, b} }

// grid is a table at (10, 20) of rows × cols cells, each 100 × 30 with the border cellSides,
// its rows with rowSides and the table with tableSides.
func grid(rows, cols int, tableSides, rowSides, cellSides [4]string) *capturemodel.DOMNode {
	var trs []*capturemodel.DOMNode
	for r := range rows {
		var tds []*capturemodel.DOMNode
		for c := range cols {
			tds = append(tds, part("td", "table-cell", capturemodel.Box{X: 10 + 100*float64(c), Y: 20 + 30*float64(r), Width: 100, Height: 30}, cellSides))
		}
		trs = append(trs, part("tr", "table-row", capturemodel.Box{X: 10, Y: 20 + 30*float64(r), Width: 100 * float64(cols), Height: 30}, rowSides, tds...))
	}
	return part("table", "table", capturemodel.Box{X: 10, Y: 20, Width: 100 * float64(cols), Height: 30 * float64(rows)}, tableSides, trs...)
}

// drawnNode is a borderNode as the tests compare it.
type drawnNode struct {
	Kind boxtree.Kind
	El   string
	Box  capturemodel.Box
	Name string
}

// nodesOf returns the merged nodes that draw the borders of table (borderNodes with merge) and
// whether an order of them keeps the page's, and the nodes borderPlan chooses.
func nodesOf(t *testing.T, table *capturemodel.DOMNode) (merged []drawnNode, ok bool, plan []drawnNode) {
	t.Helper()
	tb := &builder{kids: NewChildren(&capturemodel.Document{})}
	parts := tb.borderedParts(table)
	made, ok := borderNodes(table, parts, true)
	return drawnNodes(made), ok, drawnNodes(borderPlan(table, parts))
}

// drawnNodes are nodes as the tests compare them.
func drawnNodes(nodes []borderNode) []drawnNode {
	var out []drawnNode
	for _, n := range nodes {
		out = append(out, drawnNode{n.kind, n.el.Tag, n.box, n.name})
	}
	return out
}

// A grid whose cells all have one solid border is its outer edge (the cells' border as CENTER
// strokes of the grid's box) and one bar per inner line, each as long as the line and as wide
// as the border, centred on the cells' edges: 4 nodes for 6 cells.
func TestGridOfOneBorderIsItsLines(t *testing.T) {
	got, ok, plan := nodesOf(t, grid(2, 3, [4]string{}, [4]string{}, all("1px solid "+grey)))
	want := []drawnNode{
		{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 300, Height: 60}, "Table border"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 49.5, Width: 301, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 109.5, Y: 19.5, Width: 1, Height: 61}, "Table column line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 209.5, Y: 19.5, Width: 1, Height: 61}, "Table column line"},
	}
	if diff := cmp.Diff(want, got); !ok || diff != "" || !cmp.Equal(plan, got) {
		t.Errorf("ok %v; nodes (-want +got):\n%s\nplan %v", ok, diff, plan)
	}
}

// Cells with a bottom border only are a bar per row, as long as the row (no side beside it
// reaches past the cells' corners), and no outer edge (no part has a border on every side).
func TestRowLines(t *testing.T) {
	got, ok, plan := nodesOf(t, grid(2, 2, [4]string{}, [4]string{}, [4]string{"", "", "1px solid " + grey, ""}))
	want := []drawnNode{
		{boxtree.GridLine, "td", capturemodel.Box{X: 10, Y: 49.5, Width: 200, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 10, Y: 79.5, Width: 200, Height: 1}, "Table row line"},
	}
	if diff := cmp.Diff(want, got); !ok || diff != "" || !cmp.Equal(plan, got) {
		t.Errorf("ok %v; nodes (-want +got):\n%s\nplan %v", ok, diff, plan)
	}
}

// A table's own border, wider than its cells' of the same colour, lies on other bars than
// theirs and both are drawn: 6 bars and the outer edge (the table's border), more nodes than
// the table's and each cell's, so the plan draws a node per part.
func TestMoreBarsThanPartsIsANodePerPart(t *testing.T) {
	got, ok, plan := nodesOf(t, grid(1, 2, all("3px solid "+grey), [4]string{}, all("1px solid "+grey)))
	want := []drawnNode{
		{boxtree.CollapsedBorder, "table", capturemodel.Box{X: 10, Y: 20, Width: 200, Height: 30}, "Table border"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 19.5, Width: 201, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 49.5, Width: 201, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 19.5, Width: 1, Height: 31}, "Table column line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 109.5, Y: 19.5, Width: 1, Height: 31}, "Table column line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 209.5, Y: 19.5, Width: 1, Height: 31}, "Table column line"},
	}
	if diff := cmp.Diff(want, got); !ok || diff != "" {
		t.Errorf("merged: ok %v; nodes (-want +got):\n%s", ok, diff)
	}
	wantPlan := []drawnNode{
		{boxtree.CollapsedBorder, "table", capturemodel.Box{X: 10, Y: 20, Width: 200, Height: 30}, "Table border"},
		{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 30}, "Cell border"},
		{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 110, Y: 20, Width: 100, Height: 30}, "Cell border"},
	}
	if diff := cmp.Diff(wantPlan, plan); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
}

// Borders that are not one solid, opaque colour are drawn as before: a node per part, and a
// row's cells with the same bottom border and none beside it one node of the row.
func TestBordersThatAreNotBars(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells [4]string
		want  []drawnNode
	}{
		{"dashed", [4]string{"", "", "1px dashed " + grey, ""}, []drawnNode{
			{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 200, Height: 30}, "Cell row border"},
		}},
		{"translucent", all("1px solid rgba(0, 0, 0, 0.5)"), []drawnNode{
			{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 30}, "Cell border"},
			{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 110, Y: 20, Width: 100, Height: 30}, "Cell border"},
		}},
		{"two colours", [4]string{"1px solid " + blue, "", "1px solid " + grey, ""}, []drawnNode{
			{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 200, Height: 30}, "Cell row border"},
		}},
	} {
		_, _, plan := nodesOf(t, grid(1, 2, [4]string{}, [4]string{}, tc.cells))
		if diff := cmp.Diff(tc.want, plan); diff != "" {
			t.Errorf("%s: nodes (-want +got):\n%s", tc.name, diff)
		}
	}
}

// Rows whose top border is another colour than the cells' grid come first, as the page paints
// them under the cells'; where one colour's bars must be both under and over another's no order
// keeps the page's, and the table is drawn a node per part (and run) in the page's order.
func TestBordersOfTwoColoursKeepThePagesOrder(t *testing.T) {
	got, ok, plan := nodesOf(t, grid(2, 1, [4]string{}, [4]string{"1px solid " + blue, "", "", ""}, all("1px solid "+grey)))
	want := []drawnNode{
		{boxtree.GridLine, "tr", capturemodel.Box{X: 10, Y: 19.5, Width: 100, Height: 1}, "Table row line"},
		{boxtree.GridLine, "tr", capturemodel.Box{X: 10, Y: 49.5, Width: 100, Height: 1}, "Table row line"},
		{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 60}, "Table border"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 49.5, Width: 101, Height: 1}, "Table row line"},
	}
	if diff := cmp.Diff(want, got); !ok || diff != "" || !cmp.Equal(plan, got) {
		t.Errorf("rows under the cells: ok %v; nodes (-want +got):\n%s\nplan %v", ok, diff, plan)
	}

	for _, tc := range []struct {
		name         string
		table, cells [4]string
		cell         string
	}{
		// The table's top and the cells' merge into one grey bar painted both before and after
		// the blue row's top.
		{"one bar painted before and after", [4]string{"1px solid " + grey, "", "", ""}, [4]string{"1px solid " + grey, "", "", ""}, "Cell border"},
		// The table's 3 px top bar is under the row's top, the cells' bottoms over its bottom.
		{"one colour under and over another", [4]string{"3px solid " + grey, "", "", ""}, [4]string{"", "", "1px solid " + grey, ""}, "Cell border"},
	} {
		table := grid(1, 1, tc.table, [4]string{"1px solid " + blue, "", "1px solid " + blue, ""}, tc.cells)
		if _, ok, _ := nodesOf(t, table); ok {
			t.Errorf("%s: merged, want no order found", tc.name)
		}
		_, _, plan := nodesOf(t, table)
		want := []drawnNode{
			{boxtree.CollapsedBorder, "table", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 30}, "Table border"},
			{boxtree.CollapsedBorder, "tr", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 30}, "Row border"},
			{boxtree.CollapsedBorder, "td", capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 30}, tc.cell},
		}
		if diff := cmp.Diff(want, plan); diff != "" {
			t.Errorf("%s, a node per part: nodes (-want +got):\n%s", tc.name, diff)
		}
	}
}

// Bars of one colour across one line merge when they meet within adjacentPx along it and lie
// within adjacentPx across it; not past either.
func TestBarsMergeWithinAdjacentPx(t *testing.T) {
	h := func(x0, y0, x1, y1 float64, first int) bar {
		return bar{x0: x0, y0: y0, x1: x1, y1: y1, horizontal: true, first: first, last: first}
	}
	for _, tc := range []struct {
		name string
		a, b bar
		want int
	}{
		{"meeting", h(0, 0, 10, 1, 0), h(10, 0, 20, 1, 1), 1},
		{"apart by adjacentPx", h(0, 0, 10, 1, 0), h(10+adjacentPx, 0, 20, 1, 1), 1},
		{"apart past adjacentPx", h(0, 0, 10, 1, 0), h(10.02, 0, 20, 1, 1), 2},
		{"off the line by adjacentPx", h(0, 0, 10, 0.02, 0), h(10, 0.01, 20, 0.03, 1), 1},
		{"off the line past adjacentPx", h(0, 0, 10, 0.02, 0), h(10, 0.011, 20, 0.031, 1), 2},
		{"vertical", h(0, 0, 10, 1, 0), bar{x0: 10, y0: 0, x1: 11, y1: 1, first: 1, last: 1}, 2},
	} {
		got := mergeBars([]bar{tc.b, tc.a})
		if len(got) != tc.want {
			t.Errorf("%s: %d bars %+v, want %d", tc.name, len(got), got, tc.want)
			continue
		}
		if tc.want == 1 && (got[0].x0 != 0 || got[0].x1 != 20 || got[0].y0 != 0 || got[0].first != 0 || got[0].last != 1) {
			t.Errorf("%s: merged %+v, want from 0 to 20 at the first bar's place, of parts 0 to 1", tc.name, got[0])
		}
	}
}

// Bars overlap when they share more than adjacentPx on both axes.
func TestOverlapPastAdjacentPx(t *testing.T) {
	a := bar{x0: -10, y0: 0, x1: 0.02, y1: 1}
	for _, tc := range []struct {
		x0   float64
		want bool
	}{{0.01, false}, {0.009, true}, {0.02, false}} {
		if got := overlap(a, bar{x0: tc.x0, y0: 0, x1: 10, y1: 1}); got != tc.want {
			t.Errorf("bar from %v: overlap %v, want %v", tc.x0, got, tc.want)
		}
	}
}

// paintOrder compares at most maxBarPairs pairs of bars of different units: 1024 × 1024 is
// the bound, 17 × 61681 one past it.
func TestPaintOrderBound(t *testing.T) {
	unit := func(bars, from int) *borderUnit {
		u := &borderUnit{parts: []int{from}}
		for k := range bars {
			x := float64(10 * (from + k))
			u.bars = append(u.bars, bar{x0: x, y0: 0, x1: x + 1, y1: 1, first: from, last: from})
		}
		return u
	}
	for _, tc := range []struct {
		a, b, pairs int
		ok          bool
	}{{1024, 1024, maxBarPairs, true}, {17, 61681, maxBarPairs + 1, false}} {
		if tc.a*tc.b != tc.pairs {
			t.Fatalf("%d × %d bars are %d pairs, not %d", tc.a, tc.b, tc.a*tc.b, tc.pairs)
		}
		order, ok := paintOrder([]*borderUnit{unit(tc.a, 0), unit(tc.b, tc.a)})
		if ok != tc.ok || (ok && len(order) != 2) {
			t.Errorf("%d × %d bars: ok %v (%d units), want %v", tc.a, tc.b, ok, len(order), tc.ok)
		}
	}
}

// Units whose bars overlap in a cycle (A under B, B under C, C under A), no two of them both
// ways, have no order.
func TestPaintOrderCycle(t *testing.T) {
	b := func(x float64, part int) bar { return bar{x0: x, y0: 0, x1: x + 1, y1: 1, first: part, last: part} }
	a := &borderUnit{parts: []int{0, 5}, bars: []bar{b(0, 0), b(20, 5)}}
	bb := &borderUnit{parts: []int{1, 2}, bars: []bar{b(0, 1), b(10, 2)}}
	c := &borderUnit{parts: []int{3, 4}, bars: []bar{b(10, 3), b(20, 4)}}
	if order, ok := paintOrder([]*borderUnit{a, bb, c}); ok {
		t.Errorf("ordered %v, want no order", order)
	}
}

// A colour whose first part is painted first but overlaps another colour only with later
// parts comes after it: the rows' blue tops, then the grey of the table's bottom and the cells'.
func TestALaterColourFirst(t *testing.T) {
	_, ok, plan := nodesOf(t, grid(2, 1, [4]string{"", "", "1px solid " + grey, ""}, [4]string{"1px solid " + blue, "", "", ""}, [4]string{"", "", "1px solid " + grey, ""}))
	want := []drawnNode{
		{boxtree.GridLine, "tr", capturemodel.Box{X: 10, Y: 19.5, Width: 100, Height: 1}, "Table row line"},
		{boxtree.GridLine, "tr", capturemodel.Box{X: 10, Y: 49.5, Width: 100, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 10, Y: 49.5, Width: 100, Height: 1}, "Table row line"},
		{boxtree.GridLine, "table", capturemodel.Box{X: 10, Y: 79.5, Width: 100, Height: 1}, "Table row line"},
	}
	if diff := cmp.Diff(want, plan); !ok || diff != "" {
		t.Errorf("ok %v; nodes (-want +got):\n%s", ok, diff)
	}
}

// The grid's outer edge is one RECTANGLE only when its four bars are of the width of a part's
// border on every side: a row's wider bottom makes the bottom edge another bar.
func TestNoOuterEdgeOfOtherWidths(t *testing.T) {
	got, ok, _ := nodesOf(t, grid(1, 1, [4]string{}, [4]string{"", "", "3px solid " + grey, ""}, all("1px solid "+grey)))
	want := []drawnNode{
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 19.5, Width: 101, Height: 1}, "Table row line"},
		{boxtree.GridLine, "tr", capturemodel.Box{X: 10, Y: 48.5, Width: 100, Height: 3}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 49.5, Width: 101, Height: 1}, "Table row line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 9.5, Y: 19.5, Width: 1, Height: 31}, "Table column line"},
		{boxtree.GridLine, "td", capturemodel.Box{X: 109.5, Y: 19.5, Width: 1, Height: 31}, "Table column line"},
	}
	if diff := cmp.Diff(want, got); !ok || diff != "" {
		t.Errorf("ok %v; nodes (-want +got):\n%s", ok, diff)
	}
}

// The parts that draw a border, in paint order: rows before cells; a cell without a border, a
// nested table's cells and what is no table part are left out, and a cell without a border
// ends a run. Cells of a run are side by side, of one top and height within adjacentPx.
func TestBorderedParts(t *testing.T) {
	line := [4]string{"", "", "1px dashed " + grey, ""}
	cell := func(x, y, h float64, sides [4]string, kids ...*capturemodel.DOMNode) *capturemodel.DOMNode {
		return part("td", "table-cell", capturemodel.Box{X: x, Y: y, Width: 100, Height: h}, sides, kids...)
	}
	nested := part("table", "table", capturemodel.Box{X: 310, Width: 100, Height: 30}, [4]string{},
		part("tr", "table-row", capturemodel.Box{X: 310, Width: 100, Height: 30}, [4]string{}, cell(310, 0, 30, all("1px solid "+grey))))
	text := &capturemodel.DOMNode{Type: "text", Text: "x"}
	// From 410 on, tops and heights at and past adjacentPx apart (numbers whose differences
	// are exact in binary).
	row := part("tr", "table-row", capturemodel.Box{X: 10, Width: 800, Height: 30}, [4]string{"", "", "1px solid " + blue, ""},
		cell(10, 0, 30, line), text, cell(110, 0, 30, line), cell(210, 0, 30, [4]string{}), cell(310, 0, 30, line, nested),
		cell(410, adjacentPx, 30, line), cell(510, 0.021, 0.01, line), cell(610, 0.021, 0.02, line), cell(710, 0.021, 0.031, line))
	table := part("table", "table", capturemodel.Box{X: 10, Width: 800, Height: 30}, [4]string{}, row)
	tb := &builder{kids: NewChildren(&capturemodel.Document{})}
	var got []string
	for _, p := range tb.borderedParts(table) {
		got = append(got, fmt.Sprintf("%s %v %v", p.el.Tag, p.el.Box.X, p.joins))
	}
	want := []string{"tr 10 false", "td 10 false", "td 110 true", "td 310 false", "td 410 true", "td 510 false", "td 610 true", "td 710 false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parts (-want +got):\n%s", diff)
	}
}
