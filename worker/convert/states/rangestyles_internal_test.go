package states

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestRangeStylesAreNoChange: a state's drawing has no styles, so a range set in a text style
// (the Default's) and the same range without one (the state's) differ in no member and paint
// the same: no "styledTextSegments" change that would skip the state, and no override.
func TestRangeStylesAreNoChange(t *testing.T) {
	seg := func(style string) resultjson.StyledTextSegment {
		return resultjson.StyledTextSegment{Characters: "Read", Start: 0, End: 4, FontName: resultjson.FontName{Family: "Inter", Style: "Regular"},
			FontSize: 16, TextDecoration: "NONE", TextCase: "ORIGINAL", TextStyleID: style}
	}
	text := func(style string) *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", ID: "1:3", Characters: "Read more", StyledTextSegments: []resultjson.StyledTextSegment{seg(style), {Characters: " more", Start: 4, End: 9, TextStyleID: style}}}
	}
	d, v := text("S:2"), text("")
	if m := otherMember(d, v); m != "" {
		t.Errorf("otherMember %q, want none", m)
	}
	if o, changed := override(d, v); changed {
		t.Errorf("override %+v, want none", o)
	}
	// A range that changes in the state is still an override (its weight).
	v.StyledTextSegments[0].FontName.Style = "Bold"
	if m := otherMember(d, v); m != "styledTextSegments" {
		t.Errorf("a bold range: otherMember %q, want styledTextSegments", m)
	}
}
