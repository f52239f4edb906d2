package tree

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/vector"
)

// Icons (docs/conversion.md "Vectors"): inline SVGs, CSS-masked icons and icon-font glyphs. The
// builder places their nodes; the vector pass (worker/convert/vector) draws them.

// iconElement places n when it is a masked icon or an icon glyph shown alone, as an SVG node of
// its box the vector pass draws, and reports whether it did (then n and its children are done).
func (tb *builder) iconElement(n *capturemodel.DOMNode, f *frame, in inherited, hidden bool) bool {
	kind := boxtree.Mask
	switch {
	case hidden:
		return false
	case n.Mask != nil:
	case n.IconFont != nil && n.Crop != nil && n.Crop.Reason == "glyph" && len(n.IconFont.Glyphs) > 0:
		kind = boxtree.Glyph
	default:
		return false
	}
	if b := f.add(tb.newNode("SVG", naming.Icon(n), n.Box, f), n, in); b != nil {
		b.Kind = kind
	}
	return true
}

// svgIcon converts an inline SVG (kept whole and self-contained by the capture). An SVG that
// draws a box of its own (background, border, shadow, opacity) becomes a FRAME of that box
// holding the SVG at its content box, clipped; one without becomes an SVG node. A zero-sized
// SVG (a sprite sheet) gives no node.
func (tb *builder) svgIcon(n *capturemodel.DOMNode, f *frame, in inherited) {
	if n.Box.Width <= 0 || n.Box.Height <= 0 {
		return
	}
	if n.Crop != nil && n.Crop.Reason == "svg" {
		// The vector pass draws it from the capture's crop.
		f.add(tb.newNode("RECTANGLE", naming.Icon(n), n.Box, f), n, in).Kind = boxtree.InlineSVG
		return
	}
	// Its SVG background layers are dropped (their ids taken).
	frameNode, drawn, _ := tb.box(n, f, "FRAME", false, in.item, false)
	if frameNode != nil && !drawn.Paints() {
		tb.merge(frameNode, n, f)
		frameNode = nil
	}
	target, box := f, n.Box
	if frameNode != nil {
		// The frame of a painted icon's box is named as the icon is.
		frameNode.Name, frameNode.ClipsContent = naming.Clip(naming.Icon(n)), css.Ptr(true)
		target = &frame{box: f.add(frameNode, n, in), ox: n.Box.X, oy: n.Box.Y, depth: f.depth + 1}
		target.box.Paints, target.box.CSS = true, []*capturemodel.DOMNode{n}
		box = vector.ContentBox(n)
	}
	node := tb.newNode("SVG", naming.Icon(n), box, target)
	if node == nil {
		return
	}
	if frameNode == nil {
		// Its opacity or blend mode would have kept the frame.
		b := f.add(node, n, in)
		b.Kind, b.CSS = boxtree.InlineSVG, []*capturemodel.DOMNode{n}
		return
	}
	target.add(node, n, inherited{group: boxtree.Flow}).Kind = boxtree.InlineSVG
	target.box.Finish()
}
