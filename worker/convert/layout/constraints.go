package layout

import (
	"math"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Constraints of the ABSOLUTE children of auto-layout frames (docs/conversion.md "Constraints"):
// a layer the page draws over its frame's whole width or height (a ripple or hover overlay, a
// full-width indicator) keeps doing so when a designer resizes the frame, or when an instance's
// characters make it hug another width; one that sits at the frame's right or bottom edge stays
// there.

// Values of a Constraints axis (Figma's ConstraintType).
const (
	ConstraintMin     = "MIN"
	ConstraintMax     = "MAX"
	ConstraintStretch = "STRETCH"
)

// constraintTolerance is how far, in px, an ABSOLUTE child's edge may be from its frame's edge
// and still be at it.
const constraintTolerance = 0.01

// constrain sets the Constraints of every untransformed ABSOLUTE child of an auto-layout frame
// under n, from where it sits in its frame: on each axis STRETCH when it reaches both edges (but
// on an axis a TEXT's textAutoResize sizes), MAX when it reaches the end edge alone, else MIN;
// none when both are MIN.
func constrain(n *resultjson.Node) {
	for _, c := range n.Children {
		c.Constraints = nil
		if n.LayoutMode != "" && c.LayoutPositioning == PositionAbsolute && c.RelativeTransform == nil {
			c.Constraints = constraintsOf(c, constraintOn(c.X, c.Width, n.Width), constraintOn(c.Y, c.Height, n.Height))
		}
		constrain(c)
	}
}

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
	at := func(d float64) bool { return math.Abs(d) <= constraintTolerance+1e-9 } // 1e-9: float sums of 1/100 px
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
		case ConstraintStretch:
			*size += d
		}
	}
	follow(c.Constraints.Horizontal, &c.X, &c.Width, dw)
	follow(c.Constraints.Vertical, &c.Y, &c.Height, dh)
}
