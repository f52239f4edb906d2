package resultjson_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// page is a result whose root holds n TEXT nodes of 9,000 characters each.
func page(n int) *resultjson.Result {
	root := &resultjson.Node{Type: "FRAME", ID: "1:1", Name: "Page"}
	long := strings.Repeat("x", 9000)
	for i := range n {
		root.Children = append(root.Children, &resultjson.Node{Type: "TEXT", ID: "1:" + strconv.Itoa(i+2), Characters: long})
	}
	return &resultjson.Result{Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion}, Root: root, Warnings: []resultjson.Warning{}}
}

// TestFitKeepsTheFirstNodesThatFit: a result within MaxResultBytes is encoded as Encode does; one
// past it keeps its first nodes, not far below the limit, with the trimmed warning naming the
// root; one whose root alone is over the limit is ErrTooLarge.
func TestFitKeepsTheFirstNodesThatFit(t *testing.T) {
	within := page(resultjson.MaxResultBytes/9000 - 200)
	out, err := resultjson.Fit(within, "RESULT_TRIMMED")
	if want, _ := resultjson.Encode(within); err != nil || string(out) != string(want) || len(within.Warnings) != 0 {
		t.Fatalf("within the limit: %d bytes, err %v, warnings %v", len(out), err, within.Warnings)
	}
	const n = resultjson.MaxResultBytes/9000 + 200
	past := page(n)
	out, err = resultjson.Fit(past, "RESULT_TRIMMED")
	if err != nil || len(out) > resultjson.MaxResultBytes || len(out) < resultjson.MaxResultBytes/2 {
		t.Fatalf("past the limit: %d bytes, err %v", len(out), err)
	}
	w := past.Warnings
	if kept := len(past.Root.Children); kept >= n || len(w) != 1 || w[0].Code != "RESULT_TRIMMED" || *w[0].NodeID != "1:1" ||
		!strings.Contains(w[0].Message, fmt.Sprintf("its first %d of %d nodes were kept", kept+1, n+1)) {
		t.Errorf("kept %d of %d nodes, warnings %+v", kept, n, w)
	}
	huge := page(0)
	huge.Root.Characters = strings.Repeat("x", resultjson.MaxResultBytes)
	if _, err := resultjson.Fit(huge, "RESULT_TRIMMED"); !errors.Is(err, resultjson.ErrTooLarge) {
		t.Errorf("a root over the limit: %v, want ErrTooLarge", err)
	}
}

// TestTrimmedWarningInAFullList: when the warnings are already at MaxWarnings (the last one
// WARNINGS_TRUNCATED, counting 5 left out), the trimmed warning takes the place of the last one
// about a node, page-wide warnings stay, and the closing count grows to 6.
func TestTrimmedWarningInAFullList(t *testing.T) {
	past := page(resultjson.MaxResultBytes/9000 + 200)
	root := "1:1"
	for i := 0; i < resultjson.MaxWarnings-1; i++ {
		id := "1:2"
		if i == 0 {
			id = root // a page-wide warning first
		}
		past.Warnings = append(past.Warnings, resultjson.Warning{Code: "W" + strconv.Itoa(i), NodeID: &id, Message: "m"})
	}
	past.Warnings = append(past.Warnings, resultjson.Warning{Code: "WARNINGS_TRUNCATED", NodeID: &root, Message: fmt.Sprintf(resultjson.TruncatedMessageFormat, 5)})
	if _, err := resultjson.Fit(past, "RESULT_TRIMMED"); err != nil {
		t.Fatal(err)
	}
	w := past.Warnings
	n := len(w)
	if n != resultjson.MaxWarnings || w[0].Code != "W0" || w[n-2].Code != "RESULT_TRIMMED" || w[n-3].Code != "W"+strconv.Itoa(resultjson.MaxWarnings-3) ||
		w[n-1].Code != "WARNINGS_TRUNCATED" || w[n-1].Message != "6 more warnings were left out" {
		t.Errorf("%d warnings, first %s, last three %+v", n, w[0].Code, w[n-3:])
	}
}

// TestTrimmedWarningInAListJustFull: a list of exactly MaxWarnings warnings, none truncated,
// makes room for the trimmed warning and a WARNINGS_TRUNCATED warning by leaving out its last two
// about a node, and counts them: nothing is dropped without a word.
func TestTrimmedWarningInAListJustFull(t *testing.T) {
	past := page(resultjson.MaxResultBytes/9000 + 200)
	root, node := "1:1", "1:2"
	past.Warnings = append(past.Warnings, resultjson.Warning{Code: "W0", NodeID: &root, Message: "m"})
	for i := 1; i < resultjson.MaxWarnings; i++ {
		past.Warnings = append(past.Warnings, resultjson.Warning{Code: "W" + strconv.Itoa(i), NodeID: &node, Message: "m"})
	}
	if _, err := resultjson.Fit(past, "RESULT_TRIMMED"); err != nil {
		t.Fatal(err)
	}
	w := past.Warnings
	n := len(w)
	if n != resultjson.MaxWarnings || w[0].Code != "W0" || w[n-3].Code != "W"+strconv.Itoa(resultjson.MaxWarnings-3) || w[n-2].Code != "RESULT_TRIMMED" ||
		w[n-1].Code != resultjson.TruncatedCode || w[n-1].Message != "2 more warnings were left out" || *w[n-1].NodeID != root {
		t.Errorf("%d warnings, first %s, last three %+v", n, w[0].Code, w[n-3:])
	}
}

// TestFitLeavesNoCutUse: a trimmed result keeps the component members on uses kept whole only: a
// use whose tree is cut is plain frames, so every use left has the first use's tree.
func TestFitLeavesNoCutUse(t *testing.T) {
	root := &resultjson.Node{Type: "FRAME", ID: "1:1", Name: "Page"}
	long := strings.Repeat("x", 9000)
	const uses = resultjson.MaxResultBytes / 9000 / 3
	for i := range uses + 200 {
		id := "1:" + strconv.Itoa(2+4*i)
		row := &resultjson.Node{Type: "FRAME", ID: id, Name: "Row", Component: resultjson.Component{ComponentID: "C:1"}}
		for k := range 3 {
			row.Children = append(row.Children, &resultjson.Node{Type: "TEXT", ID: id + "." + strconv.Itoa(k), Characters: long})
		}
		root.Children = append(root.Children, row)
	}
	root.Children[0].ComponentName = "Row"
	res := &resultjson.Result{Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion}, Root: root, Warnings: []resultjson.Warning{}}
	if _, err := resultjson.Fit(res, "RESULT_TRIMMED"); err != nil {
		t.Fatal(err)
	}
	kids := res.Root.Children
	last := kids[len(kids)-1]
	if len(last.Children) == 3 {
		t.Fatalf("the trim ends on a whole use (%d kept): the test needs one cut", len(kids))
	}
	if last.ComponentID != "" || last.ComponentName != "" {
		t.Errorf("the cut use %s keeps component %q", last.ID, last.ComponentID)
	}
	for _, k := range kids[:len(kids)-1] {
		if k.ComponentID != "C:1" || len(k.Children) != 3 {
			t.Fatalf("whole use %s: component %q, %d children", k.ID, k.ComponentID, len(k.Children))
		}
	}
	if kids[0].ComponentName != "Row" {
		t.Errorf("the first use lost its componentName")
	}
	if root.Children[len(kids)-1].ComponentID != "C:1" {
		t.Error("Fit changed the untrimmed tree")
	}
}

// TestFitLeavesNoVariantOfAGoneComponent: a variant whose set's Default component has no use
// left after the trim is a component of its own; one whose Default is kept stays its variant.
func TestFitLeavesNoVariantOfAGoneComponent(t *testing.T) {
	for _, defaultFirst := range []bool{false, true} {
		root := &resultjson.Node{Type: "FRAME", ID: "1:1", Name: "Page"}
		long := strings.Repeat("x", 9000)
		const rows = resultjson.MaxResultBytes/9000 + 10
		for i := range rows {
			root.Children = append(root.Children, &resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(2+2*i), Name: "Row",
				Children: []*resultjson.Node{{Type: "TEXT", ID: "1:" + strconv.Itoa(3+2*i), Characters: long}}})
		}
		variant, def := root.Children[1], root.Children[rows-1]
		if defaultFirst {
			def = root.Children[0]
		}
		variant.Component = resultjson.Component{ComponentID: "C:2", ComponentName: "Current", VariantOf: "C:1",
			VariantProperties: map[string]string{resultjson.VariantPropertyVariant: "Active"}}
		def.Component = resultjson.Component{ComponentID: "C:1", ComponentName: "Row"}
		res := &resultjson.Result{Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion}, Root: root, Warnings: []resultjson.Warning{}}
		if _, err := resultjson.Fit(res, "RESULT_TRIMMED"); err != nil {
			t.Fatal(err)
		}
		got := res.Root.Children[1]
		if got.ComponentID != "C:2" || (got.VariantOf == "C:1") != defaultFirst || (got.VariantProperties != nil) != defaultFirst {
			t.Errorf("default kept %v: the variant has component %q, variantOf %q, %v", defaultFirst, got.ComponentID, got.VariantOf, got.VariantProperties)
		}
		if variant.VariantOf != "C:1" {
			t.Error("Fit changed the untrimmed tree")
		}
	}
}

// TestFitLeavesNoBrokenList: a trim that cuts a list keeps no listText naming items that are
// gone, nor a listMarker TEXT whose list TEXT is gone (the backend refuses both); a list kept
// whole keeps its members.
func TestFitLeavesNoBrokenList(t *testing.T) {
	long := strings.Repeat("x", 9000)
	const rows = resultjson.MaxResultBytes/9000 + 10
	listed := []resultjson.StyledTextSegment{{Start: 0, End: 1, ListOptions: &resultjson.TextListOptions{Type: "UNORDERED"}}}
	for _, tc := range []struct {
		name string
		kids func(first int) []*resultjson.Node
	}{
		{"listText", func(first int) []*resultjson.Node {
			id := func(k int) string { return "1:" + strconv.Itoa(first+k) }
			kids := []*resultjson.Node{
				{Type: "TEXT", ID: id(0), Characters: "•"},
				{Type: "TEXT", ID: id(1), Characters: "a", ListText: &resultjson.ListText{Characters: "a", StyledTextSegments: listed, Replaces: []string{id(0)}}},
			}
			for k := 2; k < rows; k++ {
				kids = append(kids, &resultjson.Node{Type: "TEXT", ID: id(k), Characters: long})
			}
			kids[1].ListText.Replaces = append(kids[1].ListText.Replaces, id(rows-1))
			return kids
		}},
		{"listMarker", func(first int) []*resultjson.Node {
			id := func(k int) string { return "1:" + strconv.Itoa(first+k) }
			kids := []*resultjson.Node{{Type: "TEXT", ID: id(0), Characters: "•", ListMarker: true}}
			for k := 1; k < rows; k++ {
				kids = append(kids, &resultjson.Node{Type: "TEXT", ID: id(k), Characters: long})
			}
			kids[rows-1].StyledTextSegments = listed
			return kids
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A short list kept whole: a marker and its list TEXT.
			whole := &resultjson.Node{Type: "FRAME", ID: "1:2", Name: "Short", Children: []*resultjson.Node{
				{Type: "TEXT", ID: "1:3", Characters: "•", ListMarker: tc.name == "listMarker"},
				{Type: "TEXT", ID: "1:4", Characters: "a", StyledTextSegments: listed},
			}}
			if tc.name == "listText" {
				whole.Children[1].StyledTextSegments = nil
				whole.Children[1].ListText = &resultjson.ListText{Characters: "a", StyledTextSegments: listed, Replaces: []string{"1:3"}}
			}
			cut := &resultjson.Node{Type: "FRAME", ID: "1:10", Name: "Long", Children: tc.kids(11)}
			root := &resultjson.Node{Type: "FRAME", ID: "1:1", Name: "Page", Children: []*resultjson.Node{whole, cut}}
			res := &resultjson.Result{Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion}, Root: root, Warnings: []resultjson.Warning{}}
			if _, err := resultjson.Fit(res, "RESULT_TRIMMED"); err != nil {
				t.Fatal(err)
			}
			kept := res.Root.Children[1].Children
			if len(kept) >= rows {
				t.Fatalf("%d of %d kept: the test needs a cut", len(kept), rows)
			}
			if kept[1].ListText != nil || kept[0].ListMarker {
				t.Errorf("the cut list keeps listText %v, listMarker %v", kept[1].ListText != nil, kept[0].ListMarker)
			}
			if w := res.Root.Children[0].Children; (tc.name == "listMarker" && !w[0].ListMarker) || (tc.name == "listText" && w[1].ListText == nil) {
				t.Errorf("the list kept whole lost its %s", tc.name)
			}
			if tc.name == "listText" && cut.Children[1].ListText == nil {
				t.Error("Fit changed the untrimmed tree")
			}
		})
	}
}
