package paint_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestBackgroundTilesLimit: a 1 x 10 px gradient tile repeated over a box 10 px high is one
// RECTANGLE per tile up to MaxBackgroundTiles (a box of that many px wide); one tile more and the
// layer is stretched over the box with CSS_BACKGROUND_LAYOUT.
func TestBackgroundTilesLimit(t *testing.T) {
	none := paint.Check(func(string, float64, float64) *resultjson.ImageEntry { return nil })
	for _, c := range []struct {
		width  int
		layers int
		warned bool
	}{{paint.MaxBackgroundTiles, paint.MaxBackgroundTiles, false}, {paint.MaxBackgroundTiles + 1, 0, true}} {
		n := &capturemodel.DOMNode{Type: "element", Tag: "div", Box: capturemodel.Box{Width: float64(c.width), Height: 10}, Style: map[string]string{
			"background-image": "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))", "background-size": "1px 10px"}}
		node := &resultjson.Node{ID: "1:2", Type: "FRAME", Width: float64(c.width), Height: 10}
		d := paint.Draws(n, node, false, true, true, capturemodel.Size{}, none)
		if len(d.Layers) != c.layers {
			t.Errorf("%d px wide: %d layers, want %d", c.width, len(d.Layers), c.layers)
		}
		w := &warnings.List{}
		root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME", Width: 800, Height: 600}, El: &capturemodel.DOMNode{Type: "element", Tag: "html"}, Kind: boxtree.Box}
		b := root.Add(node, n, boxtree.Flow, 0)
		b.Kind, b.Paints = boxtree.Box, true
		paint.Pass(root, nil, none, capturemodel.Size{}, w)
		warned := false
		for _, x := range w.Done() {
			warned = warned || x.Code == warnings.BackgroundLayout
		}
		if warned != c.warned || (c.warned && (len(*node.Fills) != 1 || (*node.Fills)[0].Type != "GRADIENT_LINEAR")) {
			t.Errorf("%d px wide: fills %+v, warned %v; want the gradient stretched: %v", c.width, node.Fills, warned, c.warned)
		}
	}
}
