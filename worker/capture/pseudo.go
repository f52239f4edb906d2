package capture

import (
	"context"
	"math"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Pseudo-elements (::before, ::after, ::marker) have no DOM node a page script can measure.
// page.js lists the elements that have them (window.__c2d.pseudoHosts; the element's
// "pseudo_ref" is its index) and the capture asks DevTools for their layout boxes
// (DOM.describeNode lists an element's pseudo-elements, DOM.getBoxModel measures each). The
// answers are added to the document as "pseudo_boxes", indexed by pseudo_ref.

// PseudoBox is the border box of one pseudo-element, in page CSS px (the page is scrolled to its
// top when it is recorded).
type PseudoBox struct {
	// Which is "before", "after" or "marker".
	Which  string  `json:"which"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// pseudoObjectGroup is the DevTools object group of the pseudo-element queries' handles.
const pseudoObjectGroup = "c2d-pseudo"

// pseudoBoxes asks DevTools for the boxes of the pseudo-elements of each element of
// window.__c2d.pseudoHosts, in order (at most MaxFontQueries elements, within fontQueryTimeout).
// An element whose query fails gets no entry (null).
func pseudoBoxes(ctx context.Context) ([][]PseudoBox, error) {
	qctx, cancel := context.WithTimeout(ctx, fontQueryTimeout)
	defer cancel()
	var out [][]PseudoBox
	err := chromedp.Do(qctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		ids, n, release, err := listHandles(ctx, tg, "window.__c2d.pseudoHosts", pseudoObjectGroup, "pseudo-element hosts")
		if err != nil {
			return err
		}
		defer release()
		if n > 0 {
			out = make([][]PseudoBox, n)
		}
		forEachConcurrently(ctx, ids, func(i int, obj runtime.RemoteObjectID) {
			node, err := cdp.Call(ctx, tg, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: obj, Depth: ptr(int64(0))})
			if err != nil || node.Node == nil {
				return
			}
			boxes := []PseudoBox{}
			for _, pe := range node.Node.PseudoElements {
				which := string(pe.PseudoType)
				if which != "before" && which != "after" && which != "marker" {
					continue
				}
				bm, err := cdp.Call(ctx, tg, dom.GetBoxModel, dom.GetBoxModelParams{BackendNodeID: pe.BackendNodeID})
				if err != nil || bm.Model == nil {
					continue
				}
				if b, ok := quadBox(bm.Model.Border); ok {
					b.Which = which
					boxes = append(boxes, b)
				}
			}
			out[i] = boxes // each i is written by one call only
		})
		return nil
	}))
	if err != nil && qctx.Err() == nil {
		return nil, err
	}
	return out, nil
}

// quadBox is the bounding box of a DevTools quad (x1, y1, ... x4, y4).
func quadBox(q dom.Quad) (PseudoBox, bool) {
	if len(q) != 8 {
		return PseudoBox{}, false
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i < 8; i += 2 {
		minX, maxX = math.Min(minX, q[i]), math.Max(maxX, q[i])
		minY, maxY = math.Min(minY, q[i+1]), math.Max(maxY, q[i+1])
	}
	return PseudoBox{X: minX, Y: minY, Width: maxX - minX, Height: maxY - minY}, true
}
