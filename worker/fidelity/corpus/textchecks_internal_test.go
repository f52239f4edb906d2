package corpus_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestOverlappingTexts: two TEXT nodes of different characters drawn over each other are found;
// line boxes of adjacent lines that touch, a ruby annotation's line over its base's, a
// paragraph continuing after an inline box on the same line (paragraphIndent), text clipped
// away by its frame and a pair of pageOverlaps are not.
func TestOverlappingTexts(t *testing.T) {
	px := func(v float64) *resultjson.LineHeight { return &resultjson.LineHeight{Value: &v, Unit: "PIXELS"} }
	txt := func(chars string, x, y, w, h, size, lh float64) *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", ID: chars, Characters: chars, X: x, Y: y, Width: w, Height: h, FontSize: size, LineHeight: px(lh)}
	}
	clips := true
	indented := txt("after the box", 0, 100, 400, 48, 16, 24)
	indented.ParagraphIndent = 200
	root := &resultjson.Node{Type: "FRAME", Width: 800, Height: 600, Children: []*resultjson.Node{
		txt("first line", 0, 0, 300, 24, 16, 24),
		txt("second line", 0, 24, 300, 24, 16, 24), // touches the first
		txt("over the second", 100, 30, 300, 24, 16, 24),
		txt("base", 500, 10, 30, 28, 16, 28),
		txt("annotation", 500, 8, 30, 8, 8, 8), // the em boxes touch
		txt("before the box", 0, 100, 190, 24, 16, 24),
		indented,
		{Type: "FRAME", X: 0, Y: 300, Width: 100, Height: 50, ClipsContent: &clips, Children: []*resultjson.Node{
			txt("clipped column", 0, 0, 40, 200, 16, 24),
		}},
		txt("below the frame", 0, 360, 300, 24, 16, 24),
		txt("電", 600, 200, 28.8, 28, 16, 28),
		txt("Ruby 示例：", 520, 200, 84, 28, 16, 28),
	}}
	got := overlappingTexts(root)
	if len(got) != 1 || got[0] != `second line "second line" and over the second "over the second" overlap by 200.0×10.0 px` {
		t.Errorf("overlaps %q, want only the second line and the text over it", got)
	}
}
