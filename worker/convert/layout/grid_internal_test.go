package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestReadTracks maps computed track lists (CSS Typed OM's values beside getComputedStyle's px)
// to Figma's track kinds.
func TestReadTracks(t *testing.T) {
	kinds := func(ts []track) string {
		var b []string
		for _, k := range ts {
			s := fmt.Sprintf("%s %g", k.kind, k.resolved)
			if k.kind == TrackFlex {
				s = fmt.Sprintf("%s(%g) %g", k.kind, k.flex, k.resolved)
			}
			b = append(b, s)
		}
		return strings.Join(b, ", ")
	}
	for _, tc := range []struct {
		resolved, specified, auto, want string
	}{
		{"160px 344px 200px", "160px 1fr auto", "auto", "FIXED 160, FLEX(1) 344, HUG 200"},
		{"[a] 100px [b] 200px", "[a] minmax(100px, 2fr) [b] minmax(min-content, 300px)", "auto", "FLEX(2) 100, HUG 200"},
		{"240px 240px 240px", "repeat(3, 1fr)", "auto", "FLEX(1) 240, FLEX(1) 240, FLEX(1) 240"},
		{"150px 150px 150px 150px", "repeat(auto-fill, minmax(150px, 1fr))", "auto", "FLEX(1) 150, FLEX(1) 150, FLEX(1) 150, FLEX(1) 150"},
		{"50px 30px 50px 30px 18px", "repeat(2, 50px 30px)", "auto", "FIXED 50, FIXED 30, FIXED 50, FIXED 30, HUG 18"},
		{"50px 20px 20px", "50px", "20px", "FIXED 50, FIXED 20, FIXED 20"},
		{"100px 24px", "none", "minmax(0px, 1fr)", "FLEX(1) 100, FLEX(1) 24"},
		{"200px 10px", "25% calc(5px + 5px)", "auto", "FIXED 200, FIXED 10"},
	} {
		got, reason := readTracks(tc.resolved, tc.specified, tc.auto)
		if reason != "" || kinds(got) != tc.want {
			t.Errorf("readTracks(%q, %q, %q) = %s (%q), want %s", tc.resolved, tc.specified, tc.auto, kinds(got), reason, tc.want)
		}
	}
}

// TestReadTracksUnresolved: a track list layout did not resolve to px (a grid that is not laid
// out) is refused with the reason.
func TestReadTracksUnresolved(t *testing.T) {
	if _, reason := readTracks("25% 10px", "25% 10px", "auto"); reason != "its track size 25% is not resolved to px" {
		t.Errorf("reason %q", reason)
	}
	if _, reason := readTracks("none", "none", "auto"); reason != "it has no tracks" {
		t.Errorf("reason %q", reason)
	}
}

// TestReadTracksLimit: a grid of MaxGridTracks tracks is read, one more is refused.
func TestReadTracksLimit(t *testing.T) {
	list := func(n int) string { return strings.TrimSpace(strings.Repeat("10px ", n)) }
	if got, reason := readTracks(list(resultjson.MaxGridTracks), "repeat(1000, 10px)", "auto"); reason != "" || len(got) != resultjson.MaxGridTracks {
		t.Errorf("%d tracks: %d read, reason %q", resultjson.MaxGridTracks, len(got), reason)
	}
	if _, reason := readTracks(list(resultjson.MaxGridTracks+1), "repeat(1001, 10px)", "auto"); reason != "it has 1001 tracks (Figma's grid takes at most 1000 here)" {
		t.Errorf("%d tracks: reason %q", resultjson.MaxGridTracks+1, reason)
	}
}

// TestReadTracksLengthLimit: a track of MaxLayoutLength px, or a share of MaxLayoutLength fr, is
// read; one more is refused (the backend's bound of lengths and FLEX values).
func TestReadTracksLengthLimit(t *testing.T) {
	edge := fmt.Sprintf("%dpx 10px", resultjson.MaxLayoutLength)
	if _, reason := readTracks(edge, edge, "auto"); reason != "" {
		t.Errorf("%s: %s", edge, reason)
	}
	past := fmt.Sprintf("%dpx 10px", resultjson.MaxLayoutLength+1)
	if _, reason := readTracks(past, past, "auto"); reason != "its track of 100001px is longer than 100000 px" {
		t.Errorf("%s: reason %q", past, reason)
	}
	if _, reason := readTracks("10px 10px", fmt.Sprintf("%dfr 1fr", resultjson.MaxLayoutLength), "auto"); reason != "" {
		t.Errorf("%dfr: %s", resultjson.MaxLayoutLength, reason)
	}
	if _, reason := readTracks("10px 10px", fmt.Sprintf("%dfr 1fr", resultjson.MaxLayoutLength+1), "auto"); reason != "its track of 100001fr has a share above 100000" {
		t.Errorf("%dfr: reason %q", resultjson.MaxLayoutLength+1, reason)
	}
}

// twoByTwo is a grid of two 50px columns and two 20px rows, each cell holding a 50 x 20 item,
// whose element sets prop (column-gap or padding-left) to px: the frame, its element, its items
// and their elements.
func twoByTwo(prop string, px float64) (*resultjson.Node, *capturemodel.DOMNode, []*resultjson.Node, []*capturemodel.DOMNode) {
	gap, left := 0.0, 0.0
	if prop == "column-gap" {
		gap = px
	} else {
		left = px
	}
	el := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{
		"display": "grid", "grid-template-columns": "50px 50px", "grid-template-rows": "20px 20px", prop: fmt.Sprintf("%gpx", px),
	}, GridTracks: &capturemodel.GridTracks{Columns: "50px 50px", Rows: "20px 20px"}}
	F := &resultjson.Node{Type: "FRAME", Name: "grid", Width: left + 100 + gap, Height: 40}
	var dom []*capturemodel.DOMNode
	for r := range 2 {
		for c := range 2 {
			F.Children = append(F.Children, &resultjson.Node{Type: "FRAME", Name: fmt.Sprintf("cell %d %d", r, c),
				X: left + float64(c)*(50+gap), Y: float64(r) * 20, Width: 50, Height: 20})
			dom = append(dom, &capturemodel.DOMNode{Type: "element", Tag: "div"})
		}
	}
	return F, el, F.Children, dom
}

// TestInferGridGapAndPaddingLimit: a column gap, or a padding, of MaxLayoutLength px makes a
// GRID frame; one px more leaves the frame as it was, with the reason.
func TestInferGridGapAndPaddingLimit(t *testing.T) {
	for _, prop := range []string{"column-gap", "padding-left"} {
		F, el, flow, dom := twoByTwo(prop, resultjson.MaxLayoutLength)
		if reason := inferGrid(F, el, flow, dom, nil); reason != "" || F.LayoutMode != Grid || val(F.GridColumnGap)+val(F.PaddingLeft) != resultjson.MaxLayoutLength {
			t.Errorf("%s %d px: reason %q, layoutMode %q, gap %v, padding %v; want a GRID frame", prop, resultjson.MaxLayoutLength, reason, F.LayoutMode, val(F.GridColumnGap), val(F.PaddingLeft))
		}
		F, el, flow, dom = twoByTwo(prop, resultjson.MaxLayoutLength+1)
		want := "its padding or gap of 100001 px is longer than 100000 px"
		if reason := inferGrid(F, el, flow, dom, nil); reason != want || F.LayoutMode != "" || F.Children[0].GridRowAnchorIndex != nil {
			t.Errorf("%s %d px: reason %q, layoutMode %q; want %q and no grid members", prop, resultjson.MaxLayoutLength+1, reason, F.LayoutMode, want)
		}
	}
}

// TestAlignIn: where a box sits in its cells, within half a px of their edges.
func TestAlignIn(t *testing.T) {
	for _, tc := range []struct {
		lo, hi, a, b float64
		want         string
	}{
		{10, 60, 10, 60, ""},
		{10.5, 59.5, 10, 60, ""},
		{10, 40, 10, 60, AlignMin},
		{30, 60, 10, 60, AlignMax},
		{20, 50, 10, 60, AlignCenter},
		{21, 50, 10, 60, AlignCenter}, // 11 and 10 px from the edges: within 1 px of the middle
		{22.5, 50, 10, 60, "?"},
		{10.6, 40, 10, 60, "?"},
	} {
		if got := alignIn(tc.lo, tc.hi, tc.a, tc.b); got != tc.want {
			t.Errorf("alignIn(%g, %g, %g, %g) = %q, want %q", tc.lo, tc.hi, tc.a, tc.b, got, tc.want)
		}
	}
}

// TestArea: the tracks a box covers on lines 0-50, 60-110, 120-170, or the CSS span when it is
// larger and fits.
func TestArea(t *testing.T) {
	start, end := []float64{0, 60, 120}, []float64{50, 110, 170}
	for _, tc := range []struct {
		lo, hi              float64
		cssSpan             int
		wantFirst, wantSpan int
	}{
		{0, 50, 0, 0, 1},
		{60, 170, 0, 1, 2},
		{60.4, 109.6, 0, 1, 1},
		{0, 30, 2, 0, 2},    // narrower than its area of two tracks
		{120, 150, 2, 2, 1}, // a span past the last track is left out
		{0, 170, 0, 0, 3},
	} {
		first, span := area(tc.lo, tc.hi, start, end, tc.cssSpan)
		if first != tc.wantFirst || span != tc.wantSpan {
			t.Errorf("area(%g, %g, span %d) = %d, %d; want %d, %d", tc.lo, tc.hi, tc.cssSpan, first, span, tc.wantFirst, tc.wantSpan)
		}
	}
}
