package images

import (
	"math"
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

// objectFit maps object-fit and object-position to an IMAGE paint of the content box node (CSS
// Images 3 §5.5): the image is drawn at its natural size (the img's, else the entry's) scaled by
// fill (stretched), contain, cover, none or scale-down, placed at object-position. When the
// drawn image covers the box (cover, none or scale-down of a larger image, at any position), it
// is a CROP whose imageTransform shows the part of the image the box shows (FILL for a centred
// cover); fill stretches it (CROP, the identity); a contained image at the centre is FIT. Otherwise (an image smaller than its box, off centre or
// not scaled) it is FIT, centred, with CSS_OBJECT_FIT.
func (im *Store) objectFit(n *capturemodel.DOMNode, e *resultjson.ImageEntry, node *resultjson.Node) resultjson.Paint {
	p := resultjson.Paint{Type: "IMAGE", ImageRef: e.Ref}
	fit := n.Computed("object-fit")
	pos := n.Computed("object-position")
	iw, ih := e.NaturalSize()
	if n.Image != nil && n.Image.NaturalWidth > 0 && n.Image.NaturalHeight > 0 {
		iw, ih = float64(n.Image.NaturalWidth), float64(n.Image.NaturalHeight)
	}
	w, h := node.Width, node.Height
	switch {
	case fit == "fill" || fit == "":
		return css.Stretched(e.Ref)
	case fit == "cover" && pos == "50% 50%":
		p.ScaleMode = "FILL" // Figma's FILL is a centred cover
		return p
	case fit == "contain" && pos == "50% 50%":
		p.ScaleMode = "FIT" // and FIT a centred contain
		return p
	}
	if t, ok := objectCrop(fit, pos, iw, ih, w, h); ok {
		p.ScaleMode, p.ImageTransform = "CROP", t
		return p
	}
	p.ScaleMode = "FIT"
	contained := fit == "contain" || (fit == "scale-down" && (iw >= w || ih >= h))
	switch {
	case !contained:
		im.warn.Add(warnings.ObjectFit, node.ID, "object-fit %s of %s is approximated by fitting the image into its box (the image is smaller than its box)", fit, naming.Element(n))
	case pos != "50% 50%":
		im.warn.Add(warnings.ObjectFit, node.ID, "object-position %s of %s is approximated by centring the image", pos, naming.Element(n))
	}
	return p
}

// objectCrop is the CROP imageTransform of an iw x ih image drawn in a w x h box by object-fit
// fit at object-position pos (two computed lengths, % of the room the image leaves, or px),
// when the drawn image covers the box; ok is false when it does not, or pos is not read.
func objectCrop(fit, pos string, iw, ih, w, h float64) (*resultjson.Transform, bool) {
	parts := strings.Fields(pos)
	if len(parts) != 2 || iw <= 0 || ih <= 0 || w <= 0 || h <= 0 {
		return nil, false
	}
	var s float64
	switch fit {
	case "cover":
		s = math.Max(w/iw, h/ih)
	case "contain":
		s = math.Min(w/iw, h/ih)
	case "none":
		s = 1
	case "scale-down":
		s = math.Min(1, math.Min(w/iw, h/ih))
	default:
		return nil, false
	}
	dw, dh := iw*s, ih*s
	ox, okx := css.ParseLength(parts[0], w-dw)
	oy, oky := css.ParseLength(parts[1], h-dh)
	const e = 0.01
	if !okx || !oky || ox > e || oy > e || ox+dw < w-e || oy+dh < h-e {
		return nil, false
	}
	t := resultjson.Transform{{css.Round(w/dw, 6), 0, css.Round(-ox/dw, 6)}, {0, css.Round(h/dh, 6), css.Round(-oy/dh, 6)}}
	return &t, true
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
		return "a native " + n.InputType() + " input"
	case "video":
		return "a video player"
	case "audio":
		return "an audio player"
	case "iframe", "frame", "portal":
		return "an embedded page"
	}
	return "an embedded object"
}
