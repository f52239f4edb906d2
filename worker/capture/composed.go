package capture

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// What is captured is what is drawn (docs/workers.md §11): the composed tree, and no text the page
// hides from sighted users. composed.js gives page.js's walk an element's children in the composed
// (flat) tree: the contents of its shadow root, open or closed, with light-DOM children at the
// place of the <slot> they are assigned to (a slot's own children, its fallback content, when
// nothing is assigned); and it tells which text runs are hidden (visibility, opacity 0 up the
// tree, content-visibility: hidden, a clip-path or clip that leaves nothing, the 1x1 px "visually
// hidden" pattern, positions outside the page), which are left out. Closed shadow roots are not
// reachable from page JavaScript; the DevTools protocol pierces them (DOM.getDocument with
// pierce), and each is handed to composed.js (DOM.resolveNode, Runtime.callFunctionOn).

//go:embed composed.js
var composedJS string

// closedRootsTimeout bounds finding and registering the closed shadow roots.
const closedRootsTimeout = 15 * time.Second

// prepareComposedTree installs composed.js and registers the page's closed shadow roots. It
// returns how many closed roots it registered, or -1 when the DOM could not be read for them
// within closedRootsTimeout (the capture then goes on without them, with a warning); an error
// only when the helpers could not be installed.
func prepareComposedTree(ctx context.Context) (int, error) {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](composedJS)); err != nil {
		return 0, fmt.Errorf("install composed-tree helpers: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, closedRootsTimeout)
	defer cancel()
	roots, err := closedShadowRoots(ctx)
	if err != nil {
		return -1, nil
	}
	for _, id := range roots {
		obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id, ObjectGroup: "c2d-closed-roots"})
		if err != nil || obj.Object == nil || obj.Object.ObjectID == "" {
			continue // the root went away meanwhile
		}
		if _, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
			ObjectID:            obj.Object.ObjectID,
			FunctionDeclaration: "function () { return window.__c2dVis.addClosedRoot(this); }",
		}); err != nil {
			return -1, nil
		}
	}
	_, _ = chromedp.Call(ctx, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: "c2d-closed-roots"})
	return len(roots), nil
}

// domChunkDepth is how many levels one DOM read (DOM.getDocument, DOM.describeNode) returns:
// DevTools refuses deeper replies (its CBOR stack limit, reached at about 150 element levels), so
// the search reads deep documents in chunks.
const domChunkDepth = 50

// DOM node types (Node.nodeType) the search continues from.
const (
	nodeElement          = 1
	nodeDocumentFragment = 11
)

// maxDOMReads bounds the chunked reads of one search for closed shadow roots.
const maxDOMReads = 2000

// errTooManyDOMReads stops a search that needs more than maxDOMReads reads.
var errTooManyDOMReads = fmt.Errorf("the DOM needs more than %d reads", maxDOMReads)

// closedShadowRoots finds the document's closed shadow roots (frames' documents are separate
// pages to page.js; their roots are not searched), reading the DOM in chunks of domChunkDepth
// levels, at most maxDOMReads of them.
func closedShadowRoots(ctx context.Context) ([]cdp.BackendNodeID, error) {
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: ptr(int64(domChunkDepth)), Pierce: ptr(true)})
	if err != nil {
		return nil, err
	}
	var roots, more []cdp.BackendNodeID
	var find func(n *cdp.Node, depth int)
	find = func(n *cdp.Node, depth int) {
		if n == nil {
			return
		}
		if depth >= domChunkDepth && len(n.Children) == 0 && len(n.ShadowRoots) == 0 &&
			(n.NodeType == nodeElement || n.NodeType == nodeDocumentFragment) {
			more = append(more, n.BackendNodeID) // its subtree is beyond this read
			return
		}
		for _, r := range n.ShadowRoots {
			if r.ShadowRootType == cdp.ShadowRootTypeClosed {
				roots = append(roots, r.BackendNodeID)
			}
			find(r, depth+1)
		}
		for _, c := range n.Children {
			find(c, depth+1)
		}
	}
	find(doc.Root, 0)
	for reads := 1; len(more) > 0; reads++ {
		if reads > maxDOMReads {
			return nil, errTooManyDOMReads
		}
		id := more[len(more)-1]
		more = more[:len(more)-1]
		n, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{BackendNodeID: id, Depth: ptr(int64(domChunkDepth)), Pierce: ptr(true)})
		if err != nil {
			return nil, err
		}
		find(n.Node, 0)
	}
	return roots, nil
}

// composedStats is what composed.js counted during the DOM read.
type composedStats struct {
	// HiddenTexts counts text runs left out as hidden from sighted users.
	HiddenTexts int `json:"hidden_texts"`
}

func readComposedStats(ctx context.Context) (composedStats, error) {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[composedStats]("window.__c2dVis ? window.__c2dVis.stats() : {hidden_texts: 0}"))
	if err != nil {
		return composedStats{}, fmt.Errorf("read composed-tree counts: %w", err)
	}
	return s, nil
}
