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

// repeatFirst makes the list member key of o n copies of its first entry.
func repeatFirst(o map[string]any, key string, n int) {
	first := o[key].([]any)[0]
	list := make([]any, n)
	for i := range list {
		list[i] = first
	}
	o[key] = list
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
		{"MaxVariableModes", func(r map[string]any, n int) {
			modes := []any{}
			for i := 0; i < n; i++ {
				modes = append(modes, fmt.Sprintf("Mode %d", i))
			}
			modes[1] = "Dark" // the golden's V:1 has a Dark value
			r["variables"].(map[string]any)["modes"] = modes
		}, artifacts.MaxVariableModes},
		{"MaxVariableModeNameLength", func(r map[string]any, n int) {
			r["variables"].(map[string]any)["modes"].([]any)[0] = strings.Repeat("é", n)
		}, artifacts.MaxStyleNameLength},
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
		{"MaxStylePaints", func(r map[string]any, n int) { repeatFirst(styles(r)[1].(map[string]any), "paints", n) }, artifacts.MaxStylePaints},
		{"MaxFontSize", func(r map[string]any, n int) {
			styles(r)[2].(map[string]any)["fontSize"] = n
		}, artifacts.MaxFontSize},
		{"MaxStyleEffects", func(r map[string]any, n int) { repeatFirst(styles(r)[3].(map[string]any), "effects", n) }, artifacts.MaxStyleEffects},
		{"MaxEffectLength", func(r map[string]any, n int) {
			e := styles(r)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)
			e["radius"], e["spread"], e["offset"] = n, -n, map[string]any{"x": -n, "y": n}
		}, artifacts.MaxEffectLength},
		{"MaxLayoutLength", func(r map[string]any, n int) {
			root(r)["children"].([]any)[0].(map[string]any)["paddingLeft"] = n
		}, artifacts.MaxLayoutLength},
		{"MaxLayoutLengthOfMaxWidth", func(r map[string]any, n int) {
			root(r)["children"].([]any)[0].(map[string]any)["maxWidth"] = n
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
	vars := func(r map[string]any) map[string]any { return r["variables"].(map[string]any) }
	brand := func(r map[string]any) map[string]any { return vars(r)["variables"].([]any)[0].(map[string]any) }
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
		{"MinWidthOutsideAutoLayout", func(r map[string]any) {
			delete(nav(r), "layoutMode")
			for _, k := range []string{"paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "itemSpacing", "primaryAxisAlignItems", "counterAxisAlignItems", "layoutSizingHorizontal", "layoutSizingVertical", "minWidth"} {
				delete(nav(r), k)
			}
			nav(r)["children"].([]any)[1].(map[string]any)["minWidth"] = 10
		}, artifacts.ErrInvalidTree},
		{"MinHeightOverMaxHeight", func(r map[string]any) { nav(r)["minHeight"], nav(r)["maxHeight"] = 60, 59.5 }, artifacts.ErrInvalidTree},
		{"NegativeMaxWidth", func(r map[string]any) { nav(r)["maxWidth"] = -1 }, artifacts.ErrInvalidTree},
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
		{"EffectBindingToAMissingVariable", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:404"}}
		}, artifacts.ErrDanglingStyle},
		{"EffectBindingToAFloatVariable", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:2"}}
		}, artifacts.ErrDanglingStyle},
		{"EffectBindingNotAnAlias", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["boundVariables"] =
				map[string]any{"color": map[string]any{"type": "VARIABLE", "id": "V:1"}}
		}, artifacts.ErrInvalidEntry},
		{"BlurColorBound", func(r map[string]any) {
			e := r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)
			e["type"], e["boundVariables"] = "LAYER_BLUR", map[string]any{"color": map[string]any{"type": "VARIABLE_ALIAS", "id": "V:1"}}
			delete(e, "color")
			delete(e, "offset")
			delete(e, "spread")
		}, artifacts.ErrInvalidEntry},
		{"DanglingSegmentTextStyle", func(r map[string]any) { firstSegment(nav(r))["textStyleId"] = "S:404" }, artifacts.ErrDanglingStyle},
		{"PaintStyleAsASegmentTextStyle", func(r map[string]any) { firstSegment(nav(r))["textStyleId"] = "S:1" }, artifacts.ErrDanglingStyle},
		{"EmptySegmentTextStyle", func(r map[string]any) { firstSegment(nav(r))["textStyleId"] = "" }, artifacts.ErrInvalidTree},
		{"EffectStyleAsAFill", func(r map[string]any) { nav(r)["fillStyleId"] = "S:4" }, artifacts.ErrDanglingStyle},
		{"PaintStyleAsEffects", func(r map[string]any) { nav(r)["effectStyleId"] = "S:1" }, artifacts.ErrDanglingStyle},
		{"EffectStyleWithoutEffects", func(r map[string]any) { delete(r["styles"].([]any)[3].(map[string]any), "effects") }, artifacts.ErrInvalidEntry},
		{"EffectStyleWithPaints", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["paints"] = r["styles"].([]any)[1].(map[string]any)["paints"]
		}, artifacts.ErrInvalidEntry},
		{"UnknownEffectType", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["type"] = "GLOW"
		}, artifacts.ErrInvalidEntry},
		{"ShadowWithoutColor", func(r map[string]any) {
			delete(r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any), "color")
		}, artifacts.ErrInvalidEntry},
		{"ShadowColorWithoutAlpha", func(r map[string]any) {
			delete(r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["color"].(map[string]any), "a")
		}, artifacts.ErrInvalidEntry},
		{"ColorVariableWithoutAlpha", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[0].(map[string]any)["value"] = map[string]any{"r": 1, "g": 0, "b": 0}
		}, artifacts.ErrInvalidEntry},
		{"NegativeEffectRadius", func(r map[string]any) {
			r["styles"].([]any)[3].(map[string]any)["effects"].([]any)[0].(map[string]any)["radius"] = -1
		}, artifacts.ErrInvalidEntry},
		{"DuplicateStyleID", func(r map[string]any) {
			r["styles"].([]any)[1].(map[string]any)["id"] = "S:1"
		}, artifacts.ErrInvalidEntry},
		{"ImagePaintStyle", func(r map[string]any) {
			r["styles"].([]any)[1].(map[string]any)["paints"] = []any{map[string]any{"type": "IMAGE"}}
		}, artifacts.ErrInvalidEntry},
		{"ColorVariableOverOne", func(r map[string]any) {
			r["variables"].(map[string]any)["variables"].([]any)[0].(map[string]any)["value"] = map[string]any{"r": 2, "g": 0, "b": 0, "a": 1}
		}, artifacts.ErrInvalidEntry},
		{"NoModes", func(r map[string]any) { vars(r)["modes"] = []any{} }, artifacts.ErrInvalidEntry},
		{"EmptyModeName", func(r map[string]any) { vars(r)["modes"] = []any{"Light", "Dark", ""} }, artifacts.ErrInvalidEntry},
		{"DuplicateModeName", func(r map[string]any) { vars(r)["modes"] = []any{"Light", "Dark", "Dark"} }, artifacts.ErrInvalidEntry},
		{"ValueForAnUnknownMode", func(r map[string]any) { brand(r)["valuesByMode"] = map[string]any{"Dim": brand(r)["value"]} }, artifacts.ErrInvalidEntry},
		{"ValueForTheFirstMode", func(r map[string]any) { brand(r)["valuesByMode"] = map[string]any{"Light": brand(r)["value"]} }, artifacts.ErrInvalidEntry},
		{"ValuesByModeWithoutModes", func(r map[string]any) { delete(vars(r), "modes") }, artifacts.ErrInvalidEntry},
		{"ColorVariableWithANumberByMode", func(r map[string]any) { brand(r)["valuesByMode"] = map[string]any{"Dark": 1} }, artifacts.ErrInvalidEntry},
		{"ColorByModeOverOne", func(r map[string]any) {
			brand(r)["valuesByMode"] = map[string]any{"Dark": map[string]any{"r": 2, "g": 0, "b": 0, "a": 1}}
		}, artifacts.ErrInvalidEntry},
		{"FloatVariableWithAColorByMode", func(r map[string]any) {
			vars(r)["variables"].([]any)[1].(map[string]any)["valuesByMode"] = map[string]any{"Dark": brand(r)["value"]}
		}, artifacts.ErrInvalidEntry},
		{"FloatVariableWithNullByMode", func(r map[string]any) {
			vars(r)["variables"].([]any)[1].(map[string]any)["valuesByMode"] = map[string]any{"Dark": nil}
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
	// A TEXT style takes each textWrapStyle of a TEXT (Figma's TextStyle holds it), and no other;
	// a PAINT style none.
	for _, tc := range []struct {
		name, style, wrap string
		ok                bool
	}{{"Auto", "TEXT", "AUTO", true}, {"Balance", "TEXT", "BALANCE", true}, {"Pretty", "TEXT", "PRETTY", true},
		{"Stable", "TEXT", "STABLE", false}, {"Lowercase", "TEXT", "balance", false}, {"OnPaintStyle", "PAINT", "BALANCE", false}} {
		t.Run("TextStyleWrap"+tc.name, func(t *testing.T) {
			r := version2(t)
			for _, s := range r["styles"].([]any) {
				if s := s.(map[string]any); s["type"] == tc.style {
					s["textWrapStyle"] = tc.wrap
					break
				}
			}
			if err := parse(t, r); (err == nil) != tc.ok || err != nil && !errors.Is(err, artifacts.ErrInvalidEntry) {
				t.Errorf("%s style of textWrapStyle %s: %v, want accepted %v", tc.style, tc.wrap, err, tc.ok)
			}
		})
	}
	// A collection of modes need not give every variable a value in each: a FLOAT without
	// valuesByMode has its value in both; a later mode's value of the right type is taken.
	t.Run("ModesAccepted", func(t *testing.T) {
		r := version2(t)
		vars(r)["variables"].([]any)[1].(map[string]any)["valuesByMode"] = map[string]any{"Dark": 24}
		if err := parse(t, r); err != nil {
			t.Errorf("a FLOAT with a Dark value: %v", err)
		}
	})
	t.Run("SegmentTextStyle", func(t *testing.T) {
		r := version2(t)
		firstSegment(nav(r))["textStyleId"] = "S:3"
		if err := parse(t, r); err != nil {
			t.Errorf("a segment set in a TEXT style: %v", err)
		}
	})
	t.Run("NullMembersAreAbsent", func(t *testing.T) {
		r := version2(t)
		r["styles"], r["variables"], r["diagnostics"] = nil, nil, nil
		delete(nav(r), "fillStyleId")
		kid := nav(r)["children"].([]any)[0].(map[string]any)
		delete(kid, "fillStyleId")
		delete(kid, "textStyleId")
		delete(nav(r)["children"].([]any)[2].(map[string]any), "effectStyleId")
		delete(r["root"].(map[string]any)["children"].([]any)[1].(map[string]any)["children"].([]any)[0].(map[string]any), "effectStyleId")
		if err := parse(t, r); err != nil {
			t.Errorf("null version 2 members: %v", err)
		}
	})
}

// firstSegment is the first styled text segment of the TEXT that is nav's first child.
func firstSegment(nav map[string]any) map[string]any {
	return nav["children"].([]any)[0].(map[string]any)["styledTextSegments"].([]any)[0].(map[string]any)
}

// gridNav turns the golden result's nav (1:2: a TEXT, a RECTANGLE and an ABSOLUTE FRAME) into a
// GRID frame of rows x cols whose TEXT is at 0,0 and RECTANGLE at 0,1, and returns the nav.
func gridNav(r map[string]any, rows, cols int) map[string]any {
	nav := r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
	for _, k := range []string{"itemSpacing", "primaryAxisAlignItems", "counterAxisAlignItems"} {
		delete(nav, k)
	}
	nav["layoutMode"] = "GRID"
	nav["gridRowCount"], nav["gridColumnCount"] = rows, cols
	nav["gridRowGap"], nav["gridColumnGap"] = 0, 8
	sizes := func(n int, first map[string]any) []any {
		out := []any{first}
		for i := 1; i < n; i++ {
			out = append(out, map[string]any{"type": "FLEX", "value": 1})
		}
		return out
	}
	nav["gridRowSizes"] = sizes(rows, map[string]any{"type": "HUG"})
	nav["gridColumnSizes"] = sizes(cols, map[string]any{"type": "FIXED", "value": 180})
	kids := nav["children"].([]any)
	for i, c := range kids[:2] {
		k := c.(map[string]any)
		k["gridRowAnchorIndex"], k["gridColumnAnchorIndex"] = 0, i
		k["gridRowSpan"], k["gridColumnSpan"] = 1, 1
	}
	kids[1].(map[string]any)["gridChildHorizontalAlign"] = "MAX"
	kids[1].(map[string]any)["gridChildVerticalAlign"] = "CENTER"
	return nav
}

// TestGridLimits checks the bounds of the grid members at and one past their edges.
func TestGridLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(r map[string]any, n int)
		edge int
	}{
		{"MaxGridTracksRows", func(r map[string]any, n int) { gridNav(r, n, 2) }, artifacts.MaxGridTracks},
		{"MaxGridTracksColumns", func(r map[string]any, n int) { gridNav(r, 1, n) }, artifacts.MaxGridTracks},
		{"MaxGridSpan", func(r map[string]any, n int) {
			nav := gridNav(r, 1, artifacts.MaxGridTracks)
			delete(nav, "gridColumnSizes")
			nav["gridColumnCount"] = n
			kids := nav["children"].([]any)
			nav["children"] = append(kids[:1], kids[2])
			kids[0].(map[string]any)["gridColumnSpan"] = n
		}, artifacts.MaxGridTracks},
		{"MaxGridAnchor", func(r map[string]any, n int) {
			nav := gridNav(r, 1, artifacts.MaxGridTracks)
			delete(nav, "gridColumnSizes")
			nav["children"].([]any)[1].(map[string]any)["gridColumnAnchorIndex"] = n
		}, artifacts.MaxGridTracks - 1},
		{"MaxGridGap", func(r map[string]any, n int) { gridNav(r, 1, 2)["gridColumnGap"] = n }, artifacts.MaxLayoutLength},
		{"MaxFlexTrack", func(r map[string]any, n int) {
			gridNav(r, 1, 2)["gridColumnSizes"].([]any)[1].(map[string]any)["value"] = n
		}, artifacts.MaxLayoutLength},
		{"MaxFixedTrack", func(r map[string]any, n int) {
			gridNav(r, 1, 2)["gridColumnSizes"].([]any)[0].(map[string]any)["value"] = n
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
			if err := parse(t, past); !errors.Is(err, artifacts.ErrInvalidTree) {
				t.Errorf("one past the limit (%d): got %v, want ErrInvalidTree", tc.edge+1, err)
			}
		})
	}
}

// TestGridRules: a GRID frame and its children as the converter writes them are accepted; each
// rule the schema cannot state is refused with its reason.
func TestGridRules(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		r := version2(t)
		gridNav(r, 2, 3)
		if err := parse(t, r); err != nil {
			t.Fatal(err)
		}
	})
	kid := func(nav map[string]any, i int) map[string]any { return nav["children"].([]any)[i].(map[string]any) }
	for _, tc := range []struct {
		name    string
		breakIt func(nav map[string]any)
		reason  string
	}{
		{"GridWithoutRowCount", func(nav map[string]any) { delete(nav, "gridRowCount"); delete(nav, "gridRowSizes") }, `GRID frame "1:2" has no gridRowCount`},
		{"TrackSizesOfAnotherCount", func(nav map[string]any) { nav["gridColumnCount"] = 3 }, `GRID frame "1:2" has 2 gridColumnSizes for gridColumnCount 3`},
		{"GridMembersOnARow", func(nav map[string]any) {
			nav["layoutMode"] = "HORIZONTAL"
			for _, i := range []int{0, 1} {
				for _, k := range []string{"gridRowAnchorIndex", "gridColumnAnchorIndex", "gridRowSpan", "gridColumnSpan", "gridChildHorizontalAlign", "gridChildVerticalAlign"} {
					delete(kid(nav, i), k)
				}
			}
		}, `node "1:2" has gridRowCount but is not a GRID frame (layoutMode GRID)`},
		{"ItemSpacingOnAGrid", func(nav map[string]any) { nav["itemSpacing"] = 4 }, `node "1:2" has itemSpacing without auto layout (layoutMode HORIZONTAL or VERTICAL)`},
		{"FixedTrackWithoutValue", func(nav map[string]any) { nav["gridColumnSizes"].([]any)[0] = map[string]any{"type": "FIXED"} }, `"gridColumnSizes"[0] is FIXED, which needs a value of px from 0 to 100000`},
		{"HugTrackWithValue", func(nav map[string]any) { nav["gridRowSizes"].([]any)[0] = map[string]any{"type": "HUG", "value": 3} }, `"gridRowSizes"[0] is HUG, which has no value`},
		{"FlexTrackOfZero", func(nav map[string]any) {
			nav["gridColumnSizes"].([]any)[1] = map[string]any{"type": "FLEX", "value": 0}
		}, `"gridColumnSizes"[1] is FLEX, whose value must be above 0 and at most 100000`},
		{"UnknownTrackMember", func(nav map[string]any) {
			nav["gridColumnSizes"].([]any)[1] = map[string]any{"type": "FLEX", "unit": "fr"}
		}, `"gridColumnSizes"[1] has an unknown member "unit"`},
		{"NegativeGap", func(nav map[string]any) { nav["gridRowGap"] = -1 }, `"gridRowGap" must be a number of px from 0 to 100000`},
		{"ZeroSpan", func(nav map[string]any) { kid(nav, 0)["gridColumnSpan"] = 0 }, `"gridColumnSpan" must be an integer from 1 to 1000`},
		{"FractionalAnchor", func(nav map[string]any) { kid(nav, 0)["gridRowAnchorIndex"] = 0.5 }, `"gridRowAnchorIndex" must be an integer from 0 to 999`},
		{"AnchorOutsideTheGrid", func(nav map[string]any) { kid(nav, 1)["gridColumnAnchorIndex"] = 2 }, `node "1:4" covers rows 0-0 and columns 2-2, outside the 1 rows and 2 columns of GRID frame "1:2"`},
		{"SpanPastTheGrid", func(nav map[string]any) { kid(nav, 1)["gridRowSpan"] = 2 }, `node "1:4" covers rows 0-1 and columns 1-1, outside the 1 rows and 2 columns of GRID frame "1:2"`},
		{"SharedCell", func(nav map[string]any) { kid(nav, 0)["gridColumnSpan"] = 2 }, `node "1:4" covers row 0, column 1 of GRID frame "1:2", which another child covers`},
		{"ChildWithoutCell", func(nav map[string]any) {
			delete(kid(nav, 1), "gridRowAnchorIndex")
			delete(kid(nav, 1), "gridColumnAnchorIndex")
		}, `node "1:4" in GRID frame "1:2" has no gridRowAnchorIndex and gridColumnAnchorIndex`},
		{"OneAnchorOnly", func(nav map[string]any) { delete(kid(nav, 1), "gridRowAnchorIndex") }, `node "1:4" has one of gridRowAnchorIndex and gridColumnAnchorIndex without the other`},
		{"AbsoluteChildWithACell", func(nav map[string]any) { kid(nav, 2)["gridRowSpan"] = 1 }, `node "1:5" is ABSOLUTE in GRID frame "1:2" but has gridRowSpan`},
		{"UnknownAlignment", func(nav map[string]any) { kid(nav, 1)["gridChildVerticalAlign"] = "STRETCH" }, `"gridChildVerticalAlign" has an unknown value "STRETCH"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := version2(t)
			tc.breakIt(gridNav(r, 1, 2))
			err := parse(t, r)
			if !errors.Is(err, artifacts.ErrInvalidTree) || !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("got %v, want ErrInvalidTree with %q", err, tc.reason)
			}
		})
	}
	t.Run("CellMembersOutsideAGrid", func(t *testing.T) {
		r := version2(t)
		r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)["children"].([]any)[0].(map[string]any)["gridRowSpan"] = 1
		if err := parse(t, r); err == nil || !strings.Contains(err.Error(), `node "1:3" has gridRowSpan but its parent "1:2" is not a GRID frame`) {
			t.Errorf("got %v", err)
		}
	})
}

// TestItemReverseZIndex: itemReverseZIndex is a boolean of an auto-layout frame; a frame without
// layoutMode or a value of another kind is refused.
func TestItemReverseZIndex(t *testing.T) {
	nav := func(r map[string]any) map[string]any {
		return r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
	}
	for _, v := range []bool{true, false} {
		r := version2(t)
		nav(r)["itemReverseZIndex"] = v
		if err := parse(t, r); err != nil {
			t.Errorf("itemReverseZIndex %v on a HORIZONTAL frame: %v", v, err)
		}
	}
	for _, tc := range []struct {
		name   string
		set    func(r map[string]any)
		reason string
	}{
		{"NotABoolean", func(r map[string]any) { nav(r)["itemReverseZIndex"] = 1 }, `"itemReverseZIndex" must be a boolean`},
		{"WithoutAutoLayout", func(r map[string]any) { r["root"].(map[string]any)["itemReverseZIndex"] = true },
			`has itemReverseZIndex without auto layout (layoutMode HORIZONTAL, VERTICAL or GRID)`},
	} {
		r := version2(t)
		tc.set(r)
		if err := parse(t, r); !errors.Is(err, artifacts.ErrInvalidTree) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s: got %v, want ErrInvalidTree with %q", tc.name, err, tc.reason)
		}
	}
}

// TestGradientStopBindings: a gradient stop of a node's fills may bind its colour to a COLOR
// variable of the result; a binding to a missing or FLOAT variable, or not by VARIABLE_ALIAS, is
// refused, and so are a gradient paint's own binding and a SOLID fill's to a missing variable.
func TestGradientStopBindings(t *testing.T) {
	gradient := func(r map[string]any, binding map[string]any) {
		nav := r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
		nav["fills"] = []any{map[string]any{"type": "GRADIENT_LINEAR", "gradientTransform": []any{[]any{1, 0, 0}, []any{0, 1, 0}},
			"gradientStops": []any{
				map[string]any{"position": 0, "color": map[string]any{"r": 0, "g": 0, "b": 1, "a": 1}, "boundVariables": binding},
				map[string]any{"position": 1, "color": map[string]any{"r": 1, "g": 1, "b": 1, "a": 1}},
			}}}
		delete(nav, "fillStyleId")
	}
	alias := func(typ, id string) map[string]any {
		return map[string]any{"color": map[string]any{"type": typ, "id": id}}
	}
	for _, tc := range []struct {
		name  string
		set   func(r map[string]any)
		cause error
	}{
		{"BoundToAColorVariable", func(r map[string]any) { gradient(r, alias("VARIABLE_ALIAS", "V:1")) }, nil},
		{"NoBinding", func(r map[string]any) { gradient(r, map[string]any{}) }, nil},
		{"BoundToAMissingVariable", func(r map[string]any) { gradient(r, alias("VARIABLE_ALIAS", "V:404")) }, artifacts.ErrDanglingStyle},
		{"BoundToAFloatVariable", func(r map[string]any) { gradient(r, alias("VARIABLE_ALIAS", "V:2")) }, artifacts.ErrDanglingStyle},
		{"BoundNotByAlias", func(r map[string]any) { gradient(r, alias("VARIABLE", "V:1")) }, artifacts.ErrInvalidTree},
		{"BindingOtherThanColor", func(r map[string]any) { gradient(r, map[string]any{"opacity": 1}) }, artifacts.ErrInvalidTree},
		{"GradientPaintBound", func(r map[string]any) {
			gradient(r, map[string]any{})
			nav := r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
			nav["fills"].([]any)[0].(map[string]any)["boundVariables"] = alias("VARIABLE_ALIAS", "V:1")
		}, artifacts.ErrInvalidTree},
		{"SolidBoundToAMissingVariable", func(r map[string]any) {
			nav := r["root"].(map[string]any)["children"].([]any)[0].(map[string]any)
			nav["fills"] = []any{map[string]any{"type": "SOLID", "color": map[string]any{"r": 0, "g": 0, "b": 1}, "boundVariables": alias("VARIABLE_ALIAS", "V:404")}}
			delete(nav, "fillStyleId")
		}, artifacts.ErrDanglingStyle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := version2(t)
			tc.set(r)
			err := parse(t, r)
			switch {
			case tc.cause == nil && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.cause != nil && !errors.Is(err, tc.cause):
				t.Fatalf("error %v, want %v", err, tc.cause)
			}
		})
	}
}
