// Package images turns the capture's assets into the result's images (docs/conversion.md
// "Images"): each asset a pass draws is loaded once, checked against its recorded size and hash,
// its format and size and the result's budgets, cleaned when it is an SVG, and becomes an image
// entry, referenced where it is stored or copied under the job's prefix. SVGs the conversion
// writes itself join the same entries and budgets.
package images

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // registers GIF for DecodeConfig
	_ "image/jpeg" // registers JPEG for DecodeConfig
	_ "image/png"  // registers PNG for DecodeConfig
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	_ "golang.org/x/image/webp" // registers WebP for DecodeConfig

	"github.com/code2des/backend/decodecost"
	"github.com/code2des/backend/svgcheck"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/internal/svgsafe"
)

// Loader returns the stored bytes of a capture asset, reading at most maxBytes+1 bytes (so an
// object larger than declared shows as such). It returns an error wrapping ErrMissing when the
// object is not in storage; any other error aborts the conversion (storage trouble: the message
// is retried).
type Loader func(ctx context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error)

// ErrMissing marks a capture asset whose object is not in storage.
var ErrMissing = errors.New("capture asset missing")

// Copy is an image the worker must store under its own prefix before the result.
type Copy struct {
	Key      string
	MimeType string
	Bytes    []byte
}

// Store holds the images of one conversion.
type Store struct {
	ctx  context.Context
	load Loader
	// importPrefix is the capture's folder (assets under it are referenced where they are);
	// copies go under jobPrefix + "images/".
	importPrefix, jobPrefix string
	warn                    *warnings.List
	// Err is the first error of the loader other than ErrMissing (the conversion fails with it).
	Err error
	// assets are the capture's assets by id (the first of an id).
	assets     map[string]*capturemodel.Asset
	unresolved map[string]capturemodel.UnresolvedImage
	resolved   map[string]*imageState
	// Entries are the result's images in the order first used; Copies the images to store first.
	Entries []resultjson.ImageEntry
	Copies  []Copy
	// count, stored and returned are the images admitted to the result's budgets (admit), and
	// their bytes as stored and as the backend returns them.
	count            int
	stored, returned int64
	// notices are warnings that go with every use of an asset (what Figma-safe cleaning did).
	notices map[string][]notice
}

// New returns the Store of capture c's assets, loaded by load, whose warnings go to warn.
func New(ctx context.Context, c *capturemodel.Capture, load Loader, importPrefix, jobPrefix string, warn *warnings.List) *Store {
	im := &Store{ctx: ctx, load: load, importPrefix: importPrefix, jobPrefix: jobPrefix, warn: warn,
		assets: map[string]*capturemodel.Asset{}, unresolved: map[string]capturemodel.UnresolvedImage{}, resolved: map[string]*imageState{}}
	for i := range c.Assets {
		if _, dup := im.assets[c.Assets[i].ID]; !dup {
			im.assets[c.Assets[i].ID] = &c.Assets[i]
		}
	}
	for _, u := range append(append([]capturemodel.UnresolvedImage{}, c.UnresolvedImages...), c.Document.UnresolvedImages...) {
		im.unresolved[u.ID] = u
	}
	return im
}

// Resolve returns the image entry of a capture asset, loading and checking it on first use;
// when the asset cannot be used it warns about nodeID (on every use) and returns no entry.
// boxW and boxH are the size of the first node using it (an SVG without a size of its own).
func (im *Store) Resolve(id, nodeID string, boxW, boxH float64) *resultjson.ImageEntry {
	im.Check(id, boxW, boxH)
	st := im.resolved[id]
	switch {
	case st.entry != nil:
		for _, n := range im.notices[id] { // what Figma-safe cleaning did, on every use
			im.warn.Add(n.code, nodeID, "%s", n.message)
		}
	case st.code != "":
		im.warn.Add(st.code, nodeID, "%s", st.message)
	}
	return st.entry
}

// Asset returns the capture's asset id (the first of that id), or false when it has none.
func (im *Store) Asset(id string) (*capturemodel.Asset, bool) {
	a, ok := im.assets[id]
	return a, ok
}

// Check returns the image entry of a capture asset as Resolve does, without warning: nil when
// the asset cannot be used. The first Check or Resolve of an asset loads and checks it.
func (im *Store) Check(id string, boxW, boxH float64) *resultjson.ImageEntry {
	st, seen := im.resolved[id]
	if !seen {
		st = im.inspect(id, boxW, boxH)
		im.resolved[id] = st
	}
	if st.entry != nil && !st.admitted {
		im.admit(st) // not planned (Plan): in the order first used
	}
	if st.entry != nil && !st.entered {
		im.enter(st)
	}
	return st.entry
}

func (im *Store) inspect(id string, boxW, boxH float64) *imageState {
	a, ok := im.assets[id]
	if !ok {
		msg := "an image the page shows was not recorded by the capture"
		if u, ok := im.unresolved[id]; ok {
			msg = fmt.Sprintf("the image %s was not recorded by the capture (%s)", u.SourceURL, u.Reason)
		}
		return &imageState{code: warnings.ImageUnresolved, message: msg}
	}
	src := cmp.Or(a.SourceURL, "(inline content "+a.ID+")")
	fail := func(code, format string, args ...any) *imageState {
		return &imageState{code: code, message: "the image " + src + " " + fmt.Sprintf(format, args...)}
	}
	switch a.MimeType {
	case resultjson.MimePNG, resultjson.MimeJPEG, resultjson.MimeGIF, resultjson.MimeWebP, resultjson.MimeSVG:
	default:
		return fail(warnings.ImageFormat, "is %s, which a Figma result cannot carry", a.MimeType)
	}
	switch {
	case a.ByteSize < 1:
		return fail(warnings.ImageInvalid, "is empty")
	case a.ByteSize > resultjson.MaxImageBytes:
		return fail(warnings.ImageTooLarge, "is %d bytes, over the %d-byte limit per image", a.ByteSize, resultjson.MaxImageBytes)
	}
	b, err := im.Bytes(a)
	switch {
	case errors.Is(err, ErrMissing):
		return fail(warnings.ImageUnresolved, "is missing from storage")
	case errors.Is(err, errMismatch):
		return fail(warnings.ImageInvalid, "does not match the size or SHA-256 the capture recorded")
	case err != nil:
		return &imageState{} // storage failed: im.Err holds it and the job fails
	}
	if a.MimeType == resultjson.MimeSVG {
		// Figma-safe: no scripts, handlers or outside references; selectors applied (figmaSafe).
		var ok bool
		if b, a, ok = im.figmaSafe(a, b, src); !ok {
			return fail(warnings.ImageInvalid, "is not usable: not a well-formed SVG document")
		}
	}
	e := &resultjson.ImageEntry{Ref: a.ID, Key: a.Key, MimeType: a.MimeType, SHA256: a.SHA256, ByteSize: a.ByteSize}
	if len(e.Ref) == 0 || len(e.Ref) > 255 {
		e.Ref = "asset-" + strconv.Itoa(len(im.Entries)+1)
	}
	returned := a.ByteSize
	if a.MimeType == resultjson.MimeSVG {
		w, h, err := SVGSize(b)
		if err != nil {
			return fail(warnings.ImageInvalid, "is not usable: %s", strings.TrimPrefix(err.Error(), errImage.Error()+": "))
		}
		if w <= 0 || h <= 0 {
			w, h = boxW, boxH
		}
		e.Width, e.Height = declaredSide(w), declaredSide(h)
	} else {
		w, h, err := rasterSize(b, a.MimeType)
		if err != nil {
			return fail(warnings.ImageInvalid, "is not usable: %s", strings.TrimPrefix(err.Error(), errImage.Error()+": "))
		}
		if w > resultjson.MaxDeclaredImageSide || h > resultjson.MaxDeclaredImageSide {
			return fail(warnings.ImageTooLarge, "is %dx%d px, over %d px a side", w, h, resultjson.MaxDeclaredImageSide)
		}
		if backendConverts(a.MimeType, w, h) {
			cost, err := decodecost.Bytes(b, a.MimeType, w, h)
			if err != nil {
				return fail(warnings.ImageInvalid, "is not usable: %s", err)
			}
			if cost > resultjson.MaxConvertBytes {
				return fail(warnings.ImageTooLarge, "is %dx%d px and would take %d bytes to decode, more than the %d bytes the backend decodes to convert it", w, h, cost, resultjson.MaxConvertBytes)
			}
			// The backend returns it as a PNG of at most MaxImageSide a side: count its raw size.
			ow, oh := fitInside(w, h, resultjson.MaxImageSide)
			returned = max(returned, int64(ow)*int64(oh)*4)
		}
		e.Width, e.Height = w, h
	}
	st := &imageState{entry: e, asset: a, src: src, stored: a.ByteSize, returned: returned}
	if !strings.HasPrefix(a.Key, im.importPrefix) || im.importPrefix == "" {
		// Outside the capture's folder the backend would refuse the key: keep a copy of our own.
		e.Key = im.jobPrefix + "images/" + a.SHA256 + extensions[a.MimeType]
		st.copy = &Copy{Key: e.Key, MimeType: a.MimeType, Bytes: bytes.Clone(b)}
	}
	return st
}

// admit counts the usable image st in the result's budgets (MaxImages, and MaxTotalImageBytes
// as stored and as the backend returns them), or turns st into the IMAGE_BUDGET_EXCEEDED every
// use of it warns with. An admitted image joins the result's entries when first used (enter).
func (im *Store) admit(st *imageState) {
	st.admitted = true
	fail := func(format string, args ...any) {
		st.entry, st.copy = nil, nil
		st.code, st.message = warnings.ImageBudget, "the image "+st.src+" "+fmt.Sprintf(format, args...)
	}
	switch {
	case im.count >= resultjson.MaxImages:
		fail("is past the limit of %d images per result", resultjson.MaxImages)
		return
	case im.stored+st.stored > resultjson.MaxTotalImageBytes:
		fail("would take the result's images past %d bytes", resultjson.MaxTotalImageBytes)
		return
	case im.returned+st.returned > resultjson.MaxTotalImageBytes:
		fail("would take the result's images past %d bytes once converted for Figma", resultjson.MaxTotalImageBytes)
		return
	}
	im.count++
	im.stored += st.stored
	im.returned += st.returned
}

// enter adds the admitted image st to the result's entries, and its copy to the copies to
// store.
func (im *Store) enter(st *imageState) {
	st.entered = true
	if c := st.copy; c != nil && !slices.ContainsFunc(im.Copies, func(x Copy) bool { return x.Key == c.Key }) {
		im.Copies = append(im.Copies, *c)
	}
	st.copy = nil
	im.Entries = append(im.Entries, *st.entry)
}

// CropFills returns the fills of node drawn from the capture's crop of its element (asset
// assetID): the crop stretched over the box (CROP with the identity transform), or none when the
// crop cannot be used (Resolve warns).
func (im *Store) CropFills(assetID string, node *resultjson.Node) *[]resultjson.Paint {
	fills := []resultjson.Paint{}
	if st := im.Resolve(assetID, node.ID, node.Width, node.Height); st != nil {
		fills = append(fills, css.Stretched(st.Ref))
	}
	return &fills
}

// Sort orders Entries by their first use in the tree under root: depth first, each node before its
// children (as the result lists its nodes), a node's fills before its own image; entries no node
// in it uses come last, in the order they were made. The order depends only on the tree, not on
// the order in which the passes resolved the images.
func (im *Store) Sort(root *resultjson.Node) {
	first := map[string]int{}
	use := func(ref string) {
		if _, ok := first[ref]; !ok && ref != "" {
			first[ref] = len(first)
		}
	}
	root.Walk(func(n *resultjson.Node) {
		if n.Fills != nil {
			for _, p := range *n.Fills {
				use(p.ImageRef)
			}
		}
		for _, s := range n.StyledTextSegments {
			for _, p := range s.Fills {
				use(p.ImageRef)
			}
		}
		use(n.ImageRef)
	})
	at := func(e resultjson.ImageEntry) int {
		if i, ok := first[e.Ref]; ok {
			return i
		}
		return len(first)
	}
	slices.SortStableFunc(im.Entries, func(a, b resultjson.ImageEntry) int { return at(a) - at(b) })
}

// Merge keeps one entry per stored image: an entry whose object (key, type, bytes and size) an
// earlier entry already names is dropped, and the tree under root refers to the earlier one. The
// capture gives each element its own ref (bootstrap-album-rtl's nine same SVG placeholders are
// nine refs of one object); one ref per image lets repeats of it be the same (components).
func (im *Store) Merge(root *resultjson.Node) {
	type object struct {
		key, mime, sha string
		size           int64
		w, h           int
	}
	first := map[object]string{}
	same := map[string]string{}
	kept := im.Entries[:0]
	for _, e := range im.Entries {
		o := object{e.Key, e.MimeType, e.SHA256, e.ByteSize, e.Width, e.Height}
		if ref, ok := first[o]; ok {
			same[e.Ref] = ref
			continue
		}
		first[o] = e.Ref
		kept = append(kept, e)
	}
	im.Entries = kept
	if len(same) == 0 {
		return
	}
	paints := func(ps []resultjson.Paint) {
		for i := range ps {
			if ref, ok := same[ps[i].ImageRef]; ok {
				ps[i].ImageRef = ref
			}
		}
	}
	root.Walk(func(n *resultjson.Node) {
		if ref, ok := same[n.ImageRef]; ok {
			n.ImageRef = ref
		}
		if n.Fills != nil {
			paints(*n.Fills)
		}
		paints(n.Strokes)
		for _, s := range n.StyledTextSegments {
			paints(s.Fills)
		}
	})
}

// fitInside scales w x h down to fit a square of side m, keeping the aspect ratio.
func fitInside(w, h, m int) (int, int) {
	if w <= m && h <= m {
		return w, h
	}
	if w >= h {
		return m, max(1, int(math.Round(float64(h)*float64(m)/float64(w))))
	}
	return max(1, int(math.Round(float64(w)*float64(m)/float64(h)))), m
}

// extensions name the file of a copied image by its type.
var extensions = map[string]string{resultjson.MimePNG: ".png", resultjson.MimeJPEG: ".jpg", resultjson.MimeGIF: ".gif", resultjson.MimeWebP: ".webp", resultjson.MimeSVG: ".svg"}

// Bytes loads a capture asset and checks it against its recorded size and hash.
func (im *Store) Bytes(a *capturemodel.Asset) ([]byte, error) {
	if a.ByteSize < 1 || a.ByteSize > resultjson.MaxImageBytes {
		return nil, errors.New("asset size out of range")
	}
	b, err := im.load(im.ctx, *a, a.ByteSize)
	if err != nil {
		if !errors.Is(err, ErrMissing) && im.Err == nil {
			im.Err = fmt.Errorf("read capture asset %s: %w", a.ID, err)
		}
		return nil, err
	}
	sum := sha256.Sum256(b)
	if int64(len(b)) != a.ByteSize || hex.EncodeToString(sum[:]) != a.SHA256 {
		return nil, errMismatch
	}
	return b, nil
}

// errMismatch is Bytes' error for an asset whose bytes differ from the size or SHA-256 the
// capture recorded.
var errMismatch = errors.New("asset does not match the size or SHA-256 the capture recorded")

// Generated adds an SVG the converter wrote (not a capture asset) to the result: stored
// under the job's prefix, within the result's image budgets (IMAGE_BUDGET_EXCEEDED past them).
// Identical bytes share one entry.
func (im *Store) Generated(b []byte, node *resultjson.Node) *resultjson.ImageEntry {
	sum := sha256.Sum256(b)
	sha := hex.EncodeToString(sum[:])
	ref := "svg-" + sha[:16]
	for i := range im.Entries {
		if im.Entries[i].Ref == ref {
			return &im.Entries[i]
		}
	}
	size := int64(len(b))
	if im.count >= resultjson.MaxImages || im.stored+size > resultjson.MaxTotalImageBytes || im.returned+size > resultjson.MaxTotalImageBytes {
		im.warn.Add(warnings.ImageBudget, node.ID, "the SVG drawn for %s would take the result past its image limits", node.Name)
		return nil
	}
	e := resultjson.ImageEntry{Ref: ref, Key: im.jobPrefix + "images/" + sha + ".svg", MimeType: resultjson.MimeSVG, SHA256: sha, ByteSize: size,
		Width: declaredSide(node.Width), Height: declaredSide(node.Height)}
	im.Copies = append(im.Copies, Copy{Key: e.Key, MimeType: resultjson.MimeSVG, Bytes: bytes.Clone(b)})
	im.count++
	im.stored += size
	im.returned += size
	im.Entries = append(im.Entries, e)
	return &im.Entries[len(im.Entries)-1]
}

// figmaSafe cleans an SVG asset for Figma (svgsafe.Clean). When anything changed it returns
// the cleaned bytes and a copy of the asset describing them (with no key, so the caller stores
// it under the job's prefix), and records the warnings that go with each use of it, naming it
// src. ok is false when the SVG cannot be read at all.
func (im *Store) figmaSafe(a *capturemodel.Asset, b []byte, src string) ([]byte, *capturemodel.Asset, bool) {
	clean, rep, err := svgsafe.Clean(b)
	if err != nil {
		return nil, nil, false
	}
	if !rep.Changed() {
		return b, a, true
	}
	if im.notices == nil {
		im.notices = map[string][]notice{}
	}
	if rep.Unsafe() {
		var what []string
		for _, p := range []struct {
			n    int
			what string
		}{{rep.Scripts, "scripts"}, {rep.Handlers, "event handlers"}, {rep.ScriptURLs, "javascript: or data: links"}, {rep.ExternalRefs, "references outside the SVG"}} {
			if p.n > 0 {
				what = append(what, fmt.Sprintf("%d %s", p.n, p.what))
			}
		}
		im.notices[a.ID] = append(im.notices[a.ID], notice{warnings.SVGUnsafe, "the SVG " + src + " was stored without " + strings.Join(what, ", ")})
	}
	if rep.Lossy() {
		im.notices[a.ID] = append(im.notices[a.ID], notice{warnings.SVGUnsupported, fmt.Sprintf("the SVG %s holds content Figma cannot import, left out: %d foreignObject, %d <style> rules with selectors other than tag, .class or #id", src, rep.ForeignObjects, rep.StyleRulesDropped)})
	}
	sum := sha256.Sum256(clean)
	c := *a
	c.Key, c.SHA256, c.ByteSize = "", hex.EncodeToString(sum[:]), int64(len(clean))
	return clean, &c, true
}

type notice struct{ code, message string }

// imageState is the outcome of resolving one asset: an entry, or why there is none. A usable
// image is admitted to the result's budgets once (admit): planned (Plan) or at its first use.
type imageState struct {
	entry   *resultjson.ImageEntry
	code    string
	message string
	// asset is the asset the entry describes (an SVG's cleaned copy), src names it in warnings.
	asset *capturemodel.Asset
	src   string
	// stored and returned are its bytes as stored and as the backend returns them (a WebP as
	// a PNG); copy is the copy to store under the job's prefix once admitted.
	stored, returned int64
	copy             *Copy
	admitted         bool
	entered          bool
}

// sniff names the raster format of b by its signature, or "" (which may be SVG text). It follows
// the backend's read-time check (server/results), which refuses an entry whose bytes sniff differently
// from its mime_type.
func sniff(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return resultjson.MimePNG
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return resultjson.MimeJPEG
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return resultjson.MimeGIF
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return resultjson.MimeWebP
	}
	return ""
}

// errImage is the reason an image's bytes cannot be used.
var errImage = errors.New("image bytes unusable")

// rasterSize reads the encoded size of a raster whose bytes sniff as mime.
func rasterSize(b []byte, mime string) (int, int, error) {
	if got := sniff(b); got != mime {
		return 0, 0, fmt.Errorf("%w: the bytes are not %s", errImage, mime)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 0, 0, fmt.Errorf("%w: %s header does not decode", errImage, mime)
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return 0, 0, fmt.Errorf("%w: empty image", errImage)
	}
	return cfg.Width, cfg.Height, nil
}

// backendConverts reports whether the backend will transcode or scale this raster for Figma
// (docs/results.md): WebP, or a side over MaxImageSide.
func backendConverts(mime string, w, h int) bool {
	return mime == resultjson.MimeWebP || w > resultjson.MaxImageSide || h > resultjson.MaxImageSide
}

// SVGSize checks b as the backend does (svgcheck.Root, and no raster signature) and returns the
// size the SVG asks for: its width and height attributes in px (or unitless), else its viewBox,
// else 0 (the caller then uses the element's box).
func SVGSize(b []byte) (w, h float64, err error) {
	if sniff(b) != "" || !utf8.Valid(b) {
		return 0, 0, fmt.Errorf("%w: SVG is not UTF-8 text", errImage)
	}
	root, err := svgcheck.Root(b)
	if err != nil {
		return 0, 0, fmt.Errorf("%w: %w", errImage, err)
	}
	w, h = svgRootSize(root.Attr)
	return w, h, nil
}

func svgRootSize(attrs []xml.Attr) (w, h float64) {
	var viewBox string
	for _, a := range attrs {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "width":
			w = svgLength(a.Value)
		case "height":
			h = svgLength(a.Value)
		case "viewBox":
			viewBox = a.Value
		}
	}
	if (w <= 0 || h <= 0) && viewBox != "" {
		f := strings.FieldsFunc(viewBox, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
		if len(f) == 4 {
			vw, err1 := strconv.ParseFloat(f[2], 64)
			vh, err2 := strconv.ParseFloat(f[3], 64)
			if err1 == nil && err2 == nil && vw > 0 && vh > 0 {
				switch {
				case w > 0:
					h = w * vh / vw
				case h > 0:
					w = h * vw / vh
				default:
					w, h = vw, vh
				}
			}
		}
	}
	if w <= 0 || h <= 0 || math.IsInf(w, 0) || math.IsInf(h, 0) {
		return 0, 0
	}
	return w, h
}

// svgLength reads an SVG width or height in px (unitless or "px"); 0 for anything else.
func svgLength(s string) float64 {
	s = strings.TrimSuffix(strings.TrimSpace(s), "px")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 || math.IsNaN(v) {
		return 0
	}
	return v
}

// declaredSide turns an SVG's intended size (or a box) into an image entry side: at least 1,
// rounded, at most MaxDeclaredImageSide.
func declaredSide(v float64) int {
	return max(1, min(resultjson.MaxDeclaredImageSide, int(math.Round(v))))
}

// Remember returns a Loader that reads each asset (by key, hash and size bound) from load once
// and answers again from memory: a conversion that draws its page more than once (the states
// pass) reads each image once. The bytes are held for the conversion, at most the capture's
// assets. A nil load stays nil.
func Remember(load Loader) Loader {
	if load == nil {
		return nil
	}
	var mu sync.Mutex
	seen := map[string][]byte{}
	return func(ctx context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		k := a.Key + "\x00" + a.SHA256 + "\x00" + strconv.FormatInt(maxBytes, 10)
		mu.Lock()
		b, ok := seen[k]
		mu.Unlock()
		if ok {
			return b, nil
		}
		b, err := load(ctx, a, maxBytes)
		if err == nil {
			mu.Lock()
			seen[k] = b
			mu.Unlock()
		}
		return b, err
	}
}
