package convert_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/worker/convert/components"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// componentUses lists the uses of each component of a result by component id, in document
// order, and the names of the components.
func componentUses(root *resultjson.Node) (map[string][]*resultjson.Node, map[string]string) {
	uses, names := map[string][]*resultjson.Node{}, map[string]string{}
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentID != "" {
			uses[n.ComponentID] = append(uses[n.ComponentID], n)
		}
		if n.ComponentName != "" {
			names[n.ComponentID] = n.ComponentName
		}
	})
	return uses, names
}

// fixtureComponents are the components and instances the fixtures with repeats make; every other
// fixture makes none.
var fixtureComponents = map[string][2]int{
	"layout-cards":       {1, 5}, // the five cards
	"layout-components":  {3, 9}, // tabs, product cards, footer rows
	"layout-form":        {1, 2}, // two fields of the same shape
	"layout-grid":        {1, 5}, // tiles of one text, padded auto-layout frames (text frames) of two heights: resized instances
	"layout-grid-cards":  {2, 5}, // cards of their own widths and heights: four resized instances of one component and a variant
	"capture-appshell":   {1, 4},
	"layout-navlinks":    {1, 4},  // four links of different label lengths
	"layout-navactive":   {2, 7},  // links (one active) and tags of their own colours
	"layout-hoverscale":  {1, 3},  // buttons whose hover scales them: a Hover variant rescaled
	"layout-hoverturn":   {1, 3},  // buttons whose hover turns them: a Hover variant without the turn
	"layout-navicons":    {1, 3},  // links, each with its own icon
	"layout-margins":     {1, 2},  // the title bar's two buttons (text frames)
	"layout-navbar":      {1, 3},  // three list items around their links' labels (text frames)
	"layout-blocklinks":  {2, 7},  // inline-block tabs and block sidebar links (text frames)
	"layout-columns":     {1, 2},  // the two cards without a badge (columns)
	"layout-variants":    {5, 7},  // links (Default, 3 uses) and the current one; three feature cards of one set
	"layout-stretched":   {1, 4},  // four cards of one content, two stretched by their grid row (resized instances)
	"layout-overlays":    {1, 4},  // four tabs of other widths whose positioned layers follow them (constraints)
	"layout-bylines":     {1, 3},  // three posts whose bylines of other lengths have a tag after them (text frames)
	"layout-cardbuttons": {2, 6},  // three cards, each with a button that has a hover: the buttons a component of their own
	"layout-focusrings":  {4, 13}, // pills, tags and cards whose focus draws an outline ring; offers holding pills
	"layout-invisible":   {1, 2},  // two buttons, their ripples left out
	"layout-nested":      {6, 14}, // buttons (6 uses, 5 nested) and headings (3, nested) in three feature cards of one set and two plan cards
	"capture-vertical":   {4, 4},  // four writing-mode boxes of one kind: one set
	"placeholder":        {3, 3},  // three fields of one kind, each styled its own way: one set
	"bg-svgicons":        {3, 3},  // three inputs of one kind, each icon placed its own way: one set
	"truncation":         {3, 3},  // three boxes of one kind (ellipsis, clamp, clip): one set
	"unsupported":        {3, 3},  // three boxes of one kind (tilted, blurred, shadowed): one set
	"states":             {3, 9},  // buttons, cards, chips
	"state-layers":       {5, 15}, // pills whose hover clears their background; menu links, fades and tabs that draw their box only in a state; chips whose focus trades padding for a border
	"text-lists":         {1, 2},  // two cards, each with a list of spaced items (listText)
}

// TestTableCellsAreNoComponents: the cells of collapse.html's tables (testdata/geometry-site),
// columns of same-width cells (the grey rows' two columns in the collapsed table, the separate
// table's two), are parts of their tables, not components.
func TestTableCellsAreNoComponents(t *testing.T) {
	res := loadFixture(t, "geometry-collapse").convert(t).Result
	if uses, _ := componentUses(res.Root); len(uses) != 0 {
		t.Fatalf("components %v, want none", uses)
	}
	if n := len(components.Build(res.Root, 10, nil)); n != 0 {
		t.Fatalf("%d diagnostics", n)
	}
	if uses, _ := componentUses(res.Root); len(uses) != 4 {
		t.Fatalf("without the table rule the cells make %d components, want the 4 the rule keeps out", len(uses))
	}
}

// TestComponentCountsOfFixtures checks (and logs) how many components and instances each fixture
// makes.
func TestComponentCountsOfFixtures(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range dirs {
		if _, err := os.Stat("testdata/" + d.Name() + "/capture.json"); err == nil {
			names = append(names, d.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		res := loadFixture(t, name).convert(t).Result
		uses, compNames := componentUses(res.Root)
		n := 0
		for _, u := range uses {
			n += len(u)
		}
		t.Logf("%-20s components %d, instances %d %v", name, len(uses), n, compNames)
		if want := fixtureComponents[name]; len(uses) != want[0] || n != want[1] {
			t.Errorf("%s: %d components with %d instances, want %d with %d", name, len(uses), n, want[0], want[1])
		}
	}
}

// TestCardGridIsOneComponent: the five cards of cards.html (testdata/layout-site) are one
// component named Card, its first use the first card; each use keeps its own text.
func TestCardGridIsOneComponent(t *testing.T) {
	res := loadFixture(t, "layout-cards").convert(t).Result
	uses, names := componentUses(res.Root)
	cards := uses["C:1"]
	if len(uses) != 1 || len(cards) != 5 || names["C:1"] != "Card" {
		t.Fatalf("components %v named %v, want C:1 Card with the five cards", uses, names)
	}
	for i, want := range []string{"Alpha", "Beta", "Gamma", "Delta", "Epsilon"} {
		c := cards[i]
		if c.Name != "Card / "+want || c.Children[0].Children[0].Characters != want || (i == 0) != (c.ComponentName != "") {
			t.Errorf("use %d: %s %q (componentName %q)", i, c.Name, c.Children[0].Children[0].Characters, c.ComponentName)
		}
	}
	noneSkipped(t, res)
}

// TestComponentsPage: components.html (testdata/layout-site) repeats three tabs of one width,
// three product cards that differ in their image and text, and three footer rows: three
// components, each of three uses whose text (and for the cards the image) is their own.
func TestComponentsPage(t *testing.T) {
	res := loadFixture(t, "layout-components").convert(t).Result
	uses, names := componentUses(res.Root)
	for id, want := range map[string]struct {
		name  string
		texts []string
	}{
		"C:1": {"Tab", []string{"New", "Popular", "Sale"}},
		"C:2": {"Product", []string{"Red lamp", "Green vase", "Blue bowl"}},
		"C:3": {"List item", []string{"About", "Jobs", "Contact"}},
	} {
		if names[id] != want.name || len(uses[id]) != len(want.texts) {
			t.Errorf("%s: %q with %d uses, want %q with %d", id, names[id], len(uses[id]), want.name, len(want.texts))
			continue
		}
		for i, u := range uses[id] {
			var text string
			u.Walk(func(n *resultjson.Node) {
				if n.Type == "TEXT" && text == "" {
					text = n.Characters
				}
			})
			if text != want.texts[i] {
				t.Errorf("%s use %d: first text %q, want %q", id, i, text, want.texts[i])
			}
		}
	}
	images := map[string]bool{}
	for _, card := range uses["C:2"] {
		if img := card.Children[0]; img.Type == "RECTANGLE" && img.Fills != nil && len(*img.Fills) == 1 {
			images[(*img.Fills)[0].ImageRef] = true
		}
	}
	if len(images) != 3 {
		t.Errorf("the product cards draw %d distinct images, want their own 3", len(images))
	}
}

// manyRepeats is how many same rows the page of the bad-input component test repeats.
const manyRepeats = 5000

// TestManyRepeatsAreOneComponent: a list of manyRepeats rows of the same shape, differing in
// their text only, each holding a tag like one more below the list, becomes one component with
// manyRepeats instances and the tags another with manyRepeats+1 (nested in the rows'), within
// the result's size limit and accepted by the backend's rules.
func TestManyRepeatsAreOneComponent(t *testing.T) {
	root := &resultjson.Node{Type: "FRAME", ID: "1", Name: "Page", Width: 800, Height: 40*manyRepeats + 40, Fills: &[]resultjson.Paint{}}
	white := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 1, G: 1, B: 1}}}
	black := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{}}}
	text := func(id, words string, x, w float64) *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", ID: id, Name: "Item", X: x, Y: 8, Width: w, Height: 24, Fills: &black,
			Characters: words, FontName: &resultjson.FontName{Family: "Inter", Style: "Regular"}, FontSize: 16}
	}
	tag := func(id string, x, y float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Tag", X: x, Y: y, Width: 80, Height: 40, Fills: &white,
			Children: []*resultjson.Node{text(id+"t", "New", 8, 64)}}
	}
	for i := range manyRepeats {
		id := fmt.Sprintf("r%d", i)
		root.Children = append(root.Children, &resultjson.Node{Type: "FRAME", ID: id, Name: "Row", Y: float64(40 * i), Width: 800, Height: 40, Fills: &white,
			Children: []*resultjson.Node{text(id+"t", fmt.Sprintf("Item %d", i), 8, 600), tag(id+"g", 700, 0)}})
	}
	root.Children = append(root.Children, tag("lone", 0, 40*manyRepeats))
	diags := components.Build(root, resultjson.MaxDiagnostics, nil)
	uses, names := componentUses(root)
	if len(diags) != 0 || len(uses) != 2 || len(uses["C:1"]) != manyRepeats || names["C:1"] != "Row" || len(uses["C:2"]) != manyRepeats+1 || names["C:2"] != "Tag" {
		t.Fatalf("%d components (%d uses of C:1 named %q, %d of C:2 named %q), diagnostics %v", len(uses), len(uses["C:1"]), names["C:1"], len(uses["C:2"]), names["C:2"], diags)
	}
	job := fixtureJob
	job.CaptureHash = sha256Hex([]byte("many repeats"))
	res := &resultjson.Result{
		Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion, Code2DesID: job.Code2DesID, Attempt: job.Attempt,
			Nonce: job.Nonce, PageImportID: job.PageImportID, CaptureHash: job.CaptureHash},
		Root: root, Images: []resultjson.ImageEntry{}, Warnings: []resultjson.Warning{}, Styles: []resultjson.Style{}, Diagnostics: diags,
	}
	out, err := resultjson.Fit(res, "RESULT_TRIMMED")
	if err != nil || len(res.Warnings) != 0 {
		t.Fatalf("fit: %v, warnings %v", err, res.Warnings)
	}
	t.Logf("%d rows holding tags: two components, result %d bytes", manyRepeats, len(out))
	if _, err := artifacts.ParseResult(out); err != nil {
		t.Fatalf("the backend refuses the result: %v (cause: %v)", err, errCause(err))
	}
}

// TestNavLinksAreOneComponent: the four links of navlinks.html (testdata/layout-site), padded
// flex rows around labels of different lengths, are one component Link with four instances:
// each use hugs its own label, so their boxes differ as the page draws them.
func TestNavLinksAreOneComponent(t *testing.T) {
	res := loadFixture(t, "layout-navlinks").convert(t).Result
	uses, names := componentUses(res.Root)
	links := uses["C:1"]
	if len(uses) != 1 || len(links) != 4 || names["C:1"] != "Link" {
		t.Fatalf("components %v named %v, want C:1 Link with the four links", uses, names)
	}
	for i, want := range []struct {
		label      string
		x, width   float64
		labelWidth float64
	}{{"Home", 24, 76.63, 44.63}, {"Pricing", 108.63, 83.75, 51.75}, {"Documentation", 200.38, 147.23, 115.23}, {"Blog", 355.61, 65.5, 33.5}} {
		l := links[i]
		label := l.Children[0]
		if l.X != want.x || l.Y != 16 || l.Width != want.width || l.Height != 40 || l.LayoutMode != "HORIZONTAL" || l.LayoutSizingHorizontal != "HUG" {
			t.Errorf("link %d: %v,%v %vx%v %s %s, want %v,16 %vx40 HORIZONTAL HUG", i, l.X, l.Y, l.Width, l.Height, l.LayoutMode, l.LayoutSizingHorizontal, want.x, want.width)
		}
		if label.Characters != want.label || label.X != 16 || label.Y != 8 || label.Width != want.labelWidth || label.Height != 24 || label.TextAutoResize != "WIDTH_AND_HEIGHT" {
			t.Errorf("label %d: %q at %v,%v %vx%v (%s), want %q at 16,8 %vx24", i, label.Characters, label.X, label.Y, label.Width, label.Height, label.TextAutoResize, want.label, want.labelWidth)
		}
	}
	noneSkipped(t, res)
}

// TestUsesThatPaintOtherwiseAreOneComponent: the links of navactive.html (testdata/layout-site),
// the current one bold in white on the brand colour, are one component Link; its three tags,
// each of its own colours, one component Tag. Each use keeps its own paints (the overrides the
// plugin sets) and the first use's paints are the main component's.
//
// testdata/workers/result.overrides.json, the backend's and the plugin's example of instances
// that override paints and fonts, is a copy of its golden.
func TestUsesThatPaintOtherwiseAreOneComponent(t *testing.T) {
	checkExample(t, "layout-navactive", "../../testdata/workers/result.overrides.json")
	res := loadFixture(t, "layout-navactive").convert(t).Result
	uses, names := componentUses(res.Root)
	if len(uses) != 2 || len(uses["C:1"]) != 4 || names["C:1"] != "Link" || len(uses["C:2"]) != 3 || names["C:2"] != "Tag" {
		t.Fatalf("components %v named %v, want C:1 Link (4 uses) and C:2 Tag (3)", uses, names)
	}
	rgb := func(n *resultjson.Node) resultjson.RGB { return *(*n.Fills)[0].Color }
	brand, surface := resultjson.RGB{R: 0.1451, G: 0.3882, B: 0.9216}, resultjson.RGB{R: 0.9529, G: 0.9569, B: 0.9647}
	for i, l := range uses["C:1"] {
		label := l.Children[0]
		wantFill, wantStyle, wantWeight := surface, "Regular", 400
		if i == 1 {
			wantFill, wantStyle, wantWeight = brand, "Bold", 700
		}
		if rgb(l) != wantFill || label.FontName.Style != wantStyle || label.FontWeight != wantWeight {
			t.Errorf("link %d (%s): fill %v, %s %d; want %v, %s %d", i, label.Characters, rgb(l), label.FontName.Style, label.FontWeight, wantFill, wantStyle, wantWeight)
		}
	}
	if got := rgb(uses["C:1"][1].Children[0]); got != (resultjson.RGB{R: 1, G: 1, B: 1}) {
		t.Errorf("the active label's fill %v, want white", got)
	}
	for i, want := range []struct {
		label        string
		fill, stroke resultjson.RGB
	}{{"Bug", resultjson.RGB{R: 0.9961, G: 0.8863, B: 0.8863}, resultjson.RGB{R: 0.9882, G: 0.6471, B: 0.6471}},
		{"Feature", resultjson.RGB{R: 0.8627, G: 0.9882, B: 0.9059}, resultjson.RGB{R: 0.5255, G: 0.9373, B: 0.6745}},
		{"Question", resultjson.RGB{R: 0.8588, G: 0.9176, B: 0.9961}, resultjson.RGB{R: 0.5765, G: 0.7725, B: 0.9922}}} {
		tag := uses["C:2"][i]
		if tag.Children[0].Characters != want.label || rgb(tag) != want.fill || *tag.Strokes[0].Color != want.stroke {
			t.Errorf("tag %d: %q fill %v stroke %v, want %q %v %v", i, tag.Children[0].Characters, rgb(tag), *tag.Strokes[0].Color, want.label, want.fill, want.stroke)
		}
	}
	noneSkipped(t, res)
}

// TestLinksWithTheirOwnIconsAreOneComponent: the three links of navicons.html (testdata/
// layout-site), each with its own inline SVG icon before its label, are one component Link: an
// SVG's icon is overridable (the plugin swaps an icon component). The example
// testdata/workers/result.navicons.json is a copy of its golden.
func TestLinksWithTheirOwnIconsAreOneComponent(t *testing.T) {
	checkExample(t, "layout-navicons", "../../testdata/workers/result.navicons.json")
	res := loadFixture(t, "layout-navicons").convert(t).Result
	uses, names := componentUses(res.Root)
	if len(uses) != 1 || len(uses["C:1"]) != 3 || names["C:1"] != "Link" {
		t.Fatalf("components %v named %v, want C:1 Link with the three links", uses, names)
	}
	refs := map[string]bool{}
	for i, l := range uses["C:1"] {
		icon := l.Children[0]
		if icon.Type != "SVG" || icon.X != 12 || icon.Y != 12 || icon.Width != 16 || icon.Height != 16 {
			t.Errorf("link %d: icon %s at %v,%v %vx%v, want an SVG at 12,12 16x16", i, icon.Type, icon.X, icon.Y, icon.Width, icon.Height)
		}
		refs[icon.ImageRef] = true
	}
	if len(refs) != 3 {
		t.Errorf("icons %v, want three different images", refs)
	}
	noneSkipped(t, res)
}

// noneSkipped fails the test when the result left a repeat plain (COMPONENT_SKIPPED).
func noneSkipped(t *testing.T, res *resultjson.Result) {
	t.Helper()
	if d := res.Diagnostics; slices.ContainsFunc(d, func(d resultjson.Diagnostic) bool { return d.Code == resultjson.DiagComponentSkipped }) {
		t.Errorf("diagnostics %v", d)
	}
}

// TestSiblingsOfOneKindAreVariants: variants.html (testdata/layout-site): the nav's links that
// repeat are one component Link (with its Hover state), its current link (a 3 px bottom border
// makes it 3 px taller) the variant Active of Link's set; the three feature cards, each an icon
// over a label aligned its own way (start, centre, end), one set of three, each variant named by
// its label ("Two", "Three"). Every use keeps its own boxes. The example
// testdata/workers/result.variants.json is a copy of its golden.
func TestSiblingsOfOneKindAreVariants(t *testing.T) {
	checkExample(t, "layout-variants", "../../testdata/workers/result.variants.json")
	res := loadFixture(t, "layout-variants").convert(t).Result
	uses, names := componentUses(res.Root)
	type want struct {
		uses      int
		name, of  string
		value     string
		heights   float64
		hasStates bool
	}
	for id, w := range map[string]want{
		"C:1": {3, "Link", "", "", 40, true},
		"C:2": {1, "Link 2", "C:1", "Active", 43, false},
		"C:3": {1, "Feature", "", "", 88, false},
		"C:4": {1, "Feature 2", "C:3", "Two", 88, false},
		"C:5": {1, "Feature 3", "C:3", "Three", 88, false},
	} {
		u := uses[id]
		if len(u) != w.uses || names[id] != w.name {
			t.Errorf("%s: %d uses named %q, want %d named %q", id, len(u), names[id], w.uses, w.name)
			continue
		}
		first := u[0]
		if first.VariantOf != w.of || first.VariantProperties[resultjson.VariantPropertyVariant] != w.value || (len(first.ComponentVariants) > 0) != w.hasStates {
			t.Errorf("%s: variantOf %q %v, states %v; want %q %q, states %v", id, first.VariantOf, first.VariantProperties, first.ComponentVariants, w.of, w.value, w.hasStates)
		}
		for _, n := range u {
			if n.Height != w.heights {
				t.Errorf("%s: use %s is %v px tall, want %v", id, n.ID, n.Height, w.heights)
			}
		}
	}
	if len(uses) != 5 {
		t.Errorf("%d components, want 5", len(uses))
	}
	noneSkipped(t, res)
}

// TestUsesHoldUsesOfOtherComponents: nested.html (testdata/layout-site): the page's six buttons
// (in the hero, in each feature card and in each plan card, each its own label and width) are
// one component Button (its class btn written out); the feature cards' headings another; the three feature cards, each aligned
// its own way, one set whose components hold uses of both (nested instances), named by their
// kind; the two plan cards one component holding a use of Button (a repeat inside a repeat that
// also stands elsewhere). The example testdata/workers/result.nested.json is a copy of its
// golden, which the backend accepts.
func TestUsesHoldUsesOfOtherComponents(t *testing.T) {
	checkExample(t, "layout-nested", "../../testdata/workers/result.nested.json")
	res := loadFixture(t, "layout-nested").convert(t).Result
	uses, names := componentUses(res.Root)
	if got := fmt.Sprintln(len(uses["C:1"]), names["C:1"], len(uses["C:3"]), names["C:3"]); got != "6 Button 3 Heading 3\n" {
		t.Errorf("buttons and headings: %s", got)
	}
	features := res.Root.Children[1].Children
	if len(features) != 3 {
		t.Fatalf("%d feature cards", len(features))
	}
	for i, f := range features {
		want := []string{"C:2", "C:4", "C:5"}[i]
		if f.ComponentID != want || len(f.Children) != 2 || f.Children[0].ComponentID != "C:3" || f.Children[1].ComponentID != "C:1" {
			t.Errorf("feature %d: %s holding %v, want %s holding a heading (C:3) and a button (C:1)", i, f.ComponentID, f.Children, want)
		}
	}
	if names["C:2"] != "Feature" || features[1].VariantOf != "C:2" || features[2].VariantOf != "C:2" {
		t.Errorf("the set: Default named %q, variants of %q and %q", names["C:2"], features[1].VariantOf, features[2].VariantOf)
	}
	for i, p := range res.Root.Children[2].Children {
		if p.ComponentID != "C:6" || len(p.Children) != 2 || p.Children[0].ComponentID != "" || p.Children[1].ComponentID != "C:1" {
			t.Errorf("plan %d: %s holding %v, want C:6 holding a price and a button (C:1)", i, p.ComponentID, p.Children)
		}
	}
	noneSkipped(t, res)
}

// TestCardsARowStretchesAreResizedInstances: stretched.html (testdata/layout-site): four cards of
// one kind in a grid of three columns, the first row stretched to its second card's three-line
// paragraph, the fourth card over two columns and as tall as its content, are one component
// Card: the first and third instances are resized to the row's height (FIXED), the second and
// fourth hug their content, the fourth is resized to its two columns (its texts fill it).
// The example testdata/workers/result.stretched.json is a copy of its golden.
func TestCardsARowStretchesAreResizedInstances(t *testing.T) {
	res, cards := oneComponent(t, "layout-stretched", "../../testdata/workers/result.stretched.json", "Card", 4)
	var got []string
	for _, c := range cards {
		got = append(got, fmt.Sprintf("%vx%v %s", c.Width, c.Height, c.LayoutSizingVertical))
	}
	if want := "200x136 FIXED,200x136 HUG,200x136 FIXED,416x88 HUG"; strings.Join(got, ",") != want {
		t.Errorf("cards %s, want %s", strings.Join(got, ","), want)
	}
	noneSkipped(t, res)
}

// TestOverlaysFollowTheirTab converts overlays.html: four tabs as wide as their labels, each with
// an underline along its whole bottom edge and a dot in its top right corner, both positioned.
// The underline STRETCHes with its tab across and sits at its bottom (MAX), the dot at its right
// edge (MAX), so an instance as wide as another label draws them where the page does: the tabs
// are one component of four instances.
func TestOverlaysFollowTheirTab(t *testing.T) {
	t.Parallel()
	res, tabs := oneComponent(t, "layout-overlays", "../../testdata/workers/result.overlays.json", "Link", 4)
	widths := map[float64]bool{}
	for _, tab := range tabs {
		widths[tab.Width] = true
		var got []string
		for _, c := range tab.Children {
			if c.LayoutPositioning != layout.PositionAbsolute {
				continue
			}
			if c.Constraints == nil {
				t.Fatalf("%s: ABSOLUTE %s has no constraints", tab.Name, c.Name)
			}
			got = append(got, fmt.Sprintf("%s %s/%s %v,%v %vx%v", c.Name, c.Constraints.Horizontal, c.Constraints.Vertical,
				c.X, c.Y, c.Width, c.Height))
		}
		want := []string{
			fmt.Sprintf("Dot MAX/MIN %v,0 8x8", tab.Width-8),
			fmt.Sprintf("::after STRETCH/MAX 0,%v %vx3", tab.Height-3, tab.Width),
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s (%vx%v): positioned layers %q, want %q", tab.Name, tab.Width, tab.Height, got, want)
		}
	}
	if len(widths) != 4 {
		t.Errorf("the tabs' widths %v, want four", widths)
	}
	noneSkipped(t, res)
}

// TestBylinesWithATagAreOnePost converts bylines.html: three posts whose bylines differ in length,
// each followed on its line by an inline-block tag 8 px after it. Each byline is a row of its
// text and its tag (docs/conversion.md "Text frames"), so an instance with another byline puts the
// tag after it: the posts are one component of three instances.
func TestBylinesWithATagAreOnePost(t *testing.T) {
	t.Parallel()
	res, posts := oneComponent(t, "layout-bylines", "../../testdata/workers/result.bylines.json", "Post", 3)
	for _, post := range posts {
		byline := post.Children[1]
		if byline.LayoutMode != layout.Horizontal || spacingOf(byline) != 8 || len(byline.Children) != 2 {
			t.Fatalf("%s: byline %q spacing %v of %d children, want HORIZONTAL 8 of the text and the tag", post.Name, byline.LayoutMode, spacingOf(byline), len(byline.Children))
		}
		text, tag := byline.Children[0], byline.Children[1]
		if text.Type != "TEXT" || tag.Name != "Tag" || math.Abs(tag.X-(text.X+text.Width+8)) > 0.01 {
			t.Errorf("%s: %s %q at %v+%v then %s at %v, want the Tag 8 px after the text", post.Name, text.Type, text.Characters, text.X, text.Width, tag.Name, tag.X)
		}
	}
	noneSkipped(t, res)
}

func spacingOf(n *resultjson.Node) float64 {
	if n.ItemSpacing == nil {
		return -1
	}
	return *n.ItemSpacing
}

// oneComponent converts fixture name, checks that example is a copy of its golden result and that
// the result has one component, C:1 named name, of n uses, and returns the result and the uses.
func oneComponent(t *testing.T, fixture, example, name string, n int) (*resultjson.Result, []*resultjson.Node) {
	t.Helper()
	checkExample(t, fixture, example)
	res := loadFixture(t, fixture).convert(t).Result
	uses, names := componentUses(res.Root)
	if len(uses) != 1 || len(uses["C:1"]) != n || names["C:1"] != name {
		t.Fatalf("components %v named %v, want C:1 %s with %d uses", uses, names, name, n)
	}
	return res, uses["C:1"]
}
