package convert_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Replaced elements (docs/conversion.md "Replaced elements"): an img, an inline svg and a canvas
// draw their own CSS box (background, border, corners, padding, shadow, opacity) and their
// content inside its content box, clipped to its corners. The captures are made by the capture
// worker from testdata/replaced-site.

// named returns the nodes of the tree under root by name (the first of each name).
func named(root *resultjson.Node) map[string]*resultjson.Node {
	out := map[string]*resultjson.Node{}
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		if _, ok := out[n.Name]; !ok {
			out[n.Name] = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return out
}

func radius(n *resultjson.Node) float64 {
	if n.CornerRadius == nil {
		return -1
	}
	return *n.CornerRadius
}

func imageFill(n *resultjson.Node) *resultjson.Paint {
	if n.Fills == nil {
		return nil
	}
	for i, p := range *n.Fills {
		if p.Type == "IMAGE" {
			return &(*n.Fills)[i]
		}
	}
	return nil
}

func TestReplacedImageBoxes(t *testing.T) {
	f := loadFixture(t, "replaced-img")
	out := f.convert(t)
	checkGolden(t, "replaced-img", out.JSON)
	nodes := named(out.Result.Root)

	// 160x120 content, 12 px padding, 4 px border, 24 px corners, a background and a shadow.
	boxed := nodes["boxed photo"]
	switch {
	case boxed == nil:
		t.Fatal("no node for img#boxed")
	case boxed.Type != "FRAME" || boxed.Width != 192 || boxed.Height != 152 || radius(boxed) != 24 || !*boxed.ClipsContent:
		t.Errorf("img#boxed: %s %vx%v radius %v, want a clipping FRAME of its 192x152 border box, radius 24", boxed.Type, boxed.Width, boxed.Height, radius(boxed))
	case len(*boxed.Fills) != 1 || (*boxed.Fills)[0].Type != "SOLID" || len(boxed.Strokes) != 1 || *boxed.StrokeWeight != 4 || len(boxed.Effects) != 1 || boxed.Effects[0].Type != "DROP_SHADOW":
		t.Errorf("img#boxed frame fills %v strokes %v effects %v, want its background, 4 px border and shadow", *boxed.Fills, boxed.Strokes, boxed.Effects)
	case imageFill(boxed) != nil:
		t.Error("img#boxed: the image fills the border box, want it in the content box only")
	case len(boxed.Children) != 1:
		t.Fatalf("img#boxed holds %d nodes, want its content box", len(boxed.Children))
	}
	content := boxed.Children[0]
	if content.Type != "RECTANGLE" || content.X != 16 || content.Y != 16 || content.Width != 160 || content.Height != 120 {
		t.Errorf("img#boxed content %s at (%v, %v) %vx%v, want a RECTANGLE at (16, 16) 160x120", content.Type, content.X, content.Y, content.Width, content.Height)
	}
	if radius(content) != 8 { // 24 less 4 px border and 12 px padding
		t.Errorf("img#boxed content radius %v, want 8", radius(content))
	}
	if p := imageFill(content); p == nil || p.ScaleMode != "CROP" {
		t.Errorf("img#boxed content fill %+v, want the image stretched (object-fit fill)", p)
	}

	// No border or padding: one RECTANGLE, round, the image covering it.
	round := nodes["round photo"]
	if round == nil || round.Type != "RECTANGLE" || radius(round) != 60 || imageFill(round) == nil || imageFill(round).ScaleMode != "FILL" {
		t.Errorf("img#round: %+v, want a RECTANGLE of radius 60 filled by the image (cover)", round)
	}

	// A dashed border and opacity: the frame is faded as a whole, the image inside the border.
	faded := nodes["faded photo"]
	switch {
	case faded == nil || faded.Type != "FRAME" || faded.Opacity == nil || *faded.Opacity != 0.5 || len(faded.DashPattern) == 0:
		t.Errorf("img#faded: %+v, want a FRAME of opacity 0.5 with a dashed border", faded)
	case len(faded.Children) != 1 || faded.Children[0].X != 2 || faded.Children[0].Y != 2 || faded.Children[0].Width != 160 || faded.Children[0].Opacity != nil:
		t.Errorf("img#faded holds %+v, want the 160x120 image at (2, 2), not faded twice", faded.Children)
	}
	if len(out.Result.Warnings) != 0 {
		t.Errorf("warnings %+v, want none", out.Result.Warnings)
	}
}

func TestReplacedSVGBoxes(t *testing.T) {
	f := loadFixture(t, "replaced-svg")
	out := f.convert(t)
	checkGolden(t, "replaced-svg", out.JSON)
	nodes := named(out.Result.Root)

	chart := nodes["Chart"]
	switch {
	case chart == nil:
		t.Fatal("no frame for svg.chart")
	case chart.Type != "FRAME" || chart.Width != 222 || chart.Height != 142 || radius(chart) != 16 || !*chart.ClipsContent:
		t.Errorf("svg.chart: %s %vx%v radius %v, want a clipping FRAME of its 222x142 border box, radius 16", chart.Type, chart.Width, chart.Height, radius(chart))
	case len(chart.Strokes) != 1 || *chart.StrokeWeight != 3 || len(chart.Effects) != 1 || len(*chart.Fills) != 1:
		t.Errorf("svg.chart frame strokes %v effects %v fills %v, want its 3 px border, shadow and background", chart.Strokes, chart.Effects, *chart.Fills)
	case len(chart.Children) != 1 || chart.Children[0].Type != "SVG" || chart.Children[0].X != 11 || chart.Children[0].Y != 11 || chart.Children[0].Width != 200:
		t.Errorf("svg.chart holds %+v, want the 200x120 SVG at its content box (11, 11)", chart.Children)
	}
	// The text style set on the <svg> by its class reaches the SVG's text.
	svg := string(assetBytes(t, f, out, chart.Children[0].ImageRef))
	for _, want := range []string{`font-size="20"`, `font-family="serif"`, `fill="#0c4a6e"`, ">Sales</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart's SVG lacks %s:\n%s", want, svg)
		}
	}

	dot := nodes["Dot"]
	if dot == nil || dot.Type != "FRAME" || radius(dot) != 50 || dot.Opacity == nil || *dot.Opacity != 0.6 || len(dot.Children) != 1 || dot.Children[0].Type != "SVG" {
		t.Errorf("svg#dot: %+v, want a round FRAME of opacity 0.6 holding the SVG", dot)
	}
}

func TestCanvasPixels(t *testing.T) {
	f := loadFixture(t, "replaced-canvas")
	out := f.convert(t)
	checkGolden(t, "replaced-canvas", out.JSON)
	nodes := named(out.Result.Root)

	// A chart drawn by a script: its bitmap, in the content box of its bordered, rounded box.
	chart := nodes["Chart"]
	switch {
	case chart == nil:
		t.Fatal("no node for canvas#chart")
	case chart.Type != "FRAME" || chart.Width != 244 || chart.Height != 144 || radius(chart) != 12 || len(chart.Strokes) != 1:
		t.Errorf("canvas#chart: %s %vx%v radius %v, want the FRAME of its 244x144 bordered box, radius 12", chart.Type, chart.Width, chart.Height, radius(chart))
	case len(chart.Children) != 1 || chart.Children[0].X != 2 || chart.Children[0].Width != 240 || chart.Children[0].Height != 140 || radius(chart.Children[0]) != 10:
		t.Errorf("canvas#chart holds %+v, want its 240x140 bitmap at (2, 2), radius 10", chart.Children)
	case imageFill(chart.Children[0]) == nil:
		t.Error("canvas#chart: no image of its pixels")
	}
	if p := imageFill(chart.Children[0]); p != nil {
		e := entry(out, p.ImageRef)
		if e == nil || e.Width != 240 || e.Height != 140 || e.MimeType != "image/png" {
			t.Errorf("canvas#chart image %+v, want the 240x140 PNG of its bitmap", e)
		}
	}

	// A tainted canvas: the page cannot read it; its pixels are cropped from the page, with a
	// warning on its node.
	tainted := nodes["Tainted"]
	if tainted == nil || tainted.Type != "RECTANGLE" || imageFill(tainted) == nil || imageFill(tainted).ScaleMode != "CROP" {
		t.Fatalf("canvas#tainted: %+v, want a RECTANGLE filled by its crop", tainted)
	}
	var warned []string
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.CanvasCropped && w.NodeID != nil && *w.NodeID == tainted.ID {
			warned = append(warned, w.Message)
		} else {
			t.Errorf("unexpected warning %s: %s", w.Code, w.Message)
		}
	}
	if len(warned) != 1 {
		t.Errorf("CANVAS_CROPPED warnings on the tainted canvas: %q, want one", warned)
	}
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.UnsupportedElement {
			t.Errorf("a canvas is still a placeholder: %s", w.Message)
		}
	}
}

// entry returns the result's image entry of ref, or nil.
func entry(out *convert.Output, ref string) *resultjson.ImageEntry {
	for i, e := range out.Result.Images {
		if e.Ref == ref {
			return &out.Result.Images[i]
		}
	}
	return nil
}

// assetBytes returns the bytes of the result's image ref: a capture asset of the fixture, or an
// image the conversion wrote.
func assetBytes(t *testing.T, f *fixture, out *convert.Output, ref string) []byte {
	t.Helper()
	e := entry(out, ref)
	if e == nil {
		t.Fatalf("no image entry %q", ref)
	}
	for _, c := range out.Copies {
		if c.Key == e.Key {
			return c.Bytes
		}
	}
	rel, ok := strings.CutPrefix(e.Key, fixtureImportPrefix)
	if !ok {
		t.Fatalf("image %q at %s is neither a capture asset nor written by the conversion", ref, e.Key)
	}
	b, err := os.ReadFile(filepath.Join("testdata", f.name, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
