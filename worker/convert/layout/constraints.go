package layout

import (
	"math"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Constraints (docs/conversion.md "Constraints"): how a layer follows its frame when a designer
// resizes the frame, or when an instance's characters make it hug another width, as the page
// would. A block in the page's flow that fills its container's width (width: auto) keeps doing
// so; a layer the page positions over its frame's whole width or height (a ripple or hover
// overlay, a full-width indicator) keeps doing so; one positioned at the frame's right or bottom
// edge stays there.

// Values of a Constraints axis (Figma's ConstraintType).
const (
	ConstraintMin     = "MIN"
	ConstraintCenter  = "CENTER"
	ConstraintMax     = "MAX"
	ConstraintStretch = "STRETCH"
)

// constraintTolerance is how far, in px, a layer's edge may be from where its constraint reads it
// (its frame's edge, or its container's content edge less its margins) and still be there.
const constraintTolerance = 0.01

// constrain sets the Constraints of the untransformed children of every FRAME under n (n and
// parents as layout.Infer has them), none where both axes are MIN (Figma's default):
//   - a child that auto layout does not place (ABSOLUTE in an auto-layout frame; in a frame
//     without auto layout, a positioned element's node, absolute or fixed, or a background
//     layer): on each axis STRETCH when it reaches both edges of the frame, MAX when it reaches
//     the end edge alone, else MIN;
//   - a block-level box or a paragraph TEXT in the page's flow of a frame without auto layout:
//     across, STRETCH when it fills its container's content box less its own margins (the
//     frame's padding and border, and the margins, padding and border of every element between:
//     a block of width auto), but CENTER when it, or an element between, is at its max-width and
//     sits centred (a capped container, margin: 0 auto), else MIN; MIN down (the flow stacks
//     blocks from the top);
//   - an outline ring: those of its element's node (it rings that node);
//   - anything else (a flowing child of an auto-layout frame, an image, an icon, an inline box,
//     a table's border bars): none;
//
// and a TEXT never STRETCHes on an axis its textAutoResize sizes (constraintsOf).
func constrain(n *boxtree.Node, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) {
	F := n.Out
	for _, k := range n.Kids {
		c := k.Out
		c.Constraints = nil
		switch {
		case F.Type != "FRAME" || c.RelativeTransform != nil:
		case F.LayoutMode != "":
			if c.LayoutPositioning == PositionAbsolute {
				c.Constraints = constraintsOf(c, constraintOn(c.X, c.Width, F.Width), constraintOn(c.Y, c.Height, F.Height))
			}
		case placedOver(k):
			c.Constraints = constraintsOf(c, constraintOn(c.X, c.Width, F.Width), constraintOn(c.Y, c.Height, F.Height))
		case flowBlock(k):
			left, right, ok := flowInsets(n.El, k.El, parents)
			if !ok || !at(c.X-left) || !at(F.Width-c.X-c.Width-right) {
				break
			}
			if capped(n.El, k.El, parents) {
				if at(c.X - (F.Width - c.X - c.Width)) {
					c.Constraints = constraintsOf(c, ConstraintCenter, ConstraintMin)
				}
				break
			}
			c.Constraints = constraintsOf(c, ConstraintStretch, ConstraintMin)
		}
		constrain(k, parents)
	}
	// A ring follows the node it rings.
	ringed := map[*capturemodel.DOMNode]*resultjson.Constraints{}
	for _, e := range n.Kids {
		if e.Kind == boxtree.Box && e.Out.Constraints != nil {
			ringed[e.El] = e.Out.Constraints
		}
	}
	for _, k := range n.Kids {
		if c := ringed[k.El]; c != nil && k.Kind == boxtree.Outline && k.Out.RelativeTransform == nil {
			cc := *c
			k.Out.Constraints = &cc
		}
	}
}

// placedOver says whether node k of a frame without auto layout is not in the page's flow: the
// node of an absolutely positioned or fixed element, a background layer.
func placedOver(k *boxtree.Node) bool {
	switch k.Kind {
	case boxtree.BackgroundLayer, boxtree.BackgroundSVG:
		return true
	}
	return k.El != nil && k.El.Type == "element" && outOfFlow(k.El)
}

// flowBlock says whether node k is a box the page's flow sizes across by its container: the
// frame of a block-level element (display block, flow-root, list-item, flex, grid, table), or a
// paragraph TEXT (set in its container's width, not of its own width). Images, icons and inline
// boxes keep their own width.
func flowBlock(k *boxtree.Node) bool {
	if k.Out.Type == "TEXT" {
		return k.Out.TextAutoResize != "" && k.Out.TextAutoResize != "WIDTH_AND_HEIGHT"
	}
	if k.Kind != boxtree.Box || k.Out.Type != "FRAME" || k.El == nil || k.El.Type != "element" {
		return false
	}
	return blockLevel(k.El) && !outOfFlow(k.El)
}

// capped says whether el, or an element between it and frame, is at its max-width (its border
// box that wide, or that plus its padding and border): the page keeps it at that width.
func capped(frame, el *capturemodel.DOMNode, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) bool {
	for p := el; p != nil && p != frame; p = parents[p] {
		limit := side(p, "max-width") // 0 for none
		if limit <= 0 {
			continue
		}
		pad := paddingBox(p)
		if at(p.Box.Width-limit) || at(p.Box.Width-limit-pad[1]-pad[3]) {
			return true
		}
	}
	return false
}

// flowInsets is where the content box of the container of el (an element, or a text run, in the
// frame of element frame) begins and ends across, less el's own margins: px from the frame's
// left edge and from its right edge (the margins of el and of every element between, and the
// padding and border of those and of frame: paddingBox). ok is false when frame is not an
// ancestor of el.
func flowInsets(frame, el *capturemodel.DOMNode, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) (left, right float64, ok bool) {
	if frame == nil || el == nil {
		return 0, 0, false
	}
	if el != frame {
		left, right = side(el, "margin-left"), side(el, "margin-right")
		p := parents[el]
		for ; p != nil && p != frame; p = parents[p] {
			pad := paddingBox(p)
			left += side(p, "margin-left") + pad[3]
			right += side(p, "margin-right") + pad[1]
		}
		if p == nil {
			return 0, 0, false
		}
	}
	pad := paddingBox(frame)
	return left + pad[3], right + pad[1], true
}

// at says whether d px is within constraintTolerance of 0 (1e-9: float sums of 1/100 px).
func at(d float64) bool { return math.Abs(d) <= constraintTolerance+1e-9 }

// constraintsOf is the Constraints of node c of horizontal h and vertical v, but for a TEXT MIN
// on an axis its textAutoResize sizes (its content gives its size there, never its frame); nil
// when both are MIN.
func constraintsOf(c *resultjson.Node, h, v string) *resultjson.Constraints {
	if c.Type == "TEXT" && h == ConstraintStretch && c.TextAutoResize == "WIDTH_AND_HEIGHT" {
		h = ConstraintMin
	}
	if c.Type == "TEXT" && v == ConstraintStretch && (c.TextAutoResize == "WIDTH_AND_HEIGHT" || c.TextAutoResize == "HEIGHT") {
		v = ConstraintMin
	}
	if h == ConstraintMin && v == ConstraintMin {
		return nil
	}
	return &resultjson.Constraints{Horizontal: h, Vertical: v}
}

// constraintOn is the constraint on one axis of a child at pos of length size in a frame of
// length outer.
func constraintOn(pos, size, outer float64) string {
	atStart, atEnd := at(pos), at(pos+size-outer)
	switch {
	case atStart && atEnd:
		return ConstraintStretch
	case atEnd:
		return ConstraintMax
	}
	return ConstraintMin
}

// Follow moves and sizes child c as Figma does when its frame grew by dw and dh px (negative:
// shrank): on each axis by its Constraints (none: MIN on both).
func Follow(c *resultjson.Node, dw, dh float64) {
	if c.Constraints == nil {
		return
	}
	follow := func(constraint string, pos, size *float64, d float64) {
		switch constraint {
		case ConstraintMax:
			*pos += d
		case ConstraintCenter:
			*pos += d / 2
		case ConstraintStretch:
			*size += d
		}
	}
	follow(c.Constraints.Horizontal, &c.X, &c.Width, dw)
	follow(c.Constraints.Vertical, &c.Y, &c.Height, dh)
}
