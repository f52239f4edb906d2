package tree

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
)

// outlineRing places the ring of n's outline in f when the outline is not the stroke of n's own
// node (paint.Ringed: it is offset, or n has a border): a RECTANGLE of the outline's outer edge
// (paint.RingBox), named after n, painted right above n's node and its content in n's paint
// layer, which the paint pass strokes. It is made after n's subtree, so its id follows theirs.
func (tb *builder) outlineRing(n *capturemodel.DOMNode, f *frame, in inherited) {
	if !paint.Ringed(n) {
		return
	}
	b, ok := paint.RingBox(n)
	if !ok {
		return
	}
	if node := tb.newNode("RECTANGLE", naming.Layer(n)+" (outline)", b, f); node != nil {
		f.add(node, n, in).Kind = boxtree.Outline
	}
}
