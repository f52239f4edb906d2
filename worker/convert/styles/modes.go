package styles

import (
	"reflect"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Modes gives the collection vars the page's light and dark themes as the modes Light and Dark
// (docs/conversion.md "Themes as variable modes"): each variable whose custom property has
// another value of the same type under prefers-color-scheme: dark (dark, the capture's
// dark_custom_properties) gets it as its Dark value; Value stays the Light one, the page as
// captured. The paint styles bound to those variables follow the mode. Nothing changes when
// there is no collection, no dark read, or no variable whose value differs: a theme that
// changes no custom property gives no modes.
func Modes(vars *resultjson.Variables, dark []capturemodel.CustomProperty) {
	if vars == nil || len(dark) == 0 {
		return
	}
	byName := make(map[string]capturemodel.CustomProperty, len(dark))
	for _, p := range dark {
		byName[p.Name] = p
	}
	changed := false
	for i := range vars.Variables {
		v := &vars.Variables[i]
		p, ok := byName[v.Property]
		if !ok {
			continue
		}
		typ, value, ok := variableValue(p)
		if !ok || typ != v.ResolvedType || reflect.DeepEqual(value, v.Value) {
			continue
		}
		v.ValuesByMode = map[string]any{resultjson.ModeDark: value}
		changed = true
	}
	if changed {
		vars.Modes = []string{resultjson.ModeLight, resultjson.ModeDark}
	}
}
