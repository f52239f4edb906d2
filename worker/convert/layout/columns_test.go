package layout_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// column is a box tree of a root (the html element) holding the frame 1:2 of a block element el
// (a card's li inside a parent element of style parentStyle), whose kids are added in document
// order: the paragraphs of blocks merged into the frame (an h2, a p) and frames of their own.
type column struct {
	root, frame *boxtree.Node
	el, parent  *capturemodel.DOMNode
	ids         int
}

func newColumn(style, parentStyle map[string]string, width, height float64) *column {
	el := &capturemodel.DOMNode{Type: "element", Tag: "li", Style: style}
	parent := &capturemodel.DOMNode{Type: "element", Tag: "ul", Style: parentStyle, Children: []*capturemodel.DOMNode{el}}
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"display": "block"}, Children: []*capturemodel.DOMNode{parent}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, El: html, Kind: boxtree.Box}
	f := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "li", X: 10, Y: 10, Width: width, Height: height}, el, boxtree.Flow, 0)
	f.Kind = boxtree.Box
	return &column{root: root, frame: f, el: el, parent: parent, ids: 2}
}

// child adds a child element of el of the given tag and style (display block unless given).
func (c *column) child(tag string, style map[string]string) *capturemodel.DOMNode {
	st := map[string]string{"display": "block"}
	maps.Copy(st, style)
	d := &capturemodel.DOMNode{Type: "element", Tag: tag, Style: st}
	c.el.Children = append(c.el.Children, d)
	c.frame.DOM = c.el.Children
	return d
}

// node adds result node n for child d of el in paint layer group and returns its box tree node.
func (c *column) node(n *resultjson.Node, d *capturemodel.DOMNode, group int) *boxtree.Node {
	c.ids++
	n.ID = fmt.Sprintf("1:%d", c.ids)
	k := c.frame.Add(n, d, group, 0)
	k.Item = d
	return k
}

// paragraph adds a child block of the given tag and style that draws nothing, merged into the
// frame: its paragraph, a TEXT set in its content box at x, y, w x h (HEIGHT).
func (c *column) paragraph(tag string, style map[string]string, x, y, w, h float64) *resultjson.Node {
	d := c.child(tag, style)
	d.Children = []*capturemodel.DOMNode{{Type: "text", Text: "text"}}
	n := &resultjson.Node{Type: "TEXT", Name: tag, X: x, Y: y, Width: w, Height: h, TextAutoResize: "HEIGHT"}
	c.node(n, d, boxtree.Flow).Text = &boxtree.Text{Style: d, Paragraph: d.Children, Whole: true}
	return n
}

// box adds a child block of the given tag and style that paints: a FRAME of its own at x, y,
// w x h.
func (c *column) box(tag string, style map[string]string, x, y, w, h float64) *resultjson.Node {
	d := c.child(tag, style)
	n := &resultjson.Node{Type: "FRAME", Name: tag, X: x, Y: y, Width: w, Height: h}
	c.node(n, d, boxtree.Flow).Kind = boxtree.Box
	return n
}

// infer finishes the tree, runs the layout pass and returns the frame.
func (c *column) infer(t *testing.T) *resultjson.Node {
	t.Helper()
	c.frame.Finish()
	c.root.Finish()
	if d := layout.Infer(c.root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none (columns have none)", d)
	}
	return c.frame.Out
}

// card is the style of mdn-grid's card: a block padded 10 px inside a 1 px border.
func card(display string, more ...string) map[string]string {
	st := map[string]string{"display": display, "padding-top": "10px", "padding-right": "10px", "padding-bottom": "10px", "padding-left": "10px",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px"}
	for i := 0; i+1 < len(more); i += 2 {
		st[more[i]] = more[i+1]
	}
	return st
}

// Margins of mdn-grid's card: an h2 of 19.92 px margins above and below, a p of 16 px.
var (
	h2Margins = map[string]string{"margin-top": "19.92px", "margin-bottom": "19.92px"}
	pMargins  = map[string]string{"margin-top": "16px", "margin-bottom": "16px"}
)

// newCard is mdn-grid's card in a parent of parentStyle: 300 px wide, an h2 (23 px line) and a
// p (three lines, 60 px) 19.92 px apart (the collapsed margins), 11 + 19.92 px from the top and
// 16 + 11 px from the bottom; its paragraphs span the content box (278 px).
func newCard(parentStyle map[string]string) (c *column, h2, p *resultjson.Node) {
	c = newColumn(card("list-item"), parentStyle, 300, 30.92+23+19.92+60+27)
	h2 = c.paragraph("h2", h2Margins, 11, 30.92, 278, 23)
	p = c.paragraph("p", pMargins, 11, 30.92+23+19.92, 278, 60)
	return c, h2, p
}

func sizing(n *resultjson.Node) string {
	return n.LayoutSizingHorizontal + "/" + n.LayoutSizingVertical
}

// TestColumnOfACard: a card li of an h2 and a p stacked in a block list is a VERTICAL frame:
// padded from its edges to the h2 and the p (its border and padding plus their outer margins),
// the collapsed margin between them its itemSpacing, aligned MIN both ways; the texts span its
// content box (FILL) and grow down (HUG); the card is as wide as its list makes it (FIXED) and
// hugs them down, as its height is auto.
func TestColumnOfACard(t *testing.T) {
	c, h2, p := newCard(map[string]string{"display": "block"})
	F := c.infer(t)
	if F.LayoutMode != layout.Vertical || padding(F) != [4]float64{30.92, 11, 27, 11} || spacing(F) != 19.92 ||
		F.PrimaryAxisAlignItems != layout.AlignMin || F.CounterAxisAlignItems != layout.AlignMin || sizing(F) != "FIXED/HUG" {
		t.Errorf("frame %s padding %v spacing %v %s/%s %s; want VERTICAL [30.92 11 27 11] 19.92 MIN/MIN FIXED/HUG", F.LayoutMode, padding(F), spacing(F),
			F.PrimaryAxisAlignItems, F.CounterAxisAlignItems, sizing(F))
	}
	if sizing(h2) != "FILL/HUG" || sizing(p) != "FILL/HUG" || len(F.Children) != 2 || F.Children[0] != h2 {
		t.Errorf("h2 %s, p %s, children %d; want FILL/HUG both, h2 first", sizing(h2), sizing(p), len(F.Children))
	}
	if worst, d := layout.Mismatch(F); d > layout.Tolerance {
		t.Errorf("LayOut moves %s by %v px", worst.Name, d)
	}
}

// TestColumnSizedByItsParent: a card whose parent sizes its height (a grid that stretches it, a
// flex row that stretches it, a flex column it grows in) is FIXED down; a grid item aligned at
// the start, and a flex column's item that does not grow, hug.
func TestColumnSizedByItsParent(t *testing.T) {
	for _, tc := range []struct {
		name        string
		parent      map[string]string
		self        []string
		wantSizingV string
	}{
		{"grid stretches", map[string]string{"display": "grid"}, nil, layout.SizingFixed},
		{"grid item at start", map[string]string{"display": "grid"}, []string{"align-self", "start"}, layout.SizingHug},
		{"flex row stretches", map[string]string{"display": "flex"}, nil, layout.SizingFixed},
		{"flex row at start", map[string]string{"display": "flex", "align-items": "flex-start"}, nil, layout.SizingHug},
		{"grows in flex column", map[string]string{"display": "flex", "flex-direction": "column"}, []string{"flex-grow", "1"}, layout.SizingFixed},
		{"flex column", map[string]string{"display": "flex", "flex-direction": "column"}, nil, layout.SizingHug},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := newCard(tc.parent)
			for i := 0; i+1 < len(tc.self); i += 2 {
				c.el.Style[tc.self[i]] = tc.self[i+1]
			}
			if F := c.infer(t); F.LayoutMode != layout.Vertical || F.LayoutSizingVertical != tc.wantSizingV {
				t.Errorf("frame %q sizing %s, want VERTICAL .../%s", F.LayoutMode, sizing(F), tc.wantSizingV)
			}
		})
	}
}

// TestColumnGapTolerance: gaps between stacked children may differ from the first (the
// itemSpacing) by columnGapTolerance (1 px) and no more: gaps of 10, 9 and 11 px keep every
// child within Tolerance and make a column of spacing 10; 10, 9 and 11.01 px would too (the
// last child 0.01 px off), but the third gap is past the tolerance.
func TestColumnGapTolerance(t *testing.T) {
	for _, tc := range []struct {
		third float64
		want  string
	}{{11, layout.Vertical}, {11.01, ""}} {
		c := newColumn(map[string]string{"display": "block"}, map[string]string{"display": "block"}, 200, 4*20+10+9+tc.third)
		y := 0.0
		for _, gap := range []float64{10, 9, tc.third, 0} {
			c.paragraph("p", nil, 0, y, 200, 20)
			y += 20 + gap
		}
		F := c.infer(t)
		if F.LayoutMode != tc.want || tc.want != "" && spacing(F) != 10 {
			t.Errorf("third gap %v: layoutMode %q spacing %v, want %q (spacing 10)", tc.third, F.LayoutMode, spacing(F), tc.want)
		}
	}
}

// TestColumnStackSlack: a child may start stackSlack (0.01 px) above the bottom of the one
// before it (the boxes are rounded to 1/100 px) and still be stacked below it; 0.02 px is
// overlap, and the frame keeps its absolute children.
func TestColumnStackSlack(t *testing.T) {
	for _, tc := range []struct {
		overlap float64
		want    string
	}{{0.01, layout.Vertical}, {0.02, ""}} {
		c := newColumn(map[string]string{"display": "block"}, map[string]string{"display": "block"}, 200, 40-tc.overlap)
		c.paragraph("p", nil, 0, 0, 200, 20)
		c.paragraph("p", nil, 0, 20-tc.overlap, 200, 20)
		if F := c.infer(t); F.LayoutMode != tc.want {
			t.Errorf("overlap %v: layoutMode %q, want %q", tc.overlap, F.LayoutMode, tc.want)
		}
	}
}

// TestColumnKeepsPlacedChildren: an absolutely positioned child (a badge in the card's corner)
// and the card's background layer keep their places (ABSOLUTE) and take no room; the h2 and p
// are the column.
func TestColumnKeepsPlacedChildren(t *testing.T) {
	c := newColumn(card("block", "position", "relative"), map[string]string{"display": "block"}, 300, 30.92+23+19.92+60+27)
	bg := &resultjson.Node{Type: "RECTANGLE", ID: "1:3", Name: "background", X: 0, Y: 0, Width: 300, Height: 100}
	c.frame.Add(bg, c.el, boxtree.Flow, 0).Kind = boxtree.BackgroundLayer
	c.ids++
	h2 := c.paragraph("h2", h2Margins, 11, 30.92, 278, 23)
	badge := c.box("span", map[string]string{"position": "absolute", "top": "4px", "right": "4px"}, 250, 4, 46, 20)
	c.frame.Kids[len(c.frame.Kids)-1].Group = boxtree.Positioned
	p := c.paragraph("p", pMargins, 11, 30.92+23+19.92, 278, 60)
	F := c.infer(t)
	if F.LayoutMode != layout.Vertical || spacing(F) != 19.92 || padding(F) != [4]float64{30.92, 11, 27, 11} {
		t.Fatalf("frame %q padding %v spacing %v, want VERTICAL [30.92 11 27 11] 19.92", F.LayoutMode, padding(F), spacing(F))
	}
	if bg.LayoutPositioning != layout.PositionAbsolute || badge.LayoutPositioning != layout.PositionAbsolute || h2.LayoutPositioning != "" || p.LayoutPositioning != "" {
		t.Errorf("positioning: background %q badge %q h2 %q p %q; want ABSOLUTE ABSOLUTE and flowing texts", bg.LayoutPositioning, badge.LayoutPositioning,
			h2.LayoutPositioning, p.LayoutPositioning)
	}
}

// TestColumnChildSizes: a painted child as wide as the content box less its margins spans it
// (FILL) and the padding takes its margins; a child of a set width narrower than that stays
// FIXED; the last child's bottom margin passes out of a frame without bottom padding or border
// (its padding 0, and it hugs), but a frame taller than its content (min-height) is FIXED, the
// room below its children no padding.
func TestColumnChildSizes(t *testing.T) {
	block := map[string]string{"display": "block"}
	c := newColumn(map[string]string{"display": "flow-root"}, block, 400, 20+100+16+30+16)
	// A flow root: the first child's 20 px top margin and the last's 16 px bottom margin are
	// inside it.
	first := c.box("div", map[string]string{"margin-top": "20px", "margin-left": "24px", "margin-right": "24px", "margin-bottom": "16px"}, 24, 20, 352, 100)
	c.child("x", nil) // an element that draws nothing and holds nothing (no node)
	narrow := c.box("div", map[string]string{"width": "120px", "margin-left": "24px", "margin-bottom": "16px"}, 24, 136, 120, 30)
	F := c.infer(t)
	if F.LayoutMode != layout.Vertical || padding(F) != [4]float64{20, 24, 16, 24} || spacing(F) != 16 {
		t.Fatalf("frame %q padding %v spacing %v, want VERTICAL [20 24 16 24] 16", F.LayoutMode, padding(F), spacing(F))
	}
	if sizing(first) != "FILL/FIXED" || sizing(narrow) != "FIXED/FIXED" || sizing(F) != "FIXED/HUG" {
		t.Errorf("first %s narrow %s frame %s; want FILL/FIXED FIXED/FIXED FIXED/HUG", sizing(first), sizing(narrow), sizing(F))
	}

	// No bottom padding or border and no formatting context: the p's 16 px margin passes out.
	c = newColumn(map[string]string{"display": "block"}, block, 200, 20+16+20)
	c.paragraph("p", pMargins, 0, 0, 200, 20)
	c.paragraph("p", pMargins, 0, 36, 200, 20)
	if F := c.infer(t); F.LayoutMode != layout.Vertical || padding(F) != [4]float64{0, 0, 0, 0} || sizing(F) != "FIXED/HUG" {
		t.Errorf("margins outside: frame %q padding %v %s, want VERTICAL [0 0 0 0] FIXED/HUG", F.LayoutMode, padding(F), sizing(F))
	}
	// A min-height of 100 px leaves 44 px under the last paragraph: FIXED, its bottom padding
	// what CSS puts there (none: the room below is no padding of the page's).
	c = newColumn(map[string]string{"display": "block", "min-height": "100px"}, block, 200, 100)
	c.paragraph("p", pMargins, 0, 0, 200, 20)
	c.paragraph("p", pMargins, 0, 36, 200, 20)
	if F := c.infer(t); F.LayoutMode != layout.Vertical || padding(F) != [4]float64{0, 0, 0, 0} || sizing(F) != "FIXED/FIXED" {
		t.Errorf("min-height: frame %q padding %v %s, want VERTICAL [0 0 0 0] FIXED/FIXED", F.LayoutMode, padding(F), sizing(F))
	}
}

// TestColumnsInnermostFirst: a card inside a section inside a flex column: the card is a column
// that hugs, the section a column whose card child hugs too (and fills it across), and the flex
// container reads the section as a hugging item, as it does a text frame.
func TestColumnsInnermostFirst(t *testing.T) {
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"display": "block"}}
	flex := &capturemodel.DOMNode{Type: "element", Tag: "main", Style: map[string]string{"display": "flex", "flex-direction": "column", "align-items": "flex-start"}}
	section := &capturemodel.DOMNode{Type: "element", Tag: "section", Style: map[string]string{"display": "block", "border-bottom-width": "1px"}}
	cardEl := &capturemodel.DOMNode{Type: "element", Tag: "article", Style: card("block")}
	h := &capturemodel.DOMNode{Type: "element", Tag: "h2", Style: map[string]string{"display": "block"}, Children: []*capturemodel.DOMNode{{Type: "text", Text: "Title"}}}
	p := &capturemodel.DOMNode{Type: "element", Tag: "p", Style: map[string]string{"display": "block", "margin-top": "8px"}, Children: []*capturemodel.DOMNode{{Type: "text", Text: "Body"}}}
	note := &capturemodel.DOMNode{Type: "element", Tag: "p", Style: map[string]string{"display": "block", "margin-top": "8px"}, Children: []*capturemodel.DOMNode{{Type: "text", Text: "Note"}}}
	html.Children = []*capturemodel.DOMNode{flex}
	flex.Children = []*capturemodel.DOMNode{section}
	section.Children = []*capturemodel.DOMNode{cardEl, note}
	cardEl.Children = []*capturemodel.DOMNode{h, p}

	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, El: html, Kind: boxtree.Box, DOM: html.Children}
	add := func(parent *boxtree.Node, id int, n *resultjson.Node, el, item *capturemodel.DOMNode, kind boxtree.Kind) *boxtree.Node {
		n.ID = fmt.Sprintf("1:%d", id)
		k := parent.Add(n, el, boxtree.Flow, 0)
		k.Kind, k.Item = kind, item
		if kind == boxtree.Box {
			k.DOM = el.Children
		}
		return k
	}
	text := func(parent *boxtree.Node, id int, el *capturemodel.DOMNode, x, y, w, h float64) *resultjson.Node {
		n := &resultjson.Node{Type: "TEXT", Name: el.Tag, X: x, Y: y, Width: w, Height: h, TextAutoResize: "HEIGHT"}
		add(parent, id, n, el, el, boxtree.Drawn).Text = &boxtree.Text{Style: el, Paragraph: el.Children, Whole: true}
		return n
	}
	mainF := add(root, 2, &resultjson.Node{Type: "FRAME", Name: "main", Width: 400, Height: 103}, flex, flex, boxtree.Box)
	secF := add(mainF, 3, &resultjson.Node{Type: "FRAME", Name: "section", Width: 300, Height: 103}, section, section, boxtree.Box)
	cardF := add(secF, 4, &resultjson.Node{Type: "FRAME", Name: "article", Width: 300, Height: 70}, cardEl, cardEl, boxtree.Box)
	text(cardF, 5, h, 11, 11, 278, 20)
	text(cardF, 6, p, 11, 39, 278, 20)
	noteT := text(secF, 7, note, 0, 78, 300, 24)
	for _, f := range []*boxtree.Node{cardF, secF, mainF, root} {
		f.Finish()
	}
	if d := layout.Infer(root); len(d) != 0 {
		t.Fatalf("diagnostics %+v", d)
	}
	cardN, secN, mainN := cardF.Out, secF.Out, mainF.Out
	if cardN.LayoutMode != layout.Vertical || spacing(cardN) != 8 || padding(cardN) != [4]float64{11, 11, 11, 11} {
		t.Errorf("card %q spacing %v padding %v, want VERTICAL 8 [11 11 11 11]", cardN.LayoutMode, spacing(cardN), padding(cardN))
	}
	if secN.LayoutMode != layout.Vertical || spacing(secN) != 8 || padding(secN) != [4]float64{0, 0, 1, 0} || sizing(secN) != "FIXED/HUG" {
		t.Errorf("section %q spacing %v padding %v %s, want VERTICAL 8 [0 0 1 0] FIXED/HUG", secN.LayoutMode, spacing(secN), padding(secN), sizing(secN))
	}
	if sizing(cardN) != "FILL/HUG" || sizing(noteT) != "FILL/HUG" {
		t.Errorf("card %s note %s, want FILL/HUG both", sizing(cardN), sizing(noteT))
	}
	if mainN.LayoutMode != layout.Vertical || mainN.LayoutSizingVertical != layout.SizingHug {
		t.Errorf("main %q %s, want VERTICAL .../HUG (its item hugs)", mainN.LayoutMode, sizing(mainN))
	}
}

// TestNoColumn: frames whose children are no column keep their absolute children, and text
// frames and flex containers keep their own auto layout.
func TestNoColumn(t *testing.T) {
	block := map[string]string{"display": "block"}
	two := func(style map[string]string, secondStyle map[string]string, secondY float64) *column {
		c := newColumn(style, block, 200, 60)
		c.paragraph("p", nil, 0, 0, 200, 20)
		c.paragraph("p", secondStyle, 0, secondY, 200, 20)
		return c
	}
	for _, tc := range []struct {
		name string
		make func() *column
		want string
	}{
		{"one child", func() *column {
			c := newColumn(block, block, 200, 60)
			c.box("div", nil, 0, 0, 200, 60)
			return c
		}, ""},
		{"table cell", func() *column { return two(map[string]string{"display": "table-cell"}, nil, 30) }, ""},
		{"table row", func() *column { return two(map[string]string{"display": "table-row"}, nil, 30) }, ""},
		{"inline-block", func() *column { return two(map[string]string{"display": "inline-block"}, nil, 30) }, ""},
		{"vertical writing", func() *column {
			return two(map[string]string{"display": "block", "writing-mode": "vertical-rl"}, nil, 30)
		}, ""},
		{"float child", func() *column { return two(block, map[string]string{"float": "left"}, 30) }, ""},
		{"relatively offset child", func() *column { return two(block, map[string]string{"position": "relative", "top": "4px"}, 30) }, ""},
		{"relative child in place", func() *column { return two(block, map[string]string{"position": "relative", "top": "0px"}, 30) }, layout.Vertical},
		{"side by side", func() *column {
			c := newColumn(block, block, 200, 20)
			c.box("div", nil, 0, 0, 100, 20)
			c.box("div", nil, 100, 0, 100, 20)
			return c
		}, ""},
		{"inline-level child", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", nil, 0, 0, 200, 20)
			c.box("span", map[string]string{"display": "inline-block"}, 0, 30, 80, 20)
			return c
		}, ""},
		{"transformed child", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", nil, 0, 0, 200, 20)
			c.box("div", nil, 0, 30, 200, 20).RelativeTransform = &resultjson.Transform{{1, 0, 0}, {0, 1, 30}}
			return c
		}, ""},
		{"z-index child", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", nil, 0, 0, 200, 20)
			c.box("div", map[string]string{"position": "relative", "z-index": "2"}, 0, 30, 200, 20)
			c.frame.Kids[1].Group = boxtree.Positive
			return c
		}, ""},
		{"child out of order", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", nil, 0, 30, 200, 20)
			c.box("div", nil, 0, 0, 200, 20)
			return c
		}, ""},
		{"pulled over the top edge", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", map[string]string{"margin-top": "-4px"}, 0, -4, 200, 24)
			c.box("div", nil, 0, 30, 200, 20)
			return c
		}, ""},
		{"children at different x", func() *column {
			c := newColumn(block, block, 200, 50)
			c.box("div", nil, 0, 0, 200, 20)
			c.box("div", map[string]string{"margin-left": "20px", "width": "100px"}, 20, 30, 100, 20)
			return c
		}, ""},
		{"a text frame stays a row", func() *column {
			c := newColumn(block, block, 200, 20)
			c.paragraph("p", nil, 0, 0, 200, 20)
			return c
		}, layout.Horizontal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if F := tc.make().infer(t); F.LayoutMode != tc.want {
				t.Errorf("layoutMode %q, want %q", F.LayoutMode, tc.want)
			}
		})
	}
}
