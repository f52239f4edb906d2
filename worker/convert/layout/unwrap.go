package layout

import (
	"math"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// unwrapEpsilon is how far, in px, a TEXT's box may be from its wrapper's and still fill it
// (the result's boxes are rounded to 1/100 px).
const unwrapEpsilon = 0.01

// Unwrap replaces each wrapper frame under root by the one layer it holds (docs/conversion.md
// "Wrappers"): a FRAME that paints nothing (empty fills, no strokes, effects, opacity, blend
// mode, clip, transform, styles or size limits), holds one untransformed layer, no component's
// use, that fills it exactly (at 0, 0, its size within unwrapEpsilon) and, with auto layout, no
// padding: a logo link around its name, a span around a line, a grid cell's div around its
// card. The layer takes the frame's place and how it sits in its parent (positioning; sizing as
// the frame's: a TEXT FIXED for a HUG frame on an axis the text does not grow on, a FILL frame
// around a text that grows kept; another layer FIXED for a HUG frame), and the frame's name
// when its own is the anonymous Box. Left alone: the root, the frames
// of flex and grid containers (the gate finds them by their box), component uses and their
// layers (an instance keeps its main's tree), and frames whose ids are in referenced
// (warnings and diagnostics name them). A parent with auto layout must still place every
// child within Tolerance, else the frame is put back. It returns how many frames it removed.
func Unwrap(root *boxtree.Node, referenced map[string]bool) int {
	keep := map[*resultjson.Node]bool{root.Out: true}
	root.Walk(func(b *boxtree.Node) {
		if b.El != nil && Container(b.El) {
			keep[b.Out] = true
		}
	})
	removed := 0
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		if n.ComponentID != "" {
			return
		}
		for i, f := range n.Children {
			walk(f)
			if keep[f] || referenced[f.ID] || !wrapper(f) {
				continue
			}
			t := f.Children[0]
			was := *t
			if !takePlace(t, f, n.LayoutMode != "") {
				*t = was
				continue
			}
			n.Children[i] = t
			if n.LayoutMode != "" {
				if _, d := Mismatch(n); d > Tolerance {
					*t = was
					n.Children[i] = f
					continue
				}
			}
			removed++
		}
	}
	walk(root.Out)
	return removed
}

// wrapper says whether f is a frame Unwrap may replace by its one layer.
func wrapper(f *resultjson.Node) bool {
	if f.Type != "FRAME" || len(f.Children) != 1 || f.ComponentID != "" || f.RelativeTransform != nil {
		return false
	}
	if f.Fills == nil || len(*f.Fills) != 0 || len(f.Strokes) != 0 || len(f.Effects) != 0 || f.Opacity != nil && *f.Opacity != 1 ||
		f.BlendMode != "" && f.BlendMode != "PASS_THROUGH" && f.BlendMode != "NORMAL" || f.ClipsContent != nil && *f.ClipsContent {
		return false
	}
	if f.FillStyleID != "" || f.StrokeStyleID != "" || f.EffectStyleID != "" || f.MinWidth != nil || f.MaxWidth != nil ||
		f.MinHeight != nil || f.MaxHeight != nil || f.ScrollBehavior != "" {
		return false
	}
	if f.LayoutMode != "" && (f.LayoutMode == Grid || val(f.PaddingLeft)+val(f.PaddingRight)+val(f.PaddingTop)+val(f.PaddingBottom) != 0) {
		return false
	}
	t := f.Children[0]
	within := func(d float64) bool { return math.Abs(d) <= unwrapEpsilon+1e-9 } // 1e-9: float sums of 1/100 px
	return t.ComponentID == "" && t.RelativeTransform == nil && t.LayoutPositioning != PositionAbsolute &&
		within(t.X) && within(t.Y) && within(t.Width-f.Width) && within(t.Height-f.Height)
}

// takePlace gives layer t the place of its wrapper f: f's position and, in a parent with auto
// layout (flows), how f sits in it; false when a TEXT t cannot size as f did (f FILL on an axis
// on which t grows).
func takePlace(t, f *resultjson.Node, flows bool) bool {
	t.X, t.Y = f.X, f.Y
	t.LayoutPositioning, t.Constraints, t.GridChild = f.LayoutPositioning, nil, f.GridChild
	if f.Constraints != nil {
		t.Constraints = constraintsOf(t, f.Constraints.Horizontal, f.Constraints.Vertical)
	}
	t.LayoutSizingHorizontal, t.LayoutSizingVertical = "", ""
	if t.Type != "TEXT" && (t.Name == naming.Anonymous || t.Name == naming.Background) && f.Name != naming.Anonymous {
		t.Name = f.Name // the wrapper's name says more
	}
	if !flows {
		return true
	}
	if t.Type != "TEXT" {
		// A layer of the wrapper's size: the wrapper's sizing, FIXED where it hugged (the
		// layer's own content need not hug to that size).
		t.LayoutSizingHorizontal, t.LayoutSizingVertical = fixedForHug(f.LayoutSizingHorizontal), fixedForHug(f.LayoutSizingVertical)
		return true
	}
	growsAcross := t.TextAutoResize == "WIDTH_AND_HEIGHT"
	growsDown := growsAcross || t.TextAutoResize == "HEIGHT"
	h, ok := sizing(f.LayoutSizingHorizontal, growsAcross)
	if !ok {
		return false
	}
	v, ok := sizing(f.LayoutSizingVertical, growsDown)
	if !ok {
		return false
	}
	t.LayoutSizingHorizontal, t.LayoutSizingVertical = h, v
	return true
}

// fixedForHug is sizing, FIXED for HUG.
func fixedForHug(sizing string) string {
	if sizing == SizingHug {
		return SizingFixed
	}
	return sizing
}

// sizing is the sizing on one axis of a TEXT that takes the place of a frame of sizing frame:
// the frame's, but FIXED for a HUG frame around a text that does not grow on that axis; false
// for a FILL frame around a text that grows (a text cannot both fill and hug).
func sizing(frame string, grows bool) (string, bool) {
	switch {
	case frame == SizingFill && grows:
		return "", false
	case frame == SizingHug && !grows:
		return SizingFixed, true
	}
	return frame, true
}
