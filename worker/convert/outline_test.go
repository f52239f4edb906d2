package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestOutlinesAreDrawn converts the capture of capturetest's outlines page. An outline at
// offset 0 on a box without a border is the stroke of the box's own node, OUTSIDE; an offset
// one, or one beside a border, is a RECTANGLE named "<layer> (outline)" right above the box, of
// the outline's outer edge (the box grown by offset + width), no fill, the outline as an INSIDE
// stroke (so its inner edge lies offset px from the box), corners grown with it, dashes as a
// border's. The focus ring (auto) and double are drawn solid with a CSS_OUTLINE warning on the
// node that carries them; none draws nothing; a box that draws nothing else keeps its node for
// its outline; the ring of a flex item is no item (the row keeps its auto layout, the ring is
// ABSOLUTE); a ::after's offset outline is a ring around its box; an outlined link in a
// paragraph is a stroked box of its line fragment.
func TestOutlinesAreDrawn(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "outlines").convert(t)
	root := out.Result.Root
	type stroke struct {
		color        resultjson.RGB
		weight       float64
		align        string
		dash         []float64
		cornerRadius float64 // 0: none
	}
	check := func(name string, p placed, want stroke) {
		t.Helper()
		n := p.node
		if len(n.Strokes) != 1 || n.Strokes[0].Color == nil || *n.Strokes[0].Color != want.color {
			t.Errorf("%s: strokes %s, want one of %+v", name, mustJSON(t, n.Strokes), want.color)
		}
		if n.StrokeWeight == nil || *n.StrokeWeight != want.weight || n.StrokeAlign != want.align {
			t.Errorf("%s: stroke weight %v align %q, want %v %s", name, n.StrokeWeight, n.StrokeAlign, want.weight, want.align)
		}
		if mustJSON(t, n.DashPattern) != mustJSON(t, want.dash) {
			t.Errorf("%s: dashPattern %v, want %v", name, n.DashPattern, want.dash)
		}
		if got := deref(n.CornerRadius); got != want.cornerRadius {
			t.Errorf("%s: cornerRadius %v, want %v", name, got, want.cornerRadius)
		}
	}
	// ring checks the ring of the box named name: a RECTANGLE without fills around the box,
	// grown by grow px, painted right above it.
	ring := func(name string, grow float64, want stroke) {
		t.Helper()
		box, r := nodeNamed(t, root, name), nodeNamed(t, root, name+" (outline)")
		if r.node.Type != "RECTANGLE" || r.node.Fills == nil || len(*r.node.Fills) != 0 {
			t.Errorf("%s: ring is a %s with fills %v, want a RECTANGLE without fills", name, r.node.Type, r.node.Fills)
		}
		if r.x != box.x-grow || r.y != box.y-grow || r.w != box.w+2*grow || r.h != box.h+2*grow {
			t.Errorf("%s: ring at %v,%v %vx%v, want the box %v,%v %vx%v grown by %v", name, r.x, r.y, r.w, r.h, box.x, box.y, box.w, box.h, grow)
		}
		check(name+" (outline)", r, want)
		if len(box.node.Strokes) > 0 && box.node.StrokeAlign != "INSIDE" {
			t.Errorf("%s: the box's own stroke is %s, want only its border (INSIDE)", name, box.node.StrokeAlign)
		}
		if parent := parentOf(root, r.node); parent == nil || indexIn(parent, r.node) != indexIn(parent, box.node)+1 {
			t.Errorf("%s: the ring is not painted right above its box", name)
		}
	}
	rgb := func(r, g, b int) resultjson.RGB {
		c := func(v int) float64 { return float64(int(float64(v)/255*10000+0.5)) / 10000 }
		return resultjson.RGB{R: c(r), G: c(g), B: c(b)}
	}

	check("Solid", nodeNamed(t, root, "Solid"), stroke{rgb(225, 29, 72), 2, "OUTSIDE", nil, 0})
	ring("Offset", 4+3, stroke{rgb(37, 99, 235), 3, "INSIDE", []float64{9, 9}, 8 + 4 + 3})
	ring("Bordered", 0+2, stroke{rgb(22, 163, 74), 2, "INSIDE", []float64{2, 2}, 0})
	ring("Inset", -6+2, stroke{rgb(147, 51, 234), 2, "INSIDE", nil, 0})
	ring("Focus", 2+2, stroke{rgb(0, 95, 204), 2, "INSIDE", nil, 0})
	check("Double", nodeNamed(t, root, "Double"), stroke{rgb(17, 24, 39), 4, "OUTSIDE", nil, 0})
	check("Bare", nodeNamed(t, root, "Bare"), stroke{rgb(0, 0, 0), 1, "OUTSIDE", nil, 0})
	if n := nodeNamed(t, root, "None").node; len(n.Strokes) > 0 {
		t.Errorf("None: strokes %s, want none (outline: none)", mustJSON(t, n.Strokes))
	}
	if n := nodeNamed(t, root, "Bare").node; n.Type != "FRAME" || len(*n.Fills) != 0 {
		t.Errorf("Bare is a %s with fills %v, want a FRAME without fills for its outline", n.Type, n.Fills)
	}

	for name, want := range map[string]string{
		"Focus (outline)": "CSS_OUTLINE: the focus ring of div#focus (outline-style auto) is drawn as a solid 2 px outline in its outline-color",
		"Double":          "CSS_OUTLINE: the double outline of div#double is drawn solid",
	} {
		if ws := warningsOn(out.Result.Warnings, nodeNamed(t, root, name).node.ID); len(ws) != 1 || ws[0] != want {
			t.Errorf("%s: warnings %q, want %q", name, ws, want)
		}
	}
	for _, w := range out.Result.Warnings {
		if w.Code == "CSS_OUTLINE" && !strings.Contains(w.Message, "#focus") && !strings.Contains(w.Message, "#double") {
			t.Errorf("unexpected outline warning: %s", w.Message)
		}
	}

	items := nodeNamed(t, root, "Items").node
	if items.LayoutMode != "HORIZONTAL" {
		t.Errorf("the row keeps no auto layout (layoutMode %q); diagnostics %v", items.LayoutMode, out.Result.Diagnostics)
	}
	ring("Chosen", 2+2, stroke{rgb(245, 158, 11), 2, "INSIDE", nil, 0})
	if r := nodeNamed(t, root, "Chosen (outline)").node; r.LayoutPositioning != "ABSOLUTE" {
		t.Errorf("the item's ring has layoutPositioning %q, want ABSOLUTE", r.LayoutPositioning)
	}

	ring("::after", 2+2, stroke{rgb(14, 165, 233), 2, "INSIDE", nil, 0}) // #tag::after

	link := nodeNamed(t, root, "Link")
	check("Link", link, stroke{rgb(220, 38, 38), 1, "OUTSIDE", nil, 0})
	if link.node.Type != "RECTANGLE" || link.w < 40 || link.h < 10 {
		t.Errorf("the link's outline box is a %s of %vx%v, want the RECTANGLE of its line fragment", link.node.Type, link.w, link.h)
	}
}

// parentOf returns the node whose children hold n.
func parentOf(root, n *resultjson.Node) *resultjson.Node {
	var found *resultjson.Node
	walkNodes(root, nil, func(c, parent *resultjson.Node) {
		if c == n {
			found = parent
		}
	})
	return found
}

// indexIn is the place of n among parent's children (paint order), -1 when not there.
func indexIn(parent, n *resultjson.Node) int {
	for i, c := range parent.Children {
		if c == n {
			return i
		}
	}
	return -1
}
