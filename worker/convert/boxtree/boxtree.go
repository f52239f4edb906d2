// Package boxtree is the tree the conversion's passes share (docs/conversion.md "Passes"): one
// Node per node of the result, with the DOM element it was drawn from, what it was made as, its
// paint layer and the result node. The tree builder (worker/convert/tree) makes it; the text,
// paint, images, vector, layout and styles passes read it instead of anything recorded while the
// page was walked.
package boxtree

import (
	"sort"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Paint layers of a node in its frame (CSS painting order, simplified): negative z-index,
// in-flow content, positioned with z-index auto or 0, positive z-index.
const (
	Negative = iota
	Flow
	Positioned
	Positive
)

// Kind is what a Node was made as.
type Kind int

const (
	// Drawn is any other node that does not hold an element's children: a TEXT (its source in
	// Node.Text), an inline box, a form control's frame, an inline SVG's frame.
	Drawn Kind = iota
	// Box is the FRAME of an element converted as a box: its children are the nodes of the
	// element's children (DOM).
	Box
	// Mask, Glyph and InlineSVG are the SVG node of an icon, drawn by the vector pass from El's
	// CSS mask, its icon-font glyph, or its inline SVG: a node of El's box (an inline SVG's
	// content box when a frame of its box holds it).
	Mask
	Glyph
	InlineSVG
	// Placeholder is the RECTANGLE of an element the design cannot hold (its box, grey when it
	// has no background).
	Placeholder
	// Rasterized is the RECTANGLE of an element the browser draws itself (a native input
	// widget, a media player, an embedded page) filled with the capture's crop of its border box
	// (the images pass gives it its image; the crop holds its background and border).
	Rasterized
	// Image is the node of an img or a canvas with pixels: a RECTANGLE, an SVG node, or the
	// FRAME of its box (one with a border or padding, or an SVG image over a box that paints)
	// holding its content at its content box, a RECTANGLE or the SVG node (the images pass gives
	// it its image).
	Image
	// BackgroundSVG is an SVG node drawing an SVG layer of its parent's background over the
	// parent's box (the paint pass gives it its image).
	BackgroundSVG
	// BackgroundLayer is a RECTANGLE drawing a background layer (or the colour) of its parent's
	// element where no paint over the parent's box draws it as CSS does (paint.Layer: clipped to
	// the padding or content box, sized or placed inside the box, one tile of a repeated layer),
	// under the parent's content; the paint pass gives it its paint.
	BackgroundLayer
	// Outline is the ring drawn for El's outline when it is offset or El has a border
	// (paint.Ringed): a RECTANGLE beside El's node, of the outline's outer edge, with no fill and
	// the outline as its stroke (the paint pass gives it them). It is no item of a flex or grid
	// container (Item stays nil).
	Outline
	// CollapsedBorder is a RECTANGLE with no fill drawing the borders of El, a part (the table,
	// a row group, a row or a cell) of a table with collapsed borders, or of a run of cells of
	// one row whose borders are the same (then of the run's box), or of the outer edge of a
	// table's grid whose parts all draw El's border (then of the grid's box): CSS paints a
	// collapsed table's borders over all its cell and row backgrounds (CSS 2 §17.6.2, §E.2), so
	// the node comes after the table's content, and El's own node draws no border (the paint
	// pass gives it El's border as its strokes, centred on the box's edges). It is no item of a
	// flex or grid container.
	CollapsedBorder
	// GridLine is a RECTANGLE filled with the colour of El's border: one bar of a table's grid
	// lines, the sides of the table's parts that draw one solid, opaque colour merged where they
	// lie on one line and meet (tree.tableBorders). It comes after the table's content, as a
	// CollapsedBorder does, and is no item of a flex or grid container.
	GridLine
)

// Node is one node of the result in the tree being built.
type Node struct {
	// Out is the result node.
	Out *resultjson.Node
	// El is the element whose computed style gave the node's paints and type: a box's element,
	// a text run's element, a paragraph's block. Nil for a form control's text (whose styles are
	// named by value) and for generated nodes.
	El *capturemodel.DOMNode
	// From is the element of the capture's document El is a copy of (an inline element's line
	// fragment, drawn from a copy with the fragment's box); nil when El is the element itself.
	From *capturemodel.DOMNode
	Kind Kind
	// DOM are the children of a Box's element as converted (pseudo-elements included).
	DOM []*capturemodel.DOMNode
	// Item is the child of the parent Box's element (one of its DOM) whose conversion added
	// this node; nil for nodes of the box itself (an SVG background layer, a paragraph).
	Item *capturemodel.DOMNode
	// Group (Negative ... Positive) and Z (the z-index) are the node's paint layer in its parent.
	Group, Z int
	// Paints says the node draws El's box: the paint pass gives it El's background, borders,
	// corners, effects, opacity and blend mode.
	Paints bool
	// Merged are the elements whose boxes draw nothing, merged into this node (their children
	// converted into it): the paint pass reports their warnings about it.
	Merged []*capturemodel.DOMNode
	// CSS are the elements whose CSS that no node property expresses (a transform, a filter, a
	// blend mode Figma lacks) the paint pass reports about this node.
	CSS []*capturemodel.DOMNode
	// Text is where the text pass reads a TEXT node's text from (nil on other nodes).
	Text *Text
	// Silent are, on the root, the paragraphs that show no text (no node of their own), in the
	// order they were met: the text pass reads them for their warnings, about their frame.
	Silent []*Text
	// LeftOut are, on the root, the elements left out, children included, because they draw
	// nothing in any state (tree: out of the flow at opacity 0, no state restyling them): the
	// states of the elements inside them are no use's.
	LeftOut []*capturemodel.DOMNode
	// Kids are the nodes placed in this one, in the order they were added (document order);
	// Finish gives Out their paint order.
	Kids []*Node
}

// TextDecoration is the text decoration text shows: Line is UNDERLINE, STRIKETHROUGH or "" (none),
// and By the element whose text-decoration-line set it, whose colour, style, thickness and
// offset CSS draws the line with (CSS Text Decoration 3 §2: a decoration propagates from its
// decorating box to the text inside it). By is nil when Line is "".
type TextDecoration struct {
	Line string
	By   *capturemodel.DOMNode
}

// Text is the source of a TEXT node: a text run of its own, a form control's text (its
// characters set by the builder), or a paragraph.
type Text struct {
	// Style is the element whose computed style sets the text: the run's element, the control,
	// the paragraph's block.
	Style *capturemodel.DOMNode
	// Run is the text run of a TEXT of its own (nil for a control's text and a paragraph).
	Run *capturemodel.DOMNode
	// Control is the form control of a control's text (nil otherwise): the capture records the
	// faces its text was drawn in on the control (its font_ref).
	Control *capturemodel.DOMNode
	// Paragraph are the inline children of Style laid out as one paragraph (nil for a text of
	// its own); Whole says they are all Style holds.
	Paragraph []*capturemodel.DOMNode
	Whole     bool
	// Parts is, for a paragraph split around floats (text.Setter.Parts), how many TEXT nodes it
	// is, and Part which of them this one is (0 for the first); 0 and 0 for one not split.
	Part, Parts int
	// Decoration is the text decoration inherited from ancestors (text.Decoration).
	Decoration TextDecoration
	// OX and OY are the page position of the node's frame (px).
	OX, OY float64
	// Seq is the n of the id "1:n" a silent paragraph's node would have had (its place in the
	// order nodes are made), Frame the id of its frame.
	Seq   int
	Frame string
}

// Add places the result node out in n with its element and paint layer, and returns its Node
// (nil for a nil out).
func (n *Node) Add(out *resultjson.Node, el *capturemodel.DOMNode, group, z int) *Node {
	if out == nil {
		return nil
	}
	k := &Node{Out: out, El: el, Group: group, Z: z}
	n.Kids = append(n.Kids, k)
	return k
}

// Painted returns n's kids in paint order: by layer, then in document order.
func (n *Node) Painted() []*Node {
	kids := append([]*Node{}, n.Kids...)
	sort.SliceStable(kids, func(i, j int) bool {
		if kids[i].Group != kids[j].Group {
			return kids[i].Group < kids[j].Group
		}
		return kids[i].Z < kids[j].Z
	})
	return kids
}

// Finish appends the result nodes of n's kids to n.Out.Children in paint order.
func (n *Node) Finish() {
	for _, k := range n.Painted() {
		n.Out.Children = append(n.Out.Children, k.Out)
	}
}

// Seq is n of the node's id "1:n": nodes are numbered in the order they are made (document
// order).
func (n *Node) Seq() int { return Seq(n.Out.ID) }

// Seq is n of a node id "1:n".
func Seq(id string) int {
	k, _ := strconv.Atoi(strings.TrimPrefix(id, "1:"))
	return k
}

// Made returns the nodes of the tree under n in the order they were made (by id): the order in
// which the builder met their elements in the capture.
func (n *Node) Made() []*Node {
	var all []*Node
	n.Walk(func(b *Node) { all = append(all, b) })
	sort.SliceStable(all, func(i, j int) bool { return all[i].Seq() < all[j].Seq() })
	return all
}

// Walk calls fn for n and its descendants, depth first, each node before its kids (in
// document order).
func (n *Node) Walk(fn func(*Node)) {
	fn(n)
	for _, k := range n.Kids {
		k.Walk(fn)
	}
}
