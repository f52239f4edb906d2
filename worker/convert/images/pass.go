package images

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Pass is the images pass over the box tree under root, after the paint pass: each img node
// (boxtree.Image) gets its image, in the order the nodes were made: an SVG node (or the SVG
// inside its frame, when the img draws a box of its own) the SVG's reference, a RECTANGLE an
// IMAGE fill over its background (object-fit, objectFit); an image that had not loaded or cannot
// be used leaves the box with a warning.
func (im *Store) Pass(root *boxtree.Node) {
	for _, b := range root.Made() {
		n, node := b.El, b.Out
		if b.Kind != boxtree.Image {
			continue
		}
		if n.Image == nil || n.Image.AssetID == "" {
			im.warn.Add(warnings.ImageUnresolved, node.ID, "the image %s had not loaded when the page was captured", naming.Element(n))
			continue
		}
		switch st := im.Resolve(n.Image.AssetID, node.ID, node.Width, node.Height); {
		case st == nil:
		case node.Type == "SVG":
			node.ImageRef = st.Ref
		case node.Type == "FRAME":
			if len(node.Children) > 0 {
				node.Children[0].ImageRef = st.Ref
			}
		default:
			fills := append(*node.Fills, im.objectFit(n, st, node))
			node.Fills = &fills
		}
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
		p.ScaleMode = "CROP"
		p.ImageTransform = &resultjson.Transform{{1, 0, 0}, {0, 1, 0}}
	}
	if pos := n.Computed("object-position"); pos != "50% 50%" && p.ScaleMode != "CROP" {
		im.warn.Add(warnings.ObjectFit, node.ID, "object-position %s of %s is approximated by centring the image", pos, naming.Element(n))
	}
	return p
}
