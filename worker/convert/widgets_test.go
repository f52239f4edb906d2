package convert_test

import (
	"bytes"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Elements the browser draws itself (docs/conversion.md "Native widgets and embedded content"):
// the capture crops their border box from the page (worker/capture page.js, reason "widget") and
// the converter fills a RECTANGLE of the box with it, warning ELEMENT_RASTERIZED on it. The
// capture is made by the capture worker from worker/capture/capturetest/site/widgets.html.

// widgetNodes are the nodes of widgets.html's elements by name, with their box.
var widgetNodes = map[string][2]float64{
	"Checked": {20, 20}, "Unchecked": {20, 20}, "Radio": {20, 20}, "Range": {160, 24}, "Color": {48, 32}, "Video": {160, 80},
	"Audio": {240, 40}, "Frame": {162, 62}, "Flat range": {160, 8}, "Progress": {160, 12},
}

// codesOn returns the codes of the warnings on node id.
func codesOn(out []resultjson.Warning, id string) []string {
	var codes []string
	for _, w := range out {
		if w.NodeID != nil && *w.NodeID == id {
			codes = append(codes, w.Code)
		}
	}
	return codes
}

func TestWidgetsRasterized(t *testing.T) {
	f := loadFixture(t, "widgets")
	out := f.convert(t)
	checkGolden(t, "widgets", out.JSON)
	nodes := map[string]*resultjson.Node{}
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Type == "RECTANGLE" {
			nodes[n.Name] = n
		}
	})
	for name, size := range widgetNodes {
		n := nodes[name]
		if n == nil {
			t.Errorf("no RECTANGLE %q", name)
			continue
		}
		if n.Width != size[0] || n.Height != size[1] {
			t.Errorf("%s is %vx%v, want %vx%v", name, n.Width, n.Height, size[0], size[1])
		}
		p := imageFill(n)
		if p == nil || len(*n.Fills) != 1 || p.ScaleMode != "CROP" || len(n.Strokes) != 0 {
			t.Errorf("%s fills %+v strokes %+v, want only its crop, stretched over its box", name, n.Fills, n.Strokes)
			continue
		}
		e := entry(out, p.ImageRef)
		if e == nil || e.MimeType != "image/png" || e.Width != int(size[0]) || e.Height != int(size[1]) {
			t.Errorf("%s image %+v, want a %vx%v PNG (the capture's scale is 1)", name, e, size[0], size[1])
		}
		if codes := codesOn(out.Result.Warnings, n.ID); len(codes) != 1 || codes[0] != warnings.ElementRasterized {
			t.Errorf("%s warnings %q, want [ELEMENT_RASTERIZED]", name, codes)
		}
	}
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.UnsupportedElement {
			t.Errorf("a widget is still a placeholder: %s", w.Message)
		}
	}
	checked, unchecked := imageFill(nodes["Checked"]), imageFill(nodes["Unchecked"])
	if checked == nil || unchecked == nil {
		t.Fatal("the checkboxes have no image")
	}
	if checked.ImageRef == unchecked.ImageRef {
		t.Fatalf("the checked and the unchecked checkbox share the image %s", checked.ImageRef)
	}
	if bytes.Equal(assetBytes(t, f, out, checked.ImageRef), assetBytes(t, f, out, unchecked.ImageRef)) {
		t.Error("the checked and the unchecked checkbox images have the same bytes")
	}
	if _, ok := nodes["Hidden"]; ok {
		t.Error("the hidden checkbox is drawn")
	}
}

// TestWidgetsWithoutCrop converts widgets.html's capture with the unchecked checkbox's crop
// taken away (as past MaxCrops) and the radio's pointing at no asset: each is a grey placeholder
// of its box, never an empty node.
func TestWidgetsWithoutCrop(t *testing.T) {
	f := loadFixture(t, "widgets")
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		switch n.Attrs["id"] {
		case "unchecked":
			n.Crop = nil
		case "radio":
			n.Crop.AssetID = "no-such-asset"
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(f.capture.Document.Root)
	out := f.convert(t)
	nodes := map[string]*resultjson.Node{}
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Type == "RECTANGLE" {
			nodes[n.Name] = n
		}
	})
	grey := resultjson.RGB{R: 0.898, G: 0.898, B: 0.898}
	for _, name := range []string{"input#unchecked (placeholder)", "Radio"} {
		n := nodes[name]
		if n == nil {
			t.Errorf("no RECTANGLE %q", name)
			continue
		}
		if n.Fills == nil || len(*n.Fills) != 1 || (*n.Fills)[0].Type != "SOLID" || *(*n.Fills)[0].Color != grey {
			t.Errorf("%s fills %+v, want the placeholder grey", name, n.Fills)
		}
		codes := codesOn(out.Result.Warnings, n.ID)
		found := false
		for _, c := range codes {
			found = found || c == warnings.UnsupportedElement
			if c == warnings.ElementRasterized {
				t.Errorf("%s warns ELEMENT_RASTERIZED without its crop", name)
			}
		}
		if !found {
			t.Errorf("%s warnings %q, want UNSUPPORTED_ELEMENT", name, codes)
		}
	}
	if n := nodes["Checked"]; n == nil || imageFill(n) == nil {
		t.Error("the checked checkbox lost its crop")
	}
}
