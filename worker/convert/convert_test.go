package convert_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
)

func TestGoldenSite(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "site")
	out := f.convert(t)
	checkGolden(t, "site", out.JSON)
	if again := f.convert(t); !bytes.Equal(again.JSON, out.JSON) {
		t.Error("two conversions of one capture differ")
	}
}

func TestGoldenUnsupported(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "unsupported")
	out := f.convert(t)
	checkGolden(t, "unsupported", out.JSON)
}

// TestUnsupportedContentWarns converts a page with a video, an iframe, a canvas, ::before and
// ::after content, list markers, a transform and a radial gradient: each becomes a warning with
// its stable code, and the placeholders keep their boxes.
func TestUnsupportedContentWarns(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "unsupported")
	out := f.convert(t)
	var got []string
	for _, w := range out.Result.Warnings {
		got = append(got, w.Code)
	}
	want := []string{
		"PSEUDO_ELEMENT", "PSEUDO_ELEMENT",
		"UNSUPPORTED_ELEMENT", "UNSUPPORTED_ELEMENT", "UNSUPPORTED_ELEMENT",
		"CSS_TRANSFORM", "CSS_GRADIENT", "LIST_MARKER", "LIST_MARKER",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("warning codes\n got %v\nwant %v", got, want)
	}
	if len(out.Result.Warnings) != 9 {
		t.Fatalf("%d warnings, want 9", len(out.Result.Warnings))
	}
	nodes := map[string]*convert.Node{}
	var index func(n *convert.Node)
	index = func(n *convert.Node) {
		nodes[n.ID] = n
		for _, c := range n.Children {
			index(c)
		}
	}
	index(out.Result.Root)
	for _, w := range out.Result.Warnings {
		if w.NodeID == nil || nodes[*w.NodeID] == nil {
			t.Errorf("warning %s names node %v, which is not in the tree", w.Code, w.NodeID)
		}
	}
	for i, tag := range []string{"video", "iframe", "canvas"} {
		w := out.Result.Warnings[2+i]
		n := nodes[*w.NodeID]
		if n.Type != "RECTANGLE" || n.Name != tag+" (placeholder)" || !strings.HasPrefix(w.Message, tag+": ") {
			t.Errorf("%s: warning %q on %s %q; want a RECTANGLE placeholder", tag, w.Message, n.Type, n.Name)
		}
	}
	if m := out.Result.Warnings[0].Message; !strings.Contains(m, `"Note: "`) {
		t.Errorf("::before warning %q does not quote the content", m)
	}
}
