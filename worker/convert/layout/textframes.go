package layout

import (
	"math"
	"slices"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Text frames (docs/conversion.md "Text frames"): a frame that is no flex or grid container and
// holds one line of content, a text with icons or other texts beside it (a button, a nav link, a
// tab of display block or inline-block padded around its label), becomes a HORIZONTAL
// auto-layout frame, as a designer builds it: padded where the content sits, the label hugging
// its text, so that editing the label resizes what CSS sized to its content. As for flex, it is
// kept only where LayOut puts every child within Tolerance of its captured box.

// textOverhang is how far, in px, the content of a text frame may reach past its edges (a TEXT
// whose width was rounded up) and be held by a padding of 0.
const textOverhang = 0.5

// widthRounding is how much wider, in px, a TEXT may be than the line it draws: the text pass
// rounds its width up to the hundredth (text/place.go), so the space after it may read up to that
// much less than the page's.
const widthRounding = 0.01

// textFrames sets auto layout on every text frame under root (before the flex and grid
// containers and the columns, which read whether an item hugs its content). A frame that auto
// layout would change is left as it was, without a diagnostic: the page did not lay it out as a
// flex row.
// parents maps elements to their DOM parents (domParents).
func textFrames(root *boxtree.Node, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) {
	for _, n := range root.Made() {
		if n != root && n.Kind == boxtree.Box && n.Out.Type == "FRAME" && n.El != nil && n.El.Type == "element" {
			inferTextFrame(n, parents[n.El])
		}
	}
}

// placedAbsolutely says whether node k of a frame keeps its place in auto layout (ABSOLUTE): a
// background layer of the frame itself, or the node of an absolutely positioned element (a
// ripple layer over a tab, an indicator drawn by ::after).
func placedAbsolutely(k *boxtree.Node) bool {
	if k.Kind == boxtree.BackgroundSVG || k.Kind == boxtree.BackgroundLayer {
		return true
	}
	if k.Kind != boxtree.Box || k.El == nil || k.El.Type != "element" {
		return false
	}
	p := k.El.Computed("position")
	return p == "absolute" || p == "fixed"
}

// textContent returns the nodes of text frame candidate n that auto layout lays out, in x order,
// and the TEXT among them whose block sets the alignment, or nil when n is no text frame: it
// holds, besides its own background layers and the frames of absolutely positioned elements,
// only TEXTs of horizontal writing mode and icons (an icon font glyph, a masked or inline SVG, an
// image that is no frame), at least one TEXT, all in flow, untransformed, on one line and side by
// side.
func textContent(n *boxtree.Node) (flow []*resultjson.Node, first *boxtree.Node) {
	for _, k := range n.Kids {
		switch {
		case placedAbsolutely(k):
			continue
		case k.Group != boxtree.Flow || k.Out.RelativeTransform != nil:
			return nil, nil
		case k.Kind == boxtree.Drawn && k.Out.Type == "TEXT" && k.Text != nil:
			if k.Text.Style == nil || k.Text.Style.Computed("writing-mode") != "horizontal-tb" {
				return nil, nil // vertical lines grow across, not down
			}
			if first == nil {
				first = k
			}
		case k.Kind == boxtree.Mask || k.Kind == boxtree.Glyph || k.Kind == boxtree.InlineSVG || k.Kind == boxtree.Image && k.Out.Type != "FRAME":
		case inlineBox(k):
		default:
			return nil, nil
		}
		flow = append(flow, k.Out)
	}
	if first == nil || !oneLine(flow, true) {
		return nil, nil
	}
	flow = slices.Clone(flow)
	slices.SortStableFunc(flow, func(a, b *resultjson.Node) int {
		switch {
		case a.X < b.X:
			return -1
		case a.X > b.X:
			return 1
		}
		return 0
	})
	for i := 1; i < len(flow); i++ {
		if flow[i].X < flow[i-1].X+flow[i-1].Width-0.5 {
			return nil, nil // drawn over each other
		}
	}
	return flow, first
}

// marginsBetween is the CSS space between the nodes a and b of frame n that sit side by side, a
// on the left: a's right margin and b's left margin (a TEXT has none: its element's margins are
// the frame's).
func marginsBetween(n *boxtree.Node, a, b *resultjson.Node) float64 {
	m := 0.0
	for _, k := range n.Kids {
		if k.El == nil || k.Out.Type == "TEXT" {
			continue
		}
		if k.Out == a {
			m += side(k.El, "margin-right")
		}
		if k.Out == b {
			m += side(k.El, "margin-left")
		}
	}
	return m
}

// inlineBox says whether node k is the frame of an inline-level box that sits on the line beside
// the text (display inline-block, inline-flex, inline-grid: a badge, a tag after a byline).
func inlineBox(k *boxtree.Node) bool {
	if k.Kind != boxtree.Box || k.Out.Type != "FRAME" || k.El == nil || k.El.Type != "element" {
		return false
	}
	switch strings.TrimSpace(k.El.Computed("display")) {
	case "inline-block", "inline-flex", "inline-grid":
		return true
	}
	return false
}

// inferTextFrame sets HORIZONTAL auto layout on frame n (its element's DOM parent parent, nil
// when unknown) when it is a text frame that auto layout draws as captured.
func inferTextFrame(n *boxtree.Node, parent *capturemodel.DOMNode) {
	F, el := n.Out, n.El
	// A table's parts are sized by their table; a transformed frame's box is its bounding box,
	// not the space its children sit in.
	if F.LayoutMode != "" || F.RelativeTransform != nil || Container(el) || strings.HasPrefix(strings.TrimSpace(el.Computed("display")), "table") {
		return
	}
	flow, first := textContent(n)
	if flow == nil {
		return
	}
	// The content's extent in the frame and the CSS padding around it.
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range flow {
		x0, y0 = math.Min(x0, c.X), math.Min(y0, c.Y)
		x1, y1 = math.Max(x1, c.X+c.Width), math.Max(y1, c.Y+c.Height)
	}
	gaps := [4]float64{y0, F.Width - x1, F.Height - y1, x0} // top, right, bottom, left
	for _, g := range gaps {
		// A TEXT's width is rounded up to the hundredth (a line that just fit must fit): it may
		// pass its frame by that much.
		if g < -textOverhang {
			return // the content reaches outside the frame: no padding holds it
		}
	}
	for i := range gaps {
		gaps[i] = math.Max(gaps[i], 0)
	}
	pad := contentPadding(el)
	spacing := 0.0
	if len(flow) > 1 {
		spacing = flow[1].X - flow[0].X - flow[0].Width
		// A TEXT is rounded wider than its line: a spacing that little off is the CSS margins'.
		if m := marginsBetween(n, flow[0], flow[1]); math.Abs(spacing-m) <= widthRounding+1e-9 { // 1e-9: float sums of 1/100 px
			spacing = m
		}
	}
	// The frame hugs across when CSS sized it to content that is as wide as it draws (no
	// paragraph set in the frame's content box, HEIGHT: the box was sized otherwise), and down
	// when it is as tall as its content and CSS padding.
	hugW := shrinksToFit(el, parent) && ownWidths(flow) && math.Abs(gaps[3]-pad[3]) <= 0.5 && math.Abs(gaps[1]-pad[1]) <= 0.5
	hugH := math.Abs(gaps[0]-pad[0]) <= 0.5 && math.Abs(gaps[2]-pad[2]) <= 0.5 && !grownInColumn(el, parent)

	undo, painted := keep(F), F.Children
	absolute := map[*resultjson.Node]bool{}
	for _, k := range n.Kids {
		if placedAbsolutely(k) {
			absolute[k.Out] = true
		}
	}
	order, reverse, why := layoutOrder(F, flow)
	if why != "" || reverse {
		return
	}
	if order != nil {
		F.Children = order
	}
	F.LayoutMode = Horizontal
	F.ItemSpacing = css.Ptr(css.Px(spacing))
	markAbsolute(F, absolute)
	for _, primary := range alignments(textAlignment(first.Text.Style)) {
		for _, counter := range alignments(placement(gaps[0]-pad[0], gaps[2]-pad[2])) {
			left, right := axisPadding(primary, gaps[3], gaps[1], pad[3], pad[1], hugW)
			top, bottom := axisPadding(counter, gaps[0], gaps[2], pad[0], pad[2], hugH)
			F.PaddingTop, F.PaddingRight, F.PaddingBottom, F.PaddingLeft = css.Ptr(css.Px(top)), css.Ptr(css.Px(right)), css.Ptr(css.Px(bottom)), css.Ptr(css.Px(left))
			F.PrimaryAxisAlignItems, F.CounterAxisAlignItems = primary, counter
			inner := F.Width - left - right
			for _, c := range flow {
				c.LayoutSizingHorizontal, c.LayoutSizingVertical = itemSizing(c)
				// A paragraph as wide as the frame's inner width (its content box) fills it.
				if c.Type == "TEXT" && c.TextAutoResize != "WIDTH_AND_HEIGHT" && len(flow) == 1 && !hugW && math.Abs(c.Width-inner) <= 0.5 {
					c.LayoutSizingHorizontal = SizingFill
				}
			}
			if _, d := Mismatch(F); d <= Tolerance {
				F.LayoutSizingHorizontal, F.LayoutSizingVertical = SizingFixed, SizingFixed
				if hugW {
					F.LayoutSizingHorizontal = SizingHug
				}
				if hugH {
					F.LayoutSizingVertical = SizingHug
				}
				fitLabel(F, flow, hugW, hugH)
				return
			}
		}
	}
	restore(undo)
	F.Children = painted
}

// fitLabel ends each TEXT of frame F's flow where the layer after it starts less the spacing
// (a TEXT's width is rounded up, widthRounding), and makes F, where it hugs its content across
// (hugW) or down (hugH), exactly as large as Figma makes it, its padding and its content, by
// giving the difference to its widest (and tallest) TEXT: the text pass rounds a TEXT's width up
// to the hundredth, the frame's box is rounded to it, so the two may differ by 0.01 px (by at
// most textOverhang, the check above). A TEXT that keeps its natural width is measured again by
// Figma, so its stored size is only what the frame hugs; the frame keeps its captured box, and
// an instance whose label is overridden comes out as its use.
func fitLabel(F *resultjson.Node, flow []*resultjson.Node, hugW, hugH bool) {
	// A TEXT rounded past where the next layer starts less the spacing (by at most
	// widthRounding) ends there, so that auto layout puts the next layer where the page has it.
	for i := 1; i < len(flow); i++ {
		a, b := flow[i-1], flow[i]
		if over := a.X + a.Width + val(F.ItemSpacing) - b.X; a.Type == "TEXT" && a.TextAutoResize == "WIDTH_AND_HEIGHT" && over > 0 && over <= widthRounding+1e-9 {
			a.Width = css.Size(a.Width - over)
		}
	}
	var widest, tallest *resultjson.Node
	sum, most := val(F.ItemSpacing)*float64(len(flow)-1), 0.0
	for _, c := range flow {
		sum += c.Width
		most = math.Max(most, c.Height)
		if c.Type == "TEXT" && (widest == nil || c.Width > widest.Width) {
			widest = c
		}
		if c.Type == "TEXT" && (tallest == nil || c.Height > tallest.Height) {
			tallest = c
		}
	}
	if excess := val(F.PaddingLeft) + sum + val(F.PaddingRight) - F.Width; hugW && widest != nil && excess != 0 {
		widest.Width = css.Size(widest.Width - excess)
	}
	if excess := val(F.PaddingTop) + most + val(F.PaddingBottom) - F.Height; hugH && tallest != nil && tallest.Height == most && excess != 0 {
		tallest.Height = css.Size(tallest.Height - excess)
	}
}

// ownWidths says whether every TEXT of flow keeps its natural width (WIDTH_AND_HEIGHT).
func ownWidths(flow []*resultjson.Node) bool {
	for _, c := range flow {
		if c.Type == "TEXT" && c.TextAutoResize != "WIDTH_AND_HEIGHT" {
			return false
		}
	}
	return true
}

// axisPadding is the padding at the start and end of one axis of a text frame whose content
// sits gapStart and gapEnd px from its edges, with CSS padding cssStart and cssEnd, aligned by
// align: where the frame hugs the content, the CSS padding (within 0.5 px of the gaps); at MIN
// the content's start and the CSS end (no more than the gap), at MAX the reverse; at CENTER the
// CSS padding when the content is centred within it, else the gaps. A gap within 0.5 px of the
// CSS padding is the CSS padding (a TEXT's width is rounded up to the hundredth).
func axisPadding(align string, gapStart, gapEnd, cssStart, cssEnd float64, hug bool) (float64, float64) {
	snap := func(gap, css float64) float64 {
		if math.Abs(gap-css) <= 0.5 {
			return css
		}
		return gap
	}
	switch {
	case hug:
		return cssStart, cssEnd
	case align == AlignMin:
		return snap(gapStart, cssStart), snap(math.Min(cssEnd, gapEnd), cssEnd)
	case align == AlignMax:
		return snap(math.Min(cssStart, gapStart), cssStart), snap(gapEnd, cssEnd)
	case cssStart <= gapStart+0.5 && cssEnd <= gapEnd+0.5 && math.Abs((gapStart-cssStart)-(gapEnd-cssEnd)) <= 0.5:
		return cssStart, cssEnd
	}
	return gapStart, gapEnd
}

// alignments lists MIN, CENTER and MAX with first before the others: the one the CSS says is
// tried first, the others where it does not draw the content in place.
func alignments(first string) []string {
	out := []string{first}
	for _, a := range []string{AlignMin, AlignCenter, AlignMax} {
		if a != first {
			out = append(out, a)
		}
	}
	return out
}

// textAlignment maps the text-align of block el (in its direction) to a primary alignment:
// left, start (ltr), end (rtl) and justify → MIN; center → CENTER; right, end (ltr), start (rtl)
// → MAX.
func textAlignment(el *capturemodel.DOMNode) string {
	rtl := el.Computed("direction") == "rtl"
	switch strings.TrimPrefix(el.Computed("text-align"), "-webkit-") {
	case "center":
		return AlignCenter
	case "right":
		return AlignMax
	case "start", "match-parent":
		if rtl {
			return AlignMax
		}
	case "end":
		if !rtl {
			return AlignMax
		}
	}
	return AlignMin
}

// placement is the counter alignment of content whose top and bottom sit top and bottom px
// inside the CSS padding: at the top → MIN, centred → CENTER, at the bottom → MAX (0.5 px
// either way); MIN otherwise.
func placement(top, bottom float64) string {
	switch {
	case math.Abs(top) <= 0.5:
		return AlignMin
	case math.Abs(top-bottom) <= 0.5:
		return AlignCenter
	case math.Abs(bottom) <= 0.5:
		return AlignMax
	}
	return AlignMin
}

// contentPadding is the CSS padding plus border of element el on each side (top, right, bottom,
// left), plus the margin, border and padding of each block that wraps all of el's content and
// draws nothing (an a of display block inside a list item: merged into el's frame).
func contentPadding(el *capturemodel.DOMNode) [4]float64 {
	pad := paddingBox(el)
	for cur := soleBlock(el); cur != nil; cur = soleBlock(cur) {
		inner := paddingBox(cur)
		for i, s := range []string{"top", "right", "bottom", "left"} {
			pad[i] += inner[i] + side(cur, "margin-"+s)
		}
	}
	return pad
}

// soleBlock is the one child of el, a block (display block, list-item or flow-root), when el
// holds nothing else but white space; else nil.
func soleBlock(el *capturemodel.DOMNode) *capturemodel.DOMNode {
	var sole *capturemodel.DOMNode
	for _, c := range el.Children {
		switch {
		case c == nil:
		case c.Type == "text" && strings.TrimSpace(c.Text) == "":
		case c.Type == "element" && sole == nil:
			switch c.Computed("display") {
			case "block", "list-item", "flow-root":
				sole = c
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return sole
}

// shrinksToFit says whether CSS sizes element el's width to its content (CSS 2 §10.3.5, §10.3.7,
// §10.3.9; CSS Flexbox 1 §9): an inline-block (or another inline-level box), a float, an
// absolutely positioned box, a flex item along a row that does not grow, a flex item of a column
// that does not stretch, a grid item that does not stretch along the row. parent is el's DOM
// parent (nil when unknown).
func shrinksToFit(el, parent *capturemodel.DOMNode) bool {
	if strings.HasPrefix(el.Computed("display"), "inline") || el.Computed("float") != "none" {
		return true
	}
	if p := el.Computed("position"); p == "absolute" || p == "fixed" {
		return true
	}
	if parent == nil || parent.Type != "element" {
		return false
	}
	switch {
	case GridContainer(parent):
		return !stretches(layoutStyle(el, "justify-self"), layoutStyle(parent, "justify-items"))
	case Container(parent):
		if strings.HasPrefix(parent.Computed("flex-direction"), "column") {
			return !stretches(layoutStyle(el, "align-self"), parent.Computed("align-items"))
		}
		return layoutStyle(el, "flex-grow") == "0"
	}
	return false
}

// stretches says whether an item's self alignment (align-self, justify-self) with its
// container's default for it (align-items, justify-items) stretches the item.
func stretches(self, items string) bool {
	if self == "auto" || self == "" || strings.HasPrefix(self, "legacy") {
		self = items
	}
	return self == "normal" || self == "stretch" || self == "" || strings.HasPrefix(self, "legacy")
}

// grownInColumn says whether el is a flex item of a column that grows (its height is its share of
// the column, not its content's).
func grownInColumn(el, parent *capturemodel.DOMNode) bool {
	return parent != nil && parent.Type == "element" && Container(parent) && !GridContainer(parent) &&
		strings.HasPrefix(parent.Computed("flex-direction"), "column") && layoutStyle(el, "flex-grow") != "0"
}
