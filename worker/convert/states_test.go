package convert_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
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

// TestGoldenHoverScale holds the result of hover-scale.html (a Hover variant with a rescale) to
// its golden file, of which testdata/workers/result.hoverscale.json (the backend's and the
// plugin's example of a rescaled variant) is a copy (-update writes it too).
func TestGoldenHoverScale(t *testing.T) {
	t.Parallel()
	checkGolden(t, "layout-hoverscale", loadFixture(t, "layout-hoverscale").convert(t).JSON)
	checkExample(t, "layout-hoverscale", "../../testdata/workers/result.hoverscale.json")
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

// TestStateLayers converts state-layers.html, whose menu links draw nothing at rest (hover gives
// them a background, focus a background and an outline 2 px off their box) and whose tabs have a
// transparent bottom border that hover colours, after pills whose hover clears their background,
// and fades, links that draw nothing at rest and that hover makes translucent, and before chips
// whose focus trades a pixel of padding for a border.
// Their frames exist in every state, drawing nothing at rest (or, the pills', in their hover), so
// a state that paints them is a variant of paints: the pills' Hover clears the frame's fill, the
// fades' Hover sets its opacity, the links' Hover fills the frame, the tabs' Hover strokes the border (a layer without strokes has
// Figma's INSIDE alignment). The links' Focus fills the frame and shows the outline's ring, the
// link's last layer, hidden at rest ("States as variants": outline rings). The picture at rest
// is the one the page draws without states.
func TestStateLayers(t *testing.T) {
	t.Parallel()
	res := loadFixture(t, "state-layers").convert(t).Result
	uses, names := componentUses(res.Root)
	if want := map[string]string{"C:1": "Pill", "C:2": "Link", "C:3": "Fade", "C:4": "Tab", "C:5": "Chip"}; !reflect.DeepEqual(names, want) ||
		len(uses["C:1"]) != 3 || len(uses["C:2"]) != 3 || len(uses["C:3"]) != 3 || len(uses["C:4"]) != 3 || len(uses["C:5"]) != 3 {
		t.Fatalf("components %v with %d, %d, %d, %d and %d uses, want %v with 3 each", names, len(uses["C:1"]), len(uses["C:2"]), len(uses["C:3"]), len(uses["C:4"]), len(uses["C:5"]), want)
	}
	pill, link, fade, tab, chip := uses["C:1"][0], uses["C:2"][0], uses["C:3"][0], uses["C:4"][0], uses["C:5"][0]
	var skipped []string
	for _, d := range res.Diagnostics {
		if d.Code == resultjson.DiagStateSkipped {
			skipped = append(skipped, d.NodeID+" "+d.Message)
		}
	}
	if len(skipped) != 0 {
		t.Errorf("STATE_SKIPPED %q, want none", skipped)
	}
	grey := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0.9529, G: 0.9569, B: 0.9647}}}
	blue := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0.1451, G: 0.3882, B: 0.9216}}}
	if len(*link.Fills) != 0 || len(tab.Strokes) != 0 || tab.StrokeAlign != "" {
		t.Errorf("at rest the link fills %s, the tab strokes %s (%q); want neither", mustJSON(t, link.Fills), mustJSON(t, tab.Strokes), tab.StrokeAlign)
	}
	one := func(use *resultjson.Node) resultjson.VariantOverride {
		t.Helper()
		states := 1 // the link's Focus is checked below
		if use == link {
			states = 2
		}
		if len(use.ComponentVariants) != states || use.ComponentVariants[0].VariantProperties[resultjson.VariantPropertyState] != resultjson.StateHover || len(use.ComponentVariants[0].Overrides) != 1 {
			t.Fatalf("%s: variants %s, want Hover with one override", use.Name, mustJSON(t, use.ComponentVariants))
		}
		return use.ComponentVariants[0].Overrides[0]
	}
	// The pill's hover clears its background: its drawing keeps the frame, so the variant
	// overrides the fill (none) and every later layer keeps its id.
	if o := one(pill); o.ID != pill.ID || o.Fills == nil || len(*o.Fills) != 0 || len(*pill.Fills) != 1 {
		t.Errorf("pill Hover %s (at rest %s), want the pill's frame without its fill", mustJSON(t, o), mustJSON(t, pill.Fills))
	}
	// The fade's hover makes it translucent: its frame, which draws nothing at rest, is kept, and
	// the variant overrides its opacity.
	if o := one(fade); o.ID != fade.ID || o.Opacity == nil || *o.Opacity != 0.6 || fade.Opacity != nil {
		t.Errorf("fade Hover %s (at rest opacity %v), want the fade's frame at opacity 0.6", mustJSON(t, o), fade.Opacity)
	}
	if o := one(link); o.ID != link.ID || o.Fills == nil || !reflect.DeepEqual(*o.Fills, grey) || o.Strokes != nil {
		t.Errorf("link Hover %s, want the link's frame filled %s", mustJSON(t, o), mustJSON(t, grey))
	}
	// The link's focus fills it as its hover does and shows its ring.
	r := link.Children[len(link.Children)-1]
	if want := []resultjson.VariantOverride{{ID: link.ID, Fills: &grey}, {ID: r.ID, Visible: ptrTo(true)}}; r.Visible == nil || *r.Visible ||
		!reflect.DeepEqual(link.ComponentVariants[1].Overrides, want) || link.ComponentVariants[1].VariantProperties[resultjson.VariantPropertyState] != resultjson.StateFocus {
		t.Errorf("link Focus %s (its last layer %s), want %s", mustJSON(t, link.ComponentVariants[1]), mustJSON(t, r), mustJSON(t, want))
	}
	// The chip's focus trades a pixel of padding for a border: no box moves and the auto
	// layout's padding (CSS padding plus border) stays, so the Focus variant strokes the frame.
	want := []resultjson.ComponentVariant{{VariantProperties: map[string]string{resultjson.VariantPropertyState: resultjson.StateFocus},
		Overrides: []resultjson.VariantOverride{{ID: chip.ID, Strokes: &blue, StrokeWeight: ptrTo(1.0)}}}}
	if !reflect.DeepEqual(chip.ComponentVariants, want) || len(chip.Strokes) != 0 || chip.PaddingTop == nil || *chip.PaddingTop != 4 || chip.PaddingLeft == nil || *chip.PaddingLeft != 12 {
		t.Errorf("chip variants %s (at rest strokes %s, padding %v %v), want %s", mustJSON(t, chip.ComponentVariants), mustJSON(t, chip.Strokes), mustJSON(t, chip.PaddingTop), mustJSON(t, chip.PaddingLeft), mustJSON(t, want))
	}
	if o := one(tab); o.ID != tab.ID || o.Strokes == nil || !reflect.DeepEqual(*o.Strokes, blue) || o.StrokeBottomWeight == nil || *o.StrokeBottomWeight != 3 || o.Fills != nil {
		t.Errorf("tab Hover %s, want the tab's frame stroked %s, 3 px at the bottom", mustJSON(t, o), mustJSON(t, blue))
	}

	plain := loadFixture(t, "state-layers")
	plain.capture.Document.States = nil
	if got, want := paintedBoxes(res.Root), paintedBoxes(plain.convert(t).Result.Root); !reflect.DeepEqual(got, want) {
		t.Errorf("the page at rest paints\n%q\nwithout states\n%q", got, want)
	}
}

// paintedBoxes lists, sorted, what the nodes under root paint: each TEXT's characters and each
// node's fills, strokes and effects, at its page box (hidden nodes paint nothing).
func paintedBoxes(root *resultjson.Node) []string {
	var out []string
	var walk func(n *resultjson.Node, ox, oy float64)
	walk = func(n *resultjson.Node, ox, oy float64) {
		if n.Visible != nil && !*n.Visible {
			return
		}
		x, y := ox+n.X, oy+n.Y
		var what []string
		if n.Type == "TEXT" {
			what = append(what, "text "+n.Characters)
		}
		if n.Fills != nil && len(*n.Fills) > 0 {
			b, _ := json.Marshal(n.Fills)
			what = append(what, "fills "+string(b))
		}
		if len(n.Strokes) > 0 {
			b, _ := json.Marshal(n.Strokes)
			what = append(what, "strokes "+string(b))
		}
		if len(n.Effects) > 0 {
			b, _ := json.Marshal(n.Effects)
			what = append(what, "effects "+string(b))
		}
		if len(what) > 0 {
			out = append(out, fmt.Sprintf("%v,%v %vx%v %s", x, y, n.Width, n.Height, strings.Join(what, " ")))
		}
		for _, c := range n.Children {
			walk(c, x, y)
		}
	}
	walk(root, -root.X, -root.Y)
	sort.Strings(out)
	return out
}

// TestCardButtonsKeepTheirStates: cardbuttons.html (testdata/layout-site): three cards without a
// state of their own, each holding a button the page styles under :hover. The button stands at
// one place of the card component, but its states need a home: it is a component of its own,
// nested in the card, with a Hover variant repainting it; the card has no variant and nothing
// is reported left out. The golden is checked with the others.
func TestCardButtonsKeepTheirStates(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "layout-cardbuttons").convert(t)
	checkGolden(t, "layout-cardbuttons", out.JSON)
	res := out.Result
	uses, names := componentUses(res.Root)
	if len(uses) != 2 || len(uses["C:1"]) != 3 || len(uses["C:2"]) != 3 {
		t.Fatalf("components %v named %v, want C:1 (the cards) and C:2 (their buttons), 3 uses each", uses, names)
	}
	card, button := uses["C:1"][0], uses["C:2"][0]
	inside := false
	card.Walk(func(n *resultjson.Node) { inside = inside || n == button })
	if !inside || card.ComponentVariants != nil {
		t.Errorf("the first button in the first card: %v; the card's variants %+v, want none", inside, card.ComponentVariants)
	}
	if len(button.ComponentVariants) != 1 || button.ComponentVariants[0].VariantProperties[resultjson.VariantPropertyState] != resultjson.StateHover {
		t.Fatalf("%s variants %+v, want one Hover", names["C:2"], button.ComponentVariants)
	}
	blue := false
	for _, o := range button.ComponentVariants[0].Overrides {
		if o.ID == button.ID && o.Fills != nil && len(*o.Fills) == 1 && *(*o.Fills)[0].Color == (resultjson.RGB{R: 0.1451, G: 0.3882, B: 0.9216}) {
			blue = true
		}
	}
	if !blue {
		t.Errorf("Hover overrides %+v, want the button filled #2563eb", button.ComponentVariants[0].Overrides)
	}
	for _, d := range res.Diagnostics {
		if d.Code == resultjson.DiagStateSkipped || d.Code == resultjson.DiagComponentSkipped {
			t.Errorf("diagnostic %+v", d)
		}
	}
}

// TestFocusRingsHeldByTheirState converts focusrings.html (testdata/layout-site), whose focus
// draws outlines off the elements' boxes, rings of their own. The pills' ring (their own
// element's, beside a border, 2 px out) and the cards' (around the "More" label inside them)
// are the last layer of the ringed frame: hidden in every use, ABSOLUTE, 4 px outside the
// frame on each side and stretching with it, and the Focus variant shows it (one override,
// visible); the pills in the offers after them hold it too, and the offers' own Focus, drawn
// with the pills' in one drawing, tints the offer. The tags clip their content, so their ring makes no variant and a STATE_SKIPPED
// says why. The picture at rest is the one the page draws without states. The golden and its
// copy testdata/workers/result.focusrings.json are checked too.
func TestFocusRingsHeldByTheirState(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "layout-focusrings").convert(t)
	checkGolden(t, "layout-focusrings", out.JSON)
	checkExample(t, "layout-focusrings", "../../testdata/workers/result.focusrings.json")
	res := out.Result
	uses, names := componentUses(res.Root)
	if want := map[string]string{"C:1": "Pill", "C:2": "Tag", "C:3": "Card", "C:4": "Offer"}; !reflect.DeepEqual(names, want) ||
		len(uses["C:1"]) != 5 || len(uses["C:2"]) != 3 || len(uses["C:3"]) != 3 || len(uses["C:4"]) != 2 {
		t.Fatalf("components %v, want %v with 5, 3, 3 and 2 uses", names, want)
	}
	blue := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0.2588, G: 0.3451, B: 1}}}
	// ring checks that frame f's last child is a hidden ring 4 px outside it, stretching with it.
	ring := func(f *resultjson.Node) *resultjson.Node {
		t.Helper()
		r := f.Children[len(f.Children)-1]
		if r.Type != "RECTANGLE" || r.Visible == nil || *r.Visible || r.X != -4 || r.Y != -4 ||
			math.Abs(r.Width-(f.Width+8)) > 0.005 || r.Height != f.Height+8 || r.LayoutPositioning != "ABSOLUTE" ||
			r.Constraints == nil || *r.Constraints != (resultjson.Constraints{Horizontal: "STRETCH", Vertical: "STRETCH"}) ||
			!reflect.DeepEqual(r.Strokes, blue) || r.StrokeWeight == nil || *r.StrokeWeight != 2 || len(*r.Fills) != 0 {
			t.Errorf("%s's last layer %s, want a hidden ring of %vx%v at -4,-4 stroked 2 px %s", f.Name, mustJSON(t, r), f.Width+8, f.Height+8, mustJSON(t, blue))
		}
		return r
	}
	ids := map[string]bool{}
	res.Root.Walk(func(n *resultjson.Node) {
		if ids[n.ID] {
			t.Errorf("two nodes %s", n.ID)
		}
		ids[n.ID] = true
	})
	shows := func(use *resultjson.Node, r *resultjson.Node) {
		t.Helper()
		want := []resultjson.ComponentVariant{{VariantProperties: map[string]string{resultjson.VariantPropertyState: resultjson.StateFocus},
			Overrides: []resultjson.VariantOverride{{ID: r.ID, Visible: ptrTo(true)}}}}
		if !reflect.DeepEqual(use.ComponentVariants, want) {
			t.Errorf("%s variants %s, want %s", use.Name, mustJSON(t, use.ComponentVariants), mustJSON(t, want))
		}
	}
	for i, pill := range uses["C:1"] {
		r := ring(pill)
		if i == 0 {
			shows(pill, r)
		}
	}
	for i, card := range uses["C:3"] {
		more := card.Children[1]
		if more.Name != "More" {
			t.Fatalf("the card's second layer %q, want More", more.Name)
		}
		r := ring(more)
		if i == 0 {
			shows(card, r)
		}
	}
	// The offers hold pills (uses 4 and 5 of Pill), their rings hidden too; the offer's focus,
	// drawn with the pills', tints it: the drawing holds the pills' rings as the page does.
	offer := uses["C:4"][0]
	if want := []resultjson.ComponentVariant{{VariantProperties: map[string]string{resultjson.VariantPropertyState: resultjson.StateFocus},
		Overrides: []resultjson.VariantOverride{{ID: offer.ID, Fills: &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0.9333, G: 0.949, B: 1}}}}}}}; !reflect.DeepEqual(offer.ComponentVariants, want) {
		t.Errorf("offer variants %s, want %s", mustJSON(t, offer.ComponentVariants), mustJSON(t, want))
	}
	for _, u := range uses["C:4"] {
		if p := u.Children[1]; p.ComponentID != "C:1" {
			t.Errorf("the offer's second layer %s, want a Pill", p.Name)
		}
	}
	tag := uses["C:2"][0]
	var skipped []string
	for _, d := range res.Diagnostics {
		if d.Code == resultjson.DiagStateSkipped {
			skipped = append(skipped, d.NodeID+" "+d.Message)
		}
	}
	if want := []string{tag.ID + " Tag has no Focus variant: its focus state draws an outline ring around it, which its frame would cut off (the frame clips its content)"}; !slices.Equal(skipped, want) {
		t.Errorf("STATE_SKIPPED %q, want %q", skipped, want)
	}
	for _, u := range uses["C:2"] {
		if r := u.Children[len(u.Children)-1]; r.Type != "TEXT" {
			t.Errorf("tag %s holds %s, want no ring", u.ID, r.Name)
		}
	}

	plain := loadFixture(t, "layout-focusrings")
	plain.capture.Document.States = nil
	if got, want := paintedBoxes(res.Root), paintedBoxes(plain.convert(t).Result.Root); !reflect.DeepEqual(got, want) {
		t.Errorf("the page at rest paints\n%q\nwithout states\n%q", got, want)
	}
}

// TestTransformedStateIsVariant converts the captures of hover-scale.html and hover-turn.html:
// three buttons whose hover underlines their label and scales them by 1.05, or turns them by 3
// degrees (a recorded transform and a moved box). The transform moves no other box, so the
// buttons are one component with a Hover variant that underlines the label. The scale is the
// variant's rescale (Figma's rescale scales it with its layers); the turn is left out, with a
// STATE_APPROXIMATED diagnostic naming it on the first use. Neither makes a STATE_SKIPPED.
func TestTransformedStateIsVariant(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fixture string
		rescale float64
		note    string // the STATE_APPROXIMATED message after the first use's name
	}{
		{"layout-hoverscale", 1.05, ""},
		{"layout-hoverturn", 0, "'s Hover variant leaves out transform: matrix(0.99863, 0.052336, -0.052336, 0.99863, 0, 0)"},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			res := loadFixture(t, c.fixture).convert(t).Result
			uses, _ := componentUses(res.Root)
			if len(uses) != 1 {
				t.Fatalf("components %v, want one of the three buttons", uses)
			}
			var first *resultjson.Node
			for _, us := range uses {
				if len(us) != 3 {
					t.Fatalf("%d uses, want 3", len(us))
				}
				first = us[0]
			}
			if len(first.ComponentVariants) != 1 || first.ComponentVariants[0].VariantProperties[resultjson.VariantPropertyState] != resultjson.StateHover {
				t.Fatalf("variants %+v, want Hover", first.ComponentVariants)
			}
			v := first.ComponentVariants[0]
			if v.Rescale != c.rescale {
				t.Errorf("Hover rescale %v, want %v", v.Rescale, c.rescale)
			}
			var label *resultjson.Node
			first.Walk(func(n *resultjson.Node) {
				if n.Type == "TEXT" {
					label = n
				}
			})
			underlined := label != nil && len(v.Overrides) == 1 && v.Overrides[0].ID == label.ID &&
				(v.Overrides[0].TextDecoration == "UNDERLINE" || len(v.Overrides[0].StyledTextSegments) > 0 && v.Overrides[0].StyledTextSegments[0].TextDecoration == "UNDERLINE")
			if !underlined {
				t.Errorf("Hover overrides %+v, want the label (%v) underlined and nothing else", v.Overrides, label)
			}
			var notes []string
			for _, d := range res.Diagnostics {
				switch d.Code {
				case resultjson.DiagStateSkipped:
					t.Errorf("STATE_SKIPPED %q, want none", d.Message)
				case resultjson.DiagStateApproximated:
					notes = append(notes, d.NodeID+": "+d.Message)
				}
			}
			var want []string
			if c.note != "" {
				want = []string{first.ID + ": " + first.Name + c.note}
			}
			if !reflect.DeepEqual(notes, want) {
				t.Errorf("STATE_APPROXIMATED %q, want %q", notes, want)
			}
		})
	}
}

// TestScaleOnlyStateIsVariant converts the capture of hover-scale.html with the underline taken
// out of its hover, so the state only scales the buttons: the Hover variant is a rescale of 1.05
// with no overrides ("overrides": [], not null), and the backend accepts the result.
func TestScaleOnlyStateIsVariant(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "layout-hoverscale")
	for i := range f.capture.Document.States {
		for j := range f.capture.Document.States[i].Changes {
			delete(f.capture.Document.States[i].Changes[j].Style, "text-decoration-line")
		}
	}
	out := f.convert(t)
	uses, _ := componentUses(out.Result.Root)
	var variants []resultjson.ComponentVariant
	for _, us := range uses {
		variants = us[0].ComponentVariants
	}
	if len(uses) != 1 || len(variants) != 1 || variants[0].Rescale != 1.05 || variants[0].Overrides == nil || len(variants[0].Overrides) != 0 {
		t.Fatalf("components %d, variants %+v; want one Hover of rescale 1.05 and overrides []", len(uses), variants)
	}
	if !bytes.Contains(out.JSON, []byte(`"overrides":[],"rescale":1.05`)) {
		t.Errorf("the result writes the variant otherwise than \"overrides\":[],\"rescale\":1.05")
	}
	if _, err := artifacts.ParseResult(out.JSON); err != nil {
		t.Fatalf("the backend refuses the result: %v (cause: %v)", err, errCause(err))
	}
}
