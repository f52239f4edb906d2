package layout

import (
	"fmt"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
)

// How a flex or grid container's computed CSS maps to auto-layout values (docs/conversion.md
// "Auto layout"); infer.go applies them and checks the result with LayOut.

// axes is what a container's CSS says about its auto layout.
type axes struct {
	// mode is Horizontal or Vertical; wrap says the rows wrap.
	mode string
	wrap bool
	// spacing is the gap along the layout direction, rowSpacing between wrapped rows (px).
	spacing, rowSpacing float64
	// primary and counter are the alignments; stretch says items stretch across by default.
	primary, counter string
	stretch          bool
	// grid says the container is a CSS grid (its items do not grow).
	grid bool
	// rightToLeftWrap says the row wraps and is laid out right to left, which auto layout
	// cannot do over several lines (inferFlow).
	rightToLeftWrap bool
}

// readAxes maps the container's CSS to auto-layout values, or says why it cannot.
func readAxes(el *capturemodel.DOMNode, flowCount int) (axes, string) {
	var a axes
	a.grid = GridContainer(el)
	justify := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(el.Computed("justify-content"), "safe "), "unsafe "))
	alignItems := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(el.Computed("align-items"), "safe "), "unsafe "))
	colGap, _ := css.ParsePx(layoutStyle(el, "column-gap"))
	rowGap, _ := css.ParsePx(layoutStyle(el, "row-gap"))
	primarySource := justify
	if a.grid {
		cols, rows := tracks(layoutStyle(el, "grid-template-columns")), tracks(layoutStyle(el, "grid-template-rows"))
		switch {
		case rows <= 1 && cols >= flowCount && cols > 1 && !strings.HasPrefix(layoutStyle(el, "grid-auto-flow"), "column"):
			a.mode, a.spacing = Horizontal, colGap
		case cols <= 1:
			a.mode, a.spacing = Vertical, rowGap
			primarySource = layoutStyle(el, "align-content")
			alignItems = layoutStyle(el, "justify-items")
		case !strings.HasPrefix(layoutStyle(el, "grid-auto-flow"), "column"):
			// Rows of equal columns filled in order are Figma's wrapping rows when every item
			// keeps its size (checked by LayOut like any other frame).
			a.mode, a.spacing, a.wrap, a.rowSpacing = Horizontal, colGap, true, rowGap
		default:
			return a, fmt.Sprintf("a grid of %d columns and %d rows filled by column is not one row or one column", cols, rows)
		}
	} else {
		switch dir := el.Computed("flex-direction"); dir {
		case "row", "":
			a.mode, a.spacing = Horizontal, colGap
		case "column":
			a.mode, a.spacing = Vertical, rowGap
		default:
			return a, fmt.Sprintf("flex-direction %s has no auto-layout equivalent", dir)
		}
		switch w := layoutStyle(el, "flex-wrap"); w {
		case "nowrap", "":
		case "wrap":
			if a.mode != Horizontal {
				return a, "a wrapping column has no auto-layout equivalent (Figma wraps rows only)"
			}
			a.wrap, a.rowSpacing = true, rowGap
			// Figma wraps left to right: such a row is only a row when its items are on one line.
			a.rightToLeftWrap = rightToLeft(el)
		default:
			return a, fmt.Sprintf("flex-wrap %s has no auto-layout equivalent", w)
		}
	}
	switch primarySource {
	case "normal", "flex-start", "start", "left", "stretch", "":
		a.primary = AlignMin
	case "center":
		a.primary = AlignCenter
	case "flex-end", "end", "right":
		a.primary = AlignMax
	case "space-between":
		a.primary = AlignBetween
	default:
		return a, fmt.Sprintf("justify-content %s has no auto-layout equivalent", primarySource)
	}
	// A row laid out right to left starts at its right edge: its items are the layers from the
	// last (infer.go), and start and end change sides (left and right do not).
	if rightToLeft(el) && primarySource != "left" && primarySource != "right" {
		switch a.primary {
		case AlignMin:
			a.primary = AlignMax
		case AlignMax:
			a.primary = AlignMin
		}
	}
	switch alignItems {
	case "normal", "stretch", "":
		a.counter, a.stretch = AlignMin, true
	case "flex-start", "start", "self-start", "left":
		a.counter = AlignMin
	case "center":
		a.counter = AlignCenter
	case "flex-end", "end", "self-end", "right":
		a.counter = AlignMax
	default:
		return a, fmt.Sprintf("align-items %s is not drawn by auto layout here (baseline alignment cannot be checked)", alignItems)
	}
	return a, ""
}

// tracks counts the tracks of a computed grid-template-columns/rows value ("none" is 0).
func tracks(v string) int {
	return len(trackFields(v))
}

// trackFields returns the track sizes of a track list ("[a] 100px [b] repeat(2, 1fr)"), line
// names left out; none for "" and "none".
func trackFields(v string) []string {
	if v == "" || v == "none" {
		return nil
	}
	var out []string
	for _, f := range css.Fields(v) {
		if !strings.HasPrefix(f, "[") { // line names
			out = append(out, f)
		}
	}
	return out
}

// layoutStyle returns the computed value of a layout property, or its default. A capture made
// before facts.js recorded row-gap/column-gap has the gap shorthand only.
func layoutStyle(n *capturemodel.DOMNode, prop string) string {
	if v, ok := n.Style[prop]; ok {
		return v
	}
	if prop == "row-gap" || prop == "column-gap" {
		if g := css.Fields(n.Style["gap"]); len(g) > 0 {
			if prop == "column-gap" && len(g) > 1 {
				return g[1]
			}
			return g[0]
		}
	}
	return n.Computed(prop)
}

// rightToLeft says whether flex container el lays its row out from the right: a row (not a
// grid, not a column) in direction rtl (CSS Flexbox 1 §5.1: the main axis follows the inline
// direction).
func rightToLeft(el *capturemodel.DOMNode) bool {
	if GridContainer(el) || el.Computed("direction") != "rtl" {
		return false
	}
	d := el.Computed("flex-direction")
	return d == "row" || d == ""
}
