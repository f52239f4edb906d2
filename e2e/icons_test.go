package e2e_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture/capturetest"
)

// TestIconsEndToEnd imports the icons page through the API and converts it: the result the
// plugin reads holds every inline icon as a self-contained SVG (colours resolved, sprite
// symbols expanded, nothing unsafe), the icon with a box as a FRAME around its SVG, the SVG Figma
// cannot import as a PNG crop, and the unresolved sprite reference as a warning, not a failure.
func TestIconsEndToEnd(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	s.runConversionWorker(t)
	res := s.importAndConvert(t, capturetest.IconsPath)

	images := map[string]resultImage{}
	for _, img := range res.Images {
		images[img.Ref] = img
	}
	type node struct {
		Type     string  `json:"type"`
		ID       string  `json:"id"`
		Name     string  `json:"name"`
		ImageRef string  `json:"imageRef"`
		Children []*node `json:"children"`
		Fills    []struct {
			Type     string `json:"type"`
			ImageRef string `json:"imageRef"`
		} `json:"fills"`
	}
	var root node
	if err := json.Unmarshal(res.Root, &root); err != nil {
		t.Fatal(err)
	}
	byName := map[string]*node{}
	var walk func(n *node)
	walk = func(n *node) {
		if byName[n.Name] == nil { // the outermost node of a name
			byName[n.Name] = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(&root)

	svgOf := func(name string) string {
		n := byName[name]
		if n == nil || n.Type != "SVG" || images[n.ImageRef].SVG == nil {
			t.Fatalf("%s is %+v, want an SVG node with its SVG inlined", name, n)
		}
		return *images[n.ImageRef].SVG
	}
	for name, want := range map[string]string{
		"Circle": `fill="#ffcc00"`, "Star icon": `fill="#7b2cbf"`, "Triangle": `<path d="M0 0h10v10z"/>`,
		"External": `fill="#0891b2"`, "Styled": `stroke="#264653"`,
	} {
		if got := svgOf(name); !strings.Contains(got, want) {
			t.Errorf("%s is served as %s, want %s in it", name, got, want)
		}
	}
	for _, img := range res.Images {
		if img.SVG == nil {
			continue
		}
		for _, bad := range []string{"<script", "onclick", "javascript:", "169.254.169.254", "<use", "currentColor"} {
			if strings.Contains(*img.SVG, bad) {
				t.Errorf("SVG %s holds %q", img.Ref, bad)
			}
		}
	}
	// The box of svg#boxed is a FRAME named as its icon is ("Boxed", after its id), holding
	// the SVG node.
	if box := byName["Boxed"]; box == nil || box.Type != "FRAME" || len(box.Children) != 1 || box.Children[0].Type != "SVG" || box.Children[0].Name != "Boxed" {
		t.Errorf("svg#boxed is %+v, want the SVG alone in a FRAME of its box", box)
	}
	foreign := byName["Foreign"]
	if foreign == nil || len(foreign.Fills) != 1 || images[foreign.Fills[0].ImageRef].MimeType != "image/png" {
		t.Fatalf("svg#foreign is %+v, want a crop as an IMAGE fill", foreign)
	}
	if png, err := base64.StdEncoding.DecodeString(deref(images[foreign.Fills[0].ImageRef].Base64)); err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("the crop of svg#foreign is not served as PNG bytes (%v)", err)
	}
	warned := map[string]bool{}
	for _, w := range res.Warnings {
		warned[w.Code] = true
	}
	for _, code := range []string{"SVG_REFERENCE_UNRESOLVED", "SVG_RASTERIZED"} {
		if !warned[code] {
			t.Errorf("warnings %+v lack %s", res.Warnings, code)
		}
	}
}
