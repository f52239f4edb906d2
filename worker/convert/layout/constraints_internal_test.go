package layout

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestConstraintOn: a child reaching both edges of its frame (within constraintTolerance)
// stretches, one reaching the end edge alone is MAX, any other MIN; at and just past the
// tolerance.
func TestConstraintOn(t *testing.T) {
	t.Parallel()
	const past = constraintTolerance + 0.001
	for _, tc := range []struct {
		pos, size, outer float64
		want             string
	}{
		{0, 100, 100, ConstraintStretch},
		{constraintTolerance, 100, 100, ConstraintStretch},
		{-constraintTolerance, 100 + 2*constraintTolerance, 100, ConstraintStretch},
		{past, 100 - past, 100, ConstraintMax},
		{0, 100 - past, 100, ConstraintMin},
		{0, 100 - constraintTolerance, 100, ConstraintStretch},
		{92, 8, 100, ConstraintMax},
		{92, 8 - constraintTolerance, 100, ConstraintMax},
		{92, 8 - past, 100, ConstraintMin},
		{0, 8, 100, ConstraintMin},
		{40, 20, 100, ConstraintMin},
	} {
		if got := constraintOn(tc.pos, tc.size, tc.outer); got != tc.want {
			t.Errorf("constraintOn(%v, %v, %v) = %s, want %s", tc.pos, tc.size, tc.outer, got, tc.want)
		}
	}
}

// TestConstrain: only untransformed ABSOLUTE children of auto-layout frames get constraints,
// none where both axes are MIN, and a TEXT never stretches on an axis its textAutoResize sizes.
func TestConstrain(t *testing.T) {
	t.Parallel()
	child := func(name, typ, positioning, resize string, x, y, w, h float64) *resultjson.Node {
		n := &resultjson.Node{Type: typ, Name: name, X: x, Y: y, Width: w, Height: h, TextAutoResize: resize}
		n.LayoutPositioning = positioning
		return n
	}
	overlay := child("overlay", "FRAME", PositionAbsolute, "", 0, 0, 100, 40)
	corner := child("corner", "FRAME", PositionAbsolute, "", 92, 0, 8, 8)
	inside := child("inside", "FRAME", PositionAbsolute, "", 10, 10, 8, 8)
	flowing := child("flowing", "FRAME", "", "", 0, 0, 100, 40)
	label := child("label", "TEXT", PositionAbsolute, "WIDTH_AND_HEIGHT", 0, 0, 100, 40)
	lines := child("lines", "TEXT", PositionAbsolute, "HEIGHT", 0, 0, 100, 40)
	fixed := child("fixed", "TEXT", PositionAbsolute, "NONE", 0, 0, 100, 40)
	turned := child("turned", "FRAME", PositionAbsolute, "", 0, 0, 100, 40)
	turned.RelativeTransform = &resultjson.Transform{{0, 1, 0}, {-1, 0, 40}}
	row := &resultjson.Node{Type: "FRAME", Width: 100, Height: 40, Children: []*resultjson.Node{overlay, corner, inside, flowing, label, lines, fixed, turned}}
	row.LayoutMode = Horizontal
	plainOverlay := child("plain", "FRAME", "", "", 0, 0, 100, 40)
	plain := &resultjson.Node{Type: "FRAME", Width: 100, Height: 40, Children: []*resultjson.Node{plainOverlay}}
	constrain(&resultjson.Node{Type: "FRAME", Children: []*resultjson.Node{row, plain}})
	for _, tc := range []struct {
		n    *resultjson.Node
		want string
	}{
		{overlay, "STRETCH/STRETCH"}, {corner, "MAX/MIN"}, {inside, ""}, {flowing, ""},
		{label, ""}, {lines, "STRETCH/MIN"}, {fixed, "STRETCH/STRETCH"}, {turned, ""}, {plainOverlay, ""},
	} {
		got := ""
		if c := tc.n.Constraints; c != nil {
			got = c.Horizontal + "/" + c.Vertical
		}
		if got != tc.want {
			t.Errorf("%s: constraints %q, want %q", tc.n.Name, got, tc.want)
		}
	}
}

// TestFollow: a child moves with its frame's end edge (MAX) or changes size with it (STRETCH);
// MIN and no constraints keep it.
func TestFollow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c    *resultjson.Constraints
		want [4]float64
	}{
		{nil, [4]float64{10, 5, 20, 8}},
		{&resultjson.Constraints{Horizontal: ConstraintMin, Vertical: ConstraintMin}, [4]float64{10, 5, 20, 8}},
		{&resultjson.Constraints{Horizontal: ConstraintMax, Vertical: ConstraintStretch}, [4]float64{40, 5, 20, -2}},
		{&resultjson.Constraints{Horizontal: ConstraintStretch, Vertical: ConstraintMax}, [4]float64{10, -5, 50, 8}},
	} {
		n := &resultjson.Node{X: 10, Y: 5, Width: 20, Height: 8}
		n.Constraints = tc.c
		Follow(n, 30, -10)
		if got := [4]float64{n.X, n.Y, n.Width, n.Height}; got != tc.want {
			t.Errorf("%+v: box %v, want %v", tc.c, got, tc.want)
		}
	}
}
