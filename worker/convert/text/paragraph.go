package text

import (
	"cmp"
	"math"
	"net/url"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/rivo/uniseg"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Paragraphs (docs/conversion.md "Text"): the inline content of a block container becomes ONE
// TEXT node whose styledTextSegments carry what varies inside it.

// Paragraph is the inline content of a block laid out as one TEXT: its characters in styled
// pieces, the line fragments of its text, and the inline elements inside it.
type Paragraph struct {
	b     *paragraphBuilder
	chars string
	segs  []piece
	// Inlines are the inline elements inside it, in document order.
	Inlines []*capturemodel.DOMNode
}

// Paragraph lays out kids, the inline children of block container n, as the paragraph of the
// TEXT node nodeID (its warnings name it); decoration is the text decoration n inherits.
func (s *Setter) Paragraph(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode, nodeID string, decoration boxtree.TextDecoration) *Paragraph {
	b := &paragraphBuilder{s: s, nodeID: nodeID, midLine: s.followsBox(n, kids)}
	href := ""
	if n.Tag == "a" {
		href = b.link(n)
	}
	clip := s.fills(n, nodeID)
	for _, k := range kids {
		b.walk(k, n, decoration, href, n.Computed("visibility") != "visible", clip)
	}
	chars, segs := b.finish()
	if marked := markDirection(n.Computed("direction"), segs); !slices.Equal(marked, segs) {
		segs, chars = marked, joinPieces(marked)
	}
	return &Paragraph{b: b, chars: chars, segs: segs, Inlines: b.inlines}
}

// Empty says whether the paragraph shows no text (only spaces, or all of it hidden).
func (p *Paragraph) Empty() bool {
	return strings.TrimSpace(p.chars) == "" || p.b.allHidden(p.segs)
}

// SetParagraph sets the TEXT node of paragraph p of block n: its characters, the first range's
// typography at node level, the styled ranges, and its box (whole says the paragraph is all n
// holds; ox, oy are the page position of the node's frame).
func (s *Setter) SetParagraph(node *resultjson.Node, n *capturemodel.DOMNode, p *Paragraph, decoration boxtree.TextDecoration, whole bool, ox, oy float64) {
	cl, cr := contentEdges(n)
	s.setParagraph(node, n, p, decoration, whole, cl, cr, ox, oy)
}

// setParagraph is SetParagraph in the box from cl to cr (page px).
func (s *Setter) setParagraph(node *resultjson.Node, n *capturemodel.DOMNode, p *Paragraph, decoration boxtree.TextDecoration, whole bool, cl, cr, ox, oy float64) {
	b, chars, segs := p.b, p.chars, p.segs
	node.Name = naming.Clip(strings.NewReplacer(rlm, "", lrm, "").Replace(chars))
	node.Characters = chars
	// The node-level values are the first segment's (what Figma shows for a TEXT without
	// segments, and what a reader that ignores them draws); a paragraph of line breaks alone
	// takes the block's.
	var base0 runStyle
	if len(segs) > 0 && segs[0].style >= 0 {
		base0 = b.styles[segs[0].style]
	} else {
		base0 = s.styleOf(n, nil, node.ID, decoration)
	}
	lineHeight := s.typeset(node, base0, n)
	node.StyledTextSegments = b.segments(chars, segs)
	b.warnApproximations(node, n, segs, base0)
	s.place(node, n, b.frags, lineHeight, chars, whole, cl, cr, ox, oy)
}

// PartParagraph lays out the paragraph of kids in block n as Paragraph does, for its parts
// (Parts): its characters and pieces are those of part i, its line fragments the part's.
// Warnings name nodeID.
func (s *Setter) PartParagraph(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode, parts []Part, i int, nodeID string, decoration boxtree.TextDecoration) *Paragraph {
	b := &paragraphBuilder{s: s, nodeID: nodeID, starts: map[int]bool{}}
	for _, p := range parts[1:] {
		b.starts[p.From] = true
	}
	href := ""
	if n.Tag == "a" {
		href = b.link(n)
	}
	clip := s.fills(n, nodeID)
	for _, k := range kids {
		b.walk(k, n, decoration, href, n.Computed("visibility") != "visible", clip)
	}
	_, all := b.finish()
	var segs []piece
	if split := splitPieces(all); i < len(split) {
		segs = markDirection(n.Computed("direction"), split[i])
	}
	b.frags = b.frags[parts[i].From:parts[i].To]
	return &Paragraph{b: b, chars: joinPieces(segs), segs: segs, Inlines: b.inlines}
}

// SetPart sets the TEXT node of part p of a paragraph of block n split around floats (its
// characters in pp, PartParagraph): as SetParagraph, in the part's line box: from its left to
// its right edge, from the top of its first line to the bottom of its last.
func (s *Setter) SetPart(node *resultjson.Node, n *capturemodel.DOMNode, pp *Paragraph, p Part, decoration boxtree.TextDecoration, ox, oy float64) {
	s.setParagraph(node, n, pp, decoration, false, p.Left, p.Right, ox, oy)
}

// piece is a stretch of a paragraph's characters in one style.
type piece struct {
	text  string
	style int
}

// paragraphBuilder collects a paragraph's characters and styles in document order.
type paragraphBuilder struct {
	s      *Setter
	pieces []piece
	styles []runStyle
	frags  []capturemodel.Box // line fragments of its text, in order
	refs   []fragRef          // the run and index of each of frags
	// starts are the line fragments (indices in frags) that start a part after the first, when
	// the paragraph is built for its parts (Setter.PartParagraph): a sentinel marks each.
	starts  map[int]bool
	inlines []*capturemodel.DOMNode // inline elements inside it, in order
	// shifted, mixedLine and rangeGradient note what the paragraph cannot hold (warnings).
	shifted, mixedLine, rangeGradient bool
	nodeID                            string // the TEXT node's id, for warnings
	// midLine says the paragraph starts beside a box on its first line (followsBox): its
	// leading space is drawn, not collapsed.
	midLine bool
}

// warnApproximations names what the paragraph TEXT node could not hold.
func (b *paragraphBuilder) warnApproximations(node *resultjson.Node, n *capturemodel.DOMNode, segs []piece, base runStyle) {
	if b.shifted {
		b.s.Warn.Add(warnings.BaselineShift, node.ID, "text of %s is raised or lowered (vertical-align, sup, sub); Figma sets it on the baseline", naming.Element(n))
	}
	if b.mixedLine {
		b.s.Warn.Add(warnings.LineHeightMixed, node.ID, "text of %s has ranges of another line height; the paragraph's (%s) is used", naming.Element(n), n.Computed("line-height"))
	}
	shadows := slices.ContainsFunc(segs, func(p piece) bool { return p.style >= 0 && b.styles[p.style].shadow != base.shadow })
	strokes := slices.ContainsFunc(segs, func(p piece) bool { return p.style >= 0 && b.styles[p.style].stroke != base.stroke })
	if i := slices.IndexFunc(segs, func(p piece) bool { return p.style >= 0 && b.styles[p.style].emphasis != "" }); i >= 0 {
		b.s.Warn.Add(warnings.TextEmphasis, node.ID, "the emphasis marks of %s (text-emphasis %s) are not drawn: Figma has none", naming.Element(n), b.styles[segs[i].style].emphasis)
	}
	switch {
	case shadows:
		b.s.Warn.Add(warnings.RangeEffect, node.ID, "ranges of %s have different text shadows; the TEXT takes the first range's", naming.Element(n))
	case strokes:
		b.s.Warn.Add(warnings.RangeEffect, node.ID, "ranges of %s have different text strokes (-webkit-text-stroke); the TEXT takes the first range's", naming.Element(n))
	case b.rangeGradient:
		b.s.Warn.Add(warnings.RangeEffect, node.ID, "a range of %s is filled with a background clipped to its text, laid out in its own box (Figma lays it out over the whole TEXT)", naming.Element(n))
	}
}

// walk adds the content of k, a child of the element parent, to the paragraph.
// clip is the fill of text under an element whose background is clipped to its text.
func (b *paragraphBuilder) walk(k, parent *capturemodel.DOMNode, decoration boxtree.TextDecoration, href string, hidden bool, clip []resultjson.Paint) {
	switch k.Type {
	case "text":
		st := b.s.styleOf(parent, k, b.nodeID, decoration)
		st.hyperlink = href
		if clip != nil {
			st.fills = append([]resultjson.Paint{}, clip...)
		}
		if hidden {
			st.fills = []resultjson.Paint{}
		}
		text := k.Text
		if b.starts != nil {
			i0 := len(b.frags)
			text = cutRun(text, k.LineStarts, func(j int) bool { return b.starts[i0+j] })
		}
		for _, fr := range b.s.faceRuns(k, text, st) {
			b.add(fr.text, Preserves(parent), fr.st)
		}
		for j, f := range lineFrags(k) {
			b.frags = append(b.frags, f)
			b.refs = append(b.refs, fragRef{run: k, k: j})
		}
	case "element":
		if k.Tag == "br" {
			b.lineBreak()
			return
		}
		b.inlines = append(b.inlines, k)
		decoration = Decoration(k, decoration)
		if k.Tag == "a" {
			if h := b.link(k); h != "" {
				href = h
			}
		}
		hidden = k.Computed("visibility") != "visible"
		if own := b.s.fills(k, b.nodeID); own != nil {
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
		// More space than MaxInlineSpacing (an element that wraps, or it would not be in the
		// paragraph) moves the text after it too far to drop: it becomes letter spacing.
		var left, right float64
		if InlineSpacing(k) > MaxInlineSpacing {
			left, right = sideSpace(k)
		}
		b.spaceAfterLast(left)
		for _, c := range b.s.Kids(k) {
			if c != nil {
				b.walk(c, k, decoration, href, hidden, clip)
			}
		}
		b.spaceAfterLast(right)
	}
}

// MaxInlineSpacing is the most horizontal space (margins, paddings and borders, left and right
// together, px) an inline element on one line may add and still be a part of its paragraph; up
// to it the space is dropped.
const MaxInlineSpacing = 4

// InlineSpacing is the horizontal space an inline element adds around its text (px): its
// margins, paddings and borders on both sides, each counted as a positive length.
func InlineSpacing(n *capturemodel.DOMNode) float64 {
	sum := 0.0
	for _, edge := range []string{"left", "right"} {
		for _, v := range edgeLengths(n, edge) {
			sum += math.Abs(v)
		}
	}
	return sum
}

// edgeLengths are inline element n's margin, padding and border (0 without a border style) on
// one edge, "left" or "right", in px.
func edgeLengths(n *capturemodel.DOMNode, edge string) [3]float64 {
	var out [3]float64
	out[0], _ = css.ParsePx(n.Computed("margin-" + edge))
	out[1], _ = css.ParsePx(n.Computed("padding-" + edge))
	if n.Computed("border-"+edge+"-style") != "none" {
		out[2], _ = css.ParsePx(n.Computed("border-" + edge + "-width"))
	}
	return out
}

// sideSpace is the horizontal space inline element k adds before and after its text (px): its
// margin, border and padding on each side. In a right-to-left or vertical paragraph, whose
// characters Figma does not lay out left to right, it is 0 (the space is dropped).
func sideSpace(k *capturemodel.DOMNode) (before, after float64) {
	if k.Computed("direction") == "rtl" || VerticalWritingMode(k.Computed("writing-mode")) {
		return 0, 0
	}
	sum := func(l [3]float64) float64 { return l[0] + l[1] + l[2] }
	return sum(edgeLengths(k, "left")), sum(edgeLengths(k, "right"))
}

// spaceAfterLast widens the space after the paragraph's last character so far by px (an inline
// element's margin, border and padding, sideSpace): that character (lastCharacter) gets a
// range of its own whose letterSpacing is px more, as Figma (like CSS letter-spacing) adds letter
// spacing after each character. Nothing is widened when px is 0 or the paragraph has no character yet, or ends a
// line (a br) or a part (floats).
func (b *paragraphBuilder) spaceAfterLast(px float64) {
	if px == 0 {
		return
	}
	i := len(b.pieces) - 1
	for i >= 0 && b.pieces[i].text == "" {
		i--
	}
	if i < 0 || b.pieces[i].style < 0 {
		return
	}
	p := b.pieces[i]
	last := lastCharacter(p.text)
	if last == "\n" || last == sentinel {
		return
	}
	st := b.styles[p.style]
	st.letterSpacing = css.Px(st.letterSpacing + px)
	spaced := piece{text: last, style: b.styleIndex(st)}
	if b.pieces[i].text = p.text[:len(p.text)-len(last)]; b.pieces[i].text == "" {
		b.pieces[i] = spaced
		return
	}
	b.pieces = slices.Insert(b.pieces, i+1, spaced)
}

// lastCharacter is the last user-perceived character of s (its last extended grapheme cluster,
// Unicode UAX #29: a letter with its combining marks, an emoji with its modifiers and joiners, a
// flag's two regional indicators), so a range never splits one; "" for an empty s.
func lastCharacter(s string) string {
	last, state := "", -1
	for s != "" {
		last, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
	}
	return last
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
	if base, err := url.Parse(b.s.Base); err == nil && b.s.Base != "" {
		u = base.ResolveReference(u)
	}
	switch u.Scheme {
	case "http", "https", "mailto", "tel":
		return u.String()
	}
	return ""
}

// Preserves says whether el's white-space keeps spaces as they are.
func Preserves(el *capturemodel.DOMNode) bool {
	ws := el.Computed("white-space")
	return strings.HasPrefix(ws, "pre") || ws == "break-spaces"
}

// add appends text in style st. Collapsible white space (already collapsed inside each run by
// the capture) is collapsed across runs: a space after a space or a line start is dropped.
func (b *paragraphBuilder) add(text string, keep bool, st runStyle) {
	if !keep && b.atLineStart() {
		text = strings.TrimLeft(text, " ")
	}
	if text == "" {
		return
	}
	idx := b.styleIndex(st)
	if n := len(b.pieces); n > 0 && b.pieces[n-1].style == idx {
		b.pieces[n-1].text += text
		return
	}
	b.pieces = append(b.pieces, piece{text: text, style: idx})
}

// styleIndex is the index of style st in the paragraph's styles, added when new.
func (b *paragraphBuilder) styleIndex(st runStyle) int {
	idx := slices.IndexFunc(b.styles, func(s runStyle) bool { return sameStyle(s, st) })
	if idx < 0 {
		idx = len(b.styles)
		b.styles = append(b.styles, st)
	}
	return idx
}

// atLineStart says whether the paragraph is empty so far (and starts a line) or ends with a
// space or line break.
func (b *paragraphBuilder) atLineStart() bool {
	for i := len(b.pieces) - 1; i >= 0; i-- {
		if t := b.pieces[i].text; t != "" {
			return strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\n")
		}
	}
	return !b.midLine
}

// followsBox says whether the paragraph of kids, inline children of block n, starts on a line
// right after a box of its own (an icon, an image, an inline-block: the sibling before kids[0],
// which ended the paragraph before): CSS collapses a space at the start of a line only (CSS Text
// 3 §4.1.2), so the space after such a box is drawn, and the paragraph's first fragment starts
// with it. A float is no such box: the line starts beside it.
func (s *Setter) followsBox(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode) bool {
	if len(kids) == 0 || s.Kids == nil || Preserves(n) {
		return false
	}
	siblings := s.Kids(n)
	i := slices.Index(siblings, kids[0])
	if i < 1 {
		return false
	}
	prev := siblings[i-1]
	if prev == nil || prev.Type != "element" || prev.Box.Width <= 0 || prev.Box.Height <= 0 ||
		prev.Computed("float") != "none" || !strings.HasPrefix(prev.Computed("display"), "inline") {
		return false
	}
	run := firstRun(kids[0], s.Kids)
	if run == nil || !strings.HasPrefix(run.Text, " ") {
		return false
	}
	first := lineFrags(run)[0]
	// On the same line (their boxes overlap vertically), the text starting where the box ends.
	return first.Y < prev.Box.Y+prev.Box.Height && prev.Box.Y < first.Y+first.Height && first.X >= prev.Box.X+prev.Box.Width-0.5
}

// lineFrags are text run k's line fragments: its rects when it wraps, else its box.
func lineFrags(k *capturemodel.DOMNode) []capturemodel.Box {
	if len(k.Rects) > 0 {
		return k.Rects
	}
	return []capturemodel.Box{k.Box}
}

// firstRun is the first text run of k in document order (k itself when it is one).
func firstRun(k *capturemodel.DOMNode, kids func(*capturemodel.DOMNode) []*capturemodel.DOMNode) *capturemodel.DOMNode {
	if k == nil {
		return nil
	}
	if k.Type == "text" {
		return k
	}
	for _, c := range kids(k) {
		if r := firstRun(c, kids); r != nil {
			return r
		}
	}
	return nil
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
		if p.style < 0 && strings.TrimSpace(p.text) == "" && len(out) == 0 {
			continue
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
			Fills: append([]resultjson.Paint{}, st.fills...), TextDecoration: cmp.Or(st.decoration, "NONE"),
			LetterSpacing: resultjson.LetterSpacing{Value: st.letterSpacing, Unit: "PIXELS"},
			TextCase:      cmp.Or(st.textCase, "ORIGINAL"),
		}
		seg.TextDecorationDetails = st.decor.details()
		if st.hyperlink != "" {
			seg.Hyperlink = &resultjson.Hyperlink{Type: "URL", Value: st.hyperlink}
		}
		segs = append(segs, seg)
		at += n
	}
	return segs
}

// joinPieces is the characters of pieces, in order.
func joinPieces(pieces []piece) string {
	var sb strings.Builder
	for _, p := range pieces {
		sb.WriteString(p.text)
	}
	return sb.String()
}

// utf16Len counts the UTF-16 code units of s (an invalid byte is read as U+FFFD, one unit).
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

func sameStyle(a, b runStyle) bool {
	if a.fontName != b.fontName || a.fontWeight != b.fontWeight || a.fontSize != b.fontSize ||
		a.decoration != b.decoration || a.decor != b.decor || a.letterSpacing != b.letterSpacing || a.textCase != b.textCase ||
		a.hyperlink != b.hyperlink {
		return false
	}
	return slices.EqualFunc(a.fills, b.fills, samePaint)
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
	return !slices.ContainsFunc(pieces, func(p piece) bool { return p.style >= 0 && len(b.styles[p.style].fills) > 0 })
}
