// Package naming gives the result's layers names a designer can read (docs/conversion.md
// "Layer names"), from the captured element alone.
package naming

import (
	"cmp"
	"regexp"
	"strings"
	"unicode"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// Layer names a designer can read: docs/conversion.md "Layer names".

// MaxNameRunes bounds a node name, in characters (the backend's limit, docs/results.md).
const MaxNameRunes = 80

// headingSearchDepth bounds how many single-child wrappers deep a frame's heading is looked for.
const headingSearchDepth = 3

// maxLabelRunes bounds the heading text or aria-label part of a name, in characters.
const maxLabelRunes = 40

var landmarkTags = map[string]string{"nav": "nav", "header": "header", "footer": "footer", "main": "main", "aside": "aside", "form": "form", "search": "search"}

var landmarkRoles = map[string]string{"navigation": "nav", "banner": "header", "contentinfo": "footer", "main": "main",
	"complementary": "aside", "form": "form", "search": "search", "dialog": "dialog"}

// generatedClass matches class names made by tools rather than people: CSS-in-JS hashes
// (css-1x2y3z, sc-bdVaJa), utility classes with digits, variants or arbitrary values (px-4,
// md:flex, w-[20px]).
var generatedClass = regexp.MustCompile(`\d|:|\[|^(css|sc|jsx|svelte|emotion)-|^_`)

// utilityClasses are common layout utility class names that say nothing about the element.
var utilityClasses = map[string]bool{"flex": true, "grid": true, "block": true, "inline": true, "hidden": true, "relative": true,
	"absolute": true, "fixed": true, "sticky": true, "container": true, "row": true, "col": true, "clearfix": true,
	"items-center": true, "justify-between": true, "justify-center": true, "mx-auto": true, "w-full": true, "h-full": true}

// Layer is the readable name of the frame of element n.
func Layer(n *capturemodel.DOMNode) string {
	if alt := strings.TrimSpace(n.Attrs["alt"]); alt != "" {
		return alt
	}
	kind := cmp.Or(landmark(n), humanize(n.Attrs["id"]))
	if kind == "" {
		for _, c := range strings.Fields(n.Attrs["class"]) {
			if !generatedClass.MatchString(c) && !utilityClasses[c] {
				if kind = humanize(c); kind != "" {
					break
				}
			}
		}
	}
	label := ""
	if !IsHeading(n) {
		label = clipLabel(headingText(n, headingSearchDepth))
	}
	if label == "" {
		label = clipLabel(n.Attrs["aria-label"])
	}
	switch {
	case kind != "" && label != "" && !strings.EqualFold(kind, label):
		return kind + " / " + label
	case kind != "":
		return kind
	case label != "":
		return label
	}
	return n.Tag
}

// landmark is the landmark kind of n by its role, else its tag; "" for none.
func landmark(n *capturemodel.DOMNode) string {
	if r := landmarkRoles[strings.ToLower(strings.TrimSpace(n.Attrs["role"]))]; r != "" {
		return r
	}
	return landmarkTags[n.Tag]
}

// IsHeading says whether n is a heading: h1-h6, or role="heading".
func IsHeading(n *capturemodel.DOMNode) bool {
	if len(n.Tag) == 2 && n.Tag[0] == 'h' && n.Tag[1] >= '1' && n.Tag[1] <= '6' {
		return true
	}
	return strings.EqualFold(n.Attrs["role"], "heading")
}

// headingText returns the text of the heading among n's children, or, when n only wraps one
// element, among that element's children (down to depth levels). A container of several items
// does not take the heading of its first item.
func headingText(n *capturemodel.DOMNode, depth int) string {
	for d := 0; d < depth && n != nil; d++ {
		var only *capturemodel.DOMNode
		elements := 0
		for _, c := range n.Children {
			if c == nil || c.Type != "element" {
				continue
			}
			if IsHeading(c) {
				if t := textOf(c); t != "" {
					return t
				}
			}
			elements++
			only = c
		}
		if elements != 1 {
			return ""
		}
		n = only
	}
	return ""
}

// textOf concatenates the text runs under n.
func textOf(n *capturemodel.DOMNode) string {
	var b strings.Builder
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		if n.Type == "text" {
			b.WriteString(n.Text)
			b.WriteByte(' ')
		}
		for _, c := range n.Children {
			if c != nil && b.Len() < 4*maxLabelRunes {
				walk(c)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func clipLabel(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxLabelRunes {
		return string(r[:maxLabelRunes-1]) + "…"
	}
	return s
}

// humanize turns an id or class name into words: "card-grid", "card_grid" and "cardGrid" give
// "Card grid". Generated-looking names give "".
func humanize(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || generatedClass.MatchString(s) {
		return ""
	}
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = nil
		}
	}
	for i, r := range s {
		switch {
		case r == '-' || r == '_' || r == ' ' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0:
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	if len(words) == 0 {
		return ""
	}
	out := strings.Join(words, " ")
	r := []rune(out)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// Clip makes s a node name: its runs of white space one space, cut to MaxNameRunes characters
// (the last one an ellipsis) when longer.
func Clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > MaxNameRunes {
		return string(r[:MaxNameRunes-1]) + "…"
	}
	return s
}

// Element names a layer after the element: its alt or aria-label, else tag#id or tag.class.
func Element(n *capturemodel.DOMNode) string {
	for _, a := range []string{"alt", "aria-label"} {
		if v := strings.TrimSpace(n.Attrs[a]); v != "" {
			return v
		}
	}
	name := n.Tag
	if id := n.Attrs["id"]; id != "" {
		return name + "#" + id
	}
	if cls := strings.Fields(n.Attrs["class"]); len(cls) > 0 {
		return name + "." + cls[0]
	}
	return name
}
