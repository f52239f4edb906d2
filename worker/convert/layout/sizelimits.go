package layout

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// sizeLimits gives every FRAME that is an auto-layout frame, or a flowing child of one, the
// min-width, max-width, min-height and max-height its element's CSS sets in px (Figma's
// minWidth, maxWidth, minHeight, maxHeight, which it takes only there; docs/conversion.md "Auto
// layout"). A limit is of the border box, as the frame is: a content-box element's padding and
// border are added. A percentage, auto, none or a 0 minimum is left out, and so is a limit the
// captured box does not respect (by more than Tolerance), which Figma would enforce by resizing.
// A frame grown over its margins (took, absorb.go) has them added: its box is the margin box.
func sizeLimits(root *boxtree.Node, took map[*resultjson.Node][4]float64) {
	for _, n := range root.Made() {
		if n.Out.Type != "FRAME" || !autoLayout(n.Out) {
			continue
		}
		setSizeLimits(n, took[n.Out])
		for _, c := range n.Kids {
			if c.Out.Type == "FRAME" && c.Out.LayoutPositioning != PositionAbsolute && !autoLayout(c.Out) {
				setSizeLimits(c, took[c.Out])
			}
		}
	}
}

// autoLayout says whether n is an auto-layout frame: HORIZONTAL, VERTICAL or GRID (the frames
// whose children Figma gives size limits, as it gives the frame its own).
func autoLayout(n *resultjson.Node) bool {
	return n.LayoutMode == Horizontal || n.LayoutMode == Vertical || n.LayoutMode == Grid
}

// setSizeLimits sets the limits of frame n from its element's computed style; margins are what
// the frame took in of its margins (top, right, bottom, left), added to the limits.
func setSizeLimits(n *boxtree.Node, margins [4]float64) {
	el, out := n.El, n.Out
	if el == nil || el.Type != "element" || out.RelativeTransform != nil {
		return
	}
	contentBox := el.Computed("box-sizing") != "border-box"
	extra := func(sides ...string) float64 {
		if !contentBox {
			return 0
		}
		var sum float64
		for _, s := range sides {
			if v, ok := css.ParsePx(el.Computed(s)); ok {
				sum += v
			}
		}
		return sum
	}
	w := extra("padding-left", "padding-right", "border-left-width", "border-right-width") + margins[sideLeft] + margins[sideRight]
	h := extra("padding-top", "padding-bottom", "border-top-width", "border-bottom-width") + margins[sideTop] + margins[sideBottom]
	out.MinWidth = sizeLimit(el, "min-width", w, out.Width, true)
	out.MaxWidth = sizeLimit(el, "max-width", w, out.Width, false)
	out.MinHeight = sizeLimit(el, "min-height", h, out.Height, true)
	out.MaxHeight = sizeLimit(el, "max-height", h, out.Height, false)
}

// sizeLimit reads one limit property of el as a px length of the border box (extra added), or
// nil: not a px length, a 0 minimum, one past resultjson.MaxLayoutLength (the backend's bound),
// or one the captured size does not respect.
func sizeLimit(el *capturemodel.DOMNode, prop string, extra, size float64, minimum bool) *float64 {
	v, ok := css.ParsePx(el.Computed(prop))
	if !ok || (minimum && v <= 0) {
		return nil
	}
	v = css.Px(v + extra)
	if v > resultjson.MaxLayoutLength || (minimum && size < v-Tolerance) || (!minimum && size > v+Tolerance) {
		return nil
	}
	return &v
}
