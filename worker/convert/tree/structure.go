package tree

import (
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Scroll behaviours (Figma's scrollBehavior) of nodes of fixed and sticky elements.
const (
	ScrollFixed  = "FIXED"
	ScrollSticky = "STICKY_SCROLLS"
)

// fixedOffset is how far the capture had scrolled when it took the box of a position: fixed
// element, so its box can be moved to where a visitor sees it at scroll 0. Captures that record
// their scroll position (document.scroll) say it; older ones are read from the element's own top
// or bottom offset (a fixed element with top: 0 is at y 0 at scroll 0).
func (tb *builder) fixedOffset(n *capturemodel.DOMNode) (dx, dy float64) {
	if s := tb.c.Document.Scroll; s != nil {
		return s.X, s.Y
	}
	if top, ok := css.ParsePx(n.Computed("top")); ok {
		return 0, n.Box.Y - top
	}
	if bottom, ok := css.ParsePx(n.Computed("bottom")); ok {
		return 0, n.Box.Y + n.Box.Height + bottom - tb.c.Document.Viewport.Height
	}
	return 0, 0
}

// shifted copies the subtree n with its boxes moved by (-dx, -dy): a fixed subtree taken while
// scrolled (the capture model is not changed).
func shifted(n *capturemodel.DOMNode, dx, dy float64) *capturemodel.DOMNode {
	c := *n
	c.Box.X -= dx
	c.Box.Y -= dy
	c.Children = make([]*capturemodel.DOMNode, len(n.Children))
	for i, ch := range n.Children {
		if ch != nil {
			c.Children[i] = shifted(ch, dx, dy)
		}
	}
	return &c
}

// fixedElement converts a position: fixed element into the root frame, at its scroll-0 place and
// above the flow (it paints in the positioned layer of the root stacking context), and marks its
// node FIXED so a prototype keeps it in place while the page scrolls. The capture model is not
// mutated: the subtree is copied when its boxes must move.
func (tb *builder) fixedElement(n *capturemodel.DOMNode, in inherited) {
	if dx, dy := tb.fixedOffset(n); dx != 0 || dy != 0 {
		n = shifted(n, dx, dy)
		in.item = false // the moved copy is not an item of the container it left
	}
	root := tb.rootFrame
	from := len(root.box.Kids)
	tb.inFixed = true
	tb.element(n, root, in)
	tb.inFixed = false
	for _, it := range root.box.Kids[from:] {
		it.Out.ScrollBehavior = ScrollFixed
	}
}

// isFixed says whether element n is position: fixed and not inside a fixed element being
// converted (whose descendants move with it).
func (tb *builder) isFixed(n *capturemodel.DOMNode) bool {
	return n.Computed("position") == "fixed" && tb.rootFrame != nil && !tb.inFixed
}

// markSticky marks the direct children of the root that come from position: sticky elements.
func (tb *builder) markSticky(n *capturemodel.DOMNode, node *resultjson.Node, f *frame) {
	if f == tb.rootFrame && strings.TrimSpace(n.Computed("position")) == "sticky" {
		node.ScrollBehavior = ScrollSticky
	}
}
