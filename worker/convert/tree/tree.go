package tree

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/warnings"
)

// The walk: which elements become nodes, in which paint layer, and where their children go
// (elements that draw nothing are flattened into the nearest frame).

// children converts the children of element n into frame f.
func (tb *builder) children(n *capturemodel.DOMNode, f *frame, in inherited) {
	// A block container's inline content becomes paragraphs (text.go).
	block := blockContainer(n)
	kids := tb.kids.Of(n)
	var para []*capturemodel.DOMNode
	flush := func() {
		if len(para) > 0 && tb.img.Err == nil {
			tb.paragraph(n, para, f, in)
		}
		para = nil
	}
	defer flush()
	for _, ch := range kids {
		if tb.img.Err != nil || ch == nil {
			return
		}
		if block && tb.inlineContent(ch) {
			para = append(para, ch)
			continue
		}
		flush()
		start := len(f.box.Kids)
		switch ch.Type {
		case "text":
			tb.text(ch, n, f, in)
		case "element":
			item := in
			item.item = layout.Container(n)
			tb.element(ch, f, item)
		}
		for _, k := range f.box.Kids[start:] {
			if k.Kind != boxtree.Outline && k.Kind != boxtree.CollapsedBorder && k.Kind != boxtree.GridLine {
				k.Item = ch // the layout pass reads a container's nodes by item
			}
		}
	}
}

// embedded elements whose content a design file cannot hold.
var embedded = map[string]string{
	"video": "a video", "audio": "an audio player", "iframe": "an embedded page (iframe)", "frame": "an embedded page (frame)",
	"canvas": "a canvas drawing", "embed": "an embedded object", "object": "an embedded object", "portal": "an embedded page (portal)",
	"progress": "a progress bar", "meter": "a meter",
}

// nativeInputs are input types drawn by the browser's own widget.
var nativeInputs = map[string]bool{"checkbox": true, "radio": true, "range": true, "color": true, "file": true}

func (tb *builder) element(n *capturemodel.DOMNode, f *frame, in inherited) {
	if tb.fixedElement(n, in) {
		return
	}
	if m, ok := n.Affine(); ok {
		tb.transformedElement(n, f, in, m)
		return
	}
	tb.convertElement(n, f, in)
}

// transformedElement converts n, whose 2D transform the capture recorded (its box and its
// descendants' boxes are untransformed), and gives the nodes it added to f the transform as
// their relativeTransform (docs/conversion.md "Transforms"): n keeps a FRAME of its own, so its
// descendants sit in its untransformed space, and a fixed descendant stays inside it (a
// transform is the containing block of fixed descendants).
func (tb *builder) transformedElement(n *capturemodel.DOMNode, f *frame, in inherited, m [6]float64) {
	from := len(f.box.Kids)
	saved := tb.inFixed
	tb.inFixed = true
	tb.convertElement(n, f, in)
	tb.inFixed = saved
	// n's transform about its box's top left (bx, by) in f: translate(b) · M · translate(-b).
	bx, by := n.Box.X-f.ox, n.Box.Y-f.oy
	t := resultjson.Transform{{m[0], m[2], bx + m[4]}, {m[1], m[3], by + m[5]}}.Then(resultjson.Translation(-bx, -by))
	for _, k := range f.box.Kids[from:] {
		o := k.Out
		place := resultjson.Translation(o.X, o.Y)
		if o.RelativeTransform != nil {
			place = *o.RelativeTransform
		}
		rt := t.Then(place)
		for i := range rt {
			for j := range rt[i] {
				rt[i][j] = css.Round(rt[i][j], 6)
			}
		}
		o.RelativeTransform = &rt
	}
}

// convertElement converts element n into f (element without the fixed and transform cases).
func (tb *builder) convertElement(n *capturemodel.DOMNode, f *frame, in inherited) {
	// Paint layer: a positioned element takes its own; everything else the ancestor's.
	if pos := n.Computed("position"); pos != "static" && pos != "" {
		z, err := strconv.Atoi(n.Computed("z-index"))
		switch {
		case err != nil || z == 0:
			in.group, in.z = boxtree.Positioned, 0
		case z < 0:
			in.group, in.z = boxtree.Negative, z
		default:
			in.group, in.z = boxtree.Positive, z
		}
	}
	in.decoration = text.Decoration(n, in.decoration)
	if outOfFlow(n) && transparent(n) && len(tb.stateStyled[n]) == 0 {
		// Draws nothing, children included, in every state (a Material ripple, a closed menu).
		tb.rootFrame.box.LeftOut = append(tb.rootFrame.box.LeftOut, n)
		return
	}
	hidden := n.Computed("visibility") != "visible"
	if !hidden {
		// An outline offset from the box, or beside a border, is a node of its own over n's.
		defer tb.outlineRing(n, f, in)
	}
	if tb.iconElement(n, f, in, hidden) { // vector pass: masked icons, icon-font glyphs
		return
	}

	if id, _ := images.Source(n); n.Tag == "canvas" && id != "" {
		// A canvas's pixels (read by the page, or cropped from it) are its image.
		if !hidden && n.Box.Width > 0 && n.Box.Height > 0 {
			tb.imageElement(n, f, in)
		}
		return
	}
	if what, ok := embedded[n.Tag]; ok {
		if hidden || (n.Box.Width <= 0 && n.Box.Height <= 0) {
			return // draws nothing
		}
		if rasterized(n) {
			tb.rasterized(n, f, in)
			return
		}
		tb.placeholder(n, f, in, warnings.UnsupportedElement, fmt.Sprintf("%s cannot be converted; a placeholder of its box is drawn", what))
		return
	}
	switch n.Tag {
	case "img":
		if !hidden {
			tb.imageElement(n, f, in)
		}
		return
	case "svg":
		if n.Image != nil {
			if !hidden {
				tb.svgIcon(n, f, in)
			}
			return
		}
	case "input", "select", "textarea":
		if hidden {
			return
		}
		// A native widget, unless the page draws the control itself (appearance: none); the
		// capture crops a range, colour or file input whatever its appearance (parts the
		// browser draws).
		if n.Tag == "input" && rasterized(n) {
			tb.rasterized(n, f, in)
			return
		}
		if nativeInputs[n.InputType()] && n.Computed("appearance") != "none" {
			tb.placeholder(n, f, in, warnings.UnsupportedElement, fmt.Sprintf("a %s input is drawn by the browser's own widget; a placeholder of its box is drawn", n.InputType()))
			return
		}
		tb.formControl(n, f, in)
		return
	}

	// A box whose clip hides everything draws nothing, children included.
	clip := clips(n)
	if clip && (n.Box.Width <= 0 || n.Box.Height <= 0) {
		return
	}
	var node *resultjson.Node
	var layers []*boxtree.Node
	// A transformed element keeps its frame: its children are in its untransformed space.
	_, transformed := n.Affine()
	var drawn paint.Drawn
	if !hidden || clip || transformed {
		node, drawn, layers = tb.box(n, f, "FRAME", hidden, in.item || transformed, true)
	}
	if node != nil && f.depth >= resultjson.MaxDepth-1 {
		tb.warn.Add(warnings.DepthFlattened, f.box.Out.ID, "%s is nested deeper than %d levels; it was merged into its parent (its own background, clip and effects are lost)", naming.Element(n), resultjson.MaxDepth)
		f.box.Merged = append(f.box.Merged, n)
		node = nil
	}
	if node == nil {
		f.box.CSS = append(f.box.CSS, n)
		// A marker or ::before/::after content sits beside the element's own content: its
		// warnings name the element's first text node, so the user finds the spot (the frame
		// around a list item is often the root); without text, the nearest frame.
		from := tb.warn.Len()
		tb.pseudoWarnings(n, f.box.Out.ID)
		to, start := tb.warn.Len(), len(f.box.Kids)
		tb.children(n, f, in)
		tb.tableBorders(n, f, in)
		if to > from {
			if t := firstText(f.box.Kids[start:]); t != nil {
				tb.warn.Point(from, to, t.Out.ID)
			}
		}
		return
	}
	node.ClipsContent = css.Ptr(clip)
	box := f.add(node, n, in)
	box.Kind, box.DOM, box.Paints = boxtree.Box, tb.kids.Of(n), true
	tb.markSticky(n, node, f)
	box.CSS = append(box.CSS, n)
	warned := tb.warn.Len()
	tb.pseudoWarnings(n, node.ID)
	child := &frame{box: box, ox: n.Box.X, oy: n.Box.Y, depth: f.depth + 1}
	// An SVG background layer is drawn as an SVG node under the content.
	child.box.Kids = append(child.box.Kids, layers...)
	tb.children(n, child, inherited{group: boxtree.Flow, decoration: in.decoration})
	tb.tableBorders(n, child, inherited{group: boxtree.Flow})
	if len(child.box.Kids) == 0 && !drawn.Paints() && outOfFlow(n) && !paint.Ringed(n) && !tb.paintsInState(n, node, hidden, true) && tb.warn.Len() == warned &&
		node.ID == "1:"+strconv.Itoa(tb.lastID) && f.box.Kids[len(f.box.Kids)-1] == box {
		// A frame out of the flow that holds and draws nothing (a visually hidden label's
		// clipping box, an empty ripple container) is left out: nothing else moves.
		f.box.Kids = f.box.Kids[:len(f.box.Kids)-1]
		tb.unallocate(node)
		return
	}
	child.box.Finish()
}

// outOfFlow says whether element n is out of the flow (position absolute or fixed): leaving it
// out moves nothing else.
func outOfFlow(n *capturemodel.DOMNode) bool {
	pos := n.Computed("position")
	return pos == "absolute" || pos == "fixed"
}

// transparent says whether element n is drawn at opacity 0 (with everything it holds).
func transparent(n *capturemodel.DOMNode) bool {
	o, err := strconv.ParseFloat(strings.TrimSpace(n.Computed("opacity")), 64)
	return err == nil && o <= 0
}

// firstText returns the TEXT node made first (the first in document order) among items and
// their descendants, or nil.
func firstText(items []*boxtree.Node) *boxtree.Node {
	var first *boxtree.Node
	for _, it := range items {
		it.Walk(func(b *boxtree.Node) {
			if b.Out.Type == "TEXT" && (first == nil || b.Seq() < first.Seq()) {
				first = b
			}
		})
	}
	return first
}
