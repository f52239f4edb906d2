package images

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"slices"
	"strings"

	xdraw "golang.org/x/image/draw"

	"github.com/code2des/backend/decodecost"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// DownscaleBelow is the largest share of its stored width an image must need for the budget's
// downscaling to redraw it: an image drawn at more than 90% of its pixels keeps them.
const DownscaleBelow = 0.9

// JPEGQuality is the quality a downscaled JPEG (or opaque WebP) is encoded at.
const JPEGQuality = 90

// use is what the page shows of one asset: where it is first met (document order), the largest
// area of it in the first viewport and on the page (CSS px²), and the most of its stored pixels
// any use draws (need, the drawn size × the capture's device scale over the stored size; 0
// when no use says).
type use struct {
	first         int
	visible, area float64
	need          float64
	box           capturemodel.Box
}

// Plan decides, before the tree is built, which of the images capture c shows the result keeps
// within its budgets (resultjson.MaxImages, MaxTotalImageBytes): when all fit, all, as they are;
// otherwise each raster drawn smaller than DownscaleBelow of its pixels at the capture's device
// scale is first redrawn at the size it is drawn at (a PNG stays PNG, a JPEG JPEG, a WebP
// becomes a JPEG, or a PNG when it has transparency; a GIF keeps its frames), then the images are
// admitted by priority: the largest area in the first viewport, then the largest area on the
// page, then document order. Every use of one left out warns IMAGE_BUDGET_EXCEEDED (Resolve).
// Images no element of the document names (the SVGs the conversion writes) take what is left
// when they are used.
func (im *Store) Plan(c *capturemodel.Capture) {
	uses := im.uses(c)
	ids := make([]string, 0, len(uses))
	for id := range uses {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		ua, ub := uses[a], uses[b]
		return cmp.Or(cmp.Compare(ub.visible, ua.visible), cmp.Compare(ub.area, ua.area), cmp.Compare(ua.first, ub.first))
	})
	var planned []*imageState
	var count int
	var stored, returned int64
	kept := ids[:0]
	for _, id := range ids {
		st := im.resolved[id]
		if st.entry == nil || st.admitted {
			continue
		}
		kept = append(kept, id)
		planned = append(planned, st)
		count++
		stored += st.stored
		returned += st.returned
	}
	if count > resultjson.MaxImages-im.count || stored > resultjson.MaxTotalImageBytes-im.stored || returned > resultjson.MaxTotalImageBytes-im.returned {
		for i, st := range planned {
			im.downscale(st, uses[kept[i]].need)
		}
	}
	for _, st := range planned {
		im.admit(st)
	}
}

// uses walks the document and returns, by asset id, what the page shows of each image it names:
// an img's or canvas's image, an element's and a pseudo-element's url() background layers, the
// crops and masks of the capture.
func (im *Store) uses(c *capturemodel.Capture) map[string]*use {
	d := &c.Document
	dsf := c.Manifest.DeviceScaleFactor
	if dsf <= 0 {
		dsf = 1
	}
	out := map[string]*use{}
	add := func(id string, b capturemodel.Box, drawnW float64) {
		if id == "" {
			return
		}
		u := out[id]
		if u == nil {
			u = &use{first: len(out), box: b}
			out[id] = u
		}
		e := im.entryOf(id, b)
		vw, vh := d.Viewport.Width, d.Viewport.Height
		x0, y0 := math.Max(b.X, 0), math.Max(b.Y, 0)
		x1, y1 := math.Min(b.X+b.Width, vw), math.Min(b.Y+b.Height, vh)
		u.visible = math.Max(u.visible, math.Max(0, x1-x0)*math.Max(0, y1-y0))
		u.area = math.Max(u.area, b.Width*b.Height)
		// need is in stored pixels: the drawn CSS width × device scale over the stored width;
		// with no drawn width known (a crop, an SVG), all of it.
		need := 1.0
		if e != nil && e.Width > 0 && drawnW > 0 {
			need = drawnW * dsf / float64(e.Width)
		}
		u.need = math.Max(u.need, need)
	}
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		if n == nil || n.Type != "element" {
			return
		}
		if n.Image != nil {
			add(n.Image.AssetID, n.Box, imgDrawnWidth(n, im.entryOf(n.Image.AssetID, n.Box)))
		}
		if n.Crop != nil {
			add(n.Crop.AssetID, n.Box, 0)
		}
		if n.Mask != nil {
			add(n.Mask.AssetID, n.Box, 0)
		}
		im.backgroundUses(n.Style, n.BackgroundImages, n.Box, add)
		if n.PseudoRef != nil && *n.PseudoRef >= 0 && *n.PseudoRef < len(d.PseudoBoxes) {
			for _, p := range n.Pseudo {
				for _, pb := range d.PseudoBoxes[*n.PseudoRef] {
					if pb.Which == p.Which {
						im.backgroundUses(p.Style, p.BackgroundImages, capturemodel.Box{X: pb.X, Y: pb.Y, Width: pb.Width, Height: pb.Height}, add)
					}
				}
			}
		}
		for _, ch := range n.Children {
			walk(ch)
		}
	}
	walk(d.Root)
	return out
}

// backgroundUses adds the url() layers (assets ids, in order) of a background-image (in style)
// drawn in box b, each with the width its background-size draws it at.
func (im *Store) backgroundUses(style map[string]string, ids []string, b capturemodel.Box, add func(string, capturemodel.Box, float64)) {
	sizes := css.SplitTop(cmp.Or(style["background-size"], "auto"), ',')
	layers := css.SplitTop(style["background-image"], ',')
	k := 0
	for i, layer := range layers {
		if !css.URLLayer(layer) || k >= len(ids) {
			continue
		}
		id := ids[k]
		k++
		a := im.entryOf(id, b)
		if a == nil || a.Width <= 0 || a.Height <= 0 {
			add(id, b, 0)
			continue
		}
		iw, ih := float64(a.Width), float64(a.Height)
		size := "auto"
		if len(sizes) > 0 {
			size = strings.TrimSpace(sizes[i%len(sizes)])
		}
		w := iw
		switch f := strings.Fields(size); {
		case size == "cover":
			w = iw * math.Max(b.Width/iw, b.Height/ih)
		case size == "contain":
			w = iw * math.Min(b.Width/iw, b.Height/ih)
		case len(f) >= 1 && f[0] != "auto":
			if v, ok := css.ParseLength(f[0], b.Width); ok {
				w = v
			}
		case len(f) == 2 && f[1] != "auto":
			if v, ok := css.ParseLength(f[1], b.Height); ok {
				w = v * iw / ih
			}
		}
		add(id, b, w)
	}
}

// imgDrawnWidth is the width (CSS px) an img draws its image of asset a at in its box (its
// content box, approximated by its box): object-fit fill, contain, cover, none, scale-down;
// 0 when unknown.
func imgDrawnWidth(n *capturemodel.DOMNode, a *resultjson.ImageEntry) float64 {
	if a == nil || a.Width <= 0 || a.Height <= 0 {
		return 0
	}
	w, h := n.Box.Width, n.Box.Height
	for _, s := range []string{"left", "right"} {
		b, _ := css.ParsePx(n.Computed("border-" + s + "-width"))
		p, _ := css.ParsePx(n.Computed("padding-" + s))
		w -= b + p
	}
	for _, s := range []string{"top", "bottom"} {
		b, _ := css.ParsePx(n.Computed("border-" + s + "-width"))
		p, _ := css.ParsePx(n.Computed("padding-" + s))
		h -= b + p
	}
	iw, ih := float64(a.Width), float64(a.Height)
	if n.Image != nil && n.Image.NaturalWidth > 0 && n.Image.NaturalHeight > 0 {
		iw, ih = float64(n.Image.NaturalWidth), float64(n.Image.NaturalHeight)
	}
	if w <= 0 || h <= 0 {
		return 0
	}
	switch n.Computed("object-fit") {
	case "cover":
		return iw * math.Max(w/iw, h/ih)
	case "contain":
		return iw * math.Min(w/iw, h/ih)
	case "none":
		return iw
	case "scale-down":
		return iw * math.Min(1, math.Min(w/iw, h/ih))
	}
	// fill: stretched; the wider of the two scales keeps every pixel the box shows.
	return iw * math.Max(w/iw, h/ih)
}

// entryOf inspects asset id (not yet admitted), the first use's box b sizing an SVG without a
// size of its own, and returns its entry; nil when it cannot be used.
func (im *Store) entryOf(id string, b capturemodel.Box) *resultjson.ImageEntry {
	if _, seen := im.resolved[id]; !seen {
		im.resolved[id] = im.inspect(id, b.Width, b.Height)
	}
	return im.resolved[id].entry
}

// downscale redraws the raster of st at the share need of its stored pixels when that is below
// DownscaleBelow, as a copy under the job's prefix, keeping the result's image smaller; it
// leaves st as it is when the image cannot be redrawn (a GIF, an SVG, over the decode budget,
// not smaller once encoded).
func (im *Store) downscale(st *imageState, need float64) {
	e, a := st.entry, st.asset
	if need <= 0 || need >= DownscaleBelow {
		return
	}
	switch a.MimeType {
	case resultjson.MimePNG, resultjson.MimeJPEG, resultjson.MimeWebP:
	default:
		return
	}
	b, err := im.Bytes(a)
	if err != nil {
		return
	}
	if cost, err := decodecost.Bytes(b, a.MimeType, e.Width, e.Height); err != nil || cost > resultjson.MaxConvertBytes {
		return
	}
	src, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return
	}
	w := max(1, int(math.Ceil(float64(e.Width)*need)))
	h := max(1, int(math.Ceil(float64(e.Height)*need)))
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	mime := a.MimeType
	if mime == resultjson.MimeWebP {
		mime = resultjson.MimeJPEG
		if !dst.Opaque() {
			mime = resultjson.MimePNG
		}
	}
	var out bytes.Buffer
	if mime == resultjson.MimeJPEG {
		err = jpeg.Encode(&out, dst, &jpeg.Options{Quality: JPEGQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, dst)
	}
	if err != nil || int64(out.Len()) >= st.stored {
		return
	}
	sum := sha256.Sum256(out.Bytes())
	sha := hex.EncodeToString(sum[:])
	ne := *e
	ne.Key, ne.MimeType, ne.SHA256, ne.ByteSize = im.jobPrefix+"images/"+sha+extensions[mime], mime, sha, int64(out.Len())
	ne.NaturalWidth, ne.NaturalHeight = e.Width, e.Height
	if e.NaturalWidth > 0 {
		ne.NaturalWidth, ne.NaturalHeight = e.NaturalWidth, e.NaturalHeight
	}
	ne.Width, ne.Height = w, h
	*st.entry = ne
	st.stored, st.returned = ne.ByteSize, ne.ByteSize
	st.copy = &Copy{Key: ne.Key, MimeType: mime, Bytes: out.Bytes()}
}
