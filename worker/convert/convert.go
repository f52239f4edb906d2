// Package convert turns a capture of a web page (the capture worker's capture JSON) into a
// result: a tree of native Figma nodes with its images, warnings, local styles, variables and
// diagnostics (SPEC §7, docs/conversion.md "Passes"). The worker that runs it for queue
// messages is worker/convertworker.
package convert

import (
	"cmp"
	"context"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/components"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/states"
	"github.com/code2des/backend/worker/convert/styles"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/tree"
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
	if len(c.Document.States) > 0 {
		load = images.Remember(load) // the states' drawings read the same assets again
	}
	d, err := draw(ctx, c, opts, load)
	if err != nil {
		return nil, err
	}
	root, warn, img, diagnostics := d.root, d.warn, d.img, d.diagnostics
	localStyles, variables := styles.Build(root, c.Document.CustomProperties)
	styles.Modes(variables, c.Document.DarkCustomProperties)
	darkColors := styles.DarkColors(&c.Document)
	localStyles, variables = styles.Themes(root, localStyles, variables, darkColors,
		func(el *capturemodel.DOMNode, n *resultjson.Node, style map[string]string, layered bool) []resultjson.Paint {
			return paint.Fills(el, n, style, layered, c.Document.Viewport, img.Check)
		})
	localStyles = styles.KeepUnchanged(root, localStyles, variables, darkColors, c.Document.DarkColorsRead())
	resultjson.BoundTransformed(root.Out)
	diagnostics = append(diagnostics, components.Build(root.Out, resultjson.MaxDiagnostics-len(diagnostics), components.PageOf(root, c.Document.Forced()))...)
	more, err := states.Variants(c, root, func(v *capturemodel.Capture) (*boxtree.Node, error) {
		d, err := draw(ctx, v, opts, load)
		if err != nil {
			return nil, err
		}
		resultjson.BoundTransformed(d.root.Out)
		return d.root, nil
	}, resultjson.MaxDiagnostics-len(diagnostics))
	if err != nil {
		return nil, err
	}
	diagnostics = append(diagnostics, more...)
	warned := warn.Done()
	layout.Unwrap(root, referenced(warned, diagnostics))

	res := &resultjson.Result{
		Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion, Code2DesID: job.Code2DesID, Attempt: job.Attempt,
			Nonce: job.Nonce, PageImportID: job.PageImportID, CaptureHash: job.CaptureHash},
		Root: root.Out, Images: append([]resultjson.ImageEntry{}, img.Entries...), Warnings: warned,
		Styles: localStyles, Variables: variables, Diagnostics: diagnostics,
	}
	out, err := resultjson.Fit(res, warnings.ResultTrimmed)
	if err != nil {
		return nil, err
	}
	return &Output{JSON: out, Result: res, Copies: img.Copies}, nil
}

// referenced are the ids of the nodes the warnings and diagnostics name.
func referenced(warned []resultjson.Warning, diagnostics []resultjson.Diagnostic) map[string]bool {
	ids := map[string]bool{}
	for _, w := range warned {
		if w.NodeID != nil {
			ids[*w.NodeID] = true
		}
	}
	for _, d := range diagnostics {
		ids[d.NodeID] = true
	}
	return ids
}

// drawn is a capture drawn as a tree, up to the passes that read the tree whole (styles,
// components, states): its tree, warnings, images and the layout pass's diagnostics.
type drawn struct {
	root        *boxtree.Node
	warn        *warnings.List
	img         *images.Store
	diagnostics []resultjson.Diagnostic
}

// draw runs the passes that draw c: tree, text, paint, images, vectors, lists, layout (the
// transformed nodes are not bounded yet: resultjson.BoundTransformed). Its only
// errors are a fatal loader error (wrapped as is).
func draw(ctx context.Context, c *capturemodel.Capture, opts Options, load AssetLoader) (*drawn, error) {
	warn := &warnings.List{}
	img := images.New(ctx, c, load, opts.ImportPrefix, opts.JobPrefix, warn)
	kids := tree.NewChildren(&c.Document)
	base := cmp.Or(c.Document.URL, c.Manifest.FinalURL)
	setter := &text.Setter{Warn: warn, Doc: &c.Document, Base: base, Paint: &paint.Painter{Warn: warn, Images: img}, Kids: kids.Of,
		Floats: text.FloatsOf(&c.Document)}

	img.Plan(c) // which images the result keeps within its budgets, before any is used
	root := tree.Build(c, kids, setter, img, warn)
	if img.Err != nil {
		return nil, img.Err // storage failed: the walk stopped, no pass reads another asset
	}
	setter.Pass(root)
	paint.Pass(root, img, img.Check, c.Document.Viewport, warn)
	img.Pass(root)
	vector.Draw(root, img, warn)
	if img.Err != nil {
		return nil, img.Err
	}
	setter.Lists(root) // after the passes that set nodes, before those that read the tree whole
	warn.Sort(root.Out)
	img.Merge(root.Out)
	img.Sort(root.Out)
	passOnCaptureWarnings(c, warn)
	diagnostics := layout.Infer(root)
	text.UnlistFlowing(root.Out) // before the passes that read a list TEXT's ranges
	return &drawn{root: root, warn: warn, img: img, diagnostics: diagnostics}, nil
}
