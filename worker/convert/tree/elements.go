package tree

import (
	"maps"
	"math"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/images"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/vector"
	"github.com/code2des/backend/worker/convert/warnings"
)

// placeholder draws an element the design cannot hold as a RECTANGLE of its box, background
// and border (a neutral grey when it has no background), and warns with code.
func (tb *builder) placeholder(n *capturemodel.DOMNode, f *frame, in inherited, code, message string) {
	node, _, layers := tb.box(n, f, "RECTANGLE", false, false, false)
	if node == nil {
		return
	}
	node.Name = naming.Clip(naming.Element(n) + " (placeholder)")
	tb.dropSVGBackgrounds(node, n, layers)
	b := f.add(node, n, in)
	b.Kind, b.Paints, b.CSS = boxtree.Placeholder, true, []*capturemodel.DOMNode{n}
	tb.warn.Add(code, node.ID, "%s: %s", naming.Element(n), message)
	tb.pseudoWarnings(n, node.ID)
}

// rasterized says whether the capture recorded a crop of element n's border box because the
// browser draws it itself (reason "widget": a native input widget, a media player, an embedded
// page).
func rasterized(n *capturemodel.DOMNode) bool {
	return n.Crop != nil && n.Crop.Reason == "widget"
}

// rasterized draws an element the browser draws itself as a RECTANGLE of its border box that
// the images pass fills with the capture's crop of it (the page's pixels, with a warning). Its
// corners, opacity and shadow are its own; its background and border are in the crop.
func (tb *builder) rasterized(n *capturemodel.DOMNode, f *frame, in inherited) {
	node, _, layers := tb.box(n, f, "RECTANGLE", false, false, false)
	if node == nil {
		return
	}
	b := f.add(node, n, in)
	tb.nodes -= len(layers) // its SVG background layers are in the crop
	b.Kind, b.Paints, b.CSS = boxtree.Rasterized, true, []*capturemodel.DOMNode{n}
	tb.pseudoWarnings(n, node.ID)
}

// dropSVGBackgrounds warns about SVG background layers of a node that cannot have children.
func (tb *builder) dropSVGBackgrounds(node *resultjson.Node, n *capturemodel.DOMNode, layers []*boxtree.Node) {
	if len(layers) > 0 {
		tb.nodes -= len(layers)
		tb.warn.Add(warnings.BackgroundLayout, node.ID, "the SVG background image of %s is left out (the element cannot hold children)", naming.Element(n))
	}
}

// formControl draws an input, select or textarea from its box and the text it shows (controlText),
// and an input the page draws itself (appearance: none) with its pseudo-elements.
// A control that draws no box of its own (no background, border or clip) still shows its text,
// placed in the nearest frame like the text of any element that draws nothing.
func (tb *builder) formControl(n *capturemodel.DOMNode, f *frame, in inherited) {
	node, _, layers := tb.box(n, f, "FRAME", false, in.item, false)
	target, textIn := f, in
	if node != nil {
		node.ClipsContent = css.Ptr(true)
		target = &frame{box: f.add(node, n, in), ox: n.Box.X, oy: n.Box.Y, depth: f.depth + 1}
		target.box.Paints = true
		tb.warnFormControl(n, target.box)
		target.box.Kids = append(target.box.Kids, layers...)
		textIn = inherited{group: boxtree.Flow, decoration: in.decoration}
	}
	var t *boxtree.Node
	if text, placeholder := controlText(n); strings.TrimSpace(text) != "" && target.depth < resultjson.MaxDepth {
		// The text sits inside the padding box; its exact line box is not recorded.
		var inset [4]float64 // padding plus border: top, right, bottom, left
		for i, side := range [4]string{"top", "right", "bottom", "left"} {
			p, _ := css.ParsePx(n.Computed("padding-" + side))
			w, _ := css.ParsePx(n.Computed("border-" + side + "-width"))
			inset[i] = p + w
		}
		b := capturemodel.Box{X: n.Box.X + inset[3], Y: n.Box.Y + inset[0], Width: math.Max(1, n.Box.Width-inset[1]-inset[3]), Height: math.Max(1, n.Box.Height-inset[0]-inset[2])}
		if node := tb.newNode("TEXT", text, b, target); node != nil {
			node.Characters = strings.TrimSpace(text)
			t = target.add(node, nil, textIn)
			style := n
			if placeholder {
				style = placeholderStyled(n)
			}
			t.Text = &boxtree.Text{Style: style, Control: n, Decoration: in.decoration}
			tb.clippedLayers(n)
		}
	}
	if n.Tag == "input" && n.Computed("appearance") == "none" && target.depth < resultjson.MaxDepth {
		// The page draws the control itself: its ::before and ::after (a switch's thumb) are
		// drawn in its frame as any element's (in the nearest frame when it draws no box).
		for _, ch := range tb.kids.Of(n) {
			if ch != nil && virtualNode(ch) && tb.img.Err == nil {
				tb.element(ch, target, textIn)
			}
		}
	}
	if node != nil {
		target.box.Finish()
		return
	}
	if t == nil {
		t = f.box
	}
	tb.warnFormControl(n, t)
}

// warnFormControl warns about control n, its CSS and pseudo-elements, about node b.
// A control the page draws itself (appearance: none) has no native parts to lose.
func (tb *builder) warnFormControl(n *capturemodel.DOMNode, b *boxtree.Node) {
	if n.Computed("appearance") != "none" {
		tb.warn.Add(warnings.FormControl, b.Out.ID, "%s: the form control is drawn from its box, background, border and text only", naming.Element(n))
	}
	b.CSS = append(b.CSS, n)
	tb.pseudoWarnings(n, b.Out.ID)
}

// noValueInputs are the input types whose value is no text the control shows (a slider, a
// colour swatch, a file path, a check box) or must never leave the page (a password), as the
// capture's NO_VALUE_INPUTS (worker/capture/page.js): their value attribute is not drawn.
var noValueInputs = map[string]bool{"password": true, "hidden": true, "file": true, "checkbox": true, "radio": true,
	"range": true, "color": true, "image": true}

// controlText is the text a form control shows: the live value the capture recorded (typed or
// set by a script; a select's chosen option), else, for captures without it, the value
// attribute; when that is empty, the placeholder. An input of noValueInputs shows no value,
// whatever the capture holds (worker/capture never records one). placeholder says the text is the
// placeholder.
func controlText(n *capturemodel.DOMNode) (text string, placeholder bool) {
	if !noValueInputs[n.InputType()] {
		if n.Value != nil {
			text = *n.Value
		} else {
			text = n.Attrs["value"]
		}
	}
	if strings.TrimSpace(text) == "" && n.Tag != "select" {
		return n.Attrs["placeholder"], true
	}
	return text, false
}

// placeholderStyled is control n as its ::placeholder sets text: n with the placeholder's
// recorded style over its own (the browser's placeholder grey, a page's ::placeholder rule).
func placeholderStyled(n *capturemodel.DOMNode) *capturemodel.DOMNode {
	if len(n.PlaceholderStyle) == 0 {
		return n
	}
	v := *n
	v.Style = maps.Clone(n.Style)
	if v.Style == nil {
		v.Style = map[string]string{}
	}
	maps.Copy(v.Style, n.PlaceholderStyle)
	return &v
}

// imageElement places a replaced element that shows an image (an img, a canvas): a RECTANGLE
// of its box (the images pass fills it with a raster image over its background), or an SVG node
// (an SVG file) when the img draws no box of its own. An element with a border or padding, or an
// SVG image over a box that paints, is a clipping FRAME of its box (background, border, corners,
// shadow, opacity: the paint pass) holding its content at its content box: a RECTANGLE the images
// pass fills (with the content box's corners, the paint pass) or the SVG node. Which, the
// image's check says (images.Store.Check).
func (tb *builder) imageElement(n *capturemodel.DOMNode, f *frame, in inherited) {
	node, drawn, layers := tb.box(n, f, "RECTANGLE", false, false, false)
	if node == nil {
		return
	}
	tb.dropSVGBackgrounds(node, n, layers)
	b := f.add(node, n, in)
	b.Kind, b.Paints, b.CSS = boxtree.Image, true, []*capturemodel.DOMNode{n}
	id, _ := images.Source(n)
	if id == "" {
		return
	}
	content := vector.ContentBox(n)
	inset := content != n.Box
	svg := false
	if e := tb.img.Check(id, node.Width, node.Height); e != nil && e.MimeType == resultjson.MimeSVG {
		svg = true
	}
	switch {
	case svg && !drawn.Fills && !drawn.Strokes && !drawn.Effects:
		node.Type = "SVG" // nothing but the SVG: the SVG node takes the rectangle's place (and id)
		return
	case !svg && !inset:
		return
	}
	typ := "RECTANGLE"
	if svg {
		typ = "SVG"
	}
	node.Type, node.ClipsContent = "FRAME", css.Ptr(true)
	if c := tb.newNode(typ, node.Name, content, &frame{ox: n.Box.X, oy: n.Box.Y}); c != nil {
		if !svg {
			c.Fills = &[]resultjson.Paint{}
		}
		node.Children = []*resultjson.Node{c}
	}
}
