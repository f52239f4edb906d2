package convert_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// The background and object-fit pages (testdata/background-site), captured by the capture
// worker, pinned byte for byte.
func TestGoldenBackgroundPages(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"bg-clip", "bg-origin", "bg-attachment", "bg-layers", "bg-objectfit", "bg-svgicons"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkGolden(t, name, loadFixture(t, name).convert(t).JSON)
		})
	}
}

// byLayerName returns the nodes of out's tree by name (the first of a name).
func byLayerName(root *resultjson.Node) map[string]*resultjson.Node {
	out := map[string]*resultjson.Node{}
	root.Walk(func(n *resultjson.Node) {
		if _, ok := out[n.Name]; !ok {
			out[n.Name] = n
		}
	})
	return out
}

// box is a node's x, y, width and height in its parent.
func box(n *resultjson.Node) [4]float64 { return [4]float64{n.X, n.Y, n.Width, n.Height} }

// TestBackgroundClip: a colour clipped to the padding box of a box with a 20 px half-transparent
// border is a RECTANGLE of the padding box inside the frame (which fills nothing, so the border
// shows the page), one clipped to the content box a RECTANGLE of the content box; border-box
// stays the frame's fill.
func TestBackgroundClip(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-clip").convert(t)
	nodes := byLayerName(out.Result.Root)
	yellow := resultjson.RGB{R: 1, G: 0.7843, B: 0}
	for _, c := range []struct {
		name string
		want [4]float64
	}{{"Padding", [4]float64{20, 20, 220, 100}}, {"Content", [4]float64{30, 30, 200, 80}}} {
		f := nodes[c.name]
		if f == nil || len(*f.Fills) != 0 || len(f.Children) != 1 {
			t.Fatalf("%s: %+v, want a frame without fills holding one layer", c.name, f)
		}
		l := f.Children[0]
		if l.Type != "RECTANGLE" || box(l) != c.want || len(*l.Fills) != 1 || *(*l.Fills)[0].Color != yellow {
			t.Errorf("%s layer %s %v fills %+v, want a RECTANGLE %v filled yellow", c.name, l.Type, box(l), l.Fills, c.want)
		}
	}
	if f := nodes["Border"]; len(*f.Fills) != 1 || *(*f.Fills)[0].Color != yellow || len(f.Children) != 0 {
		t.Errorf("Border: fills %+v, %d children; want the yellow fill of the frame", f.Fills, len(f.Children))
	}
	if got := warningsCoded(out.Result.Warnings, warnings.BackgroundLayout); len(got) != 0 {
		t.Errorf("warnings %v, want none", got)
	}
}

// TestBackgroundOrigin: a no-repeat photo (160x120) placed from the content box sits 40 px in
// (border 10 + padding 30); at 100% 100% of the padding box, clipped to it, its bottom right
// corner is the padding box's; the grey colour under it stays the frame's fill.
func TestBackgroundOrigin(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-origin").convert(t)
	nodes := byLayerName(out.Result.Root)
	identity := resultjson.Transform{{1, 0, 0}, {0, 1, 0}}
	for _, c := range []struct {
		name string
		want [4]float64
	}{{"Content", [4]float64{40, 40, 160, 120}}, {"Padding", [4]float64{210, 150, 160, 120}}} {
		f := nodes[c.name]
		if f == nil || len(*f.Fills) != 1 || (*f.Fills)[0].Type != "SOLID" || len(f.Children) != 1 {
			t.Fatalf("%s: %+v, want the grey fill and one layer", c.name, f)
		}
		l := f.Children[0]
		if p := (*l.Fills)[0]; box(l) != c.want || p.Type != "IMAGE" || p.ScaleMode != "CROP" || *p.ImageTransform != identity {
			t.Errorf("%s layer %v fills %+v, want the whole photo at %v", c.name, box(l), l.Fills, c.want)
		}
	}
}

// TestBackgroundAttachmentFixed: a fixed, covering photo is laid out over the 800x600 viewport
// (5 times its 160x120): the hero at 40,100 (720x300) shows x 40-760 and y 100-400 of it, as a
// CROP over the hero; the box 1,300 px down shows it as when scrolled to its top (y 0-200),
// with CSS_BACKGROUND_ATTACHMENT on it.
func TestBackgroundAttachmentFixed(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-attachment").convert(t)
	nodes := byLayerName(out.Result.Root)
	for _, c := range []struct {
		name string
		want resultjson.Transform
	}{{"Hero", resultjson.Transform{{0.9, 0, 0.05}, {0, 0.5, 0.166667}}}, {"Below", resultjson.Transform{{0.9, 0, 0.05}, {0, 0.333333, 0}}}} {
		f := nodes[c.name]
		if f == nil || len(*f.Fills) != 1 || (*f.Fills)[0].ScaleMode != "CROP" || *(*f.Fills)[0].ImageTransform != c.want {
			t.Errorf("%s fills %+v, want a CROP %v", c.name, f.Fills, c.want)
		}
	}
	got := warningsCoded(out.Result.Warnings, warnings.BackgroundAttachment, warnings.BackgroundLayout)
	if want := []string{warnings.BackgroundAttachment + " on " + nodes["Below"].ID}; !slices.Equal(got, want) {
		t.Errorf("warnings %v, want %v", got, want)
	}
}

// TestBackgroundLayersSizedAndTiled: a 100x50 gradient at 20px 10px over a grey box is a
// RECTANGLE of its own there (the grey the frame's fill); a 20x20 gradient tile over a 100x40 box
// is 5 x 2 RECTANGLEs, each the whole gradient; a photo tiled at half its size is the frame's
// TILE fill (scalingFactor 0.5).
func TestBackgroundLayersSizedAndTiled(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-layers").convert(t)
	nodes := byLayerName(out.Result.Root)
	placed := nodes["Placed"]
	if len(*placed.Fills) != 1 || (*placed.Fills)[0].Type != "SOLID" || len(placed.Children) != 1 ||
		box(placed.Children[0]) != [4]float64{20, 10, 100, 50} || (*placed.Children[0].Fills)[0].Type != "GRADIENT_LINEAR" {
		t.Errorf("Placed: fills %+v children %+v, want grey and a 100x50 gradient at 20,10", placed.Fills, placed.Children)
	}
	tiled := nodes["Tiled"]
	if len(*tiled.Fills) != 0 || len(tiled.Children) != 10 {
		t.Fatalf("Tiled: fills %+v, %d children; want 10 tiles", tiled.Fills, len(tiled.Children))
	}
	first := (*tiled.Children[0].Fills)[0]
	for i, l := range tiled.Children {
		if want := [4]float64{float64(i % 5 * 20), float64(i / 5 * 20), 20, 20}; box(l) != want || !reflect.DeepEqual((*l.Fills)[0], first) {
			t.Errorf("tile %d at %v with %+v, want %v with the tile's gradient", i, box(l), (*l.Fills)[0], want)
		}
	}
	// Top to bottom, green to white: the gradient runs down the tile.
	if first.GradientTransform == nil || *first.GradientTransform != (resultjson.Transform{{0, 1, 0}, {-1, 0, 1}}) {
		t.Errorf("tile gradient %+v", first.GradientTransform)
	}
	photo := nodes["Photo"]
	if p := (*photo.Fills)[0]; p.ScaleMode != "TILE" || p.ScalingFactor == nil || *p.ScalingFactor != 0.5 || len(photo.Children) != 0 {
		t.Errorf("Photo fills %+v, want a TILE at 0.5", photo.Fills)
	}
	if got := warningsCoded(out.Result.Warnings, warnings.BackgroundLayout); len(got) != 0 {
		t.Errorf("warnings %v, want none", got)
	}
}

// TestObjectFitCrop: the 160x120 photo in 100x60 imgs: object-fit none at 100% 100% shows its
// bottom right 100x60 (x 60-160, y 60-120), at -20px -10px x 20-120, y 10-70; cover at 50% 0%
// (scaled to 100x75) its top 60 px: each a CROP, with no CSS_OBJECT_FIT.
func TestObjectFitCrop(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-objectfit").convert(t)
	nodes := byLayerName(out.Result.Root)
	for _, c := range []struct {
		name string
		want resultjson.Transform
	}{
		{"none", resultjson.Transform{{0.625, 0, 0.375}, {0, 0.5, 0.5}}},
		{"none px", resultjson.Transform{{0.625, 0, 0.125}, {0, 0.5, 0.083333}}},
		{"cover top", resultjson.Transform{{1, 0, 0}, {0, 0.8, 0}}},
	} {
		n := nodes[c.name]
		if n == nil || n.Fills == nil || len(*n.Fills) != 1 {
			t.Fatalf("%s: %+v", c.name, n)
		}
		if p := (*n.Fills)[0]; p.ScaleMode != "CROP" || *p.ImageTransform != c.want {
			t.Errorf("%s: %+v, want a CROP %v", c.name, p, c.want)
		}
	}
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.ObjectFit {
			t.Errorf("warning %s on %s: %s", w.Code, *w.NodeID, w.Message)
		}
	}
}

// TestSVGBackgroundPlaced: an SVG background sized 20px auto and not repeated is an SVG node at
// its one tile (left 16px center: 1 px border + 16 px in, (46 - 20) / 2 + 1 down; center right
// 12px: 1 + 318 - 20 - 12 in), under the input's text; repeated along the box, it is drawn over
// the whole box with CSS_BACKGROUND_LAYOUT; a gradient square at right 12px center is a RECTANGLE
// at the same place.
func TestSVGBackgroundPlaced(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "bg-svgicons").convert(t)
	nodes := byLayerName(out.Result.Root)
	for _, c := range []struct {
		name string
		want [4]float64
	}{{"Search", [4]float64{17, 14, 20, 20}}, {"Valid", [4]float64{287, 14, 20, 20}}, {"Tiled", [4]float64{0, 0, 320, 48}}} {
		f := nodes[c.name]
		if f == nil || len(f.Children) != 2 || f.Children[0].Type != "SVG" || f.Children[0].ImageRef == "" || f.Children[1].Type != "TEXT" {
			t.Fatalf("%s: %+v, want an SVG background under a TEXT", c.name, f)
		}
		if got := box(f.Children[0]); got != c.want {
			t.Errorf("%s: SVG at %v, want %v", c.name, got, c.want)
		}
	}
	// A gradient placed the same way is a RECTANGLE of its own at its tile.
	if sq := nodes["Square"]; sq == nil || len(sq.Children) != 1 || sq.Children[0].Type != "RECTANGLE" || box(sq.Children[0]) != [4]float64{287, 14, 20, 20} {
		t.Errorf("Square: %+v, want a 20x20 RECTANGLE at 287,14", sq)
	}
	got := warningsCoded(out.Result.Warnings, warnings.BackgroundLayout)
	if len(got) != 1 || got[0] != warnings.BackgroundLayout+" on "+nodes["Tiled"].ID {
		t.Errorf("CSS_BACKGROUND_LAYOUT warnings %v, want the tiled one's alone", got)
	}
}
