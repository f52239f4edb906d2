package text

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestOneSpacing: the gaps between a list's items are one listSpacing when they differ by at
// most listSpacingTolerance and none is past MaxListSpacing or below -listSpacingTolerance;
// items that touch (a spacing within the tolerance) have none.
func TestOneSpacing(t *testing.T) {
	const tol = listSpacingTolerance
	for _, c := range []struct {
		name    string
		gaps    []float64
		spacing float64
		ok      bool
	}{
		{"Touching", []float64{0, 0}, 0, true},
		{"TouchingAtTolerance", []float64{tol, tol}, 0, true},
		{"Spaced", []float64{8, 8}, 8, true},
		{"DifferAtTolerance", []float64{8, 8 + tol}, 8, true},
		{"DifferPastTolerance", []float64{8, 8 + 2*tol}, 0, false},
		{"OverlapAtTolerance", []float64{-tol, -tol}, 0, true},
		{"OverlapPastTolerance", []float64{-2 * tol}, 0, false},
		{"AtMaxListSpacing", []float64{MaxListSpacing}, MaxListSpacing, true},
		{"PastMaxListSpacing", []float64{MaxListSpacing + 0.5}, 0, false},
		{"OneItem", nil, 0, true},
	} {
		if spacing, ok := oneSpacing(c.gaps); spacing != c.spacing || ok != c.ok {
			t.Errorf("%s: oneSpacing(%v) = %v, %v; want %v, %v", c.name, c.gaps, spacing, ok, c.spacing, c.ok)
		}
	}
}

// TestUnlistFlowing: a list TEXT in an auto-layout parent loses its ListText (its items and
// markers draw it); one in a parent without auto layout keeps it.
func TestUnlistFlowing(t *testing.T) {
	list := func() *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", ID: "t", ListText: &resultjson.ListText{Characters: "a\nb", Replaces: []string{"m"}}}
	}
	flowing := &resultjson.Node{Type: "FRAME", ID: "f", Structure: resultjson.Structure{LayoutMode: "VERTICAL"}, Children: []*resultjson.Node{list()}}
	still := &resultjson.Node{Type: "FRAME", ID: "s", Structure: resultjson.Structure{LayoutMode: "NONE"}, Children: []*resultjson.Node{list()}}
	root := &resultjson.Node{Type: "FRAME", ID: "r", Children: []*resultjson.Node{flowing, still, list()}}
	UnlistFlowing(root)
	if flowing.Children[0].ListText != nil || still.Children[0].ListText == nil || root.Children[2].ListText == nil {
		t.Errorf("listText kept: in a VERTICAL frame %v, in a NONE frame %v, in a frame without layoutMode %v; want false, true, true",
			flowing.Children[0].ListText != nil, still.Children[0].ListText != nil, root.Children[2].ListText != nil)
	}
}
