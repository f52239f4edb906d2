package images_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// noisePNG is a w x h PNG of noise (so a smaller copy is fewer bytes).
func noisePNG(t *testing.T, w, h int, seed uint32) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		seed = seed*1664525 + 1013904223
		img.Pix[i] = byte(seed >> 24)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPlanDownscalesAtItsEdgeAndKeepsBySight: a page of MaxImages + 1 imgs is past the count
// budget. Before any is left out, each image drawn at less than DownscaleBelow of its width is
// redrawn at its drawn size: a 100 px image drawn 89 px wide becomes an 89 px PNG copy under
// the job's prefix (its natural size kept for layout), one drawn 90 px wide keeps its pixels.
// Then the images are kept by sight: the one outside the first viewport and smallest is left
// out, with IMAGE_BUDGET_EXCEEDED when its node resolves it, though it is first in the
// document.
func TestPlanDownscalesAtItsEdgeAndKeepsBySight(t *testing.T) {
	var c capturemodel.Capture
	c.Document.Viewport = capturemodel.Size{Width: 800, Height: 600}
	c.Manifest.DeviceScaleFactor = 1
	objects := map[string][]byte{}
	root := &capturemodel.DOMNode{Type: "element", Tag: "html"}
	c.Document.Root = root
	img := func(id string, b []byte, box capturemodel.Box) {
		a := asset(id, importPrefix+id+".png", resultjson.MimePNG, b)
		c.Assets = append(c.Assets, a)
		objects[a.Key] = b
		root.Children = append(root.Children, &capturemodel.DOMNode{Type: "element", Tag: "img", Box: box, Image: &capturemodel.DOMImage{AssetID: id}})
	}
	tiny := pngBytes(t, 1, 1)
	img("last", tiny, capturemodel.Box{Y: 5000, Width: 1, Height: 1})
	at := 100 * images.DownscaleBelow // the drawn width at the edge
	img("edge", noisePNG(t, 100, 100, 1), capturemodel.Box{Width: at, Height: at})
	img("past", noisePNG(t, 100, 100, 2), capturemodel.Box{X: 100, Width: at - 1, Height: at - 1})
	for i := range resultjson.MaxImages - 2 {
		img(fmt.Sprintf("i%d", i), tiny, capturemodel.Box{Y: 1000, Width: 2, Height: 2})
	}
	var w warnings.List
	im := store(t, &c, objects, &w)
	im.Plan(&c)
	edge, past := im.Check("edge", 0, 0), im.Check("past", 0, 0)
	if edge == nil || edge.Width != 100 || edge.Key != importPrefix+"edge.png" {
		t.Errorf("drawn at 90%%: %+v, want the captured 100 px image", edge)
	}
	if past == nil || past.Width != 89 || past.Height != 89 || past.MimeType != resultjson.MimePNG || past.Key != "code2des/j/attempt-1/images/"+past.SHA256+".png" {
		t.Errorf("drawn at 89%%: %+v, want an 89 px PNG copy", past)
	} else if nw, nh := past.NaturalSize(); nw != 100 || nh != 100 {
		t.Errorf("natural size %vx%v, want 100x100", nw, nh)
	}
	if len(im.Copies) != 1 {
		t.Errorf("%d copies, want the downscaled one", len(im.Copies))
	}
	if e := im.Resolve("last", "1:2", 1, 1); e != nil {
		t.Errorf("the image seen last: %+v, want it left out", e)
	}
	if ws := w.Done(); len(ws) != 1 || ws[0].Code != warnings.ImageBudget || *ws[0].NodeID != "1:2" {
		t.Errorf("warnings %+v, want IMAGE_BUDGET_EXCEEDED on 1:2", ws)
	}
	for i := range resultjson.MaxImages - 2 {
		if im.Check(fmt.Sprintf("i%d", i), 0, 0) == nil {
			t.Fatalf("image i%d left out", i)
		}
	}
	if len(im.Entries) != resultjson.MaxImages {
		t.Errorf("%d entries, want %d", len(im.Entries), resultjson.MaxImages)
	}
}
