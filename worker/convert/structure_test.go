package convert_test

import (
	"encoding/json"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/tree"
)

// layoutFixtures are the captures of testdata/layout-site (recapture_test.go), each pinned by a
// golden result.
var layoutFixtures = []string{"layout-navbar", "layout-cards", "layout-form", "layout-hero", "layout-fixed", "layout-grid", "layout-grid-cards", "layout-components", "layout-navlinks", "layout-navactive", "layout-navicons", "layout-margins", "layout-blocklinks", "layout-variants", "layout-columns", "layout-nested", "layout-stretched", "layout-overlays", "layout-bylines", "layout-cardbuttons", "layout-focusrings", "layout-invisible"}

func TestGoldenLayoutPages(t *testing.T) {
	for _, name := range layoutFixtures {
		t.Run(name, func(t *testing.T) {
			f := loadFixture(t, name)
			out := f.convert(t)
			checkGolden(t, name, out.JSON)
			if again := f.convert(t); string(again.JSON) != string(out.JSON) {
				t.Error("converting twice gave different bytes")
			}
		})
	}
}

// walkNodes calls fn for every node of the tree with its parent (nil for the root).
func walkNodes(n, parent *resultjson.Node, fn func(n, parent *resultjson.Node)) {
	fn(n, parent)
	for _, c := range n.Children {
		walkNodes(c, n, fn)
	}
}

// TestFixedHeaderAtTopOnce converts the capture of a 3,340 px page whose script scrolled to
// 1,200 px after load while the page scrolls smoothly: the fixed header is drawn once, at y 0,
// as a FIXED child of the root; the sticky tabs at their place at scroll 0 (below the 300 px
// intro), as STICKY_SCROLLS.
func TestFixedHeaderAtTopOnce(t *testing.T) {
	out := loadFixture(t, "layout-fixed").convert(t)
	root := out.Result.Root
	if root.Height != 3340 {
		t.Fatalf("root height %v, want 3340", root.Height)
	}
	var headers, tabs []*resultjson.Node
	walkNodes(root, nil, func(n, parent *resultjson.Node) {
		switch n.Characters {
		case "Fixed header":
			headers = append(headers, n)
		case "Tabs":
			tabs = append(tabs, n)
		}
	})
	if len(headers) != 1 || len(tabs) != 1 {
		t.Fatalf("%d header texts and %d tab texts, want one each", len(headers), len(tabs))
	}
	var header, sticky *resultjson.Node
	for _, c := range root.Children {
		switch c.ScrollBehavior {
		case tree.ScrollFixed:
			if header != nil {
				t.Fatalf("two FIXED children of the root: %s and %s", header.ID, c.ID)
			}
			header = c
		case tree.ScrollSticky:
			sticky = c
		}
	}
	if header == nil || header.X != 0 || header.Y != 0 || header.Width != 800 || header.Height != 56 {
		t.Fatalf("fixed header %+v, want a FIXED 800x56 child of the root at 0,0", header)
	}
	if sticky == nil || sticky.Y != 300 || sticky.Height != 40 {
		t.Fatalf("sticky tabs %+v, want a STICKY_SCROLLS child of the root at y 300", sticky)
	}
	if root.Children[len(root.Children)-1] != header {
		t.Error("the fixed header is not painted last (above the content)")
	}
}

// TestFixedHeaderOfOlderCapture: a capture made before the scroll position was recorded, taken
// while the page was scrolled to 1,626 px (the header's box says y 1,626, its top is 0px), gives
// the header at y 0 all the same, its text inside it.
func TestFixedHeaderOfOlderCapture(t *testing.T) {
	f := loadFixture(t, "layout-fixed")
	f.capture.Document.Scroll = nil
	var shift func(n *capturemodel.DOMNode)
	shift = func(n *capturemodel.DOMNode) {
		n.Box.Y += 1626
		for _, c := range n.Children {
			shift(c)
		}
	}
	var header *capturemodel.DOMNode
	var find func(n *capturemodel.DOMNode)
	find = func(n *capturemodel.DOMNode) {
		if n.Tag == "header" {
			header = n
		}
		for _, c := range n.Children {
			find(c)
		}
	}
	find(f.capture.Document.Root)
	shift(header)
	if header.Box.Y != 1626 || header.Style["top"] != "0px" {
		t.Fatalf("fixture header box %+v top %q", header.Box, header.Style["top"])
	}
	root := f.convert(t).Result.Root
	var got *resultjson.Node
	for _, c := range root.Children {
		if c.ScrollBehavior == tree.ScrollFixed {
			got = c
		}
	}
	if got == nil || got.Y != 0 {
		t.Fatalf("fixed header %+v, want y 0", got)
	}
	// The header's one item is its text, at its line box: the strong (at y 16 in the header)
	// wrapped it exactly and paints nothing, so the text takes its place (docs/conversion.md
	// "Text", "Wrappers").
	if len(got.Children) != 1 || got.Children[0].Type != "TEXT" || got.Children[0].Characters != "Fixed header" || got.Children[0].Y != 16 {
		b, _ := json.Marshal(got.Children)
		t.Errorf("header children %s, want \"Fixed header\" at y 16 (the strong's line box)", b)
	}
	if header.Box.Y != 1626 {
		t.Error("the conversion changed the capture model")
	}
}
