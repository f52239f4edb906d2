package layout_test

import (
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
