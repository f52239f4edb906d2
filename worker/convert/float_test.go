package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestTextAroundFloats converts testdata/replaced-site/float.html (captured by the capture
// worker): a paragraph whose first lines are shortened by a float is split where its line boxes
// change, each part a TEXT as wide as its line box, none over the float (docs/conversion.md
// "Floats").
func TestTextAroundFloats(t *testing.T) {
	f := loadFixture(t, "float")
	out := f.convert(t)
	checkGolden(t, "float", out.JSON)
	var texts []*resultjson.Node
	var boxes []*resultjson.Node // the floats
	for _, c := range out.Result.Root.Children {
		if c.Type == "TEXT" {
			texts = append(texts, c)
		} else {
			boxes = append(boxes, c)
		}
	}
	type want struct {
		starts, ends string
		x, y, w      float64
	}
	wants := []want{
		// Beside the photo (16 + 120 + 16 px margin = 152), five lines; then the last line at
		// the body's left edge, its own extent.
		{"This paragraph flows beside the floated photo on its left", "the left edge of", 152, 16, 344},
		{"the body again once the float has ended.", "float has ended.", 16, 136, -1},
		{"A second paragraph", "the whole width.", 16, 176, 480},
		// Beside a box floated right (140 px + 16 px margin): 480 - 156 = 324 wide.
		{"A box floated right shortens", "reaching the", 16, 240, 324},
		{"right edge of the column again.", "of the column again.", 16, 312, -1},
		// All beside a float: one part, at the float's right.
		{"A short paragraph entirely beside a float.", "a float.", 128, 352, -1},
		// A float inside the paragraph: the text after it, two lines beside it (60 + 8 px),
		// then one at the full width.
		{"A float inside the paragraph it shortens:", "two lines and then runs on", 84, 432, 412},
		{"below it at the paragraph's full width once more.", "once more.", 16, 480, -1},
	}
	if len(texts) != len(wants) {
		var got []string
		for _, n := range texts {
			got = append(got, n.Characters)
		}
		t.Fatalf("TEXT nodes %q, want %d", got, len(wants))
	}
	for i, w := range wants {
		n := texts[i]
		if !strings.HasPrefix(n.Characters, w.starts) || !strings.HasSuffix(n.Characters, w.ends) {
			t.Errorf("TEXT %d is %q, want from %q to %q", i, n.Characters, w.starts, w.ends)
		}
		if n.X != w.x || n.Y != w.y || (w.w >= 0 && n.Width != w.w) {
			t.Errorf("TEXT %d %q at (%v, %v) %v wide, want (%v, %v) %v wide", i, n.Characters, n.X, n.Y, n.Width, w.x, w.y, w.w)
		}
		if n.ParagraphIndent != 0 {
			t.Errorf("TEXT %d is indented %v, want its own line box instead", i, n.ParagraphIndent)
		}
		// No TEXT over a float (a TEXT's box may start up to 1 px above its line box: the
		// half-leading is measured from the font's content area).
		for _, b := range boxes {
			if n.X < b.X+b.Width && b.X < n.X+n.Width && n.Y+1 < b.Y+b.Height && b.Y < n.Y+n.Height-1 {
				t.Errorf("TEXT %q (%v, %v, %vx%v) overlaps %s %q (%v, %v, %vx%v)", n.Characters, n.X, n.Y, n.Width, n.Height, b.Type, b.Name, b.X, b.Y, b.Width, b.Height)
			}
		}
	}
	// The characters of a split paragraph are all there once, the hanging space at the split
	// dropped; its link keeps its range in its part.
	joined := texts[0].Characters + " " + texts[1].Characters
	if joined != "This paragraph flows beside the floated photo on its left and then continues below it at the full width of the column, so its first lines are shorter and start further right than its last lines, which begin at the left edge of the body again once the float has ended." {
		t.Errorf("the split paragraph reads %q", joined)
	}
	var link *resultjson.StyledTextSegment
	for i, s := range texts[0].StyledTextSegments {
		if s.Hyperlink != nil {
			link = &texts[0].StyledTextSegments[i]
		}
	}
	if link == nil || link.Characters != "first lines are shorter and start further right" || link.Hyperlink.Value != "https://example.com/lines" ||
		texts[0].Characters[link.Start:link.End] != link.Characters {
		t.Errorf("link segment %+v, want the link's words in the first part", link)
	}
	for _, w := range out.Result.Warnings {
		if w.Code != "FONT_GENERIC_FAMILY" {
			t.Errorf("unexpected warning %s: %s", w.Code, w.Message)
		}
	}
}
