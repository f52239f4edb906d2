package artifacts

import (
	"strconv"
	"testing"
)

// TestTextMembers: textTruncation and maxLines (1 to MaxLines, only with ENDING),
// paragraphIndent (0 to MaxLayoutLength px), hangingList and listMarker (TEXT only), a segment's
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
		{"ErrHangingListOnRectangle", `{"type":"FRAME","id":"1","name":"r","children":[{"type":"RECTANGLE","id":"2","name":"x","hangingList":true}]}`, "cannot have textTruncation, maxLines, hangingList or listMarker"},
		{"ErrListTypeUnknown", `{"type":"FRAME","id":"1","name":"r","children":[` + list("BULLETS") + `]}`, `needs a type of ORDERED, UNORDERED or NONE (got "BULLETS")`},
		{"ErrListOptionsUnknownMember", node(`,"styledTextSegments":[{"start":0,"end":1,"listOptions":{"type":"ORDERED","start":3}}]`), `unknown member "start"`},
		{"ErrListOptionsNotAnObject", node(`,"styledTextSegments":[{"start":0,"end":1,"listOptions":"ORDERED"}]`), `expected an object in "listOptions"`},
	}
	checkTrees(t, cases, func(root []byte) error {
		_, err := validateTree(root, 2)
		return err
	})
}
