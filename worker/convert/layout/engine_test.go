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

// gridChild is a child of a GRID test frame at row, column with spans and sizing.
func gridChild(w, h float64, row, col, rowSpan, colSpan int, sizingH, sizingV, alignH, alignV string) *resultjson.Node {
	n := child(w, h, sizingH, sizingV)
	n.GridRowAnchorIndex, n.GridColumnAnchorIndex = &row, &col
	n.GridRowSpan, n.GridColumnSpan = rowSpan, colSpan
	n.GridChildHorizontalAlign, n.GridChildVerticalAlign = alignH, alignV
	return n
}

// TestLayOutFollowsFigmasGridRules pins LayOut's grid rules with boxes worked out by hand: a
// 280 x 160 frame, padding 8, gaps 8 (rows) and 10 (columns); columns FIXED 80, FLEX 1, HUG;
// rows HUG, FIXED 60. The HUG column is the widest child placed in it alone (40), the FLEX
// column the rest (264 - 80 - 40 - 20 = 124); the HUG row the tallest child of its own (40;
// the spanning child does not count).
func TestLayOutFollowsFigmasGridRules(t *testing.T) {
	frame := layoutFrame(280, 160, resultjson.Structure{LayoutMode: layout.Grid,
		PaddingTop: f64(8), PaddingRight: f64(8), PaddingBottom: f64(8), PaddingLeft: f64(8),
		GridLayout: resultjson.GridLayout{GridRowCount: 2, GridColumnCount: 3, GridRowGap: f64(8), GridColumnGap: f64(10),
			GridRowSizes:    []resultjson.GridTrackSize{{Type: layout.TrackHug}, {Type: layout.TrackFixed, Value: f64(60)}},
			GridColumnSizes: []resultjson.GridTrackSize{{Type: layout.TrackFixed, Value: f64(80)}, {Type: layout.TrackFlex, Value: f64(1)}, {Type: layout.TrackHug}}}},
		[]*resultjson.Node{
			gridChild(1, 40, 0, 0, 1, 1, layout.SizingFill, layout.SizingFixed, "", ""),
			gridChild(1, 1, 0, 1, 1, 1, layout.SizingFill, layout.SizingFill, "", ""),
			gridChild(1, 1, 1, 0, 1, 2, layout.SizingFill, layout.SizingFill, "", ""),
			gridChild(40, 30, 0, 2, 1, 1, layout.SizingFixed, layout.SizingFixed, layout.AlignCenter, layout.AlignMax),
			gridChild(20, 20, 1, 2, 1, 1, layout.SizingFixed, layout.SizingFixed, layout.AlignMax, layout.AlignCenter),
		})
	want := []capturemodel.Box{
		{X: 8, Y: 8, Width: 80, Height: 40},
		{X: 98, Y: 8, Width: 124, Height: 40},
		{X: 8, Y: 56, Width: 214, Height: 60},
		{X: 232, Y: 18, Width: 40, Height: 30},
		{X: 252, Y: 76, Width: 20, Height: 20},
	}
	if diff := cmp.Diff(want, layout.LayOut(frame)); diff != "" {
		t.Errorf("LayOut (-want +got):\n%s", diff)
	}
	// Without room left, FLEX tracks get none; FLEX values share the room in proportion.
	frame.Width = 116 // inner 100: the FIXED column and the gaps take it all
	frame.GridColumnSizes[2] = resultjson.GridTrackSize{Type: layout.TrackFlex, Value: f64(3)}
	frame.Children = frame.Children[:3]
	if got := layout.LayOut(frame)[1]; got.Width != 0 {
		t.Errorf("FLEX column without room is %v wide, want 0", got.Width)
	}
	frame.Width = 296 // inner 280: 280 - 80 - 20 = 180 for FLEX 1 and 3
	if got := layout.LayOut(frame)[1]; got.X != 98 || got.Width != 45 {
		t.Errorf("FLEX 1 of 4 column at %v, %v wide, want 98, 45", got.X, got.Width)
	}
}

// TestHug pins the size Hug gives a hugging frame, worked out by hand.
func TestHug(t *testing.T) {
	abs := child(500, 500)
	abs.LayoutPositioning = layout.PositionAbsolute
	padded := func(mode, h, v string, kids ...*resultjson.Node) *resultjson.Node {
		n := layoutFrame(1, 1, resultjson.Structure{LayoutMode: mode, ItemSpacing: f64(8),
			PaddingTop: f64(4), PaddingRight: f64(16), PaddingBottom: f64(6), PaddingLeft: f64(12)}, kids)
		n.LayoutSizingHorizontal, n.LayoutSizingVertical = h, v
		return n
	}
	for _, tc := range []struct {
		name  string
		frame *resultjson.Node
		w, h  float64
	}{
		// 12 + 40 + 8 + 60 + 16 wide, 4 + 30 + 6 high; the ABSOLUTE child takes no room.
		{"RowHugsBothWays", padded(layout.Horizontal, layout.SizingHug, layout.SizingHug, child(40, 20), child(60, 30), abs), 136, 40},
		{"ColumnHugsBothWays", padded(layout.Vertical, layout.SizingHug, layout.SizingHug, child(40, 20), child(60, 30)), 88, 68},
		{"FixedAxisKeepsItsSize", padded(layout.Horizontal, layout.SizingHug, layout.SizingFixed, child(40, 20)), 68, 1},
		{"WrapKeepsItsSize", func() *resultjson.Node {
			n := padded(layout.Horizontal, layout.SizingHug, layout.SizingHug, child(40, 20))
			n.LayoutWrap = layout.Wrap
			return n
		}(), 1, 1},
		{"NoFlowingChildKeepsItsSize", padded(layout.Horizontal, layout.SizingHug, layout.SizingHug, abs), 1, 1},
	} {
		layout.Hug(tc.frame)
		if tc.frame.Width != tc.w || tc.frame.Height != tc.h {
			t.Errorf("%s: %v x %v, want %v x %v", tc.name, tc.frame.Width, tc.frame.Height, tc.w, tc.h)
		}
	}
}
