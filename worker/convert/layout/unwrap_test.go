package layout_test

import (
	"fmt"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// wrapped is a box tree of a root holding a row 1:2 (HORIZONTAL, hugging, no padding, when
// flows; else without auto layout) whose one child is the wrapper 1:3 of element a, 100 x 24 px
// at (10, 0), holding the TEXT 1:4 at 0, 0 of the wrapper's size (WIDTH_AND_HEIGHT).
type wrapped struct {
	root              *boxtree.Node
	row, wrapper, txt *resultjson.Node
	a                 *capturemodel.DOMNode
}

func newWrapped(flows bool) *wrapped {
	block := map[string]string{"display": "block"}
	a := &capturemodel.DOMNode{Type: "element", Tag: "a", Style: block}
	nav := &capturemodel.DOMNode{Type: "element", Tag: "nav", Style: block, Children: []*capturemodel.DOMNode{a}}
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: block, Children: []*capturemodel.DOMNode{nav}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1", Width: 800, Height: 600, Fills: &[]resultjson.Paint{}}, El: html, Kind: boxtree.Box}
	row := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "nav", Width: 120, Height: 24, Fills: &[]resultjson.Paint{}}, nav, boxtree.Flow, 0)
	row.Kind = boxtree.Box
	wrapper := row.Add(&resultjson.Node{Type: "FRAME", ID: "1:3", Name: "Logo", X: 10, Width: 100, Height: 24, Fills: &[]resultjson.Paint{}}, a, boxtree.Flow, 0)
	wrapper.Kind = boxtree.Box
	txt := &resultjson.Node{Type: "TEXT", ID: "1:4", Name: "Acme", Width: 100, Height: 24, Characters: "Acme", TextAutoResize: "WIDTH_AND_HEIGHT"}
	wrapper.Add(txt, a, boxtree.Flow, 0).Text = &boxtree.Text{Style: a}
	wrapper.Finish()
	row.Finish()
	root.Finish()
	w := &wrapped{root: root, row: row.Out, wrapper: wrapper.Out, txt: txt, a: a}
	if flows {
		r := w.row
		r.LayoutMode, r.PrimaryAxisAlignItems, r.CounterAxisAlignItems = layout.Horizontal, layout.AlignMin, layout.AlignMin
		zero := 0.0
		r.PaddingLeft, r.PaddingRight, r.PaddingTop, r.PaddingBottom, r.ItemSpacing = f64(10), &zero, &zero, &zero, &zero
		r.LayoutSizingHorizontal, r.LayoutSizingVertical = layout.SizingHug, layout.SizingHug
		w.wrapper.LayoutSizingHorizontal, w.wrapper.LayoutSizingVertical = layout.SizingHug, layout.SizingHug
	}
	return w
}

// TestUnwrapReplacesAWrapperByItsText: a frame that paints nothing around a TEXT of its box is
// replaced by the TEXT, in its place; in an auto-layout row the TEXT takes the frame's sizing
// (HUG where it grows).
func TestUnwrapReplacesAWrapperByItsText(t *testing.T) {
	for _, flows := range []bool{false, true} {
		t.Run(fmt.Sprint("auto layout ", flows), func(t *testing.T) {
			w := newWrapped(flows)
			if n := layout.Unwrap(w.root, nil); n != 1 {
				t.Fatalf("removed %d, want 1", n)
			}
			if len(w.row.Children) != 1 || w.row.Children[0] != w.txt {
				t.Fatalf("row children %v, want the TEXT", w.row.Children)
			}
			if w.txt.X != 10 || w.txt.Y != 0 || w.txt.Width != 100 || w.txt.Height != 24 {
				t.Errorf("text box %v,%v %vx%v, want the wrapper's 10,0 100x24", w.txt.X, w.txt.Y, w.txt.Width, w.txt.Height)
			}
			want := ""
			if flows {
				want = layout.SizingHug
			}
			if w.txt.LayoutSizingHorizontal != want || w.txt.LayoutSizingVertical != want {
				t.Errorf("text sizing %q %q, want %q", w.txt.LayoutSizingHorizontal, w.txt.LayoutSizingVertical, want)
			}
		})
	}
}

// TestUnwrapReplacesAWrapperByItsLayer: a frame that paints nothing around another layer of its
// box (a grid cell's div around its card) is replaced by it, in its place; in an auto-layout row
// the layer takes the frame's sizing, FIXED where the frame hugged, and an anonymous layer the
// frame's name.
func TestUnwrapReplacesAWrapperByItsLayer(t *testing.T) {
	for _, typ := range []string{"FRAME", "RECTANGLE", "SVG"} {
		for _, flows := range []bool{false, true} {
			t.Run(fmt.Sprint(typ, " auto layout ", flows), func(t *testing.T) {
				w := newWrapped(flows)
				name := naming.Anonymous
				if typ == "SVG" {
					name = naming.Background // an SVG background layer
				}
				w.txt.Type, w.txt.Name, w.txt.Characters, w.txt.TextAutoResize = typ, name, "", ""
				if n := layout.Unwrap(w.root, nil); n != 1 {
					t.Fatalf("removed %d, want 1", n)
				}
				if len(w.row.Children) != 1 || w.row.Children[0] != w.txt || w.txt.X != 10 || w.txt.Name != "Logo" {
					t.Fatalf("row children %v (%q at %v), want the layer named Logo at 10", w.row.Children, w.txt.Name, w.txt.X)
				}
				want := ""
				if flows {
					want = layout.SizingFixed
				}
				if w.txt.LayoutSizingHorizontal != want || w.txt.LayoutSizingVertical != want {
					t.Errorf("sizing %q %q, want %q", w.txt.LayoutSizingHorizontal, w.txt.LayoutSizingVertical, want)
				}
			})
		}
	}
}

// TestUnwrapKeeps: what makes the frame more than a wrapper keeps it, its TEXT untouched.
func TestUnwrapKeeps(t *testing.T) {
	for _, tc := range []struct {
		name       string
		flows      bool
		change     func(w *wrapped)
		referenced map[string]bool
		removed    int
	}{
		{"text off by unwrapEpsilon", false, func(w *wrapped) { w.txt.Width = 99.99 }, nil, 1},
		{"text off past unwrapEpsilon", false, func(w *wrapped) { w.txt.Width = 99.98 }, nil, 0},
		{"text moved", false, func(w *wrapped) { w.txt.X = 0.02 }, nil, 0},
		{"a fill", false, func(w *wrapped) { w.wrapper.Fills = &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{}}} }, nil, 0},
		{"fills left out (white in Figma)", false, func(w *wrapped) { w.wrapper.Fills = nil }, nil, 0},
		{"a stroke", false, func(w *wrapped) { w.wrapper.Strokes = []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{}}} }, nil, 0},
		{"opacity", false, func(w *wrapped) { w.wrapper.Opacity = f64(0.5) }, nil, 0},
		{"a clip", false, func(w *wrapped) { clip := true; w.wrapper.ClipsContent = &clip }, nil, 0},
		{"a padding", false, func(w *wrapped) {
			w.wrapper.LayoutMode, w.wrapper.PaddingTop = layout.Horizontal, f64(4)
		}, nil, 0},
		{"a component use", false, func(w *wrapped) { w.wrapper.ComponentID = "C:1" }, nil, 0},
		{"around a component use", false, func(w *wrapped) { w.txt.ComponentID = "C:1" }, nil, 0},
		{"a flex container", false, func(w *wrapped) { w.a.Style["display"] = "flex" }, nil, 0},
		{"named by a warning", false, func(*wrapped) {}, map[string]bool{"1:3": true}, 0},
		{"FILL around a growing text", true, func(w *wrapped) { w.wrapper.LayoutSizingHorizontal = layout.SizingFill }, nil, 0},
		{"FILL around a text of fixed width", true, func(w *wrapped) {
			w.row.Width, w.row.LayoutSizingHorizontal = 110, layout.SizingFixed
			w.wrapper.LayoutSizingHorizontal, w.txt.TextAutoResize = layout.SizingFill, "HEIGHT"
		}, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWrapped(tc.flows)
			tc.change(w)
			was := *w.txt
			if n := layout.Unwrap(w.root, tc.referenced); n != tc.removed {
				t.Fatalf("removed %d, want %d", n, tc.removed)
			}
			if tc.removed == 0 && (w.row.Children[0] != w.wrapper || w.txt.X != was.X || w.txt.LayoutSizingHorizontal != was.LayoutSizingHorizontal) {
				t.Errorf("the wrapper or its text changed: row holds %s, text at %v %q", w.row.Children[0].ID, w.txt.X, w.txt.LayoutSizingHorizontal)
			}
		})
	}
}

// TestUnwrapPutsBackWhatAutoLayoutWouldMove: a TEXT that would not sit where its wrapper did
// under its row's auto layout (the row centres across, the wrapper sat at the top of a taller
// row) leaves the wrapper in place.
func TestUnwrapPutsBackWhatAutoLayoutWouldMove(t *testing.T) {
	w := newWrapped(true)
	w.row.Height, w.row.LayoutSizingVertical, w.row.CounterAxisAlignItems = 40, layout.SizingFixed, layout.AlignCenter
	w.wrapper.Y, w.wrapper.Height, w.wrapper.LayoutSizingVertical = 0, 40, layout.SizingFixed
	w.txt.Height = 40
	w.txt.TextAutoResize = "HEIGHT"
	if _, d := layout.Mismatch(w.row); d > layout.Tolerance {
		t.Fatalf("the row does not lay out as built (%.2f px)", d)
	}
	// In the wrapper's place the text keeps the wrapper's FIXED 40 px, which auto layout keeps.
	if n := layout.Unwrap(w.root, nil); n != 1 || w.txt.LayoutSizingVertical != layout.SizingFixed {
		t.Fatalf("removed %d, sizing %q; want 1, FIXED", n, w.txt.LayoutSizingVertical)
	}
	// A wrapper 10 px down a 40 px row that centres across sits 2 px below where auto layout
	// puts its 24 px text (8 px down): it stays.
	w = newWrapped(true)
	w.row.Height, w.row.LayoutSizingVertical, w.row.CounterAxisAlignItems = 40, layout.SizingFixed, layout.AlignCenter
	w.wrapper.Y = 10
	if n := layout.Unwrap(w.root, nil); n != 0 || w.row.Children[0] != w.wrapper {
		t.Fatalf("removed %d, want the wrapper kept (auto layout would move its text 2 px)", n)
	}
}

// TestUnwrapKeepsConstraintsATextCanTake: an ABSOLUTE wrapper's constraints pass to its TEXT but
// for a STRETCH on an axis the TEXT's textAutoResize sizes (MIN there; none when both are MIN).
func TestUnwrapKeepsConstraintsATextCanTake(t *testing.T) {
	for _, tc := range []struct {
		resize, want string
	}{{"WIDTH_AND_HEIGHT", ""}, {"HEIGHT", "STRETCH/MIN"}, {"NONE", "STRETCH/STRETCH"}} {
		w := newWrapped(true)
		w.wrapper.LayoutPositioning = layout.PositionAbsolute
		w.wrapper.Constraints = &resultjson.Constraints{Horizontal: layout.ConstraintStretch, Vertical: layout.ConstraintStretch}
		w.txt.TextAutoResize = tc.resize
		if n := layout.Unwrap(w.root, nil); n != 1 {
			t.Fatalf("%s: removed %d, want 1", tc.resize, n)
		}
		got := ""
		if c := w.txt.Constraints; c != nil {
			got = c.Horizontal + "/" + c.Vertical
		}
		if got != tc.want || w.txt.LayoutPositioning != layout.PositionAbsolute {
			t.Errorf("%s: text constraints %q positioning %q, want %q ABSOLUTE", tc.resize, got, w.txt.LayoutPositioning, tc.want)
		}
	}
}
