package paint_test

import (
	"strings"
	"testing"

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
// one SOLID fill; a colour syntax not read and a radial gradient are left out with warnings.
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
	fills := pa.Backgrounds(n, node)
	if len(fills) != 1 || fills[0].Type != "SOLID" || fills[0].Color.G != 0.502 {
		t.Errorf("fills %+v", fills)
	}
	n.Style["background-color"] = "oklch(0.5 0.1 200)"
	if fills := pa.Backgrounds(n, node); len(fills) != 0 {
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
