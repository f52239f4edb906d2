package convert_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	convtext "github.com/code2des/backend/worker/convert/text"
)

// TestFigmaLists converts text-site/lists.html: a disc list (an item with a bold range, one that
// wraps), a decimal list counting from 1 and a one-item list become one TEXT each whose ranges
// are Figma list items (listOptions UNORDERED or ORDERED, hangingList), at the first item's place
// and as tall as the items; each item's marker TEXT stays in place, marked listMarker (what a
// reader that ignores listOptions draws). Lists Figma would draw otherwise keep one TEXT per item
// and unmarked markers: items with uneven gaps or more than MaxListSpacing apart, an ordered
// list starting at 3, square
// markers, a coloured ::marker, centred items, inside markers, items starting with a bold word
// (Figma would draw their bullets bold). Items with one space between each two keep their TEXTs
// and markers, the first item's TEXT carrying the list as a listText with that listSpacing.
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
	// Items with one space between each two keep their TEXTs (and their markers theirs); the
	// first item's TEXT carries the list Figma draws, the space as every range's listSpacing.
	byID := map[string]*resultjson.Node{}
	for _, tx := range texts {
		byID[tx.node.ID] = tx.node
	}
	for _, c := range []struct {
		first, chars, kind string
		spacing, h         float64
		replaces           []string
	}{
		{"Spaced one", "Spaced one\nSpaced two", "UNORDERED", 8, 56, []string{"•", "•", "Spaced two"}},
		{"Step one", "Step one\nStep two with bold\nStep three", "ORDERED", 6, 84, []string{"1.", "2.", "Step two with bold", "3.", "Step three"}},
		// At MaxListSpacing; "Farther" items, 1 px further apart, are no list (below).
		{"Far one", "Far one\nFar two", "UNORDERED", convtext.MaxListSpacing, 112, []string{"•", "•", "Far two"}},
	} {
		tx, ok := byChars[c.first]
		if !ok || tx.node.ListText == nil {
			t.Errorf("%q carries no listText", c.first)
			continue
		}
		lt := tx.node.ListText
		if lt.Characters != c.chars || lt.Height != c.h || !tx.node.HangingList || tx.node.Height != 24 {
			t.Errorf("%q: listText %q %vpx tall, hangingList %v, own height %v; want %q %vpx, hanging, 24", c.first, lt.Characters, lt.Height, tx.node.HangingList, tx.node.Height, c.chars, c.h)
		}
		var replaced []string
		for _, id := range lt.Replaces {
			n := byID[id]
			if n == nil || n.ListMarker || n.ListText != nil {
				t.Errorf("%q replaces %s, which is no unmarked TEXT of the result", c.first, id)
				continue
			}
			replaced = append(replaced, n.Characters)
		}
		if !slices.Equal(replaced, c.replaces) {
			t.Errorf("%q replaces %q, want %q (unmarked TEXTs that stay in the result)", c.first, replaced, c.replaces)
		}
		for _, s := range lt.StyledTextSegments {
			if s.ListOptions == nil || s.ListOptions.Type != c.kind || s.ListSpacing != c.spacing {
				t.Errorf("%q: range %q has listOptions %+v, listSpacing %v; want %s, %v", c.first, s.Characters, s.ListOptions, s.ListSpacing, c.kind, c.spacing)
			}
		}
		if n := len(lt.StyledTextSegments); c.kind == "ORDERED" && n != 3 {
			t.Errorf("%q: %d ranges, want 3 (the bold word its own)", c.first, n)
		}
		// A list is set in no text style, nor are its ranges: binding one (of Figma's default
		// paragraph settings) would reset its hangingList and listSpacing. A list of several
		// ranges has no node-level fill style either.
		if tx.node.TextStyleID != "" || len(lt.StyledTextSegments) > 1 && tx.node.FillStyleID != "" {
			t.Errorf("%q: text style %q, fill style %q; want none (the list has %d ranges)", c.first, tx.node.TextStyleID, tx.node.FillStyleID, len(lt.StyledTextSegments))
		}
		for _, s := range lt.StyledTextSegments {
			if s.TextStyleID != "" {
				t.Errorf("%q: range %q in text style %s, want none", c.first, s.Characters, s.TextStyleID)
			}
		}
	}
	// Two cards of one shape, each holding a list of spaced items: uses of one component, each
	// with its own list (replaces naming its own items).
	uses, _ := componentUses(out.Result.Root)
	if cards := uses["C:1"]; len(uses) != 1 || len(cards) != 2 {
		t.Errorf("components %v, want C:1 with the two cards", uses)
	} else {
		for i, want := range []string{"One seat\nEmail support", "Ten seats\nChat support"} {
			var lt *resultjson.ListText
			ids := map[string]bool{}
			cards[i].Walk(func(n *resultjson.Node) {
				ids[n.ID] = true
				if n.ListText != nil {
					lt = n.ListText
				}
			})
			if lt == nil || lt.Characters != want || len(lt.Replaces) != 3 || !ids[lt.Replaces[0]] || !ids[lt.Replaces[2]] {
				t.Errorf("card %d: listText %+v, want %q replacing 3 of its own nodes", i, lt, want)
			}
		}
	}
	for _, chars := range []string{"Spaced two", "Uneven one", "Uneven two", "Uneven three", "Farther one", "Farther two", "Third", "Fourth", "Square one", "Red bullet one", "Centred one", "• Inside one", "Bold start one"} {
		tx, ok := byChars[chars]
		if !ok {
			t.Errorf("no TEXT %q of its own", chars)
			continue
		}
		if tx.node.HangingList || tx.node.ListText != nil || slices.ContainsFunc(tx.node.StyledTextSegments, func(s resultjson.StyledTextSegment) bool { return s.ListOptions != nil }) {
			t.Errorf("%q is a Figma list; its marker is not one Figma draws the same", chars)
		}
	}
	for _, w := range out.Result.Warnings {
		if !strings.HasPrefix(w.Code, "FONT_") {
			t.Errorf("warning %s %s", w.Code, w.Message)
		}
	}
}

// TestGoldenFigmaLists: the example testdata/workers/result.lists.json (lists Figma draws, with
// and without space between their items) is a copy of the golden.
func TestGoldenFigmaLists(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text-lists")
	checkGolden(t, "text-lists", f.convert(t).JSON)
	checkExample(t, "text-lists", "../../testdata/workers/result.lists.json")
}
