package vector

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Draw is the vector pass: it draws the icon nodes of the tree under root (boxtree.Mask, Glyph
// and InlineSVG), in the order they were made, as references to SVG images (checked and stored
// by im), and warns to warn. Where no faithful vector exists a node becomes, keeping its id and
// box, a RECTANGLE filled with the capture's crop of its element, or an empty one, with a
// warning that says why.
func Draw(root *boxtree.Node, im *images.Store, warn *warnings.List) {
	icons := Icons{Images: im}
	for _, b := range root.Made() {
		n, node := b.El, b.Out
		switch b.Kind {
		case boxtree.Mask:
			m := n.Mask
			if svg, alpha, approx, ok := icons.Mask(n); ok {
				svgContent(im, node, svg, alpha)
				if approx {
					warn.Add(warnings.MaskApproximated, node.ID, "the mask of %s (mask-size %s, position %s, repeat %s) is drawn once, centred and fitted in its box", naming.Element(n), m.Size, m.Position, m.Repeat)
				}
				continue
			}
			node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
			if n.Crop != nil {
				node.Fills = im.CropFills(n.Crop.AssetID, node)
				warn.Add(warnings.MaskRaster, node.ID, "%s is drawn through a CSS mask that is not one SVG image; it is drawn as a raster crop of the page", naming.Element(n))
				continue
			}
			warn.Add(warnings.MaskRaster, node.ID, "%s is drawn through a CSS mask that could not be read, and no crop of it was recorded; its box is left empty", naming.Element(n))
		case boxtree.Glyph:
			g := n.IconFont.Glyphs[0]
			why := "two glyphs share the element"
			if len(n.IconFont.Glyphs) == 1 {
				svg, alpha, unusable := icons.Glyph(n, g)
				if why = unusable; why == "" {
					svgContent(im, node, svg, alpha)
					continue
				}
			}
			node.Type, node.Fills = "RECTANGLE", im.CropFills(n.Crop.AssetID, node)
			warn.Add(warnings.IconFontRaster, node.ID, "%s shows the icon-font glyph %s of %s; its outline could not be used (%s), so it is drawn as a raster crop of the page", naming.Element(n), Codepoints(g.Text), g.FontFamily, why)
		case boxtree.InlineSVG:
			if n.Crop != nil && n.Crop.Reason == "svg" {
				node.Fills = im.CropFills(n.Crop.AssetID, node)
				warn.Add(warnings.SVGRaster, node.ID, "%s holds content Figma cannot import from SVG (foreignObject or filters); it is drawn as a raster crop of the page", naming.Element(n))
				continue
			}
			if st := im.Resolve(n.Image.AssetID, node.ID, node.Width, node.Height); st != nil && st.MimeType == resultjson.MimeSVG {
				node.ImageRef = st.Ref
			} else {
				// Keep the box so the layout stays; the warning says why it is empty.
				node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
				if st != nil {
					node.Fills = &[]resultjson.Paint{{Type: "IMAGE", ImageRef: st.Ref, ScaleMode: "FIT"}}
				}
			}
			Notes(warn, n, node.ID)
		}
	}
}

// svgContent makes node show an SVG the conversion drew, at the colour's alpha (an empty
// RECTANGLE past the image budgets).
func svgContent(im *images.Store, node *resultjson.Node, svg []byte, alpha float64) {
	if alpha < 1 {
		node.Opacity = css.Ptr(css.Round(alpha, 4))
	}
	if e := im.Generated(svg, node); e != nil {
		node.ImageRef = e.Ref
	} else {
		node.Type, node.Fills = "RECTANGLE", &[]resultjson.Paint{}
	}
}
