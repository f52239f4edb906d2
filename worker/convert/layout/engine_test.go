package layout_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

func f64(v float64) *float64 { return &v }

// layoutFrame is a frame of w x h with auto-layout members s and children.
func layoutFrame(w, h float64, s resultjson.Structure, children []*resultjson.Node) *resultjson.Node {
	n := &resultjson.Node{Type: "FRAME", Width: w, Height: h, Children: children}
	n.Structure = s
	return n
}

// child is a 0,0-placed child of a layout test frame.
func child(w, h float64, sizing ...string) *resultjson.Node {
	n := &resultjson.Node{Type: "FRAME", Width: w, Height: h}
	if len(sizing) == 2 {
		n.LayoutSizingHorizontal, n.LayoutSizingVertical = sizing[0], sizing[1]
	}
	return n
}

// TestLayOutFollowsFigmasRules pins LayOut's rules with boxes worked out by hand.
func TestLayOutFollowsFigmasRules(t *testing.T) {
	pad := func(n *resultjson.Node, top, right, bottom, left float64) *resultjson.Node {
		n.PaddingTop, n.PaddingRight, n.PaddingBottom, n.PaddingLeft = f64(top), f64(right), f64(bottom), f64(left)
		return n
	}
	abs := child(10, 10)
	abs.X, abs.Y, abs.LayoutPositioning = 5, 7, layout.PositionAbsolute
	for _, tc := range []struct {
		name  string
		frame *resultjson.Node
		want  []capturemodel.Box
	}{
		{"RowSpaceBetweenCentred", pad(layoutFrame(800, 65, resultjson.Structure{LayoutMode: layout.Horizontal,
			PrimaryAxisAlignItems: layout.AlignBetween, CounterAxisAlignItems: layout.AlignCenter, ItemSpacing: f64(99)}, []*resultjson.Node{child(54, 24), child(202, 24), child(86, 40)}), 12, 24, 13, 24),
			[]capturemodel.Box{{X: 24, Y: 20, Width: 54, Height: 24}, {X: 283, Y: 20, Width: 202, Height: 24}, {X: 690, Y: 12, Width: 86, Height: 40}}},
		{"ColumnCentredBothWays", pad(layoutFrame(800, 400, resultjson.Structure{LayoutMode: layout.Vertical,
			PrimaryAxisAlignItems: layout.AlignCenter, CounterAxisAlignItems: layout.AlignCenter, ItemSpacing: f64(16)}, []*resultjson.Node{child(100, 48), child(200, 24)}), 0, 48, 0, 48),
			[]capturemodel.Box{{X: 350, Y: 156, Width: 100, Height: 48}, {X: 300, Y: 220, Width: 200, Height: 24}}},
		{"FillSharesTheRoomAndStretches", pad(layoutFrame(300, 50, resultjson.Structure{LayoutMode: layout.Horizontal,
			PrimaryAxisAlignItems: layout.AlignMin, CounterAxisAlignItems: layout.AlignMax, ItemSpacing: f64(10)}, []*resultjson.Node{child(50, 20), child(1, 1, layout.SizingFill, layout.SizingFill), child(1, 30, layout.SizingFill, layout.SizingFixed), abs}), 5, 10, 5, 10),
			[]capturemodel.Box{{X: 10, Y: 25, Width: 50, Height: 20}, {X: 70, Y: 5, Width: 105, Height: 40}, {X: 185, Y: 15, Width: 105, Height: 30}, {X: 5, Y: 7, Width: 10, Height: 10}}},
		{"MaxAlignment", layoutFrame(100, 100, resultjson.Structure{LayoutMode: layout.Vertical,
			PrimaryAxisAlignItems: layout.AlignMax, CounterAxisAlignItems: layout.AlignMax, ItemSpacing: f64(5)}, []*resultjson.Node{child(10, 10), child(20, 20)}),
			[]capturemodel.Box{{X: 90, Y: 65, Width: 10, Height: 10}, {X: 80, Y: 80, Width: 20, Height: 20}}},
		{"WrapFillsRowsGreedily", layoutFrame(752, 184, resultjson.Structure{LayoutMode: layout.Horizontal, LayoutWrap: layout.Wrap,
			PrimaryAxisAlignItems: layout.AlignMin, CounterAxisAlignItems: layout.AlignMin, ItemSpacing: f64(24), CounterAxisSpacing: f64(16)}, []*resultjson.Node{child(228, 84), child(228, 84), child(228, 84), child(228, 60), child(228, 84)}),
			[]capturemodel.Box{{X: 0, Y: 0, Width: 228, Height: 84}, {X: 252, Y: 0, Width: 228, Height: 84}, {X: 504, Y: 0, Width: 228, Height: 84},
				{X: 0, Y: 100, Width: 228, Height: 60}, {X: 252, Y: 100, Width: 228, Height: 84}}},
		{"SpaceBetweenOneChildStartsAtTheStart", layoutFrame(100, 10, resultjson.Structure{LayoutMode: layout.Horizontal,
			PrimaryAxisAlignItems: layout.AlignBetween, CounterAxisAlignItems: layout.AlignMin}, []*resultjson.Node{child(10, 10)}),
			[]capturemodel.Box{{X: 0, Y: 0, Width: 10, Height: 10}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, layout.LayOut(tc.frame)); diff != "" {
				t.Errorf("LayOut (-want +got):\n%s", diff)
			}
		})
	}
}
