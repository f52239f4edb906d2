package preview

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// text draws a TEXT node as Figma lays it out: the characters as they are (no whitespace
// collapsing; "\n" and U+2028 break lines), each paragraph (the lines between "\n") in the base
// direction of its first strong character (unicode-bidi: plaintext, as Figma sets it), in fontName's family and style at fontSize, with
// lineHeight (AUTO = the font's own, PIXELS, PERCENT of the font size), letterSpacing (PIXELS,
// PERCENT of the font size), textAlignHorizontal, textAlignVertical (within a fixed height),
// textCase, textDecoration, paragraphIndent (the first line only), styledTextSegments, and the
// top-most visible solid fill as its colour. textAutoResize:
// WIDTH_AND_HEIGHT never wraps, HEIGHT wraps at the node's width, NONE keeps the box (text may
// overflow it, as in Figma), TRUNCATE cuts the overflow with an ellipsis. textTruncation ENDING
// with maxLines N (not WIDTH_AND_HEIGHT) ends the Nth line with an ellipsis (CSS line-clamp); in
// a fixed box without maxLines it clips the overflow. textWrapStyle BALANCE or PRETTY chooses the
// line breaks of wrapping text as CSS text-wrap-style balance or pretty does.
func (g *htmlGen) text(b *strings.Builder, n *node) {
	var s strings.Builder
	fmt.Fprintf(&s, "left:%spx;top:%spx;%s", num(n.X), num(n.Y), n.placed)
	switch n.TextAutoResize {
	case "WIDTH_AND_HEIGHT":
		s.WriteString("white-space:pre;width:max-content;")
	case "HEIGHT":
		fmt.Fprintf(&s, "white-space:pre-wrap;width:%spx;", num(n.Width))
	case "TRUNCATE":
		fmt.Fprintf(&s, "white-space:pre;overflow:hidden;text-overflow:ellipsis;width:%spx;height:%spx;", num(n.Width), num(n.Height))
	default: // NONE: a fixed box
		fmt.Fprintf(&s, "white-space:pre-wrap;width:%spx;height:%spx;", num(n.Width), num(n.Height))
	}
	switch n.TextWrapStyle {
	case "BALANCE":
		s.WriteString("text-wrap-style:balance;")
	case "PRETTY":
		s.WriteString("text-wrap-style:pretty;")
	}
	truncated := n.TextTruncation == "ENDING" && n.TextAutoResize != "WIDTH_AND_HEIGHT"
	clamped := truncated && n.MaxLines > 0
	switch {
	case clamped:
		fmt.Fprintf(&s, "display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:%d;overflow:hidden;", n.MaxLines)
	case truncated:
		s.WriteString("overflow:hidden;")
	}
	if !clamped && (n.TextAutoResize == "" || n.TextAutoResize == "NONE" || n.TextAutoResize == "TRUNCATE") {
		s.WriteString("display:flex;flex-direction:column;")
		switch n.TextAlignVertical {
		case "CENTER":
			s.WriteString("justify-content:center;")
		case "BOTTOM":
			s.WriteString("justify-content:flex-end;")
		}
	}
	if segmented(n) {
		// Each range draws its own decoration: a line set on the block would run under every
		// range (CSS propagates it to the spans, and text-decoration:none cannot take it away),
		// where Figma draws it only under the ranges that have it.
		m := *n
		m.TextDecoration = ""
		s.WriteString(fontCSS(&m))
	} else {
		s.WriteString(fontCSS(n))
	}
	if n.ParagraphIndent != 0 {
		// Figma indents the first line of every paragraph; CSS of the first line of the block
		// (the same for text without line breaks).
		fmt.Fprintf(&s, "text-indent:%spx;", num(n.ParagraphIndent))
	}
	if n.Fills != nil {
		if c, ok := solidColor(*n.Fills); ok {
			s.WriteString("color:" + c + ";")
		} else if c, ok := strokeColor(*n.Fills); ok { // a gradient fill: its first stop
			s.WriteString("color:" + c + ";")
		} else {
			s.WriteString("color:transparent;")
		}
	} else {
		s.WriteString("color:#000;") // figma.createText starts black
	}
	if c, ok := strokeColor(n.Strokes); ok && n.StrokeWeight != nil && *n.StrokeWeight > 0 {
		// A TEXT's stroke follows its glyphs (CENTER, as -webkit-text-stroke draws it).
		fmt.Fprintf(&s, "-webkit-text-stroke:%spx %s;", num(*n.StrokeWeight), c)
	}
	s.WriteString(layerStyle(n, false))
	if sh := shadows(n.Effects, "DROP_SHADOW", true); sh != "" {
		s.WriteString("text-shadow:" + sh + ";")
	}
	if f := blurFilter(n.Effects); f != "" {
		s.WriteString("filter:" + f + ";")
	}
	fmt.Fprintf(b, `<div class="t" data-id="%s" style="%s">%s</div>`, attr(n.ID), s.String(), textSpans(n))
}

// textSpans is the node's characters as spans: one per styled text segment (each in its own
// font, size, colour, decoration, letter spacing and case, as setRange* sets them), or one span
// of the whole text when it has none or they do not cover it. A text with list ranges is drawn
// paragraph by paragraph (listSpans).
func textSpans(n *node) string {
	chars := strings.ReplaceAll(n.Characters, "\u2028", "\n")
	if !segmented(n) {
		return "<span>" + attr(chars) + "</span>"
	}
	if listed(n) {
		return listSpans(n, chars)
	}
	units := utf16.Encode([]rune(chars))
	var b strings.Builder
	for _, seg := range n.StyledTextSegments {
		part := string(utf16.Decode(units[seg.Start:seg.End]))
		fmt.Fprintf(&b, `<span style="%s">%s</span>`, segmentCSS(n, seg), attr(part))
	}
	return b.String()
}

// listed says whether a range of n is a list (listOptions ORDERED or UNORDERED).
func listed(n *node) bool {
	for _, seg := range n.StyledTextSegments {
		if seg.ListOptions != nil && (seg.ListOptions.Type == "ORDERED" || seg.ListOptions.Type == "UNORDERED") {
			return true
		}
	}
	return false
}

// listSpans draws the paragraphs of n (the lines between "\n") as blocks, those whose first
// range is a list as CSS list items: a bullet (UNORDERED) or a number counting the list's items
// from 1 (ORDERED), in the paragraph's first range's colour and font, outside the text when
// hangingList is set (where CSS puts an outside marker, left of the text at its first line),
// else before it (inside), with its listSpacing below it but the last. Figma draws its "•" and "1." markers so (docs/conversion.md "Lists").
func listSpans(n *node, chars string) string {
	units := utf16.Encode([]rune(chars))
	var b, para strings.Builder
	first := -1 // the segment that starts the open paragraph
	flush := func(last bool) {
		style := "display:block;"
		if first >= 0 {
			seg := n.StyledTextSegments[first]
			if lo := seg.ListOptions; lo != nil && (lo.Type == "ORDERED" || lo.Type == "UNORDERED") {
				kind, pos := "disc", "inside"
				if lo.Type == "ORDERED" {
					kind = "decimal"
				}
				if n.HangingList {
					pos = "outside"
				}
				style = fmt.Sprintf("display:list-item;list-style:%s %s;%s", kind, pos, markerCSS(n, seg))
				if seg.ListSpacing > 0 && !last {
					style += fmt.Sprintf("margin-bottom:%spx;", num(seg.ListSpacing))
				}
			}
		}
		content := para.String()
		if content == "" {
			content = "<br>" // an empty paragraph is one line tall
		}
		fmt.Fprintf(&b, `<div style="%s">%s</div>`, style, content)
		para.Reset()
		first = -1
	}
	for i, seg := range n.StyledTextSegments {
		part := string(utf16.Decode(units[seg.Start:seg.End]))
		for {
			if first < 0 {
				first = i
			}
			line, rest, cut := strings.Cut(part, "\n")
			if line != "" {
				fmt.Fprintf(&para, `<span style="%s">%s</span>`, segmentCSS(n, seg), attr(line))
			}
			if !cut {
				break
			}
			flush(false)
			part = rest
			if part == "" {
				break
			}
		}
	}
	if first >= 0 || strings.HasSuffix(chars, "\n") {
		flush(true)
	}
	return `<div style="counter-reset:list-item">` + b.String() + "</div>"
}

// markerCSS is the style of a list item's marker: its paragraph's first range's font and colour
// (segmentCSS without the decoration, which CSS would draw under the whole paragraph).
func markerCSS(n *node, seg textSegment) string {
	var s strings.Builder
	for _, decl := range strings.Split(segmentCSS(n, seg), ";") {
		if decl != "" && !strings.HasPrefix(decl, "text-decoration") {
			s.WriteString(decl + ";")
		}
	}
	return s.String()
}

// segmented says whether n is drawn by its styled text segments: it has some, and they cover
// its characters.
func segmented(n *node) bool {
	return len(n.StyledTextSegments) > 0 && coversAll(n.StyledTextSegments, utf16Len(n.Characters))
}

// utf16Len is the length of s in UTF-16 units (Figma's character offsets).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// coversAll says whether segs cover n UTF-16 units in order without gaps (the backend's rule;
// anything else is drawn unstyled).
func coversAll(segs []textSegment, n int) bool {
	at := 0
	for _, s := range segs {
		if s.Start != at || s.End <= s.Start || s.End > n {
			return false
		}
		at = s.End
	}
	return at == n
}

// segmentCSS is the inline style of one segment: its font and decoration over the node's
// line height and alignment.
func segmentCSS(n *node, seg textSegment) string {
	m := *n
	m.FontName, m.FontSize, m.FontWeight = seg.FontName, seg.FontSize, seg.FontWeight
	m.LetterSpacing, m.TextCase, m.TextDecoration = seg.LetterSpacing, seg.TextCase, seg.TextDecoration
	m.decorationLook = seg.decorationLook
	if m.FontSize <= 0 {
		m.FontSize = n.FontSize
	}
	var s strings.Builder
	for _, decl := range strings.Split(fontCSS(&m), ";") {
		// Line height and alignment are the paragraph's.
		if decl != "" && !strings.HasPrefix(decl, "line-height:") && !strings.HasPrefix(decl, "text-align:") {
			s.WriteString(decl + ";")
		}
	}
	if seg.TextDecoration == "NONE" {
		s.WriteString("text-decoration:none;")
	}
	if seg.TextCase == "ORIGINAL" {
		s.WriteString("text-transform:none;font-variant-caps:normal;")
	}
	if seg.Fills != nil {
		if c, ok := solidColor(*seg.Fills); ok {
			s.WriteString("color:" + c + ";")
		} else if c, ok := strokeColor(*seg.Fills); ok { // a gradient fill: its first stop, as for the node
			s.WriteString("color:" + c + ";")
		} else {
			s.WriteString("color:transparent;")
		}
	}
	return s.String()
}

// fontCSS is the font of a TEXT node. The family is asked for by name, from the faces of the
// workers' Chromium (worker/internal/headless's fonts.conf: the faces the converter names); a
// family it lacks falls back to Chromium's sans-serif (serif, monospace for the converter's
// generic mappings), which Figma would not do (docs/fidelity.md).
func fontCSS(n *node) string {
	var s strings.Builder
	family, style := "Inter", "Regular"
	if n.FontName != nil {
		if n.FontName.Family != "" {
			family = n.FontName.Family
		}
		style = n.FontName.Style
	}
	fallback := "sans-serif"
	switch family {
	case "Noto Serif":
		fallback = "serif"
	case "Noto Sans Mono", "Roboto Mono":
		fallback = "monospace"
	}
	if face, ok := machineFaces[family]; ok {
		// The family under the name the workers' Chromium knows it by.
		fmt.Fprintf(&s, "font-family:'%s','%s',%s;", cssString(family), face, fallback)
	} else {
		fmt.Fprintf(&s, "font-family:'%s',%s;", cssString(family), fallback)
	}
	weight := styleWeight(style)
	if weight == 0 {
		weight = n.FontWeight
	}
	if weight == 0 {
		weight = 400
	}
	fmt.Fprintf(&s, "font-weight:%d;", weight)
	if ls := strings.ToLower(style); strings.Contains(ls, "italic") || strings.Contains(ls, "oblique") {
		s.WriteString("font-style:italic;")
	}
	size := n.FontSize
	if size <= 0 {
		size = 12 // figma.createText's default
	}
	fmt.Fprintf(&s, "font-size:%spx;", num(size))
	switch {
	case n.LineHeight == nil || n.LineHeight.Unit == "AUTO" || n.LineHeight.Value == nil:
		s.WriteString("line-height:normal;")
	case n.LineHeight.Unit == "PERCENT":
		fmt.Fprintf(&s, "line-height:%spx;", num(*n.LineHeight.Value*size/100))
	default:
		fmt.Fprintf(&s, "line-height:%spx;", num(*n.LineHeight.Value))
	}
	if ls := n.LetterSpacing; ls != nil && ls.Value != 0 {
		v := ls.Value
		if ls.Unit == "PERCENT" {
			v = v * size / 100
		}
		fmt.Fprintf(&s, "letter-spacing:%spx;", num(v))
	}
	switch n.TextAlignHorizontal {
	case "CENTER":
		s.WriteString("text-align:center;")
	case "RIGHT":
		s.WriteString("text-align:right;")
	case "JUSTIFIED":
		s.WriteString("text-align:justify;")
	default:
		s.WriteString("text-align:left;")
	}
	switch n.TextCase {
	case "UPPER":
		s.WriteString("text-transform:uppercase;")
	case "LOWER":
		s.WriteString("text-transform:lowercase;")
	case "TITLE":
		s.WriteString("text-transform:capitalize;")
	case "SMALL_CAPS":
		s.WriteString("font-variant-caps:small-caps;")
	case "SMALL_CAPS_FORCED":
		s.WriteString("font-variant-caps:all-small-caps;")
	}
	switch n.TextDecoration {
	case "UNDERLINE":
		s.WriteString("text-decoration:underline;")
	case "STRIKETHROUGH":
		s.WriteString("text-decoration:line-through;")
	}
	if n.TextDecoration == "UNDERLINE" || n.TextDecoration == "STRIKETHROUGH" {
		s.WriteString(decorationCSS(n.decorationLook, n.FontSize))
	}
	return s.String()
}

// machineFaces maps the Google Fonts names the converter gives Noto CJK faces (Figma's names)
// to the families of the workers' Chromium (Debian's fonts-noto-cjk), so that Japanese text set
// in Noto Sans JP is drawn with the Japanese glyphs the page showed.
var machineFaces = map[string]string{
	"Noto Sans JP": "Noto Sans CJK JP", "Noto Sans KR": "Noto Sans CJK KR", "Noto Sans SC": "Noto Sans CJK SC",
	"Noto Sans TC": "Noto Sans CJK TC", "Noto Sans HK": "Noto Sans CJK HK",
	"Noto Serif JP": "Noto Serif CJK JP", "Noto Serif KR": "Noto Serif CJK KR", "Noto Serif SC": "Noto Serif CJK SC",
	"Noto Serif TC": "Noto Serif CJK TC", "Noto Serif HK": "Noto Serif CJK HK",
}

// styleWeights maps words of Figma style names to CSS weights, longest first so "ExtraBold"
// is not read as "Bold".
var styleWeights = []struct {
	word   string
	weight int
}{
	{"extralight", 200}, {"ultralight", 200}, {"extrabold", 800}, {"ultrabold", 800},
	{"semibold", 600}, {"demibold", 600}, {"hairline", 100}, {"thin", 100}, {"light", 300},
	{"regular", 400}, {"normal", 400}, {"book", 400}, {"medium", 500}, {"bold", 700},
	{"heavy", 800}, {"black", 900},
}

// styleWeight is the CSS weight a Figma style name ("Semi Bold Italic") says, 0 if none.
func styleWeight(style string) int {
	s := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(style, " ", ""), "-", ""))
	for _, w := range styleWeights {
		if strings.Contains(s, w.word) {
			return w.weight
		}
	}
	return 0
}

// cssString keeps a family name safe inside a single-quoted CSS string in a double-quoted HTML
// attribute.
func cssString(s string) string {
	return strings.NewReplacer(`"`, "", "'", "", `\`, "", "<", "", ">", "", "&", "", "\n", " ", ";", "").Replace(s)
}

// decorationCSS draws a decoration line as d says: text-decoration-style, -color and -thickness
// and text-underline-offset (a PERCENT is of fontSize px).
func decorationCSS(d decorationLook, fontSize float64) string {
	var s strings.Builder
	switch d.TextDecorationStyle {
	case "WAVY":
		s.WriteString("text-decoration-style:wavy;")
	case "DOTTED":
		s.WriteString("text-decoration-style:dotted;")
	}
	length := func(l *decorationLength) string {
		if l.Unit == "PERCENT" {
			return num(l.Value*fontSize/100) + "px"
		}
		return num(l.Value) + "px"
	}
	if d.TextDecorationThickness != nil {
		s.WriteString("text-decoration-thickness:" + length(d.TextDecorationThickness) + ";")
	}
	if d.TextDecorationOffset != nil {
		s.WriteString("text-underline-offset:" + length(d.TextDecorationOffset) + ";")
	}
	if d.TextDecorationColor != nil {
		if c, ok := solidColor([]paint{d.TextDecorationColor.Value}); ok {
			s.WriteString("text-decoration-color:" + c + ";")
		}
	}
	return s.String()
}
