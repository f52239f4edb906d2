package convert_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// findFrame returns the first node of the tree under root that match accepts, in document order.
func findFrame(root *resultjson.Node, match func(n *resultjson.Node) bool) *resultjson.Node {
	var f *resultjson.Node
	walkNodes(root, nil, func(n, _ *resultjson.Node) {
		if f == nil && match(n) {
			f = n
		}
	})
	return f
}

// TestGridCardsPage converts grid-cards.html (testdata/layout-site): a grid of three columns
// (160px, 1fr, auto) and two rows (auto, 120px), gap 16px 24px, padding 8px, five cards, the
// fourth spanning the first two columns. It becomes a GRID frame with those tracks as FIXED,
// FLEX and HUG, each card in its cell, FILL where it fills tracks that are not sized by content.
func TestGridCardsPage(t *testing.T) {
	res := loadFixture(t, "layout-grid-cards").convert(t).Result
	f := findFrame(res.Root, func(n *resultjson.Node) bool { return n.LayoutMode == layout.Grid })
	if f == nil {
		t.Fatalf("no GRID frame; diagnostics %+v", res.Diagnostics)
	}
	type frameWant struct {
		Name                           string
		Rows, Cols                     int
		RowGap, ColGap                 float64
		PadTop, PadRight, PadBot, PadL float64
		RowSizes, ColSizes             string
		SizingH, SizingV               string
		Flow                           bool // flex-only members left out
	}
	sizes := func(ts []resultjson.GridTrackSize) string {
		b, _ := json.Marshal(ts)
		return string(b)
	}
	got := frameWant{f.Name, f.GridRowCount, f.GridColumnCount, deref(f.GridRowGap), deref(f.GridColumnGap),
		deref(f.PaddingTop), deref(f.PaddingRight), deref(f.PaddingBottom), deref(f.PaddingLeft),
		sizes(f.GridRowSizes), sizes(f.GridColumnSizes), f.LayoutSizingHorizontal, f.LayoutSizingVertical,
		f.ItemSpacing != nil || f.LayoutWrap != "" || f.PrimaryAxisAlignItems != "" || f.CounterAxisAlignItems != ""}
	want := frameWant{"Cards", 2, 3, 16, 24, 8, 8, 8, 8,
		`[{"type":"HUG"},{"type":"FIXED","value":120}]`,
		`[{"type":"FIXED","value":160},{"type":"FLEX","value":1},{"type":"HUG"}]`,
		// FLEX columns: FIXED across; rows HUG and FIXED: 8 + 84 + 16 + 120 + 8 = 236, the height.
		layout.SizingFixed, layout.SizingHug, false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("GRID frame (-want +got):\n%s", diff)
	}
	type cell struct {
		Name                       string
		Row, Col, RowSpan, ColSpan int
		AlignH, AlignV             string
		SizingH, SizingV           string
		X, Y, Width, Height        float64
	}
	var cells []cell
	for _, c := range f.Children {
		cells = append(cells, cell{c.Name, *c.GridRowAnchorIndex, *c.GridColumnAnchorIndex, c.GridRowSpan, c.GridColumnSpan,
			c.GridChildHorizontalAlign, c.GridChildVerticalAlign, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.X, c.Y, c.Width, c.Height})
	}
	// Row 0 is sized by content (HUG): its cards keep their own height (they hug their text);
	// column 2 too: its cards keep their width. The cards keep their captured boxes.
	wantCells := []cell{
		{"Card / Alpha", 0, 0, 1, 1, "", "", layout.SizingFill, layout.SizingHug, 8, 8, 160, 84},
		{"Card / Beta", 0, 1, 1, 1, "", "", layout.SizingFill, layout.SizingHug, 192, 8, 312.66, 84},
		{"Card / Gamma", 0, 2, 1, 1, "", "", layout.SizingFixed, layout.SizingHug, 528.66, 8, 215.34, 84},
		{"Card / Delta", 1, 0, 1, 2, "", "", layout.SizingFill, layout.SizingFill, 8, 108, 496.66, 120},
		{"Card / Epsilon", 1, 2, 1, 1, "", "", layout.SizingFixed, layout.SizingFill, 528.66, 108, 215.34, 120},
	}
	if diff := cmp.Diff(wantCells, cells); diff != "" {
		t.Errorf("GRID children (-want +got):\n%s", diff)
	}
	if worst, d := layout.Mismatch(f); d > layout.Tolerance {
		t.Errorf("Figma's grid moves %s by %.2f px", worst.Name, d)
	}
	for _, d := range res.Diagnostics {
		if d.NodeID == f.ID {
			t.Errorf("diagnostic on the grid: %+v", d)
		}
	}
}

// TestGridLeftOutSaysWhy: a grid Figma's grid cannot draw as the page did keeps absolute
// positions, its children no grid members, and a diagnostic names the reason.
func TestGridLeftOutSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(cards *capturemodel.DOMNode)
		reason string
	}{
		// Two items placed in one cell (grid-area 1 / 1 on both): Figma holds one layer per cell.
		{"ItemsShareACell", func(cards *capturemodel.DOMNode) {
			first, last := cards.Children[0], cards.Children[len(cards.Children)-1]
			shiftDOM(last, first.Box.X-last.Box.X, first.Box.Y-last.Box.Y)
			last.Box.Width, last.Box.Height = first.Box.Width, first.Box.Height
		}, "the items article.card and article.card share a cell (Figma's grid holds one layer per cell)"},
		// An item moved off its cells' edges (a margin, a transform by translate: not a place
		// Figma's alignment gives).
		{"ItemOffItsCells", func(cards *capturemodel.DOMNode) {
			c := cards.Children[1]
			shiftDOM(c, 5, 0)
			c.Box.Width -= 20
		}, "the item article.card is not at the start, centre or end of its cells"},
		// Tracks moved down in the container (align-content: center): Figma starts them at the
		// padding, so the items are off the cells it would give them.
		{"TracksMoved", func(cards *capturemodel.DOMNode) {
			for _, c := range cards.Children {
				shiftDOM(c, 0, 3)
			}
		}, "the item article.card is not at the start, centre or end of its cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := loadFixture(t, "layout-grid-cards")
			cards := elementByAttr(f.capture.Document.Root, "class", "cards")
			var items []*capturemodel.DOMNode
			for _, c := range cards.Children {
				if c.Type == "element" {
					items = append(items, c)
				}
			}
			cards.Children = items
			tc.change(cards)
			res := f.convert(t).Result
			frame := findFrame(res.Root, func(n *resultjson.Node) bool { return n.Name == "Cards" })
			if frame == nil || frame.LayoutMode != "" || frame.GridRowCount != 0 {
				t.Fatalf("cards frame %+v, want no auto layout", frame)
			}
			for _, c := range frame.Children {
				if c.GridRowAnchorIndex != nil || c.GridRowSpan != 0 || c.LayoutSizingHorizontal == layout.SizingFill {
					t.Errorf("child %s of the absolute frame keeps grid members %+v", c.Name, c.GridChild)
				}
			}
			want := "Cards keeps absolute positions: " + tc.reason
			for _, d := range res.Diagnostics {
				if d.NodeID == frame.ID && d.Message == want {
					return
				}
			}
			t.Errorf("diagnostics %+v, want %q", res.Diagnostics, want)
		})
	}
}

// TestGridWithoutTrackKinds: a capture without grid_tracks (how CSS sized the tracks) keeps the
// row, column and wrap mapping (the tiles of grid.html: three 1fr columns filled by row wrap)
// and its reasons (a grid filled by column).
func TestGridWithoutTrackKinds(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(tiles *capturemodel.DOMNode)
		mode   string
		reason string
	}{
		{"WrappingRows", func(*capturemodel.DOMNode) {}, layout.Horizontal, ""},
		{"FilledByColumn", func(tiles *capturemodel.DOMNode) { tiles.Style["grid-auto-flow"] = "column" }, "",
			"a grid of 3 columns and 2 rows filled by column is not one row or one column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := loadFixture(t, "layout-grid")
			tiles := elementByAttr(f.capture.Document.Root, "class", "tiles")
			tiles.GridTracks = nil
			tc.change(tiles)
			res := f.convert(t).Result
			frame := findFrame(res.Root, func(n *resultjson.Node) bool { return n.Name == "Tiles" })
			if frame == nil || frame.LayoutMode != tc.mode {
				t.Fatalf("tiles frame %+v, want layoutMode %q", frame, tc.mode)
			}
			if tc.reason == "" {
				return
			}
			want := "Tiles keeps absolute positions: " + tc.reason
			for _, d := range res.Diagnostics {
				if d.NodeID == frame.ID && strings.HasPrefix(d.Message, want) {
					return
				}
			}
			t.Errorf("diagnostics %+v, want %q", res.Diagnostics, want)
		})
	}
}

// TestGridTrackFigmaSizesOtherwiseIsFixed: tracks Figma's rules would size otherwise than the
// page did keep their px size (FIXED) and the frame stays a grid. Here the page's columns are
// read as 160px 1fr 1fr: Figma would share the room equally (264.5 px each), the page gave
// 312.66 and 215.34 px, so both become FIXED.
func TestGridTrackFigmaSizesOtherwiseIsFixed(t *testing.T) {
	f := loadFixture(t, "layout-grid-cards")
	elementByAttr(f.capture.Document.Root, "class", "cards").GridTracks.Columns = "160px 1fr 1fr"
	res := f.convert(t).Result
	g := findFrame(res.Root, func(n *resultjson.Node) bool { return n.Name == "Cards" })
	if g == nil || g.LayoutMode != layout.Grid {
		t.Fatalf("cards frame %+v, diagnostics %+v, want GRID", g, res.Diagnostics)
	}
	b, _ := json.Marshal(g.GridColumnSizes)
	if want := `[{"type":"FIXED","value":160},{"type":"FIXED","value":312.66},{"type":"FIXED","value":215.34}]`; string(b) != want {
		t.Errorf("column sizes %s, want %s", b, want)
	}
	if worst, d := layout.Mismatch(g); d > layout.Tolerance {
		t.Errorf("Figma's grid moves %s by %.2f px", worst.Name, d)
	}
}
