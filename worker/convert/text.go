package convert

import (
	"math"
	"strconv"
	"strings"
)

// The text pass: text runs become TEXT nodes with their typography (docs/conversion.md "Text").

// text converts a text run whose parent element is el into a TEXT node.
func (cv *converter) text(t, el *DOMNode, f *frame, decoration string) *Node {
	if el.style("visibility") != "visible" {
		return nil
	}
	chars := t.Text
	if strings.HasPrefix(el.style("white-space"), "pre") || el.style("white-space") == "break-spaces" {
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
	cv.setText(node, el, chars, decoration)
	if wm := el.style("writing-mode"); verticalWritingMode(wm) && !cv.verticalWarned[el] {
		// Figma text is horizontal only. The node keeps the vertical run's box (so the layout
		// around it holds) and the warning says the text inside is not vertical.
		cv.verticalWarned[el] = true
		cv.warn.add(WarnWritingMode, node.ID, "the text of %s is vertical (writing-mode %s); Figma has no vertical text, so it is drawn horizontally in its box", elementName(el), wm)
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

// setText sets the characters and typography of a TEXT node from the computed style of el.
func (cv *converter) setText(node *Node, el *DOMNode, chars, decoration string) {
	node.Characters = chars
	c, ok := cv.color(el.style("color"), node.ID, "color")
	if !ok {
		c = RGBA{A: 1}
	}
	node.Fills = &[]Paint{solid(c)}

	family, generic := fontFamily(el.style("font-family"))
	if generic != "" {
		cv.warn.addOnce("font:"+generic, WarnGenericFont, node.ID, "the generic font family %s is set in %s", generic, family)
	}
	weight, err := strconv.Atoi(el.style("font-weight"))
	if err != nil || weight < 1 || weight > 1000 {
		weight = 400
	}
	fs := el.style("font-style")
	italic := fs == "italic" || strings.HasPrefix(fs, "oblique")
	node.FontName = &FontName{Family: family, Style: fontStyle(weight, italic)}
	node.FontWeight = weight
	size, ok := parsePx(el.style("font-size"))
	if !ok || size <= 0 {
		size = 16
	}
	node.FontSize = px(size)

	lineHeight := size * 1.2 // "normal" is about 1.2 for common fonts
	if lh, ok := parsePx(el.style("line-height")); ok && lh > 0 {
		node.LineHeight = &LineHeight{Value: ptr(px(lh)), Unit: "PIXELS"}
		lineHeight = lh
	} else {
		node.LineHeight = &LineHeight{Unit: "AUTO"}
	}
	ls, _ := parsePx(el.style("letter-spacing"))
	node.LetterSpacing = &LetterSpacing{Value: px(ls), Unit: "PIXELS"}

	switch el.style("text-align") {
	case "center", "-webkit-center":
		node.TextAlignHorizontal = "CENTER"
	case "right", "end", "-webkit-right":
		node.TextAlignHorizontal = "RIGHT"
	case "justify":
		node.TextAlignHorizontal = "JUSTIFIED"
	default:
		node.TextAlignHorizontal = "LEFT"
	}
	node.TextAlignVertical = "TOP"
	// One line keeps its natural width (a substituted font must not wrap it); more lines keep the
	// page's width and grow in height.
	if node.Height < lineHeight*1.5 && !strings.Contains(chars, "\n") {
		node.TextAutoResize = "WIDTH_AND_HEIGHT"
	} else {
		node.TextAutoResize = "HEIGHT"
		node.Width = size2(math.Ceil(node.Width))
	}
	switch el.style("text-transform") {
	case "uppercase":
		node.TextCase = "UPPER"
	case "lowercase":
		node.TextCase = "LOWER"
	case "capitalize":
		node.TextCase = "TITLE"
	}
	node.TextDecoration = decoration
}

func size2(v float64) float64 { return size(v) }

// decorationOf returns the text decoration text inside n shows: n's own, else the one it
// inherits (CSS propagates decorations to descendants' text).
func decorationOf(n *DOMNode, inherited string) string {
	line := n.style("text-decoration-line")
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
	parts := splitTop(list, ',')
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
