package tree

import (
	"cmp"
	"slices"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/text"
)

// Text in the tree (docs/conversion.md "Text"): a text run becomes a TEXT node of its own, the
// inline content of a block container one paragraph TEXT, with its inline boxes behind it.

// text places a text run whose parent element is el as a TEXT node in f, set by the text pass.
func (tb *builder) text(t, el *capturemodel.DOMNode, f *frame, in inherited) {
	if el.Computed("visibility") != "visible" {
		return
	}
	chars := t.Text
	if text.Preserves(el) {
		chars = strings.TrimRight(chars, "\n")
	} else {
		chars = strings.TrimSpace(chars)
	}
	if strings.TrimSpace(chars) == "" {
		return
	}
	node := tb.newNode("TEXT", chars, t.Box, f)
	if node == nil {
		return
	}
	node.Characters = chars
	f.add(node, el, in).Text = &boxtree.Text{Style: el, Run: t, Decoration: in.decoration, OX: f.ox, OY: f.oy}
	tb.clippedLayers(el)
}

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
func (tb *builder) inlineContent(n *capturemodel.DOMNode) bool {
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
	if n.Computed("float") != "none" {
		return false
	}
	// Horizontal margin, padding and border of an inline element move the text after it; a
	// paragraph holds it only as letter spacing. Up to MaxInlineSpacing it is dropped; an element
	// with more that sits on one line is converted on its own (its box is right), one that wraps
	// stays in the paragraph with its space as letter spacing (text.Setter.Paragraph).
	if len(n.Rects) == 0 && text.InlineSpacing(n) > text.MaxInlineSpacing {
		return false
	}
	return !slices.ContainsFunc(tb.kids.Of(n), func(c *capturemodel.DOMNode) bool { return c != nil && !tb.inlineContent(c) })
}

// paragraph converts the inline children kids of block container n into one TEXT node placed
// in f (the text pass lays it out), or one per part when floats shorten some of its lines
// (text.Setter.Parts), with inline backgrounds as RECTANGLEs behind it; nothing when it shows no
// text (text.Setter.Shows).
func (tb *builder) paragraph(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode, f *frame, in inherited) {
	node := tb.newNode("TEXT", "", capturemodel.Box{}, f)
	if node == nil {
		return
	}
	inlines, shows := tb.paragraphs.Shows(n, kids, tb.img.Check)
	tb.clippedLayers(append([]*capturemodel.DOMNode{n}, inlines...)...)
	if !shows {
		// Its warnings (fonts, colours) are its frame's.
		root := tb.rootFrame.box
		root.Silent = append(root.Silent, &boxtree.Text{Style: n, Paragraph: kids, Decoration: in.decoration, Seq: boxtree.Seq(node.ID), Frame: f.box.Out.ID})
		tb.unallocate(node)
		return
	}
	// Backgrounds and borders of inline elements (a highlighted phrase, inline code) are drawn
	// per line fragment, under the text.
	for _, el := range inlines {
		if el.Computed("visibility") == "visible" && paint.InlineDraws(el) {
			tb.inlineBoxes(el, f, in)
		}
	}
	b := f.add(node, n, in)
	b.Text = &boxtree.Text{Style: n, Paragraph: kids, Whole: whole(n, kids), Decoration: in.decoration, OX: f.ox, OY: f.oy}
	b.CSS = inlines
	for _, el := range inlines {
		tb.pseudoWarnings(el, node.ID)
	}
	// Lines shortened by floats: one TEXT per run of lines with the same line box.
	if parts := tb.paragraphs.Parts(n, kids); len(parts) > 0 {
		b.Text.Parts = len(parts)
		for i := 1; i < len(parts); i++ {
			next := tb.newNode("TEXT", "", capturemodel.Box{}, f)
			if next == nil {
				return
			}
			t := *b.Text
			t.Part = i
			f.add(next, n, in).Text = &t
		}
	}
}

// whole says whether kids, inline children of n, are all n's recorded children (its
// pseudo-elements in the line aside) and no block pseudo-element is beside them: the paragraph
// is all the block holds.
func whole(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode) bool {
	for _, p := range n.Pseudo {
		// A block ::before or ::after in flow (a quote mark on a line of its own) takes lines of
		// the block that are not the paragraph's.
		pos := cmp.Or(p.Style["position"], "static")
		if (p.Which == "before" || p.Which == "after") && !strings.HasPrefix(cmp.Or(p.Style["display"], "inline"), "inline") &&
			(pos == "static" || pos == "relative") && cmp.Or(p.Style["float"], "none") == "none" {
			return false
		}
	}
	k := 0
	for _, c := range kids {
		if !virtualNode(c) {
			k++
		}
	}
	for _, c := range n.Children {
		if c != nil {
			k--
		}
	}
	return k == 0
}

// inlineBoxes draws the background, border and outline of an inline element as one RECTANGLE
// per line fragment (each fragment gets the whole decoration: box-decoration-break: clone), an
// offset outline as a ring around each fragment.
func (tb *builder) inlineBoxes(el *capturemodel.DOMNode, f *frame, in inherited) {
	frags := el.Rects
	if len(frags) == 0 {
		frags = []capturemodel.Box{el.Box}
	}
	for _, r := range frags {
		frag := *el
		frag.Box = r
		if node, _, layers := tb.box(&frag, f, "RECTANGLE", false, false, false); node != nil {
			tb.dropSVGBackgrounds(node, el, layers)
			b := f.add(node, &frag, in)
			b.Paints, b.From = true, el
		}
		tb.outlineRing(&frag, f, in)
	}
}
