package text

import (
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// place sets the TEXT node's box: the block's content box (cl to cr) in width (textAutoResize
// HEIGHT, so Figma wraps it where the browser did), from the top of its first line to the
// bottom of its last (the content box's top and bottom when the paragraph is all the block
// holds, whole). A single line that fills a shrink-to-fit box, and text that overflows the
// content box (nowrap, pre), keep their own width (WIDTH_AND_HEIGHT), so a substituted font
// does not wrap them.
func (s *Setter) place(node *resultjson.Node, n *capturemodel.DOMNode, frags []capturemodel.Box, lineHeight float64, chars string, whole bool, cl, cr, ox, oy float64) {
	if len(frags) == 0 {
		return
	}
	left, right := math.Inf(1), math.Inf(-1)
	top, bottom := math.Inf(1), math.Inf(-1)
	var first, last capturemodel.Box
	for i, r := range frags {
		left, right = math.Min(left, r.X), math.Max(right, r.X+r.Width)
		if i == 0 || r.Y < top {
			top = r.Y
		}
		if r.Y+r.Height > bottom {
			bottom = r.Y + r.Height
		}
		if i == 0 {
			first = r
		}
		last = r
	}
	// A line box is line-height tall; the text's box (its font's content area) sits in it as
	// Blink lays it out (leading). A content area taller than the line (Inter's is 1.21 em,
	// taller than a line-height of 1.2) overflows it: the line box starts below the content
	// area's top and ends above its bottom.
	placed := false // the first line's box is known from its fragments
	if lh, ok := css.ParsePx(n.Computed("line-height")); ok && lh > 0 {
		placed = evenLine(frags, first)
		if above, _ := leading(lh, first.Height); above >= 0 {
			top = math.Min(top, first.Y-above)
		} else if top == first.Y {
			top -= above
		}
		if _, below := leading(lh, last.Height); below >= 0 {
			bottom = math.Max(bottom, last.Y+last.Height+below)
		} else if bottom == last.Y+last.Height {
			bottom += below
		}
	}
	bt, _ := css.ParsePx(n.Computed("border-top-width"))
	bb, _ := css.ParsePx(n.Computed("border-bottom-width"))
	pt, _ := css.ParsePx(n.Computed("padding-top"))
	pb, _ := css.ParsePx(n.Computed("padding-bottom"))
	if whole {
		// The paragraph is all the block holds: its lines fill the content box from top to
		// bottom, whatever the sizes of the fonts inside them. A first line of one font is
		// where its fragments say (a table cell may start it below the content box's top).
		ct, cb := n.Box.Y+bt+pt, n.Box.Y+n.Box.Height-bb-pb
		if cb > ct {
			if !placed {
				top = math.Min(top, ct)
			}
			bottom = math.Max(bottom, cb)
		}
	}
	oneLine := bottom-top < lineHeight*1.5 && !strings.Contains(chars, "\n")
	box := capturemodel.Box{X: cl, Y: top, Width: cr - cl, Height: bottom - top}
	mode := "HEIGHT"
	switch {
	case cr-cl <= 0 || left < cl-1 || right > cr+1:
		// Overflowing (nowrap, pre, negative indents): the text's own extent.
		box.X, box.Width = left, right-left
		if oneLine {
			mode = "WIDTH_AND_HEIGHT"
		}
	case oneLine && (right-left >= cr-cl-1 || !whole):
		// A single line that fills its box (shrink-to-fit: inline-block, float, table cell), or
		// that shares its line with other content (an image, a spaced link): its own extent.
		box.X, box.Width = left, right-left
		mode = "WIDTH_AND_HEIGHT"
	case textAlign(n) == "LEFT" || textAlign(n) == "JUSTIFIED":
		// Lines that start right of the content box's left edge (text-indent, or text after an
		// image on the first line): Figma's paragraphIndent indents the first line. Figma indents
		// the first line after every line break too, so not across a br.
		// Not in a transformed or vertical box, whose fragments are not laid out along x.
		if indent := frags[0].X - cl; indent > 0.5 && n.Computed("direction") != "rtl" && !strings.Contains(chars, "\n") &&
			n.Computed("transform") == "none" && !VerticalWritingMode(n.Computed("writing-mode")) {
			node.ParagraphIndent = css.Px(indent)
		}
	}
	if lines := truncatedLines(n, oneLine, left < cl-1 || right > cr+1, bottom-top, lineHeight); lines > 0 {
		// The page ends the text with an ellipsis (text-overflow, line-clamp): Figma truncates
		// it in the content box's width after as many lines (textTruncation ENDING, maxLines).
		box.X, box.Width = cl, cr-cl
		box.Height = math.Min(box.Height, float64(lines)*lineHeight)
		mode = "HEIGHT"
		node.TextTruncation = "ENDING"
		node.MaxLines = lines
	}
	node.X, node.Y = css.Px(box.X-ox), css.Px(box.Y-oy)
	// Round the width up: a line that just fit in the browser must fit in Figma.
	node.Width = css.Size(math.Ceil(box.Width*100) / 100)
	node.Height = css.Size(box.Height)
	node.TextAutoResize = mode
	if mode == "HEIGHT" {
		node.TextWrapStyle = wrapStyle(n)
	}
}

// wrapStyle is the textWrapStyle of a TEXT that wraps in block n: BALANCE or PRETTY for CSS
// text-wrap-style balance or pretty (the text-wrap shorthand sets it), else "" (AUTO, Figma's
// default; so is CSS stable, which only keeps lines put while the text is edited).
func wrapStyle(n *capturemodel.DOMNode) string {
	switch n.Computed("text-wrap-style") {
	case "balance":
		return "BALANCE"
	case "pretty":
		return "PRETTY"
	}
	return ""
}

// truncatedLines is how many lines block n shows before the ellipsis it draws, 0 when it draws
// none: `-webkit-line-clamp: N` on a block that clips its overflow and holds more than N lines
// of text (height px, lines lineHeight px each) shows N (up to resultjson.MaxLines); `text-overflow: ellipsis` on a block that
// clips its overflow shows one line when that line overflows the block (overflows). Figma ends
// the last line at a word where the page may cut inside one.
func truncatedLines(n *capturemodel.DOMNode, oneLine, overflows bool, height, lineHeight float64) int {
	if n.Computed("overflow-x") == "visible" || lineHeight <= 0 {
		return 0
	}
	if clamp, err := strconv.Atoi(n.Computed("-webkit-line-clamp")); err == nil && clamp > 0 {
		// Past the backend's bound the clamp is not converted: the text shows all its lines.
		if clamp <= resultjson.MaxLines && height > (float64(clamp)+0.5)*lineHeight {
			return clamp
		}
		return 0
	}
	if n.Computed("text-overflow") == "ellipsis" && oneLine && overflows {
		return 1
	}
	return 0
}

// layoutUnit is Blink's layout precision: 1/64 px (LayoutUnit). The capture's boxes are multiples
// of it.
const layoutUnit = 64

// leading is the space between a line box line-height lh tall and the content area (the text
// fragment's box, height px) inside it, above and below, as Blink lays it out: above is the
// half-leading of CSS 2 §10.8.1, (lh - height) / 2, in layout units and floored to a whole px
// (Blink's NGLineHeightMetrics::AddLeading / FontHeight::AddLeading), below the rest of the
// leading. Negative when the content area is taller than the line. Centring the content area
// instead puts the line box up to a pixel above the page's, and every line drawn from it a pixel
// too high.
func leading(lh, height float64) (above, below float64) {
	half := (math.Round(lh*layoutUnit) - math.Round(height*layoutUnit)) / 2
	above = math.Floor(math.Trunc(half) / layoutUnit)
	return above, lh - height - above
}

// evenLine says whether the fragments on first's line (those whose middle lies in its height) all
// have first's top and height: a line of one font, whose line box its fragment gives.
func evenLine(frags []capturemodel.Box, first capturemodel.Box) bool {
	const eps = 1.0 / layoutUnit
	for _, f := range frags {
		if mid := f.Y + f.Height/2; mid < first.Y || mid > first.Y+first.Height {
			continue
		}
		if math.Abs(f.Y-first.Y) > eps || math.Abs(f.Height-first.Height) > eps {
			return false
		}
	}
	return true
}
