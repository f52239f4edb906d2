package paint

import (
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestSVGTileSlack places a 20x20 SVG tile at the right of a 100x40 box: reaching SVGTileSlack
// past its right edge it is drawn at its tile, a hundredth of a pixel further it is not; a tile
// repeated along the box is not placed.
func TestSVGTileSlack(t *testing.T) {
	if SVGTileSlack != 0.5 {
		t.Fatalf("SVGTileSlack is %v; the cases below place tiles 0.5 and 0.51 px past the box", SVGTileSlack)
	}
	for _, tc := range []struct {
		pos, repeat string
		ok          bool
	}{
		{"calc(100% + 0.5px) 50%", "no-repeat", true},
		{"calc(100% + 0.51px) 50%", "no-repeat", false},
		{"calc(100% - 12px) 50%", "no-repeat", true},
		{"calc(100% - 12px) 50%", "repeat-x", false},
	} {
		n := &capturemodel.DOMNode{Type: "element", Tag: "div", Box: capturemodel.Box{Width: 100, Height: 40},
			Style: map[string]string{"background-size": "20px 20px", "background-position": tc.pos, "background-repeat": tc.repeat}}
		pa := Painter{Warn: &warnings.List{}}
		tile, ok := pa.svgTile(n, "1:1", areaOf(n, 100, 40, false), 0, 24, 24, n.Box)
		if ok != tc.ok || (ok && (tile.y != 10 || tile.w != 20 || tile.h != 20)) {
			t.Errorf("%s %s: tile %+v placed %v, want placed %v (20x20 at y 10)", tc.pos, tc.repeat, tile, ok, tc.ok)
		}
	}
}
