package convert

import (
	"math"
	"net/url"
	"strings"
	"unicode/utf16"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Paragraphs (docs/conversion.md "Text"): the run of inline content of a block container (its
// text, links, b/strong/em/code/span...: an inline formatting context, CSS 2 §9.4.2) becomes ONE
// TEXT node whose characters are the whole paragraph and whose styledTextSegments carry what
// varies inside it, as Figma's getStyledTextSegments describes text. Its width is the block's
// content box and textAutoResize HEIGHT, so Figma wraps it as the browser did when the fonts
// match, and no two runs of one paragraph can overlap.

// blockContainer says whether the children of n lay out their inline content in lines of n's
// content box (a block container). Flex and grid containers make each run an item of its own;
// an inline element's runs belong to its ancestor's paragraph. Captures without a display value
// are treated as not block containers (runs converted one by one, as before paragraphs).
func blockContainer(n *capturemodel.DOMNode) bool {
	switch strings.TrimSpace(n.Computed("display")) {
	case "block", "list-item", "inline-block", "flow-root", "table-cell", "table-caption",
		"block flow", "block flow-root", "inline flow-root", "list-item block", "block list-item":
		return true
	}
	return false
}

// atomicInline are elements that sit in a line as a box of their own (images, embedded content,
// form controls): they end the paragraph before them.
var atomicInline = map[string]bool{"img": true, "svg": true, "input": true, "select": true, "textarea": true, "button": true, "math": true}

// inlineContent says whether a child of a block container belongs to its paragraph: a text run,
// a line break, or an inline element (display inline or contents, not atomic, not embedded)
// whose children all do.
func (cv *converter) inlineContent(n *capturemodel.DOMNode) bool {
	switch n.Type {
	case "text":
		return true
	case "element":
	default:
		return false
	}
	if _, ok := embedded[n.Tag]; ok || atomicInline[n.Tag] {
		return false
	}
	if d := n.Computed("display"); d != "inline" && d != "contents" {
		return false
	}
	if n.Computed("float") != "none" && n.Computed("float") != "" {
		return false
	}
	// Horizontal margin, padding and border of an inline element move the text after it; a
	// paragraph cannot hold that space. Up to MaxInlineSpacing it is dropped; an element with
	// more that sits on one line is converted on its own (its box is right), one that wraps stays
	// in the paragraph (its runs must not overlap the text around them).
	if len(n.Rects) == 0 && inlineSpacing(n) > MaxInlineSpacing {
		return false
	}
	for _, c := range cv.kids(n) {
		if c != nil && !cv.inlineContent(c) {
			return false
		}
	}
	return true
}

// MaxInlineSpacing is the most horizontal space (margins, paddings and borders, left and right
// together, px) an inline element on one line may add and still be a part of its paragraph.
const MaxInlineSpacing = 4

// inlineSpacing is the horizontal space an inline element adds around its text, in px.
func inlineSpacing(n *capturemodel.DOMNode) float64 {
	sum := 0.0
	for _, p := range []string{"margin-left", "margin-right", "padding-left", "padding-right", "border-left-width", "border-right-width"} {
		if p == "border-left-width" && n.Computed("border-left-style") == "none" || p == "border-right-width" && n.Computed("border-right-style") == "none" {
			continue
		}
		v, _ := css.ParsePx(n.Computed(p))
		sum += math.Abs(v)
	}
	return sum
}

// piece is a stretch of a paragraph's characters in one style.
type piece struct {
	text  string
	style int
}

// paragraphBuilder collects a paragraph's characters and styles in document order.
type paragraphBuilder struct {
	cv      *converter
	pieces  []piece
	styles  []runStyle
	frags   []capturemodel.Box      // line fragments of its text, in order
	inlines []*capturemodel.DOMNode // inline elements inside it, in order
	// shifted, mixedLine and rangeGradient note what the paragraph cannot hold (warnings).
	shifted, mixedLine, rangeGradient bool
	base                              string // page URL that relative hrefs resolve against
	nodeID                            string // the TEXT node's id, for warnings
}

// paragraph converts the inline children kids of block container n into one TEXT node placed
// in f, with inline backgrounds as RECTANGLEs behind it; nothing when it shows no text.
func (cv *converter) paragraph(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode, f *frame, in inherited) {
	node := cv.newNode("TEXT", "", capturemodel.Box{}, f)
	if node == nil {
		return
	}
	base := cv.c.Document.URL
	if base == "" {
		base = cv.c.Manifest.FinalURL
	}
	b := &paragraphBuilder{cv: cv, base: base, nodeID: node.ID}
	href := ""
	if n.Tag == "a" {
		href = b.link(n)
	}
	clip := cv.textFills(n, node.ID)
	for _, k := range kids {
		b.walk(k, n, in.decoration, href, n.Computed("visibility") != "visible", clip)
	}
	chars, segs := b.finish()
	if strings.TrimSpace(chars) == "" || b.allHidden(segs) {
		cv.unallocate(node, f.box.Out.ID)
		return
	}
	// Backgrounds and borders of inline elements (a highlighted phrase, inline code) are drawn
	// per line fragment, under the text.
	for _, el := range b.inlines {
		if el.Computed("visibility") == "visible" && inlineDraws(el) {
			cv.inlineBoxes(el, f, in)
		}
	}
	node.Name = naming.Clip(chars)
	node.Characters = chars
	// The node-level values are the first segment's (what Figma shows for a TEXT without
	// segments, and what a reader that ignores them draws); a paragraph of line breaks alone
	// takes the block's.
	var base0 runStyle
	if len(segs) > 0 && segs[0].style >= 0 {
		base0 = b.styles[segs[0].style]
	} else {
		base0 = cv.styleOf(n, nil, node.ID, in.decoration)
	}
	base0.apply(node)
	lineHeight := lineHeightOf(node, n)
	node.TextAlignHorizontal = textAlign(n)
	node.TextAlignVertical = "TOP"
	node.StyledTextSegments = b.segments(chars, segs)
	cv.textShadow(node, base0.shadow, n)
	b.warnApproximations(node, n, segs, base0)
	cv.placeParagraph(node, n, b.frags, lineHeight, chars, realKids(kids) == inFlowChildren(n), f)
	f.add(node, n, in)
	for _, el := range b.inlines {
		cv.paint.CSSWarnings(el, node.ID)
		cv.pseudoWarnings(el, node.ID)
	}
	if wm := n.Computed("writing-mode"); verticalWritingMode(wm) && !cv.verticalWarned[n] {
		cv.verticalWarned[n] = true
		cv.warn.Add(warnings.WritingMode, node.ID, "the text of %s is vertical (writing-mode %s); Figma has no vertical text, so it is drawn horizontally in its box", naming.Element(n), wm)
	}
}

// warnApproximations names what the paragraph TEXT node could not hold.
func (b *paragraphBuilder) warnApproximations(node *resultjson.Node, n *capturemodel.DOMNode, segs []piece, base runStyle) {
	cv := b.cv
	if b.shifted {
		cv.warn.Add(warnings.BaselineShift, node.ID, "text of %s is raised or lowered (vertical-align, sup, sub); Figma sets it on the baseline", naming.Element(n))
	}
	if b.mixedLine {
		cv.warn.Add(warnings.LineHeightMixed, node.ID, "text of %s has ranges of another line height; the paragraph's (%s) is used", naming.Element(n), n.Computed("line-height"))
	}
	shadows := false
	for _, p := range segs {
		if p.style >= 0 && b.styles[p.style].shadow != base.shadow {
			shadows = true
		}
	}
	switch {
	case shadows:
		cv.warn.Add(warnings.RangeEffect, node.ID, "ranges of %s have different text shadows; the TEXT takes the first range's", naming.Element(n))
	case b.rangeGradient:
		cv.warn.Add(warnings.RangeEffect, node.ID, "a range of %s is filled with a background clipped to its text, laid out in its own box (Figma lays it out over the whole TEXT)", naming.Element(n))
	}
}

// walk adds the content of k, a child of the element parent, to the paragraph.
// clip is the fill of text under an element whose background is clipped to its text.
func (b *paragraphBuilder) walk(k, parent *capturemodel.DOMNode, decoration, href string, hidden bool, clip []resultjson.Paint) {
	switch k.Type {
	case "text":
		st := b.cv.styleOf(parent, k, b.nodeID, decoration)
		st.hyperlink = href
		if clip != nil {
			st.fills = append([]resultjson.Paint{}, clip...)
		}
		if hidden {
			st.fills = []resultjson.Paint{}
		}
		b.add(k.Text, preserves(parent), st)
		if len(k.Rects) > 0 {
			b.frags = append(b.frags, k.Rects...)
		} else {
			b.frags = append(b.frags, k.Box)
		}
	case "element":
		if k.Tag == "br" {
			b.lineBreak()
			return
		}
		b.inlines = append(b.inlines, k)
		decoration = decorationOf(k, decoration)
		if k.Tag == "a" {
			if h := b.link(k); h != "" {
				href = h
			}
		}
		hidden = k.Computed("visibility") != "visible"
		if own := b.cv.textFills(k, b.nodeID); own != nil {
			clip = own
			b.rangeGradient = true
		}
		switch k.Computed("vertical-align") {
		case "baseline", "", "top", "bottom", "middle", "text-top", "text-bottom":
		default:
			b.shifted = true
		}
		if k.Computed("line-height") != parent.Computed("line-height") {
			b.mixedLine = true
		}
		for _, c := range b.cv.kids(k) {
			if c != nil {
				b.walk(c, k, decoration, href, hidden, clip)
			}
		}
	}
}

// link resolves an a element's href against the page URL; empty when it has none or it is not
// a web or mail link.
func (b *paragraphBuilder) link(a *capturemodel.DOMNode) string {
	h := strings.TrimSpace(a.Attrs["href"])
	if h == "" {
		return ""
	}
	u, err := url.Parse(h)
	if err != nil {
		return ""
	}
	if base, err := url.Parse(b.base); err == nil && b.base != "" {
		u = base.ResolveReference(u)
	}
	switch u.Scheme {
	case "http", "https", "mailto", "tel":
		return u.String()
	}
	return ""
}

// preserves says whether el's white-space keeps spaces as they are.
func preserves(el *capturemodel.DOMNode) bool {
	ws := el.Computed("white-space")
	return strings.HasPrefix(ws, "pre") || ws == "break-spaces"
}

// add appends text in style st. Collapsible white space (already collapsed inside each run by
// the capture) is collapsed across runs: a space after a space or a line start is dropped.
func (b *paragraphBuilder) add(text string, keep bool, st runStyle) {
	if !keep {
		if b.atLineStart() {
			text = strings.TrimLeft(text, " ")
		}
	}
	if text == "" {
		return
	}
	idx := -1
	for i := range b.styles {
		if sameStyle(b.styles[i], st) {
			idx = i
			break
		}
	}
	if idx < 0 {
		idx = len(b.styles)
		b.styles = append(b.styles, st)
	}
	if n := len(b.pieces); n > 0 && b.pieces[n-1].style == idx {
		b.pieces[n-1].text += text
		return
	}
	b.pieces = append(b.pieces, piece{text: text, style: idx})
}

// atLineStart says whether the paragraph is empty so far or ends with a space or line break.
func (b *paragraphBuilder) atLineStart() bool {
	for i := len(b.pieces) - 1; i >= 0; i-- {
		if t := b.pieces[i].text; t != "" {
			return strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\n")
		}
	}
	return true
}

// lineBreak ends the line (a br): the spaces before it are dropped and a "\n" is added in the
// style of the text before it.
func (b *paragraphBuilder) lineBreak() {
	b.trimEnd()
	if n := len(b.pieces); n > 0 {
		b.pieces[n-1].text += "\n"
		return
	}
	b.pieces = append(b.pieces, piece{text: "\n", style: -1})
}

// trimEnd drops the collapsible spaces at the end of the paragraph so far.
func (b *paragraphBuilder) trimEnd() {
	for len(b.pieces) > 0 {
		n := len(b.pieces) - 1
		b.pieces[n].text = strings.TrimRight(b.pieces[n].text, " ")
		if b.pieces[n].text != "" {
			return
		}
		b.pieces = b.pieces[:n]
	}
}

// finish trims the paragraph's ends and returns its characters and pieces (in order, non-empty,
// adjacent pieces in different styles).
func (b *paragraphBuilder) finish() (string, []piece) {
	b.trimEnd()
	for len(b.pieces) > 0 && strings.TrimRight(b.pieces[len(b.pieces)-1].text, "\n") != b.pieces[len(b.pieces)-1].text {
		n := len(b.pieces) - 1
		b.pieces[n].text = strings.TrimRight(b.pieces[n].text, "\n")
		b.trimEnd()
	}
	// A leading line break has no style of its own: it takes the next piece's.
	var out []piece
	for _, p := range b.pieces {
		if p.style < 0 {
			if strings.TrimSpace(p.text) == "" && len(out) == 0 {
				continue
			}
		}
		if n := len(out); n > 0 && out[n-1].style == p.style {
			out[n-1].text += p.text
			continue
		}
		out = append(out, p)
	}
	for i := range out {
		if out[i].style < 0 && i+1 < len(out) {
			out[i].style = out[i+1].style
		}
	}
	var sb strings.Builder
	for _, p := range out {
		sb.WriteString(p.text)
	}
	return sb.String(), out
}

// segments turns pieces into Figma styled text segments; start and end count UTF-16 code
// units, as Figma's (JavaScript) string offsets do.
func (b *paragraphBuilder) segments(chars string, pieces []piece) []resultjson.StyledTextSegment {
	segs := make([]resultjson.StyledTextSegment, 0, len(pieces))
	at := 0
	for _, p := range pieces {
		n := utf16Len(p.text)
		st := b.styles[max(0, p.style)]
		seg := resultjson.StyledTextSegment{
			Characters: p.text, Start: at, End: at + n,
			FontName: st.fontName, FontSize: st.fontSize, FontWeight: st.fontWeight,
			Fills: append([]resultjson.Paint{}, st.fills...), TextDecoration: orDefault(st.decoration, "NONE"),
			LetterSpacing: resultjson.LetterSpacing{Value: st.letterSpacing, Unit: "PIXELS"},
			TextCase:      orDefault(st.textCase, "ORIGINAL"),
		}
		if st.hyperlink != "" {
			seg.Hyperlink = &resultjson.Hyperlink{Type: "URL", Value: st.hyperlink}
		}
		segs = append(segs, seg)
		at += n
	}
	return segs
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// utf16Len counts the UTF-16 code units of s.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if l := utf16.RuneLen(r); l > 0 {
			n += l
		} else {
			n++ // an invalid rune is read as U+FFFD
		}
	}
	return n
}

func sameStyle(a, b runStyle) bool {
	if a.fontName != b.fontName || a.fontWeight != b.fontWeight || a.fontSize != b.fontSize ||
		a.decoration != b.decoration || a.letterSpacing != b.letterSpacing || a.textCase != b.textCase ||
		a.hyperlink != b.hyperlink || len(a.fills) != len(b.fills) {
		return false
	}
	for i := range a.fills {
		if !samePaint(a.fills[i], b.fills[i]) {
			return false
		}
	}
	return true
}

func samePaint(a, b resultjson.Paint) bool {
	if a.Type != b.Type || (a.Color == nil) != (b.Color == nil) || (a.Opacity == nil) != (b.Opacity == nil) {
		return false
	}
	if a.Color != nil && *a.Color != *b.Color {
		return false
	}
	return a.Opacity == nil || *a.Opacity == *b.Opacity
}

// allHidden says whether no piece is shown (all in elements with visibility hidden).
func (b *paragraphBuilder) allHidden(pieces []piece) bool {
	for _, p := range pieces {
		if p.style >= 0 && len(b.styles[p.style].fills) > 0 {
			return false
		}
	}
	return true
}
