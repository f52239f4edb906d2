package images_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/png"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

const importPrefix = "page-imports/p/attempt-1/"

// asset returns a capture asset of b under key with its hash and size.
func asset(id, key, mime string, b []byte) capturemodel.Asset {
	sum := sha256.Sum256(b)
	return capturemodel.Asset{ID: id, Key: key, MimeType: mime, SHA256: hex.EncodeToString(sum[:]), ByteSize: int64(len(b))}
}

func pngBytes(t *testing.T, w, h int) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// store is a Store over assets held in memory (by key); a key not held is missing from storage.
func store(t *testing.T, c *capturemodel.Capture, objects map[string][]byte, w *warnings.List) *images.Store {
	load := func(_ context.Context, a capturemodel.Asset, _ int64) ([]byte, error) {
		b, ok := objects[a.Key]
		if !ok {
			return nil, images.ErrMissing
		}
		return b, nil
	}
	return images.New(context.Background(), c, load, importPrefix, "code2des/j/attempt-1/", w)
}

// TestResolveEntriesCopiesAndWarnings: an asset in the capture's folder is referenced where it
// is, once however often it is used; one outside it is copied under the job's prefix; an asset
// the capture did not record, one missing from storage and one whose bytes do not match warn on
// every use and give no entry.
func TestResolveEntriesCopiesAndWarnings(t *testing.T) {
	p := pngBytes(t, 3, 2)
	inside, outside := asset("a1", importPrefix+"assets/a1.png", resultjson.MimePNG, p), asset("a2", "elsewhere/a2.png", resultjson.MimePNG, p)
	gone, wrong := asset("a3", importPrefix+"assets/a3.png", resultjson.MimePNG, p), asset("a4", importPrefix+"assets/a4.png", resultjson.MimePNG, p)
	c := &capturemodel.Capture{Assets: []capturemodel.Asset{inside, outside, gone, wrong},
		UnresolvedImages: []capturemodel.UnresolvedImage{{ID: "u1", SourceURL: "https://example.com/x.png", Reason: "timeout"}}}
	var w warnings.List
	im := store(t, c, map[string][]byte{inside.Key: p, outside.Key: p, wrong.Key: append([]byte{}, p[:len(p)-1]...)}, &w)
	for i := 0; i < 2; i++ {
		if e := im.Resolve("a1", "1:2", 10, 10); e == nil || e.Key != inside.Key || e.Width != 3 || e.Height != 2 {
			t.Fatalf("inside asset: %+v", e)
		}
	}
	if e := im.Resolve("a2", "1:3", 10, 10); e == nil || !strings.HasPrefix(e.Key, "code2des/j/attempt-1/images/") {
		t.Fatalf("outside asset: %+v", e)
	}
	for _, id := range []string{"u1", "a3", "a4", "a4"} {
		if e := im.Resolve(id, "1:4", 10, 10); e != nil {
			t.Errorf("%s gave entry %+v", id, e)
		}
	}
	var codes []string
	for _, x := range w.Done() {
		codes = append(codes, x.Code)
	}
	if got, want := strings.Join(codes, " "), "IMAGE_UNRESOLVED IMAGE_UNRESOLVED IMAGE_INVALID IMAGE_INVALID"; got != want {
		t.Errorf("warnings %s, want %s", got, want)
	}
	if len(im.Entries) != 2 || len(im.Copies) != 1 || im.Copies[0].Key != im.Entries[1].Key || im.Err != nil {
		t.Errorf("entries %+v copies %d err %v", im.Entries, len(im.Copies), im.Err)
	}
}

// TestGeneratedSharesEntriesAndBudget: an SVG the conversion writes is one entry per content,
// stored under the job's prefix; past MaxImages it gives none and warns.
func TestGeneratedSharesEntriesAndBudget(t *testing.T) {
	var w warnings.List
	im := store(t, &capturemodel.Capture{}, nil, &w)
	node := &resultjson.Node{ID: "1:2", Name: "icon", Width: 24, Height: 24}
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>`)
	a, b := im.Generated(svg, node), im.Generated(svg, node)
	if a == nil || b == nil || a.Ref != b.Ref || len(im.Entries) != 1 || len(im.Copies) != 1 || a.Width != 24 {
		t.Fatalf("entries %+v, copies %d", im.Entries, len(im.Copies))
	}
	for i := 1; i < resultjson.MaxImages; i++ {
		if im.Generated([]byte(strings.Repeat(" ", i)+string(svg)), node) == nil {
			t.Fatalf("image %d refused under the limit", i+1)
		}
	}
	if e := im.Generated([]byte("<!-- past -->"+string(svg)), node); e != nil || len(w.Done()) != 1 || w.Done()[0].Code != warnings.ImageBudget {
		t.Errorf("past MaxImages: entry %+v, warnings %+v", e, w.Done())
	}
}

// TestPassGivesImgsTheirImages: the pass puts a raster img's IMAGE fill over the fills the node
// has (object-fit cover is FILL), and warns about an img that had not loaded; Check gives the
// entry without a warning; Sort puts the entries in the tree's order of first use.
func TestPassGivesImgsTheirImages(t *testing.T) {
	p := pngBytes(t, 4, 4)
	a, b := asset("a", importPrefix+"a.png", resultjson.MimePNG, p), asset("b", importPrefix+"b.png", resultjson.MimePNG, pngBytes(t, 2, 2))
	var w warnings.List
	im := store(t, &capturemodel.Capture{Assets: []capturemodel.Asset{a, b}}, map[string][]byte{a.Key: p, b.Key: pngBytes(t, 2, 2)}, &w)
	if e := im.Check("b", 4, 4); e == nil || len(w.Done()) != 0 {
		t.Fatalf("check: %+v, warnings %v", e, w.Done())
	}
	img := func(asset string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "img", Image: &capturemodel.DOMImage{AssetID: asset}, Style: map[string]string{"object-fit": "cover", "object-position": "50% 50%"}}
	}
	root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME"}}
	bg := []resultjson.Paint{{Type: "SOLID"}}
	first := root.Add(&resultjson.Node{ID: "1:2", Type: "RECTANGLE", Width: 4, Height: 4, Fills: &bg}, img("a"), boxtree.Flow, 0)
	gone := root.Add(&resultjson.Node{ID: "1:3", Type: "RECTANGLE", Width: 4, Height: 4, Fills: &[]resultjson.Paint{}}, img(""), boxtree.Flow, 0)
	first.Kind, gone.Kind = boxtree.Image, boxtree.Image
	im.Pass(root)
	root.Finish()
	if f := *first.Out.Fills; len(f) != 2 || f[1].Type != "IMAGE" || f[1].ImageRef != "a" || f[1].ScaleMode != "FILL" {
		t.Errorf("fills %+v", f)
	}
	if ws := w.Done(); len(ws) != 1 || ws[0].Code != warnings.ImageUnresolved || *ws[0].NodeID != "1:3" {
		t.Errorf("warnings %+v", ws)
	}
	im.Sort(root.Out)
	if len(im.Entries) != 2 || im.Entries[0].Ref != "a" || im.Entries[1].Ref != "b" {
		t.Errorf("entries %+v", im.Entries)
	}
}

// TestRemember: the remembering loader reads each asset once and answers again with the same
// bytes; a failed read is not remembered (the next asks again).
func TestRemember(t *testing.T) {
	reads := map[string]int{}
	fail := true
	load := images.Remember(func(_ context.Context, a capturemodel.Asset, _ int64) ([]byte, error) {
		reads[a.ID]++
		if a.ID == "flaky" && fail {
			fail = false
			return nil, errors.New("unavailable")
		}
		return []byte(a.ID), nil
	})
	for range 3 {
		for _, id := range []string{"a", "b", "flaky"} {
			b, err := load(context.Background(), capturemodel.Asset{ID: id, Key: "k/" + id, SHA256: id}, 10)
			if id == "flaky" && reads[id] == 1 {
				if err == nil {
					t.Fatal("the first flaky read did not fail")
				}
				continue
			}
			if err != nil || string(b) != id {
				t.Fatalf("%s: %q, %v", id, b, err)
			}
		}
	}
	if want := map[string]int{"a": 1, "b": 1, "flaky": 2}; !reflect.DeepEqual(reads, want) {
		t.Errorf("reads %v, want %v", reads, want)
	}
	if images.Remember(nil) != nil {
		t.Error("Remember(nil) is not nil")
	}
}

// TestMergeKeepsOneEntryPerImage: entries naming one stored object are one entry, and every
// reference to a dropped one (an SVG node, a fill, a text range's fill) names the kept one; an
// object of another size stays an entry of its own.
func TestMergeKeepsOneEntryPerImage(t *testing.T) {
	entry := func(ref string, w int) resultjson.ImageEntry {
		return resultjson.ImageEntry{Ref: ref, Key: "imports/x/assets/a.svg", MimeType: resultjson.MimeSVG, SHA256: "ab", ByteSize: 10, Width: w, Height: 10}
	}
	im := &images.Store{Entries: []resultjson.ImageEntry{entry("img-1", 10), entry("img-2", 10), entry("img-3", 20)}}
	fill := &[]resultjson.Paint{{Type: "IMAGE", ImageRef: "img-2"}}
	root := &resultjson.Node{Type: "FRAME", Children: []*resultjson.Node{
		{Type: "SVG", ImageRef: "img-1"}, {Type: "SVG", ImageRef: "img-2"}, {Type: "SVG", ImageRef: "img-3"}, {Type: "RECTANGLE", Fills: fill},
		{Type: "TEXT", StyledTextSegments: []resultjson.StyledTextSegment{{Fills: []resultjson.Paint{{Type: "IMAGE", ImageRef: "img-2"}}}}}}}
	im.Merge(root)
	var refs []string
	for _, e := range im.Entries {
		refs = append(refs, e.Ref)
	}
	k := root.Children
	got := []string{k[0].ImageRef, k[1].ImageRef, k[2].ImageRef, (*k[3].Fills)[0].ImageRef, k[4].StyledTextSegments[0].Fills[0].ImageRef}
	if !slices.Equal(refs, []string{"img-1", "img-3"}) || !slices.Equal(got, []string{"img-1", "img-1", "img-3", "img-1", "img-1"}) {
		t.Fatalf("entries %v, references %v", refs, got)
	}
}
