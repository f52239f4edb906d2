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
// ::after content, list markers, a transform, a radial gradient, form controls whose values a
// script set and vertical text: each becomes a warning with its stable code, the placeholders keep their boxes,
// and the controls show their live values (never the password's).
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
		"CSS_BORDER_STYLE", "FORM_CONTROL_APPROXIMATED", "CSS_BORDER_STYLE", "FORM_CONTROL_APPROXIMATED",
		"FORM_CONTROL_APPROXIMATED", "FONT_GENERIC_FAMILY", "FORM_CONTROL_APPROXIMATED",
		"CSS_WRITING_MODE",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("warning codes\n got %v\nwant %v", got, want)
	}
	if len(out.Result.Warnings) != 17 {
		t.Fatalf("%d warnings, want 17", len(out.Result.Warnings))
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
	for _, w := range out.Result.Warnings {
		if w.Code != "FORM_CONTROL_APPROXIMATED" {
			continue
		}
		n := nodes[*w.NodeID]
		var shown []string
		for _, c := range n.Children {
			shown = append(shown, c.Characters)
		}
		want := map[string]string{"Name": "Typed name", "Pin": "", "Notes": "Typed notes", "Size": "Large"}[n.Name]
		if got := strings.Join(shown, ""); got != want {
			t.Errorf("%s shows %q, want %q", n.Name, got, want)
		}
	}
	if strings.Contains(string(f.raw), "secret") {
		t.Error("the capture holds the password input's value")
	}
	// The list items and paragraphs draw nothing of their own: their pseudo-element warnings
	// name the text next to the marker or content, not the root.
	for i, want := range map[int]string{
		0: "Pseudo-element content comes before this text.", 1: "A star follows",
		7: "First bullet", 8: "Second bullet",
	} {
		w := out.Result.Warnings[i]
		if n := nodes[*w.NodeID]; n.Type != "TEXT" || n.Characters != want {
			t.Errorf("%s warning %q names %s %q, want the TEXT %q", w.Code, w.Message, n.Type, n.Name, want)
		}
	}
	if m := out.Result.Warnings[0].Message; !strings.Contains(m, `"Note: "`) {
		t.Errorf("::before warning %q does not quote the content", m)
	}
}
