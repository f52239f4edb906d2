package vector_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/vector"
	"github.com/code2des/backend/worker/convert/warnings"
)

// icons is an Icons over one SVG asset "m" held in memory.
func icons(svg string) *vector.Icons {
	sum := sha256.Sum256([]byte(svg))
	a := capturemodel.Asset{ID: "m", Key: "k/m.svg", MimeType: resultjson.MimeSVG, SHA256: hex.EncodeToString(sum[:]), ByteSize: int64(len(svg))}
	load := func(context.Context, capturemodel.Asset, int64) ([]byte, error) { return []byte(svg), nil }
	return &vector.Icons{Images: images.New(context.Background(), &capturemodel.Capture{Assets: []capturemodel.Asset{a}}, load, "k/", "j/", &warnings.List{})}
}

// TestMaskRecolours: an SVG mask is drawn in the mask colour at the box's size with the colour's
// alpha; a cover mask is not approximated, a mask-size in px is; a mask that is no SVG asset is
// refused.
func TestMaskRecolours(t *testing.T) {
	v := icons(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24z"/></svg>`)
	n := &capturemodel.DOMNode{Type: "element", Tag: "i", Box: capturemodel.Box{Width: 32, Height: 32},
		VectorFacts: capturemodel.VectorFacts{Mask: &capturemodel.MaskFact{AssetID: "m", Color: "rgba(255, 0, 0, 0.5)", Size: "cover", Position: "50% 50%", Repeat: "no-repeat"}}}
	svg, alpha, approx, ok := v.Mask(n)
	if !ok || approx || alpha != 0.5 || !strings.Contains(string(svg), "#ff0000") || !strings.Contains(string(svg), `width="32"`) {
		t.Fatalf("cover mask: ok %v approx %v alpha %v svg %s", ok, approx, alpha, svg)
	}
	n.Mask.Size = "10px 10px"
	if _, _, approx, ok := v.Mask(n); !ok || !approx {
		t.Errorf("a px mask-size: ok %v approx %v, want approximated", ok, approx)
	}
	n.Mask.AssetID = "none"
	if _, _, _, ok := v.Mask(n); ok {
		t.Error("a mask without an asset was drawn")
	}
}

// TestContentBoxCodepointsAndNotes: the content box is inside borders and padding; private-use
// characters are named U+XXXX; the capture's notes about an inline SVG become warnings.
func TestContentBoxCodepointsAndNotes(t *testing.T) {
	n := &capturemodel.DOMNode{Type: "element", Tag: "svg", Box: capturemodel.Box{X: 10, Y: 20, Width: 40, Height: 30},
		Style:       map[string]string{"padding-left": "4px", "border-top-width": "2px", "border-top-style": "solid"},
		VectorFacts: capturemodel.VectorFacts{SVGNotes: []capturemodel.SVGNote{{Code: warnings.SVGReference, Detail: "#icon"}, {Code: "SVG_TRUNCATED", Detail: "5,000 elements"}}}}
	if b := vector.ContentBox(n); b != (capturemodel.Box{X: 14, Y: 22, Width: 36, Height: 28}) {
		t.Errorf("content box %+v", b)
	}
	if got := vector.Codepoints("a\ue001"); got != "aU+E001" {
		t.Errorf("codepoints %q", got)
	}
	var w warnings.List
	vector.Notes(&w, n, "1:5")
	if ws := w.Done(); len(ws) != 2 || ws[0].Code != warnings.SVGReference || ws[1].Code != warnings.SVGIncomplete || *ws[1].NodeID != "1:5" {
		t.Errorf("warnings %+v", ws)
	}
}

// TestDrawIconNodes: the pass gives a masked icon its recoloured SVG in place, and turns an icon
// whose mask cannot be read and has no crop into an empty RECTANGLE of the same id with a warning.
func TestDrawIconNodes(t *testing.T) {
	v := icons(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24z"/></svg>`)
	mask := func(asset string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "i", Box: capturemodel.Box{Width: 24, Height: 24},
			VectorFacts: capturemodel.VectorFacts{Mask: &capturemodel.MaskFact{AssetID: asset, Color: "rgb(0, 0, 255)", Size: "contain", Position: "50% 50%", Repeat: "no-repeat"}}}
	}
	root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME"}}
	good := root.Add(&resultjson.Node{ID: "1:2", Type: "SVG", Width: 24, Height: 24}, mask("m"), boxtree.Flow, 0)
	bad := root.Add(&resultjson.Node{ID: "1:3", Type: "SVG", Width: 24, Height: 24}, mask("gone"), boxtree.Flow, 0)
	good.Kind, bad.Kind = boxtree.Mask, boxtree.Mask
	var w warnings.List
	vector.Draw(root, v.Images, &w)
	if good.Out.Type != "SVG" || !strings.HasPrefix(good.Out.ImageRef, "svg-") || len(v.Images.Entries) != 1 {
		t.Errorf("masked icon %+v, entries %+v", good.Out, v.Images.Entries)
	}
	ws := w.Done()
	if bad.Out.Type != "RECTANGLE" || bad.Out.ID != "1:3" || len(*bad.Out.Fills) != 0 || len(ws) != 1 || ws[0].Code != warnings.MaskRaster || *ws[0].NodeID != "1:3" {
		t.Errorf("unreadable mask %+v, warnings %+v", bad.Out, ws)
	}
}
