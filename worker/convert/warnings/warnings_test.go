package warnings_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestListOrderOnceAndPoint: warnings keep their order, a page-wide one names the root, a keyed
// one is listed once and Point renames a range.
func TestListOrderOnceAndPoint(t *testing.T) {
	w := warnings.List{RootID: "1:1"}
	w.Add(warnings.Color, "1:2", "a %s", "colour")
	w.Add(warnings.CaptureTruncated, "", "page-wide")
	w.AddOnce("font:serif", warnings.GenericFont, "1:3", "first")
	w.AddOnce("font:serif", warnings.GenericFont, "1:4", "second")
	w.Add(warnings.Filter, "1:2", "filter")
	w.Point(1, 2, "1:7")
	got := []string{}
	for _, x := range w.Done() {
		got = append(got, x.Code+"@"+*x.NodeID+":"+x.Message)
	}
	want := "CSS_COLOR@1:2:a colour,CAPTURE_TRUNCATED@1:7:page-wide,FONT_GENERIC_FAMILY@1:3:first,CSS_FILTER@1:2:filter"
	if strings.Join(got, ",") != want || w.Len() != 4 {
		t.Errorf("warnings %v (len %d), want %s", got, w.Len(), want)
	}
}

// TestMove: Move points every warning about the given nodes at another (nodes merged into it)
// and leaves the others.
func TestMove(t *testing.T) {
	w := warnings.List{RootID: "1:1"}
	w.Add(warnings.Color, "1:5", "first")
	w.Add(warnings.Filter, "1:2", "other")
	w.Add(warnings.GenericFont, "1:6", "second")
	w.Move(map[string]bool{"1:5": true, "1:6": true}, "1:3")
	got := []string{}
	for _, x := range w.Done() {
		got = append(got, *x.NodeID+":"+x.Message)
	}
	if want := "1:3:first,1:2:other,1:3:second"; strings.Join(got, ",") != want {
		t.Errorf("warnings %v, want %s", got, want)
	}
}

// TestListCapAndMessageLimit: at MaxWarnings the last listed warning counts the left-out ones,
// page-wide ones are never the ones left out, and a message over MaxWarningMessageBytes is cut
// with "...".
func TestListCapAndMessageLimit(t *testing.T) {
	var w warnings.List
	w.RootID = "1:1"
	for i := 0; i < resultjson.MaxWarnings; i++ {
		w.Add(warnings.Color, "1:2", "x")
	}
	if got := w.Done(); len(got) != resultjson.MaxWarnings || got[len(got)-1].Code != warnings.Color {
		t.Fatalf("at the cap: %d warnings, last %s", len(got), got[len(got)-1].Code)
	}
	w.Add(warnings.Color, "1:2", "%s", strings.Repeat("é", resultjson.MaxWarningMessageBytes))
	got := w.Done()
	last := got[len(got)-1]
	if len(got) != resultjson.MaxWarnings || last.Code != warnings.Truncated || last.Message != "2 more warnings were left out" || *last.NodeID != "1:1" {
		t.Errorf("past the cap: %d warnings, last %+v", len(got), last)
	}
	// Past the cap, the page-wide warnings listed after the others (the capture's) are kept, in
	// their place, and the others make room for them.
	w.Add(warnings.CaptureTruncated, "", "page-wide")
	got = w.Done()
	if n := len(got); n != resultjson.MaxWarnings || got[n-2].Code != warnings.CaptureTruncated || got[n-3].Code != warnings.Color ||
		got[n-1].Message != "3 more warnings were left out" {
		t.Errorf("past the cap with a page-wide warning last: %d warnings ending %+v %+v", n, got[n-2], got[n-1])
	}
	var one warnings.List
	one.Add(warnings.Color, "1:2", "%s", strings.Repeat("é", resultjson.MaxWarningMessageBytes))
	if m := one.Done()[0].Message; len(m) > resultjson.MaxWarningMessageBytes || !strings.HasSuffix(m, "...") {
		t.Errorf("long message of %d bytes ends %q", len(m), m[len(m)-5:])
	}
}

// TestListSort: warnings follow their nodes depth first (page-wide ones are the root's, unknown
// nodes last), then their codes and messages, whatever order they were added in.
func TestListSort(t *testing.T) {
	root := &resultjson.Node{ID: "1:1", Children: []*resultjson.Node{
		{ID: "1:3", Children: []*resultjson.Node{{ID: "1:2"}}}, {ID: "1:4"}}}
	w := warnings.List{RootID: "1:1"}
	w.Add(warnings.Filter, "1:4", "b")
	w.Add(warnings.Filter, "1:9", "gone")
	w.Add(warnings.Filter, "1:4", "a")
	w.Add(warnings.Color, "1:2", "c")
	w.Add(warnings.Color, "1:3", "d")
	w.Add(warnings.CaptureTruncated, "", "page")
	w.Add(warnings.Color, "1:4", "z")
	w.Sort(root)
	got := []string{}
	for _, x := range w.Done() {
		got = append(got, x.Code+"@"+*x.NodeID+":"+x.Message)
	}
	want := "CAPTURE_TRUNCATED@1:1:page,CSS_COLOR@1:3:d,CSS_COLOR@1:2:c,CSS_COLOR@1:4:z,CSS_FILTER@1:4:a,CSS_FILTER@1:4:b,CSS_FILTER@1:9:gone"
	if strings.Join(got, ",") != want {
		t.Errorf("sorted %v, want %s", got, want)
	}
}
