package tree_test

import (
	"context"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/tree"
	"github.com/code2des/backend/worker/convert/warnings"
)

// el is an element of box b with computed style.
func el(tag string, b capturemodel.Box, style map[string]string, kids ...*capturemodel.DOMNode) *capturemodel.DOMNode {
	s := map[string]string{"display": "block", "position": "static", "visibility": "visible", "opacity": "1", "mix-blend-mode": "normal",
		"background-color": "rgba(0, 0, 0, 0)", "background-image": "none", "box-shadow": "none", "filter": "none", "transform": "none",
		"overflow-x": "visible", "overflow-y": "visible", "font-size": "16px", "color": "rgb(0, 0, 0)"}
	for k, v := range style {
		s[k] = v
	}
	return &capturemodel.DOMNode{Type: "element", Tag: tag, Box: b, Style: s, Children: kids}
}

// TestBuildPlacesNodes: an element that draws nothing gets no node (its children go to the
// nearest frame, ids stay dense); one with a background is a FRAME its paint pass fills; a
// block's text is one paragraph TEXT whose source the text pass reads; an img is an Image node;
// a fixed element is placed in the root, FIXED. No pass has run: no node has paints or text.
func TestBuildPlacesNodes(t *testing.T) {
	p := el("p", capturemodel.Box{X: 10, Y: 10, Width: 200, Height: 20}, nil, &capturemodel.DOMNode{Type: "text", Text: "Hello", Box: capturemodel.Box{X: 10, Y: 10, Width: 40, Height: 20}})
	card := el("div", capturemodel.Box{X: 0, Y: 0, Width: 300, Height: 100}, map[string]string{"background-color": "rgb(255, 0, 0)"}, p)
	wrapper := el("div", capturemodel.Box{Width: 300, Height: 100}, nil, card)
	img := el("img", capturemodel.Box{X: 0, Y: 120, Width: 50, Height: 50}, map[string]string{"display": "inline"})
	bar := el("nav", capturemodel.Box{X: 0, Y: 500, Width: 300, Height: 40}, map[string]string{"position": "fixed", "top": "0px", "background-color": "rgb(0, 0, 255)"})
	body := el("body", capturemodel.Box{Width: 300, Height: 600}, nil, wrapper, img, bar)
	c := &capturemodel.Capture{Document: capturemodel.Document{Title: "Page", Viewport: capturemodel.Size{Width: 300, Height: 600},
		Root: el("html", capturemodel.Box{Width: 300, Height: 600}, nil, body)}}
	warn := &warnings.List{}
	im := images.New(context.Background(), c, nil, "", "", warn)
	kids := tree.NewChildren(&c.Document)
	root := tree.Build(c, kids, &text.Setter{Doc: &c.Document, Kids: kids.Of}, im, warn)

	var got []string
	root.Walk(func(b *boxtree.Node) { got = append(got, b.Out.ID+" "+b.Out.Type) })
	if want := "1:1 FRAME,1:2 FRAME,1:3 TEXT,1:4 RECTANGLE,1:5 FRAME"; strings.Join(got, ",") != want {
		t.Fatalf("nodes %s, want %s", strings.Join(got, ","), want)
	}
	frame, para, image, fixed := root.Kids[0], root.Kids[0].Kids[0], root.Kids[1], root.Kids[2]
	if frame.El != card || !frame.Paints || frame.Kind != boxtree.Box || frame.Out.Fills != nil {
		t.Errorf("card: %+v", frame)
	}
	if para.Text == nil || para.Text.Style != p || len(para.Text.Paragraph) != 1 || !para.Text.Whole || para.Out.Characters != "" {
		t.Errorf("paragraph: %+v", para.Text)
	}
	if image.Kind != boxtree.Image || image.El != img {
		t.Errorf("img: %+v", image)
	}
	if fixed.Out.ScrollBehavior != tree.ScrollFixed || fixed.Out.Y != 0 {
		t.Errorf("fixed nav: %+v", fixed.Out)
	}
}
