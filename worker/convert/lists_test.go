package convert_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestFigmaLists converts text-site/lists.html: a disc list (an item with a bold range, one that
// wraps), a decimal list counting from 1 and a one-item list become one TEXT each whose ranges
// are Figma list items (listOptions UNORDERED or ORDERED, hangingList), at the first item's place
// and as tall as the items; each item's marker TEXT stays in place, marked listMarker (what a
// reader that ignores listOptions draws). Lists Figma would draw otherwise keep one TEXT per item
// and unmarked markers: items with a gap between them, an ordered list starting at 3, square
// markers, a coloured ::marker, centred items, inside markers, items starting with a bold word
// (Figma would draw their bullets bold).
func TestFigmaLists(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text-lists")
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	byChars := map[string]placed{}
	var markers []string
	for _, tx := range texts {
		byChars[tx.node.Characters] = tx
		if tx.node.ListMarker {
			markers = append(markers, tx.node.Characters)
		}
	}
	for _, c := range []struct {
		chars, kind string
		y, h        float64
	}{
		{"Disc one\nDisc two with bold words\nA third item long enough to wrap onto a second line in the list's narrow box", "UNORDERED", 16, 96},
		{"First\nSecond\nThird", "ORDERED", 128, 72},
		{"Only item", "UNORDERED", 216, 24},
	} {
		tx, ok := byChars[c.chars]
		if !ok {
			t.Errorf("no list TEXT %q", c.chars)
			continue
		}
		n := tx.node
		if !n.HangingList || tx.x != 56 || tx.y != c.y || tx.w != 380 || tx.h != c.h || n.TextAutoResize != "HEIGHT" {
			t.Errorf("list %q: hangingList %v at %v,%v %vx%v %s; want hanging at 56,%v 380x%v HEIGHT", c.chars, n.HangingList, tx.x, tx.y, tx.w, tx.h, n.TextAutoResize, c.y, c.h)
		}
		for _, s := range n.StyledTextSegments {
			if s.ListOptions == nil || s.ListOptions.Type != c.kind {
				t.Errorf("list %q: range %q has listOptions %+v, want %s", c.chars, s.Characters, s.ListOptions, c.kind)
			}
		}
	}
	disc := byChars["Disc one\nDisc two with bold words\nA third item long enough to wrap onto a second line in the list's narrow box"].node
	if disc != nil {
		var ranges []string
		for _, s := range disc.StyledTextSegments {
			ranges = append(ranges, s.Characters+"|"+s.FontName.Style)
		}
		want := []string{"Disc one\nDisc two with |Regular", "bold|Bold", " words\nA third item long enough to wrap onto a second line in the list's narrow box|Regular"}
		if !slices.Equal(ranges, want) {
			t.Errorf("disc list ranges %q, want %q", ranges, want)
		}
	}
	if want := []string{"•", "•", "•", "1.", "2.", "3.", "•"}; !slices.Equal(markers, want) {
		t.Errorf("listMarker TEXTs %q, want %q", markers, want)
	}
	for _, chars := range []string{"Spaced one", "Spaced two", "Third", "Fourth", "Square one", "Red bullet one", "Centred one", "• Inside one", "Bold start one"} {
		tx, ok := byChars[chars]
		if !ok {
			t.Errorf("no TEXT %q of its own", chars)
			continue
		}
		if tx.node.HangingList || slices.ContainsFunc(tx.node.StyledTextSegments, func(s resultjson.StyledTextSegment) bool { return s.ListOptions != nil }) {
			t.Errorf("%q is a Figma list; its marker is not one Figma draws the same", chars)
		}
	}
	for _, w := range out.Result.Warnings {
		if !strings.HasPrefix(w.Code, "FONT_") {
			t.Errorf("warning %s %s", w.Code, w.Message)
		}
	}
}

func TestGoldenFigmaLists(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text-lists")
	checkGolden(t, "text-lists", f.convert(t).JSON)
}
