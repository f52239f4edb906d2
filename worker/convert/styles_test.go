package convert_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestLocalStyles: on the navbar page the typography becomes deduplicated text styles and the
// colours the page names paint styles, named after the custom property that set them (--brand,
// --ink, --surface); literal colours (the white button text, the grey border) have none; every
// node's style id resolves to a style whose values equal the node's own; the
// custom properties become COLOR and FLOAT variables, and the named paint styles bind theirs.
func TestLocalStyles(t *testing.T) {
	res := loadFixture(t, "layout-navbar").convert(t).Result
	byID := map[string]resultjson.Style{}
	names := map[string]bool{}
	for _, s := range res.Styles {
		if _, dup := byID[s.ID]; dup || names[s.Name] {
			t.Errorf("style %s %q repeats an id or name", s.ID, s.Name)
		}
		byID[s.ID], names[s.Name] = s, true
	}
	vars := map[string]resultjson.Variable{}
	got := map[string]string{}
	for _, v := range res.Variables.Variables {
		vars[v.ID] = v
		got[v.CodeSyntax.WEB] = v.Name + " " + v.ResolvedType
	}
	want := map[string]string{
		"var(--brand)": "color/brand COLOR", "var(--ink)": "color/ink COLOR", "var(--muted)": "color/muted COLOR",
		"var(--surface)": "color/surface COLOR", "var(--radius)": "size/radius FLOAT", "var(--space-2)": "size/space-2 FLOAT",
		"var(--space-4)": "size/space-4 FLOAT",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("variables (-want +got):\n%s", diff)
	}
	if res.Variables.Collection != resultjson.VariableCollectionName {
		t.Errorf("collection %q", res.Variables.Collection)
	}

	uses := map[string]int{}
	walkNodes(res.Root, nil, func(n, _ *resultjson.Node) {
		if n.FillStyleID != "" {
			s, ok := byID[n.FillStyleID]
			uses[s.Name]++
			if !ok || s.Type != "PAINT" || n.Fills == nil || len(*n.Fills) != 1 || *(*n.Fills)[0].Color != s.Paints[0].Color {
				t.Errorf("node %s %q: fillStyleId %s does not name a PAINT style of its fill", n.ID, n.Name, n.FillStyleID)
			}
		}
		if n.StrokeStyleID != "" {
			s, ok := byID[n.StrokeStyleID]
			uses[s.Name]++
			if !ok || s.Type != "PAINT" || len(n.Strokes) != 1 || *n.Strokes[0].Color != s.Paints[0].Color {
				t.Errorf("node %s %q: strokeStyleId %s does not name a PAINT style of its stroke", n.ID, n.Name, n.StrokeStyleID)
			}
		}
		if n.TextStyleID != "" {
			s, ok := byID[n.TextStyleID]
			uses[s.Name]++
			if !ok || s.Type != "TEXT" || *s.FontName != *n.FontName || s.FontSize != n.FontSize || s.TextWrapStyle != n.TextWrapStyle {
				t.Errorf("node %s %q: textStyleId %s does not name its TEXT style", n.ID, n.Name, n.TextStyleID)
			}
		}
		if n.Type == "TEXT" && n.TextStyleID == "" {
			t.Errorf("TEXT %s %q has no text style", n.ID, n.Name)
		}
	})
	// The brand colour: the logo text (color: var(--brand)) and the button (background:
	// var(--brand)) share one style bound to the --brand variable.
	brand := ""
	for _, s := range res.Styles {
		if s.Name == "Color/brand" {
			brand = s.ID
			b := s.Paints[0].BoundVariables
			if b == nil || b.Color == nil || vars[b.Color.ID].CodeSyntax.WEB != "var(--brand)" || s.Description != "var(--brand)" {
				t.Errorf("Color/brand binds %+v, want the --brand variable", b)
			}
		}
	}
	if brand == "" || uses["Color/brand"] != 2 {
		t.Errorf("Color/brand used %d times, want 2 (logo text, button)", uses["Color/brand"])
	}
	// The three links and the logo's font size differ; the links share Text/Body 16 with the
	// underlined button text kept apart.
	if len(uses) != 6 {
		t.Errorf("styles used %v, want only the text styles and Color/brand, ink and surface", uses)
	}
	for name, n := range map[string]int{"Text/Body 16": 3, "Text/Body 20 Bold": 1, "Text/Body 16 underline": 1, "Color/ink": 3, "Color/surface": 1} {
		if uses[name] != n {
			t.Errorf("style %q used %d times, want %d (uses %v)", name, uses[name], n, uses)
		}
	}
}

// TestNoVariablesWithoutCustomProperties: a page without custom properties gives no variables
// member (no empty collection for the plugin to create) and no paint styles: it names no colour.
func TestNoVariablesWithoutCustomProperties(t *testing.T) {
	out := loadFixture(t, "site").convert(t)
	if out.Result.Variables != nil || strings.Contains(string(out.JSON), `"variables"`) {
		t.Errorf("variables %+v in a result of a page without custom properties", out.Result.Variables)
	}
	if len(out.Result.Styles) == 0 {
		t.Fatal("no styles")
	}
	for _, s := range out.Result.Styles {
		if s.Type == "PAINT" {
			t.Errorf("paint style %q of a page that names no colour", s.Name)
		}
	}
}

// TestStylesFromTheNamesOfThePage: on a page that names one colour (--accent) and uses it three
// times by reference (a text colour, a background, a border), the three uses refer to one paint
// style bound to the variable; the same value written literally, and every other literal colour,
// stays unbound.
func TestStylesFromTheNamesOfThePage(t *testing.T) {
	res := loadFixture(t, "named-colors").convert(t).Result
	var paintStyles []string
	for _, s := range res.Styles {
		if s.Type == "PAINT" {
			paintStyles = append(paintStyles, s.ID+" "+s.Name+" "+s.Description)
		}
	}
	if len(paintStyles) != 1 || !strings.HasSuffix(paintStyles[0], " Color/accent var(--accent)") {
		t.Fatalf("paint styles %v, want one: Color/accent var(--accent)", paintStyles)
	}
	accent := strings.Fields(paintStyles[0])[0]
	refs := map[string]string{}
	walkNodes(res.Root, nil, func(n, _ *resultjson.Node) {
		switch {
		case n.Type == "TEXT" && n.Characters == "Accent title":
			refs["title"] = n.FillStyleID
		case n.Name == "Badge":
			refs["badge"] = n.FillStyleID
		case n.Name == "Boxed":
			refs["boxed"] = n.StrokeStyleID + "/" + n.FillStyleID
		case n.Name == "Literal":
			refs["literal"] = n.FillStyleID
		case n.ID == res.Root.ID:
			refs["root"] = n.FillStyleID
		}
	})
	want := map[string]string{"title": accent, "badge": accent, "boxed": accent + "/", "literal": "", "root": ""}
	if diff := cmp.Diff(want, refs); diff != "" {
		t.Errorf("style references (-want +got):\n%s", diff)
	}
}

// TestParagraphStyles: on the text page (paragraphs with links, emphasis and inline code), a
// TEXT of one styled range (or a run without segments) refers to its text style like any run. A
// paragraph of several ranges refers to no paint style (its ranges keep their own colours); its
// ranges are set in the text styles their typography is (with the paragraph's line height), only
// styles a TEXT of one range has (ranges make none), or, all in one style, the paragraph is.
func TestParagraphStyles(t *testing.T) {
	res := loadFixture(t, "text").convert(t).Result
	styles := map[string]resultjson.Style{}
	for _, st := range res.Styles {
		styles[st.ID] = st
	}
	// is says whether a range's typography is text style id's, with the node's line height and
	// line breaking.
	or := func(v, none string) string {
		if v == "" {
			return none
		}
		return v
	}
	is := func(n *resultjson.Node, seg resultjson.StyledTextSegment, id string) bool {
		st, ok := styles[id]
		return ok && st.Type == "TEXT" && *st.FontName == seg.FontName && st.FontSize == seg.FontSize && cmp.Equal(st.LineHeight, n.LineHeight) &&
			st.LetterSpacing.Value == seg.LetterSpacing.Value && or(st.TextCase, "ORIGINAL") == seg.TextCase && or(st.TextDecoration, "NONE") == seg.TextDecoration &&
			st.TextWrapStyle == n.TextWrapStyle
	}
	single, multi, rangesStyled := 0, 0, 0
	ofOneRange := map[string]bool{}
	var rangeRefs []string
	walkNodes(res.Root, nil, func(n, _ *resultjson.Node) {
		if n.Type != "TEXT" {
			return
		}
		switch len(n.StyledTextSegments) {
		case 0, 1: // a run of its own (no segments) or a paragraph in one style
			single++
			if n.ParagraphIndent != 0 || n.HangingList {
				// Paragraph settings a text style (of Figma's defaults) would reset.
				if n.TextStyleID != "" {
					t.Errorf("TEXT %s %q of paragraph settings other than the defaults has text style %q, want none", n.ID, n.Name, n.TextStyleID)
				}
				return
			}
			if n.TextStyleID == "" || n.FillStyleID != "" {
				t.Errorf("TEXT %s %q of one range has text style %q fill style %q, want a text style and no paint style (the page names no colour)", n.ID, n.Name, n.TextStyleID, n.FillStyleID)
			}
			ofOneRange[n.TextStyleID] = true
		default:
			multi++
			if n.FillStyleID != "" {
				t.Errorf("TEXT %s %q of %d ranges has fill style %q, want none", n.ID, n.Name, len(n.StyledTextSegments), n.FillStyleID)
			}
			for i, seg := range n.StyledTextSegments {
				switch {
				case n.TextStyleID != "" && (seg.TextStyleID != "" || !is(n, seg, n.TextStyleID)):
					t.Errorf("TEXT %s in style %s: range %d %q in %q, or of another typography", n.ID, n.TextStyleID, i, seg.Characters, seg.TextStyleID)
				case seg.TextStyleID != "" && !is(n, seg, seg.TextStyleID):
					t.Errorf("TEXT %s range %d %q in style %s of another typography", n.ID, i, seg.Characters, seg.TextStyleID)
				case seg.TextStyleID != "":
					rangesStyled++
					rangeRefs = append(rangeRefs, seg.TextStyleID)
				}
			}
		}
	})
	if single == 0 || multi == 0 || rangesStyled == 0 {
		t.Errorf("%d TEXT nodes of one range, %d of several, %d ranges in a style; the page should have all three", single, multi, rangesStyled)
	}
	for _, id := range rangeRefs {
		if !ofOneRange[id] {
			t.Errorf("a range's text style %s is no TEXT of one range's (ranges make no styles)", id)
		}
	}
}

// TestEffectStylesFromRepeatedShadows converts the capture of shadows.html: the card shadow the
// page repeats three times is one EFFECT style ("Shadow/Drop 0 4 12") all three cards refer to,
// with the cards' own effect; the backdrop blur used twice is another (Figma's radius, twice the
// CSS 8px); the shadow drawn once keeps its effects without a style.
func TestEffectStylesFromRepeatedShadows(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "effect-styles").convert(t)
	var got []string
	for _, s := range out.Result.Styles {
		got = append(got, s.ID+" "+s.Type+" "+s.Name)
	}
	if want := "S:1 EFFECT Shadow/Drop 0 4 12,S:2 EFFECT Blur/Background 16"; strings.Join(got, ",") != want {
		t.Fatalf("styles %v, want %s", got, want)
	}
	styleByID := map[string]resultjson.Style{}
	for _, s := range out.Result.Styles {
		styleByID[s.ID] = s
	}
	byStyle := map[string][]string{}
	for _, p := range placedNodes(out.Result.Root, "FRAME") {
		n := p.node
		if n.EffectStyleID != "" {
			byStyle[n.EffectStyleID] = append(byStyle[n.EffectStyleID], n.Name)
			if style := styleByID[n.EffectStyleID]; !reflect.DeepEqual(style.Effects, n.Effects) {
				t.Errorf("%s %s effects %+v, its style's %+v", n.ID, n.Name, n.Effects, style.Effects)
			}
		} else if n.Name == "Lifted" && len(n.Effects) != 2 {
			t.Errorf("Lifted effects %+v, want its drop and inner shadow", n.Effects)
		}
	}
	if want := map[string][]string{"S:1": {"Card", "Card", "Card"}, "S:2": {"Glass", "Glass"}}; !reflect.DeepEqual(byStyle, want) {
		t.Errorf("nodes by effect style %v, want %v", byStyle, want)
	}
	c := out.Result.Styles[0].Effects[0]
	if c.Type != "DROP_SHADOW" || c.Offset.Y != 4 || c.Radius != 12 || c.Color.A != 0.25 {
		t.Errorf("card shadow %+v", c)
	}
}

func TestGoldenEffectStyles(t *testing.T) {
	t.Parallel()
	checkGolden(t, "effect-styles", loadFixture(t, "effect-styles").convert(t).JSON)
}

// TestBoundPaintsDrawTheirVariable: in every golden result, a colour bound to a variable (a paint
// style's paint, a node's paint or gradient stop, an effect's shadow) is the variable's value:
// Figma draws a bound colour in its variable's, so any other colour there would change the
// picture.
func TestBoundPaintsDrawTheirVariable(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*", "result.golden.json"))
	if err != nil || len(files) < 40 {
		t.Fatalf("%d golden results (%v), want the fixtures' 40 and more", len(files), err)
	}
	hex := func(c map[string]any) string {
		ch := func(k string) int { v, _ := c[k].(float64); return int(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
		return fmt.Sprintf("#%02X%02X%02X", ch("r"), ch("g"), ch("b"))
	}
	bindings := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var res map[string]any
		if err := json.Unmarshal(raw, &res); err != nil {
			t.Fatal(err)
		}
		values := map[string]string{}
		if vs, ok := res["variables"].(map[string]any); ok {
			for _, v := range vs["variables"].([]any) {
				v := v.(map[string]any)
				if c, ok := v["value"].(map[string]any); ok {
					values[v["id"].(string)] = hex(c)
				}
			}
		}
		// Every object with a colour and a bound colour, wherever it is.
		var walk func(path string, x any)
		walk = func(path string, x any) {
			switch x := x.(type) {
			case map[string]any:
				if b, ok := x["boundVariables"].(map[string]any); ok {
					if alias, ok := b["color"].(map[string]any); ok {
						bindings++
						c, _ := x["color"].(map[string]any)
						if want := values[alias["id"].(string)]; c == nil || hex(c) != want {
							t.Errorf("%s %s: colour %v bound to %v, whose value is %s", f, path, c, alias["id"], want)
						}
					}
				}
				for k, v := range x {
					walk(path+"."+k, v)
				}
			case []any:
				for i, v := range x {
					walk(fmt.Sprintf("%s[%d]", path, i), v)
				}
			}
		}
		walk("", res)
	}
	if bindings < 10 {
		t.Errorf("%d bound colours in the goldens, want the themes' and styles' (10 and more)", bindings)
	}
}
