// Package tree is the conversion's tree builder (docs/conversion.md "Passes", "Node mapping"):
// Build decides which elements become which nodes, in which frame and paint layer, with their
// ids and boxes; the passes then fill the nodes in.
package tree

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Build walks capture c once and returns its box tree, rooted at the html element's FRAME of
// the page's size. kids gives an element's children as converted; paragraphs says which inline
// content shows text (text.Setter.Shows); img checks the images whose use decides a node's type
// (images.Store.Check); warn takes the warnings about what becomes no node.
func Build(c *capturemodel.Capture, kids *Children, paragraphs *text.Setter, img *images.Store, warn *warnings.List) *boxtree.Node {
	tb := &builder{c: c, kids: kids, paragraphs: paragraphs, img: img, warn: warn, stateStyled: c.Document.StateStyled()}
	d := c.Document
	html := d.Root
	w := math.Max(d.ScrollSize.Width, d.Viewport.Width)
	h := math.Max(d.ScrollSize.Height, d.Viewport.Height)
	if w <= 0 {
		w = html.Box.Width
	}
	if h <= 0 {
		h = html.Box.Height
	}
	name := cmp.Or(strings.TrimSpace(d.Title), d.URL, "Page")
	tb.nodes++
	tb.lastID++
	tb.warn.RootID = "1:" + strconv.Itoa(tb.lastID)
	root := &resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(tb.lastID), Name: naming.Clip(name), Width: css.Size(w), Height: css.Size(h), ClipsContent: css.Ptr(true)}
	f := &frame{box: &boxtree.Node{Out: root, El: html, Kind: boxtree.Box}, depth: 1}
	tb.rootFrame = f

	// The canvas background (paint.Canvas): the root element's, or the body's.
	canvas, body := paint.Canvas(html, root, tb.img.Check)
	tb.bodyBackground = body
	svgs, layers := paint.CanvasLayers(canvas, root, d.Viewport, tb.img.Check)
	f.box.Kids = append(f.box.Kids, tb.backgroundLayers(layers)...)
	f.box.Kids = append(f.box.Kids, tb.svgLayers(svgs)...)

	if d.Truncated {
		tb.warn.Add(warnings.CaptureTruncated, root.ID, "the capture stopped at one of its limits; the end of the page is missing")
	}
	f.box.CSS = append(f.box.CSS, html)
	tb.pseudoWarnings(html, root.ID)
	tb.children(html, f, inherited{group: boxtree.Flow, decoration: text.Decoration(html, boxtree.TextDecoration{})})
	f.box.Finish()
	return f.box
}

// builder is the tree builder's walk: node numbering and count, the canvas body, the root frame
// (where fixed elements go) and whether a fixed element is being converted.
type builder struct {
	c          *capturemodel.Capture
	kids       *Children
	paragraphs *text.Setter
	img        *images.Store
	warn       *warnings.List

	lastID    int
	nodes     int
	nodeLimit bool

	// bodyBackground is the body element whose background was propagated to the root.
	bodyBackground *capturemodel.DOMNode
	// rootFrame collects the root's children; fixed elements are converted into it.
	rootFrame *frame
	// inFixed says a fixed element is being converted (its descendants stay inside it).
	inFixed bool
	// stateStyled are the elements recorded states change, each as its states draw it
	// (capturemodel.Document.StateStyled): the layers a state paints exist in every state.
	stateStyled map[*capturemodel.DOMNode][]*capturemodel.DOMNode
}

// frame is a FRAME being built, with the page position of its origin and its depth.
type frame struct {
	box    *boxtree.Node
	ox, oy float64
	depth  int
}

// inherited is what descendants take from flattened ancestors: the paint layer (boxtree.Negative
// ... boxtree.Positive, z-index) and text decoration; item says the element is a child of a flex
// or grid container (it keeps a frame: one node per item).
type inherited struct {
	group, z   int
	decoration boxtree.TextDecoration
	item       bool
}

// add places n, drawn from el, in f in the paint layer of in.
func (f *frame) add(n *resultjson.Node, el *capturemodel.DOMNode, in inherited) *boxtree.Node {
	return f.box.Add(n, el, in.group, in.z)
}

// newNode allocates a node with the next stable id ("1:<n>", in document order), or returns nil
// past MaxNodes.
func (tb *builder) newNode(typ, name string, b capturemodel.Box, f *frame) *resultjson.Node {
	if tb.nodes >= resultjson.MaxNodes {
		if !tb.nodeLimit {
			tb.nodeLimit = true
			tb.warn.Add(warnings.NodeLimit, "", "the page has more than %d nodes; the rest were left out", resultjson.MaxNodes)
		}
		return nil
	}
	tb.nodes++
	tb.lastID++
	n := &resultjson.Node{Type: typ, ID: "1:" + strconv.Itoa(tb.lastID), Name: naming.Clip(name)}
	if f != nil {
		n.X, n.Y = css.Px(b.X-f.ox), css.Px(b.Y-f.oy)
	}
	n.Width, n.Height = css.Size(b.Width), css.Size(b.Height)
	return n
}

// svgLayers makes the SVG nodes of the SVG background layers of a node (paint.SVGLayer: over its
// box or at their one tile), under its content (the paint pass gives them their images).
func (tb *builder) svgLayers(svgs []paint.SVGLayer) []*boxtree.Node {
	var layers []*boxtree.Node
	for _, l := range svgs {
		if sv := tb.newNode("SVG", naming.Background, capturemodel.Box{Width: l.Width, Height: l.Height}, nil); sv != nil {
			sv.X, sv.Y = l.X, l.Y
			layers = append(layers, &boxtree.Node{Out: sv, Kind: boxtree.BackgroundSVG, Group: boxtree.Negative, Z: math.MinInt})
		}
	}
	return layers
}

// backgroundLayers makes the RECTANGLEs of background layers drawn as nodes of their own
// (paint.Layer), bottom-most first, under their frame's content (the paint pass gives them
// their paints).
func (tb *builder) backgroundLayers(layers []paint.Layer) []*boxtree.Node {
	var out []*boxtree.Node
	for _, l := range layers {
		if r := tb.newNode("RECTANGLE", naming.Background, capturemodel.Box{Width: l.Width, Height: l.Height}, nil); r != nil {
			r.X, r.Y = l.X, l.Y
			out = append(out, &boxtree.Node{Out: r, Kind: boxtree.BackgroundLayer, Group: boxtree.Negative, Z: math.MinInt})
		}
	}
	return out
}

// box creates a node of type typ of n's box, drawn by the paint pass, with the nodes of its
// background's layers drawn as rectangles of their own (only when layered: the FRAME of an
// element's box, boxtree.Box) and of its SVG layers, and what it draws (paint.Draws); it
// returns nil when n draws nothing (no fill, border, shadow, clip, opacity or blend) and a FRAME
// of it need not be kept (n is not a flex or grid container, nor one's item: keep false): n is
// then merged into f.
func (tb *builder) box(n *capturemodel.DOMNode, f *frame, typ string, hidden, keep, layered bool) (*resultjson.Node, paint.Drawn, []*boxtree.Node) {
	node := tb.newNode(typ, naming.Layer(n), n.Box, f)
	if node == nil {
		return nil, paint.Drawn{}, nil
	}
	bg := !hidden && n != tb.bodyBackground && !paint.ClipsToText(n)
	drawn := paint.Draws(n, node, hidden, bg, layered, tb.c.Document.Viewport, tb.img.Check)
	layers := append(tb.backgroundLayers(drawn.Layers), tb.svgLayers(drawn.SVGLayers)...)
	if !drawn.Paints() && len(layers) == 0 && !clips(n) && typ == "FRAME" && !layout.Container(n) && !keep && !tb.paintsInState(n, node, hidden, bg) {
		tb.merge(node, n, f)
		return nil, drawn, nil
	}
	return node, drawn, layers
}

// paintsInState says whether a recorded state of element n paints its box (fills, strokes,
// effects, or opacity, a filter or a blend: paint.Drawn.Paints; hidden and bg as for n): its
// frame is kept when n draws nothing, so the state's variant has the same layers as its Default
// (a link whose hover gives it a background).
func (tb *builder) paintsInState(n *capturemodel.DOMNode, node *resultjson.Node, hidden, bg bool) bool {
	for _, s := range tb.stateStyled[n] {
		if paint.Draws(s, node, hidden, bg, false, tb.c.Document.Viewport, tb.img.Check).Paints() {
			return true
		}
	}
	return false
}

// unallocate gives back the id of a node that was not kept, so ids stay dense. (No warning is
// about it yet: the passes that warn run over the finished tree.)
func (tb *builder) unallocate(node *resultjson.Node) {
	if node.ID == "1:"+strconv.Itoa(tb.lastID) {
		tb.lastID--
	}
	tb.nodes--
}

// merge gives back the id of node, made for n and not kept, and merges n into f (its paint
// warnings then name f).
func (tb *builder) merge(node *resultjson.Node, n *capturemodel.DOMNode, f *frame) {
	tb.unallocate(node)
	f.box.Merged = append(f.box.Merged, n)
}

// clippedLayers takes an id for each SVG layer of el's background when it is clipped to its
// text: the text pass makes the background the text's fill, where an SVG layer cannot go.
func (tb *builder) clippedLayers(els ...*capturemodel.DOMNode) {
	for _, el := range els {
		if paint.ClipsToText(el) {
			sized := &resultjson.Node{Width: css.Size(el.Box.Width), Height: css.Size(el.Box.Height)}
			tb.svgLayers(paint.Draws(el, sized, false, true, false, tb.c.Document.Viewport, tb.img.Check).SVGLayers)
		}
	}
}

func clips(n *capturemodel.DOMNode) bool {
	for _, p := range []string{"overflow-x", "overflow-y"} {
		switch n.Computed(p) {
		case "hidden", "clip", "scroll", "auto":
			return true
		}
	}
	return false
}
