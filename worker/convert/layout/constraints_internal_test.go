package layout

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
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

// TestConstrain: the ABSOLUTE children of an auto-layout frame by where they sit in it (none for
// its flowing children); in a frame without auto layout, positioned elements and background
// layers by where they sit, and blocks and paragraphs in the flow STRETCH across where they fill
// their container's content box less their margins (through an element between them and the
// frame too), CENTER where capped at their max-width and centred, else none (inline boxes and
// images too); a ring as the node it rings; never a transformed child, nor STRETCH on an axis a
// TEXT's textAutoResize sizes.
func TestConstrain(t *testing.T) {
	t.Parallel()
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"display": "block"}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1", Width: 800, Height: 600}, El: html, Kind: boxtree.Box}
	element := func(parent *capturemodel.DOMNode, style ...string) *capturemodel.DOMNode {
		el := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{"display": "block"}}
		for i := 0; i+1 < len(style); i += 2 {
			el.Style[style[i]] = style[i+1]
		}
		parent.Children = append(parent.Children, el)
		return el
	}
	add := func(to *boxtree.Node, el *capturemodel.DOMNode, name, typ, positioning, resize string, x, y, w, h float64) *resultjson.Node {
		n := &resultjson.Node{Type: typ, Name: name, X: x, Y: y, Width: w, Height: h, TextAutoResize: resize}
		n.LayoutPositioning = positioning
		to.Add(n, el, boxtree.Flow, 0).Kind = boxtree.Box
		return n
	}
	// An auto-layout row 100 x 40.
	rowEl := element(html)
	row := root.Add(&resultjson.Node{Type: "FRAME", Name: "row", Width: 100, Height: 40}, rowEl, boxtree.Flow, 0)
	row.Kind, row.Out.LayoutMode = boxtree.Box, Horizontal
	overlay := add(row, element(rowEl), "overlay", "FRAME", PositionAbsolute, "", 0, 0, 100, 40)
	corner := add(row, element(rowEl), "corner", "FRAME", PositionAbsolute, "", 92, 0, 8, 8)
	inside := add(row, element(rowEl), "inside", "FRAME", PositionAbsolute, "", 10, 10, 8, 8)
	flowing := add(row, element(rowEl), "flowing", "FRAME", "", "", 0, 0, 100, 40)
	label := add(row, element(rowEl), "label", "TEXT", PositionAbsolute, "WIDTH_AND_HEIGHT", 0, 0, 100, 40)
	lines := add(row, element(rowEl), "lines", "TEXT", PositionAbsolute, "HEIGHT", 0, 0, 100, 40)
	fixed := add(row, element(rowEl), "fixed", "TEXT", PositionAbsolute, "NONE", 0, 0, 100, 40)
	turned := add(row, element(rowEl), "turned", "FRAME", PositionAbsolute, "", 0, 0, 100, 40)
	turned.RelativeTransform = &resultjson.Transform{{0, 1, 0}, {-1, 0, 40}}
	// A frame without auto layout, 400 wide, padded 16 px inside a 1 px border (17 px).
	boxEl := element(html, "padding-left", "16px", "padding-right", "16px", "border-left-width", "1px", "border-right-width", "1px")
	box := root.Add(&resultjson.Node{Type: "FRAME", Name: "box", Width: 400, Height: 300}, boxEl, boxtree.Flow, 0)
	box.Kind = boxtree.Box
	blockEl := element(boxEl)
	block := add(box, blockEl, "block", "FRAME", "", "", 17, 0, 366, 40)
	blockAtEdge := add(box, element(boxEl), "block at the edge", "FRAME", "", "", 17, 40, 366+constraintTolerance, 40)
	blockPast := add(box, element(boxEl), "block past the edge", "FRAME", "", "", 17, 80, 366+2*constraintTolerance, 40)
	margined := add(box, element(boxEl, "margin-left", "8px", "margin-right", "4px"), "margined", "FRAME", "", "", 25, 120, 354, 40)
	narrow := add(box, element(boxEl), "narrow", "FRAME", "", "", 17, 160, 100, 40)
	paragraph := add(box, boxEl, "paragraph", "TEXT", "", "HEIGHT", 17, 200, 366, 24)
	word := add(box, boxEl, "word", "TEXT", "", "WIDTH_AND_HEIGHT", 17, 224, 366, 24)
	// An element between (a body with an 8 px margin that is no frame).
	body := element(boxEl, "margin-left", "8px", "margin-right", "8px")
	nested := add(box, element(body), "nested", "FRAME", "", "", 25, 248, 350, 20)
	badge := add(box, element(boxEl, "position", "absolute"), "badge", "FRAME", "", "", 380, 0, 20, 20)
	// A container capped at its max-width (600 px in a wider frame would be, here 300) and
	// centred by its auto margins (33 px each), and one capped at the left.
	cappedEl := element(boxEl, "max-width", "300px", "margin-left", "33px", "margin-right", "33px")
	cappedEl.Box.Width = 300
	centred := add(box, cappedEl, "centred", "FRAME", "", "", 50, 268, 300, 10)
	leftEl := element(boxEl, "max-width", "300px", "margin-right", "66px")
	leftEl.Box.Width = 300
	leftCapped := add(box, leftEl, "left capped", "FRAME", "", "", 17, 278, 300, 10)
	// An inline box and an image that fill the content box keep their own width.
	inline := add(box, element(boxEl, "display", "inline-block"), "inline", "FRAME", "", "", 17, 288, 366, 4)
	img := &resultjson.Node{Type: "RECTANGLE", Name: "img", X: 17, Y: 292, Width: 366, Height: 4}
	box.Add(img, element(boxEl), boxtree.Flow, 0).Kind = boxtree.Image
	// The ring of the block's outline follows the block.
	ring := &resultjson.Node{Type: "RECTANGLE", Name: "ring", X: 15, Y: -2, Width: 370, Height: 44}
	box.Add(ring, blockEl, boxtree.Flow, 0).Kind = boxtree.Outline
	bg := &resultjson.Node{Type: "RECTANGLE", Name: "background", Width: 400, Height: 300}
	box.Kids = append(box.Kids, &boxtree.Node{Out: bg, Kind: boxtree.BackgroundLayer, Group: boxtree.Negative})
	constrain(root, domParents(root))
	for _, tc := range []struct {
		n    *resultjson.Node
		want string
	}{
		{overlay, "STRETCH/STRETCH"}, {corner, "MAX/MIN"}, {inside, ""}, {flowing, ""},
		{label, ""}, {lines, "STRETCH/MIN"}, {fixed, "STRETCH/STRETCH"}, {turned, ""},
		{block, "STRETCH/MIN"}, {blockAtEdge, "STRETCH/MIN"}, {blockPast, ""}, {margined, "STRETCH/MIN"}, {narrow, ""},
		{paragraph, "STRETCH/MIN"}, {word, ""}, {nested, "STRETCH/MIN"}, {badge, "MAX/MIN"}, {bg, "STRETCH/STRETCH"},
		{centred, "CENTER/MIN"}, {leftCapped, ""}, {inline, ""}, {img, ""}, {ring, "STRETCH/MIN"},
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

// TestFollow: a child moves with its frame's end edge (MAX), half as far (CENTER), or changes
// size with it (STRETCH); MIN and no constraints keep it.
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
		{&resultjson.Constraints{Horizontal: ConstraintCenter, Vertical: ConstraintCenter}, [4]float64{25, 0, 20, 8}},
	} {
		n := &resultjson.Node{X: 10, Y: 5, Width: 20, Height: 8}
		n.Constraints = tc.c
		Follow(n, 30, -10)
		if got := [4]float64{n.X, n.Y, n.Width, n.Height}; got != tc.want {
			t.Errorf("%+v: box %v, want %v", tc.c, got, tc.want)
		}
	}
}
