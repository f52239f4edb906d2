package tree

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
)

// CSS-masked icons and icon-font glyphs (docs/conversion.md "Vectors"): the builder places
// their nodes, the vector pass (worker/convert/vector) draws them.

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
	if b := f.add(tb.newNode("SVG", naming.Element(n), n.Box, f), n, in); b != nil {
		b.Kind = kind
	}
	return true
}
