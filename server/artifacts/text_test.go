package artifacts

import (
	"strconv"
	"strings"
	"testing"
)

// TestTextMembers: textTruncation and maxLines (1 to MaxLines, only with ENDING), textWrapStyle
// (AUTO, BALANCE or PRETTY; TEXT only), paragraphIndent (0 to MaxLayoutLength px), hangingList and listMarker (TEXT only), a segment's
// listOptions, and a listMarker TEXT only beside a TEXT with list ranges.
func TestTextMembers(t *testing.T) {
	node := func(members string) string {
		return `{"type":"FRAME","id":"1","name":"r","children":[{"type":"TEXT","id":"2","name":"t","characters":"a"` + members + `}]}`
	}
	list := func(kind string) string {
		return `{"type":"TEXT","id":"3","name":"l","characters":"a\nb","hangingList":true,"styledTextSegments":[{"start":0,"end":3,"listOptions":{"type":"` + kind + `"}}]}`
	}
	marker := `{"type":"TEXT","id":"2","name":"•","characters":"•","listMarker":true}`
	lines := func(n int) string { return `,"textTruncation":"ENDING","maxLines":` + strconv.Itoa(n) }
	cases := []treeCase{
		{"OKEllipsis", node(lines(1)), ""},
		{"OKMaxLinesAtMaxLines", node(lines(MaxLines)), ""},
		{"ErrMaxLinesPastMaxLines", node(lines(MaxLines + 1)), "from 1 to 10000"},
		{"ErrMaxLinesZero", node(lines(0)), "from 1 to 10000"},
		{"ErrMaxLinesFraction", node(`,"textTruncation":"ENDING","maxLines":1.5`), "from 1 to 10000"},
		{"ErrMaxLinesWithoutEnding", node(`,"maxLines":2`), "without textTruncation ENDING"},
		{"ErrMaxLinesWhenDisabled", node(`,"textTruncation":"DISABLED","maxLines":2`), "without textTruncation ENDING"},
		{"OKTruncationDisabled", node(`,"textTruncation":"DISABLED"`), ""},
		{"ErrTruncationUnknown", node(`,"textTruncation":"MIDDLE"`), `unknown value "MIDDLE"`},
		{"ErrTruncationOnFrame", `{"type":"FRAME","id":"1","name":"r","textTruncation":"ENDING"}`, "cannot have textTruncation"},
		{"OKWrapBalance", node(`,"textWrapStyle":"BALANCE"`), ""},
		{"OKWrapPretty", node(`,"textWrapStyle":"PRETTY"`), ""},
		{"OKWrapAuto", node(`,"textWrapStyle":"AUTO"`), ""},
		{"ErrWrapUnknown", node(`,"textWrapStyle":"STABLE"`), `"textWrapStyle" has an unknown value "STABLE"`},
		{"ErrWrapNotAString", node(`,"textWrapStyle":true`), `"textWrapStyle"`},
		{"ErrWrapOnFrame", `{"type":"FRAME","id":"1","name":"r","textWrapStyle":"BALANCE"}`, "cannot have textTruncation, maxLines, textWrapStyle"},
		{"OKIndentAtMaxLayoutLength", node(`,"paragraphIndent":` + strconv.Itoa(MaxLayoutLength)), ""},
		{"ErrIndentPastMaxLayoutLength", node(`,"paragraphIndent":` + strconv.Itoa(MaxLayoutLength+1)), "from 0 to 100000"},
		{"ErrIndentNegative", node(`,"paragraphIndent":-1`), "from 0 to 100000"},
		{"OKUnorderedListWithItsMarker", `{"type":"FRAME","id":"1","name":"r","children":[` + marker + `,` + list("UNORDERED") + `]}`, ""},
		{"OKOrderedList", `{"type":"FRAME","id":"1","name":"r","children":[` + list("ORDERED") + `]}`, ""},
		{"ErrMarkerBesideNoList", `{"type":"FRAME","id":"1","name":"r","children":[` + marker + `,` + list("NONE") + `]}`, "no TEXT beside it"},
		{"ErrMarkerAlone", `{"type":"FRAME","id":"1","name":"r","children":[` + marker + `]}`, "no TEXT beside it"},
		{"ErrMarkerInAnotherFrame", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"FRAME","id":"4","name":"f","children":[` + marker + `]},` + list("UNORDERED") + `]}`, `no TEXT beside it (in "4")`},
		{"OKListMarkerFalse", node(`,"listMarker":false`), ""},
		{"ErrListMarkerNotBoolean", node(`,"listMarker":1`), "must be a boolean"},
		{"ErrHangingListOnRectangle", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"RECTANGLE","id":"2","name":"x","hangingList":true}]}`, "cannot have textTruncation, maxLines, textWrapStyle, hangingList or listMarker"},
		{"ErrListTypeUnknown", `{"type":"FRAME","id":"1","name":"r","children":[` + list("BULLETS") + `]}`, `needs a type of ORDERED, UNORDERED or NONE (got "BULLETS")`},
		{"ErrListOptionsUnknownMember", node(`,"styledTextSegments":[{"start":0,"end":1,"listOptions":{"type":"ORDERED","start":3}}]`), `unknown member "start"`},
		{"ErrListOptionsNotAnObject", node(`,"styledTextSegments":[{"start":0,"end":1,"listOptions":"ORDERED"}]`), `expected an object in "listOptions"`},
	}
	checkTrees(t, cases, func(root []byte) error {
		_, err := validateTree(root, 2)
		return err
	})
}

// TestListText: a TEXT's listText (the list Figma draws for items with space between them) has
// characters, height (0 to MaxLayoutLength px), styled text covering its characters with a list
// range (a segment's listSpacing 0 to MaxLayoutLength px), and replaces sibling TEXTs, each
// once, in a parent that is no auto-layout frame.
func TestListText(t *testing.T) {
	seg := func(spacing string) string {
		return `{"start":0,"end":3,"listOptions":{"type":"ORDERED"},"listSpacing":` + spacing + `}`
	}
	listText := func(height, segs, replaces string) string {
		return `,"listText":{"characters":"a\nb","height":` + height + `,"styledTextSegments":[` + segs + `],"replaces":[` + replaces + `]}`
	}
	frame := func(mode, first string) string {
		return `{"type":"FRAME","id":"1","name":"r"` + mode + `,"children":[` +
			`{"type":"TEXT","id":"m1","name":"1.","characters":"1."},` +
			`{"type":"TEXT","id":"t1","name":"a","characters":"a","hangingList":true` + first + `},` +
			`{"type":"TEXT","id":"m2","name":"2.","characters":"2."},` +
			`{"type":"TEXT","id":"t2","name":"b","characters":"b"},` +
			`{"type":"RECTANGLE","id":"x","name":"x"}]}`
	}
	ok := listText("56", seg("8"), `"m1","m2","t2"`)
	// ids(n) is n ids of no node: MaxNodeCount of them are read (and refused as no siblings).
	ids := func(n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = `"x` + strconv.Itoa(i+1) + `"`
		}
		return strings.Join(out, ",")
	}
	cases := []treeCase{
		{"OKSpacedList", frame("", ok), ""},
		{"OKNoneLayout", frame(`,"layoutMode":"NONE"`, ok), ""},
		{"OKSpacingAtMaxLayoutLength", frame("", listText("56", seg(strconv.Itoa(MaxLayoutLength)), `"t2"`)), ""},
		{"ErrSpacingPastMaxLayoutLength", frame("", listText("56", seg(strconv.Itoa(MaxLayoutLength+1)), `"t2"`)), `"listSpacing" must be a number of px from 0 to 100000`},
		{"ErrSpacingNegative", frame("", listText("56", seg("-1"), `"t2"`)), `"listSpacing" must be a number of px from 0 to 100000`},
		{"OKHeightAtMaxLayoutLength", frame("", listText(strconv.Itoa(MaxLayoutLength), seg("8"), `"t2"`)), ""},
		{"ErrHeightPastMaxLayoutLength", frame("", listText(strconv.Itoa(MaxLayoutLength+1), seg("8"), `"t2"`)), "height must be a number of px from 0 to 100000"},
		{"ErrSegmentsShort", frame("", listText("56", `{"start":0,"end":2,"listOptions":{"type":"ORDERED"}}`, `"t2"`)), "listText: styled text segments end at 2"},
		{"ErrNoListRange", frame("", listText("56", `{"start":0,"end":3}`, `"t2"`)), "listText has no list range"},
		{"ErrReplacesNoSibling", frame("", listText("56", seg("8"), `"t2","1"`)), `replaces "1", which is no child of "1"`},
		{"ErrReplacesItself", frame("", listText("56", seg("8"), `"t1"`)), `replaces "t1", which is not a TEXT without a listText`},
		{"ErrReplacesRectangle", frame("", listText("56", seg("8"), `"x"`)), `replaces "x", which is not a TEXT`},
		{"ErrReplacesTwice", frame("", listText("56", seg("8"), `"t2","t2"`)), `replaces "t2", which "t1" replaces too`},
		{"ErrReplacesEmpty", frame("", listText("56", seg("8"), ``)), `"listText" replaces is empty`},
		{"ErrInAutoLayout", frame(`,"layoutMode":"VERTICAL"`, ok), `its parent "1" is an auto-layout frame (layoutMode VERTICAL)`},
		{"ErrMissingHeight", frame("", `,"listText":{"characters":"a","styledTextSegments":[{"start":0,"end":1,"listOptions":{"type":"ORDERED"}}],"replaces":["t2"]}`), "needs characters, height, styledTextSegments and replaces"},
		{"ErrUnknownMember", frame("", `,"listText":{"start":3}`), `"listText" has an unknown member "start"`},
		{"ReplacesAtMaxNodeCountAreRead", frame("", listText("56", seg("8"), ids(MaxNodeCount))), `replaces "x1", which is no child`},
		{"ErrReplacesPastMaxNodeCount", frame("", listText("56", seg("8"), ids(MaxNodeCount+1))), "replaces has more than 50000 ids"},
		{"ErrWithListMarker", frame("", ok+`,"listMarker":true`), "is a listMarker with a listText"},
		{"ErrOnFrame", `{"type":"FRAME","id":"1","name":"r","listText":{"characters":"a","height":1,"styledTextSegments":[{"start":0,"end":1,"listOptions":{"type":"ORDERED"}}],"replaces":["2"]}}`, "cannot have listText"},
	}
	checkTrees(t, cases, func(root []byte) error {
		_, err := validateTree(root, 2)
		return err
	})
	if _, err := validateTree([]byte(frame("", ok)), 1); err == nil || !strings.Contains(err.Error(), "need result version 2") {
		t.Errorf("a listText in a version 1 result: %v, want refused", err)
	}
	if _, err := validateTree([]byte(frame("", ok)), 1); err == nil || !strings.Contains(err.Error(), "need result version 2") {
		t.Errorf("a listText in a version 1 result: %v, want refused", err)
	}
}

// TestListTextInUses: uses of a component each have their own listText (characters, ranges,
// height and the ids of their own siblings), and must agree on which siblings, by place, it
// replaces.
func TestListTextInUses(t *testing.T) {
	use := func(p, chars string, replaces []string, name string) string {
		ids := make([]string, len(replaces))
		for i, r := range replaces {
			ids[i] = `"` + p + r + `"`
		}
		return `{"type":"FRAME","id":"` + p + `","name":"Card","componentId":"C:1"` + name + `,"children":[` +
			`{"type":"TEXT","id":"` + p + `m1","name":"•","characters":"•"},` +
			`{"type":"TEXT","id":"` + p + `t1","name":"a","characters":"a","listText":{"characters":"` + chars + `","height":40,"styledTextSegments":[{"start":0,"end":` +
			strconv.Itoa(len(chars)) + `,"listOptions":{"type":"UNORDERED"},"listSpacing":4}],"replaces":[` + strings.Join(ids, ",") + `]}},` +
			`{"type":"TEXT","id":"` + p + `m2","name":"•","characters":"•"},{"type":"TEXT","id":"` + p + `t2","name":"b","characters":"b"}]}`
	}
	all := []string{"m1", "m2", "t2"}
	cases := []treeCase{
		{"OKOwnListsAtTheSamePlaces", componentTree(use("a", "a b", all, `,"componentName":"Card"`), use("b", "long c d", all, "")), ""},
		{"ErrOtherPlaces", componentTree(use("a", "a b", all, `,"componentName":"Card"`), use("b", "a b", []string{"t2"}, "")), "differs from its first use"},
	}
	checkTrees(t, cases, func(root []byte) error {
		w, err := validateTree(root, 2)
		if err == nil {
			err = checkComponents(w.components)
		}
		return err
	})
}
