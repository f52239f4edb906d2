package images

import (
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Source returns the asset a replaced element shows (an img's image, a canvas's bitmap) and
// whether it is the capture's crop of the element's content box (a canvas the page could not
// read: tainted, or over the capture's pixel limit); "" when the capture recorded none.
func Source(n *capturemodel.DOMNode) (assetID string, cropped bool) {
	if n.Tag == "canvas" && n.Crop != nil && strings.HasPrefix(n.Crop.Reason, "canvas-") {
		return n.Crop.AssetID, true
	}
	if n.Image != nil {
		return n.Image.AssetID, false
	}
	return "", false
}

// Pass is the images pass over the box tree under root, after the paint pass: each element drawn
// from its crop (boxtree.Rasterized) gets it (rasterized), and each img or canvas
// node (boxtree.Image) gets its image, in the order the nodes were made: an SVG node (or the SVG
// inside its frame, when the img draws a box of its own) the SVG's reference, a RECTANGLE (or
// the RECTANGLE of the content box inside its frame) an IMAGE fill over its background
// (object-fit, objectFit; a canvas cropped from the page is stretched over its content box, with
// a warning); an image that had not loaded or cannot be used leaves the box with a warning.
func (im *Store) Pass(root *boxtree.Node) {
	for _, b := range root.Made() {
		n, node := b.El, b.Out
		if b.Kind == boxtree.Rasterized {
			im.rasterized(n, node)
			continue
		}
		if b.Kind != boxtree.Image {
			continue
		}
		id, cropped := Source(n)
		if id == "" {
			im.warn.Add(warnings.ImageUnresolved, node.ID, "the image %s had not loaded when the page was captured", naming.Element(n))
			continue
		}
		if cropped {
			why := "the page cannot read it: another origin's image was drawn into it"
			if n.Crop.Reason == "canvas-large" {
				why = "its bitmap is over the capture's pixel limit"
			}
			im.warn.Add(warnings.CanvasCropped, node.ID, "the canvas %s was not read (%s); its pixels are cropped from the page as shown", naming.Element(n), why)
		}
		st := im.Resolve(id, node.ID, node.Width, node.Height)
		if st == nil {
			continue
		}
		target := node
		if node.Type == "FRAME" && len(node.Children) > 0 {
			target = node.Children[0] // the content box inside the frame of the element's box
		}
		if target.Type == "SVG" {
			target.ImageRef = st.Ref
			continue
		}
		p := css.Stretched(st.Ref)
		if !cropped {
			p = im.objectFit(n, st, target)
		}
		var fills []resultjson.Paint
		if target.Fills != nil {
			fills = *target.Fills
		}
		fills = append(fills, p)
		target.Fills = &fills
	}
}

// objectFit maps object-fit to an IMAGE paint: fill stretches (CROP with the identity
// transform), cover is FILL, contain is FIT, scale-down is FIT or (when the image is smaller
// than the box) none; none is approximated by FIT.
func (im *Store) objectFit(n *capturemodel.DOMNode, e *resultjson.ImageEntry, node *resultjson.Node) resultjson.Paint {
	p := resultjson.Paint{Type: "IMAGE", ImageRef: e.Ref}
	fit := n.Computed("object-fit")
	switch fit {
	case "cover":
		p.ScaleMode = "FILL"
	case "contain":
		p.ScaleMode = "FIT"
	case "scale-down", "none":
		p.ScaleMode = "FIT"
		if fit == "none" || (float64(e.Width) < node.Width && float64(e.Height) < node.Height) {
			im.warn.Add(warnings.ObjectFit, node.ID, "object-fit %s of %s is approximated by fitting the image into its box", fit, naming.Element(n))
		}
	default:
		p = css.Stretched(e.Ref)
	}
	if pos := n.Computed("object-position"); pos != "50% 50%" && p.ScaleMode != "CROP" {
		im.warn.Add(warnings.ObjectFit, node.ID, "object-position %s of %s is approximated by centring the image", pos, naming.Element(n))
	}
	return p
}

// rasterized fills the node of an element the browser draws itself (boxtree.Rasterized) with the
// capture's crop of its border box, stretched over the box, and warns ELEMENT_RASTERIZED; when
// the crop cannot be used (Resolve warns why), the node is a grey placeholder of its box
// (UNSUPPORTED_ELEMENT).
func (im *Store) rasterized(n *capturemodel.DOMNode, node *resultjson.Node) {
	st := im.Resolve(n.Crop.AssetID, node.ID, node.Width, node.Height)
	if st == nil {
		node.Fills = &[]resultjson.Paint{css.Solid(css.PlaceholderGrey)}
		im.warn.Add(warnings.UnsupportedElement, node.ID, "%s is drawn by the browser itself and its crop from the page could not be used; a placeholder of its box is drawn", naming.Element(n))
		return
	}
	p := css.Stretched(st.Ref)
	node.Fills = &[]resultjson.Paint{p}
	im.warn.Add(warnings.ElementRasterized, node.ID, "%s is drawn by the browser itself (%s); it is the page's pixels, cropped from the page as the visitor saw it, not editable shapes", naming.Element(n), widgetKind(n))
}

// widgetKind names what draws element n: the kind of native input, or the element.
func widgetKind(n *capturemodel.DOMNode) string {
	switch n.Tag {
	case "input":
		return "a native " + strings.ToLower(n.Attrs["type"]) + " input"
	case "video":
		return "a video player"
	case "audio":
		return "an audio player"
	case "iframe", "frame", "portal":
		return "an embedded page"
	}
	return "an embedded object"
}
