package text_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/text"
	"github.com/code2des/backend/worker/convert/warnings"
)

func setter() (*text.Setter, *warnings.List) {
	w := &warnings.List{}
	kids := func(n *capturemodel.DOMNode) []*capturemodel.DOMNode { return n.Children }
	return &text.Setter{Warn: w, Doc: &capturemodel.Document{}, Base: "https://example.com/docs/", Paint: &paint.Painter{Warn: w}, Kids: kids}, w
}

// TestSetTextRun: a one-line run keeps its natural width in its computed typography; a generic
// family is mapped (and warned about once); vertical text is warned about once per element.
func TestSetTextRun(t *testing.T) {
	s, w := setter()
	el := &capturemodel.DOMNode{Type: "element", Tag: "h2", Style: map[string]string{"font-family": "serif", "font-size": "24px", "font-weight": "700",
		"color": "rgb(17, 24, 39)", "line-height": "30px", "text-transform": "uppercase", "writing-mode": "vertical-rl"}}
	node := &resultjson.Node{ID: "1:2", Width: 80.3, Height: 30}
	s.SetText(node, el, nil, "Title", boxtree.TextDecoration{})
	s.SetVertical(node, el, 0)
	s.SetVertical(node, el, 0)
	if node.FontName.Family != "Noto Serif" || node.FontName.Style != "Bold" || node.FontSize != 24 || node.TextCase != "UPPER" ||
		node.TextAutoResize != "WIDTH_AND_HEIGHT" || *node.LineHeight.Value != 30 || node.Characters != "Title" {
		t.Errorf("text node %+v", node)
	}
	var codes []string
	for _, x := range w.Done() {
		codes = append(codes, x.Code)
	}
	if len(codes) != 2 || codes[0] != warnings.GenericFont || codes[1] != warnings.WritingMode {
		t.Errorf("warnings %v", codes)
	}
}

// TestRubyTextCentred: the text of a ruby base (the ruby element's own text) and of its
// annotation (rt) keeps its box, as wide as the wider of the two, and is centred in it; a run of
// another element on one line keeps its natural width, aligned as its element says.
func TestRubyTextCentred(t *testing.T) {
	s, _ := setter()
	for _, tc := range []struct {
		tag, align, resize string
	}{
		{"ruby", "CENTER", "HEIGHT"},
		{"rt", "CENTER", "HEIGHT"},
		{"rb", "CENTER", "HEIGHT"},
		{"span", "LEFT", "WIDTH_AND_HEIGHT"},
	} {
		el := &capturemodel.DOMNode{Type: "element", Tag: tc.tag, Style: map[string]string{"font-family": "sans-serif", "font-size": "16px",
			"font-weight": "400", "color": "rgb(0, 0, 0)", "line-height": "28px", "text-align": "left"}}
		node := &resultjson.Node{ID: "1:2", Width: 28.8, Height: 28}
		s.SetText(node, el, nil, "電", boxtree.TextDecoration{})
		if node.TextAlignHorizontal != tc.align || node.TextAutoResize != tc.resize || node.Width != 28.8 {
			t.Errorf("%s: %s %s %.2f wide, want %s %s 28.80 wide", tc.tag, node.TextAlignHorizontal, node.TextAutoResize, node.Width, tc.align, tc.resize)
		}
	}
}

// TestParagraphRanges: a block's runs and a link become one paragraph whose ranges carry their
// own weight and the link's resolved URL, with spaces collapsed across runs.
func TestParagraphRanges(t *testing.T) {
	s, _ := setter()
	style := map[string]string{"display": "block", "font-family": "Inter", "font-size": "16px", "color": "rgb(0, 0, 0)"}
	bold := map[string]string{"display": "inline", "font-family": "Inter", "font-size": "16px", "font-weight": "700", "color": "rgb(0, 0, 0)"}
	link := &capturemodel.DOMNode{Type: "element", Tag: "a", Attrs: map[string]string{"href": "guide"}, Style: bold,
		Children: []*capturemodel.DOMNode{{Type: "text", Text: "the guide", Box: capturemodel.Box{X: 40, Width: 60, Height: 20}}}}
	p := &capturemodel.DOMNode{Type: "element", Tag: "p", Style: style, Box: capturemodel.Box{Width: 300, Height: 20}}
	p.Children = []*capturemodel.DOMNode{{Type: "text", Text: "Read ", Box: capturemodel.Box{Width: 40, Height: 20}}, link}
	para := s.Paragraph(p, p.Children, "1:2", boxtree.TextDecoration{})
	if para.Empty() || len(para.Inlines) != 1 || para.Inlines[0] != link {
		t.Fatalf("paragraph empty %v, inlines %v", para.Empty(), para.Inlines)
	}
	node := &resultjson.Node{ID: "1:2"}
	s.SetParagraph(node, p, para, boxtree.TextDecoration{}, true, 0, 0)
	segs := node.StyledTextSegments
	if node.Characters != "Read the guide" || len(segs) != 2 || segs[1].Start != 5 || segs[1].FontWeight != 700 ||
		segs[1].Hyperlink == nil || segs[1].Hyperlink.Value != "https://example.com/docs/guide" || node.Width != 300 {
		t.Errorf("paragraph %q width %v segments %+v", node.Characters, node.Width, segs)
	}
}

// TestPassSetsTheTree: Shows reads a paragraph's inline elements and whether it shows text,
// warning nothing; the pass lays out a paragraph node, and reads a silent paragraph (spaces
// only) for its warnings about its frame.
func TestPassSetsTheTree(t *testing.T) {
	s, w := setter()
	style := map[string]string{"display": "block", "font-family": "serif", "font-size": "16px", "color": "rgb(0, 0, 0)"}
	em := &capturemodel.DOMNode{Type: "element", Tag: "em", Style: map[string]string{"display": "inline", "font-family": "serif", "color": "rgb(0, 0, 0)"},
		Children: []*capturemodel.DOMNode{{Type: "text", Text: "Hello", Box: capturemodel.Box{Width: 40, Height: 20}}}}
	p := &capturemodel.DOMNode{Type: "element", Tag: "p", Style: style, Box: capturemodel.Box{Width: 300, Height: 20}, Children: []*capturemodel.DOMNode{em}}
	blank := &capturemodel.DOMNode{Type: "element", Tag: "p", Style: style, Children: []*capturemodel.DOMNode{{Type: "text", Text: "  "}}}
	none := func(string, float64, float64) *resultjson.ImageEntry { return nil }
	if inlines, shows := s.Shows(p, p.Children, none); !shows || len(inlines) != 1 || inlines[0] != em {
		t.Errorf("Shows: %v %v", inlines, shows)
	}
	if _, shows := s.Shows(blank, blank.Children, none); shows || len(w.Done()) != 0 {
		t.Errorf("a blank paragraph shows text, or Shows warned: %v", w.Done())
	}
	root := &boxtree.Node{Out: &resultjson.Node{ID: "1:1", Type: "FRAME"}}
	root.Silent = []*boxtree.Text{{Style: blank, Paragraph: blank.Children, Seq: 2, Frame: "1:1"}}
	para := root.Add(&resultjson.Node{ID: "1:2", Type: "TEXT"}, p, boxtree.Flow, 0)
	para.Text = &boxtree.Text{Style: p, Paragraph: p.Children, Whole: true}
	s.Pass(root)
	if para.Out.Characters != "Hello" || para.Out.FontName.Family != "Noto Serif" || para.Out.Width != 300 {
		t.Errorf("paragraph %+v", para.Out)
	}
	if ws := w.Done(); len(ws) != 1 || ws[0].Code != warnings.GenericFont || *ws[0].NodeID != "1:1" {
		t.Errorf("warnings %+v, want the generic family once, about the silent paragraph's frame", ws)
	}
}
