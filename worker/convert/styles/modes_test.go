package styles_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/styles"
)

// TestModes: a custom property the dark theme changes gets its dark value under Dark (a colour
// and a length alike), one it leaves alone, one it turns into another type and one it declares
// only in the dark have none; the collection then has the modes Light and Dark, and Value stays
// the light one. A dark read that changes nothing, or no dark read, gives no modes.
func TestModes(t *testing.T) {
	light := []capturemodel.CustomProperty{
		{Name: "--bg", Value: "#fff", Color: "rgb(255, 255, 255)"},
		{Name: "--muted", Value: "#6b7280", Color: "rgb(107, 114, 128)"},
		{Name: "--gap", Value: "8px"},
		{Name: "--edge", Value: "1px"},
	}
	dark := []capturemodel.CustomProperty{
		{Name: "--bg", Value: "#000", Color: "rgb(0, 0, 0)"},
		{Name: "--muted", Value: "#6b7280", Color: "rgb(107, 114, 128)"},
		{Name: "--gap", Value: "12px"},
		{Name: "--edge", Value: "red", Color: "rgb(255, 0, 0)"},
		{Name: "--only-dark", Value: "#111", Color: "rgb(17, 17, 17)"},
	}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	_, vars := styles.Build(root, light)
	styles.Modes(vars, dark)
	if len(vars.Modes) != 2 || vars.Modes[0] != resultjson.ModeLight || vars.Modes[1] != resultjson.ModeDark {
		t.Fatalf("modes %v, want Light, Dark", vars.Modes)
	}
	got := map[string]resultjson.Variable{}
	for _, v := range vars.Variables {
		got[v.Name] = v
	}
	if v := got["color/bg"]; v.Value != (resultjson.RGBA{R: 1, G: 1, B: 1, A: 1}) || v.ValuesByMode[resultjson.ModeDark] != (resultjson.RGBA{A: 1}) || len(v.ValuesByMode) != 1 {
		t.Errorf("color/bg value %v by mode %v, want white and Dark black", v.Value, v.ValuesByMode)
	}
	if v := got["size/gap"]; v.Value != 8.0 || v.ValuesByMode[resultjson.ModeDark] != 12.0 {
		t.Errorf("size/gap value %v by mode %v, want 8 and Dark 12", v.Value, v.ValuesByMode)
	}
	for _, name := range []string{"color/muted", "size/edge"} {
		if v := got[name]; v.ValuesByMode != nil {
			t.Errorf("%s by mode %v, want none", name, v.ValuesByMode)
		}
	}
	if len(vars.Variables) != 4 {
		t.Errorf("%d variables, want 4 (none for a property declared only in the dark)", len(vars.Variables))
	}

	for name, dark := range map[string][]capturemodel.CustomProperty{"Unchanged": light, "NoDarkRead": nil} {
		_, vars := styles.Build(root, light)
		styles.Modes(vars, dark)
		if vars.Modes != nil {
			t.Errorf("%s: modes %v, want none", name, vars.Modes)
		}
		for _, v := range vars.Variables {
			if v.ValuesByMode != nil {
				t.Errorf("%s: %s by mode %v, want none", name, v.Name, v.ValuesByMode)
			}
		}
	}
	styles.Modes(nil, dark) // no collection: nothing to do, no panic
}
