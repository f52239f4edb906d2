package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestListsAndGeneratedContent converts capturetest's lists page: every list marker is drawn as
// its own TEXT in the marker's box, left of its item and on its first line, with the marker's
// text (bullets, numbers from the list's start and values, roman, alpha, reversed, custom
// ::marker content) and colour; an inside marker and ::before/::after text are characters of
// the paragraph in ranges of their own style; a decorative ::before dot is a FRAME of its box;
// only the counter() content is left out, with its warning.
func TestListsAndGeneratedContent(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "lists")
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	byChars := map[string]placed{}
	var markers []string
	var list placed // the Figma list the markers marked listMarker belong to
	for i, tx := range texts {
		byChars[tx.node.Characters] = tx
		if tx.node.HangingList {
			list = tx
		}
		if tx.node.TextAutoResize == "WIDTH_AND_HEIGHT" && i+1 < len(texts) {
			item, line := texts[i+1], texts[i+1].y
			if tx.node.ListMarker && list.node != nil && tx.y >= list.y && tx.y < list.y+list.h {
				// A marker of the Figma list: left of the list, on its item's line.
				item, line = list, tx.y
			}
			markers = append(markers, tx.node.Characters)
			// Left of its item's text, on its first line.
			if tx.x+tx.w > item.x+0.5 || tx.y < line-1 || tx.y > line+1 {
				t.Errorf("marker %q at %.1f,%.1f (w %.1f), item %q at %.1f,%.1f", tx.node.Characters, tx.x, tx.y, tx.w, item.node.Characters, item.x, line)
			}
		}
	}
	if list.node == nil || list.node.Characters != "Disc one\nDisc two" {
		t.Errorf("the disc list is not one Figma list TEXT: %+v", list.node)
	}
	want := []string{"•", "•", "◦", "▪", "3.", "4.", "10.", "11.", "i.", "ii.", "iii.", "iv.", "C.", "B.", "A.", "→", "•"}
	if strings.Join(markers, " ") != strings.Join(want, " ") {
		t.Errorf("markers\n got %q\nwant %q", markers, want)
	}
	color := func(n *resultjson.Node) resultjson.RGB { return *(*n.Fills)[0].Color }
	if c := color(byChars["→"].node); c != (resultjson.RGB{R: 0.8}) {
		t.Errorf("custom marker colour %+v, want the ::marker red", c)
	}
	for i, tx := range texts {
		if tx.node.Characters == "Green bullet" {
			if c := color(texts[i-1].node); texts[i-1].node.Characters != "•" || c.G < 0.6 || c.R > 0.1 {
				t.Errorf("the green list's marker is %q in %+v, want a green bullet", texts[i-1].node.Characters, c)
			}
		}
	}
	if _, ok := byChars["• Inside marker text"]; !ok {
		t.Error("the inside marker is not the start of its item's TEXT")
	}
	note := byChars["Note: Generated content before and after this text. (see below)"].node
	if note == nil || len(note.StyledTextSegments) != 3 || note.StyledTextSegments[0].Characters != "Note: " ||
		note.StyledTextSegments[0].FontName.Style != "Bold" || note.StyledTextSegments[2].Characters != " (see below)" {
		t.Fatalf("the ::before/::after paragraph is %+v", note)
	}
	var dot *resultjson.Node
	for _, fr := range placedNodes(out.Result.Root, "FRAME") {
		if fr.node.Name == "::before" {
			dot = fr.node
			if fr.w != 12 || fr.h != 12 || dot.CornerRadius == nil || *dot.CornerRadius != 6 || len(*dot.Fills) != 1 {
				t.Errorf("badge dot %.0fx%.0f radius %v fills %v; want the 12x12 round amber dot", fr.w, fr.h, dot.CornerRadius, dot.Fills)
			}
		}
	}
	if dot == nil {
		t.Error("the decorative ::before dot is not drawn")
	}
	var codes []string
	for _, w := range out.Result.Warnings {
		codes = append(codes, w.Code)
		if w.Code == "LIST_MARKER" {
			t.Errorf("a marker was not drawn: %s", w.Message)
		}
	}
	if n := strings.Count(strings.Join(codes, " "), "PSEUDO_ELEMENT"); n != 1 {
		t.Errorf("%d PSEUDO_ELEMENT warnings (%v), want 1: the counter() content", n, codes)
	}
}

func TestGoldenLists(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "lists")
	checkGolden(t, "lists", f.convert(t).JSON)
}
