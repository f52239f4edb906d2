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

// MaxBackgroundTiles is the most nodes one repeating background layer is drawn with (a sized
// gradient repeated, or an image whose tiles do not start at the corner of the box it is
// clipped to): past it the layer is stretched over the box with CSS_BACKGROUND_LAYOUT.
const MaxBackgroundTiles = 64

// Layer is a background layer (or the background colour) drawn as a RECTANGLE of its own inside
// its element's FRAME, because no paint over the whole box draws it as CSS does: one clipped to
// the padding or content box, one sized or placed inside the box, one tile of a repeated one.
// X, Y, Width and Height are in the frame's space (px).
type Layer struct {
	X, Y, Width, Height float64
	// Paint is the layer's paint laid out in the rectangle; nil when its image could not be
	// used (the rectangle stays, empty).
	Paint *resultjson.Paint
	// Radii are the corners of the clip box when the rectangle is that box.
	Radii [4]float64
}

// SVGLayer is a background layer that is an SVG image, drawn as an SVG node of its own inside
// its element's FRAME (an SVG is no image paint in Figma): over the whole box, or, when the
// layer's size and position place it once inside the box (background-repeat no-repeat, or one
// tile holding all that shows: an icon at the end of an input), at that tile. X, Y, Width and
// Height are in the frame's space (px).
type SVGLayer struct {
	X, Y, Width, Height float64
	Image               *resultjson.ImageEntry
}

// svgTile returns the one tile at which layer i of element n (area a, an SVG image of natural
// size iw x ih) is drawn, when its size, position, repeat, origin and clip are read, no second
// tile shows and the tile shows whole (inside the clip box and the box's shown part, to
// SVGTileSlack); a tile fixed to the viewport warns about node nodeID (warnFixed), as layer does.
func (pa *Painter) svgTile(n *capturemodel.DOMNode, nodeID string, a area, i int, iw, ih float64, page capturemodel.Box) (rect, bool) {
	if iw <= 0 || ih <= 0 {
		return rect{}, false
	}
	p, note, ok := pa.place(n, a, i, iw, ih, page)
	if !ok || p.tile.empty() {
		return rect{}, false
	}
	vis, t, e := p.clip.intersect(a.shown), p.tile, SVGTileSlack
	// A repeat shows a second tile unless the tile reaches over the shown part on that axis.
	lone := (!p.repeatX || (t.x <= vis.x+e && t.x+t.w >= vis.x+vis.w-e)) && (!p.repeatY || (t.y <= vis.y+e && t.y+t.h >= vis.y+vis.h-e))
	if !vis.holds(t, e) || !lone {
		return rect{}, false
	}
	pa.warnFixed(n, nodeID, note)
	return t, true
}

// SVGTileSlack is how far (px) an SVG background's one tile may reach past the part of its box
// where it shows and still be drawn at its tile (svgTile): rounding, not a clip Figma would need.
const SVGTileSlack = 0.5

// warnFixed warns CSS_BACKGROUND_ATTACHMENT about node nodeID when place approximated a layer of
// n fixed to the viewport (note, "" when it did not).
func (pa *Painter) warnFixed(n *capturemodel.DOMNode, nodeID, note string) {
	if note != "" {
		pa.Warn.Add(warnings.BackgroundAttachment, nodeID, "a background layer of %s is fixed to the viewport: %s", naming.Element(n), note)
	}
}

// rect is a rectangle in a node's space (px).
type rect struct{ x, y, w, h float64 }

func (r rect) empty() bool { return r.w <= 0.005 || r.h <= 0.005 }

func (r rect) intersect(o rect) rect {
	x0, y0 := math.Max(r.x, o.x), math.Max(r.y, o.y)
	x1, y1 := math.Min(r.x+r.w, o.x+o.w), math.Min(r.y+r.h, o.y+o.h)
	return rect{x0, y0, math.Max(0, x1-x0), math.Max(0, y1-y0)}
}

// covers says whether r holds o (to 0.01 px).
func (r rect) covers(o rect) bool { return r.holds(o, 0.01) }

// holds says whether r holds o to e px on each side.
func (r rect) holds(o rect, e float64) bool {
	return r.x <= o.x+e && r.y <= o.y+e && r.x+r.w >= o.x+o.w-e && r.y+r.h >= o.y+o.h-e
}

func (r rect) same(o rect) bool { return r.covers(o) && o.covers(r) }

// area is the boxes of an element in its node's space: its border, padding and content boxes,
// and the part of the border box where a background shows (shown: the border box less its
// borders when all four are opaque and solid, which hide what lies under them).
type area struct {
	border, padding, content, shown rect
	// radii are the border box's corners (top-left, top-right, bottom-right, bottom-left).
	radii [4]float64
	// insets are the border widths (top, right, bottom, left) and padding plus border.
	borderW, inner [4]float64
}

func areaOf(n *capturemodel.DOMNode, w, h float64, root bool) area {
	a := area{border: rect{0, 0, w, h}}
	opaque := true
	if !root {
		for i, s := range sides {
			bw := SideWidth(n, s)
			p, _ := css.ParsePx(n.Computed("padding-" + s))
			a.borderW[i], a.inner[i] = bw, bw+p
			c, ok := css.ParseColor(n.Computed("border-" + s + "-color"))
			if bw <= 0 || n.Computed("border-"+s+"-style") != "solid" || !ok || c.A < 1 {
				opaque = false
			}
		}
	}
	inset := func(in [4]float64) rect {
		return rect{in[3], in[0], math.Max(0, w-in[1]-in[3]), math.Max(0, h-in[0]-in[2])}
	}
	a.padding, a.content = inset(a.borderW), inset(a.inner)
	a.shown = a.border
	if opaque {
		a.shown = a.padding
	}
	a.radii, _ = radii(n, w, h)
	return a
}

// box names one of the element's boxes (background-clip, background-origin).
func (a area) box(name string) (rect, bool) {
	switch name {
	case "border-box":
		return a.border, true
	case "padding-box":
		return a.padding, true
	case "content-box":
		return a.content, true
	}
	return a.border, false
}

// cornersOf returns the corners of r when it is one of the element's boxes: the outer radii
// less the border (padding box) or border and padding (content box) beside each corner.
func (a area) cornersOf(r rect) [4]float64 {
	var in [4]float64
	switch {
	case r.same(a.border):
		return a.radii
	case r.same(a.padding):
		in = a.borderW
	case r.same(a.content):
		in = a.inner
	default:
		return [4]float64{}
	}
	t, rt, b, l := in[0], in[1], in[2], in[3]
	insets := [4]float64{math.Max(t, l), math.Max(t, rt), math.Max(b, rt), math.Max(b, l)}
	var out [4]float64
	for i := range out {
		out[i] = css.Px(math.Max(0, a.radii[i]-insets[i]))
	}
	return out
}

// layerPlace is where one background layer is drawn: its positioning area (origin: the
// background-origin box, or the viewport for background-attachment fixed), its clip box, its
// first tile and whether it repeats on each axis.
type layerPlace struct {
	origin, clip, tile rect
	repeatX, repeatY   bool
}

// tiles returns the tiles of p that meet the part of its clip box where the background shows
// (within shown), or ok false when there are more than MaxBackgroundTiles.
func (p layerPlace) tiles(shown rect) (out []rect, ok bool) {
	vis := p.clip.intersect(shown)
	if vis.empty() || p.tile.empty() {
		return nil, true
	}
	span := func(start, size, lo, hi float64, repeat bool) (first, count int) {
		if !repeat {
			if start+size <= lo || start >= hi {
				return 0, 0
			}
			return 0, 1
		}
		first = int(math.Floor((lo - start) / size))
		last := int(math.Ceil((hi-start)/size)) - 1
		return first, last - first + 1
	}
	fx, nx := span(p.tile.x, p.tile.w, vis.x, vis.x+vis.w, p.repeatX)
	fy, ny := span(p.tile.y, p.tile.h, vis.y, vis.y+vis.h, p.repeatY)
	if nx*ny > MaxBackgroundTiles {
		return nil, false
	}
	for j := range ny {
		for i := range nx {
			t := rect{p.tile.x + float64(fx+i)*p.tile.w, p.tile.y + float64(fy+j)*p.tile.h, p.tile.w, p.tile.h}
			if !t.intersect(vis).empty() {
				out = append(out, t)
			}
		}
	}
	return out, true
}

// repeatOf reads a computed background-repeat value: repeat on each axis, ok false for space
// and round.
func repeatOf(s string) (x, y, ok bool) {
	f := strings.Fields(s)
	switch {
	case len(f) == 1 && f[0] == "repeat-x":
		return true, false, true
	case len(f) == 1 && f[0] == "repeat-y":
		return false, true, true
	case len(f) == 1:
		f = append(f, f[0])
	case len(f) != 2:
		return false, false, false
	}
	axis := func(k string) (bool, bool) {
		switch k {
		case "repeat":
			return true, true
		case "no-repeat":
			return false, true
		}
		return false, false
	}
	x, okx := axis(f[0])
	y, oky := axis(f[1])
	return x, y, okx && oky
}

// tileSize is the size of a layer's tile in a positioning area of ow x oh (CSS Backgrounds 3
// §3.9): iw x ih is the image's natural size, 0 for a gradient (no natural size: auto is the
// area's size). ok is false for a value it does not read.
func tileSize(size string, iw, ih, ow, oh float64) (w, h float64, ok bool) {
	switch size {
	case "cover", "contain":
		if iw <= 0 || ih <= 0 {
			return ow, oh, true
		}
		s := math.Max(ow/iw, oh/ih)
		if size == "contain" {
			s = math.Min(ow/iw, oh/ih)
		}
		return iw * s, ih * s, true
	}
	f := strings.Fields(size)
	if len(f) == 1 {
		f = append(f, "auto")
	}
	if len(f) != 2 {
		return 0, 0, false
	}
	w, h = -1, -1
	if f[0] != "auto" {
		if w, ok = css.ParseLength(f[0], ow); !ok {
			return 0, 0, false
		}
	}
	if f[1] != "auto" {
		if h, ok = css.ParseLength(f[1], oh); !ok {
			return 0, 0, false
		}
	}
	switch {
	case w >= 0 && h >= 0:
	case iw <= 0 || ih <= 0: // a gradient: auto is the area's size
		w, h = cmpAuto(w, ow), cmpAuto(h, oh)
	case w < 0 && h < 0:
		w, h = iw, ih
	case w < 0:
		w = h * iw / ih
	default:
		h = w * ih / iw
	}
	return w, h, true
}

func cmpAuto(v, def float64) float64 {
	if v < 0 {
		return def
	}
	return v
}

// place computes where layer i of element n (in node space, area a) is drawn; iw x ih is its
// image's natural size (0 for a gradient). page is the element's box origin on the page and
// viewport the capture's viewport, for background-attachment fixed. note says what was
// approximated ("" when nothing); ok is false when the layer's geometry cannot be read.
func (pa *Painter) place(n *capturemodel.DOMNode, a area, i int, iw, ih float64, page capturemodel.Box) (p layerPlace, note string, ok bool) {
	pick := func(prop, def string) string {
		list := css.SplitTop(n.Computed(prop), ',')
		if len(list) == 0 {
			return def
		}
		return strings.TrimSpace(list[i%len(list)])
	}
	var okc, oko bool
	clip := pick("background-clip", "border-box")
	if clip == "text" {
		clip = "border-box" // laid out in the box; the text pass fills the glyphs with it
	}
	p.clip, okc = a.box(clip)
	p.origin, oko = a.box(pick("background-origin", "padding-box"))
	if !okc || !oko {
		return p, "", false
	}
	if pick("background-attachment", "scroll") == "fixed" && pa.Viewport.Width > 0 && pa.Viewport.Height > 0 {
		// Fixed to the viewport: as the page shows it at scroll 0 when the element is in the
		// first viewport, else as it shows when scrolled to the element's top.
		scroll := 0.0
		if page.Y >= pa.Viewport.Height {
			scroll = page.Y
			note = fmt.Sprintf("background-attachment fixed drawn as the page shows it scrolled to %.0f px", scroll)
		}
		p.origin = rect{-page.X, scroll - page.Y, pa.Viewport.Width, pa.Viewport.Height}
	}
	tw, th, okt := tileSize(pick("background-size", "auto"), iw, ih, p.origin.w, p.origin.h)
	rx, ry, okr := repeatOf(pick("background-repeat", "repeat"))
	if !okt || !okr || tw <= 0 || th <= 0 {
		return p, "", false
	}
	ox, oy, okp := css.BackgroundPosition(pick("background-position", "0% 0%"), p.origin.w-tw, p.origin.h-th)
	if !okp {
		return p, "", false
	}
	p.tile = rect{p.origin.x + ox, p.origin.y + oy, tw, th}
	p.repeatX, p.repeatY = rx, ry
	return p, note, true
}

// within returns the affine map from the normalized space of r (0-1 on both axes) to the
// normalized space of t.
func within(r, t rect) resultjson.Transform {
	return resultjson.Transform{{r.w / t.w, 0, (r.x - t.x) / t.w}, {0, r.h / t.h, (r.y - t.y) / t.h}}
}

// compose returns the transform a·b (b applied first), rounded as the result writes them.
func compose(a, b resultjson.Transform) *resultjson.Transform {
	var t resultjson.Transform
	for i := range 2 {
		t[i][0] = css.Round(a[i][0]*b[0][0]+a[i][1]*b[1][0], 6)
		t[i][1] = css.Round(a[i][0]*b[0][1]+a[i][1]*b[1][1], 6)
		t[i][2] = css.Round(a[i][0]*b[0][2]+a[i][1]*b[1][2]+a[i][2], 6)
	}
	return &t
}

// inTile lays a paint made for a tile of t (its gradient or image transform in t's space)
// out in r: the part of the tile a node of r shows.
func inTile(p resultjson.Paint, r, t rect) resultjson.Paint {
	m := within(r, t)
	switch {
	case p.GradientTransform != nil:
		p.GradientTransform = compose(*p.GradientTransform, m)
	case p.Type == "IMAGE":
		base := resultjson.Transform{{1, 0, 0}, {0, 1, 0}}
		if p.ImageTransform != nil {
			base = *p.ImageTransform
		}
		p.ScaleMode, p.ScalingFactor = "CROP", nil
		p.ImageTransform = compose(base, m)
	}
	return p
}

// layerPaint draws one background layer at place in the node's box (area a) as Figma can: a
// paint over the whole box when that draws exactly what CSS does (fill), else rectangles of its
// own (layers). paintFor makes the layer's paint for one tile of w x h px; imgW x imgH is an
// image's stored size (0 for a gradient), for a TILE paint. ok is false when it needs more than
// MaxBackgroundTiles rectangles or its paint cannot be made.
func (pa *Painter) layerPaint(place layerPlace, a area, paintFor func(w, h float64) (resultjson.Paint, bool), imgW, imgH float64) (fill *resultjson.Paint, layers []Layer, ok bool) {
	vis := place.clip.intersect(a.shown)
	if vis.empty() {
		return nil, nil, true // clipped away: nothing shows
	}
	t := place.tile
	p, okp := paintFor(t.w, t.h)
	if !okp {
		return nil, nil, false
	}
	image := imgW > 0 && imgH > 0
	// One tile holding all that shows, and a clip box holding all of the box that shows: a
	// paint over the whole box (a gradient's end colours run on past its tile, unseen; an
	// image's crop must lie inside the image).
	if t.covers(vis) && place.clip.covers(a.shown) && (!image || t.covers(a.border)) {
		f := inTile(p, a.border, t)
		return &f, nil, true
	}
	if image && place.repeatX && place.repeatY && math.Abs(t.w/imgW-t.h/imgH) < 0.0005*t.w/imgW {
		// A tiled image at one scale: Figma's TILE paint, whose tiles start at its node's
		// corner: a fill when they start at the box's and nothing that shows is clipped, else a
		// rectangle of what shows when its tiles start at that one's corner.
		tp := resultjson.Paint{Type: "IMAGE", ImageRef: p.ImageRef, ScaleMode: "TILE", ScalingFactor: css.Ptr(css.Round(t.w/imgW, 4)), BlendMode: p.BlendMode}
		aligned := func(x, y float64) bool {
			fx, fy := (x-t.x)/t.w, (y-t.y)/t.h
			return math.Abs(fx-math.Round(fx)) < 0.001 && math.Abs(fy-math.Round(fy)) < 0.001
		}
		switch {
		case place.clip.covers(a.shown) && aligned(0, 0):
			return &tp, nil, true
		case aligned(vis.x, vis.y):
			return nil, []Layer{{X: css.Px(vis.x), Y: css.Px(vis.y), Width: css.Size(vis.w), Height: css.Size(vis.h), Paint: &tp, Radii: a.cornersOf(vis)}}, true
		}
	}
	tiles, okt := place.tiles(a.shown)
	if !okt {
		return nil, nil, false
	}
	for _, tr := range tiles {
		r := tr.intersect(vis)
		if r.empty() {
			continue
		}
		q := inTile(p, r, tr)
		layers = append(layers, Layer{X: css.Px(r.x), Y: css.Px(r.y), Width: css.Size(r.w), Height: css.Size(r.h), Paint: &q, Radii: a.cornersOf(r)})
	}
	return nil, layers, true
}

// noteLayer warns that a background layer of n is approximated.
func (pa *Painter) noteLayer(n *capturemodel.DOMNode, nodeID, what string) {
	pa.Warn.Add(warnings.BackgroundLayout, nodeID, "a background layer of %s is approximated (%s)", naming.Element(n), what)
}
