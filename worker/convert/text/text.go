// Package text is the text pass of the conversion (docs/conversion.md "Text", "Fonts"): the
// characters, typography, fonts and placement of TEXT nodes, for a text run of its own and for
// the inline content of a block laid out as one paragraph with styled ranges.
package text

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// VerticalWritingMode says whether a computed writing-mode sets text vertically: vertical-rl,
// vertical-lr, sideways-rl, sideways-lr, and the SVG 1.1 aliases tb and tb-rl (which browsers
// may report as computed).
func VerticalWritingMode(wm string) bool {
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
	decor         decorationLook
	letterSpacing float64
	textCase      string // "", UPPER, LOWER, TITLE, SMALL_CAPS or SMALL_CAPS_FORCED (textCase)
	hyperlink     string // absolute URL, or ""
	// shadow is the computed text-shadow, and stroke the -webkit-text-stroke width and colour,
	// node-level in Figma (not part of a segment).
	shadow, stroke string
	// emphasis is the computed text-emphasis-style ("" for none).
	emphasis string
}

// styleOf reads the typography of the text run run (nil when there is none) whose element is
// el; nodeID names the node its warnings are about.
func (s *Setter) styleOf(el, run *capturemodel.DOMNode, nodeID string, decoration boxtree.TextDecoration) runStyle {
	st := runStyle{decoration: decoration.Line, shadow: el.Computed("text-shadow"), emphasis: el.Style["text-emphasis-style"]}
	if w := el.Style["-webkit-text-stroke-width"]; w != "" {
		st.stroke = w + " " + el.Computed("-webkit-text-stroke-color")
	}
	color := el.Computed("color")
	if fill, ok := el.Style["-webkit-text-fill-color"]; ok {
		color = fill // the glyphs' fill when it is not the text colour
	}
	c, ok := s.Paint.Color(color, nodeID, "color")
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
	font := s.fontOf(el, run, nodeID, weight, italic)
	st.fontName = resultjson.FontName{Family: font.family, Style: fontStyle(font.weight, font.italic)}
	st.fontWeight = font.weight
	size, ok := css.ParsePx(el.Computed("font-size"))
	if !ok || size <= 0 {
		size = 16
	}
	st.fontSize = css.Px(size)
	ls, _ := css.ParsePx(el.Computed("letter-spacing"))
	st.letterSpacing = css.Px(ls)
	st.textCase = textCase(el.Computed("text-transform"), el.Computed("font-variant-caps"))
	st.decor = s.decorationLook(decoration, c, nodeID)
	return st
}

// textCase is Figma's textCase for CSS text-transform and font-variant-caps ("" for ORIGINAL).
// Small capitals of uppercase letters are capitals (UPPER); of lowercased ones, all small
// capitals (SMALL_CAPS_FORCED); petite capitals are drawn as small ones (Figma has none).
// capitalize with small capitals keeps capitalize (TITLE): Figma holds one case per range.
func textCase(transform, caps string) string {
	switch transform {
	case "uppercase":
		return "UPPER"
	case "capitalize":
		return "TITLE"
	case "lowercase":
		if caps != "normal" && caps != "" {
			return "SMALL_CAPS_FORCED"
		}
		return "LOWER"
	}
	switch caps {
	case "small-caps", "petite-caps":
		return "SMALL_CAPS"
	case "all-small-caps", "all-petite-caps":
		return "SMALL_CAPS_FORCED"
	}
	return ""
}

// typeset sets the node-level typography of a TEXT node from st, its text shadow, and its
// alignment and line height from el; it returns the line height in px (lineHeightOf).
func (s *Setter) typeset(node *resultjson.Node, st runStyle, el *capturemodel.DOMNode) float64 {
	fills := append([]resultjson.Paint{}, st.fills...)
	node.Fills = &fills
	fn := st.fontName
	node.FontName = &fn
	node.FontWeight = st.fontWeight
	node.FontSize = st.fontSize
	node.LetterSpacing = &resultjson.LetterSpacing{Value: st.letterSpacing, Unit: "PIXELS"}
	node.TextCase = st.textCase
	node.TextDecoration = st.decoration
	node.TextDecorationDetails = st.decor.details()
	s.textShadow(node, st.shadow, el)
	s.textStroke(node, st.stroke, el)
	node.TextAlignHorizontal = textAlign(el)
	node.TextAlignVertical = "TOP"
	return lineHeightOf(node, el)
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

// Setter sets the text of TEXT nodes for one capture.
type Setter struct {
	// Warn takes the warnings about text the result cannot hold as the page showed it.
	Warn *warnings.List
	// Doc is the captured document (its fonts).
	Doc *capturemodel.Document
	// Base is the page URL links resolve against.
	Base string
	// Paint reads colours, and backgrounds clipped to text.
	Paint *paint.Painter
	// Kids returns an element's children as converted (pseudo-elements included).
	Kids func(*capturemodel.DOMNode) []*capturemodel.DOMNode
	// Floats are the page's floats (FloatsOf), which paragraphs are split around (Parts).
	Floats   []Float
	vertical map[*capturemodel.DOMNode]bool
	// decorWarned holds the decorating elements whose line style was warned about.
	decorWarned map[*capturemodel.DOMNode]bool
}

// SetText sets the characters and typography of a TEXT node from the computed style of el and
// the fonts that drew run (nil when the capture has no run for it).
func (s *Setter) SetText(node *resultjson.Node, el, run *capturemodel.DOMNode, chars string, decoration boxtree.TextDecoration) {
	if m := markDirection(el.Computed("direction"), []piece{{text: chars}}); m[0].text != chars {
		chars = m[0].text // the page's base direction where the first strong character differs
	}
	node.Characters = chars
	st := s.styleOf(el, run, node.ID, decoration)
	if clip := s.fills(el, node.ID); clip != nil {
		st.fills = clip
	}
	lineHeight := s.typeset(node, st, el)
	toLineBoxes(node, el, run)
	if frs := s.faceRuns(run, chars, st); len(frs) > 1 {
		// Drawn in several faces (an emoji, CJK characters): a styled range per face.
		b := &paragraphBuilder{s: s}
		var pieces []piece
		for _, fr := range frs {
			pieces = append(pieces, piece{text: fr.text, style: len(b.styles)})
			b.styles = append(b.styles, fr.st)
		}
		node.StyledTextSegments = b.segments(chars, pieces)
	}
	// One line keeps its natural width (a substituted font must not wrap it); more lines keep the
	// page's width and grow in height.
	oneLine := node.Height < lineHeight*1.5 && !strings.Contains(chars, "\n")
	switch {
	case oneLine && rubyPart(el):
		// A ruby base or annotation spans the wider of the two, its text centred in it (CSS Ruby
		// 1 §4.2, ruby-align: space-around, for one run of text the same): the box keeps its
		// width and Figma centres the line in it.
		node.TextAlignHorizontal = "CENTER"
		node.TextAutoResize = "HEIGHT"
	case oneLine && run != nil && run.Type == "element" && (node.TextAlignHorizontal == "CENTER" || node.TextAlignHorizontal == "RIGHT"):
		// A form control's one line (run is the control) centred or set to the right of its
		// content box, as a submit button's label: the box keeps its width and Figma aligns the
		// line in it (typeset set textAlignHorizontal).
		node.TextAutoResize = "HEIGHT"
	case oneLine:
		node.TextAutoResize = "WIDTH_AND_HEIGHT"
	default:
		node.TextAutoResize = "HEIGHT"
		node.TextWrapStyle = wrapStyle(el)
		node.Width = css.Size(math.Ceil(node.Width))
	}
}

// rubyPart says whether el holds a ruby base's or a ruby annotation's text: a ruby (whose text
// is its base), rb or rt element.
func rubyPart(el *capturemodel.DOMNode) bool {
	switch el.Tag {
	case "ruby", "rb", "rt":
		return true
	}
	return false
}

// toLineBoxes widens a TEXT placed at its run's box (the font's content area of its lines) to its
// line boxes, as the paragraph's place does (leading): a flex item's one line of text in a
// 24 px line starts at its line box, 4 px above a 16 px content area, where Figma and the page
// put the line. Not for a form control's text (its box is the control's) nor vertical text.
func toLineBoxes(node *resultjson.Node, el, run *capturemodel.DOMNode) {
	lh, ok := css.ParsePx(el.Computed("line-height"))
	if !ok || lh <= 0 || run == nil || run.Type != "text" || VerticalWritingMode(el.Computed("writing-mode")) {
		return
	}
	frags := lineFrags(run)
	above, _ := leading(lh, frags[0].Height)
	_, below := leading(lh, frags[len(frags)-1].Height)
	node.Y = css.Px(node.Y - above)
	node.Height = css.Size(node.Height + above + below)
}

// genericFonts maps CSS generic families to fonts every Figma user has (Figma ships Inter and
// the Google Fonts): the faces the capture environment draws them in (worker/internal/headless's
// fonts.conf), used where the capture recorded no face, or one Figma does not offer (FigmaFace).
var genericFonts = map[string]string{
	"sans-serif": "Inter", "system-ui": "Inter", "ui-sans-serif": "Inter", "-apple-system": "Inter",
	"blinkmacsystemfont": "Inter", "ui-rounded": "Inter", "cursive": "Inter", "fantasy": "Inter", "math": "Inter",
	"serif": "Noto Serif", "ui-serif": "Noto Serif", "fangsong": "Noto Serif",
	"monospace": "Noto Sans Mono", "ui-monospace": "Noto Sans Mono",
	"emoji": "Noto Color Emoji",
}

// fontFamily returns the first family of a font-family list; generic is the generic name when
// that family is a generic one (then family is its Figma replacement).
func fontFamily(list string) (family, generic string) {
	parts := css.SplitTop(list, ',')
	first := "sans-serif"
	if len(parts) > 0 {
		first = cmp.Or(strings.Trim(parts[0], `"'`), first)
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

// fills returns the paints of el's background when it is clipped to its text (gradient or
// image text): the fill of the text inside it, sized to el's box. nil otherwise.
func (s *Setter) fills(el *capturemodel.DOMNode, nodeID string) []resultjson.Paint {
	if !paint.ClipsToText(el) {
		return nil
	}
	// The paints are laid out in el's box (a gradient spans the element, not the glyphs).
	sized := &resultjson.Node{ID: nodeID, Width: css.Size(el.Box.Width), Height: css.Size(el.Box.Height)}
	paints, _ := s.Paint.Backgrounds(el, sized)
	if len(paints) == 0 {
		return nil
	}
	return paints
}

// textStroke sets -webkit-text-stroke ("<width> <colour>") as the TEXT node's stroke: Chromium
// strokes the glyph outlines centred on them, Figma's CENTER stroke of a TEXT.
func (s *Setter) textStroke(node *resultjson.Node, stroke string, el *capturemodel.DOMNode) {
	w, color, ok := strings.Cut(stroke, " ")
	if !ok {
		return
	}
	weight, okw := css.ParsePx(w)
	c, okc := s.Paint.Color(color, node.ID, "-webkit-text-stroke-color")
	if !okw || weight <= 0 || !okc || c.A == 0 {
		return
	}
	node.Strokes = []resultjson.Paint{css.Solid(c)}
	node.StrokeWeight = css.Ptr(css.Px(weight))
	node.StrokeAlign = "CENTER"
}

// textShadow sets text-shadow as the TEXT node's drop shadows (Figma's drop shadow on a TEXT
// follows the glyphs; a shadow has no spread on text).
func (s *Setter) textShadow(node *resultjson.Node, shadow string, el *capturemodel.DOMNode) {
	if shadow == "" || shadow == "none" {
		return
	}
	effects, ok := css.BoxShadows(shadow)
	if !ok {
		s.Warn.Add(warnings.TextShadow, node.ID, "the text-shadow of %s could not be read and was left out: %s", naming.Element(el), shadow)
		return
	}
	for i := range effects {
		effects[i].Spread = nil
		effects[i].ShowShadowBehindNode = nil
	}
	node.Effects = append(node.Effects, effects...)
}
