package callbacks_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/callbacks"
)

// version2 turns a result of newResult into a version 2 result with an auto-layout root, a
// paint style bound to a COLOR variable, a text style, a FLOAT variable and a diagnostic.
func version2(r map[string]any) {
	r["manifest"].(map[string]any)["version"] = 2
	root := r["root"].(map[string]any)
	root["layoutMode"] = "VERTICAL"
	root["itemSpacing"] = 8
	root["fillStyleId"] = "S:1"
	root["children"] = []any{map[string]any{"type": "TEXT", "id": "1:9", "name": "t", "characters": "Hi",
		"layoutSizingHorizontal": "FILL", "layoutSizingVertical": "HUG", "textStyleId": "S:2"}}
	r["styles"] = []any{
		map[string]any{"id": "S:1", "type": "PAINT", "name": "Color/brand", "paints": []any{map[string]any{"type": "SOLID",
			"color": map[string]any{"r": 0.1, "g": 0.2, "b": 0.3}, "boundVariables": map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:1"}}}}},
		map[string]any{"id": "S:2", "type": "TEXT", "name": "Text/Body 16", "fontName": map[string]any{"family": "Inter", "style": "Regular"}, "fontSize": 16},
	}
	r["variables"] = map[string]any{"collection": "CSS custom properties", "variables": []any{
		map[string]any{"id": "V:1", "name": "color/brand", "resolvedType": "COLOR", "value": map[string]any{"r": 0.1, "g": 0.2, "b": 0.3, "a": 1}},
		map[string]any{"id": "V:2", "name": "size/space", "resolvedType": "FLOAT", "value": 16},
	}}
	r["diagnostics"] = []any{map[string]any{"code": "AUTO_LAYOUT_SKIPPED", "message": "why", "node_id": "1:1"}}
}

// TestCode2DesVersion2Refused: the members of result version 2 (auto layout, styles, variables)
// are checked when the callback arrives: unknown layout values, style references that do not
// resolve and variables of the wrong type are answered 422 and fail the job; a well-formed
// version 2 result is applied.
func TestCode2DesVersion2Refused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	source := e.completedPageImport(strings.Repeat("3", 64))
	root := func(r map[string]any) map[string]any { return r["root"].(map[string]any) }
	kid := func(r map[string]any) map[string]any { return root(r)["children"].([]any)[0].(map[string]any) }
	for _, tc := range []struct {
		name    string
		breakIt func(r map[string]any)
		message string
	}{
		{"UnknownLayoutMode", func(r map[string]any) { root(r)["layoutMode"] = "DIAGONAL" },
			`result node tree: "layoutMode" has an unknown value "DIAGONAL"`},
		{"UnknownSizing", func(r map[string]any) { kid(r)["layoutSizingHorizontal"] = "STRETCH" },
			`result node tree: "layoutSizingHorizontal" has an unknown value "STRETCH"`},
		{"FillOutsideAutoLayout", func(r map[string]any) { delete(root(r), "layoutMode"); delete(root(r), "itemSpacing") },
			`node "1:9" has layoutSizingHorizontal FILL but its parent "1:1" has no auto layout`},
		{"WrapOfAColumn", func(r map[string]any) { root(r)["layoutWrap"] = "WRAP" },
			`wraps (layoutWrap WRAP) but is not HORIZONTAL`},
		{"DanglingFillStyle", func(r map[string]any) { root(r)["fillStyleId"] = "S:9" },
			`fillStyleId "S:9" of node "1:1" names no entry of styles`},
		{"TextStyleAsFill", func(r map[string]any) { root(r)["fillStyleId"] = "S:2" },
			`fillStyleId "S:2" of node "1:1" names a TEXT style, want PAINT`},
		{"PaintBoundToAFloatVariable", func(r map[string]any) {
			r["styles"].([]any)[0].(map[string]any)["paints"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:2"}}
		}, `binds its color to variable "V:2", which is a FLOAT, not a COLOR`},
		{"ColorVariableWithANumber", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[0].(map[string]any)["value"] = 3
		}, `result variable "V:1" is a COLOR but its value is not {r, g, b, a} in 0-1`},
		{"FloatVariableWithAColor", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[1].(map[string]any)["value"] = map[string]any{"r": 1}
		}, `result variable "V:2" is a FLOAT but its value is not a number`},
		{"UnknownVariableType", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[1].(map[string]any)["resolvedType"] = "STRING"
		}, `result variable "V:2" has an unknown resolvedType`},
		{"StylesInVersion1", func(r map[string]any) {
			r["manifest"].(map[string]any)["version"] = 1
			delete(r, "variables")
			delete(r, "diagnostics")
		}, `result member "styles" needs manifest version 2`},
		{"AutoLayoutInVersion1", func(r map[string]any) {
			r["manifest"].(map[string]any)["version"] = 1
			for _, k := range []string{"styles", "variables", "diagnostics"} {
				delete(r, k)
			}
			delete(root(r), "fillStyleId")
			delete(kid(r), "textStyleId")
		}, "auto layout, scroll behaviour, style and component members need manifest version 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job := e.code2des(source)
			r := newResult(job, source, 0)
			cb := e.storeResult(job, r)
			version2(r)
			tc.breakIt(r)
			e.put(models.Code2DesArtifactPrefix("", job.ID, 1)+"result.json", mustJSON(t, r))
			a := e.postJSON(callbacks.Code2DesPath, cb)
			if a.status != 422 || a.errorCode() != "artifact_invalid" || !strings.Contains(a.body.Error.Message, tc.message) {
				t.Errorf("got %v, want 422 with %q", a, tc.message)
			}
			if row := e.readCode2Des(job.ID); row.Status != models.Code2DesFailed || row.ResultURL != nil {
				t.Errorf("job after 422: %+v", row)
			}
		})
	}
	t.Run("Version2IsApplied", func(t *testing.T) {
		job := e.code2des(source)
		r := newResult(job, source, 0)
		cb := e.storeResult(job, r)
		version2(r)
		e.put(models.Code2DesArtifactPrefix("", job.ID, 1)+"result.json", mustJSON(t, r))
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Errorf("version 2 result: %v, want applied", a)
		}
	})
}
