package convert_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
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
// ::after content and list markers (drawn, no longer warned about), a transform, a radial gradient (drawn), form controls whose values a
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
	// ::before/::after content and list markers are drawn (TestListsAndGeneratedContent), so
	// they no longer warn.
	// The radial gradient is drawn (GRADIENT_RADIAL), so it no longer warns.
	want := []string{
		"UNSUPPORTED_ELEMENT", "UNSUPPORTED_ELEMENT", "UNSUPPORTED_ELEMENT",
		"CSS_TRANSFORM",
		"CSS_BORDER_STYLE", "FORM_CONTROL_APPROXIMATED", "CSS_BORDER_STYLE", "FORM_CONTROL_APPROXIMATED",
		"FORM_CONTROL_APPROXIMATED", "FONT_GENERIC_FAMILY", "FORM_CONTROL_APPROXIMATED",
		"CSS_WRITING_MODE",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("warning codes\n got %v\nwant %v", got, want)
	}
	if len(out.Result.Warnings) != 12 {
		t.Fatalf("%d warnings, want 12", len(out.Result.Warnings))
	}
	nodes := map[string]*resultjson.Node{}
	var index func(n *resultjson.Node)
	index = func(n *resultjson.Node) {
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
		w := out.Result.Warnings[i]
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
	// The generated content is characters of its paragraph, the markers TEXT nodes of their own
	// (the disc list's items one Figma list, its markers kept for readers that ignore it).
	texts := map[string]bool{}
	for _, n := range nodes {
		if n.Type == "TEXT" {
			texts[n.Characters] = true
		}
	}
	for _, want := range []string{"Note: Pseudo-element content comes before this text.", "A star follows★", "•", "First bullet\nSecond bullet"} {
		if !texts[want] {
			t.Errorf("no TEXT %q", want)
		}
	}
}
