package convert_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// nodeNamed returns the node named name under root with its page position (the first in
// document order), failing the test when there is none.
func nodeNamed(t *testing.T, root *resultjson.Node, name string) placed {
	t.Helper()
	var found *placed
	var walk func(n *resultjson.Node, ox, oy float64)
	walk = func(n *resultjson.Node, ox, oy float64) {
		x, y := ox+n.X, oy+n.Y
		if n == root {
			x, y = 0, 0
		}
		if found == nil && n.Name == name {
			found = &placed{n, x, y, n.Width, n.Height}
		}
		for _, c := range n.Children {
			walk(c, x, y)
		}
	}
	walk(root, 0, 0)
	if found == nil {
		t.Fatalf("no node named %q", name)
	}
	return *found
}

// warningsOn returns the codes and messages of the warnings about node id, as "CODE: message".
func warningsOn(out []resultjson.Warning, id string) []string {
	var got []string
	for _, w := range out {
		if w.NodeID != nil && *w.NodeID == id {
			got = append(got, w.Code+": "+w.Message)
		}
	}
	return got
}

// warningsCoded returns the warnings whose code is one of codes, in the result's order, each as
// "CODE on node-id" ("CODE on -" for a warning about no node).
func warningsCoded(out []resultjson.Warning, codes ...string) []string {
	var got []string
	for _, w := range out {
		if slices.Contains(codes, w.Code) {
			id := "-"
			if w.NodeID != nil {
				id = *w.NodeID
			}
			got = append(got, w.Code+" on "+id)
		}
	}
	return got
}

// TestFiltersBecomeFigmaEffects converts the capture of capturetest's filters page: blur() is a
// LAYER_BLUR of twice the CSS length (Figma's radius; 0.5em at 20px is 10px, so 20), a
// drop-shadow() a DROP_SHADOW with its offset and colour, its blur doubled likewise, no spread,
// drawn behind the node; a list of both gives both. Functions Figma has no effect for
// (brightness, grayscale, sepia) leave a CSS_FILTER warning naming them on the element's own
// node, which an element that draws nothing else keeps for them. A blur of a span inside a
// paragraph, which no range can carry, is a CSS_FILTER warning on the paragraph's TEXT; a
// ::before's blur is its own node's LAYER_BLUR.
//
// The radii are written out (Figma's radius of blur(4px) is 8), not computed from
// paint.FigmaBlurScale, so a change of that factor shows here.
func TestFiltersBecomeFigmaEffects(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "filters").convert(t)
	root := out.Result.Root
	blur := func(r float64) resultjson.Effect {
		return resultjson.Effect{Type: "LAYER_BLUR", Radius: r, Visible: true}
	}
	shadow := func(c resultjson.RGBA, x, y, r float64) resultjson.Effect {
		return resultjson.Effect{Type: "DROP_SHADOW", Color: &c, Offset: &resultjson.Vector{X: x, Y: y}, Radius: r, Visible: true,
			BlendMode: "NORMAL", ShowShadowBehindNode: ptrTo(true)}
	}
	for _, tc := range []struct {
		name    string
		effects []resultjson.Effect
		warning string // the CSS_FILTER warning's filter, "" for none
	}{
		{"Blur", []resultjson.Effect{blur(8)}, ""},
		{"Blur em", []resultjson.Effect{blur(20)}, ""},
		{"Shadow", []resultjson.Effect{shadow(resultjson.RGBA{A: 0.5}, 4, 6, 10)}, ""},
		{"Both", []resultjson.Effect{shadow(resultjson.RGBA{R: 1, A: 1}, 0, 2, 6), blur(4)}, ""},
		{"Bright", nil, "brightness(1.5)"},
		{"Mixed", []resultjson.Effect{blur(6)}, "grayscale(1)"},
		{"Plain", nil, "sepia(1)"},
		{"Glow", []resultjson.Effect{shadow(resultjson.RGBA{G: 0.502, A: 1}, 0, 0, 4)}, ""},
		{"::before", []resultjson.Effect{blur(12)}, ""}, // #halo::before, blur(6px)
	} {
		n := nodeNamed(t, root, tc.name).node
		if got, want := mustJSON(t, n.Effects), mustJSON(t, tc.effects); got != want {
			t.Errorf("%s: effects\n got %s\nwant %s", tc.name, got, want)
		}
		ws := warningsOn(out.Result.Warnings, n.ID)
		switch {
		case tc.warning == "" && len(ws) > 0:
			t.Errorf("%s: warnings %q, want none", tc.name, ws)
		case tc.warning != "" && (len(ws) != 1 || !strings.HasPrefix(ws[0], "CSS_FILTER: the filter "+tc.warning+" of ")):
			t.Errorf("%s: warnings %q, want one CSS_FILTER naming %s", tc.name, ws, tc.warning)
		}
	}
	// A blurred span inside a paragraph is a range of the paragraph's TEXT, which has no effects
	// for it: the warning says so on that TEXT.
	var para *resultjson.Node
	for _, p := range placedNodes(root, "TEXT") {
		if p.node.Characters == "Some soft words." {
			para = p.node
		}
	}
	if para == nil {
		t.Fatal("no TEXT of the paragraph #inline")
	}
	if ws := warningsOn(out.Result.Warnings, para.ID); len(ws) != 1 || !strings.HasPrefix(ws[0], "CSS_FILTER: the filter blur(1px) of span#soft is not converted: the element is drawn inside this layer") {
		t.Errorf("paragraph #inline: warnings %q, want one CSS_FILTER about span#soft's blur", ws)
	}
	if len(para.Effects) != 0 {
		t.Errorf("paragraph #inline: effects %s, want none", mustJSON(t, para.Effects))
	}
	// The element that draws nothing but its filter holds its text; the paragraph with a
	// drop-shadow is a frame without fills around its TEXT (Figma casts its shadow from the text).
	for _, name := range []string{"Plain", "Glow"} {
		n := nodeNamed(t, root, name).node
		if n.Type != "FRAME" || n.Fills == nil || len(*n.Fills) != 0 || len(n.Children) != 1 || n.Children[0].Type != "TEXT" {
			t.Errorf("%s is a %s with fills %v and %d children, want a FRAME without fills around its TEXT", name, n.Type, n.Fills, len(n.Children))
		}
	}
}

// TestBackdropBlurBecomesBackgroundBlur converts the capture of capturetest's backdrop page: a
// backdrop-filter blur() is a BACKGROUND_BLUR of twice the CSS length on the translucent
// panel; saturate() beside it leaves a CSS_FILTER warning on that panel; the
// -webkit-backdrop-filter Chromium does not draw gives nothing.
func TestBackdropBlurBecomesBackgroundBlur(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "backdrop").convert(t)
	root := out.Result.Root
	for _, tc := range []struct {
		name    string
		radius  float64 // 0: no effect
		warning string
	}{
		{"Glass", 16, ""},
		{"Prefixed", 0, ""},
		{"Saturated", 4, "CSS_FILTER: the backdrop-filter saturate(1.8) of div#saturated is not converted"},
	} {
		n := nodeNamed(t, root, tc.name).node
		var want []resultjson.Effect
		if tc.radius > 0 {
			want = []resultjson.Effect{{Type: "BACKGROUND_BLUR", Radius: tc.radius, Visible: true}}
		}
		if got, w := mustJSON(t, n.Effects), mustJSON(t, want); got != w {
			t.Errorf("%s: effects %s, want %s", tc.name, got, w)
		}
		if n.Fills == nil || len(*n.Fills) != 1 || (*n.Fills)[0].Opacity == nil || *(*n.Fills)[0].Opacity != 0.3 {
			t.Errorf("%s: fills %v, want the panel's white at 0.3 (Figma blurs what shows through the fill)", tc.name, n.Fills)
		}
		ws := warningsOn(out.Result.Warnings, n.ID)
		switch {
		case tc.warning == "" && len(ws) > 0:
			t.Errorf("%s: warnings %q, want none", tc.name, ws)
		case tc.warning != "" && (len(ws) != 1 || !strings.HasPrefix(ws[0], tc.warning)):
			t.Errorf("%s: warnings %q, want %q", tc.name, ws, tc.warning)
		}
	}
}

// mustJSON is v as JSON, to compare result members whole.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ptrTo[T any](v T) *T { return &v }
