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
	warn := &warnings.List{}
	img := images.New(ctx, c, load, opts.ImportPrefix, opts.JobPrefix, warn)
	tb := newBuilder(c, img, warn)
	root := tb.convertRoot() // the box tree, with its text and images
	setter := text.Setter{Warn: warn, Doc: &c.Document, Base: tb.paragraphs.Base, Paint: &paint.Painter{Warn: warn, Images: img}, Kids: tb.kids}
	setter.Pass(root)
	paint.Pass(root, img, img.Check, warn)
	img.Pass(root)
	vector.Draw(root, img, warn)
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

// newBuilder returns the tree builder of capture c.
func newBuilder(c *capturemodel.Capture, img *images.Store, warn *warnings.List) *builder {
	tb := &builder{c: c, img: img, warn: warn, pseudoKids: map[*capturemodel.DOMNode][]*capturemodel.DOMNode{}, drawnPseudo: map[*capturemodel.Pseudo]bool{}}
	base := c.Document.URL
	if base == "" {
		base = c.Manifest.FinalURL
	}
	tb.paragraphs = text.Setter{Doc: &c.Document, Base: base, Kids: tb.kids}
	return tb
}

// builder is the tree builder: the walk's state (node numbering and count, the frames of fixed
// elements, the pseudo-elements drawn).
type builder struct {
	c   *capturemodel.Capture
	img *images.Store
	// paragraphs reads which inline content shows text (text.Setter.Shows).
	paragraphs text.Setter

	warn      *warnings.List
	lastID    int
	nodes     int
	nodeLimit bool

	// bodyBackground is the body element whose background was propagated to the root.
	bodyBackground *capturemodel.DOMNode
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

// svgLayers makes the SVG nodes of the count SVG background layers of node, which cover its box
// under its content (the paint pass gives them their images).
func (tb *builder) svgLayers(node *resultjson.Node, count int) []*boxtree.Node {
	var layers []*boxtree.Node
	for range count {
		if sv := tb.newNode("SVG", "background", capturemodel.Box{Width: node.Width, Height: node.Height}, nil); sv != nil {
			layers = append(layers, &boxtree.Node{Out: sv, Kind: boxtree.BackgroundSVG, Group: boxtree.Negative, Z: math.MinInt})
		}
	}
	return layers
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

	// The canvas background (paint.CanvasBody): the root element's, or the body's.
	layers := paint.Draws(html, root, false, true, tb.img.Check).SVGLayers
	tb.bodyBackground = paint.CanvasBody(html, root, tb.img.Check)
	if layers == 0 && !paint.Draws(html, root, false, true, tb.img.Check).Fills {
		for _, ch := range html.Children {
			if ch.Type == "element" && ch.Tag == "body" {
				layers = paint.Draws(ch, root, false, true, tb.img.Check).SVGLayers
				break
			}
		}
	}
	f.box.Kids = append(f.box.Kids, tb.svgLayers(root, layers)...)

	if d.Truncated {
		tb.warn.Add(warnings.CaptureTruncated, root.ID, "the capture stopped at one of its limits; the end of the page is missing")
	}
	paint.CSSWarnings(tb.warn, html, root.ID)
	tb.pseudoWarnings(html, root.ID)
	tb.children(html, f, inherited{group: boxtree.Flow, decoration: text.Decoration(html, "")})
	f.box.Finish()
	return f.box
}

// box creates a node of type typ of n's box, drawn by the paint pass, with the SVG nodes of its
// background's SVG layers, and what it draws (paint.Draws); it returns nil when n draws nothing
// (no fill, border, shadow, clip, opacity or blend) and a FRAME of it need not be kept (n is not
// a flex or grid container, nor one's item: keep false): n is then merged into f.
func (tb *builder) box(n *capturemodel.DOMNode, f *frame, typ string, hidden, keep bool) (*resultjson.Node, paint.Drawn, []*boxtree.Node) {
	node := tb.newNode(typ, naming.Layer(n), n.Box, f)
	if node == nil {
		return nil, paint.Drawn{}, nil
	}
	drawn := paint.Draws(n, node, hidden, !hidden && n != tb.bodyBackground && !paint.ClipsToText(n), tb.img.Check)
	layers := tb.svgLayers(node, drawn.SVGLayers)
	if !drawn.Paints() && len(layers) == 0 && !clips(n) && typ == "FRAME" && !layout.Container(n) && !keep {
		tb.unallocate(node, f)
		f.box.Merged = append(f.box.Merged, n)
		return nil, drawn, nil
	}
	return node, drawn, layers
}

// unallocate gives back the id of a node that was not kept, so ids stay dense, and moves the
// warnings about it to f's node.
func (tb *builder) unallocate(node *resultjson.Node, f *frame) {
	if node.ID == "1:"+strconv.Itoa(tb.lastID) {
		tb.lastID--
	}
	tb.nodes--
	tb.warn.Move(node.ID, f.box.Out.ID)
}

// clippedLayers takes an id for each SVG layer of el's background when it is clipped to its
// text: the text pass makes the background the text's fill, where an SVG layer cannot go.
func (tb *builder) clippedLayers(els ...*capturemodel.DOMNode) {
	for _, el := range els {
		if paint.ClipsToText(el) {
			sized := &resultjson.Node{Width: css.Size(el.Box.Width), Height: css.Size(el.Box.Height)}
			tb.svgLayers(sized, paint.Draws(el, sized, false, true, tb.img.Check).SVGLayers)
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
