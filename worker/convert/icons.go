package convert

import (
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/vector"
	"github.com/code2des/backend/worker/convert/warnings"
)

// CSS-masked icons and icon-font glyphs (docs/conversion.md "Vectors"), drawn by
// worker/convert/vector.

// iconElement converts n when it is a masked icon or an icon glyph shown alone and reports
// whether it did (then n and its children are done).
func (tb *builder) iconElement(n *capturemodel.DOMNode, f *frame, in inherited, hidden bool) bool {
	switch {
	case hidden:
		return false
	case n.Mask != nil:
		tb.maskedIcon(n, f, in)
		return true
	case n.IconFont != nil && n.Crop != nil && n.Crop.Reason == "glyph" && len(n.IconFont.Glyphs) > 0:
		g := n.IconFont.Glyphs[0]
		why := "two glyphs share the element"
		if len(n.IconFont.Glyphs) == 1 {
			svg, alpha, unusable := tb.icons.Glyph(n, g)
			if why = unusable; why == "" {
				tb.svgNode(n, f, in, svg, alpha)
				return true
			}
		}
		tb.rasterCrop(n, f, in, warnings.IconFontRaster, "%s shows the icon-font glyph %s of %s; its outline could not be used (%s), so it is drawn as a raster crop of the page", naming.Element(n), vector.Codepoints(g.Text), g.FontFamily, why)
		return true
	}
	return false
}

// maskedIcon draws a CSS-masked element: an SVG mask becomes an SVG node of the element's box
// in its background colour; anything else the capture's crop, with a warning.
func (tb *builder) maskedIcon(n *capturemodel.DOMNode, f *frame, in inherited) {
	m := n.Mask
	if svg, alpha, approx, ok := tb.icons.Mask(n); ok {
		if node := tb.svgNode(n, f, in, svg, alpha); node != nil && approx {
			tb.warn.Add(warnings.MaskApproximated, node.ID, "the mask of %s (mask-size %s, position %s, repeat %s) is drawn once, centred and fitted in its box", naming.Element(n), m.Size, m.Position, m.Repeat)
		}
		return
	}
	if n.Crop != nil {
		tb.rasterCrop(n, f, in, warnings.MaskRaster, "%s is drawn through a CSS mask that is not one SVG image; it is drawn as a raster crop of the page", naming.Element(n))
		return
	}
	node := tb.newNode("RECTANGLE", naming.Element(n), n.Box, f)
	if node == nil {
		return
	}
	node.Fills = &[]resultjson.Paint{}
	f.add(node, n, in)
	tb.warn.Add(warnings.MaskRaster, node.ID, "%s is drawn through a CSS mask that could not be read, and no crop of it was recorded; its box is left empty", naming.Element(n))
}

// svgNode places an SVG the conversion drew for n as an SVG node of n's box at the colour's
// alpha (an empty RECTANGLE past the image budgets).
func (tb *builder) svgNode(n *capturemodel.DOMNode, f *frame, in inherited, svg []byte, alpha float64) *resultjson.Node {
	node := tb.newNode("SVG", naming.Element(n), n.Box, f)
	if node == nil {
		return nil
	}
	if alpha < 1 {
		node.Opacity = css.Ptr(css.Round(alpha, 4))
	}
	if e := tb.img.Generated(svg, node); e != nil {
		node.ImageRef = e.Ref
	} else {
		node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
	}
	f.add(node, n, in)
	return node
}
