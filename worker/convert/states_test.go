package convert_test

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestStatesAsVariants converts the capture of states.html (worker/capture's test site): the
// three buttons are one component whose first use has a Hover and a Focus variant overriding
// exactly the button's fill and its label's colour (and the focus ring's shadow); the three
// cards one whose Hover variant overrides the card's border and the title's colour (the price
// stays); the three chips, whose hover grows their padding, one without variants and with a
// STATE_SKIPPED diagnostic. The other uses have no variants, and the page's tree is the one the
// capture without states gives: the variants change no picture.
func TestStatesAsVariants(t *testing.T) {
	t.Parallel()
	res := loadFixture(t, "states").convert(t).Result
	uses, names := componentUses(res.Root)
	if want := map[string]string{"C:1": "Buy", "C:2": "Card", "C:3": "Chip"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("components %v, want %v", names, want)
	}
	rgb := func(r, g, b float64) *resultjson.RGB { return &resultjson.RGB{R: r, G: g, B: b} }
	solid := func(c *resultjson.RGB) []resultjson.Paint { return []resultjson.Paint{{Type: "SOLID", Color: c}} }
	blue, white, darkBlue := rgb(0.1451, 0.3882, 0.9216), rgb(1, 1, 1), rgb(0.1137, 0.3059, 0.8471)

	// overrides reads a variant as layer name -> member -> value, and checks each layer is in
	// the first use.
	type layer struct {
		fills, strokes, segmentFills []resultjson.Paint
		effects                      int
	}
	overrides := func(use *resultjson.Node, v resultjson.ComponentVariant) map[string]layer {
		byID := map[string]*resultjson.Node{}
		use.Walk(func(n *resultjson.Node) { byID[n.ID] = n })
		out := map[string]layer{}
		for _, o := range v.Overrides {
			n, ok := byID[o.ID]
			if !ok {
				t.Errorf("override of %s, which is not in the first use %s", o.ID, use.ID)
				continue
			}
			var l layer
			if o.Fills != nil {
				l.fills = *o.Fills
			}
			if o.Strokes != nil {
				l.strokes = *o.Strokes
			}
			if o.Effects != nil {
				l.effects = len(*o.Effects)
			}
			for _, s := range o.StyledTextSegments {
				l.segmentFills = append(l.segmentFills, s.Fills...)
			}
			if o.Opacity != nil || o.StrokeWeight != nil || o.TextDecoration != "" {
				t.Errorf("%s overrides %+v, want paints only", n.Name, o)
			}
			out[n.Type+" "+n.Characters] = l
		}
		return out
	}
	button := uses["C:1"][0]
	if len(button.ComponentVariants) != 2 {
		t.Fatalf("the button has %d variants, want Hover and Focus", len(button.ComponentVariants))
	}
	for i, want := range []struct {
		state   string
		layers  map[string]layer
		effects int
	}{
		{resultjson.StateHover, map[string]layer{"FRAME ": {fills: solid(blue)}, "TEXT Buy": {fills: solid(white), segmentFills: solid(white)}}, 0},
		{resultjson.StateFocus, map[string]layer{"FRAME ": {fills: solid(darkBlue), effects: 1}, "TEXT Buy": {fills: solid(white), segmentFills: solid(white)}}, 1},
	} {
		v := button.ComponentVariants[i]
		if v.VariantProperties[resultjson.VariantPropertyState] != want.state || len(v.VariantProperties) != 1 {
			t.Errorf("variant %d properties %v, want State=%s", i, v.VariantProperties, want.state)
		}
		if got := overrides(button, v); !reflect.DeepEqual(got, want.layers) {
			t.Errorf("button %s overrides %+v, want %+v", want.state, got, want.layers)
		}
	}
	focus := button.ComponentVariants[1].Overrides[0]
	if e := *focus.Effects; e[0].Type != "DROP_SHADOW" || e[0].Spread == nil || *e[0].Spread != 3 || *e[0].Color != (resultjson.RGBA{R: 0.5765, G: 0.7725, B: 0.9922, A: 1}) {
		t.Errorf("focus ring %+v, want a drop shadow of spread 3 in rgb(147, 197, 253)", e[0])
	}
	card := uses["C:2"][0]
	if len(card.ComponentVariants) != 1 {
		t.Fatalf("the card has %d variants, want Hover", len(card.ComponentVariants))
	}
	if got, want := overrides(card, card.ComponentVariants[0]), map[string]layer{"FRAME ": {strokes: solid(blue)}, "TEXT Lamp": {fills: solid(blue), segmentFills: solid(blue)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("card Hover overrides %+v, want %+v", got, want)
	}
	chip := uses["C:3"][0]
	if len(chip.ComponentVariants) != 0 {
		t.Errorf("the chip has variants %+v, want none", chip.ComponentVariants)
	}
	var skipped []resultjson.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Code == resultjson.DiagStateSkipped {
			skipped = append(skipped, d)
		}
	}
	if len(skipped) != 1 || skipped[0].NodeID != chip.ID || !strings.Contains(skipped[0].Message, "moves or resizes a box") {
		t.Errorf("STATE_SKIPPED diagnostics %+v, want one about the chip %s moving boxes", skipped, chip.ID)
	}
	for id, us := range uses {
		for _, u := range us[1:] {
			if u.ComponentVariants != nil {
				t.Errorf("%s: use %s has variants", id, u.ID)
			}
		}
	}

	plain := loadFixture(t, "states")
	plain.capture.Document.States = nil
	want := plain.convert(t).Result.Root
	res.Root.Walk(func(n *resultjson.Node) { n.ComponentVariants = nil })
	if !reflect.DeepEqual(res.Root, want) {
		t.Error("the tree with variants left out differs from the conversion without states")
	}
}

// TestGoldenStates holds the result of states.html to its golden file, of which
// testdata/workers/result.states.json (the backend's and the plugin's example of variants) is a
// copy (-update writes it too).
func TestGoldenStates(t *testing.T) {
	t.Parallel()
	checkGolden(t, "states", loadFixture(t, "states").convert(t).JSON)
	checkExample(t, "states", "../../testdata/workers/result.states.json")
}

// checkExample fails unless example (a result of testdata/workers, an example the backend's and
// the plugin's tests read) is a copy of the golden of fixture name; -update writes it.
func checkExample(t *testing.T, name, example string) {
	t.Helper()
	golden, err := os.ReadFile("testdata/" + name + "/result.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(example, golden, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := os.ReadFile(example); err != nil || !bytes.Equal(b, golden) {
		t.Errorf("%s is not a copy of testdata/%s/result.golden.json (%v): run with -update", example, name, err)
	}
}
