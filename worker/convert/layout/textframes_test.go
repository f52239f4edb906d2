package layout_test

import (
	"fmt"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// textFrame is a box tree of a root (the html element) holding the frame 1:2 of element el (a
// link inside a parent element of style parentStyle, width x height), whose kids are the given
// nodes: TEXTs set by el, anything else as given.
type textFrame struct {
	root, frame *boxtree.Node
	el, parent  *capturemodel.DOMNode
}

func newTextFrame(style, parentStyle map[string]string, width, height float64) *textFrame {
	el := &capturemodel.DOMNode{Type: "element", Tag: "a", Style: style}
	parent := &capturemodel.DOMNode{Type: "element", Tag: "nav", Style: parentStyle, Children: []*capturemodel.DOMNode{el}}
	html := &capturemodel.DOMNode{Type: "element", Tag: "html", Style: map[string]string{"display": "block"}, Children: []*capturemodel.DOMNode{parent}}
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, El: html, Kind: boxtree.Box}
	f := root.Add(&resultjson.Node{Type: "FRAME", ID: "1:2", Name: "a", X: 10, Y: 10, Width: width, Height: height}, el, boxtree.Flow, 0)
	f.Kind = boxtree.Box
	return &textFrame{root: root, frame: f, el: el, parent: parent}
}

// text adds a TEXT of el at x, y, w x h (WIDTH_AND_HEIGHT, or HEIGHT when paragraph).
func (tf *textFrame) text(x, y, w, h float64, paragraph bool) *resultjson.Node {
	mode := "WIDTH_AND_HEIGHT"
	if paragraph {
		mode = "HEIGHT"
	}
	n := &resultjson.Node{Type: "TEXT", ID: fmt.Sprintf("1:%d", 3+len(tf.frame.Kids)), Name: "label", X: x, Y: y, Width: w, Height: h, TextAutoResize: mode}
	tf.frame.Add(n, tf.el, boxtree.Flow, 0).Text = &boxtree.Text{Style: tf.el}
	return n
}

// icon adds an inline SVG icon at x, y, size x size.
func (tf *textFrame) icon(x, y, size float64) *resultjson.Node {
	n := &resultjson.Node{Type: "SVG", ID: fmt.Sprintf("1:%d", 3+len(tf.frame.Kids)), Name: "svg", X: x, Y: y, Width: size, Height: size}
	tf.frame.Add(n, &capturemodel.DOMNode{Type: "element", Tag: "svg"}, boxtree.Flow, 0).Kind = boxtree.InlineSVG
	return n
}

// infer finishes the tree, runs the layout pass and returns the frame.
func (tf *textFrame) infer(t *testing.T) *resultjson.Node {
	t.Helper()
	tf.frame.Finish()
	tf.root.Finish()
	if d := layout.Infer(tf.root); len(d) != 0 {
		t.Fatalf("diagnostics %+v, want none (text frames have none)", d)
	}
	return tf.frame.Out
}

func padding(n *resultjson.Node) [4]float64 {
	v := func(p *float64) float64 {
		if p == nil {
			return -1
		}
		return *p
	}
	return [4]float64{v(n.PaddingTop), v(n.PaddingRight), v(n.PaddingBottom), v(n.PaddingLeft)}
}

func spacing(n *resultjson.Node) float64 {
	if n.ItemSpacing == nil {
		return -1
	}
	return *n.ItemSpacing
}

// pad is the style of a link padded 6 px 12 px inside a 1 px border (7 px, 13 px in all).
func pad(display string, more ...string) map[string]string {
	st := map[string]string{"display": display, "padding-top": "6px", "padding-right": "12px", "padding-bottom": "6px", "padding-left": "12px",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px"}
	for i := 0; i+1 < len(more); i += 2 {
		st[more[i]] = more[i+1]
	}
	return st
}

// TestTextFrameHugsAnInlineBlock: an inline-block link around its label (the padding and border
// around a text of its natural width) becomes a HORIZONTAL frame hugging the label on both axes,
// padded by its CSS padding and border; the label hugs its text.
func TestTextFrameHugsAnInlineBlock(t *testing.T) {
	tf := newTextFrame(pad("inline-block"), map[string]string{"display": "block"}, 80, 38)
	label := tf.text(13, 7, 54, 24, false)
	F := tf.infer(t)
	if F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{7, 13, 7, 13} || spacing(F) != 0 ||
		F.PrimaryAxisAlignItems != layout.AlignMin || F.CounterAxisAlignItems != layout.AlignMin ||
		F.LayoutSizingHorizontal != layout.SizingHug || F.LayoutSizingVertical != layout.SizingHug {
		t.Errorf("frame %s padding %v spacing %v %s/%s %s %s; want HORIZONTAL [7 13 7 13] 0 MIN/MIN HUG HUG", F.LayoutMode, padding(F), spacing(F),
			F.PrimaryAxisAlignItems, F.CounterAxisAlignItems, F.LayoutSizingHorizontal, F.LayoutSizingVertical)
	}
	if label.LayoutSizingHorizontal != layout.SizingHug || label.LayoutSizingVertical != layout.SizingHug {
		t.Errorf("label %s %s, want HUG HUG", label.LayoutSizingHorizontal, label.LayoutSizingVertical)
	}
	// A TEXT 0.01 px wider than the room (its width rounded up) is still held by the padding;
	// it is given the room, so the hugging frame keeps its box and Figma's hug gives it.
	tf = newTextFrame(pad("inline-block"), map[string]string{"display": "block"}, 80, 38)
	label = tf.text(13, 7, 54.01, 24.01, false)
	if F := tf.infer(t); F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{7, 13, 7, 13} || F.Width != 80 || F.Height != 38 || label.Width != 54 || label.Height != 24 {
		t.Errorf("rounded-up label: frame %q padding %v %vx%v, label %vx%v; want HORIZONTAL with the CSS padding, 80x38, label 54x24",
			F.LayoutMode, padding(F), F.Width, F.Height, label.Width, label.Height)
	}
}

// TestTextFrameOfABlock: a block link is as wide as its container (FIXED) and as tall as its
// label (HUG); a paragraph set in its content box fills it (FILL), one that keeps its own width
// hugs it; text-align: center centres a label in the CSS padding.
func TestTextFrameOfABlock(t *testing.T) {
	tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 38)
	label := tf.text(13, 7, 174, 24, true)
	F := tf.infer(t)
	if F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{7, 13, 7, 13} ||
		F.LayoutSizingHorizontal != layout.SizingFixed || F.LayoutSizingVertical != layout.SizingHug ||
		label.LayoutSizingHorizontal != layout.SizingFill || label.LayoutSizingVertical != layout.SizingHug {
		t.Errorf("paragraph: frame %s padding %v %s %s, label %s %s; want HORIZONTAL [7 13 7 13] FIXED HUG, label FILL HUG", F.LayoutMode, padding(F),
			F.LayoutSizingHorizontal, F.LayoutSizingVertical, label.LayoutSizingHorizontal, label.LayoutSizingVertical)
	}
	// An inline-block whose label is a paragraph in its content box (a button of a set width) is
	// sized otherwise: FIXED, the label FILL.
	tf = newTextFrame(pad("inline-block"), map[string]string{"display": "block"}, 200, 38)
	label = tf.text(13, 7, 174, 24, true)
	if F := tf.infer(t); F.LayoutSizingHorizontal != layout.SizingFixed || label.LayoutSizingHorizontal != layout.SizingFill {
		t.Errorf("set width: frame %s, label %s; want FIXED, FILL", F.LayoutSizingHorizontal, label.LayoutSizingHorizontal)
	}
	tf = newTextFrame(pad("block", "text-align", "center"), map[string]string{"display": "block"}, 200, 38)
	label = tf.text(75, 7, 50, 24, false)
	F = tf.infer(t)
	if F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{7, 13, 7, 13} || F.PrimaryAxisAlignItems != layout.AlignCenter ||
		F.LayoutSizingHorizontal != layout.SizingFixed || label.LayoutSizingHorizontal != layout.SizingHug {
		t.Errorf("centred: frame %s padding %v %s %s, label %s; want HORIZONTAL [7 13 7 13] CENTER FIXED, label HUG", F.LayoutMode, padding(F),
			F.PrimaryAxisAlignItems, F.LayoutSizingHorizontal, label.LayoutSizingHorizontal)
	}
	// A frame taller than its label and padding (a set height) is FIXED down; the label sits at
	// its top (MIN), the bottom padding the CSS one.
	tf = newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 60)
	tf.text(13, 7, 50, 24, false)
	if F := tf.infer(t); F.LayoutSizingVertical != layout.SizingFixed || F.CounterAxisAlignItems != layout.AlignMin || padding(F) != [4]float64{7, 13, 7, 13} {
		t.Errorf("set height: frame %s %s padding %v; want FIXED MIN [7 13 7 13]", F.LayoutSizingVertical, F.CounterAxisAlignItems, padding(F))
	}
}

// TestTextFrameWithAnIcon: an icon beside the label, centred across it, is laid out before it,
// the space between them the itemSpacing, both centred (CENTER); the icon keeps its size. Painted
// after the label, the icon still comes first: the two do not draw over each other.
func TestTextFrameWithAnIcon(t *testing.T) {
	for _, iconFirst := range []bool{true, false} {
		tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 38)
		var icon, label *resultjson.Node
		if iconFirst {
			icon, label = tf.icon(13, 11, 16), tf.text(37, 7, 54, 24, false)
		} else {
			label, icon = tf.text(37, 7, 54, 24, false), tf.icon(13, 11, 16)
		}
		F := tf.infer(t)
		if F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{7, 13, 7, 13} || spacing(F) != 8 ||
			F.CounterAxisAlignItems != layout.AlignCenter || len(F.Children) != 2 || F.Children[0] != icon || F.Children[1] != label ||
			icon.LayoutSizingHorizontal != layout.SizingFixed || icon.LayoutSizingVertical != layout.SizingFixed {
			t.Errorf("icon first %v: frame %s padding %v spacing %v counter %s, layers %s, icon %s %s; want HORIZONTAL [7 13 7 13] 8 CENTER, icon then label, FIXED FIXED",
				iconFirst, F.LayoutMode, padding(F), spacing(F), F.CounterAxisAlignItems, ids(F.Children), icon.LayoutSizingHorizontal, icon.LayoutSizingVertical)
		}
	}
}

// TestTextFrameSizesAsCSSDoes: a flex item along a row that does not grow, one of a column that
// does not stretch, and a floated or absolutely placed box hug their label across; a growing
// item, a stretched one and a block are FIXED.
func TestTextFrameSizesAsCSSDoes(t *testing.T) {
	for name, tc := range map[string]struct {
		style, parent map[string]string
		want          string
	}{
		"RowItem":          {pad("block"), map[string]string{"display": "flex"}, layout.SizingHug},
		"GrowingRowItem":   {pad("block", "flex-grow", "1"), map[string]string{"display": "flex"}, layout.SizingFixed},
		"StretchedColumn":  {pad("block"), map[string]string{"display": "flex", "flex-direction": "column"}, layout.SizingFixed},
		"ColumnFlexStart":  {pad("block"), map[string]string{"display": "flex", "flex-direction": "column", "align-items": "flex-start"}, layout.SizingHug},
		"ColumnSelfCenter": {pad("block", "align-self", "center"), map[string]string{"display": "flex", "flex-direction": "column"}, layout.SizingHug},
		"GridStretched":    {pad("block"), map[string]string{"display": "grid"}, layout.SizingFixed},
		"GridStart":        {pad("block", "justify-self", "start"), map[string]string{"display": "grid"}, layout.SizingHug},
		"Float":            {pad("block", "float", "left"), map[string]string{"display": "block"}, layout.SizingHug},
		"Absolute":         {pad("block", "position", "absolute"), map[string]string{"display": "block"}, layout.SizingHug},
		"Block":            {pad("block"), map[string]string{"display": "block"}, layout.SizingFixed},
	} {
		tf := newTextFrame(tc.style, tc.parent, 80, 38)
		tf.text(13, 7, 54, 24, false)
		if F := tf.infer(t); F.LayoutMode != layout.Horizontal || F.LayoutSizingHorizontal != tc.want || F.LayoutSizingVertical != layout.SizingHug {
			t.Errorf("%s: frame %q %s %s, want HORIZONTAL %s HUG", name, F.LayoutMode, F.LayoutSizingHorizontal, F.LayoutSizingVertical, tc.want)
		}
	}
}

// TestTextFrameKeepsAbsoluteLayers: the frame's own background layer and the frame of an
// absolutely positioned element (a ripple over a tab) keep their places (ABSOLUTE).
func TestTextFrameKeepsAbsoluteLayers(t *testing.T) {
	tf := newTextFrame(pad("inline-block"), map[string]string{"display": "block"}, 80, 38)
	bg := &resultjson.Node{Type: "RECTANGLE", ID: "1:3", Name: "background", Width: 80, Height: 38}
	tf.frame.Kids = append(tf.frame.Kids, &boxtree.Node{Out: bg, Kind: boxtree.BackgroundLayer, Group: boxtree.Negative})
	label := tf.text(13, 7, 54, 24, false)
	ripple := &resultjson.Node{Type: "FRAME", ID: "1:5", Name: "ripple", Width: 80, Height: 38}
	tf.frame.Add(ripple, &capturemodel.DOMNode{Type: "element", Tag: "span", Style: map[string]string{"position": "absolute"}}, boxtree.Positioned, 0).Kind = boxtree.Box
	F := tf.infer(t)
	if F.LayoutMode != layout.Horizontal || F.LayoutSizingHorizontal != layout.SizingHug || bg.LayoutPositioning != layout.PositionAbsolute ||
		ripple.LayoutPositioning != layout.PositionAbsolute || label.LayoutPositioning != "" {
		t.Errorf("frame %q %s, background %q, ripple %q, label %q; want HORIZONTAL HUG, ABSOLUTE, ABSOLUTE, in flow", F.LayoutMode, F.LayoutSizingHorizontal,
			bg.LayoutPositioning, ripple.LayoutPositioning, label.LayoutPositioning)
	}
}

// TestTextFrameWithAnInlineBox: a byline's text and an inline-block tag after it (its left margin
// 8 px) on one line are a row, the tag where the text ends. The text's width is rounded up to
// the hundredth, so a space up to widthRounding (0.01 px) less than the CSS margins is theirs; one
// past it is as captured. A box of another display (a span that is no inline box) keeps the frame
// as it was (TestNoTextFrame).
func TestTextFrameWithAnInlineBox(t *testing.T) {
	for _, tc := range []struct {
		gap, want, width float64
	}{{8, 8, 120.01}, {7.99, 8, 120}, {7.98, 7.98, 120.01}} {
		// The byline's own element's margin is outside the frame: not between its text and the tag.
		tf := newTextFrame(map[string]string{"display": "block", "margin-right": "16px"}, map[string]string{"display": "block"}, 200, 24)
		byline := tf.text(0, 0, 120.01, 24, false)
		tag := &resultjson.Node{Type: "FRAME", ID: "1:9", Name: "tag", X: 120.01 + tc.gap, Y: 2, Width: 40, Height: 20}
		tf.frame.Add(tag, &capturemodel.DOMNode{Type: "element", Tag: "span", Style: map[string]string{"display": "inline-block", "margin-left": "8px"}}, boxtree.Flow, 0).Kind = boxtree.Box
		F := tf.infer(t)
		if F.LayoutMode != layout.Horizontal || spacing(F) != tc.want || len(F.Children) != 2 || F.Children[0] != byline || F.Children[1] != tag ||
			tag.LayoutPositioning != "" || F.CounterAxisAlignItems != "CENTER" {
			t.Errorf("gap %v: frame %q spacing %v children %v align %q, want HORIZONTAL spacing %v, the byline then the tag, CENTER",
				tc.gap, F.LayoutMode, spacing(F), F.Children, F.CounterAxisAlignItems, tc.want)
		}
		// A TEXT rounded past the tag less the spacing ends there (fitLabel).
		if byline.Width != tc.width {
			t.Errorf("gap %v: byline width %v, want %v", tc.gap, byline.Width, tc.width)
		}
	}
}

// TestTextFrameEndsARoundedText: in a row of three texts (spacing 7.99, the first two apart), a
// TEXT rounded past where the next starts less the spacing ends there when it is at most
// widthRounding (0.01 px) past, and keeps its width one past it.
func TestTextFrameEndsARoundedText(t *testing.T) {
	for _, tc := range []struct {
		third, want float64
	}{{85.99, 30}, {85.98, 30.01}} {
		tf := newTextFrame(map[string]string{"display": "block"}, map[string]string{"display": "block"}, 200, 24)
		tf.text(0, 0, 40.01, 24, false)
		second := tf.text(48, 0, 30.01, 24, false)
		tf.text(tc.third, 0, 20, 24, false)
		F := tf.infer(t)
		if F.LayoutMode != layout.Horizontal || spacing(F) != 7.99 || second.Width != tc.want {
			t.Errorf("third at %v: frame %q spacing %v, second text %v wide; want HORIZONTAL 7.99, %v", tc.third, F.LayoutMode, spacing(F), second.Width, tc.want)
		}
	}
}

// TestNoTextFrame: frames that are no text frame, or that auto layout would not draw as
// captured, keep their absolute children and get no diagnostic.
func TestNoTextFrame(t *testing.T) {
	for name, build := range map[string]func() *textFrame{
		"TwoLines": func() *textFrame {
			tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 62)
			tf.text(13, 7, 54, 24, false)
			tf.text(13, 31, 54, 24, false)
			return tf
		},
		"NoText": func() *textFrame {
			tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 40, 38)
			tf.icon(13, 11, 16)
			return tf
		},
		"AFrameInside": func() *textFrame {
			tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 38)
			tf.text(13, 7, 54, 24, false)
			tf.frame.Add(&resultjson.Node{Type: "FRAME", ID: "1:9", Name: "badge", X: 80, Y: 7, Width: 20, Height: 20}, &capturemodel.DOMNode{Type: "element", Tag: "span"}, boxtree.Flow, 0).Kind = boxtree.Box
			return tf
		},
		"TableCell": func() *textFrame {
			tf := newTextFrame(pad("table-cell"), map[string]string{"display": "table-row"}, 80, 38)
			tf.text(13, 7, 54, 24, false)
			return tf
		},
		"Transformed": func() *textFrame {
			tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 80, 38)
			tf.frame.Out.RelativeTransform = &resultjson.Transform{{0, -1, 10}, {1, 0, 10}}
			tf.text(13, 7, 54, 24, false)
			return tf
		},
		"VerticalText": func() *textFrame {
			tf := newTextFrame(pad("block", "writing-mode", "vertical-rl"), map[string]string{"display": "block"}, 50, 80)
			tf.text(13, 7, 24, 54, true)
			return tf
		},
		"IconOffCentre": func() *textFrame {
			// A label at the top and an icon below its centre: no alignment places both.
			tf := newTextFrame(pad("block"), map[string]string{"display": "block"}, 200, 40)
			tf.icon(13, 18, 16)
			tf.text(37, 7, 54, 24, false)
			return tf
		},
		"Overhang": func() *textFrame {
			tf := newTextFrame(map[string]string{"display": "inline-block"}, map[string]string{"display": "block"}, 80, 24)
			tf.text(0, 0, 80.51, 24, false) // past textOverhang (0.5 px)
			return tf
		},
	} {
		tf := build()
		F := tf.infer(t)
		if F.LayoutMode != "" || F.PaddingLeft != nil || F.LayoutSizingHorizontal != "" {
			t.Errorf("%s: frame %q padding %v sizing %q, want no auto layout", name, F.LayoutMode, padding(F), F.LayoutSizingHorizontal)
		}
		for _, c := range F.Children {
			if c.LayoutSizingHorizontal != "" || c.LayoutPositioning != "" {
				t.Errorf("%s: child %s sizing %q positioning %q, want none", name, c.ID, c.LayoutSizingHorizontal, c.LayoutPositioning)
			}
		}
	}
	// At textOverhang the padding of 0 still holds the text.
	tf := newTextFrame(map[string]string{"display": "inline-block"}, map[string]string{"display": "block"}, 80, 24)
	tf.text(0, 0, 80.5, 24, false)
	if F := tf.infer(t); F.LayoutMode != layout.Horizontal || padding(F) != [4]float64{0, 0, 0, 0} || F.LayoutSizingHorizontal != layout.SizingHug {
		t.Errorf("overhang at the limit: frame %q padding %v %s, want HORIZONTAL [0 0 0 0] HUG", F.LayoutMode, padding(F), F.LayoutSizingHorizontal)
	}
}
