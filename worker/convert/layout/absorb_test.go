package layout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// marginItem is one item of flexWith: its border box in the container, its CSS (margins), and
// whether its frame paints (a white fill) or nothing (fills: []). Each item's frame holds one
// TEXT at its top left, 10 x 10.
type marginItem struct {
	x, y, w, h float64
	style      map[string]string
	painted    bool
}

// flexWith is a box tree of a root holding a flex container (frame 1:2, w x h, CSS style) with
// the items given, in order.
func flexWith(w, h float64, style map[string]string, items ...marginItem) (*boxtree.Node, *boxtree.Node) {
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	st := map[string]string{"display": "flex"}
	for k, v := range style {
		st[k] = v
	}
	c := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "box", Width: w, Height: h}, &capturemodel.DOMNode{Type: "element", Tag: "div", Style: st}, boxtree.Flow, 0)
	c.Kind = boxtree.Box
	for i, it := range items {
		ist := map[string]string{"display": "block"}
		for k, v := range it.style {
			ist[k] = v
		}
		d := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: ist}
		c.DOM = append(c.DOM, d)
		fills := []resultjson.Paint{}
		if it.painted {
			fills = append(fills, resultjson.Paint{Type: "SOLID", Color: &resultjson.RGB{R: 1, G: 1, B: 1}})
		}
		text := &resultjson.Node{Type: "TEXT", ID: fmt.Sprintf("3:%d", i), Width: 10, Height: 10, TextAutoResize: "WIDTH_AND_HEIGHT"}
		c.Add(&resultjson.Node{Type: "FRAME", ID: fmt.Sprintf("2:%d", i), Name: fmt.Sprintf("item %d", i), X: it.x, Y: it.y, Width: it.w, Height: it.h,
			Fills: &fills, Children: []*resultjson.Node{text}}, d, boxtree.Flow, 0).Item = d
	}
	c.Finish()
	root.Finish()
	return root, c
}

// box is a node's x, y, width and height.
func box(n *resultjson.Node) [4]float64 { return [4]float64{n.X, n.Y, n.Width, n.Height} }

// TestInferItemTakesInItsMargin: a centred row whose first item has 4 px of top and 12 px of
// bottom margin (a heading beside a toolbar): its frame, which paints nothing, grows over both
// (its box is the margin box, its text moved down by 4 px, so nothing moves on the page) and
// the row is CENTER without margins; its CSS min-height gets the margins too. The same item
// painted keeps the row absolute.
func TestInferItemTakesInItsMargin(t *testing.T) {
	centred := map[string]string{"align-items": "center"}
	heading := map[string]string{"margin-top": "4px", "margin-bottom": "12px", "min-height": "20px", "box-sizing": "border-box"}
	root, c := flexWith(100, 40, centred, marginItem{0, 6, 30, 20, heading, false}, marginItem{30, 10, 30, 20, nil, false})
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	F, h := c.Out, c.Out.Children[0]
	if F.LayoutMode != layout.Horizontal || F.CounterAxisAlignItems != layout.AlignCenter || *F.PaddingTop != 0 || *F.PaddingBottom != 0 {
		t.Errorf("frame %s counter %s padding %v %v, want HORIZONTAL CENTER 0 0", F.LayoutMode, F.CounterAxisAlignItems, *F.PaddingTop, *F.PaddingBottom)
	}
	if got, want := box(h), [4]float64{0, 2, 30, 36}; got != want {
		t.Errorf("heading frame %v, want %v (the margin box)", got, want)
	}
	if got, want := box(h.Children[0]), [4]float64{0, 4, 10, 10}; got != want {
		t.Errorf("heading text %v, want %v (on the page where it was)", got, want)
	}
	if got, want := box(F.Children[1]), [4]float64{30, 10, 30, 20}; got != want {
		t.Errorf("toolbar %v, want %v (no margins, not grown)", got, want)
	}
	if h.MinHeight == nil || *h.MinHeight != 36 {
		t.Errorf("heading minHeight %v, want 36 (20 px and the 16 px of margins)", h.MinHeight)
	}
	if worst, d := layout.Mismatch(F); d != 0 {
		t.Errorf("auto layout moves %s by %.2f", worst.ID, d)
	}

	root, c = flexWith(100, 40, centred, marginItem{0, 6, 30, 20, heading, true}, marginItem{30, 10, 30, 20, nil, false})
	d := layout.Infer(root)
	if len(d) != 1 || !strings.Contains(d[0].Message, "different margins across") || c.Out.LayoutMode != "" {
		t.Errorf("painted heading: diagnostics %+v, mode %q; want one about the margins across", d, c.Out.LayoutMode)
	}
	if got, want := box(c.Out.Children[0]), [4]float64{0, 6, 30, 20}; got != want || c.Out.Children[0].Children[0].Y != 0 {
		t.Errorf("painted heading %v, text y %v; want %v and 0", got, c.Out.Children[0].Children[0].Y, want)
	}
}

// TestInferSpacingTakenFromMargins: a column whose spacings differ (12 px, then 4 px) keeps the
// smallest as itemSpacing; the 8 px more between the first two items come out of the first's
// bottom margin where its frame paints nothing, else out of the second's top margin. An item
// that is itself a flex container keeps its box, and one whose frame has auto layout (a text
// frame) grows its padding with its box; a transformed child moves its translation too.
func TestInferSpacingTakenFromMargins(t *testing.T) {
	column := map[string]string{"flex-direction": "column"}
	items := func(firstPainted bool) []marginItem {
		return []marginItem{
			{0, 0, 50, 20, map[string]string{"margin-bottom": "4px"}, firstPainted},
			{0, 32, 50, 20, map[string]string{"margin-top": "8px", "margin-bottom": "4px"}, false},
			{0, 56, 50, 20, nil, false},
		}
	}
	root, c := flexWith(50, 76, column, items(true)...)
	second := c.Out.Children[1]
	second.LayoutMode, second.PaddingTop = layout.Vertical, new(float64)
	moved := resultjson.Transform{{0, -1, 10}, {1, 0, 0}}
	second.Children[0].RelativeTransform = &moved
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	F := c.Out
	if F.LayoutMode != layout.Vertical || *F.ItemSpacing != 4 {
		t.Errorf("frame %s spacing %v, want VERTICAL 4", F.LayoutMode, *F.ItemSpacing)
	}
	if got, want := box(second), [4]float64{0, 24, 50, 28}; got != want {
		t.Errorf("second item %v, want %v (grown over its 8 px top margin)", got, want)
	}
	if second.Children[0].Y != 8 || *second.PaddingTop != 8 || (*second.Children[0].RelativeTransform)[1][2] != 8 {
		t.Errorf("second item's text y %v, padding top %v, translation %v; want 8, 8, 8", second.Children[0].Y, *second.PaddingTop, (*second.Children[0].RelativeTransform)[1][2])
	}
	if got, want := box(F.Children[0]), [4]float64{0, 0, 50, 20}; got != want {
		t.Errorf("painted first item %v, want %v", got, want)
	}

	// The first item paints nothing: it takes the 8 px (of its 4, so 4) first.
	root, c = flexWith(50, 76, column, items(false)...)
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	if a, b := box(c.Out.Children[0]), box(c.Out.Children[1]); a != [4]float64{0, 0, 50, 24} || b != [4]float64{0, 28, 50, 24} {
		t.Errorf("items %v and %v, want the first grown by 4 at the bottom, the second by 4 at the top", a, b)
	}

	// The second item is a flex container: it keeps its box, and the column its absolute
	// positions.
	root, c = flexWith(50, 76, column, items(true)...)
	c.DOM[1].Style["display"] = "flex"
	d := layout.Infer(root)
	if len(d) != 1 || !strings.Contains(d[0].Message, "the space between its items differs") || box(c.Out.Children[1]) != [4]float64{0, 32, 50, 20} {
		t.Errorf("container item: diagnostics %+v, box %v; want one about the spacing and the box kept", d, box(c.Out.Children[1]))
	}
}

// TestInferLinesTakenFromMargins: a wrapping row of a full-width heading with 20 px of bottom
// margin over two lines of two items without margins (lines 20 px, then 0 px apart): the
// heading grows over its margin and the lines are 0 px apart.
func TestInferLinesTakenFromMargins(t *testing.T) {
	wrap := map[string]string{"flex-wrap": "wrap"}
	root, c := flexWith(100, 92, wrap,
		marginItem{0, 0, 100, 32, map[string]string{"margin-bottom": "20px"}, false},
		marginItem{0, 52, 40, 20, nil, false}, marginItem{40, 52, 60, 20, nil, false},
		marginItem{0, 72, 40, 20, nil, false}, marginItem{40, 72, 60, 20, nil, false})
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	F := c.Out
	if F.LayoutWrap != layout.Wrap || *F.CounterAxisSpacing != 0 || *F.PaddingBottom != 0 {
		t.Errorf("frame wrap %q, line spacing %v, padding bottom %v; want WRAP 0 0", F.LayoutWrap, *F.CounterAxisSpacing, *F.PaddingBottom)
	}
	if got, want := box(F.Children[0]), [4]float64{0, 0, 100, 52}; got != want {
		t.Errorf("heading %v, want %v", got, want)
	}
	if worst, d := layout.Mismatch(F); d != 0 {
		t.Errorf("auto layout moves %s by %.2f", worst.ID, d)
	}
}

// TestInferMarginsAtTheFarSide: in a row whose items are aligned at the top (stretch, MIN), the
// items' bottom margins move nothing, so only their top margins must agree: two painted items
// of 10 px and 0 px bottom margin keep their boxes, the padding takes the smallest (0), and the
// one that spans it stretches (FILL). A transparent item with a 5 px top margin beside one
// without grows over it (a vertical poem's title beside its columns). Aligned at the bottom
// (MAX), the top margins are the free ones.
func TestInferMarginsAtTheFarSide(t *testing.T) {
	root, c := flexWith(60, 40, nil,
		marginItem{0, 0, 30, 30, map[string]string{"margin-bottom": "10px"}, true},
		marginItem{30, 0, 30, 40, nil, true})
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("stretch: diagnostics %+v, want none", d)
	}
	F := c.Out
	if F.CounterAxisAlignItems != layout.AlignMin || *F.PaddingBottom != 0 || F.Children[0].LayoutSizingVertical != layout.SizingFixed || F.Children[1].LayoutSizingVertical != layout.SizingFill {
		t.Errorf("stretch: counter %s, padding bottom %v, sizing %s %s; want MIN 0 FIXED FILL", F.CounterAxisAlignItems, *F.PaddingBottom, F.Children[0].LayoutSizingVertical, F.Children[1].LayoutSizingVertical)
	}
	if box(F.Children[0]) != [4]float64{0, 0, 30, 30} || box(F.Children[1]) != [4]float64{30, 0, 30, 40} {
		t.Errorf("stretch: items %v %v moved or grew", box(F.Children[0]), box(F.Children[1]))
	}

	root, c = flexWith(60, 40, nil,
		marginItem{0, 5, 30, 30, map[string]string{"margin-top": "5px", "margin-bottom": "5px"}, false},
		marginItem{30, 0, 30, 30, map[string]string{"margin-bottom": "10px"}, true})
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("title beside columns: diagnostics %+v, want none", d)
	}
	F = c.Out
	if box(F.Children[0]) != [4]float64{0, 0, 30, 35} || *F.PaddingTop != 0 || *F.PaddingBottom != 5 || F.Children[0].LayoutSizingVertical != layout.SizingFill {
		t.Errorf("title beside columns: title %v (%s), padding %v %v; want [0 0 30 35] FILL, 0 and 5", box(F.Children[0]), F.Children[0].LayoutSizingVertical, *F.PaddingTop, *F.PaddingBottom)
	}

	root, c = flexWith(60, 40, map[string]string{"align-items": "flex-end"},
		marginItem{0, 10, 30, 30, map[string]string{"margin-top": "10px"}, true},
		marginItem{30, 0, 30, 40, nil, true})
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("flex-end: diagnostics %+v, want none", d)
	}
	if F = c.Out; F.CounterAxisAlignItems != layout.AlignMax || *F.PaddingTop != 0 {
		t.Errorf("flex-end: counter %s, padding top %v; want MAX 0", F.CounterAxisAlignItems, *F.PaddingTop)
	}
}

// TestInferGrowthUndone: when auto layout would still move an item (a toolbar 7 px off centre),
// the frame keeps absolute positions and the grown heading gets its box and its text's place
// back.
func TestInferGrowthUndone(t *testing.T) {
	root, c := flexWith(100, 40, map[string]string{"align-items": "center"},
		marginItem{0, 6, 30, 20, map[string]string{"margin-bottom": "8px"}, false}, marginItem{30, 3, 30, 20, nil, false})
	d := layout.Infer(root)
	if len(d) != 1 || !strings.Contains(d[0].Message, "auto layout would move or resize item 1 by 7.0 px") || c.Out.LayoutMode != "" {
		t.Fatalf("diagnostics %+v, mode %q; want one about item 1 moving 7 px", d, c.Out.LayoutMode)
	}
	if h := c.Out.Children[0]; box(h) != [4]float64{0, 6, 30, 20} || h.Children[0].Y != 0 || h.LayoutSizingVertical != "" {
		t.Errorf("heading %v, text y %v, sizing %q; want [0 6 30 20], 0 and none", box(h), h.Children[0].Y, h.LayoutSizingVertical)
	}
}

// TestInferGridGrowsLast: a grid of one row whose first item is 10 px short of its cell by a
// bottom margin is a GRID frame (the item at the top of its cell), not a row; one whose item
// sits 2 px down by a top margin, neither at the start, centre nor end of its cell, is a row in
// which the item's frame grows over that margin.
func TestInferGridGrowsLast(t *testing.T) {
	grid := map[string]string{"display": "grid", "grid-template-columns": "30px 30px", "grid-template-rows": "40px"}
	for _, c := range []struct {
		y      float64
		margin map[string]string
		mode   string
		box    [4]float64
	}{
		{0, map[string]string{"margin-bottom": "10px"}, layout.Grid, [4]float64{0, 0, 30, 30}},
		{2, map[string]string{"margin-top": "2px"}, layout.Horizontal, [4]float64{0, 0, 30, 32}},
	} {
		root, cn := flexWith(60, 40, grid, marginItem{0, c.y, 30, 30, c.margin, false}, marginItem{30, 0, 30, 40, nil, false})
		cn.El.GridTracks = &capturemodel.GridTracks{Columns: "30px 30px", Rows: "40px"}
		if d := layout.Infer(root); len(d) != 0 {
			t.Fatalf("item at y %v: diagnostics %+v, want none", c.y, d)
		}
		if cn.Out.LayoutMode != c.mode || box(cn.Out.Children[0]) != c.box {
			t.Errorf("item at y %v: mode %s, item %v; want %s and %v", c.y, cn.Out.LayoutMode, box(cn.Out.Children[0]), c.mode, c.box)
		}
	}
}
