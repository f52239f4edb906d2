package artifacts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// variants is a componentVariants member (with its leading comma) of the given variants.
func variants(vs ...string) string {
	return `,"componentVariants":[` + strings.Join(vs, ",") + `]`
}

// variant is one variant of State state with the given overrides.
func variant(state string, overrides ...string) string {
	return fmt.Sprintf(`{"variantProperties":{"State":%q},"overrides":[%s]}`, state, strings.Join(overrides, ","))
}

const (
	blueFill   = `{"id":"a","fills":[{"type":"SOLID","color":{"r":0,"g":0,"b":1}}]}`
	whiteLabel = `{"id":"at","fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1}}],"styledTextSegments":[{"characters":"Alpha","start":0,"end":5,"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1}}]}]}`
)

// manyOverrides is a variant of n overrides, of the use "a" and n-1 TEXT nodes "t<i>" inside it.
func manyOverrides(n int) string {
	kids := make([]string, n-1)
	over := []string{`{"id":"a","opacity":0.5}`}
	for i := range n - 1 {
		kids[i] = fmt.Sprintf(`{"type":"TEXT","id":"t%d","name":"","characters":"x"}`, i)
		over = append(over, fmt.Sprintf(`{"id":"t%d","opacity":0.5}`, i))
	}
	tree := componentTree(`{"type":"FRAME","id":"a","name":"","componentId":"C:1","componentName":"List"` +
		variants(variant("Hover", over...)) + `,"children":[` + strings.Join(kids, ",") + `]}`)
	return tree
}

// listUse is a component's only use holding two lists, with a Hover variant of overrides.
func listUse(overrides ...string) string {
	seg := `"styledTextSegments":[{"start":0,"end":1,"listOptions":{"type":"UNORDERED"}}]`
	return componentTree(`{"type":"FRAME","id":"a","name":"","componentId":"C:1","componentName":"Lists"` + variants(variant("Hover", overrides...)) + `,"children":[` +
		`{"type":"TEXT","id":"m1","name":"","characters":"•"},` +
		`{"type":"TEXT","id":"t1","name":"","characters":"a","listText":{"characters":"a\nb","height":40,"styledTextSegments":[{"start":0,"end":3,"listOptions":{"type":"UNORDERED"},"listSpacing":8}],"replaces":["m1","m2","t2"]}},` +
		`{"type":"TEXT","id":"m2","name":"","characters":"•"},{"type":"TEXT","id":"t2","name":"","characters":"b"},` +
		`{"type":"TEXT","id":"m3","name":"","characters":"•","listMarker":true},{"type":"TEXT","id":"t3","name":"","characters":"c",` + seg + `}]}`)
}

func TestComponentVariantRules(t *testing.T) {
	t.Parallel()
	const name = `,"componentName":"Card"`
	atMax := manyOverrides(MaxVariantOverrides)
	pastMax := manyOverrides(MaxVariantOverrides + 1)
	cases := []treeCase{
		{"OKHoverAndFocus", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", blueFill, whiteLabel), variant("Focus", `{"id":"a","effects":[],"strokes":[],"strokeWeight":2}`)), "", "Alpha"), use("b", 110, "C:1", "", "", "Beta")), ""},
		{"OKOverridesAtMax", atMax, ""},
		{"OKShowsALayer", componentTree(use("a", 0, "C:1", name+variants(variant("Focus", `{"id":"at","visible":true}`)), "", "Alpha")), ""},
		{"ErrVisibleNotBoolean", componentTree(use("a", 0, "C:1", name+variants(variant("Focus", `{"id":"at","visible":"yes"}`)), "", "Alpha")), `"visible" must be a boolean`},
		{"ErrOverridesPastMax", pastMax, fmt.Sprintf("more than %d overrides", MaxVariantOverrides)},
		{"ErrThreeVariants", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", blueFill), variant("Focus", blueFill), variant("Hover", blueFill)), "", "Alpha")), fmt.Sprintf("more than %d variants", MaxComponentVariants)},
		{"ErrSameStateTwice", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", blueFill), variant("Hover", blueFill)), "", "Alpha")), `two variants have State "Hover"`},
		{"ErrDefaultState", componentTree(use("a", 0, "C:1", name+variants(variant("Default", blueFill)), "", "Alpha")), `State "Default", want Hover or Focus`},
		{"ErrOtherProperty", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"Size":"Large"},"overrides":[`+blueFill+`]}]`, "", "Alpha")), `unknown property "Size"`},
		{"ErrNoOverrides", componentTree(use("a", 0, "C:1", name+variants(variant("Hover")), "", "Alpha")), "has no overrides and no rescale"},
		{"ErrNoOverridesMember", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"rescale":1.05}]`, "", "Alpha")), "has no overrides member"},
		{"OKRescaleOnly", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[],"rescale":1.05}]`, "", "Alpha")), ""},
		{"OKRescaleAtMin", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[`+blueFill+`],"rescale":0.01}]`, "", "Alpha")), ""},
		{"OKRescaleAtMax", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[],"rescale":100}]`, "", "Alpha")), ""},
		{"ErrRescalePastMin", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[],"rescale":0.0099}]`, "", "Alpha")), `"rescale" must be a number from 0.01 to 100`},
		{"ErrRescalePastMax", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[],"rescale":100.01}]`, "", "Alpha")), `"rescale" must be a number from 0.01 to 100`},
		{"ErrRescaleNotNumber", componentTree(use("a", 0, "C:1", name+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[],"rescale":"1.05"}]`, "", "Alpha")), `"rescale" must be a number`},
		{"ErrEmpty", componentTree(use("a", 0, "C:1", name+variants(), "", "Alpha")), `"componentVariants" is empty`},
		{"ErrGeometryMember", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"id":"a","width":120}`)), "", "Alpha")), `an override sets "width"`},
		{"ErrIDOutsideUse", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"id":"bt","opacity":0.5}`)), "", "Alpha"), use("b", 110, "C:1", "", "", "Beta")), `override of node "bt", which is not in its subtree`},
		{"ErrUnknownID", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"id":"zz","opacity":0.5}`)), "", "Alpha")), `node "zz", which is not in its subtree`},
		// A use holding a spaced list (the first item's listText replaces the marker m1 and the
		// item t2) and a touching one (its marker m3 is a listMarker): those are no layers of a
		// reader that draws lists, so no variant overrides them.
		{"ErrOverrideOfAListText", listUse(`{"id":"t1","opacity":0.5}`), `override of node "t1", which a list draws`},
		{"OKOverrideOfAListsFrame", listUse(`{"id":"a","opacity":0.5}`), ""},
		{"ErrOverrideOfAReplacedItem", listUse(`{"id":"t2","opacity":0.5}`), `override of node "t2", which a list draws`},
		{"ErrOverrideOfAListMarker", listUse(`{"id":"m3","opacity":0.5}`), `override of node "m3", which a list draws`},
		{"ErrIDTwice", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", blueFill, blueFill)), "", "Alpha")), `overrides node "a" twice`},
		{"ErrNoID", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"opacity":0.5}`)), "", "Alpha")), "an override has no id"},
		{"ErrSegmentsOnFrame", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"id":"a","styledTextSegments":[]}`)), "", "Alpha")), "which is no TEXT"},
		{"ErrSegmentsPastText", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", strings.Replace(whiteLabel, `"end":5`, `"end":6`, 1))), "", "Alpha")), `variant override of "at"`},
		{"ErrBadPaint", componentTree(use("a", 0, "C:1", name+variants(variant("Hover", `{"id":"a","fills":[{"type":"VIDEO"}]}`)), "", "Alpha")), "no known type"},
		{"ErrNotFirstUse", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", variants(variant("Hover", `{"id":"b","opacity":0.5}`)), "", "Beta")), `node "b" has componentVariants but is not the first use`},
		{"ErrVersion1", "v1:" + componentTree(use("a", 0, "C:1", name+variants(variant("Hover", blueFill)), "", "Alpha")), "need manifest version 2"},
	}
	checkComponentTrees(t, cases)
}

// TestVariantImageRefs: an IMAGE paint of a variant override is an image reference the result's
// images must resolve, as a node's own.
func TestVariantImageRefs(t *testing.T) {
	t.Parallel()
	root := componentTree(use("a", 0, "C:1", `,"componentName":"Card"`+variants(variant("Hover", `{"id":"a","fills":[{"type":"IMAGE","imageRef":"img-hover","scaleMode":"FILL"}]}`)), "", "Alpha"))
	uses, err := ValidateTree([]byte(root))
	if err != nil {
		t.Fatal(err)
	}
	if len(uses) != 1 || uses[0].Ref != "img-hover" || !uses[0].Raster || uses[0].NodeID != "a" {
		t.Errorf("image uses %+v, want img-hover as a raster of node a", uses)
	}
}

// TestConverterExamplesValid: the converter's results kept as examples in testdata/workers
// (copies of worker/convert's goldens) pass the tree and component rules: result.states.json
// (fixture "states": components with Hover and Focus variants) and result.overrides.json
// (fixture "layout-navactive": instances whose paints and fonts differ from their main
// component's), result.navicons.json (fixture "layout-navicons": instances that swap their
// icon), result.variants.json (fixture "layout-variants": variants of one kind) and
// result.nested.json (fixture "layout-nested": uses holding uses of other components) and
// result.stretched.json (fixture "layout-stretched": uses of other heights, resized instances)
// and result.lists.json (fixture "text-lists": Figma lists, one with spaced items as a listText)
// and result.focusrings.json (fixture "layout-focusrings": outline rings hidden in every use that
// a Focus variant shows) and result.hoverscale.json (fixture "layout-hoverscale": a Hover variant
// rescaled as the state's CSS scale).
func TestConverterExamplesValid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ file, member string }{
		{"result.states.json", `"componentVariants"`},
		{"result.overrides.json", `"componentId"`},
		{"result.navicons.json", `"SVG"`},
		{"result.variants.json", `"variantOf"`},
		{"result.nested.json", `"componentId": "C:1"`},
		{"result.stretched.json", `"componentId": "C:1"`},
		{"result.lists.json", `"listText"`},
		{"result.focusrings.json", `"visible": true`},
		{"result.hoverscale.json", `"rescale": 1.05`},
	} {
		b, err := os.ReadFile("../../testdata/workers/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Root json.RawMessage `json:"root"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc.Root, []byte(tc.member)) {
			t.Fatalf("%s has no %s", tc.file, tc.member)
		}
		w, err := validateTree(doc.Root, ResultVersion)
		if err == nil {
			err = checkComponents(w.components)
		}
		if err != nil {
			t.Fatalf("%s refused: %v", tc.file, err)
		}
	}
}
