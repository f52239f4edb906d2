// Package paint is the paint pass of the conversion (docs/conversion.md "Node mapping"): the
// backgrounds, borders, corners, effects, opacity and blend mode of the boxes the tree draws, and
// the CSS no node property expresses; Draws tells the tree builder whether a box draws anything.
package paint

import (
	"fmt"
	"math"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Images resolves the image assets of backgrounds (images.Store), warning about nodeID when
// one cannot be used.
type Images interface {
	Resolve(id, nodeID string, boxW, boxH float64) *resultjson.ImageEntry
}

// Painter reads elements' paints for their nodes.
type Painter struct {
	// Warn takes the warnings about what is approximated or left out.
	Warn *warnings.List
	// Images resolves background images.
	Images Images
	// Viewport is the capture's viewport (CSS px), where a background-attachment: fixed layer
	// is placed; zero: such layers are placed as scrolling ones.
	Viewport capturemodel.Size
}

// Backgrounds returns the fills of n's background for node, each over the whole box: its
// colour, then the image and gradient layers, bottom-most first as Figma stacks fills; and its
// SVG layers (an SVG cannot be an image paint: each is drawn as an SVG node, SVGLayer, top-most
// first). A layer that no paint over the whole box draws as CSS does is approximated
// with CSS_BACKGROUND_LAYOUT (the text pass fills glyphs with them).
func (pa *Painter) Backgrounds(n *capturemodel.DOMNode, node *resultjson.Node) (fills []resultjson.Paint, svgs []SVGLayer) {
	fills, svgs, _ = pa.background(n, node, false, false)
	return fills, svgs
}

// drawnLayer is one background layer (or the colour) as drawn: a paint over the whole box, or
// rectangles of its own.
type drawnLayer struct {
	fill   *resultjson.Paint
	layers []Layer
}

// background returns what n's background draws in node: the fills over the whole box (bottom-most
// first), the SVG layers, and, when layered (node is the FRAME of an element's box, which can
// hold them), the rectangles of its own of the layers no fill draws exactly (Layer), bottom-most
// first: from the first such layer up, every layer is a rectangle, so they stack as in CSS. root
// says node is the page's root (the canvas: no borders of its own).
func (pa *Painter) background(n *capturemodel.DOMNode, node *resultjson.Node, layered, root bool) (fills []resultjson.Paint, svgs []SVGLayer, layers []Layer) {
	a := areaOf(n, node.Width, node.Height, root)
	page := n.Box
	if root {
		page = capturemodel.Box{}
	}
	bg := n.Computed("background-image")
	var list []string
	if bg != "none" && bg != "" {
		list = css.SplitTop(bg, ',')
	}
	var drawn []drawnLayer // bottom-most first
	if c, ok := pa.Color(n.Computed("background-color"), node.ID, "background-color"); ok && c.A > 0 {
		// The colour is clipped as the bottom-most layer is (CSS Backgrounds 3 §3.10).
		clips := css.SplitTop(n.Computed("background-clip"), ',')
		k := a.border
		if len(clips) > 0 {
			k, _ = a.box(strings.TrimSpace(clips[(max(len(list), 1)-1)%len(clips)]))
		}
		p := css.Solid(c)
		switch vis := k.intersect(a.shown); {
		case vis.empty():
		case k.covers(a.shown) || !layered:
			if !k.covers(a.shown) {
				pa.noteLayer(n, node.ID, "background-color clipped to the "+strings.TrimSuffix(clipName(k, a), "-box")+" box")
			}
			drawn = append(drawn, drawnLayer{fill: &p})
		default:
			drawn = append(drawn, drawnLayer{layers: []Layer{{X: css.Px(vis.x), Y: css.Px(vis.y), Width: css.Size(vis.w), Height: css.Size(vis.h), Paint: &p, Radii: a.cornersOf(vis)}}})
		}
	}
	sizes := css.SplitTop(n.Computed("background-size"), ',')
	repeats := css.SplitTop(n.Computed("background-repeat"), ',')
	positions := css.SplitTop(n.Computed("background-position"), ',')
	blends := css.SplitTop(n.Computed("background-blend-mode"), ',')
	pick := func(list []string, i int, def string) string {
		if len(list) == 0 {
			return def
		}
		return strings.TrimSpace(list[i%len(list)])
	}
	// url() layers take the capture's assets in order, top-most first.
	assets := make([]string, len(list))
	urls := 0
	for i, layer := range list {
		if css.URLLayer(layer) {
			if urls < len(n.BackgroundImages) {
				assets[i] = n.BackgroundImages[urls]
			}
			urls++
		}
	}
	for i := len(list) - 1; i >= 0; i-- {
		layer := list[i]
		var d drawnLayer
		switch {
		case layer == "none":
			continue
		case css.URLLayer(layer):
			if assets[i] == "" {
				pa.Warn.Add(warnings.ImageUnresolved, node.ID, "a background image of %s was not recorded by the capture", naming.Element(n))
				continue
			}
			st := pa.Images.Resolve(assets[i], node.ID, node.Width, node.Height)
			if st == nil {
				continue
			}
			size, repeat, pos := pick(sizes, i, "auto"), pick(repeats, i, "repeat"), pick(positions, i, "0% 0%")
			if st.MimeType == resultjson.MimeSVG {
				l := SVGLayer{Width: node.Width, Height: node.Height, Image: st}
				if size != "contain" && size != "cover" && size != "100% 100%" {
					// The stored size is the SVG's width and height, or its viewBox's: a ratio
					// that sizes a tile one of whose sides is given, but no natural size when
					// the SVG declares none (CSS Backgrounds 3 §3.9: auto is then contain), so
					// a size of auto alone is not placed.
					iw, ih := st.NaturalSize()
					if size == "auto" || size == "auto auto" {
						iw, ih = 0, 0
					}
					if t, ok := pa.svgTile(n, node.ID, a, i, iw, ih, page); ok {
						l.X, l.Y, l.Width, l.Height = css.Px(t.x), css.Px(t.y), css.Size(t.w), css.Size(t.h)
					} else {
						pa.Warn.Add(warnings.BackgroundLayout, node.ID, "an SVG background image of %s (background-size %s) is drawn once over the whole box", naming.Element(n), size)
					}
				}
				svgs = append([]SVGLayer{l}, svgs...)
				continue
			}
			legacy, approx := pa.imagePaint(st, size, repeat, pos, node)
			iw, ih := st.NaturalSize()
			d = pa.layer(n, node, a, i, iw, ih, page, layered, legacy, approx, float64(st.Width), float64(st.Height), func(w, h float64) (resultjson.Paint, bool) {
				return resultjson.Paint{Type: "IMAGE", ImageRef: st.Ref, ScaleMode: "CROP", ImageTransform: &resultjson.Transform{{1, 0, 0}, {0, 1, 0}}}, true
			})
		case strings.HasPrefix(layer, "linear-gradient("), strings.HasPrefix(layer, "repeating-linear-gradient("):
			read := css.LinearGradient
			if strings.HasPrefix(layer, "repeating-") {
				read = css.RepeatingLinearGradient
			}
			legacy, ok := read(layer, node.Width, node.Height)
			if !ok {
				if strings.HasPrefix(layer, "repeating-") {
					pa.Warn.Add(warnings.Gradient, node.ID, "a repeating gradient of %s could not be read or repeats more than %d stops over the box and was left out: %s", naming.Element(n), css.MaxGradientStops, layer)
				} else {
					pa.Warn.Add(warnings.Gradient, node.ID, "a gradient of %s could not be read and was left out: %s", naming.Element(n), layer)
				}
				continue
			}
			d = pa.layer(n, node, a, i, 0, 0, page, layered, legacy, "", 0, 0, func(w, h float64) (resultjson.Paint, bool) { return read(layer, w, h) })
		case strings.HasPrefix(layer, "radial-gradient("), strings.HasPrefix(layer, "conic-gradient("):
			read := css.RadialGradient
			if strings.HasPrefix(layer, "conic") {
				read = css.ConicGradient
			}
			legacy, ok := read(layer, node.Width, node.Height)
			if !ok {
				pa.Warn.Add(warnings.Gradient, node.ID, "a gradient of %s could not be read (a colour hint or interpolation space) and was left out: %s", naming.Element(n), layer)
				continue
			}
			d = pa.layer(n, node, a, i, 0, 0, page, layered, legacy, "", 0, 0, func(w, h float64) (resultjson.Paint, bool) { return read(layer, w, h) })
		default:
			kind := layer
			if i := strings.IndexByte(kind, '('); i > 0 {
				kind = kind[:i]
			}
			pa.Warn.Add(warnings.Gradient, node.ID, "a %s background of %s is not converted (linear, radial and conic gradients are) and was left out", kind, naming.Element(n))
			continue
		}
		// background-blend-mode blends the layer with the layers and colour under it: its
		// paint's blendMode.
		if bm := pick(blends, i, "normal"); bm != "normal" {
			if fb, ok := css.BlendModes[bm]; ok {
				if d.fill != nil {
					d.fill.BlendMode = fb
				}
				for _, l := range d.layers {
					if l.Paint != nil {
						l.Paint.BlendMode = fb
					}
				}
			} else {
				pa.Warn.Add(warnings.BlendMode, node.ID, "the background-blend-mode %s of %s has no Figma equivalent", bm, naming.Element(n))
			}
		}
		if d.fill != nil || len(d.layers) > 0 {
			drawn = append(drawn, d)
		}
	}
	// From the first layer drawn as rectangles up, every layer is a rectangle (a fill lies
	// under the node's children).
	up := false
	for _, d := range drawn {
		up = up || len(d.layers) > 0
		switch {
		case !up:
			fills = append(fills, *d.fill)
		case d.fill != nil:
			p := *d.fill
			layers = append(layers, Layer{Width: css.Size(a.border.w), Height: css.Size(a.border.h), Paint: &p, Radii: a.radii})
		default:
			layers = append(layers, d.layers...)
		}
	}
	return fills, svgs, layers
}

// layer draws background layer i of n (a url() image of natural size iw x ih and stored size
// imgW x imgH, or a gradient: all 0) in node: over the whole box with legacy, the paint the
// layer's size, position and repeat give over the box (approx says how it is approximate, ""
// when exact), when that is what CSS draws; else at its place from its background-origin (or
// the viewport, background-attachment fixed), clipped to its background-clip box, as a paint
// laid out over the box or, when layered, rectangles of its own; otherwise legacy with
// CSS_BACKGROUND_LAYOUT.
func (pa *Painter) layer(n *capturemodel.DOMNode, node *resultjson.Node, a area, i int, iw, ih float64, page capturemodel.Box, layered bool,
	legacy resultjson.Paint, approx string, imgW, imgH float64, paintFor func(w, h float64) (resultjson.Paint, bool)) drawnLayer {
	place, note, ok := pa.place(n, a, i, iw, ih, page)
	// legacy is exact when the layer's positioning area is the box, nothing that shows is
	// clipped, and (an image) its scale mode draws the layer's size, position and repeat or (a
	// gradient) its one tile is the box.
	if ok && approx == "" && place.origin.same(a.border) && place.clip.covers(a.shown) && (imgW > 0 || place.tile.same(a.border)) {
		return drawnLayer{fill: &legacy}
	}
	if !ok {
		if approx == "" {
			approx = "its background-size, background-position, background-repeat, background-clip or background-origin is not read"
		}
		pa.noteLayer(n, node.ID, approx)
		return drawnLayer{fill: &legacy}
	}
	pa.warnFixed(n, node.ID, note)
	fill, layers, ok := pa.layerPaint(place, a, paintFor, imgW, imgH)
	switch {
	case ok && fill != nil:
		return drawnLayer{fill: fill}
	case ok && len(layers) == 0:
		return drawnLayer{}
	case ok && layered:
		return drawnLayer{layers: layers}
	case ok:
		pa.noteLayer(n, node.ID, "it is sized, placed or clipped inside a box that cannot hold a layer of its own")
	default:
		pa.noteLayer(n, node.ID, fmt.Sprintf("it repeats in more than %d tiles, or its paint cannot be laid out", MaxBackgroundTiles))
	}
	return drawnLayer{fill: &legacy}
}

// clipName names r among a's boxes.
func clipName(r rect, a area) string {
	switch {
	case r.same(a.content):
		return "content-box"
	case r.same(a.padding):
		return "padding-box"
	}
	return "border-box"
}

// imagePaint maps a raster background layer to an IMAGE paint over the whole box: cover is FILL
// (a CROP at an off-centre position), contain is FIT, a repeating layer at its natural (or a px)
// size is TILE, 100% 100% is a stretching CROP; anything else is FILL. approx says what this
// paint draws otherwise than CSS ("" when nothing), as if the layer's positioning area were the
// whole box.
func (pa *Painter) imagePaint(e *resultjson.ImageEntry, size, repeat, pos string, node *resultjson.Node) (resultjson.Paint, string) {
	p := resultjson.Paint{Type: "IMAGE", ImageRef: e.Ref, ScaleMode: "FILL"}
	approx := ""
	repeats := repeat == "repeat" || repeat == "repeat repeat"
	nw, nh := e.NaturalSize()
	switch {
	case size == "cover":
		if pos != "50% 50%" {
			if t, ok := coverCrop(e, pos, node.Width, node.Height); ok {
				p.ScaleMode = "CROP"
				p.ImageTransform = t
			} else {
				approx = "background-position " + pos
			}
		}
	case size == "contain":
		p.ScaleMode = "FIT"
		if repeats {
			approx = "a repeated contained image"
		} else if pos != "50% 50%" {
			approx = "background-position " + pos
		}
	case size == "100% 100%":
		p = css.Stretched(e.Ref)
	case repeats:
		p.ScaleMode = "TILE"
		w := nw
		if size != "auto" && size != "auto auto" {
			parts := strings.Fields(size)
			var ok bool
			if w, ok = css.ParseLength(parts[0], node.Width); !ok || w <= 0 {
				approx, w = "background-size "+size, nw
			} else if len(parts) > 1 && parts[1] != "auto" {
				if h, ok := css.ParseLength(parts[1], node.Height); !ok || math.Abs(h/nh-w/nw) > 0.01*w/nw {
					approx = "background-size " + size
				}
			}
		}
		p.ScalingFactor = css.Ptr(css.Round(w/float64(e.Width), 4))
		if pos != "0% 0%" && approx == "" {
			approx = "background-position " + pos
		}
	default:
		approx = fmt.Sprintf("background-size %s with background-repeat %s", size, repeat)
	}
	return p, approx
}

// coverCrop is the CROP imageTransform of image e covering a w x h px box (background-size:
// cover) at background-position pos (css.BackgroundPosition: % of the room the image leaves, or
// px, from the box's top left): the image scaled by the larger of w/width and h/height and moved by
// the position, as CSS Backgrounds 3 §3.9 places it. ok is false for a position it does not read.
func coverCrop(e *resultjson.ImageEntry, pos string, w, h float64) (*resultjson.Transform, bool) {
	if e.Width <= 0 || e.Height <= 0 || w <= 0 || h <= 0 {
		return nil, false
	}
	iw, ih := float64(e.Width), float64(e.Height)
	s := math.Max(w/iw, h/ih)
	dw, dh := iw*s, ih*s
	ox, oy, ok := css.BackgroundPosition(pos, w-dw, h-dh)
	if !ok {
		return nil, false
	}
	// Node space (0-1 of the box) to image space (0-1 of the image).
	t := resultjson.Transform{{css.Round(w/dw, 6), 0, css.Round(-ox/dw, 6)}, {0, css.Round(h/dh, 6), css.Round(-oy/dh, 6)}}
	return &t, true
}

// Color reads a computed colour, warning (about nodeID) when its syntax is not readable.
func (pa *Painter) Color(s, nodeID, prop string) (resultjson.RGBA, bool) {
	c, known := css.ParseColor(s)
	if !known {
		pa.Warn.Add(warnings.Color, nodeID, "the %s %q is in a colour syntax the converter does not read; it was left out", prop, s)
		return resultjson.RGBA{}, false
	}
	return c, true
}

var sides = [4]string{"top", "right", "bottom", "left"}

// Borders sets node's strokes from n's borders (inside the box, as CSS draws them). It reports
// whether there is a visible border.
func (pa *Painter) Borders(n *capturemodel.DOMNode, node *resultjson.Node) bool {
	var widths [4]float64
	var styles [4]string
	var colors [4]resultjson.RGBA
	first := -1
	for i, s := range sides {
		w := SideWidth(n, s)
		if w <= 0 {
			continue
		}
		c, ok := pa.Color(n.Computed("border-"+s+"-color"), node.ID, "border-"+s+"-color")
		if !ok || c.A == 0 {
			continue
		}
		widths[i], styles[i], colors[i] = w, n.Computed("border-"+s+"-style"), c
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return false
	}
	colorDiffers, styleDiffers, same, maxW := false, false, true, 0.0
	for i := range sides {
		maxW = math.Max(maxW, widths[i])
		same = same && widths[i] == widths[first]
		if widths[i] > 0 {
			colorDiffers = colorDiffers || colors[i] != colors[first]
			styleDiffers = styleDiffers || styles[i] != styles[first]
		}
	}
	name := naming.Element(n)
	if colorDiffers {
		pa.Warn.Add(warnings.BorderColors, node.ID, "the borders of %s have different colours; all are drawn in the %s border's", name, sides[first])
	}
	if styleDiffers {
		pa.Warn.Add(warnings.BorderStyle, node.ID, "the borders of %s have different styles; all are drawn %s", name, styles[first])
	}
	w := widths[first]
	switch styles[first] {
	case "solid":
	case "dashed":
		node.DashPattern = []float64{css.Px(3 * w), css.Px(3 * w)}
	case "dotted":
		node.DashPattern = []float64{css.Px(w), css.Px(w)}
	default:
		pa.Warn.Add(warnings.BorderStyle, node.ID, "the %s border of %s is drawn solid", styles[first], name)
	}
	node.Strokes = []resultjson.Paint{css.Solid(colors[first])}
	node.StrokeAlign = "INSIDE"
	if CollapsedBorders(n) {
		// The border node of a table, row or cell with collapsed borders: the box runs from the
		// middle of one grid line's border to the next (CSS 2 §17.6.2), so its borders
		// straddle the box's edges.
		node.StrokeAlign = "CENTER"
	}
	node.StrokeWeight = css.Ptr(css.Px(maxW))
	if !same {
		node.StrokeTopWeight, node.StrokeRightWeight = css.Ptr(css.Px(widths[0])), css.Ptr(css.Px(widths[1]))
		node.StrokeBottomWeight, node.StrokeLeftWeight = css.Ptr(css.Px(widths[2])), css.Ptr(css.Px(widths[3]))
	}
	return true
}

// CollapsedBorders says whether n draws its borders in the collapsing border model: a table,
// a row group, a row or a cell whose border-collapse is collapse. Captures that do not record
// border-collapse are read as separate. Their borders are drawn by nodes of their own
// (boxtree.CollapsedBorder), not by n's node.
func CollapsedBorders(n *capturemodel.DOMNode) bool {
	return n.Computed("border-collapse") == "collapse" && TablePart(n)
}

// TablePart says whether n is a table (display table or inline-table), a row group, a row or
// a cell: the boxes whose borders collapse in a table with collapsed borders.
func TablePart(n *capturemodel.DOMNode) bool {
	switch n.Computed("display") {
	case "table", "inline-table", "table-cell":
		return true
	}
	return rowPart(n)
}

// rowPart says whether n is a row group or a row, which have no borders of their own in the
// separated borders model (CSS 2 §17.6.1).
func rowPart(n *capturemodel.DOMNode) bool {
	switch n.Computed("display") {
	case "table-row-group", "table-header-group", "table-footer-group", "table-row":
		return true
	}
	return false
}

// SideWidth is the width in px of n's border on side s ("top", "right", "bottom", "left"): 0
// when its style draws none (none, hidden) or its width is not px.
func SideWidth(n *capturemodel.DOMNode, s string) float64 {
	if st := n.Computed("border-" + s + "-style"); st == "none" || st == "hidden" {
		return 0
	}
	w, _ := css.ParsePx(n.Computed("border-" + s + "-width"))
	return max(w, 0)
}

// HasBorder says whether n's box has a visible border (one Borders would draw).
func HasBorder(n *capturemodel.DOMNode) bool {
	pa := Painter{Warn: &warnings.List{}}
	return pa.Borders(n, &resultjson.Node{})
}

// SameBorders says whether a and b have the same border on every side: style, width and colour
// as computed.
func SameBorders(a, b *capturemodel.DOMNode) bool {
	for _, s := range sides {
		for _, p := range []string{"-style", "-width", "-color"} {
			if a.Computed("border-"+s+p) != b.Computed("border-"+s+p) {
				return false
			}
		}
	}
	return true
}

// Corners sets node's corner radii from n's border radii (percentages of the box; scaled down
// together when adjacent radii overlap, as CSS does).
func (pa *Painter) Corners(n *capturemodel.DOMNode, node *resultjson.Node) {
	r, elliptical := radii(n, node.Width, node.Height)
	if r == [4]float64{} {
		return
	}
	if elliptical {
		pa.Warn.Add(warnings.EllipticalRadius, node.ID, "the elliptical corners of %s are drawn circular", naming.Element(n))
	}
	setCorners(node, r)
}

// ContentCorners sets the corner radii of content, the node of n's content box inside node (the
// frame of n's box): the outer radii less the border and padding beside each corner, as CSS
// clips a replaced element's content (CSS Backgrounds 3 §5.3), never below 0.
func ContentCorners(n *capturemodel.DOMNode, node, content *resultjson.Node) {
	r, _ := radii(n, node.Width, node.Height)
	if r == [4]float64{} {
		return
	}
	side := func(s string) float64 {
		b, _ := css.ParsePx(n.Computed("border-" + s + "-width"))
		p, _ := css.ParsePx(n.Computed("padding-" + s))
		return b + p
	}
	t, rt, b, l := side("top"), side("right"), side("bottom"), side("left")
	insets := [4]float64{math.Max(t, l), math.Max(t, rt), math.Max(b, rt), math.Max(b, l)}
	for i := range r {
		r[i] = css.Px(math.Max(0, r[i]-insets[i]))
	}
	if r == [4]float64{} {
		return
	}
	setCorners(content, r)
}

// radii returns n's four corner radii (top-left, top-right, bottom-right, bottom-left) in a box
// of w x h, scaled down together when adjacent ones overlap, and whether any is elliptical (then
// drawn circular, at its smaller radius).
func radii(n *capturemodel.DOMNode, w, h float64) (r [4]float64, elliptical bool) {
	props := [4]string{"border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"}
	for i, p := range props {
		parts := strings.Fields(n.Computed(p))
		if len(parts) == 0 {
			continue
		}
		rh, ok1 := css.ParseLength(parts[0], w)
		rv, ok2 := rh, ok1
		if len(parts) > 1 {
			rv, ok2 = css.ParseLength(parts[1], h)
		} else if strings.HasSuffix(parts[0], "%") {
			rv, ok2 = css.ParseLength(parts[0], h)
		}
		if !ok1 || !ok2 {
			continue
		}
		if math.Abs(rh-rv) > 0.5 {
			elliptical = true
		}
		r[i] = math.Max(0, math.Min(rh, rv))
	}
	if r == [4]float64{} {
		return r, elliptical
	}
	scale := 1.0
	for _, pair := range [][3]float64{{r[0] + r[1], w}, {r[3] + r[2], w}, {r[0] + r[3], h}, {r[1] + r[2], h}} {
		if pair[0] > pair[1] && pair[0] > 0 {
			scale = math.Min(scale, pair[1]/pair[0])
		}
	}
	for i := range r {
		r[i] = css.Px(r[i] * scale)
	}
	return r, elliptical
}

// setCorners sets node's radii: one cornerRadius when the four are equal, else the four.
func setCorners(node *resultjson.Node, r [4]float64) {
	if r[0] == r[1] && r[1] == r[2] && r[2] == r[3] {
		node.CornerRadius = css.Ptr(r[0])
		return
	}
	node.TopLeftRadius, node.TopRightRadius = css.Ptr(r[0]), css.Ptr(r[1])
	node.BottomRightRadius, node.BottomLeftRadius = css.Ptr(r[2]), css.Ptr(r[3])
}

// cssWarnings reports to w the CSS of n that no node property expresses, about nodeID.
func cssWarnings(w *warnings.List, n *capturemodel.DOMNode, nodeID string) {
	name := naming.Element(n)
	if _, ok := n.Affine(); !ok {
		// A 2D transform is the node's relativeTransform (the tree builder); a translation is
		// exact as the bounding box; what is left leaves the plane or cannot be inverted.
		if t := n.Computed("transform"); t != "none" && !css.IsTranslation(t) {
			w.Add(warnings.Transform, nodeID, "the transform of %s (%s) is not converted (3D, perspective or flat); its bounding box is used", name, t)
		}
	}
	filterWarnings(w, n, nodeID)
	if cp := n.Computed("clip-path"); cp != "none" {
		w.Add(warnings.ClipPath, nodeID, "the clip-path of %s (%s) is not converted; it is drawn unclipped", name, cp)
	}
	if bi := n.Computed("border-image-source"); bi != "none" {
		w.Add(warnings.BorderImage, nodeID, "the border-image of %s (%s) is not converted; its border is drawn in its border-color", name, bi)
	}
	if rule := n.Computed("column-rule-style"); rule != "none" {
		w.Add(warnings.ColumnRule, nodeID, "the column-rule of %s (%s %s %s) between its columns is not drawn", name, n.Computed("column-rule-width"), rule, n.Computed("column-rule-color"))
	}
	if bm := n.Computed("mix-blend-mode"); bm != "normal" {
		if _, ok := css.BlendModes[bm]; !ok {
			w.Add(warnings.BlendMode, nodeID, "the mix-blend-mode %s of %s has no Figma equivalent", bm, name)
		}
	}
}

// ClipsToText says whether n's background is clipped to its text (background-clip: text).
func ClipsToText(n *capturemodel.DOMNode) bool {
	return n.Computed("background-clip") == "text"
}

// InlineDraws says whether an inline element paints a box of its own (background, border,
// shadow, outline).
func InlineDraws(el *capturemodel.DOMNode) bool {
	// A background clipped to the text fills the glyphs (the text pass), not a box.
	if !ClipsToText(el) {
		if c, ok := css.ParseColor(el.Computed("background-color")); !ok || c.A > 0 {
			return true
		}
		if el.Computed("background-image") != "none" {
			return true
		}
	}
	if _, ok := OutlineOf(el); ok {
		return true
	}
	return Edged(el)
}

// Edged says whether el paints a box-shadow or a visible border.
func Edged(el *capturemodel.DOMNode) bool {
	if el.Computed("box-shadow") != "none" {
		return true
	}
	for _, side := range []string{"top", "right", "bottom", "left"} {
		if w, _ := css.ParsePx(el.Computed("border-" + side + "-width")); w > 0 && el.Computed("border-"+side+"-style") != "none" {
			return true
		}
	}
	return false
}

// SolidBorder returns the colour of n's border and the width in px of each side (top, right,
// bottom, left; 0 where a side draws nothing) when every side it draws is solid, opaque and of
// that one colour: Borders then draws it with no warning, and each side is a bar of the colour
// that can be drawn alone. ok is false when n draws no border or draws one otherwise.
func SolidBorder(n *capturemodel.DOMNode) (c resultjson.RGBA, widths [4]float64, ok bool) {
	for i, s := range sides {
		w := SideWidth(n, s)
		if w <= 0 {
			continue
		}
		sc, known := css.ParseColor(n.Computed("border-" + s + "-color"))
		if !known || n.Computed("border-"+s+"-style") != "solid" || sc.A != 1 || (ok && sc != c) {
			return resultjson.RGBA{}, [4]float64{}, false
		}
		c, widths[i], ok = sc, w, true
	}
	return c, widths, ok
}

// BorderFill gives node, a bar of the grid lines of a table with collapsed borders
// (boxtree.GridLine), the colour of n's border as its one fill and no strokes.
func (pa *Painter) BorderFill(n *capturemodel.DOMNode, node *resultjson.Node) {
	fills := []resultjson.Paint{}
	if c, _, ok := SolidBorder(n); ok {
		fills = append(fills, css.Solid(c))
	}
	node.Fills = &fills
}
