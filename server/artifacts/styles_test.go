package artifacts_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
)

// version2 returns the golden version 2 result as a map to change.
func version2(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile("../../testdata/workers/result.json")
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func parse(t *testing.T, r map[string]any) error {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = artifacts.ParseResult(b)
	return err
}

// TestVersion2Limits checks every bound of the version 2 members at and one past its edge.
func TestVersion2Limits(t *testing.T) {
	paintStyle := func(i int) any {
		return map[string]any{"id": fmt.Sprintf("P:%d", i), "type": "PAINT", "name": fmt.Sprintf("p%d", i),
			"paints": []any{map[string]any{"type": "SOLID", "color": map[string]any{"r": 0, "g": 0, "b": 0}}}}
	}
	styles := func(r map[string]any) []any { return r["styles"].([]any) }
	root := func(r map[string]any) map[string]any { return r["root"].(map[string]any) }
	for _, tc := range []struct {
		name string
		set  func(r map[string]any, n int)
		edge int
	}{
		{"MaxStyles", func(r map[string]any, n int) {
			for i := len(styles(r)); i < n; i++ {
				r["styles"] = append(styles(r), paintStyle(i))
			}
		}, artifacts.MaxStyles},
		{"MaxVariables", func(r map[string]any, n int) {
			vars := r["variables"].(map[string]any)
			list := vars["variables"].([]any)
			for i := len(list); i < n; i++ {
				list = append(list, map[string]any{"id": fmt.Sprintf("W:%d", i), "name": "v", "resolvedType": "FLOAT", "value": i})
			}
			vars["variables"] = list
		}, artifacts.MaxVariables},
		{"MaxDiagnostics", func(r map[string]any, n int) {
			var ds []any
			for i := 0; i < n; i++ {
				ds = append(ds, map[string]any{"code": "AUTO_LAYOUT_SKIPPED", "message": "m"})
			}
			r["diagnostics"] = ds
		}, artifacts.MaxDiagnostics},
		{"MaxStyleNameLength", func(r map[string]any, n int) {
			styles(r)[0].(map[string]any)["name"] = strings.Repeat("é", n)
		}, artifacts.MaxStyleNameLength},
		{"MaxStyleDescriptionLength", func(r map[string]any, n int) {
			styles(r)[0].(map[string]any)["description"] = strings.Repeat("d", n)
		}, artifacts.MaxStyleNameLength},
		{"MaxStylePaints", func(r map[string]any, n int) {
			s := styles(r)[1].(map[string]any)
			p := s["paints"].([]any)[0]
			var ps []any
			for i := 0; i < n; i++ {
				ps = append(ps, p)
			}
			s["paints"] = ps
		}, artifacts.MaxStylePaints},
		{"MaxFontSize", func(r map[string]any, n int) {
			styles(r)[2].(map[string]any)["fontSize"] = n
		}, artifacts.MaxFontSize},
		{"MaxLayoutLength", func(r map[string]any, n int) {
			root(r)["children"].([]any)[0].(map[string]any)["paddingLeft"] = n
		}, artifacts.MaxLayoutLength},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := version2(t)
			tc.set(at, tc.edge)
			if err := parse(t, at); err != nil {
				t.Errorf("at the limit (%d): %v", tc.edge, err)
			}
			past := version2(t)
			tc.set(past, tc.edge+1)
			if err := parse(t, past); err == nil {
				t.Errorf("one past the limit (%d) is accepted", tc.edge+1)
			}
		})
	}
}

// TestVersion2Rules: what the schema cannot say, the parser refuses with a named cause.
func TestVersion2Rules(t *testing.T) {
	nav := func(r map[string]any) map[string]any {
		return r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
	}
	for _, tc := range []struct {
		name    string
		breakIt func(r map[string]any)
		cause   error
	}{
		{"FillOutsideAutoLayout", func(r map[string]any) {
			delete(nav(r), "layoutMode")
			for _, k := range []string{"paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "itemSpacing", "primaryAxisAlignItems", "counterAxisAlignItems", "layoutSizingHorizontal", "layoutSizingVertical"} {
				delete(nav(r), k)
			}
			nav(r)["children"].([]any)[1].(map[string]any)["layoutSizingVertical"] = "FILL"
		}, artifacts.ErrInvalidTree},
		{"AbsoluteOutsideAutoLayout", func(r map[string]any) {
			r["root"].(map[string]any)["children"].([]any)[1].(map[string]any)["layoutPositioning"] = "ABSOLUTE"
		}, artifacts.ErrInvalidTree},
		{"HugOnARectangle", func(r map[string]any) {
			nav(r)["children"].([]any)[1].(map[string]any)["layoutSizingHorizontal"] = "HUG"
		}, artifacts.ErrInvalidTree},
		{"DanglingStrokeStyle", func(r map[string]any) { nav(r)["strokeStyleId"] = "S:404" }, artifacts.ErrDanglingStyle},
		{"TextStyleAsAFill", func(r map[string]any) { nav(r)["fillStyleId"] = "S:3" }, artifacts.ErrDanglingStyle},
		{"BindingToAMissingVariable", func(r map[string]any) {
			r["styles"].([]any)[0].(map[string]any)["paints"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:404"}}
		}, artifacts.ErrDanglingStyle},
		{"BindingToAFloatVariable", func(r map[string]any) {
			r["styles"].([]any)[0].(map[string]any)["paints"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:2"}}
		}, artifacts.ErrDanglingStyle},
		{"DuplicateStyleID", func(r map[string]any) {
			r["styles"].([]any)[1].(map[string]any)["id"] = "S:1"
		}, artifacts.ErrInvalidEntry},
		{"ImagePaintStyle", func(r map[string]any) {
			r["styles"].([]any)[1].(map[string]any)["paints"] = []any{map[string]any{"type": "IMAGE"}}
		}, artifacts.ErrInvalidEntry},
		{"ColorVariableOverOne", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[0].(map[string]any)["value"] = map[string]any{"r": 2, "g": 0, "b": 0, "a": 1}
		}, artifacts.ErrInvalidEntry},
		{"UnknownScrollBehavior", func(r map[string]any) { nav(r)["scrollBehavior"] = "PARALLAX" }, artifacts.ErrInvalidTree},
		{"NegativePadding", func(r map[string]any) { nav(r)["paddingTop"] = -1 }, artifacts.ErrInvalidTree},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := version2(t)
			tc.breakIt(r)
			if err := parse(t, r); !errors.Is(err, tc.cause) {
				t.Errorf("got %v, want %v", err, tc.cause)
			}
		})
	}
	// A TEXT style takes every textCase the schema names (small capitals too), and no other.
	for tc, ok := range map[string]bool{"SMALL_CAPS": true, "SMALL_CAPS_FORCED": true, "TITLE": true, "PETITE_CAPS": false} {
		t.Run("TextStyleCase"+tc, func(t *testing.T) {
			r := version2(t)
			r["styles"].([]any)[2].(map[string]any)["textCase"] = tc
			if err := parse(t, r); (err == nil) != ok {
				t.Errorf("textCase %s: %v, want accepted %v", tc, err, ok)
			}
		})
	}
	t.Run("NullMembersAreAbsent", func(t *testing.T) {
		r := version2(t)
		r["styles"], r["variables"], r["diagnostics"] = nil, nil, nil
		delete(nav(r), "fillStyleId")
		kid := nav(r)["children"].([]any)[0].(map[string]any)
		delete(kid, "fillStyleId")
		delete(kid, "textStyleId")
		if err := parse(t, r); err != nil {
			t.Errorf("null version 2 members: %v", err)
		}
	})
}
