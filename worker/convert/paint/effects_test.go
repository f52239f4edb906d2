package paint_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestFilterEffects reads computed filter and backdrop-filter lists as Chromium writes them:
// blurs one after the other are one blur (variances add: 3px then 4px is 5px, radius 10); a
// zero or empty blur is none; a transparent drop-shadow draws nothing; a backdrop's
// drop-shadow, url() and lengths a computed value never holds are left out with CSS_FILTER.
func TestFilterEffects(t *testing.T) {
	for _, tc := range []struct {
		filter, backdrop string
		effects          string // the effects as JSON
		warned           int    // CSS_FILTER warnings
	}{
		{"blur(3px) blur(4px)", "none", `[{"type":"LAYER_BLUR","radius":10,"visible":true}]`, 0},
		{"blur(0px)", "blur()", `null`, 0},
		{"drop-shadow(rgba(0, 0, 0, 0) 2px 2px 4px)", "none", `null`, 0},
		{"drop-shadow(rgb(0, 0, 255) 1px 2px)", "none", `[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":1,"a":1},"offset":{"x":1,"y":2},"radius":0,"visible":true,"blendMode":"NORMAL","showShadowBehindNode":true}]`, 0},
		{"url(\"#f\") blur(1px)", "none", `[{"type":"LAYER_BLUR","radius":2,"visible":true}]`, 1},
		{"blur(1em)", "none", `null`, 1},
		{"none", "drop-shadow(rgb(0, 0, 0) 1px 1px 1px) blur(0.5px)", `[{"type":"BACKGROUND_BLUR","radius":1,"visible":true}]`, 1},
		{"drop-shadow(rgb(0, 0, 0) 1px 1px 1px 1px)", "none", `null`, 1}, // a spread is box-shadow's only
	} {
		w := &warnings.List{}
		n := &capturemodel.DOMNode{Type: "element", Tag: "div", Box: capturemodel.Box{Width: 10, Height: 10},
			Style: map[string]string{"filter": tc.filter, "backdrop-filter": tc.backdrop}}
		root := paintOne(n, w)
		got, _ := json.Marshal(root.Effects)
		if string(got) != tc.effects {
			t.Errorf("filter %q backdrop %q: effects\n got %s\nwant %s", tc.filter, tc.backdrop, got, tc.effects)
		}
		if c := countCode(w, warnings.Filter); c != tc.warned {
			t.Errorf("filter %q backdrop %q: %d CSS_FILTER warnings, want %d", tc.filter, tc.backdrop, c, tc.warned)
		}
		if !paint.Filtered(n) {
			t.Errorf("filter %q backdrop %q: not Filtered", tc.filter, tc.backdrop)
		}
	}
}

// TestOutlineRing: the ring of an outline is the box grown by offset + width, and never less
// than twice the width across (centred on the box: at and one px past a negative offset that
// shrinks it to that); its corners grow from the element's radius and never below 0.
func TestOutlineRing(t *testing.T) {
	el := func(offset string, radius string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "div", Box: capturemodel.Box{X: 10, Y: 10, Width: 20, Height: 20},
			Style: map[string]string{"outline-style": "solid", "outline-width": "2px", "outline-color": "rgb(0, 0, 0)",
				"outline-offset": offset, "border-top-left-radius": radius, "border-top-right-radius": radius,
				"border-bottom-right-radius": radius, "border-bottom-left-radius": radius}}
	}
	// The 20 px box at 10,10 with a 2 px outline: offset -10 px shrinks it to 4 px, twice the
	// width; -11 px would leave 2, held at 4.
	for off, want := range map[string]capturemodel.Box{
		"3px":   {X: 5, Y: 5, Width: 30, Height: 30},
		"-10px": {X: 18, Y: 18, Width: 4, Height: 4},
		"-11px": {X: 18, Y: 18, Width: 4, Height: 4},
	} {
		if b, ok := paint.RingBox(el(off, "0px")); !ok || b != want {
			t.Errorf("offset %s: ring %+v %v, want %+v", off, b, ok, want)
		}
	}
	if paint.Ringed(el("0px", "0px")) {
		t.Error("an outline at offset 0 without a border is ringed, want the box's own stroke")
	}
	for _, tc := range []struct {
		offset, radius string
		want           float64
	}{{"4px", "8px", 14}, {"-4px", "1px", 0}, {"4px", "0px", 0}} {
		n := el(tc.offset, tc.radius)
		node := &resultjson.Node{ID: "1:3", Width: 30, Height: 30}
		(&paint.Painter{Warn: &warnings.List{}}).Ring(n, node)
		got := 0.0
		if node.CornerRadius != nil {
			got = *node.CornerRadius
		}
		if got != tc.want || node.StrokeAlign != "INSIDE" || *node.StrokeWeight != 2 || len(*node.Fills) != 0 {
			t.Errorf("offset %s radius %s: corner %v align %s weight %v fills %v, want corner %v INSIDE 2 no fills",
				tc.offset, tc.radius, got, node.StrokeAlign, *node.StrokeWeight, *node.Fills, tc.want)
		}
	}
}

// paintOne runs the paint pass over a page holding n alone, as a box that paints, and returns
// n's node; the warnings go to w.
func paintOne(n *capturemodel.DOMNode, w *warnings.List) *resultjson.Node {
	none := func(string, float64, float64) *resultjson.ImageEntry { return nil }
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Children: []*capturemodel.DOMNode{n}}
	root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME", Width: 100, Height: 100}, El: html, Kind: boxtree.Box}
	b := root.Add(&resultjson.Node{ID: "1:2", Type: "FRAME", Width: n.Box.Width, Height: n.Box.Height}, n, boxtree.Flow, 0)
	b.Paints, b.CSS = true, []*capturemodel.DOMNode{n}
	paint.Pass(root, nil, none, capturemodel.Size{}, w)
	return b.Out
}

// countCode counts the warnings of code in w.
func countCode(w *warnings.List, code string) int {
	c := 0
	for _, x := range w.Done() {
		if x.Code == code {
			c++
		}
	}
	return c
}

// TestFilterOfAnElementDrawnInAnotherLayer: the root element's blur (the root node has the
// canvas, no effects for it) is a CSS_FILTER warning on the root, not an effect; a hidden
// element's filter draws nothing and says nothing.
func TestFilterOfAnElementDrawnInAnotherLayer(t *testing.T) {
	none := func(string, float64, float64) *resultjson.ImageEntry { return nil }
	hidden := &capturemodel.DOMNode{Type: "element", Tag: "span", Style: map[string]string{"filter": "blur(3px)", "visibility": "hidden"}}
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"filter": "blur(2px)"}}
	root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME", Width: 100, Height: 100}, El: html, Kind: boxtree.Box,
		CSS: []*capturemodel.DOMNode{html, hidden}}
	w := &warnings.List{RootID: "1:1"}
	paint.Pass(root, nil, none, capturemodel.Size{}, w)
	ws := w.Done()
	if len(ws) != 1 || ws[0].Code != warnings.Filter || *ws[0].NodeID != "1:1" || !strings.HasPrefix(ws[0].Message, "the filter blur(2px) of html is not converted") {
		t.Errorf("warnings %+v, want one CSS_FILTER about html's blur on the root", ws)
	}
	if len(root.Out.Effects) != 0 {
		t.Errorf("root effects %+v, want none", root.Out.Effects)
	}
}
