// Package convert turns a capture of a web page (the capture worker's capture JSON) into a
// result: a tree of native Figma nodes with its images, warnings, local styles, variables and
// diagnostics (SPEC §7, docs/conversion.md). Convert is the pipeline: the tree builder (this
// package) walks the capture once and makes the box tree, calling the paint, text, images and
// vector passes at each node; the layout and styles passes run over the finished tree; the result
// writer (resultjson.Fit) encodes it within its size bound. The worker that runs it for queue
// messages is worker/convertworker.
package convert

import (
	"context"
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
	"github.com/code2des/backend/worker/convert/styles"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/vector"
	"github.com/code2des/backend/worker/convert/warnings"
)

// AssetLoader returns the stored bytes of a capture asset (images.Loader).
type AssetLoader = images.Loader

// ErrAssetMissing marks a capture asset whose object is not in storage.
var ErrAssetMissing = images.ErrMissing

// Job is the identity the result's manifest repeats (SPEC §6, §7).
type Job struct {
	Code2DesID   string
	Attempt      int
	Nonce        string
	PageImportID string
	CaptureHash  string
}

// Options say where images may be referenced from.
type Options struct {
	// ImportPrefix is the page import's artifact key prefix (the capture's folder). Assets under
	// it are referenced where they are (the backend allows it); others are copied.
	ImportPrefix string
	// JobPrefix is this job's artifact key prefix; copied images go under JobPrefix + "images/".
	JobPrefix string
}

// Copy is an image the worker must store under its own prefix before the result.
type Copy = images.Copy

// Output is a finished conversion: the encoded result JSON (deterministic for a given capture,
// job and options), its decoded form, and the images to store first.
type Output struct {
	JSON   []byte
	Result *resultjson.Result
	Copies []Copy
}

// Convert turns a capture into a result (docs/conversion.md). A result that would pass
// resultjson.MaxResultBytes keeps the first nodes that fit (resultjson.Fit, RESULT_TRIMMED). The only
// errors are a fatal loader error (wrapped as is), resultjson.ErrTooLarge (even the trimmed tree
// does not fit), and a failed encoding.
func Convert(ctx context.Context, c *capturemodel.Capture, job Job, opts Options, load AssetLoader) (*Output, error) {
	tb := newBuilder(ctx, c, opts, load)
	root := tb.convertRoot() // the box tree: nodes painted, with their text and images
	vector.Draw(root, tb.img, &tb.warn)
	if tb.img.Err != nil {
		return nil, tb.img.Err
	}
	tb.warn.Sort(root.Out)
	tb.img.Sort(root.Out)
	tb.passOnCaptureWarnings()
	diagnostics := layout.Infer(root)
	localStyles, variables := styles.Build(root, c.Document.CustomProperties)
	res := &resultjson.Result{
		Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion, Code2DesID: job.Code2DesID, Attempt: job.Attempt,
			Nonce: job.Nonce, PageImportID: job.PageImportID, CaptureHash: job.CaptureHash},
		Root: root.Out, Images: append([]resultjson.ImageEntry{}, tb.img.Entries...), Warnings: tb.warn.Done(),
		Styles: localStyles, Variables: variables, Diagnostics: diagnostics,
	}
	out, err := resultjson.Fit(res, warnings.ResultTrimmed)
	if err != nil {
		return nil, err
	}
	return &Output{JSON: out, Result: res, Copies: tb.img.Copies}, nil
}

// newBuilder returns the tree builder of capture c with the passes it calls at each node.
func newBuilder(ctx context.Context, c *capturemodel.Capture, opts Options, load AssetLoader) *builder {
	tb := &builder{c: c, pseudoKids: map[*capturemodel.DOMNode][]*capturemodel.DOMNode{}, drawnPseudo: map[*capturemodel.Pseudo]bool{}}
	tb.img = images.New(ctx, c, load, opts.ImportPrefix, opts.JobPrefix, &tb.warn)
	tb.paint = paint.Painter{Warn: &tb.warn, Images: tb.img, SVG: tb.svgBackground}
	base := c.Document.URL
	if base == "" {
		base = c.Manifest.FinalURL
	}
	// A background clipped to text is the text's fill: its SVG layers take an id and draw nothing.
	textPaint := &paint.Painter{Warn: &tb.warn, Images: tb.img, SVG: func(_ *resultjson.ImageEntry, node *resultjson.Node) {
		tb.newNode("SVG", "background", capturemodel.Box{Width: node.Width, Height: node.Height}, nil)
	}}
	tb.setter = text.Setter{Warn: &tb.warn, Doc: &c.Document, Base: base, Paint: textPaint, Kids: tb.kids}
	return tb
}

// builder is the tree builder: the walk's state (node numbering and count, the frames of fixed
// elements, the pseudo-elements drawn) and the passes it calls at each node, which keep their own.
type builder struct {
	c      *capturemodel.Capture
	img    *images.Store
	paint  paint.Painter
	setter text.Setter

	warn      warnings.List
	lastID    int
	nodes     int
	nodeLimit bool

	// bodyBackground is the body element whose background was propagated to the root.
	bodyBackground *capturemodel.DOMNode
	// svgBackgrounds are the SVG nodes drawn for SVG background layers of the box being built;
	// they become its first children.
	svgBackgrounds []*boxtree.Node
	structureState
	// pseudoKids are the children of pseudo-element hosts with their virtual elements
	// (pseudo.go); drawnPseudo the pseudo-elements drawn that way (no warning).
	pseudoKids  map[*capturemodel.DOMNode][]*capturemodel.DOMNode
	drawnPseudo map[*capturemodel.Pseudo]bool
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
	decoration string
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

// svgBackground draws an SVG background layer e of node as an SVG node covering it, one of the
// box's first children.
func (tb *builder) svgBackground(e *resultjson.ImageEntry, node *resultjson.Node) {
	if sv := tb.newNode("SVG", "background", capturemodel.Box{Width: node.Width, Height: node.Height}, nil); sv != nil {
		sv.ImageRef = e.Ref
		tb.svgBackgrounds = append(tb.svgBackgrounds, &boxtree.Node{Out: sv, Group: boxtree.Negative, Z: math.MinInt})
	}
}

// convertRoot converts the html element into the root FRAME of the page's size and returns
// the box tree.
func (tb *builder) convertRoot() *boxtree.Node {
	d := tb.c.Document
	html := d.Root
	w := math.Max(d.ScrollSize.Width, d.Viewport.Width)
	h := math.Max(d.ScrollSize.Height, d.Viewport.Height)
	if w <= 0 {
		w = html.Box.Width
	}
	if h <= 0 {
		h = html.Box.Height
	}
	name := strings.TrimSpace(d.Title)
	if name == "" {
		name = d.URL
	}
	if name == "" {
		name = "Page"
	}
	tb.nodes++
	tb.lastID++
	tb.warn.RootID = "1:" + strconv.Itoa(tb.lastID)
	root := &resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(tb.lastID), Name: naming.Clip(name), Width: css.Size(w), Height: css.Size(h), ClipsContent: css.Ptr(true)}
	f := &frame{box: &boxtree.Node{Out: root, El: html, Kind: boxtree.Box}, depth: 1}
	tb.rootFrame = f

	// The canvas background (CSS Backgrounds 3, §2.11.2): the root element's, or when that is
	// transparent and has no image, the body's, which the body then does not paint again.
	fills := tb.paint.Backgrounds(html, root)
	if len(fills) == 0 && len(tb.svgBackgrounds) == 0 {
		for _, ch := range html.Children {
			if ch.Type == "element" && ch.Tag == "body" {
				if fills = tb.paint.Backgrounds(ch, root); len(fills) > 0 {
					tb.bodyBackground = ch
				}
				break
			}
		}
	}
	if len(fills) == 0 {
		fills = []resultjson.Paint{css.Solid(resultjson.RGBA{R: 1, G: 1, B: 1, A: 1})} // browsers paint a white canvas
	}
	root.Fills = &fills
	f.box.Kids = append(f.box.Kids, tb.svgBackgrounds...)
	tb.svgBackgrounds = nil

	if d.Truncated {
		tb.warn.Add(warnings.CaptureTruncated, root.ID, "the capture stopped at one of its limits; the end of the page is missing")
	}
	tb.paint.CSSWarnings(html, root.ID)
	tb.pseudoWarnings(html, root.ID)
	tb.children(html, f, inherited{group: boxtree.Flow, decoration: text.Decoration(html, "")})
	f.box.Finish()
	return f.box
}

// box creates a node of type typ with n's box and visuals, or returns nil when n draws nothing
// (no fill, border, shadow, clip, opacity or blend) and a FRAME of it need not be kept (n is
// not a flex or grid container, nor one's item: keep false).
func (tb *builder) box(n *capturemodel.DOMNode, f *frame, typ string, hidden, keep bool) *resultjson.Node {
	node := tb.newNode(typ, naming.Layer(n), n.Box, f)
	if node == nil {
		return nil
	}
	tb.svgBackgrounds = nil
	var fills []resultjson.Paint
	if !hidden && n != tb.bodyBackground && !paint.ClipsToText(n) {
		// A background clipped to the text is its text's fill (textFills), not the box's.
		fills = tb.paint.Backgrounds(n, node)
	}
	drawn := len(fills) > 0 || len(tb.svgBackgrounds) > 0
	if !hidden {
		drawn = tb.paint.Borders(n, node) || drawn
		drawn = tb.paint.Effects(n, node) || drawn
	}
	tb.paint.Corners(n, node)
	if op, err := strconv.ParseFloat(n.Computed("opacity"), 64); err == nil && op < 1 {
		node.Opacity = css.Ptr(css.Round(css.Clamp01(op), 4))
		drawn = true
	}
	if bm := n.Computed("mix-blend-mode"); bm != "normal" {
		if fb, ok := css.BlendModes[bm]; ok {
			node.BlendMode = fb
			drawn = true
		}
	}
	if fills == nil {
		fills = []resultjson.Paint{}
	}
	node.Fills = &fills
	if !drawn && !clips(n) && typ == "FRAME" && !layout.Container(n) && !keep {
		tb.unallocate(node, f.box.Out.ID)
		return nil
	}
	return node
}

// unallocate gives back the id of a node that was not kept, so ids stay dense, and moves the
// warnings about it to its parent.
func (tb *builder) unallocate(n *resultjson.Node, parentID string) {
	if n.ID == "1:"+strconv.Itoa(tb.lastID) {
		tb.lastID--
	}
	tb.nodes--
	tb.warn.Move(n.ID, parentID)
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
