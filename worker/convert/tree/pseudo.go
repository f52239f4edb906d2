package tree

import (
	"slices"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Markers and generated content (docs/conversion.md "Markers and generated content"): a
// drawable pseudo-element is a virtual element of its host, read from the capture.

// inheritedProps are the computed properties a pseudo-element inherits from its host when the
// capture did not record its own (CSS inheritance of the text properties).
var inheritedProps = []string{"color", "font-family", "font-size", "font-weight", "font-style", "line-height",
	"letter-spacing", "text-transform", "font-variant-caps", "text-align", "white-space", "direction", "writing-mode", "visibility"}

// Children gives elements' children as converted: an element's DOM children with its
// drawable pseudo-elements as virtual elements, made once per element (so the passes and the
// builder see the same ones). drawn holds the pseudo-elements made that way.
type Children struct {
	doc   *capturemodel.Document
	made  map[*capturemodel.DOMNode][]*capturemodel.DOMNode
	drawn map[*capturemodel.Pseudo]bool
}

// NewChildren returns the Children of document doc.
func NewChildren(doc *capturemodel.Document) *Children {
	return &Children{doc: doc, made: map[*capturemodel.DOMNode][]*capturemodel.DOMNode{}, drawn: map[*capturemodel.Pseudo]bool{}}
}

// Of returns the children of n as converted.
func (ch *Children) Of(n *capturemodel.DOMNode) []*capturemodel.DOMNode {
	if len(n.Pseudo) == 0 || n.PseudoRef == nil {
		return n.Children
	}
	if k, ok := ch.made[n]; ok {
		return k
	}
	var before, after []*capturemodel.DOMNode
	for i := range n.Pseudo {
		p := &n.Pseudo[i]
		v := ch.virtual(n, p)
		if v == nil {
			continue
		}
		ch.drawn[p] = true
		switch p.Which {
		case "marker":
			before = append([]*capturemodel.DOMNode{v}, before...)
		case "before":
			before = append(before, v)
		default:
			after = append(after, v)
		}
	}
	out := make([]*capturemodel.DOMNode, 0, len(before)+len(n.Children)+len(after))
	out = append(append(append(out, before...), n.Children...), after...)
	ch.made[n] = out
	return out
}

// virtual builds the element standing for pseudo-element p of host, or nil when it cannot be
// drawn (no resolved text, no box).
func (ch *Children) virtual(host *capturemodel.DOMNode, p *capturemodel.Pseudo) *capturemodel.DOMNode {
	if p.Text == nil || iconGlyph(host, p.Which) {
		return nil
	}
	box, ok := ch.pseudoBox(host, p.Which)
	if !ok {
		return nil
	}
	style := map[string]string{}
	for _, prop := range inheritedProps {
		if v, ok := host.Style[prop]; ok {
			style[prop] = v
		}
	}
	for k, v := range p.Style {
		style[k] = v
	}
	v := &capturemodel.DOMNode{Type: "element", Tag: "::" + p.Which, Box: box, Style: style, BackgroundImages: p.BackgroundImages}
	switch p.Which {
	case "marker":
		// An inside marker is the start of the item's first line; an outside one sits in its
		// own box left of it.
		if p.Position == "inside" {
			style["display"] = "inline"
		} else {
			style["display"] = "block"
		}
		style["position"] = "static"
	default:
		if d := style["display"]; d == "" {
			style["display"] = "inline"
		}
		if style["position"] == "absolute" || style["position"] == "fixed" || (style["float"] != "" && style["float"] != "none") {
			style["display"] = "block"
		}
	}
	// An inline pseudo-element that draws a box of its own (a badge) is drawn as an element in
	// its box, not as characters.
	if style["display"] == "inline" && paint.InlineDraws(v) {
		style["display"] = "inline-block"
	}
	if *p.Text != "" {
		v.Children = []*capturemodel.DOMNode{{Type: "text", Text: *p.Text, Box: box}}
	} else if !paint.InlineDraws(v) {
		return nil // an empty box that draws nothing
	}
	return v
}

// iconGlyph says whether the capture recorded host's pseudo-element which as an icon-font glyph
// (icons.go): its characters are private-use code points of a font Figma does not have, so it
// is never text of a paragraph; the vector pass draws a glyph alone in its element, and one
// beside text keeps its PSEUDO_ELEMENT warning.
func iconGlyph(host *capturemodel.DOMNode, which string) bool {
	return host.IconFont != nil && slices.ContainsFunc(host.IconFont.Glyphs, func(g capturemodel.Glyph) bool { return g.Which == which })
}

// pseudoBox returns the recorded box of host's pseudo-element which.
func (ch *Children) pseudoBox(host *capturemodel.DOMNode, which string) (capturemodel.Box, bool) {
	i := *host.PseudoRef
	if i < 0 || i >= len(ch.doc.PseudoBoxes) {
		return capturemodel.Box{}, false
	}
	for _, b := range ch.doc.PseudoBoxes[i] {
		if b.Which == which && (b.Width > 0 || b.Height > 0) {
			return capturemodel.Box{X: b.X, Y: b.Y, Width: b.Width, Height: b.Height}, true
		}
	}
	return capturemodel.Box{}, false
}

// virtualNode says whether n stands for a pseudo-element.
func virtualNode(n *capturemodel.DOMNode) bool { return strings.HasPrefix(n.Tag, "::") }

// pseudoWarnings reports n's pseudo-elements, which have no layout box in the capture.
func (tb *builder) pseudoWarnings(n *capturemodel.DOMNode, nodeID string) {
	tb.kids.Of(n) // makes n's virtual elements once, recording which were drawn
	for i := range n.Pseudo {
		p := &n.Pseudo[i]
		if tb.kids.drawn[p] {
			continue
		}
		if p.Which == "marker" {
			tb.warn.Add(warnings.ListMarker, nodeID, "the list marker (%s) of %s is not converted", p.Content, naming.Element(n))
			continue
		}
		tb.warn.Add(warnings.PseudoElement, nodeID, "the ::%s content (%s) of %s is not converted", p.Which, p.Content, naming.Element(n))
	}
}
