package convertworker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/fidelity"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/preview"
)

// The self-check (CONVERT_SELF_CHECK, docs/fidelity.md): after converting, the worker draws its
// result with worker/preview at the capture's scale, compares it with the capture's screenshot
// and records the outcome in the result's fidelity member, storing the diff map as an artifact.
// Nothing in it fails a conversion: whatever goes wrong becomes a FIDELITY_NOT_MEASURED warning.

// Self-check bounds.
const (
	// SelfCheckTimeout bounds one self-check (screenshot and image reads, preview, comparison);
	// past it the result is stored without a pixel score. A self-check also takes at most half
	// of the time the job has left (selfCheckBudget), so it never makes the job time out.
	SelfCheckTimeout = 45 * time.Second
	// MaxScreenshotBytes bounds the screenshot read (a 16 Mi px PNG, fidelity.MaxPixels, rarely
	// compresses worse than 4 bytes a pixel).
	MaxScreenshotBytes = 64 << 20
	// DiffMapObject is the diff map's name under the job's artifact prefix.
	DiffMapObject = "fidelity/diff-map.png"
)

// fileReader reads an object of the job's bucket, at most maxBytes (Worker.get).
type fileReader func(ctx context.Context, key string, maxBytes int64) ([]byte, error)

// SelfCheck measures out's fidelity to the capture c (docs/fidelity.md) and updates out: its
// Result gets a fidelity member (and a FIDELITY_NOT_MEASURED warning when there is no pixel
// score), its JSON is encoded again, and the diff map joins its Copies (stored before the
// result). r draws the preview (nil: not measured); read reads the screenshot and the result's
// images. If the updated result would be over MaxResultBytes, out is left as it was.
func SelfCheck(ctx context.Context, r *preview.Renderer, c *capturemodel.Capture, jobPrefix string, out *convert.Output, read fileReader) {
	ctx, cancel := context.WithTimeout(ctx, selfCheckBudget(ctx))
	defer cancel()
	res := *out.Result
	f := &resultjson.Fidelity{
		Version: fidelity.Version, DiffThreshold: fidelity.DiffThreshold, Scale: captureScale(c),
		TextCoverage:  fidelity.Round4(fidelity.Coverage(pageWords(c), resultWords(res.Root))),
		ImageCoverage: fidelity.Round4(imageCoverage(c, &res)),
	}
	res.Fidelity = f
	var copies []convert.Copy
	px, err := measurePixels(ctx, r, c, &res, copiesFirst(out.Copies, read), f.Scale)
	if err != nil {
		res.Warnings = addWarning(res.Warnings, resultjson.Warning{Code: warnings.FidelityNotMeasured, Message: callback.TruncateUTF8("the preview was not compared with the page: "+err.Error(), resultjson.MaxWarningMessageBytes), NodeID: &res.Root.ID})
	} else {
		sum := sha256.Sum256(px.DiffMap)
		key := jobPrefix + DiffMapObject
		f.SSIM, f.DiffRatio = new(fidelity.Round4(px.SSIM)), new(fidelity.Round4(px.DiffRatio))
		f.ComparedWidth, f.ComparedHeight = px.Width, px.Height
		f.DiffMap = &resultjson.DiffMapRef{Key: key, MimeType: resultjson.MimePNG, SHA256: hex.EncodeToString(sum[:]), ByteSize: int64(len(px.DiffMap)), Width: px.DiffMapWidth, Height: px.DiffMapHeight}
		copies = append(copies, convert.Copy{Key: key, MimeType: resultjson.MimePNG, Bytes: px.DiffMap})
	}
	raw, err := resultjson.Encode(&res)
	if err != nil {
		return // over MaxResultBytes with the fidelity member: keep the result as converted
	}
	out.Result, out.JSON, out.Copies = &res, raw, append(out.Copies, copies...)
}

// copiesFirst reads the images the conversion itself made or cleaned (its Copies, stored only
// after the self-check) from memory, anything else through read.
func copiesFirst(copies []convert.Copy, read fileReader) fileReader {
	return func(ctx context.Context, key string, maxBytes int64) ([]byte, error) {
		for _, c := range copies {
			if c.Key == key && int64(len(c.Bytes)) <= maxBytes {
				return c.Bytes, nil
			}
		}
		return read(ctx, key, maxBytes)
	}
}

// selfCheckBudget is how long a self-check may take: SelfCheckTimeout, but at most half of the
// time left before ctx's deadline, so storing the diff map and the result afterwards still has
// the other half (a slow preview must never make the job time out).
func selfCheckBudget(ctx context.Context) time.Duration {
	d := SelfCheckTimeout
	if deadline, ok := ctx.Deadline(); ok {
		d = min(d, time.Until(deadline)/2)
	}
	return d
}

// measurePixels draws the result and compares it with the screenshot. Its errors are safe for
// end users (they become the warning's message).
func measurePixels(ctx context.Context, r *preview.Renderer, c *capturemodel.Capture, res *resultjson.Result, read fileReader, scale float64) (*fidelity.Pixels, error) {
	if r == nil {
		return nil, errors.New("the preview renderer is not available")
	}
	if c.Screenshot == nil || c.Screenshot.Key == "" {
		return nil, errors.New("the capture has no screenshot")
	}
	if c.Screenshot.Width*c.Screenshot.Height > fidelity.MaxPixels {
		return nil, fmt.Errorf("the screenshot is over %d pixels", fidelity.MaxPixels)
	}
	shotBytes, err := read(ctx, c.Screenshot.Key, MaxScreenshotBytes)
	if err != nil {
		return nil, fmt.Errorf("the screenshot could not be read")
	}
	shot, err := fidelity.DecodePNG(shotBytes)
	if err != nil {
		if errors.Is(err, fidelity.ErrTooLarge) {
			return nil, fmt.Errorf("the screenshot is over %d pixels", fidelity.MaxPixels)
		}
		return nil, errors.New("the screenshot is not a readable PNG")
	}
	images := map[string][]byte{}
	total := 0
	for _, im := range res.Images {
		if total += int(im.ByteSize); total > preview.MaxImageBytes {
			return nil, fmt.Errorf("the result's images are over %d MiB together", preview.MaxImageBytes>>20)
		}
		b, err := read(ctx, im.Key, resultjson.MaxImageBytes)
		if err != nil {
			return nil, fmt.Errorf("an image of the result could not be read")
		}
		images[im.Ref] = b
	}
	raw, err := resultjson.Encode(res)
	if err != nil {
		return nil, err
	}
	p, err := r.Render(ctx, raw, images, scale)
	switch {
	case preview.IsInputError(err):
		return nil, fmt.Errorf("the preview refused the result (%s)", err.Error())
	case err != nil && ctx.Err() != nil:
		return nil, errors.New("the preview did not finish in the time the job left it")
	case err != nil:
		return nil, errors.New("the preview renderer failed")
	}
	drawn, err := fidelity.DecodePNG(p.PNG)
	if err != nil {
		return nil, errors.New("the preview is not a readable PNG")
	}
	px, err := fidelity.Compare(shot, drawn)
	if err != nil {
		return nil, fmt.Errorf("the preview could not be compared (%s)", err.Error())
	}
	return px, nil
}

// captureScale is the capture's device scale factor, else the screenshot's width over the
// viewport's, else 1.
func captureScale(c *capturemodel.Capture) float64 {
	if s := c.Manifest.DeviceScaleFactor; s > 0 && s <= preview.MaxScale {
		return s
	}
	if c.Screenshot != nil && c.Manifest.Viewport.Width > 0 && c.Screenshot.Width > 0 {
		if s := float64(c.Screenshot.Width) / c.Manifest.Viewport.Width; s > 0 && s <= preview.MaxScale {
			return s
		}
	}
	return 1
}

// pageWords are the words of the page's text runs with a box (drawn) and of what its form
// controls show (a password field shows none). The text of an icon-font ligature ("home" in
// Material Icons) is no word: the visitor sees its glyph, an icon.
func pageWords(c *capturemodel.Capture) []string {
	var words []string
	var walk func(n *capturemodel.DOMNode, ligature bool)
	walk = func(n *capturemodel.DOMNode, ligature bool) {
		if n == nil {
			return
		}
		if n.Type == "text" && n.Box.Width > 0 && n.Box.Height > 0 && !ligature {
			words = append(words, fidelity.Words(n.Text)...)
		}
		if n.Value != nil && n.Attrs["type"] != "password" {
			words = append(words, fidelity.Words(*n.Value)...)
		}
		lig := ligatureIcon(n)
		for _, ch := range n.Children {
			walk(ch, lig)
		}
	}
	walk(c.Document.Root, false)
	return words
}

// ligatureIcon says whether element n shows its own text as an icon-font ligature.
func ligatureIcon(n *capturemodel.DOMNode) bool {
	if n.IconFont == nil {
		return false
	}
	for _, g := range n.IconFont.Glyphs {
		if g.Which == "text" {
			return true
		}
	}
	return false
}

// resultWords are the words of the result's TEXT nodes.
func resultWords(n *resultjson.Node) []string {
	if n == nil {
		return nil
	}
	var words []string
	if n.Type == "TEXT" {
		words = fidelity.Words(n.Characters)
	}
	for _, ch := range n.Children {
		words = append(words, resultWords(ch)...)
	}
	return words
}

// imageCoverage is the share of the page's distinct images (by content: an asset's sha256, or
// the id of an image whose bytes the capture could not record) that the result draws: an
// IMAGE paint or SVG node referencing an image entry of the same sha256.
func imageCoverage(c *capturemodel.Capture, res *resultjson.Result) float64 {
	bySHA := map[string]string{}
	for _, a := range c.Assets {
		bySHA[a.ID] = a.SHA256
	}
	var want []string
	seen := map[string]bool{}
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		if n == nil {
			return
		}
		ids := append([]string{}, n.BackgroundImages...)
		if n.Image != nil && n.Image.AssetID != "" {
			ids = append(ids, n.Image.AssetID)
		}
		for _, id := range ids {
			k, ok := bySHA[id]
			if !ok {
				k = "unresolved:" + id
			}
			if !seen[k] {
				seen[k] = true
				want = append(want, k)
			}
		}
		for _, ch := range n.Children {
			walk(ch)
		}
	}
	walk(c.Document.Root)
	entries := map[string]string{}
	for _, e := range res.Images {
		entries[e.Ref] = e.SHA256
	}
	used := map[string]bool{}
	var refs func(n *resultjson.Node)
	refs = func(n *resultjson.Node) {
		if n == nil {
			return
		}
		if n.ImageRef != "" {
			used[entries[n.ImageRef]] = true
		}
		if n.Fills != nil {
			for _, p := range *n.Fills {
				if p.ImageRef != "" {
					used[entries[p.ImageRef]] = true
				}
			}
		}
		for _, ch := range n.Children {
			refs(ch)
		}
	}
	refs(res.Root)
	have := make([]string, 0, len(used))
	for k := range used {
		have = append(have, k)
	}
	sort.Strings(have)
	return fidelity.Coverage(want, have)
}

// addWarning appends w unless the list is full (MaxWarnings).
func addWarning(list []resultjson.Warning, w resultjson.Warning) []resultjson.Warning {
	if len(list) >= resultjson.MaxWarnings {
		return list
	}
	return append(append([]resultjson.Warning{}, list...), w)
}

// renderer is the worker's preview renderer, started on first use (nil if Chromium cannot start;
// it is tried again on the next job).
type renderer struct {
	mu sync.Mutex
	r  *preview.Renderer
}

func (rr *renderer) get(path string) *preview.Renderer {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if rr.r == nil {
		rr.r, _ = preview.NewRenderer(preview.Options{ExecPath: path})
	}
	return rr.r
}

func (rr *renderer) close() {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if rr.r != nil {
		rr.r.Close()
		rr.r = nil
	}
}
