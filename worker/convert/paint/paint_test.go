package paint_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

func TestCornersClampAndPercent(t *testing.T) {
	pa := &paint.Painter{Warn: &warnings.List{}}
	n := &capturemodel.DOMNode{Style: map[string]string{"border-top-left-radius": "50%", "border-top-right-radius": "50%",
		"border-bottom-right-radius": "50%", "border-bottom-left-radius": "50%"}}
	node := &resultjson.Node{ID: "1:2", Width: 40, Height: 40}
	pa.Corners(n, node)
	if node.CornerRadius == nil || *node.CornerRadius != 20 {
		t.Errorf("50%% of a 40 px square: %v, want 20", node.CornerRadius)
	}
	// Radii that overlap are scaled down together (CSS Backgrounds 3, §5.5).
	n.Style = map[string]string{"border-top-left-radius": "30px", "border-top-right-radius": "30px"}
	node = &resultjson.Node{ID: "1:3", Width: 40, Height: 100}
	pa.Corners(n, node)
	if *node.TopLeftRadius != 20 || *node.TopRightRadius != 20 || *node.BottomLeftRadius != 0 {
		t.Errorf("overlapping radii: %v %v %v", *node.TopLeftRadius, *node.TopRightRadius, *node.BottomLeftRadius)
	}
}

// TestBordersAndBackgrounds: sides of different widths keep one stroke colour with per-side
// weights and warn about their colours; a dashed border gets its dash; a background colour is
// one SOLID fill; a colour syntax not read and an unreadable radial gradient (named colours) are left out with warnings.
func TestBordersAndBackgrounds(t *testing.T) {
	w := &warnings.List{}
	pa := &paint.Painter{Warn: w}
	n := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{
		"border-top-style": "dashed", "border-top-width": "2px", "border-top-color": "rgb(255, 0, 0)",
		"border-bottom-style": "dashed", "border-bottom-width": "4px", "border-bottom-color": "rgb(0, 0, 255)",
		"background-color": "rgb(0, 128, 0)", "background-image": "radial-gradient(red, blue)"}}
	node := &resultjson.Node{ID: "1:2", Width: 100, Height: 50}
	if !pa.Borders(n, node) || len(node.Strokes) != 1 || *node.StrokeWeight != 4 || *node.StrokeTopWeight != 2 || *node.StrokeLeftWeight != 0 || len(node.DashPattern) != 2 || node.DashPattern[0] != 6 {
		t.Errorf("strokes %+v weight %v dash %v", node.Strokes, node.StrokeWeight, node.DashPattern)
	}
	fills, _ := pa.Backgrounds(n, node)
	if len(fills) != 1 || fills[0].Type != "SOLID" || fills[0].Color.G != 0.502 {
		t.Errorf("fills %+v", fills)
	}
	n.Style["background-color"] = "color(rec2100-pq 0.5 0.1 0.2)"
	if fills, _ := pa.Backgrounds(n, node); len(fills) != 0 {
		t.Errorf("fills %+v of an unread colour", fills)
	}
	var codes []string
	for _, x := range w.Done() {
		codes = append(codes, x.Code)
	}
	if got, want := strings.Join(codes, " "), "CSS_BORDER_COLORS CSS_GRADIENT CSS_COLOR CSS_GRADIENT"; got != want {
		t.Errorf("warnings %s, want %s", got, want)
	}
}

// TestPassPaintsTheTree: Draws reads what a box draws before the pass, without warnings; the
// pass gives the root the canvas colour (the body's, when the root element has none), a box its
// paints, a placeholder without background its grey, and reports a merged element's warnings
// and the CSS no node property expresses about the node they were given to.
func TestPassPaintsTheTree(t *testing.T) {
	none := func(string, float64, float64) *resultjson.ImageEntry { return nil }
	body := &capturemodel.DOMNode{Type: "element", Tag: "body", Style: map[string]string{"background-color": "rgb(0, 0, 255)"}}
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"background-color": "rgba(0, 0, 0, 0)"},
		Children: []*capturemodel.DOMNode{body}}
	card := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{"box-shadow": "rgb(0, 0, 0) 0px 1px 2px 0px", "opacity": "0.5",
		"transform": "rotate(5deg)", "filter": "none", "mix-blend-mode": "normal"}}
	video := &capturemodel.DOMNode{Type: "element", Tag: "video", Style: map[string]string{"visibility": "visible"}}
	merged := &capturemodel.DOMNode{Type: "element", Tag: "section", Style: map[string]string{"background-color": "color(rec2100-pq 0.5 0.1 0.2)"}}
	rootOut := &resultjson.Node{ID: "1:1", Type: "FRAME", Width: 100, Height: 100}
	if d := paint.Draws(card, rootOut, false, true, true, capturemodel.Size{}, none); !d.Effects || !d.Composited || d.Fills || !d.Paints() {
		t.Errorf("card draws %+v", d)
	}
	if canvas, got := paint.Canvas(html, rootOut, none); canvas != body || got != body {
		t.Errorf("canvas %v, body %v", canvas, got)
	}
	root := &boxtree.Node{Out: rootOut, El: html, Kind: boxtree.Box}
	c := root.Add(&resultjson.Node{ID: "1:2", Type: "FRAME", Width: 10, Height: 10}, card, boxtree.Flow, 0)
	v := root.Add(&resultjson.Node{ID: "1:3", Type: "RECTANGLE", Width: 10, Height: 10}, video, boxtree.Flow, 0)
	c.Paints, v.Paints, v.Kind = true, true, boxtree.Placeholder
	c.Merged, c.CSS = []*capturemodel.DOMNode{merged}, []*capturemodel.DOMNode{card}
	w := &warnings.List{RootID: "1:1"}
	paint.Pass(root, nil, none, capturemodel.Size{}, w)
	if f := *rootOut.Fills; len(f) != 1 || f[0].Color.B != 1 {
		t.Errorf("canvas %+v", f)
	}
	if len(*c.Out.Fills) != 0 || len(c.Out.Effects) != 1 || *c.Out.Opacity != 0.5 {
		t.Errorf("card %+v", c.Out)
	}
	if f := *v.Out.Fills; len(f) != 1 || f[0].Color.R != 0.898 {
		t.Errorf("placeholder fills %+v", f)
	}
	if ws := w.Done(); len(ws) != 2 || ws[0].Code != warnings.Transform || *ws[0].NodeID != "1:2" || ws[1].Code != warnings.Color || *ws[1].NodeID != "1:2" {
		t.Errorf("warnings %+v", ws)
	}
}

// TestTableBorders: which table boxes draw their borders on their own node. Collapsed, none does
// (the table's border layer draws them, boxtree.CollapsedBorder), and Borders centres them on
// the box's edges; separate, a cell and the table draw theirs inside their box, and a row or
// row group has none (CSS 2 §17.6.1).
func TestTableBorders(t *testing.T) {
	for _, tc := range []struct {
		display, collapse string
		strokes           bool
		align             string
	}{
		{"table-cell", "collapse", false, "CENTER"},
		{"table-row", "collapse", false, "CENTER"},
		{"table-header-group", "collapse", false, "CENTER"},
		{"table", "collapse", false, "CENTER"},
		{"block", "collapse", true, "INSIDE"},
		{"table-cell", "separate", true, "INSIDE"},
		{"table", "separate", true, "INSIDE"},
		{"table-row", "separate", false, "INSIDE"},
		{"table-row-group", "separate", false, "INSIDE"},
	} {
		n := &capturemodel.DOMNode{Type: "element", Tag: "td", Style: map[string]string{"display": tc.display, "border-collapse": tc.collapse,
			"visibility": "visible", "border-bottom-style": "solid", "border-bottom-width": "1px", "border-bottom-color": "rgb(0, 0, 0)"}}
		pa := &paint.Painter{Warn: &warnings.List{}}
		node := &resultjson.Node{ID: "1:2", Width: 100, Height: 30}
		pa.Box(n, node, false, true, false)
		if got := len(node.Strokes) > 0; got != tc.strokes {
			t.Errorf("%s, %s: own node strokes %v, want %v", tc.display, tc.collapse, got, tc.strokes)
		}
		border := &resultjson.Node{ID: "1:3", Width: 100, Height: 30}
		if !pa.Borders(n, border) || border.StrokeAlign != tc.align || !paint.HasBorder(n) {
			t.Errorf("%s, %s: Borders gives %q, want %q", tc.display, tc.collapse, border.StrokeAlign, tc.align)
		}
	}
}

// TestSideWidth: a border side's width counts only when its style draws.
func TestSideWidth(t *testing.T) {
	for _, tc := range []struct {
		style, width string
		want         float64
	}{
		{"solid", "2px", 2}, {"dashed", "0.5px", 0.5}, {"none", "2px", 0}, {"hidden", "2px", 0}, {"solid", "0px", 0}, {"solid", "medium", 0},
	} {
		n := &capturemodel.DOMNode{Type: "element", Style: map[string]string{"border-left-style": tc.style, "border-left-width": tc.width}}
		if got := paint.SideWidth(n, "left"); got != tc.want {
			t.Errorf("%s %s: %v, want %v", tc.style, tc.width, got, tc.want)
		}
	}
}

// TestSolidBorder: a border is one colour's bars only when every side it draws is solid,
// opaque and of that colour; the widths are each side's (0 for a side that draws nothing).
// BorderFill makes that colour a bar's one fill.
func TestSolidBorder(t *testing.T) {
	grey := resultjson.RGBA{R: 221.0 / 255, G: 221.0 / 255, B: 221.0 / 255, A: 1}
	side := func(style, width, color string) map[string]string {
		return map[string]string{"style": style, "width": width, "color": color}
	}
	for _, tc := range []struct {
		name   string
		sides  [4]map[string]string // top, right, bottom, left; nil: none
		ok     bool
		widths [4]float64
	}{
		{"every side", [4]map[string]string{side("solid", "1px", "rgb(221, 221, 221)"), side("solid", "1px", "rgb(221, 221, 221)"), side("solid", "1px", "rgb(221, 221, 221)"), side("solid", "1px", "rgb(221, 221, 221)")}, true, [4]float64{1, 1, 1, 1}},
		{"bottom only", [4]map[string]string{nil, nil, side("solid", "2px", "rgb(221, 221, 221)"), nil}, true, [4]float64{0, 0, 2, 0}},
		{"a side of no width", [4]map[string]string{side("solid", "0px", "rgb(255, 0, 0)"), nil, side("solid", "1px", "rgb(221, 221, 221)"), nil}, true, [4]float64{0, 0, 1, 0}},
		{"a hidden side", [4]map[string]string{side("hidden", "3px", "rgb(255, 0, 0)"), nil, side("solid", "1px", "rgb(221, 221, 221)"), nil}, true, [4]float64{0, 0, 1, 0}},
		{"two colours", [4]map[string]string{side("solid", "1px", "rgb(255, 0, 0)"), nil, side("solid", "1px", "rgb(221, 221, 221)"), nil}, false, [4]float64{}},
		{"dashed", [4]map[string]string{nil, nil, side("dashed", "1px", "rgb(221, 221, 221)"), nil}, false, [4]float64{}},
		{"translucent", [4]map[string]string{side("solid", "1px", "rgba(209, 217, 224, 0.7)"), nil, nil, nil}, false, [4]float64{}},
		{"transparent", [4]map[string]string{side("solid", "1px", "rgba(0, 0, 0, 0)"), nil, nil, nil}, false, [4]float64{}},
		{"a colour it does not read", [4]map[string]string{side("solid", "1px", "device-cmyk(0 0 0 1)"), nil, nil, nil}, false, [4]float64{}},
		{"none", [4]map[string]string{}, false, [4]float64{}},
	} {
		style := map[string]string{"display": "table-cell", "border-collapse": "collapse", "visibility": "visible"}
		for i, s := range []string{"top", "right", "bottom", "left"} {
			style["border-"+s+"-style"] = "none"
			if p := tc.sides[i]; p != nil {
				style["border-"+s+"-style"], style["border-"+s+"-width"], style["border-"+s+"-color"] = p["style"], p["width"], p["color"]
			}
		}
		n := &capturemodel.DOMNode{Type: "element", Tag: "td", Style: style}
		c, widths, ok := paint.SolidBorder(n)
		if ok != tc.ok || widths != tc.widths || (ok && c != grey) {
			t.Errorf("%s: %v %v %v, want %v %v (%v)", tc.name, c, widths, ok, tc.widths, tc.ok, grey)
		}
		bar := &resultjson.Node{ID: "1:2", Width: 100, Height: 1}
		(&paint.Painter{Warn: &warnings.List{}}).BorderFill(n, bar)
		if tc.ok && (bar.Fills == nil || len(*bar.Fills) != 1 || *(*bar.Fills)[0].Color != (resultjson.RGB{R: 0.8667, G: 0.8667, B: 0.8667}) || len(bar.Strokes) != 0) {
			t.Errorf("%s: bar %+v, want one fill of #ddd and no strokes", tc.name, bar)
		}
		if !tc.ok && (bar.Fills == nil || len(*bar.Fills) != 0) {
			t.Errorf("%s: bar fills %v, want none", tc.name, bar.Fills)
		}
	}
}
