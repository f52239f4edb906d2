package paint

import (
	"strconv"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Box gives node the paints of element n's box: the fills of its background when bg (never
// nil; the SVG layers are returned, each drawn as an SVG node over the box, and when layered the
// background layers drawn as rectangles of their own, Layer), its borders (or, without a
// border, its outline when not offset: outlineOutside) and effects unless hidden, its corner
// radii, opacity and blend mode.
func (pa *Painter) Box(n *capturemodel.DOMNode, node *resultjson.Node, hidden, bg, layered bool) (svgs []SVGLayer, layers []Layer) {
	var fills []resultjson.Paint
	if bg {
		fills, svgs, layers = pa.background(n, node, layered, false)
	}
	pa.own(n, node, hidden, true)
	if fills == nil {
		fills = []resultjson.Paint{}
	}
	node.Fills = &fills
	return svgs, layers
}

// Cropped gives node, the node of element n drawn from the capture's crop of its border box
// (boxtree.Rasterized), what is its own over that crop: the crop holds its background and
// border, so it gets no fills and no border, only its outline drawn outside it (outlineOutside),
// its effects unless hidden, its corner radii, opacity and blend mode.
func (pa *Painter) Cropped(n *capturemodel.DOMNode, node *resultjson.Node, hidden bool) {
	pa.own(n, node, hidden, false)
	node.Fills = &[]resultjson.Paint{}
}

// own gives node what element n's box draws over its background: unless hidden, its borders
// when borders (else, or without a border, its outline when not offset: outlineOutside) and its
// effects; its corner radii, opacity and blend mode.
func (pa *Painter) own(n *capturemodel.DOMNode, node *resultjson.Node, hidden, borders bool) {
	if CollapsedBorders(n) || rowPart(n) {
		// Collapsed, a node of their own draws them over the table (boxtree.CollapsedBorder);
		// separate, a row or row group has none.
		borders = false
	}
	if !hidden {
		if !borders || !pa.Borders(n, node) {
			pa.outlineOutside(n, node)
		}
		pa.Effects(n, node)
	}
	pa.Corners(n, node)
	if op, err := strconv.ParseFloat(n.Computed("opacity"), 64); err == nil && op < 1 {
		node.Opacity = css.Ptr(css.Round(css.Clamp01(op), 4))
	}
	if fb, ok := css.BlendModes[n.Computed("mix-blend-mode")]; ok {
		node.BlendMode = fb
	}
}

// Drawn is what an element's box draws of its own.
type Drawn struct {
	// Fills, Strokes and Effects: a background (colour, raster image or gradient), a visible
	// border, a shadow or blur.
	Fills, Strokes, Effects bool
	// SVGLayers are its background layers that are SVG images, bottom-most last (their images
	// only checked): the tree builder makes their nodes at their boxes.
	SVGLayers []SVGLayer
	// Layers are its background layers drawn as rectangles of their own (Box with layered),
	// bottom-most first: the tree builder makes their nodes.
	Layers []Layer
	// Composited: an opacity below 1, a blend mode, or a filter or backdrop-filter (Filtered).
	Composited bool
}

// Paints says whether the box paints fills, strokes or effects or is composited (its SVG
// layers aside).
func (d Drawn) Paints() bool { return d.Fills || d.Strokes || d.Effects || d.Composited }

// Check returns the image entry of a capture asset without warning (images.Store.Check).
type Check func(id string, boxW, boxH float64) *resultjson.ImageEntry

// Resolve makes a Check an Images that never warns.
func (c Check) Resolve(id, _ string, boxW, boxH float64) *resultjson.ImageEntry {
	return c(id, boxW, boxH)
}

// Draws says what element n's box, of node's size, draws of its own, read from its computed
// style as Box reads it (hidden, bg and layered as there; viewport the capture's) with its
// images only checked: the tree builder keeps or flattens a box by it, and places its SVG
// layers and background layers, before the paint pass runs.
func Draws(n *capturemodel.DOMNode, node *resultjson.Node, hidden, bg, layered bool, viewport capturemodel.Size, check Check) Drawn {
	scratch := resultjson.Node{ID: node.ID, Width: node.Width, Height: node.Height}
	pa := Painter{Warn: &warnings.List{}, Images: check, Viewport: viewport}
	svgs, layers := pa.Box(n, &scratch, hidden, bg, layered)
	return Drawn{Fills: len(*scratch.Fills) > 0 || len(layers) > 0, Strokes: len(scratch.Strokes) > 0, Effects: len(scratch.Effects) > 0,
		SVGLayers: svgs, Layers: layers, Composited: scratch.Opacity != nil || scratch.BlendMode != "" || (!hidden && Filtered(n))}
}

// Fills returns the fills Pass gives node, the node of element n's box (a box of its own
// where layered), read with the computed values of style in place of n's own (nil: n's), its
// images only checked (viewport and check as for Draws): what a dark theme's colours paint, for
// styles.Themes to compare with the node's own fills.
func Fills(n *capturemodel.DOMNode, node *resultjson.Node, style map[string]string, layered bool, viewport capturemodel.Size, check Check) []resultjson.Paint {
	if style != nil {
		n = n.Restyled(style)
	}
	scratch := resultjson.Node{ID: node.ID, Width: node.Width, Height: node.Height}
	pa := Painter{Warn: &warnings.List{}, Images: check, Viewport: viewport}
	fills, _, _ := pa.background(n, &scratch, layered, false)
	return fills
}

// CanvasLayers returns what the canvas's background (canvas, on the page's root node root)
// draws besides fills: its SVG layers and its background layers drawn as rectangles of their own,
// for the tree builder (viewport and check as for Draws).
func CanvasLayers(canvas *capturemodel.DOMNode, root *resultjson.Node, viewport capturemodel.Size, check Check) (svgs []SVGLayer, layers []Layer) {
	scratch := resultjson.Node{ID: root.ID, Width: root.Width, Height: root.Height}
	pa := Painter{Warn: &warnings.List{}, Images: check, Viewport: viewport}
	_, svgs, layers = pa.background(canvas, &scratch, true, true)
	return svgs, layers
}

// Canvas returns the element whose background the canvas (the page's root node, root) shows
// (CSS Backgrounds 3, §2.11.2): the root element's, or when that has no colour and no image,
// the body's; body is that body when it paints a colour, gradient or raster image, which it then does not
// paint again.
func Canvas(html *capturemodel.DOMNode, root *resultjson.Node, check Check) (canvas, body *capturemodel.DOMNode) {
	if d := Draws(html, root, false, true, false, capturemodel.Size{}, check); d.Fills || len(d.SVGLayers) > 0 {
		return html, nil
	}
	for _, ch := range html.Children {
		if ch.Type == "element" && ch.Tag == "body" {
			if Draws(ch, root, false, true, false, capturemodel.Size{}, check).Fills {
				return ch, ch
			}
			return ch, nil
		}
	}
	return html, nil
}

// Pass is the paint pass over the box tree under root (the html element's): the root gets the
// canvas background (white when the page has none), every node that draws its element's box
// (boxtree.Node.Paints) its paints (and the content box inside the frame of an img or canvas
// its corners), each boxtree.BackgroundSVG child its SVG layer, each boxtree.BackgroundLayer
// child its background layer (Layer); the elements in a node's Merged and CSS are read for their
// warnings about it. viewport is the capture's (background-attachment: fixed).
func Pass(root *boxtree.Node, im Images, check Check, viewport capturemodel.Size, warn *warnings.List) {
	pa := Painter{Warn: warn, Images: im, Viewport: viewport}
	canvas, body := Canvas(root.El, root.Out, check)
	for _, b := range root.Made() {
		for _, el := range b.CSS {
			cssWarnings(warn, el, b.Out.ID)
			if el != b.El || !b.Paints {
				lostFilterWarnings(warn, el, b.Out.ID)
			}
		}
		for _, el := range b.Merged {
			hidden := el.Computed("visibility") != "visible"
			pa.Box(el, &resultjson.Node{ID: b.Out.ID, Width: css.Size(el.Box.Width), Height: css.Size(el.Box.Height)}, hidden, !hidden && el != body && !ClipsToText(el), false)
		}
		node, el := b.Out, b.El
		var svgs []SVGLayer
		var layers []Layer
		switch {
		case b == root:
			var fills []resultjson.Paint
			fills, svgs, layers = pa.background(el, node, true, true) // warns about the root element's even when the body's is shown
			if canvas != el {
				fills, svgs, layers = pa.background(canvas, node, true, true)
			}
			if len(fills) == 0 {
				fills = []resultjson.Paint{css.Solid(resultjson.RGBA{R: 1, G: 1, B: 1, A: 1})} // browsers paint a white canvas
			}
			node.Fills = &fills
		case b.Kind == boxtree.Outline:
			pa.Ring(el, node)
		case b.Kind == boxtree.CollapsedBorder:
			pa.Borders(el, node)
			node.Fills = &[]resultjson.Paint{}
		case b.Kind == boxtree.GridLine:
			pa.BorderFill(el, node)
		case b.Kind == boxtree.Rasterized:
			// The images pass fills it with the crop.
			pa.Cropped(el, node, el.Computed("visibility") != "visible")
		case b.Paints:
			hidden := el.Computed("visibility") != "visible"
			svgs, layers = pa.Box(el, node, hidden, !hidden && el != body && !ClipsToText(el), b.Kind == boxtree.Box)
			switch {
			case b.Kind == boxtree.Placeholder && len(*node.Fills) == 0:
				node.Fills = &[]resultjson.Paint{css.Solid(css.PlaceholderGrey)}
			case node.Type == "SVG":
				node.Fills = nil
				node.CornerRadius, node.TopLeftRadius, node.TopRightRadius, node.BottomRightRadius, node.BottomLeftRadius = nil, nil, nil, nil, nil
			case b.Kind == boxtree.Image && node.Type == "FRAME" && len(node.Children) > 0 && node.Children[0].Type == "RECTANGLE":
				// The content box of an img or canvas with a border or padding is clipped to its
				// own, smaller corners.
				ContentCorners(el, node, node.Children[0])
			}
		}
		for _, k := range b.Kids {
			switch {
			case k.Kind == boxtree.BackgroundSVG && len(svgs) > 0:
				k.Out.ImageRef, svgs = svgs[0].Image.Ref, svgs[1:]
			case k.Kind == boxtree.BackgroundLayer:
				fills := []resultjson.Paint{}
				if len(layers) > 0 {
					if layers[0].Paint != nil {
						fills = append(fills, *layers[0].Paint)
					}
					if layers[0].Radii != [4]float64{} {
						setCorners(k.Out, layers[0].Radii)
					}
					layers = layers[1:]
				}
				k.Out.Fills = &fills
			}
		}
	}
}
