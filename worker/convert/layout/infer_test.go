package layout_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// row is a box tree of a root holding a flex row container (frame 1:2, 100 x 20) whose DOM
// children are two divs drawn as frames side by side, plus extra DOM children that drew nothing.
func row(extra ...*capturemodel.DOMNode) (*boxtree.Node, *boxtree.Node) {
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	el := &capturemodel.DOMNode{Type: "element", Tag: "nav", Style: map[string]string{"display": "flex"}}
	c := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "nav", Width: 100, Height: 20}, el, boxtree.Flow, 0)
	c.Kind = boxtree.Box
	// An SVG background layer of the frame itself is no item: it stays where it is.
	bg := &boxtree.Node{Out: &resultjson.Node{Type: "SVG", ID: "1:3", Width: 100, Height: 20}, Group: boxtree.Negative}
	c.Kids = append(c.Kids, bg)
	for i := 0; i < 2; i++ {
		d := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{"display": "block"}}
		c.DOM = append(c.DOM, d)
		c.Add(&resultjson.Node{Type: "FRAME", X: float64(50 * i), Width: 50, Height: 20}, d, boxtree.Flow, 0).Item = d
	}
	c.DOM = append(c.DOM, extra...)
	c.Finish()
	root.Finish()
	return root, c
}

// TestInferSetsAutoLayoutOnARow: the row becomes a HORIZONTAL frame whose items stretch across
// it, hugging its content along the row; the background layer is placed absolutely.
func TestInferSetsAutoLayoutOnARow(t *testing.T) {
	root, c := row()
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	F := c.Out
	if F.LayoutMode != layout.Horizontal || F.LayoutSizingHorizontal != layout.SizingHug || F.LayoutSizingVertical != layout.SizingFixed {
		t.Errorf("frame %s %s %s, want HORIZONTAL HUG FIXED", F.LayoutMode, F.LayoutSizingHorizontal, F.LayoutSizingVertical)
	}
	if F.Children[0].LayoutPositioning != layout.PositionAbsolute || F.Children[1].LayoutSizingVertical != layout.SizingFill {
		t.Errorf("background %q, item sizing %q; want ABSOLUTE and FILL", F.Children[0].LayoutPositioning, F.Children[1].LayoutSizingVertical)
	}
	if worst, d := layout.Mismatch(F); d > layout.Tolerance {
		t.Errorf("auto layout moves %s by %.2f", worst.ID, d)
	}
}

// TestInferSaysWhyNot: an item that drew nothing leaves the frame absolute, with a diagnostic
// naming the frame; a whitespace text child is no item.
func TestInferSaysWhyNot(t *testing.T) {
	root, c := row(&capturemodel.DOMNode{Type: "text", Text: " "}, &capturemodel.DOMNode{Type: "element", Tag: "span"})
	d := layout.Infer(root)
	if len(d) != 1 || d[0].NodeID != "1:2" || d[0].Code != resultjson.DiagAutoLayoutSkipped || !strings.Contains(d[0].Message, "has no layer") {
		t.Fatalf("diagnostics %+v, want one about the span's missing layer", d)
	}
	if c.Out.LayoutMode != "" || c.Out.Children[1].LayoutSizingVertical != "" {
		t.Errorf("frame left with layout mode %q, item sizing %q", c.Out.LayoutMode, c.Out.Children[1].LayoutSizingVertical)
	}
}

// TestInferRefusesNegativePadding: items whose negative outer margins reach past the
// container's padding (Bulma's and Bootstrap's rows do this) leave the frame absolute, with a
// diagnostic, rather than a negative padding the result format refuses.
func TestInferRefusesNegativePadding(t *testing.T) {
	root, c := row()
	c.DOM[0].Style["margin-left"] = "-12px"
	d := layout.Infer(root)
	if len(d) != 1 || d[0].NodeID != "1:2" || !strings.Contains(d[0].Message, "negative margins") {
		t.Fatalf("diagnostics %+v, want one about the negative margins", d)
	}
	if c.Out.LayoutMode != "" || c.Out.PaddingLeft != nil {
		t.Errorf("frame left with layout mode %q, padding left %v", c.Out.LayoutMode, c.Out.PaddingLeft)
	}
	// At zero the padding is kept.
	root, c = row()
	c.DOM[0].Style["margin-left"] = "0px"
	if d := layout.Infer(root); len(d) != 0 || c.Out.LayoutMode != layout.Horizontal {
		t.Errorf("zero margin: diagnostics %+v, layout mode %q; want none and HORIZONTAL", d, c.Out.LayoutMode)
	}
}

// TestContainer: flex and grid containers, inline or not; grid containers alone.
func TestContainer(t *testing.T) {
	for display, want := range map[string]bool{"flex": true, "inline-flex": true, "grid": true, "inline-grid": true, "block": false, "contents": false} {
		if got := layout.Container(&capturemodel.DOMNode{Type: "element", Style: map[string]string{"display": display}}); got != want {
			t.Errorf("display %s: %v, want %v", display, got, want)
		}
	}
	for display, want := range map[string]bool{"grid": true, "inline-grid": true, "flex": false, "inline-flex": false, "block": false} {
		if got := layout.GridContainer(&capturemodel.DOMNode{Type: "element", Style: map[string]string{"display": display}}); got != want {
			t.Errorf("GridContainer of display %s: %v, want %v", display, got, want)
		}
	}
}

// rowOf is a box tree of a root holding a flex row container (frame 1:2, width x 20, CSS style
// style) with n div items of 20 x 20 at the x positions at(i), in paint order as given.
func rowOf(width float64, style map[string]string, n int, at func(i int) float64) (*boxtree.Node, *boxtree.Node) {
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	st := map[string]string{"display": "flex"}
	for k, v := range style {
		st[k] = v
	}
	el := &capturemodel.DOMNode{Type: "element", Tag: "nav", Style: st}
	c := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "nav", Width: width, Height: 20}, el, boxtree.Flow, 0)
	c.Kind = boxtree.Box
	for i := 0; i < n; i++ {
		d := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{"display": "block"}}
		c.DOM = append(c.DOM, d)
		c.Add(&resultjson.Node{Type: "FRAME", ID: fmt.Sprintf("2:%d", i), Name: fmt.Sprintf("item %d", i), X: at(i), Width: 20, Height: 20}, d, boxtree.Flow, 0).Item = d
	}
	c.Finish()
	root.Finish()
	return root, c
}

// ids lists the ids of nodes.
func ids(nodes []*resultjson.Node) string {
	var out []string
	for _, n := range nodes {
		out = append(out, n.ID)
	}
	return strings.Join(out, " ")
}

// TestInferEmptyContainer: a flex container whose children are all placed absolutely gets its
// CSS's auto layout, the children ABSOLUTE, fixed on both axes.
func TestInferEmptyContainer(t *testing.T) {
	root, c := rowOf(100, map[string]string{"padding-left": "4px", "column-gap": "6px", "justify-content": "center"}, 2, func(i int) float64 { return float64(30 * i) })
	for _, d := range c.DOM {
		d.Style["position"] = "absolute"
	}
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	F := c.Out
	if F.LayoutMode != layout.Horizontal || F.LayoutSizingHorizontal != layout.SizingFixed || F.LayoutSizingVertical != layout.SizingFixed ||
		*F.PaddingLeft != 4 || *F.ItemSpacing != 6 || F.PrimaryAxisAlignItems != layout.AlignCenter {
		t.Errorf("frame %s %s/%s padding-left %v spacing %v primary %s; want HORIZONTAL FIXED/FIXED 4 6 CENTER",
			F.LayoutMode, F.LayoutSizingHorizontal, F.LayoutSizingVertical, *F.PaddingLeft, *F.ItemSpacing, F.PrimaryAxisAlignItems)
	}
	for _, ch := range F.Children {
		if ch.LayoutPositioning != layout.PositionAbsolute || ch.X != map[string]float64{"2:0": 0, "2:1": 30}[ch.ID] {
			t.Errorf("child %s: positioning %q at x %v, want ABSOLUTE where it was", ch.ID, ch.LayoutPositioning, ch.X)
		}
	}
}

// TestInferReordersPaintOrder: items painted in another order than laid out (a positioned item
// after a static one) take the layout order when the layers that change places do not draw over
// each other; when they do, or when a shadow reaches the other, the frame keeps the paint order
// and absolute positions, unless the layout order is the paint order reversed: then the frame
// paints its first layer on top (itemReverseZIndex).
func TestInferReordersPaintOrder(t *testing.T) {
	swap := func(c *boxtree.Node) { c.Out.Children[0], c.Out.Children[1] = c.Out.Children[1], c.Out.Children[0] }
	root, c := rowOf(60, nil, 3, func(i int) float64 { return float64(20 * i) })
	swap(c)
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("touching items: diagnostics %+v, want none", d)
	}
	if got := ids(c.Out.Children); got != "2:0 2:1 2:2" || c.Out.LayoutMode != layout.Horizontal || c.Out.ItemReverseZIndex {
		t.Errorf("touching items: layers %s, mode %q, reverse %v; want 2:0 2:1 2:2 HORIZONTAL false", got, c.Out.LayoutMode, c.Out.ItemReverseZIndex)
	}
	for name, tc := range map[string]struct {
		at     func(i int) float64
		effect []resultjson.Effect
	}{
		"Overlapping":      {func(i int) float64 { return float64(19 * i) }, nil},
		"ShadowReachesOne": {func(i int) float64 { return float64(22 * i) }, []resultjson.Effect{{Type: "DROP_SHADOW", Radius: 2, Offset: &resultjson.Vector{X: 1}, Visible: true}}},
	} {
		root, c := rowOf(64, nil, 3, tc.at)
		c.Out.Children[0].Effects = tc.effect
		swap(c)
		d := layout.Infer(root)
		if len(d) != 1 || !strings.HasSuffix(d[0].Message, `(z-index), and "item 1" and "item 0" draw over each other`) {
			t.Fatalf("%s: diagnostics %+v, want one saying the items draw over each other", name, d)
		}
		if got := ids(c.Out.Children); got != "2:1 2:0 2:2" || c.Out.LayoutMode != "" {
			t.Errorf("%s: layers %s, mode %q; want the paint order 2:1 2:0 2:2 and no auto layout", name, got, c.Out.LayoutMode)
		}
	}
	// Two items overlapping by 1 px (a negative margin), painted in the reverse order.
	root, c = rowOf(39, nil, 2, func(i int) float64 { return float64(19 * i) })
	c.DOM[1].Style["margin-left"] = "-1px"
	swap(c)
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("reversed: diagnostics %+v, want none", d)
	}
	if got := ids(c.Out.Children); got != "2:0 2:1" || !c.Out.ItemReverseZIndex || *c.Out.ItemSpacing != -1 {
		t.Errorf("reversed: layers %s, reverse %v, spacing %v; want 2:0 2:1 true -1", got, c.Out.ItemReverseZIndex, *c.Out.ItemSpacing)
	}
}

// TestInferRightToLeftRow: a row in direction rtl is laid out from its last item, its start at
// the right (justify-content normal is MAX); a wrapping one has no equivalent.
func TestInferRightToLeftRow(t *testing.T) {
	root, c := rowOf(100, map[string]string{"direction": "rtl"}, 3, func(i int) float64 { return float64(80 - 20*i) })
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none", d)
	}
	if got := ids(c.Out.Children); got != "2:2 2:1 2:0" || c.Out.PrimaryAxisAlignItems != layout.AlignMax {
		t.Errorf("layers %s, primary %s; want 2:2 2:1 2:0 MAX", got, c.Out.PrimaryAxisAlignItems)
	}
	if worst, d := layout.Mismatch(c.Out); d > layout.Tolerance {
		t.Errorf("auto layout moves %s by %.2f", worst.ID, d)
	}
	// A wrapping one whose items are on one line is that row, without WRAP.
	root, c = rowOf(100, map[string]string{"direction": "rtl", "flex-wrap": "wrap"}, 3, func(i int) float64 { return float64(80 - 20*i) })
	if d := layout.Infer(root); len(d) != 0 || c.Out.LayoutMode != layout.Horizontal || c.Out.LayoutWrap != "" {
		t.Errorf("wrapping on one line: diagnostics %+v, mode %q wrap %q; want HORIZONTAL without WRAP", d, c.Out.LayoutMode, c.Out.LayoutWrap)
	}
	// On two lines it has no equivalent.
	root, c = rowOf(40, map[string]string{"direction": "rtl", "flex-wrap": "wrap"}, 3, func(i int) float64 { return float64(20 - 20*(i%2)) })
	c.Out.Height = 40
	c.Out.Children[2].Y = 20
	if d := layout.Infer(root); len(d) != 1 || !strings.Contains(d[0].Message, "right to left has no auto-layout equivalent over several lines") || c.Out.LayoutMode != "" {
		t.Errorf("wrapping on two lines: diagnostics %+v, mode %q; want one about wrapping right to left", d, c.Out.LayoutMode)
	}
}

// TestInferCentredItemsOfDifferentMargins: items whose cross margins differ but which all sit
// centred across the row (auto margins) make a CENTER row; one off centre leaves it absolute.
func TestInferCentredItemsOfDifferentMargins(t *testing.T) {
	for _, offCentre := range []float64{0, 1} {
		root, c := rowOf(40, nil, 2, func(i int) float64 { return float64(20 * i) })
		F := c.Out
		F.Height = 40
		F.Children[0].Y, F.Children[1].Y, F.Children[1].Height = 10, 15+offCentre, 10
		c.DOM[0].Style["margin-top"], c.DOM[0].Style["margin-bottom"] = "10px", "10px"
		c.DOM[1].Style["margin-top"], c.DOM[1].Style["margin-bottom"] = "15px", "15px"
		d := layout.Infer(root)
		if offCentre == 0 && (len(d) != 0 || F.CounterAxisAlignItems != layout.AlignCenter || *F.PaddingTop != 0 || F.Children[0].LayoutSizingVertical != layout.SizingFixed) {
			t.Errorf("centred: diagnostics %+v, counter %q, padding top %v, sizing %q; want CENTER, 0, FIXED", d, F.CounterAxisAlignItems, F.PaddingTop, F.Children[0].LayoutSizingVertical)
		}
		if offCentre != 0 && (len(d) != 1 || !strings.Contains(d[0].Message, "different margins across") || F.LayoutMode != "") {
			t.Errorf("1 px off centre: diagnostics %+v, mode %q; want one about the margins", d, F.LayoutMode)
		}
	}
}

// TestInferReorderLimit: the layers of a frame of MaxReorderedLayers children are put in layout
// order; one more keeps the paint order and absolute positions, unless the paint order is the
// layout order reversed (itemReverseZIndex needs no check).
func TestInferReorderLimit(t *testing.T) {
	root, c := rowOf(float64(20*(layout.MaxReorderedLayers+1)), nil, layout.MaxReorderedLayers+1, func(i int) float64 { return float64(20 * i) })
	slices.Reverse(c.Out.Children)
	if d := layout.Infer(root); len(d) != 0 || c.Out.Children[0].ID != "2:0" || !c.Out.ItemReverseZIndex {
		t.Errorf("reversed past the limit: diagnostics %d, first layer %s, reverse %v; want none, 2:0, true", len(d), c.Out.Children[0].ID, c.Out.ItemReverseZIndex)
	}
	for _, n := range []int{layout.MaxReorderedLayers, layout.MaxReorderedLayers + 1} {
		root, c := rowOf(float64(20*n), nil, n, func(i int) float64 { return float64(20 * i) })
		c.Out.Children[0], c.Out.Children[1] = c.Out.Children[1], c.Out.Children[0]
		d := layout.Infer(root)
		reordered := c.Out.Children[0].ID == "2:0"
		if reordered != (n <= layout.MaxReorderedLayers) || (len(d) == 0) != reordered {
			t.Errorf("%d children: first layer %s, diagnostics %d", n, c.Out.Children[0].ID, len(d))
		}
		if !reordered && (len(d) != 1 || !strings.HasSuffix(d[0].Message, "it has more than 500 layers to put in that order")) {
			t.Errorf("%d children: diagnostics %+v, want one naming the limit", n, d)
		}
	}
}
