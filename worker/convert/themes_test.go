package convert_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestThemesAsVariableModes converts the capture of themes.html, whose prefers-color-scheme:
// dark block redefines three of its colours and sets the note's text colour literally: the
// collection has the modes Light and Dark, each of those three variables its dark colour under
// Dark and its light one as value, the colour the dark block leaves alone and the length it
// restates unchanged have no Dark value, the note's colour is a variable of its own
// (theme/text/4B5563, no code syntax) with both colours, and the paint styles drawn in those
// colours are bound to the variables, the note's text to its theme style. The example
// testdata/workers/result.themes.json is a copy of its golden.
func TestThemesAsVariableModes(t *testing.T) {
	t.Parallel()
	checkExample(t, "themes", "../../testdata/workers/result.themes.json")
	out := loadFixture(t, "themes").convert(t)
	vars := out.Result.Variables
	if vars == nil {
		t.Fatal("no variables")
	}
	if want := []string{resultjson.ModeLight, resultjson.ModeDark}; !reflect.DeepEqual(vars.Modes, want) {
		t.Errorf("modes %v, want %v", vars.Modes, want)
	}
	rgba := func(r, g, b float64) resultjson.RGBA { return resultjson.RGBA{R: r, G: g, B: b, A: 1} }
	want := map[string][2]any{
		"color/brand":   {rgba(0.1451, 0.3882, 0.9216), rgba(0.3765, 0.6471, 0.9804)},
		"color/ink":     {rgba(0.0667, 0.0941, 0.1529), rgba(0.9725, 0.9804, 0.9882)},
		"color/surface": {rgba(1, 1, 1), rgba(0.0588, 0.0902, 0.1647)},
		"color/line":    {rgba(0.8196, 0.8353, 0.8588), nil},
		"size/space":    {16.0, nil},
		// The note's #4b5563, #cbd5e1 in the dark theme.
		"theme/text/4B5563": {rgba(0.2941, 0.3333, 0.3882), rgba(0.7961, 0.8353, 0.8824)},
		// The panel's shadow colour, rgba(17, 24, 39, 0.15), rgba(0, 0, 0, 0.6) in the dark theme.
		"theme/shadow/111827 15%": {resultjson.RGBA{R: 0.0667, G: 0.0941, B: 0.1529, A: 0.15}, resultjson.RGBA{A: 0.6}},
		// The inline tag's background (its line fragment's RECTANGLE), #374151 in the dark theme.
		"theme/background/E5E7EB": {rgba(0.898, 0.9059, 0.9216), rgba(0.2157, 0.2549, 0.3176)},
		// The band's gradient's first stop, #2563eb (#60a5fa in the dark theme), and the colour
		// under it, #f3f4f6 (#1f2937).
		"theme/background/2563EB": {rgba(0.1451, 0.3882, 0.9216), rgba(0.3765, 0.6471, 0.9804)},
		"theme/background/F3F4F6": {rgba(0.9529, 0.9569, 0.9647), rgba(0.1216, 0.1608, 0.2157)},
	}
	byID := map[string]resultjson.Variable{}
	for _, v := range vars.Variables {
		byID[v.ID] = v
		w, ok := want[v.Name]
		if !ok {
			t.Errorf("unexpected variable %s", v.Name)
			continue
		}
		delete(want, v.Name)
		if v.Value != w[0] {
			t.Errorf("%s value %v, want %v", v.Name, v.Value, w[0])
		}
		if w[1] == nil {
			if v.ValuesByMode != nil {
				t.Errorf("%s by mode %v, want none", v.Name, v.ValuesByMode)
			}
		} else if len(v.ValuesByMode) != 1 || v.ValuesByMode[resultjson.ModeDark] != w[1] {
			t.Errorf("%s by mode %v, want Dark %v", v.Name, v.ValuesByMode, w[1])
		}
		if strings.HasPrefix(v.Name, "theme/") {
			if v.CodeSyntax != nil {
				t.Errorf("%s code syntax %+v, want none (no custom property)", v.Name, v.CodeSyntax)
			}
		} else if _, prop, _ := strings.Cut(v.Name, "/"); v.CodeSyntax == nil || v.CodeSyntax.WEB != "var(--"+prop+")" {
			t.Errorf("%s code syntax %+v, want var(--%s)", v.Name, v.CodeSyntax, prop)
		}
	}
	for name := range want {
		t.Errorf("no variable %s", name)
	}
	bound := map[string]bool{}
	for _, s := range out.Result.Styles {
		if s.Type != "PAINT" {
			continue
		}
		b := s.Paints[0].BoundVariables
		if b == nil || b.Color == nil {
			t.Errorf("paint style %s is bound to no variable", s.Name)
			continue
		}
		v := byID[b.Color.ID]
		c := s.Paints[0].Color
		if v.Value != (resultjson.RGBA{R: c.R, G: c.G, B: c.B, A: 1}) {
			t.Errorf("paint style %s colour %+v, its variable %s's Light value %v", s.Name, c, v.Name, v.Value)
		}
		bound[v.Name] = true
	}
	for _, name := range []string{"color/brand", "color/ink", "color/surface", "color/line", "theme/text/4B5563", "theme/background/E5E7EB"} {
		if !bound[name] {
			t.Errorf("no paint style bound to %s (bound: %v)", name, bound)
		}
	}
	var note *resultjson.Node
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Type == "TEXT" && n.Characters == "Saved a minute ago draft" {
			note = n
		}
	})
	style := map[string]string{}
	for _, s := range out.Result.Styles {
		style[s.ID] = s.Name
	}
	if note == nil || style[note.FillStyleID] != "Theme/text/4B5563" {
		t.Errorf("the note's text: %v, want its fill in the style Theme/text/4B5563", note)
	}
	// The band: its colour and its gradient's first stop bound to their theme variables, the
	// gradient's transparent end to none, its colours the light ones (no style: several fills
	// are bound on the node's own).
	var band *resultjson.Node
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Fills != nil && len(*n.Fills) == 2 && (*n.Fills)[1].Type == "GRADIENT_LINEAR" {
			band = n
		}
	})
	if band == nil {
		t.Fatal("no node paints the band's colour and gradient")
	}
	alias := func(b *resultjson.PaintBindings, value resultjson.RGBA) string {
		if b == nil || b.Color == nil {
			return "none"
		}
		if v := byID[b.Color.ID]; v.Value == value {
			return v.Name
		}
		return "a variable of another value"
	}
	colour, grad := (*band.Fills)[0], (*band.Fills)[1]
	got := []string{alias(colour.BoundVariables, resultjson.RGBA{R: colour.Color.R, G: colour.Color.G, B: colour.Color.B, A: 1})}
	for _, st := range grad.GradientStops {
		got = append(got, alias(st.BoundVariables, st.Color))
	}
	if want := "theme/background/F3F4F6,theme/background/2563EB,none"; strings.Join(got, ",") != want || band.FillStyleID != "" {
		t.Errorf("band bound to %q (fill style %q), want %q and no style", got, band.FillStyleID, want)
	}
	var tag *resultjson.Node
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Type == "RECTANGLE" {
			tag = n
		}
	})
	if tag == nil || style[tag.FillStyleID] != "Theme/background/E5E7EB" {
		t.Errorf("the tag's line fragment: %v, want its fill in the style Theme/background/E5E7EB", tag)
	}
	// The panel's and the badge's shadow: an EFFECT style of their effects whose colour is bound
	// to the shadow's theme variable; the effect style the two shared before it is gone (no node
	// names it), the styles numbered S:1, S:2, ... without a gap.
	for i, s := range out.Result.Styles {
		if s.ID != "S:"+strconv.Itoa(i+1) || s.Name == "Shadow/Drop 0 4 12" {
			t.Errorf("style %d: %s %q, want S:%d and no unbound shadow style", i, s.ID, s.Name, i+1)
		}
	}
	var panel *resultjson.Node
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if panel == nil && len(n.Effects) > 0 {
			panel = n
		}
	})
	var effects []resultjson.Effect
	for _, s := range out.Result.Styles {
		if panel != nil && s.ID == panel.EffectStyleID && s.Type == "EFFECT" {
			effects = s.Effects
		}
	}
	if len(effects) != 1 || effects[0].BoundVariables == nil || effects[0].BoundVariables.Color == nil ||
		byID[effects[0].BoundVariables.Color.ID].Name != "theme/shadow/111827 15%" || !reflect.DeepEqual(effects[0].Color, panel.Effects[0].Color) {
		t.Errorf("the panel's effect style %s, want its shadow with the colour bound to theme/shadow/111827 15%%", mustJSON(t, effects))
	}
}

func TestGoldenThemes(t *testing.T) {
	t.Parallel()
	checkGolden(t, "themes", loadFixture(t, "themes").convert(t).JSON)
}
