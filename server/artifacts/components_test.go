package artifacts

import (
	"fmt"
	"strings"
	"testing"
)

// use is a card: a FRAME at x holding a TEXT of text, a use of component comp (with member
// extra, e.g. `,"componentName":"Card"`); inner is added to the TEXT.
func use(id string, x int, comp, extra, inner, text string) string {
	return fmt.Sprintf(`{"type":"FRAME","id":%q,"name":"Card / %s","x":%d,"y":0,"width":100,"height":50,"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1}}],"componentId":%q%s,
		"children":[{"type":"TEXT","id":"%st","name":%q,"x":8,"y":8,"width":84,"height":20,"characters":%q,"fontSize":16%s}]}`, id, text, x, comp, extra, id, text, text, inner)
}

// outer is a FRAME holding the node inner, a use of component comp (extra: more members).
func outer(id, comp, extra, inner string) string {
	return fmt.Sprintf(`{"type":"FRAME","id":%q,"name":"Section","x":0,"y":0,"width":200,"height":60,"componentId":%q%s,"children":[%s]}`, id, comp, extra, inner)
}

func componentTree(kids ...string) string {
	return `{"type":"FRAME","id":"root","name":"Page","children":[` + strings.Join(kids, ",") + `]}`
}

func TestComponentRules(t *testing.T) {
	t.Parallel()
	const name = `,"componentName":"Card"`
	cases := []treeCase{
		{"OKCards", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", "", "", "Beta")), ""},
		// What an INSTANCE overrides may differ: text, fills, names, visibility; the root's place.
		{"OKOverrides", componentTree(use("a", 0, "C:1", name, "", "Alpha"),
			strings.Replace(use("b", 110, "C:1", `,"constraints":{"horizontal":"MAX","vertical":"MIN"},"visible":false`, `,"visible":false,"fills":[{"type":"SOLID","color":{"r":0,"g":0,"b":0}}]`, "Beta"),
				`"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1}}]`, `"fills":[]`, 1)), ""},
		// Node members in any order; values as written (compacted).
		{"OKMembersInAnyOrder", componentTree(use("a", 0, "C:1", name, `,"fontName":{"family":"Inter","style":"Bold"}`, "Alpha"),
			strings.Replace(use("b", 110, "C:1", "", `,"fontName":{"family": "Inter", "style": "Bold"}`, "Beta"), `"x":110,"y":0,"width":100`, `"width":100,"y":0,"x":110`, 1)), ""},
		{"ErrSizeDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), strings.Replace(use("b", 110, "C:1", "", "", "Beta"), `"width":84`, `"width":85`, 1)), `node "b" is a use of component "C:1" but differs from its first use "a"`},
		// Paint and typography an INSTANCE overrides: opacity, strokes and weights, effects,
		// fonts, decoration and the styles bound to them (an active link, a tag's colour).
		{"OKPaintOverrides", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1",
			`,"strokes":[{"type":"SOLID","color":{"r":0,"g":0,"b":0}}],"strokeWeight":2,"strokeTopWeight":1,"strokeRightWeight":1,"strokeBottomWeight":3,"strokeLeftWeight":1,"effects":[]`,
			`,"opacity":0.5,"fontName":{"family":"Inter","style":"Bold"},"fontWeight":700,"lineHeight":{"unit":"AUTO"},"letterSpacing":{"value":1,"unit":"PIXELS"},"textCase":"UPPER","textDecoration":"UNDERLINE"`, "Beta")), ""},
		// An SVG's icon: the plugin swaps the icon component.
		{"OKIconSwap", componentTree(strings.Replace(use("a", 0, "C:1", name, "", "Alpha"), `}]}`, `},{"type":"SVG","id":"ai","name":"icon","x":70,"y":8,"width":16,"height":16,"imageRef":"svg-1"}]}`, 1),
			strings.Replace(use("b", 110, "C:1", "", "", "Beta"), `}]}`, `},{"type":"SVG","id":"bi","name":"icon","x":70,"y":8,"width":16,"height":16,"imageRef":"svg-2"}]}`, 1)), ""},
		{"ErrIconSize", componentTree(strings.Replace(use("a", 0, "C:1", name, "", "Alpha"), `}]}`, `},{"type":"SVG","id":"ai","name":"icon","x":70,"y":8,"width":16,"height":16,"imageRef":"svg-1"}]}`, 1),
			strings.Replace(use("b", 110, "C:1", "", "", "Beta"), `}]}`, `},{"type":"SVG","id":"bi","name":"icon","x":70,"y":8,"width":20,"height":16,"imageRef":"svg-2"}]}`, 1)), "differs from its first use"},
		{"ErrStyleDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", "", `,"textAlignHorizontal":"CENTER"`, "Beta")), "differs from its first use"},
		{"ErrCornerRadiusDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", `,"cornerRadius":4`, "", "Beta")), "differs from its first use"},
		{"ErrStrokeAlignDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", `,"strokeAlign":"OUTSIDE"`, "", "Beta")), "differs from its first use"},
		{"ErrChildCountDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), strings.Replace(use("b", 110, "C:1", "", "", "Beta"), `"fontSize":16}]`, `"fontSize":16},{"type":"FRAME","id":"x","name":""}]`, 1)), "differs from its first use"},
		{"ErrTypeDiffers", componentTree(use("a", 0, "C:1", name, "", "Alpha"), strings.Replace(use("b", 110, "C:1", "", "", "Beta"), `"type":"TEXT"`, `"type":"RECTANGLE","text":""`, 1)), "differs from its first use"},
		{"ErrNoName", componentTree(use("a", 0, "C:1", "", "", "Alpha"), use("b", 110, "C:1", "", "", "Beta")), `node "a" is the first use of component "C:1" but has no componentName`},
		{"ErrNameOnLaterUse", componentTree(use("a", 0, "C:1", name, "", "Alpha"), use("b", 110, "C:1", name, "", "Beta")), `node "b" has componentName but is not the first use`},
		{"ErrNameWithoutID", componentTree(`{"type":"FRAME","id":"a","name":"","componentName":"Card"}`), "componentName without componentId"},
		{"ErrEmptyName", componentTree(use("a", 0, "C:1", `,"componentName":""`, "", "Alpha")), `"componentName" must have 1 to 255 characters`},
		{"OKNameAtMaxLength", componentTree(use("a", 0, "C:1", `,"componentName":"`+strings.Repeat("é", MaxComponentNameLength)+`"`, "", "Alpha")), ""},
		{"ErrNamePastMaxLength", componentTree(use("a", 0, "C:1", `,"componentName":"`+strings.Repeat("é", MaxComponentNameLength+1)+`"`, "", "Alpha")), `"componentName" must have 1 to 255`},
		{"ErrIDPastMaxLength", componentTree(use("a", 0, strings.Repeat("c", MaxIdentifierLength+1), name, "", "Alpha")), `"componentId" must have 1 to 255`},
		{"ErrUseNotFrame", componentTree(`{"type":"TEXT","id":"a","name":"","characters":"","componentId":"C:1","componentName":"T"}`), "only a FRAME below the root can be a use"},
		{"ErrRootUse", `{"type":"FRAME","id":"root","name":"Page","componentId":"C:1","componentName":"Page"}`, "only a FRAME below the root"},
		// Nested instances: each use of the outer component holds a use of the same component
		// at the same place.
		{"OKNestedUses", componentTree(outer("o", "C:1", `,"componentName":"Section"`, use("a", 0, "C:2", name, "", "Alpha")),
			outer("p", "C:1", "", use("b", 0, "C:2", "", "", "Beta"))), ""},
		{"ErrNestedUseMissing", componentTree(outer("o", "C:1", `,"componentName":"Section"`, use("a", 0, "C:2", name, "", "Alpha")),
			outer("p", "C:1", "", strings.Replace(use("b", 0, "C:2", "", "", "Beta"), `,"componentId":"C:2"`, "", 1))), `node "p" is a use of component "C:1" but differs from its first use "o"`},
		{"ErrNestedUseOfAnother", componentTree(outer("o", "C:1", `,"componentName":"Section"`, use("a", 0, "C:2", name, "", "Alpha")),
			outer("p", "C:1", "", use("b", 0, "C:3", name, "", "Beta"))), `node "p" is a use of component "C:1" but differs from its first use "o"`},
		{"ErrNestedUseOfItself", componentTree(outer("o", "C:1", "", use("a", 0, "C:1", name, "", "Alpha"))), `node "o" is a use of component "C:1" but differs from its first use "a"`},
		{"ErrVersion1", "v1:" + componentTree(use("a", 0, "C:1", name, "", "Alpha")), "need manifest version 2"},
	}
	checkComponentTrees(t, cases)
}

// checkTree applies the tree and component rules as ParseResult does for a result of version.
// checkComponentTrees runs the tree rules and the component rules on each case's tree (one
// prefixed "v1:" as a result of manifest version 1) through checkTrees.
func checkComponentTrees(t *testing.T, cases []treeCase) {
	t.Helper()
	checkTrees(t, cases, func(root []byte) error {
		r, version := string(root), ResultVersion
		if v1, ok := strings.CutPrefix(r, "v1:"); ok {
			r, version = v1, 1
		}
		return checkTree(r, version)
	})
}

// checkTree is the tree and component rules of ParseResult for a result of manifest version
// version (Result.checkTreeVersion2 without the styles).
func checkTree(root string, version int) error {
	w, err := validateTree([]byte(root), version)
	if err != nil {
		return err
	}
	r := &Result{}
	r.Manifest.Version = version
	return r.checkTreeVersion2(w)
}

func TestMaxComponents(t *testing.T) {
	t.Parallel()
	for _, n := range []int{MaxComponents, MaxComponents + 1} {
		var kids []string
		for i := range n {
			kids = append(kids, use(fmt.Sprintf("a%d", i), 0, fmt.Sprintf("C:%d", i), `,"componentName":"Card"`, "", "A"))
		}
		err := checkTree(componentTree(kids...), ResultVersion)
		if n == MaxComponents && err != nil {
			t.Errorf("%d components refused: %v", n, err)
		}
		if n > MaxComponents && (err == nil || !strings.Contains(err.Error(), "more than 1000 components")) {
			t.Errorf("%d components: %v", n, err)
		}
	}
}

// navLink is a nav link at x: an auto-layout row, sizing sizing on both axes, around a TEXT of
// textWidth px whose textAutoResize is resize, a use of component C:1 (extra: more members of
// the row).
func navLink(id string, x, textWidth int, sizing, resize, extra string) string {
	return fmt.Sprintf(`{"type":"FRAME","id":%q,"name":"Link","x":%d,"y":0,"width":%d,"height":40,"layoutMode":"HORIZONTAL","paddingLeft":16,"paddingRight":16,"paddingTop":8,"paddingBottom":8,
		"layoutSizingHorizontal":%q,"layoutSizingVertical":%q,"componentId":"C:1"%s,
		"children":[{"type":"TEXT","id":"%st","name":"","x":16,"y":8,"width":%d,"height":24,"characters":"x","textAutoResize":%q,"layoutSizingHorizontal":"HUG","layoutSizingVertical":"HUG"}]}`,
		id, x, textWidth+32, sizing, sizing, extra, id, textWidth, resize)
}

// plainLink is a frame of 240 x 40 px without auto layout holding a TEXT of textWidth px that
// grows with its characters, a use of component C:1.
func plainLink(id string, textWidth int, extra string) string {
	return fmt.Sprintf(`{"type":"FRAME","id":%q,"name":"Link","x":0,"y":0,"width":240,"height":40,"componentId":"C:1"%s,
		"children":[{"type":"TEXT","id":"%st","name":"","x":16,"y":8,"width":%d,"height":24,"characters":"x","textAutoResize":"WIDTH_AND_HEIGHT"}]}`, id, extra, id, textWidth)
}

// underlined is navLink's hugging link with an underline along its bottom edge as wide as the
// link, of positioning (`,"layoutPositioning":"ABSOLUTE"` or "") and constraints (a member or "").
func underlined(id string, x, textWidth int, positioning, constraints, extra string) string {
	link := navLink(id, x, textWidth, "HUG", "WIDTH_AND_HEIGHT", extra)
	line := fmt.Sprintf(`,{"type":"FRAME","id":"%su","name":"Underline","x":0,"y":38,"width":%d,"height":2%s%s}`, id, textWidth+32, positioning, constraints)
	return strings.TrimSuffix(link, "]}") + line + "]}"
}

// TestComponentGrowthRules: uses may differ in the sizes a hugging auto-layout root and a text
// that grows with its characters get (Figma lays the instance out again), and in the size of an
// auto-layout root that does not hug (the plugin resizes the instance), nowhere else.
func TestComponentGrowthRules(t *testing.T) {
	t.Parallel()
	const name = `,"componentName":"Link"`
	const absolute = `,"layoutPositioning":"ABSOLUTE"`
	const stretch = `,"constraints":{"horizontal":"STRETCH","vertical":"MAX"}`
	const atEnd = `,"constraints":{"horizontal":"MAX","vertical":"MAX"}`
	for _, tc := range []struct {
		name, root, wantErr string
	}{
		{"OKHuggingRootAndText", componentTree(navLink("a", 0, 40, "HUG", "WIDTH_AND_HEIGHT", name), navLink("b", 100, 80, "HUG", "WIDTH_AND_HEIGHT", "")), ""},
		{"OKSameSizesFixed", componentTree(navLink("a", 0, 40, "FIXED", "NONE", name), navLink("b", 100, 40, "FIXED", "NONE", "")), ""},
		// A row of one width places its label whatever the label's width.
		{"OKTextGrowsInAFixedRow", componentTree(strings.Replace(navLink("a", 0, 40, "FIXED", "WIDTH_AND_HEIGHT", name), `"width":72`, `"width":240`, 1), strings.Replace(navLink("b", 100, 80, "FIXED", "WIDTH_AND_HEIGHT", ""), `"width":112`, `"width":240`, 1)), ""},
		{"OKSameTextOutsideAutoLayout", componentTree(plainLink("a", 40, name), plainLink("b", 40, "")), ""},
		{"ErrTextGrowsOutsideAutoLayout", componentTree(plainLink("a", 40, name), plainLink("b", 80, "")), "differs from its first use"},
		// A row that does not hug may be resized: the plugin resizes the instance.
		{"OKFixedRootResized", componentTree(navLink("a", 0, 40, "FIXED", "WIDTH_AND_HEIGHT", name), navLink("b", 100, 80, "FIXED", "WIDTH_AND_HEIGHT", "")), ""},
		{"ErrRootOutsideAutoLayoutResized", componentTree(plainLink("a", 40, name), strings.Replace(plainLink("b", 40, ""), `"height":40`, `"height":48`, 1)), `node "b" is a use of component "C:1" but differs from its first use "a"`},
		{"ErrTextOfFixedSize", componentTree(navLink("a", 0, 40, "HUG", "NONE", name), navLink("b", 100, 80, "HUG", "NONE", "")), "differs from its first use"},
		// HEIGHT grows the height only: a text of another width is another shape.
		{"ErrWidthOfHeightText", componentTree(navLink("a", 0, 40, "HUG", "HEIGHT", name), navLink("b", 100, 80, "HUG", "HEIGHT", "")), "differs from its first use"},
		{"ErrWrappingRoot", componentTree(navLink("a", 0, 40, "HUG", "WIDTH_AND_HEIGHT", name+`,"layoutWrap":"WRAP"`), navLink("b", 100, 80, "HUG", "WIDTH_AND_HEIGHT", `,"layoutWrap":"WRAP"`)), "differs from its first use"},
		{"ErrStyleStillCounts", componentTree(navLink("a", 0, 40, "HUG", "WIDTH_AND_HEIGHT", name), navLink("b", 100, 80, "HUG", "WIDTH_AND_HEIGHT", `,"cornerRadius":4`)), "differs from its first use"},
		// An ABSOLUTE layer whose constraints STRETCH it with its hugging frame takes the frame's width.
		{"OKStretchedUnderline", componentTree(underlined("a", 0, 40, absolute, stretch, name), underlined("b", 100, 80, absolute, stretch, "")), ""},
		{"ErrUnderlineWithoutConstraints", componentTree(underlined("a", 0, 40, absolute, "", name), underlined("b", 100, 80, absolute, "", "")), "differs from its first use"},
		{"ErrUnderlineAtTheEnd", componentTree(underlined("a", 0, 40, absolute, atEnd, name), underlined("b", 100, 80, absolute, atEnd, "")), "differs from its first use"},
		{"ErrStretchOfAFlowingLayer", componentTree(underlined("a", 0, 40, "", stretch, name), underlined("b", 100, 80, "", stretch, "")), "differs from its first use"},
		// A use's root is resized only where it flows: its own constraints are placement.
		{"ErrStretchedRoot", strings.Replace(componentTree(strings.Replace(plainLink("a", 40, name+absolute+stretch), `"width":240`, `"width":100`, 1), plainLink("b", 40, absolute+stretch)),
			`"name":"Page",`, `"name":"Page","layoutMode":"HORIZONTAL",`, 1), "differs from its first use"},
		{"OKStretchedRootOfOneSize", strings.Replace(componentTree(plainLink("a", 40, name+absolute+stretch), plainLink("b", 40, absolute+stretch)),
			`"name":"Page",`, `"name":"Page","layoutMode":"HORIZONTAL",`, 1), ""},
		{"ErrUnderlineConstraintsDiffer", componentTree(underlined("a", 0, 40, absolute, stretch, name), underlined("b", 100, 80, absolute, atEnd, "")), "differs from its first use"},
		{"ErrPaddingStillCounts", componentTree(navLink("a", 0, 40, "HUG", "WIDTH_AND_HEIGHT", name), strings.Replace(navLink("b", 100, 80, "HUG", "WIDTH_AND_HEIGHT", ""), `"paddingLeft":16`, `"paddingLeft":17`, 1)), "differs from its first use"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := checkTree(tc.root, ResultVersion)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}
