package convert

import (
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

func TestFontStyleAndFamily(t *testing.T) {
	for _, tc := range []struct {
		weight int
		italic bool
		want   string
	}{{400, false, "Regular"}, {400, true, "Italic"}, {700, true, "Bold Italic"}, {650, false, "Bold"}, {600, false, "Semi Bold"}, {50, false, "Thin"}} {
		if got := fontStyle(tc.weight, tc.italic); got != tc.want {
			t.Errorf("fontStyle(%d, %v) = %q, want %q", tc.weight, tc.italic, got, tc.want)
		}
	}
	if f, g := fontFamily(`"Helvetica Neue", Arial, sans-serif`); f != "Helvetica Neue" || g != "" {
		t.Errorf("named family: %q %q", f, g)
	}
	if f, g := fontFamily("monospace"); f != "Roboto Mono" || g != "monospace" {
		t.Errorf("generic family: %q %q", f, g)
	}
}

func TestCornersClampAndPercent(t *testing.T) {
	cv := &converter{}
	n := &capturemodel.DOMNode{Style: map[string]string{"border-top-left-radius": "50%", "border-top-right-radius": "50%",
		"border-bottom-right-radius": "50%", "border-bottom-left-radius": "50%"}}
	node := &resultjson.Node{ID: "1:2", Width: 40, Height: 40}
	cv.corners(n, node)
	if node.CornerRadius == nil || *node.CornerRadius != 20 {
		t.Errorf("50%% of a 40 px square: %v, want 20", node.CornerRadius)
	}
	// Radii that overlap are scaled down together (CSS Backgrounds 3, §5.5).
	n.Style = map[string]string{"border-top-left-radius": "30px", "border-top-right-radius": "30px"}
	node = &resultjson.Node{ID: "1:3", Width: 40, Height: 100}
	cv.corners(n, node)
	if *node.TopLeftRadius != 20 || *node.TopRightRadius != 20 || *node.BottomLeftRadius != 0 {
		t.Errorf("overlapping radii: %v %v %v", *node.TopLeftRadius, *node.TopRightRadius, *node.BottomLeftRadius)
	}
}
