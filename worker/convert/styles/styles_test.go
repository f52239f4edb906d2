package styles_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/styles"
)

func solid(r, g, b float64) *[]resultjson.Paint {
	return &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: r, G: g, B: b}}}
}

// TestBuildNamesAndBinds: over a hand-made box tree, a colour set through a custom property is
// a style named after it and bound to its variable, shared by every use of the property; the
// same colour set literally, and any other literal colour, has no style; a heading's
// typography is named after its level; the custom properties become variables in the order of
// their names.
func TestBuildNamesAndBinds(t *testing.T) {
	brandBox := &capturemodel.DOMNode{Type: "element", Tag: "div", Vars: map[string]string{"background-color": "--brand"}}
	h1 := &capturemodel.DOMNode{Type: "element", Tag: "h1", Vars: map[string]string{"color": "--brand"}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Fills: solid(0, 0, 1)}, nil, boxtree.Positive, 2)
	frame := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:3", Fills: solid(1, 0, 0)}, brandBox, boxtree.Flow, 0)
	heading := &resultjson.Node{Type: "TEXT", ID: "1:4", Fills: solid(1, 0, 0), FontName: &resultjson.FontName{Family: "Inter", Style: "Bold"}, FontSize: 32}
	frame.Add(heading, h1, boxtree.Flow, 0)
	plain := root.Add(&resultjson.Node{Type: "RECTANGLE", ID: "1:5", Fills: solid(1, 0, 0)}, nil, boxtree.Flow, 0)
	props := []capturemodel.CustomProperty{{Name: "--gap", Value: "8px"}, {Name: "--brand", Value: "#f00", Color: "rgb(255, 0, 0)"}, {Name: "nodash", Value: "1px"}}

	list, vars := styles.Build(root, props)
	var got []string
	for _, s := range list {
		got = append(got, s.ID+" "+s.Type+" "+s.Name)
	}
	want := "S:1 PAINT Color/brand,S:2 TEXT Text/Heading 1 32 Bold"
	if strings.Join(got, ",") != want {
		t.Errorf("styles %v, want %s", got, want)
	}
	if vars == nil || len(vars.Variables) != 2 || vars.Variables[0].Name != "color/brand" || vars.Variables[1].Name != "size/gap" || vars.Variables[1].Value != 8.0 {
		t.Fatalf("variables %+v, want color/brand and size/gap 8", vars)
	}
	if b := list[0].Paints[0].BoundVariables; b == nil || b.Color.ID != vars.Variables[0].ID {
		t.Errorf("Color/brand binds %+v, want %s", b, vars.Variables[0].ID)
	}
	for _, n := range []*resultjson.Node{frame.Out, heading} {
		if n.FillStyleID != "S:1" {
			t.Errorf("%s fillStyleId %q, want S:1", n.ID, n.FillStyleID)
		}
	}
	if heading.TextStyleID != "S:2" || plain.Out.FillStyleID != "" || root.Kids[0].Out.FillStyleID != "" || root.Out.FillStyleID != "" {
		t.Errorf("text style %q, literal red %q, blue box %q, root %q; want S:2 and no paint styles", heading.TextStyleID, plain.Out.FillStyleID, root.Kids[0].Out.FillStyleID, root.Out.FillStyleID)
	}
}

// TestParagraphSettingsKeepTheirValues: a TEXT whose paragraph settings other than its line
// breaking are not Figma's defaults (an indented paragraph, a list hanging its markers, list
// ranges spaced apart) is set in no text style, nor are its ranges, as binding the result's text
// style (of default paragraph settings) would reset them; the same TEXT with the defaults is.
// Line breaking is the style's: a balanced heading and a pretty paragraph are set in styles of
// their textWrapStyle ("… balanced", "… pretty"), apart from the AUTO one of the same
// typography, and a pretty paragraph's ranges only in the pretty styles.
func TestParagraphSettingsKeepTheirValues(t *testing.T) {
	body := func(id string) *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", ID: id, FontName: &resultjson.FontName{Family: "Inter", Style: "Regular"}, FontSize: 16}
	}
	two := func(id string, spacing float64) *resultjson.Node {
		n := body(id)
		seg := resultjson.StyledTextSegment{FontName: *n.FontName, FontSize: 16, TextDecoration: "NONE", TextCase: "ORIGINAL", ListSpacing: spacing}
		bold := seg
		bold.FontName.Style = "Bold"
		n.StyledTextSegments = []resultjson.StyledTextSegment{seg, bold}
		return n
	}
	plain, balanced, balanced2, pretty, indented, hanging := body("1:2"), body("1:3"), body("1:4"), body("1:5"), body("1:6"), body("1:7")
	balanced.TextWrapStyle, balanced2.TextWrapStyle, pretty.TextWrapStyle = "BALANCE", "BALANCE", "PRETTY"
	indented.ParagraphIndent, hanging.HangingList = 16, true
	ranges, spaced, prettyRanges := two("1:8", 0), two("1:9", 8), two("1:10", 0)
	prettyRanges.TextWrapStyle = "PRETTY"
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	p := &capturemodel.DOMNode{Type: "element", Tag: "p"}
	for _, n := range []*resultjson.Node{plain, balanced, balanced2, pretty, indented, hanging, ranges, spaced, prettyRanges} {
		root.Add(n, p, boxtree.Flow, 0)
	}
	list, _ := styles.Build(root, nil)
	byID := map[string]resultjson.Style{}
	for _, s := range list {
		byID[s.ID] = s
	}
	if plain.TextStyleID == "" || ranges.StyledTextSegments[0].TextStyleID != plain.TextStyleID {
		t.Errorf("default settings: text style %q, range %q; want one, the same", plain.TextStyleID, ranges.StyledTextSegments[0].TextStyleID)
	}
	for _, n := range []*resultjson.Node{indented, hanging, spaced} {
		if n.TextStyleID != "" || n.StyledTextSegments != nil && n.StyledTextSegments[0].TextStyleID != "" {
			t.Errorf("TEXT %s of other paragraph settings is set in a text style", n.ID)
		}
	}
	for _, c := range []struct {
		n          *resultjson.Node
		name, wrap string
	}{{plain, "Text/Body 16", ""}, {balanced, "Text/Body 16 balanced", "BALANCE"}, {balanced2, "Text/Body 16 balanced", "BALANCE"}, {pretty, "Text/Body 16 pretty", "PRETTY"}} {
		if s := byID[c.n.TextStyleID]; s.Name != c.name || s.TextWrapStyle != c.wrap {
			t.Errorf("TEXT %s (textWrapStyle %q): style %q %q of textWrapStyle %q, want %q of %q", c.n.ID, c.n.TextWrapStyle, c.n.TextStyleID, s.Name, s.TextWrapStyle, c.name, c.wrap)
		}
	}
	if balanced.TextStyleID != balanced2.TextStyleID {
		t.Errorf("two balanced TEXTs of one typography in styles %q and %q, want one", balanced.TextStyleID, balanced2.TextStyleID)
	}
	// The pretty paragraph's plain range is in the pretty style; its bold one in none (no TEXT of
	// one range is bold and pretty), not in an AUTO style.
	if segs := prettyRanges.StyledTextSegments; segs[0].TextStyleID != pretty.TextStyleID || segs[1].TextStyleID != "" || prettyRanges.TextStyleID != "" {
		t.Errorf("pretty ranges in %q and %q (node %q), want %q and none", segs[0].TextStyleID, segs[1].TextStyleID, prettyRanges.TextStyleID, pretty.TextStyleID)
	}
}

// TestScopedPropertyStyleIsUnbound: a property a scope redefines (a link's --brand is blue, the
// root's red) paints with a style of its own that binds no variable, as Figma would draw the
// variable's red instead; the root's value binds, and so does a translucent use at the
// variable's alpha within half a step of 255, not one past it.
func TestScopedPropertyStyleIsUnbound(t *testing.T) {
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	text := func(id, prop string, fills *[]resultjson.Paint) *resultjson.Node {
		n := &resultjson.Node{Type: "TEXT", ID: id, Fills: fills}
		root.Add(n, &capturemodel.DOMNode{Type: "element", Tag: "span", Vars: map[string]string{"color": prop}}, boxtree.Flow, 0)
		return n
	}
	translucent := func(o float64) *[]resultjson.Paint {
		return &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0, G: 0, B: 1}, Opacity: &o}}
	}
	nodes := []*resultjson.Node{
		text("1:2", "--brand", solid(1, 0, 0)),
		text("1:3", "--brand", solid(0, 0, 1)),
		text("1:4", "--ink", translucent(0.5+0.5/255)),
		text("1:5", "--ink", translucent(0.5+0.6/255)),
	}
	props := []capturemodel.CustomProperty{{Name: "--brand", Value: "#f00", Color: "rgb(255, 0, 0)"}, {Name: "--ink", Value: "#0000ff80", Color: "rgba(0, 0, 255, 0.5)"}}
	list, _ := styles.Build(root, props)
	var got []string
	for _, n := range nodes {
		for _, s := range list {
			if s.ID == n.FillStyleID {
				got = append(got, s.Name+" bound "+strconv.FormatBool(s.Paints[0].BoundVariables != nil))
			}
		}
	}
	if want := "Color/brand bound true,Color/brand 2 bound false,Color/ink bound true,Color/ink 2 bound false"; strings.Join(got, ",") != want {
		t.Errorf("fill styles %q, want %s", got, want)
	}
}

// TestBuildWithoutPropertiesHasNoVariables: no custom properties give no collection, and a
// paragraph of several ranges keeps its ranges' values without a node-level style.
func TestBuildWithoutPropertiesHasNoVariables(t *testing.T) {
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	para := &resultjson.Node{Type: "TEXT", ID: "1:2", Fills: solid(0, 0, 0), FontName: &resultjson.FontName{Family: "Inter", Style: "Regular"}, FontSize: 16,
		StyledTextSegments: make([]resultjson.StyledTextSegment, 2)}
	root.Add(para, &capturemodel.DOMNode{Type: "element", Tag: "p"}, boxtree.Flow, 0)
	list, vars := styles.Build(root, nil)
	if vars != nil || len(list) != 0 || para.TextStyleID != "" || para.FillStyleID != "" {
		t.Errorf("variables %+v, styles %+v, paragraph styles %q %q; want none", vars, list, para.TextStyleID, para.FillStyleID)
	}
}

// TestEffectStyles: a shadow two cards have (nested at different depths) is one EFFECT style
// both refer to, named by its look; a shadow drawn once, and a list that differs in one member
// (the spread), has none; a blur two nodes share is a style of its own, numbered after the first.
func TestEffectStyles(t *testing.T) {
	spread := 2.0
	card := []resultjson.Effect{{Type: "DROP_SHADOW", Color: &resultjson.RGBA{A: 0.25}, Offset: &resultjson.Vector{Y: 4}, Radius: 12, Visible: true}}
	other := []resultjson.Effect{{Type: "DROP_SHADOW", Color: &resultjson.RGBA{A: 0.25}, Offset: &resultjson.Vector{Y: 4}, Radius: 12, Spread: &spread, Visible: true},
		{Type: "INNER_SHADOW", Color: &resultjson.RGBA{A: 1}, Radius: 1, Visible: true}}
	blur := []resultjson.Effect{{Type: "BACKGROUND_BLUR", Radius: 16, Visible: true}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	a := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Effects: card}, nil, boxtree.Flow, 0)
	glassA := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:3", Effects: blur}, nil, boxtree.Flow, 0)
	wrap := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:4"}, nil, boxtree.Flow, 0)
	b := wrap.Add(&resultjson.Node{Type: "FRAME", ID: "1:5", Effects: append([]resultjson.Effect{}, card...)}, nil, boxtree.Flow, 0)
	once := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:6", Effects: other}, nil, boxtree.Flow, 0)
	glassB := root.Add(&resultjson.Node{Type: "TEXT", ID: "1:7", Effects: blur}, nil, boxtree.Flow, 0)

	list, _ := styles.Build(root, nil)
	var got []string
	for _, s := range list {
		got = append(got, s.ID+" "+s.Type+" "+s.Name)
	}
	if want := "S:1 EFFECT Shadow/Drop 0 4 12,S:2 EFFECT Blur/Background 16"; strings.Join(got, ",") != want {
		t.Fatalf("styles %v, want %s", got, want)
	}
	if len(list[0].Effects) != 1 || list[0].Effects[0].Radius != 12 || list[0].Effects[0].Offset.Y != 4 {
		t.Errorf("S:1 effects %+v, want the card's shadow", list[0].Effects)
	}
	for _, c := range []struct {
		n    *boxtree.Node
		want string
	}{{a, "S:1"}, {b, "S:1"}, {glassA, "S:2"}, {glassB, "S:2"}, {once, ""}, {wrap, ""}} {
		if c.n.Out.EffectStyleID != c.want {
			t.Errorf("%s effectStyleId %q, want %q", c.n.Out.ID, c.n.Out.EffectStyleID, c.want)
		}
	}
	if name := styles.EffectStyleName(other); name != "Shadow/Drop 0 4 12 spread 2 + 1" {
		t.Errorf("name of a spread shadow and an inner one %q", name)
	}
}

// TestEffectStyleLimit: a list of MaxStyleEffects shadows two nodes share is a style; one of
// MaxStyleEffects+1 (past the backend's bound for a style) stays on its nodes without one; so
// does a blur of MaxEffectLength+1 px, where one of MaxEffectLength px is a style.
func TestEffectStyleLimit(t *testing.T) {
	shadows := func(n int) []resultjson.Effect {
		var out []resultjson.Effect
		for i := range n {
			out = append(out, resultjson.Effect{Type: "DROP_SHADOW", Color: &resultjson.RGBA{A: 1}, Offset: &resultjson.Vector{Y: float64(i)}, Radius: 1, Visible: true})
		}
		return out
	}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	var at, past []*boxtree.Node
	for i := range 2 {
		at = append(at, root.Add(&resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(2+i), Effects: shadows(styles.MaxStyleEffects)}, nil, boxtree.Flow, 0))
		past = append(past, root.Add(&resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(4+i), Effects: shadows(styles.MaxStyleEffects + 1)}, nil, boxtree.Flow, 0))
	}
	// A shadow whose blur is MaxEffectLength (a style) and one just past it (none), twice each.
	long := func(r float64) []resultjson.Effect {
		return []resultjson.Effect{{Type: "LAYER_BLUR", Radius: r, Visible: true}}
	}
	var longAt, longPast []*boxtree.Node
	for i := range 2 {
		longAt = append(longAt, root.Add(&resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(6+i), Effects: long(styles.MaxEffectLength)}, nil, boxtree.Flow, 0))
		longPast = append(longPast, root.Add(&resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(8+i), Effects: long(styles.MaxEffectLength + 1)}, nil, boxtree.Flow, 0))
	}
	list, _ := styles.Build(root, nil)
	if len(list) != 2 || list[1].Effects[0].Radius != styles.MaxEffectLength {
		t.Fatalf("styles %+v, want the 16 shadows and the blur of %d", list, styles.MaxEffectLength)
	}
	for i := range 2 {
		if longAt[i].Out.EffectStyleID != list[1].ID || longPast[i].Out.EffectStyleID != "" {
			t.Errorf("blur pair %d: at the limit %q, past it %q; want %s and none", i, longAt[i].Out.EffectStyleID, longPast[i].Out.EffectStyleID, list[1].ID)
		}
	}
	if len(list[0].Effects) != styles.MaxStyleEffects {
		t.Fatalf("styles %+v, want one of %d effects", list, styles.MaxStyleEffects)
	}
	for i := range 2 {
		if at[i].Out.EffectStyleID != list[0].ID || past[i].Out.EffectStyleID != "" {
			t.Errorf("pair %d: at the limit %q, past it %q; want %s and none", i, at[i].Out.EffectStyleID, past[i].Out.EffectStyleID, list[0].ID)
		}
	}
}

// TestGridLineFillIsTheBordersColour: a bar of a table's grid lines (boxtree.GridLine) is
// filled with its cell's border colour, so its paint style is the property that set the
// border's colour, not the cell's background's.
func TestGridLineFillIsTheBordersColour(t *testing.T) {
	td := &capturemodel.DOMNode{Type: "element", Tag: "td", Vars: map[string]string{"background-color": "--table-bg", "border-top-color": "--table-border"}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	line := root.Add(&resultjson.Node{Type: "RECTANGLE", ID: "1:2", Fills: solid(0.8667, 0.8667, 0.8667)}, td, boxtree.Flow, 0)
	line.Kind = boxtree.GridLine
	props := []capturemodel.CustomProperty{{Name: "--table-bg", Value: "#fff", Color: "rgb(255, 255, 255)"}, {Name: "--table-border", Value: "#ddd", Color: "rgb(221, 221, 221)"}}
	list, _ := styles.Build(root, props)
	if len(list) != 1 || list[0].Name != "Color/table-border" || line.Out.FillStyleID != list[0].ID {
		t.Errorf("styles %+v, the line's fill style %q; want Color/table-border", list, line.Out.FillStyleID)
	}
}
