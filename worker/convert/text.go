package convert

import (
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// The text pass: text runs become TEXT nodes with their typography (docs/conversion.md "Text").

// text converts a text run whose parent element is el into a TEXT node.
func (cv *converter) text(t, el *capturemodel.DOMNode, f *frame, decoration string) *resultjson.Node {
	if el.Computed("visibility") != "visible" {
		return nil
	}
	chars := t.Text
	if strings.HasPrefix(el.Computed("white-space"), "pre") || el.Computed("white-space") == "break-spaces" {
		chars = strings.TrimRight(chars, "\n")
	} else {
		chars = strings.TrimSpace(chars)
	}
	if strings.TrimSpace(chars) == "" {
		return nil
	}
	node := cv.newNode("TEXT", chars, t.Box, f)
	if node == nil {
		return nil
	}
	cv.setText(node, el, t, chars, decoration)
	if wm := el.Computed("writing-mode"); verticalWritingMode(wm) && !cv.verticalWarned[el] {
		// Figma text is horizontal only. The node keeps the vertical run's box (so the layout
		// around it holds) and the warning says the text inside is not vertical.
		cv.verticalWarned[el] = true
		cv.warn.Add(warnings.WritingMode, node.ID, "the text of %s is vertical (writing-mode %s); Figma has no vertical text, so it is drawn horizontally in its box", naming.Element(el), wm)
	}
	return node
}

// verticalWritingMode says whether a computed writing-mode sets text vertically: vertical-rl,
// vertical-lr, sideways-rl, sideways-lr, and the SVG 1.1 aliases tb and tb-rl (which browsers
// may report as computed).
func verticalWritingMode(wm string) bool {
	switch wm {
	case "", "horizontal-tb", "lr", "lr-tb", "rl", "rl-tb":
		return false
	}
	return true
}

// runStyle is the typography of one run of text: what a styled segment carries (Figma's
// StyledTextSegment fields), read from the computed style of the run's element.
type runStyle struct {
	fontName   resultjson.FontName
	fontWeight int
	fontSize   float64
	// fills is the text colour; empty for text that is laid out but not shown (visibility).
	fills         []resultjson.Paint
	decoration    string // "", UNDERLINE or STRIKETHROUGH
	letterSpacing float64
	textCase      string // "", UPPER, LOWER or TITLE
	hyperlink     string // absolute URL, or ""
	// shadow is the computed text-shadow, a node-level effect (not part of a segment).
	shadow string
}

// styleOf reads the typography of the text run run (nil when there is none) whose element is
// el; nodeID names the node its warnings are about.
func (cv *converter) styleOf(el, run *capturemodel.DOMNode, nodeID, decoration string) runStyle {
	st := runStyle{decoration: decoration, shadow: el.Computed("text-shadow")}
	color := el.Computed("color")
	if fill, ok := el.Style["-webkit-text-fill-color"]; ok {
		color = fill // the glyphs' fill when it is not the text colour
	}
	c, ok := cv.paint.Color(color, nodeID, "color")
	if !ok {
		c = resultjson.RGBA{A: 1}
	}
	st.fills = []resultjson.Paint{css.Solid(c)}

	weight, err := strconv.Atoi(el.Computed("font-weight"))
	if err != nil || weight < 1 || weight > 1000 {
		weight = 400
	}
	fs := el.Computed("font-style")
	italic := fs == "italic" || strings.HasPrefix(fs, "oblique")
	font := cv.fontOf(el, run, nodeID, weight, italic)
	st.fontName = resultjson.FontName{Family: font.family, Style: fontStyle(font.weight, font.italic)}
	st.fontWeight = font.weight
	size, ok := css.ParsePx(el.Computed("font-size"))
	if !ok || size <= 0 {
		size = 16
	}
	st.fontSize = css.Px(size)
	ls, _ := css.ParsePx(el.Computed("letter-spacing"))
	st.letterSpacing = css.Px(ls)
	switch el.Computed("text-transform") {
	case "uppercase":
		st.textCase = "UPPER"
	case "lowercase":
		st.textCase = "LOWER"
	case "capitalize":
		st.textCase = "TITLE"
	}
	return st
}

// apply sets the node-level typography of a TEXT node.
func (st runStyle) apply(node *resultjson.Node) {
	fills := append([]resultjson.Paint{}, st.fills...)
	node.Fills = &fills
	fn := st.fontName
	node.FontName = &fn
	node.FontWeight = st.fontWeight
	node.FontSize = st.fontSize
	node.LetterSpacing = &resultjson.LetterSpacing{Value: st.letterSpacing, Unit: "PIXELS"}
	node.TextCase = st.textCase
	node.TextDecoration = st.decoration
}

// lineHeightOf sets the node's lineHeight from el and returns the line height in px ("normal"
// is about 1.2 times the font size for common fonts).
func lineHeightOf(node *resultjson.Node, el *capturemodel.DOMNode) float64 {
	if lh, ok := css.ParsePx(el.Computed("line-height")); ok && lh > 0 {
		node.LineHeight = &resultjson.LineHeight{Value: css.Ptr(css.Px(lh)), Unit: "PIXELS"}
		return lh
	}
	node.LineHeight = &resultjson.LineHeight{Unit: "AUTO"}
	return node.FontSize * 1.2
}

// textAlign maps text-align to Figma's textAlignHorizontal; start and end follow the
// element's direction (an RTL paragraph's start is its right edge).
func textAlign(el *capturemodel.DOMNode) string {
	rtl := el.Computed("direction") == "rtl"
	switch el.Computed("text-align") {
	case "center", "-webkit-center":
		return "CENTER"
	case "right", "-webkit-right":
		return "RIGHT"
	case "left", "-webkit-left":
		return "LEFT"
	case "justify":
		return "JUSTIFIED"
	case "end":
		if rtl {
			return "LEFT"
		}
		return "RIGHT"
	}
	if rtl { // start, match-parent
		return "RIGHT"
	}
	return "LEFT"
}

// setText sets the characters and typography of a TEXT node from the computed style of el and
// the fonts that drew run (nil when the capture has no run for it).
func (cv *converter) setText(node *resultjson.Node, el, run *capturemodel.DOMNode, chars, decoration string) {
	node.Characters = chars
	st := cv.styleOf(el, run, node.ID, decoration)
	if clip := cv.textFills(el, node.ID); clip != nil {
		st.fills = clip
	}
	st.apply(node)
	cv.textShadow(node, st.shadow, el)
	lineHeight := lineHeightOf(node, el)
	node.TextAlignHorizontal = textAlign(el)
	node.TextAlignVertical = "TOP"
	// One line keeps its natural width (a substituted font must not wrap it); more lines keep the
	// page's width and grow in height.
	if node.Height < lineHeight*1.5 && !strings.Contains(chars, "\n") {
		node.TextAutoResize = "WIDTH_AND_HEIGHT"
	} else {
		node.TextAutoResize = "HEIGHT"
		node.Width = size2(math.Ceil(node.Width))
	}
}

func size2(v float64) float64 { return size(v) }

// decorationOf returns the text decoration text inside n shows: n's own, else the one it
// inherits (CSS propagates decorations to descendants' text).
func decorationOf(n *capturemodel.DOMNode, inherited string) string {
	line := n.Computed("text-decoration-line")
	switch {
	case strings.Contains(line, "line-through"):
		return "STRIKETHROUGH"
	case strings.Contains(line, "underline"):
		return "UNDERLINE"
	}
	return inherited
}

// genericFonts maps CSS generic families to fonts every Figma user has (Figma ships Inter and
// the Google Fonts).
var genericFonts = map[string]string{
	"sans-serif": "Inter", "system-ui": "Inter", "ui-sans-serif": "Inter", "-apple-system": "Inter",
	"blinkmacsystemfont": "Inter", "ui-rounded": "Inter", "cursive": "Inter", "fantasy": "Inter", "math": "Inter",
	"serif": "Noto Serif", "ui-serif": "Noto Serif", "fangsong": "Noto Serif",
	"monospace": "Roboto Mono", "ui-monospace": "Roboto Mono",
	"emoji": "Noto Color Emoji",
}

// fontFamily returns the first family of a font-family list; generic is the generic name when
// that family is a generic one (then family is its Figma replacement).
func fontFamily(list string) (family, generic string) {
	parts := css.SplitTop(list, ',')
	first := ""
	if len(parts) > 0 {
		first = strings.Trim(parts[0], `"'`)
	}
	if first == "" {
		first = "sans-serif"
	}
	if f, ok := genericFonts[strings.ToLower(first)]; ok {
		return f, strings.ToLower(first)
	}
	return first, ""
}

// fontStyle names the Figma font style of a CSS weight and style ("Bold", "Semi Bold Italic").
func fontStyle(weight int, italic bool) string {
	names := map[int]string{100: "Thin", 200: "Extra Light", 300: "Light", 400: "Regular", 500: "Medium",
		600: "Semi Bold", 700: "Bold", 800: "Extra Bold", 900: "Black"}
	w := int(math.Round(float64(weight)/100)) * 100
	w = max(100, min(900, w))
	name := names[w]
	if italic {
		if name == "Regular" {
			return "Italic"
		}
		return name + " Italic"
	}
	return name
}

// clipsToText says whether n's background is clipped to its text (background-clip: text).
func clipsToText(n *capturemodel.DOMNode) bool {
	return n.Computed("background-clip") == "text"
}

// textFills returns the paints of el's background when it is clipped to its text (gradient or
// image text): the fill of the text inside it, sized to el's box. nil otherwise.
func (cv *converter) textFills(el *capturemodel.DOMNode, nodeID string) []resultjson.Paint {
	if !clipsToText(el) {
		return nil
	}
	// The paints are laid out in el's box (a gradient spans the element, not the glyphs).
	sized := &resultjson.Node{ID: nodeID, Width: size(el.Box.Width), Height: size(el.Box.Height)}
	saved := cv.svgBackgrounds
	paints := cv.paint.Backgrounds(el, sized)
	cv.svgBackgrounds = saved
	if len(paints) == 0 {
		return nil
	}
	return paints
}

// textShadow sets text-shadow as the TEXT node's drop shadows (Figma's drop shadow on a TEXT
// follows the glyphs; a shadow has no spread on text).
func (cv *converter) textShadow(node *resultjson.Node, shadow string, el *capturemodel.DOMNode) {
	if shadow == "" || shadow == "none" {
		return
	}
	effects, ok := css.BoxShadows(shadow)
	if !ok {
		cv.warn.Add(warnings.TextShadow, node.ID, "the text-shadow of %s could not be read and was left out: %s", naming.Element(el), shadow)
		return
	}
	for i := range effects {
		effects[i].Spread = nil
		effects[i].ShowShadowBehindNode = nil
	}
	node.Effects = append(node.Effects, effects...)
}
