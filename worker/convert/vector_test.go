package convert_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

func TestGoldenIcons(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "icons")
	out := f.convert(t)
	checkGolden(t, "icons", out.JSON)
}

// nodesByName indexes a result tree by node name (the last node of a name wins).
func nodesByName(root *resultjson.Node) map[string]*resultjson.Node {
	m := map[string]*resultjson.Node{}
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		m[n.Name] = n
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return m
}

// TestIconsConvert checks the icons page's tree: the hidden sprite sheet gives no node, an SVG
// with a box of its own is a FRAME of that box (fill, border, radius, shadow, clip) holding
// the SVG at its content box, a reference the capture could not resolve and an SVG Figma
// cannot import are warnings (the latter drawn from a crop), and two icons that use one page
// gradient carry it under ids of their own.
func TestIconsConvert(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "icons")
	out := f.convert(t)
	byName := nodesByName(out.Result.Root)
	svgs := resultSVGs(t, f, out)

	// The icons sit in the page's flex rows (auto-layout frames of the structure pass), some in
	// frames of their own: one leaf per icon, none for the sprite sheet, wherever it sits.
	var icons []string
	var boxed *resultjson.Node
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		for _, c := range n.Children {
			if c.Type == "SVG" || c.Type == "RECTANGLE" {
				icons = append(icons, c.Name)
				if c.Name == "Boxed" {
					boxed = n
				}
			}
			walk(c)
		}
	}
	walk(out.Result.Root)
	if len(icons) != 12 {
		t.Errorf("the tree holds icons %q, want 12 (one per icon, none for the sprite sheet)", icons)
	}
	if boxed == nil {
		t.Fatal("no icon Boxed (svg#boxed) in the tree")
	}
	switch {
	case boxed.Type != "FRAME" || boxed.Width != 60 || boxed.Height != 60:
		t.Errorf("boxed icon's parent is %s %q %vx%v, want the FRAME of its 60x60 border box", boxed.Type, boxed.Name, boxed.Width, boxed.Height)
	case boxed.CornerRadius == nil || *boxed.CornerRadius != 12 || boxed.ClipsContent == nil || !*boxed.ClipsContent:
		t.Errorf("boxed frame radius %v clips %v, want 12 and clipping", boxed.CornerRadius, boxed.ClipsContent)
	case len(*boxed.Fills) != 1 || len(boxed.Strokes) != 1 || boxed.StrokeWeight == nil || *boxed.StrokeWeight != 2 || len(boxed.Effects) != 1:
		t.Errorf("boxed frame fills %v strokes %v effects %v, want background, 2 px border and shadow", *boxed.Fills, boxed.Strokes, boxed.Effects)
	case len(boxed.Children) != 1 || boxed.Children[0].Type != "SVG" || boxed.Children[0].X != 6 || boxed.Children[0].Y != 6 ||
		boxed.Children[0].Width != 48 || boxed.Children[0].Height != 48:
		t.Errorf("boxed frame holds %+v, want the 48x48 SVG at its content box (6, 6)", boxed.Children)
	}

	warned := map[string]string{}
	for _, w := range out.Result.Warnings {
		warned[w.Code] = *w.NodeID
	}
	if id := warned[warnings.SVGReference]; id != byName["Missing"].ID {
		t.Errorf("SVG_REFERENCE_UNRESOLVED names %q, want svg#missing %q", id, byName["Missing"].ID)
	}
	foreign := byName["Foreign"]
	if id := warned[warnings.SVGRaster]; foreign == nil || id != foreign.ID || foreign.Type != "RECTANGLE" ||
		len(*foreign.Fills) != 1 || (*foreign.Fills)[0].Type != "IMAGE" {
		t.Errorf("svg#foreign is %+v warned %q, want a RECTANGLE with the crop as IMAGE fill and SVG_RASTERIZED", foreign, id)
	}
	if len(out.Result.Warnings) != 2 {
		t.Errorf("warnings %+v, want 2", out.Result.Warnings)
	}

	// svg#graded2's id has a digit, so it is named as an icon without one.
	a, b := svgs[byName["Graded"].ImageRef], svgs[byName["Icon"].ImageRef]
	for _, pair := range [][2][]byte{{a, []byte(`id="c2d5-grad"`)}, {a, []byte(`url(#c2d5-grad)`)}, {b, []byte(`id="c2d6-grad"`)}, {b, []byte(`url(#c2d6-grad)`)}} {
		if !bytes.Contains(pair[0], pair[1]) {
			t.Errorf("gradient icon lacks %s:\n%s", pair[1], pair[0])
		}
	}
	for ref, b := range svgs {
		for _, bad := range []string{"<script", "onclick", "onmouseover", "javascript:", "169.254.169.254", "<use", "<symbol"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("SVG %s holds %q:\n%s", ref, bad, b)
			}
		}
	}
}

// TestFigmaSafeSVG converts a capture whose SVG assets hold a script, event handlers, a
// javascript: link, references to a private address and a foreignObject (a capture worker
// other than ours may store them): the result's SVGs are copies without them, stored under
// the job's prefix, each use warned about; an SVG that is not XML is IMAGE_INVALID.
func TestFigmaSafeSVG(t *testing.T) {
	t.Parallel()
	unsafe := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="x()"><script>alert(1)</script>` +
		`<a href="javascript:alert(1)"><rect width="10" height="10" fill="#f00" onclick="y()"/></a><image href="http://10.0.0.1/a.png"/></svg>`)
	foreign := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>.a{fill:#00f}</style><rect class="a" width="10" height="10"/>` +
		`<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`)
	broken := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>`)
	c, load := imagePage(unsafe, foreign, broken)
	for i := range c.Assets {
		c.Assets[i].MimeType = resultjson.MimeSVG
	}
	out := run(t, c, load)
	if got := codes(out); got[warnings.SVGUnsafe] != 1 || got[warnings.SVGUnsupported] != 1 || got[warnings.ImageInvalid] != 1 || len(out.Result.Warnings) != 3 {
		t.Fatalf("warnings %+v", out.Result.Warnings)
	}
	if len(out.Copies) != 2 || len(out.Result.Images) != 2 {
		t.Fatalf("%d copies, %d images; want the two cleaned SVGs", len(out.Copies), len(out.Result.Images))
	}
	for i, cp := range out.Copies {
		e := out.Result.Images[i]
		if e.Key != cp.Key || !strings.HasPrefix(cp.Key, fixtureJobPrefix+"images/") || e.SHA256 != sha256Hex(cp.Bytes) || e.ByteSize != int64(len(cp.Bytes)) {
			t.Errorf("image %+v does not describe its copy %s (%d bytes)", e, cp.Key, len(cp.Bytes))
		}
		for _, bad := range []string{"<script", "onload", "onclick", "javascript:", "10.0.0.1", "foreignObject", "<style"} {
			if bytes.Contains(cp.Bytes, []byte(bad)) {
				t.Errorf("copy %d holds %q: %s", i, bad, cp.Bytes)
			}
		}
	}
	if !bytes.Contains(out.Copies[1].Bytes, []byte(`class="a" width="10" height="10" fill="#00f"`)) {
		t.Errorf("the .a rule is not written onto its rect: %s", out.Copies[1].Bytes)
	}
}

// iconColors is the colour each icon of capturetest/site/icons.html draws with most, as the
// page shows it (currentColor, page CSS, sprite symbols resolved), by its layer's name (its id
// made readable: svg#star-icon is "Star icon").
var iconColors = map[string]string{
	"Circle": "#ffcc00", "Triangle": "#000000", "Star icon": "#7b2cbf", "Styled": "#2a9d8f",
	"Labelled": "#e76f51", "Boxed": "#1d4ed8", "External": "#0891b2",
	"Missing": "#16a34a", "Unsafe": "#dc2626",
}

// TestIconSVGsRenderStandalone draws every SVG of the icons result on its own in Chromium (as
// Figma receives it): each parses as standalone XML and draws its icon's colour; the two icons
// that share a page gradient draw it red to blue, each with its own copy.
func TestIconSVGsRenderStandalone(t *testing.T) {
	f := loadFixture(t, "icons")
	out := f.convert(t)
	svgs := resultSVGs(t, f, out)
	r := newSVGRenderer(t)
	seen := 0
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		for _, c := range n.Children {
			walk(c)
		}
		if n.Type != "SVG" {
			return
		}
		seen++
		b := svgs[n.ImageRef]
		wellFormed(t, n.Name, b)
		img := r.render(t, b, int(n.Width), int(n.Height))
		dom, inked := inkColors(img)
		if inked < 0.02 {
			t.Errorf("%s draws %.1f%% of its box, want an icon:\n%s", n.Name, 100*inked, b)
			return
		}
		switch n.Name {
		case "Graded", "Icon":
			w := img.Bounds().Dx()
			left := color.RGBAModel.Convert(img.At(2, 10)).(color.RGBA)
			right := color.RGBAModel.Convert(img.At(w-3, 10)).(color.RGBA)
			if left.R < 200 || left.B > 60 || right.B < 200 || right.R > 60 {
				t.Errorf("%s: gradient from %v to %v, want red to blue", n.Name, left, right)
			}
		default:
			want, ok := iconColors[n.Name]
			if !ok {
				t.Errorf("unexpected SVG node %s", n.Name)
			} else if !near(dom, want) {
				t.Errorf("%s draws mostly %v, want %s:\n%s", n.Name, dom, want, b)
			}
		}
	}
	walk(out.Result.Root)
	if seen != 11 {
		t.Errorf("%d SVG nodes, want 11 (every icon but the hidden sprite sheet and the rasterized foreignObject)", seen)
	}
}

// TestIconFontAndMasksConvert converts the icon-font and masked-icon pages: a glyph alone in its
// element (a Private Use Area character from a WOFF2 font, or a ligature word) is an SVG of its
// outline, drawn where the browser drew it (never a character in the icon font); an
// SVG mask is an SVG node in the element's background colour (checked by drawing it in
// Chromium); a PNG mask is a crop with CSS_MASK_RASTER.
func TestIconFontAndMasksConvert(t *testing.T) {
	fonts := loadFixture(t, "iconfont")
	out := fonts.convert(t)
	checkGolden(t, "iconfont", out.JSON)
	byName := nodesByName(out.Result.Root)
	r := newSVGRenderer(t)
	svgs := resultSVGs(t, fonts, out)
	// By element id: the layer's name and the colour it draws.
	for id, icon := range map[string]struct{ name, color string }{"star": {"Star", "#d97706"}, "ring": {"Ring", "#2563eb"}, "lig": {"Lig / Star", "#0d9488"}} {
		name, want := icon.name, icon.color
		n := byName[name]
		if n == nil || n.Type != "SVG" || math.Round(n.Width) != 48 || n.Height != 48 {
			t.Errorf("%s is %+v, want a 48x48 SVG of the glyph's outline", name, n)
			continue
		}
		b := svgs[n.ImageRef]
		wellFormed(t, name, b)
		img := r.render(t, b, 48, 48)
		if dom, inked := inkColors(img); inked < 0.1 || !near(dom, want) {
			t.Errorf("%s draws %.1f%% mostly %v, want %s", name, 100*inked, dom, want)
		}
		// The outline lies where the browser drew the glyph: its ink matches the crop's.
		shot := cropOf(t, fonts, id)
		if iou := inkIoU(img, shot); iou < 0.9 {
			t.Errorf("%s: the outline's ink overlaps the browser's by %.2f (IoU), want at least 0.9:\n%s", name, iou, b)
		}
	}
	var texts []string
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		if n.Type == "TEXT" {
			texts = append(texts, n.Characters)
			if n.FontName != nil && n.FontName.Family == "C2D Icons" {
				t.Errorf("TEXT %q is set in the icon font", n.Characters)
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(out.Result.Root)
	if got := codes(out); got["PSEUDO_ELEMENT"] != 1 || len(out.Result.Warnings) != 2 {
		t.Errorf("warnings %+v, want PSEUDO_ELEMENT for the link's glyph (beside its text) and FONT_GENERIC_FAMILY", out.Result.Warnings)
	}

	masks := loadFixture(t, "masks")
	out = masks.convert(t)
	checkGolden(t, "masks", out.JSON)
	byName = nodesByName(out.Result.Root)
	svgs = resultSVGs(t, masks, out)
	for name, want := range map[string]string{"Check": "#16a34a", "Wide": "#9333ea"} {
		n := byName[name]
		if n == nil || n.Type != "SVG" {
			t.Errorf("%s is %+v, want an SVG node", name, n)
			continue
		}
		b := svgs[n.ImageRef]
		wellFormed(t, name, b)
		img := r.render(t, b, int(n.Width), int(n.Height))
		dom, inked := inkColors(img)
		if inked < 0.05 || !near(dom, want) {
			t.Errorf("%s draws %.1f%% mostly %v, want %s:\n%s", name, 100*inked, dom, want, b)
		}
		if name == "Wide" {
			// contain: the square mask is centred in the 96x48 box, the sides stay empty.
			if _, side := inkColors(crop(img, 0, 0, 20, 48)); side > 0 {
				t.Errorf("%s draws in the left 20 px, want the mask centred", name)
			}
		}
	}
	raster := byName["Raster"]
	if raster == nil || raster.Type != "RECTANGLE" || len(*raster.Fills) != 1 || (*raster.Fills)[0].Type != "IMAGE" {
		t.Errorf("span#raster is %+v, want a RECTANGLE filled with its crop", raster)
	}
	if got := codes(out); got[warnings.MaskRaster] != 1 || len(out.Result.Warnings) != 1 {
		t.Errorf("warnings %+v, want one CSS_MASK_RASTER", out.Result.Warnings)
	}
}

func crop(img image.Image, x, y, w, h int) image.Image {
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(x, y, x+w, y+h))
}

// cropOf decodes the crop the capture of fixture f took of the element with id.
func cropOf(t *testing.T, f *fixture, id string) image.Image {
	t.Helper()
	var find func(n *capturemodel.DOMNode) *capturemodel.DOMNode
	find = func(n *capturemodel.DOMNode) *capturemodel.DOMNode {
		if n.Attrs["id"] == id {
			return n
		}
		for _, c := range n.Children {
			if got := find(c); got != nil {
				return got
			}
		}
		return nil
	}
	n := find(f.capture.Document.Root)
	if n == nil || n.Crop == nil {
		t.Fatalf("#%s has no crop in the %s capture", id, f.name)
	}
	for _, a := range f.capture.Assets {
		if a.ID == n.Crop.AssetID {
			b, err := f.loader()(context.Background(), a, a.ByteSize)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
	}
	t.Fatalf("crop asset %s missing", n.Crop.AssetID)
	return nil
}

// inkIoU is the intersection over union of the non-white pixels of two images of one size.
func inkIoU(a, b image.Image) float64 {
	inkAt := func(img image.Image, x, y int) bool {
		c := color.RGBAModel.Convert(img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y)).(color.RGBA)
		return !(c.R > 200 && c.G > 200 && c.B > 200)
	}
	inter, union := 0, 0
	for y := range min(a.Bounds().Dy(), b.Bounds().Dy()) {
		for x := range min(a.Bounds().Dx(), b.Bounds().Dx()) {
			ia, ib := inkAt(a, x, y), inkAt(b, x, y)
			if ia && ib {
				inter++
			}
			if ia || ib {
				union++
			}
		}
	}
	return float64(inter) / float64(max(1, union))
}
