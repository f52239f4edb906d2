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
// nil; the SVG layers are returned, each drawn as an SVG node over the box), its borders (or,
// without a border, its outline when not offset: outlineOutside) and effects unless hidden,
// its corner radii, opacity and blend mode.
func (pa *Painter) Box(n *capturemodel.DOMNode, node *resultjson.Node, hidden, bg bool) (svgs []*resultjson.ImageEntry) {
	var fills []resultjson.Paint
	if bg {
		fills, svgs = pa.Backgrounds(n, node)
	}
	if !hidden {
		if !pa.Borders(n, node) {
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
	if fills == nil {
		fills = []resultjson.Paint{}
	}
	node.Fills = &fills
	return svgs
}

// Drawn is what an element's box draws of its own.
type Drawn struct {
	// Fills, Strokes and Effects: a background (colour, raster image or gradient), a visible
	// border, a shadow or blur.
	Fills, Strokes, Effects bool
	// SVGLayers counts its background layers that are SVG images.
	SVGLayers int
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
// style as Box reads it (hidden and bg as there) with its images only checked: the tree builder
// keeps or flattens a box by it, and places its SVG layers, before the paint pass runs.
func Draws(n *capturemodel.DOMNode, node *resultjson.Node, hidden, bg bool, check Check) Drawn {
	scratch := resultjson.Node{ID: node.ID, Width: node.Width, Height: node.Height}
	pa := Painter{Warn: &warnings.List{}, Images: check}
	svgs := pa.Box(n, &scratch, hidden, bg)
	return Drawn{Fills: len(*scratch.Fills) > 0, Strokes: len(scratch.Strokes) > 0, Effects: len(scratch.Effects) > 0,
		SVGLayers: len(svgs), Composited: scratch.Opacity != nil || scratch.BlendMode != "" || (!hidden && Filtered(n))}
}

// Canvas returns the element whose background the canvas (the page's root node, root) shows
// (CSS Backgrounds 3, §2.11.2): the root element's, or when that has no colour and no image,
// the body's; body is that body when it paints a colour, gradient or raster image, which it then does not
// paint again.
func Canvas(html *capturemodel.DOMNode, root *resultjson.Node, check Check) (canvas, body *capturemodel.DOMNode) {
	if d := Draws(html, root, false, true, check); d.Fills || d.SVGLayers > 0 {
		return html, nil
	}
	for _, ch := range html.Children {
		if ch.Type == "element" && ch.Tag == "body" {
			if Draws(ch, root, false, true, check).Fills {
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
// its corners), each boxtree.BackgroundSVG child its SVG layer; the elements
// in a node's Merged and CSS are read for their warnings about it.
func Pass(root *boxtree.Node, im Images, check Check, warn *warnings.List) {
	pa := Painter{Warn: warn, Images: im}
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
			pa.Box(el, &resultjson.Node{ID: b.Out.ID, Width: css.Size(el.Box.Width), Height: css.Size(el.Box.Height)}, hidden, !hidden && el != body && !ClipsToText(el))
		}
		node, el := b.Out, b.El
		var svgs []*resultjson.ImageEntry
		switch {
		case b == root:
			var fills []resultjson.Paint
			fills, svgs = pa.Backgrounds(el, node) // warns about the root element's even when the body's is shown
			if canvas != el {
				fills, svgs = pa.Backgrounds(canvas, node)
			}
			if len(fills) == 0 {
				fills = []resultjson.Paint{css.Solid(resultjson.RGBA{R: 1, G: 1, B: 1, A: 1})} // browsers paint a white canvas
			}
			node.Fills = &fills
		case b.Kind == boxtree.Outline:
			pa.Ring(el, node)
		case b.Paints:
			hidden := el.Computed("visibility") != "visible"
			from := warn.Len()
			svgs = pa.Box(el, node, hidden, !hidden && el != body && !ClipsToText(el))
			switch {
			case b.Kind == boxtree.Placeholder && len(*node.Fills) == 0:
				node.Fills = &[]resultjson.Paint{css.Solid(css.PlaceholderGrey)}
			case b.Kind == boxtree.Rasterized:
				// The crop of its border box holds its background and border (the images pass
				// fills it); its corners, opacity, shadow and outline (an OUTSIDE stroke) stay.
				node.Fills = &[]resultjson.Paint{}
				warn.Drop(from, warnings.BorderStyle, warnings.BorderColors, warnings.BackgroundLayout, warnings.Gradient)
				if node.StrokeAlign != "OUTSIDE" {
					node.Strokes, node.StrokeWeight, node.StrokeAlign, node.DashPattern = nil, nil, "", nil
					node.StrokeTopWeight, node.StrokeRightWeight, node.StrokeBottomWeight, node.StrokeLeftWeight = nil, nil, nil, nil
				}
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
			if k.Kind == boxtree.BackgroundSVG && len(svgs) > 0 {
				k.Out.ImageRef, svgs = svgs[0].Ref, svgs[1:]
			}
		}
	}
}
