package artifacts

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestValidateTree(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", MaxIdentifierLength)
	cases := []treeCase{
		{"OKMinimal", `{"type":"FRAME","id":"1","name":""}`, ""},
		{"OKEveryNodeType", `{"type":"FRAME","id":"1","name":"r","children":[
			{"type":"GROUP","id":"2","name":"g","children":[{"type":"RECTANGLE","id":"3","name":"r"}]},
			{"type":"TEXT","id":"4","name":"t","characters":""},{"type":"ELLIPSE","id":"5","name":"e"},
			{"type":"LINE","id":"6","name":"l"},{"type":"VECTOR","id":"7","name":"v"},
			{"type":"SVG","id":"8","name":"s","imageRef":"svg"},{"type":"FRAME","id":"9","name":"f","children":[]}]}`, ""},
		{"OKUnknownMembersPassThrough", `{"type":"FRAME","id":"1","name":"r","layoutMode":"VERTICAL","effects":[{"type":"DROP_SHADOW","offset":{"x":1,"y":2}}],"opacity":0.5,"visible":true,"extra":null}`, ""},
		{"OKIdAtMaxLength", `{"type":"FRAME","id":"` + long + `","name":"r"}`, ""},
		{"ErrIdPastMaxLength", `{"type":"FRAME","id":"` + long + `x","name":"r"}`, "no id of 1-255"},
		// Lengths count characters, as JSON Schema's maxLength does: 255 two-byte characters fit.
		{"OKIdAtMaxLengthInCharacters", `{"type":"FRAME","id":"` + strings.Repeat("é", MaxIdentifierLength) + `","name":"r"}`, ""},
		{"ErrIdPastMaxLengthInCharacters", `{"type":"FRAME","id":"` + strings.Repeat("é", MaxIdentifierLength+1) + `","name":"r"}`, "no id of 1-255"},
		{"ErrRootNotFrame", `{"type":"GROUP","id":"1","name":"r"}`, "the root is a GROUP"},
		{"ErrUnknownType", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"WIDGET","id":"2","name":"w"}]}`, `no known type (got "WIDGET")`},
		{"ErrTypeIsCaseSensitive", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"text","id":"2","name":"w","characters":""}]}`, "no known type"},
		{"ErrMemberNameIsCaseSensitive", `{"Type":"FRAME","id":"1","name":"r"}`, "no known type (got nothing)"},
		{"ErrNoID", `{"type":"FRAME","name":"r"}`, "no id"},
		{"ErrEmptyID", `{"type":"FRAME","id":"","name":"r"}`, "no id"},
		{"ErrIDNotString", `{"type":"FRAME","id":1,"name":"r"}`, `"id" must be a string`},
		{"ErrDuplicateID", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"RECTANGLE","id":"1","name":"x"}]}`, `node id "1" is used twice`},
		{"ErrNoName", `{"type":"FRAME","id":"1"}`, "has no name"},
		{"ErrRepeatedMember", `{"type":"FRAME","id":"1","name":"r","id":"2"}`, `member "id" appears twice`},
		{"ErrRepeatedMemberInPaint", `{"type":"FRAME","id":"1","name":"r","fills":[{"type":"IMAGE","imageRef":"a","imageRef":"b"}]}`, `member "imageRef" appears twice`},
		{"ErrRepeatedMemberInUnknownValue", `{"type":"FRAME","id":"1","name":"r","x":{"a":1,"a":2}}`, `member "a" appears twice`},
		{"ErrChildrenOnLeaf", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"TEXT","id":"2","name":"t","characters":"","children":[]}]}`, "cannot have children"},
		{"ErrChildrenNotList", `{"type":"FRAME","id":"1","name":"r","children":{}}`, `expected "children"`},
		{"ErrChildNotObject", `{"type":"FRAME","id":"1","name":"r","children":["x"]}`, "expected a node"},
		{"ErrTextWithoutCharacters", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"TEXT","id":"2","name":"t"}]}`, "has no characters"},
		{"ErrSVGWithoutImageRef", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"SVG","id":"2","name":"s"}]}`, "SVG node \"2\" has no imageRef"},
		{"ErrImageRefOnRectangle", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"RECTANGLE","id":"2","name":"s","imageRef":"a"}]}`, "cannot have an imageRef"},
		{"ErrImagePaintWithoutRef", `{"type":"FRAME","id":"1","name":"r","fills":[{"type":"IMAGE"}]}`, "IMAGE paint in \"fills\" has no imageRef"},
		{"ErrSolidPaintWithRef", `{"type":"FRAME","id":"1","name":"r","fills":[{"type":"SOLID","imageRef":"a"}]}`, "SOLID paint in \"fills\" has an imageRef"},
		{"ErrVideoPaint", `{"type":"FRAME","id":"1","name":"r","strokes":[{"type":"VIDEO"}]}`, `no known type (got "VIDEO")`},
		{"ErrFillsNotList", `{"type":"FRAME","id":"1","name":"r","fills":{"type":"SOLID"}}`, `expected a list in "fills"`},
		{"OKRelativeTransform", tfNode(`[[0.866025,-0.5,83.4],[0.5,0.866025,-1.96]]`, `200`, `120`), ""},
		{"OKTransformAtMagnitudeBound", tfNode(`[[1,0,1e7],[0,1,-1e7]]`, `1e7`, `1`), ""},
		{"ErrTransformPastMagnitudeBound", tfNode(`[[1,0,1.00001e7],[0,1,0]]`, `1`, `1`), "within ±1e+07"},
		{"OKTransformAtMinDeterminant", tfNode(`[[0.001,0,0],[0,0.001,0]]`, `1`, `1`), ""},
		{"ErrTransformPastMinDeterminant", tfNode(`[[0.000999,0,0],[0,0.001,0]]`, `1`, `1`), "degenerate"},
		{"ErrTransformFlat", tfNode(`[[1,2,0],[2,4,0]]`, `1`, `1`), "degenerate"},
		{"ErrTransformShape", tfNode(`[[1,0,0],[0,1]]`, `1`, `1`), "2 rows of 3 numbers"},
		{"ErrTransformNotNumbers", tfNode(`[[1,0,"0"],[0,1,0]]`, `1`, `1`), "of numbers"},
		{"ErrTransformHugeNumber", tfNode(`[[1,0,1e400],[0,1,0]]`, `1`, `1`), "of numbers"},
		{"ErrTransformZeroSide", tfNode(`[[1,0,0],[0,1,0]]`, `0`, `1`), `"untransformedWidth" must be above 0`},
		{"ErrTransformWithoutSize", `{"type":"FRAME","id":"1","name":"r","relativeTransform":[[1,0,0],[0,1,0]]}`, "come together"},
		{"ErrSizeWithoutTransform", `{"type":"FRAME","id":"1","name":"r","untransformedWidth":1,"untransformedHeight":1}`, "come together"},
		{"ErrNotJSON", `{"type":"FRAME",`, "EOF"},
		{"ErrTrailingData", `{"type":"FRAME","id":"1","name":"r"} {}`, "data after the root"},
	}
	checkTrees(t, cases, validateCurrent)
}

// treeCase is one result tree for a validation rule: its JSON and a fragment of the detail
// ErrInvalidTree must carry, empty when the tree is valid.
type treeCase struct {
	name, root, wantErr string
}

// checkTrees runs validate on each case's tree, in parallel subtests: a valid tree must pass, an
// invalid one fail with ErrInvalidTree whose detail holds wantErr.
func checkTrees(t *testing.T, cases []treeCase, validate func([]byte) error) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := validate([]byte(c.root))
			if c.wantErr == "" {
				if err != nil {
					t.Errorf("valid tree refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidTree) || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want ErrInvalidTree with %q", err, c.wantErr)
			}
		})
	}
}

func TestValidateTreeRefs(t *testing.T) {
	t.Parallel()
	root := `{"type":"FRAME","id":"1","name":"r","fills":[{"type":"IMAGE","imageRef":"bg"}],"children":[
		{"type":"SVG","id":"2","name":"s","imageRef":"icon"},
		{"type":"RECTANGLE","id":"3","name":"x","strokes":[{"type":"IMAGE","imageRef":"bg"}],"pluginData":{"deep":[{"imageRef":"other"}]}}]}`
	uses, err := ValidateTree([]byte(root))
	if err != nil {
		t.Fatal(err)
	}
	// In first-use order; a node's refs are attributed when its object ends, so children come
	// before their parent.
	want := []ImageRefUse{{Ref: "icon", NodeID: "2", SVG: true}, {Ref: "bg", NodeID: "3", Raster: true}, {Ref: "other", NodeID: "3"}}
	if !slices.Equal(uses, want) {
		t.Errorf("uses = %+v, want %+v", uses, want)
	}
}

// chain is a tree of depth nodes, each the only child of the one before.
func chain(depth int) string {
	var b strings.Builder
	for i := range depth {
		if i > 0 {
			b.WriteString(`,"children":[`)
		}
		fmt.Fprintf(&b, `{"type":"FRAME","id":"n%d","name":""`, i)
	}
	for i := range depth {
		if i > 0 {
			b.WriteString(`]`)
		}
		b.WriteString(`}`)
	}
	return b.String()
}

// flat is a root frame with n-1 children.
func flat(n int) string {
	var b strings.Builder
	b.WriteString(`{"type":"FRAME","id":"root","name":"","children":[`)
	for i := 1; i < n; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"RECTANGLE","id":"%d","name":""}`, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// nested is a node member value nested levels deep.
func nested(levels int) string {
	return `{"type":"FRAME","id":"1","name":"","x":` + strings.Repeat(`[`, levels) + strings.Repeat(`]`, levels) + `}`
}

func TestValidateTreeLimits(t *testing.T) {
	t.Parallel()
	checkTrees(t, []treeCase{
		{"OKDepthAtMax", chain(MaxTreeDepth), ""},
		{"ErrDepthPastMax", chain(MaxTreeDepth + 1), "nested deeper than 128"},
		{"OKNodeCountAtMax", flat(MaxNodeCount), ""},
		{"ErrNodeCountPastMax", flat(MaxNodeCount + 1), "more than 50000 nodes"},
		{"OKValueNestingAtMax", nested(MaxValueNesting), ""},
		{"ErrValueNestingPastMax", nested(MaxValueNesting + 1), "nests deeper than 32"},
	}, validateCurrent)
}

// validateCurrent is ValidateTree without the image references.
func validateCurrent(root []byte) error {
	_, err := ValidateTree(root)
	return err
}

// TestStyledTextSegments covers the styled text rules (text.go): ranges in UTF-16 units, in
// bounds, in order, not overlapping and covering the characters, on TEXT nodes of version 2.
func TestStyledTextSegments(t *testing.T) {
	t.Parallel()
	text := func(chars, segs string) string {
		return `{"type":"FRAME","id":"1","name":"r","children":[{"type":"TEXT","id":"2","name":"t","characters":` + chars + `,"styledTextSegments":[` + segs + `]}]}`
	}
	seg := func(start, end string) string {
		return `{"start":` + start + `,"end":` + end + `,"fontName":{"family":"Inter","style":"Regular"},"fills":[{"type":"SOLID","color":{"r":0,"g":0,"b":0}}],"hyperlink":null}`
	}
	cases := []struct {
		name, root string
		version    int
		// wantErr is a fragment of the detail; empty means valid.
		wantErr string
	}{
		{"OKOneSegment", text(`"Hello"`, seg("0", "5")), 2, ""},
		{"OKTwoSegmentsWithCharacters", text(`"Hello world"`, `{"characters":"Hello ","start":0,"end":6},{"characters":"world","start":6,"end":11,"hyperlink":{"type":"URL","value":"https://a.example/"}}`), 2, ""},
		// "é" is one UTF-16 unit, "😀" two: offsets count units, as JavaScript strings do.
		{"OKOffsetsInUTF16Units", text(`"é😀x"`, seg("0", "3")+","+seg("3", "4")), 2, ""},
		{"OKEmptyCharactersNoSegments", text(`""`, ``), 2, ""},
		{"OKSegmentsAnywhereElseAreNotReadInV1", `{"type":"FRAME","id":"1","name":"r"}`, 1, ""},
		{"ErrVersion1", text(`"Hello"`, seg("0", "5")), 1, "need result version 2"},
		{"ErrOnRectangle", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"RECTANGLE","id":"2","name":"t","styledTextSegments":[]}]}`, 2, "cannot have styledTextSegments"},
		{"ErrEmptyListForCharacters", text(`"Hello"`, ``), 2, "is empty but the characters are not"},
		{"ErrPastTheEnd", text(`"Hello"`, seg("0", "6")), 2, "past the 5 UTF-16 units"},
		{"ErrPastTheEndInUTF16Units", text(`"😀"`, seg("0", "3")), 2, "past the 2 UTF-16 units"},
		{"ErrGapAtStart", text(`"Hello"`, seg("1", "5")), 2, "leaving units 0 to 1 uncovered"},
		{"ErrGapBetween", text(`"Hello"`, seg("0", "2")+","+seg("3", "5")), 2, "leaving units 2 to 3 uncovered"},
		{"ErrGapAtEnd", text(`"Hello"`, seg("0", "4")), 2, "leaving units 4 to 5 uncovered"},
		{"ErrOverlap", text(`"Hello"`, seg("0", "3")+","+seg("2", "5")), 2, "inside the segment before it"},
		{"ErrOutOfOrder", text(`"Hello"`, seg("2", "5")+","+seg("0", "2")), 2, "leaving units 0 to 2 uncovered"},
		{"ErrEmptySegment", text(`"Hello"`, seg("0", "0")+","+seg("0", "5")), 2, "empty or reversed"},
		{"ErrReversed", text(`"Hello"`, seg("5", "0")), 2, "empty or reversed"},
		{"ErrNegative", text(`"Hello"`, seg("-1", "5")), 2, "integers from 0"},
		{"ErrFraction", text(`"Hello"`, seg("0", "4.5")+","+seg("4.5", "5")), 2, "integers from 0"},
		{"ErrNotANumber", text(`"Hello"`, seg(`"0"`, "5")), 2, "must be a number"},
		{"ErrNoEnd", text(`"Hello"`, `{"start":0}`), 2, "needs a start and an end"},
		{"ErrSplitsSurrogatePair", text(`"😀"`, seg("0", "1")+","+seg("1", "2")), 2, "splits a character"},
		{"ErrCharactersDiffer", text(`"Hello"`, `{"characters":"Hallo","start":0,"end":5}`), 2, "differ from the node's range"},
		{"ErrRepeatedMember", text(`"Hello"`, `{"start":0,"start":0,"end":5}`), 2, `member "start" appears twice`},
		{"ErrBadPaint", text(`"Hello"`, `{"start":0,"end":5,"fills":[{"type":"VIDEO"}]}`), 2, `no known type (got "VIDEO")`},
		{"ErrNotAList", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"TEXT","id":"2","name":"t","characters":"a","styledTextSegments":{}}]}`, 2, `expected a list in "styledTextSegments"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := validateTree([]byte(c.root), c.version)
			if c.wantErr == "" {
				if err != nil {
					t.Errorf("valid tree refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidTree) || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want ErrInvalidTree with %q", err, c.wantErr)
			}
		})
	}
	t.Run("ImageRefInSegmentFillsResolves", func(t *testing.T) {
		root := text(`"a"`, `{"start":0,"end":1,"fills":[{"type":"IMAGE","imageRef":"tex"}]}`)
		w, err := validateTree([]byte(root), 2)
		var uses []ImageRefUse
		if w != nil {
			uses = w.uses
		}
		if err != nil || len(uses) != 1 || uses[0] != (ImageRefUse{Ref: "tex", NodeID: "2", Raster: true}) {
			t.Errorf("uses %+v, err %v; want the segment's IMAGE paint as a raster use by node 2", uses, err)
		}
	})
}

// tfNode is a root FRAME with a relativeTransform and an untransformed size.
func tfNode(matrix, width, height string) string {
	return `{"type":"FRAME","id":"1","name":"r","relativeTransform":` + matrix + `,"untransformedWidth":` + width + `,"untransformedHeight":` + height + `}`
}
