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
}

// Backgrounds returns the fills of n's background for node: its colour, then the image and
// gradient layers, bottom-most first as Figma stacks fills; and its SVG layers (an SVG cannot be
// an image paint: each is drawn as an SVG node over the whole box, top-most first).
func (pa *Painter) Backgrounds(n *capturemodel.DOMNode, node *resultjson.Node) (fills []resultjson.Paint, svgs []*resultjson.ImageEntry) {
	if c, ok := pa.Color(n.Computed("background-color"), node.ID, "background-color"); ok && c.A > 0 {
		fills = append(fills, css.Solid(c))
	}
	bg := n.Computed("background-image")
	if bg == "none" || bg == "" {
		return fills, nil
	}
	layers := css.SplitTop(bg, ',')
	sizes := css.SplitTop(n.Computed("background-size"), ',')
	repeats := css.SplitTop(n.Computed("background-repeat"), ',')
	positions := css.SplitTop(n.Computed("background-position"), ',')
	blends := css.SplitTop(n.Computed("background-blend-mode"), ',')
	var painted []resultjson.Paint // top-most first, as CSS lists them
	urls := 0
	for i, layer := range layers {
		before := len(painted)
		pick := func(list []string, def string) string {
			if len(list) == 0 {
				return def
			}
			return list[i%len(list)]
		}
		switch {
		case layer == "none":
		case css.URLLayer(layer):
			if urls >= len(n.BackgroundImages) {
				pa.Warn.Add(warnings.ImageUnresolved, node.ID, "a background image of %s was not recorded by the capture", naming.Element(n))
				continue
			}
			id := n.BackgroundImages[urls]
			urls++
			st := pa.Images.Resolve(id, node.ID, node.Width, node.Height)
			if st == nil {
				continue
			}
			size, repeat, pos := pick(sizes, "auto"), pick(repeats, "repeat"), pick(positions, "0% 0%")
			if st.MimeType == resultjson.MimeSVG {
				if size != "contain" && size != "cover" && size != "100% 100%" {
					pa.Warn.Add(warnings.BackgroundLayout, node.ID, "an SVG background image of %s (background-size %s) is drawn once over the whole box", naming.Element(n), size)
				}
				svgs = append(svgs, st)
				continue
			}
			painted = append(painted, pa.imagePaint(st, size, repeat, pos, node, n))
		case strings.HasPrefix(layer, "linear-gradient("):
			p, ok := css.LinearGradient(layer, node.Width, node.Height)
			if !ok {
				pa.Warn.Add(warnings.Gradient, node.ID, "a gradient of %s could not be read and was left out: %s", naming.Element(n), layer)
				continue
			}
			painted = append(painted, p)
		case strings.HasPrefix(layer, "repeating-linear-gradient("):
			p, ok := css.RepeatingLinearGradient(layer, node.Width, node.Height)
			if !ok {
				pa.Warn.Add(warnings.Gradient, node.ID, "a repeating gradient of %s could not be read or repeats more than %d stops over the box and was left out: %s", naming.Element(n), css.MaxGradientStops, layer)
				continue
			}
			painted = append(painted, p)
		case strings.HasPrefix(layer, "radial-gradient("), strings.HasPrefix(layer, "conic-gradient("):
			read := css.RadialGradient
			if strings.HasPrefix(layer, "conic") {
				read = css.ConicGradient
			}
			p, ok := read(layer, node.Width, node.Height)
			if !ok {
				pa.Warn.Add(warnings.Gradient, node.ID, "a gradient of %s could not be read (a colour hint or interpolation space) and was left out: %s", naming.Element(n), layer)
				continue
			}
			painted = append(painted, p)
		default:
			kind := layer
			if i := strings.IndexByte(kind, '('); i > 0 {
				kind = kind[:i]
			}
			pa.Warn.Add(warnings.Gradient, node.ID, "a %s background of %s is not converted (linear, radial and conic gradients are) and was left out", kind, naming.Element(n))
		}
		// background-blend-mode blends the layer with the layers and colour under it: its
		// paint's blendMode.
		if bm := pick(blends, "normal"); bm != "normal" && len(painted) > before {
			if fb, ok := css.BlendModes[bm]; ok {
				painted[len(painted)-1].BlendMode = fb
			} else {
				pa.Warn.Add(warnings.BlendMode, node.ID, "the background-blend-mode %s of %s has no Figma equivalent", bm, naming.Element(n))
			}
		}
	}
	for i := len(painted) - 1; i >= 0; i-- {
		fills = append(fills, painted[i])
	}
	return fills, svgs
}

// imagePaint maps a raster background layer to an IMAGE paint: cover is FILL, contain is FIT,
// a repeating layer at its natural (or a px) size is TILE, 100% 100% is a stretching CROP;
// anything else is FILL with a warning.
func (pa *Painter) imagePaint(e *resultjson.ImageEntry, size, repeat, pos string, node *resultjson.Node, n *capturemodel.DOMNode) resultjson.Paint {
	p := resultjson.Paint{Type: "IMAGE", ImageRef: e.Ref, ScaleMode: "FILL"}
	approx := ""
	repeats := repeat == "repeat" || repeat == "repeat repeat"
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
		}
	case size == "100% 100%":
		p = css.Stretched(e.Ref)
	case repeats:
		p.ScaleMode = "TILE"
		factor := 1.0
		if size != "auto" && size != "auto auto" {
			parts := strings.Fields(size)
			w, ok := css.ParseLength(parts[0], node.Width)
			if !ok || w <= 0 {
				approx = "background-size " + size
			} else {
				factor = w / float64(e.Width)
				if len(parts) > 1 && parts[1] != "auto" {
					if h, ok := css.ParseLength(parts[1], node.Height); !ok || math.Abs(h/float64(e.Height)-factor) > 0.01 {
						approx = "background-size " + size
					}
				}
			}
		}
		p.ScalingFactor = css.Ptr(css.Round(factor, 4))
		if pos != "0% 0%" && approx == "" {
			approx = "background-position " + pos
		}
	default:
		approx = fmt.Sprintf("background-size %s with background-repeat %s", size, repeat)
	}
	if approx != "" {
		pa.Warn.Add(warnings.BackgroundLayout, node.ID, "the background image of %s is approximated (%s)", naming.Element(n), approx)
	}
	return p
}

// coverCrop is the CROP imageTransform of image e covering a w x h px box (background-size:
// cover) at background-position pos, two computed lengths (% of the room the image leaves, or px)
// from the box's top left: the image scaled by the larger of w/width and h/height and moved by
// the position, as CSS Backgrounds 3 §3.9 places it. ok is false for a position it does not read.
func coverCrop(e *resultjson.ImageEntry, pos string, w, h float64) (*resultjson.Transform, bool) {
	parts := strings.Fields(pos)
	if len(parts) != 2 || e.Width <= 0 || e.Height <= 0 || w <= 0 || h <= 0 {
		return nil, false
	}
	iw, ih := float64(e.Width), float64(e.Height)
	s := math.Max(w/iw, h/ih)
	dw, dh := iw*s, ih*s
	ox, okx := css.ParseLength(parts[0], w-dw)
	oy, oky := css.ParseLength(parts[1], h-dh)
	if !okx || !oky {
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
		st := n.Computed("border-" + s + "-style")
		w, _ := css.ParsePx(n.Computed("border-" + s + "-width"))
		if st == "none" || st == "hidden" || w <= 0 {
			continue
		}
		c, ok := pa.Color(n.Computed("border-"+s+"-color"), node.ID, "border-"+s+"-color")
		if !ok || c.A == 0 {
			continue
		}
		widths[i], styles[i], colors[i] = w, st, c
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
	node.StrokeWeight = css.Ptr(css.Px(maxW))
	if !same {
		node.StrokeTopWeight, node.StrokeRightWeight = css.Ptr(css.Px(widths[0])), css.Ptr(css.Px(widths[1]))
		node.StrokeBottomWeight, node.StrokeLeftWeight = css.Ptr(css.Px(widths[2])), css.Ptr(css.Px(widths[3]))
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
