package states_test

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/states"
)

// page is a small capture and its drawn tree: html (element 0) > body (1) > the elements of
// kids, nested as they are; each element of kids is drawn as a FRAME "1:<its index + 1>" (a
// component's first use when named), its children inside it.
type page struct {
	capture *capturemodel.Capture
	tree    *boxtree.Node
}

// el is an element of a test page: a first use of component name when name is set.
type el struct {
	name string
	kids []el
}

func newPage(kids ...el) page {
	next := 0
	var build func(e el) (*capturemodel.DOMNode, *boxtree.Node)
	build = func(e el) (*capturemodel.DOMNode, *boxtree.Node) {
		i := next
		next++
		d := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{}}
		out := &resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(i+1), Name: fmt.Sprintf("el %d", i), Width: 10, Height: 10}
		if e.name != "" {
			out.ComponentID, out.ComponentName = "C:"+e.name, e.name
		}
		b := &boxtree.Node{Out: out, El: d}
		for _, k := range e.kids {
			kd, kb := build(k)
			d.Children = append(d.Children, kd)
			b.Kids = append(b.Kids, kb)
			out.Children = append(out.Children, kb.Out)
		}
		return d, b
	}
	root, tree := build(el{kids: []el{{kids: kids}}})
	return page{capture: &capturemodel.Capture{Document: capturemodel.Document{Root: root}}, tree: tree}
}

// hover records a hover of element i changing its background colour.
func (p page) hover(i int) {
	p.capture.Document.States = append(p.capture.Document.States, capturemodel.StateRecord{Element: i, State: "hover",
		Changes: []capturemodel.StateChange{{Element: i, Style: map[string]string{"background-color": "rgb(255, 0, 0)"}}}})
}

// redraw draws a capture as the page's tree again (a copy), each element whose background the
// capture sets filled red, then lets change alter the copy.
func (p page) redraw(t *testing.T, change func(byID map[string]*resultjson.Node)) states.Redraw {
	return func(c *capturemodel.Capture) (*boxtree.Node, error) {
		els, _ := c.Document.Elements()
		var cp func(n *resultjson.Node) *resultjson.Node
		cp = func(n *resultjson.Node) *resultjson.Node {
			o := *n
			o.Children = nil
			for _, k := range n.Children {
				o.Children = append(o.Children, cp(k))
			}
			return &o
		}
		root := cp(p.tree.Out)
		byID := map[string]*resultjson.Node{}
		root.Walk(func(n *resultjson.Node) { byID[n.ID] = n })
		for i, e := range els {
			if e.Style["background-color"] == "rgb(255, 0, 0)" {
				byID["1:"+strconv.Itoa(i+1)].Fills = &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 1}}}
			}
		}
		if change != nil {
			change(byID)
		}
		return &boxtree.Node{Out: root}, nil
	}
}

// TestVariantsFromRedraw: a hover that only repaints makes a Hover variant overriding the
// repainted layer, the capture given to the drawing carrying the change while the page's is
// left as it was; a drawing in which the state moves a layer, or adds one, makes none and a
// STATE_SKIPPED diagnostic saying so.
func TestVariantsFromRedraw(t *testing.T) {
	for name, tc := range map[string]struct {
		change func(byID map[string]*resultjson.Node)
		why    string
	}{
		"Repaints": {},
		"Moves":    {func(byID map[string]*resultjson.Node) { byID["1:4"].X++ }, "changes the box of el 3"},
		"Adds": {func(byID map[string]*resultjson.Node) {
			byID["1:3"].Children = append(byID["1:3"].Children, &resultjson.Node{Type: "RECTANGLE", ID: "1:99"})
		}, "adds or removes layers in el 2"},
		"Restyles": {func(byID map[string]*resultjson.Node) { byID["1:4"].FontSize = 20 }, "changes fontSize of el 3"},
	} {
		t.Run(name, func(t *testing.T) {
			p := newPage(el{name: "Button", kids: []el{{}}}, el{kids: []el{{}}})
			p.hover(2)
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, tc.change), 10)
			if err != nil {
				t.Fatal(err)
			}
			if p.capture.Document.Root.Children[0].Children[0].Style["background-color"] != "" {
				t.Error("the page's capture was changed")
			}
			use := p.tree.Out.Children[0].Children[0]
			if tc.why != "" {
				if len(diags) != 1 || diags[0].Code != resultjson.DiagStateSkipped || diags[0].NodeID != "1:3" || !strings.HasSuffix(diags[0].Message, tc.why) {
					t.Errorf("diagnostics %+v, want STATE_SKIPPED about 1:3 ending %q", diags, tc.why)
				}
				if use.ComponentVariants != nil {
					t.Errorf("variants %+v, want none", use.ComponentVariants)
				}
				return
			}
			if len(diags) != 0 || len(use.ComponentVariants) != 1 {
				t.Fatalf("diagnostics %+v, variants %+v; want one variant", diags, use.ComponentVariants)
			}
			v := use.ComponentVariants[0]
			if v.VariantProperties["State"] != "Hover" || len(v.Overrides) != 1 || v.Overrides[0].ID != "1:3" || v.Overrides[0].Fills == nil || (*v.Overrides[0].Fills)[0].Color.R != 1 {
				t.Errorf("variant %+v, want Hover filling 1:3 red", v)
			}
		})
	}
}

// TestMaxVariantOverrides: a state repainting MaxVariantOverrides layers of a use makes a
// variant, one repainting one more none (STATE_SKIPPED).
func TestMaxVariantOverrides(t *testing.T) {
	for name, n := range map[string]int{"AtMax": resultjson.MaxVariantOverrides, "PastMax": resultjson.MaxVariantOverrides + 1} {
		t.Run(name, func(t *testing.T) {
			kids := make([]el, n)
			p := newPage(el{name: "List", kids: kids})
			// The hover paints every child of the use (elements 3 ...).
			ch := capturemodel.StateRecord{Element: 2, State: "hover"}
			for i := range n {
				ch.Changes = append(ch.Changes, capturemodel.StateChange{Element: 3 + i, Style: map[string]string{"background-color": "rgb(255, 0, 0)"}})
			}
			p.capture.Document.States = []capturemodel.StateRecord{ch}
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, nil), 10)
			if err != nil {
				t.Fatal(err)
			}
			use := p.tree.Out.Children[0].Children[0]
			made := len(use.ComponentVariants) == 1 && len(use.ComponentVariants[0].Overrides) == n
			if want := n <= resultjson.MaxVariantOverrides; made != want || (len(diags) == 1) == want {
				t.Errorf("%d layers: variant made %v, diagnostics %+v; want made %v", n, made, diags, want)
			}
		})
	}
}

// TestMaxRedraws: first uses nested in one another, each with its own hover, are drawn one
// level a drawing; MaxRedraws levels all get their variant, one more level leaves the innermost
// without one (STATE_SKIPPED).
func TestMaxRedraws(t *testing.T) {
	for name, depth := range map[string]int{"AtMax": states.MaxRedraws, "PastMax": states.MaxRedraws + 1} {
		t.Run(name, func(t *testing.T) {
			inner := el{}
			for i := depth; i > 0; i-- {
				inner = el{name: "Level" + strconv.Itoa(i), kids: []el{inner}}
			}
			p := newPage(inner)
			for i := range depth {
				p.hover(2 + i)
			}
			draws := 0
			redraw := p.redraw(t, nil)
			diags, err := states.Variants(p.capture, p.tree, func(c *capturemodel.Capture) (*boxtree.Node, error) {
				draws++
				return redraw(c)
			}, 10)
			if err != nil {
				t.Fatal(err)
			}
			made := 0
			p.tree.Out.Walk(func(n *resultjson.Node) {
				if len(n.ComponentVariants) == 1 {
					made++
				}
			})
			want := min(depth, states.MaxRedraws)
			if made != want || draws != want || len(diags) != depth-want {
				t.Errorf("%d levels: %d variants in %d drawings, diagnostics %+v; want %d in %d", depth, made, draws, diags, want, want)
			}
		})
	}
}

// TestChangeOutsideUse: a record whose changes reach an element outside the use (not what the
// capture writes) makes no variant, and the drawing is not asked for.
func TestChangeOutsideUse(t *testing.T) {
	p := newPage(el{name: "Button", kids: []el{{}}}, el{kids: []el{{}}})
	p.capture.Document.States = []capturemodel.StateRecord{{Element: 2, State: "hover", Changes: []capturemodel.StateChange{
		{Element: 2, Style: map[string]string{"background-color": "rgb(255, 0, 0)"}},
		{Element: 4, Style: map[string]string{"background-color": "rgb(255, 0, 0)"}},
	}}}
	diags, err := states.Variants(p.capture, p.tree, func(*capturemodel.Capture) (*boxtree.Node, error) {
		t.Fatal("drawn again")
		return nil, nil
	}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, "records a change of an element outside it") {
		t.Errorf("diagnostics %+v, want one about a change outside the use", diags)
	}
}

// TestVariantsLeaveListItemsAlone: a state that repaints a list marker's TEXT (which a reader
// drawing the list leaves out, so the plugin has no such layer) makes no variant.
func TestVariantsLeaveListItemsAlone(t *testing.T) {
	p := newPage(el{name: "Button", kids: []el{{}}}, el{kids: []el{{}}})
	p.hover(2)
	marker := p.tree.Out.Children[0].Children[0].Children[0]
	marker.ListMarker = true
	diags, err := states.Variants(p.capture, p.tree, p.redraw(t, func(byID map[string]*resultjson.Node) {
		byID[marker.ID].ListMarker = true
		byID[marker.ID].Fills = &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{B: 1}}}
	}), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, "repaints a list's items or markers, which the list TEXT draws") {
		t.Errorf("diagnostics %+v, want STATE_SKIPPED about the list's marker", diags)
	}
	if v := p.tree.Out.Children[0].Children[0].ComponentVariants; v != nil {
		t.Errorf("variants %+v, want none", v)
	}
}

// TestNestedUsesKeepTheirStates: the hovers of two buttons inside a card, each a use of a
// component of its own, are those buttons' variants; the card, with no hover of its own, makes
// none and no diagnostic. A third hovered element of the card's own makes the card's variant.
func TestNestedUsesKeepTheirStates(t *testing.T) {
	for name, own := range map[string]bool{"ButtonsOnly": false, "AndOneOfItsOwn": true} {
		t.Run(name, func(t *testing.T) {
			kids := []el{{name: "Btn"}, {name: "Link"}}
			if own {
				kids = append(kids, el{})
			}
			p := newPage(el{name: "Card", kids: kids})
			p.hover(3)
			p.hover(4)
			if own {
				p.hover(5)
			}
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, nil), 10)
			if err != nil {
				t.Fatal(err)
			}
			card := p.tree.Out.Children[0].Children[0]
			if len(diags) != 0 {
				t.Errorf("diagnostics %+v, want none", diags)
			}
			for _, b := range card.Children[:2] {
				if len(b.ComponentVariants) != 1 || b.ComponentVariants[0].Overrides[0].ID != b.ID {
					t.Errorf("%s variants %+v, want one overriding itself", b.ComponentName, b.ComponentVariants)
				}
			}
			switch {
			case !own && card.ComponentVariants != nil:
				t.Errorf("card variants %+v, want none", card.ComponentVariants)
			case own && (len(card.ComponentVariants) != 1 || card.ComponentVariants[0].Overrides[0].ID != "1:6"):
				t.Errorf("card variants %+v, want one overriding its own hovered layer 1:6", card.ComponentVariants)
			}
		})
	}
}

// TestThemeBindingsAreNoOverrides: a layer of a use whose fill the theme pass bound to a
// variable paints the same in a state's drawing, which has no bindings: the Hover variant
// overrides the repainted layer alone.
func TestThemeBindingsAreNoOverrides(t *testing.T) {
	p := newPage(el{name: "Button", kids: []el{{}}})
	blue := resultjson.Paint{Type: "SOLID", Color: &resultjson.RGB{B: 1}}
	bound := blue
	bound.BoundVariables = &resultjson.PaintBindings{Color: &resultjson.VariableAlias{Type: "VARIABLE_ALIAS", ID: "V:1"}}
	label := p.tree.Out.Children[0].Children[0].Children[0]
	label.Fills = &[]resultjson.Paint{bound}
	p.hover(2)
	diags, err := states.Variants(p.capture, p.tree, p.redraw(t, func(byID map[string]*resultjson.Node) {
		byID[label.ID].Fills = &[]resultjson.Paint{blue}
	}), 10)
	if err != nil {
		t.Fatal(err)
	}
	use := p.tree.Out.Children[0].Children[0]
	if len(diags) != 0 || len(use.ComponentVariants) != 1 {
		t.Fatalf("diagnostics %+v, variants %+v; want one variant", diags, use.ComponentVariants)
	}
	if o := use.ComponentVariants[0].Overrides; len(o) != 1 || o[0].ID != use.ID {
		t.Errorf("overrides %+v, want the button's own fill alone", o)
	}
}

// TestZIndexInAState: a hover that lifts a use's own element over its neighbours (z-index, a
// button of a group) and repaints it makes a variant: the use's place among its parent's layers
// is outside the variant, which is drawn without it. The same change on a layer inside the use is
// a paint property (the diff refuses a changed order).
func TestZIndexInAState(t *testing.T) {
	for name, element := range map[string]int{"TheUse": 2, "ALayerInside": 3} {
		t.Run(name, func(t *testing.T) {
			p := newPage(el{name: "Card", kids: []el{{}}})
			p.capture.Document.States = append(p.capture.Document.States, capturemodel.StateRecord{Element: 2, State: "hover",
				Changes: []capturemodel.StateChange{{Element: element, Style: map[string]string{"z-index": "1", "background-color": "rgb(255, 0, 0)"}}}})
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, nil), 10)
			if err != nil {
				t.Fatal(err)
			}
			use := p.tree.Out.Children[0].Children[0]
			if len(diags) != 0 || len(use.ComponentVariants) != 1 || use.ComponentVariants[0].VariantProperties["State"] != "Hover" {
				t.Errorf("diagnostics %+v, variants %+v; want a Hover variant", diags, use.ComponentVariants)
			}
		})
	}
}

// TestStatesOfLeftOutElements: a card holding a button and a closed menu (left out by the
// tree: it draws nothing in any state) whose item has a hover of its own takes the button's
// hover as its variant; counted as the card's, the item's hover would make two and none.
func TestStatesOfLeftOutElements(t *testing.T) {
	for name, leftOut := range map[string]bool{"MenuLeftOut": true, "MenuDrawn": false} {
		t.Run(name, func(t *testing.T) {
			p := newPage(el{name: "Card", kids: []el{{}, {kids: []el{{}}}}})
			p.hover(3)
			p.hover(5)
			if leftOut {
				els, _ := p.capture.Document.Elements()
				p.tree.LeftOut = append(p.tree.LeftOut, els[4])
			}
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, nil), 10)
			if err != nil {
				t.Fatal(err)
			}
			use := p.tree.Out.Children[0].Children[0]
			if !leftOut {
				if len(diags) != 1 || !strings.Contains(diags[0].Message, "2 elements inside it have their own hover state") || use.ComponentVariants != nil {
					t.Errorf("diagnostics %+v, variants %+v; want the two hovers to make none", diags, use.ComponentVariants)
				}
				return
			}
			if len(diags) != 0 || len(use.ComponentVariants) != 1 || len(use.ComponentVariants[0].Overrides) != 1 || use.ComponentVariants[0].Overrides[0].ID != "1:4" {
				t.Errorf("diagnostics %+v, variants %+v; want a Hover variant of the button's fill", diags, use.ComponentVariants)
			}
		})
	}
}

// TestRangesThatOnlyRepaint: a text whose link the state gives the colour of the text around it
// is one range in the state's drawing, three at rest: the variant overrides its ranges with the
// drawing's, as it does when the state gives a range a decoration colour of its own. A state that
// also changes a range's font makes no variant.
func TestRangesThatOnlyRepaint(t *testing.T) {
	grey := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 0.5, G: 0.5, B: 0.5}}}
	blue := []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{B: 1}}}
	seg := func(chars string, start int, fills []resultjson.Paint, size float64) resultjson.StyledTextSegment {
		return resultjson.StyledTextSegment{Characters: chars, Start: start, End: start + len(chars), FontSize: size, Fills: fills}
	}
	// underlined gives a range an underline of its own colour (text-decoration-color), a paint.
	underlined := func(s resultjson.StyledTextSegment) resultjson.StyledTextSegment {
		s.TextDecorationColor = &resultjson.TextDecorationColor{Value: blue[0]}
		return s
	}
	rest := []resultjson.StyledTextSegment{seg("see ", 0, grey, 16), seg("docs", 4, blue, 16), seg(" now", 8, grey, 16)}
	for name, tc := range map[string]struct {
		hovered []resultjson.StyledTextSegment
		why     string
	}{
		"OneRange":        {[]resultjson.StyledTextSegment{seg("see docs now", 0, grey, 16)}, ""},
		"OtherFont":       {[]resultjson.StyledTextSegment{seg("see ", 0, grey, 16), seg("docs", 4, grey, 18), seg(" now", 8, grey, 16)}, "changes styledTextSegments of el 3"},
		"SameRanges":      {[]resultjson.StyledTextSegment{seg("see ", 0, grey, 16), seg("docs", 4, grey, 16), seg(" now", 8, grey, 16)}, ""},
		"UnderlineColour": {[]resultjson.StyledTextSegment{seg("see ", 0, grey, 16), underlined(seg("docs", 4, grey, 16)), seg(" now", 8, grey, 16)}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			p := newPage(el{name: "Button", kids: []el{{}}})
			p.hover(2)
			text := p.tree.Out.Children[0].Children[0].Children[0]
			text.Type, text.Characters, text.StyledTextSegments = "TEXT", "see docs now", rest
			diags, err := states.Variants(p.capture, p.tree, p.redraw(t, func(byID map[string]*resultjson.Node) {
				byID[text.ID].StyledTextSegments = tc.hovered
			}), 10)
			if err != nil {
				t.Fatal(err)
			}
			use := p.tree.Out.Children[0].Children[0]
			if tc.why != "" {
				if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, tc.why) || use.ComponentVariants != nil {
					t.Errorf("diagnostics %+v, variants %+v; want none and one ending %q", diags, use.ComponentVariants, tc.why)
				}
				return
			}
			if len(diags) != 0 || len(use.ComponentVariants) != 1 || len(use.ComponentVariants[0].Overrides) != 2 {
				t.Fatalf("diagnostics %+v, variants %+v; want a Hover of two overrides", diags, use.ComponentVariants)
			}
			if o := use.ComponentVariants[0].Overrides[1]; o.ID != text.ID || !reflect.DeepEqual(o.StyledTextSegments, tc.hovered) {
				t.Errorf("override %+v, want the text's ranges %+v", o, tc.hovered)
			}
		})
	}
}

// TestDecorationColourOfOneRun: a TEXT of one run has no ranges to carry a decoration colour, so
// a state that changes it makes no variant (no override member holds it).
func TestDecorationColourOfOneRun(t *testing.T) {
	p := newPage(el{name: "Button", kids: []el{{}}})
	p.hover(2)
	text := p.tree.Out.Children[0].Children[0].Children[0]
	text.Type, text.Characters = "TEXT", "docs"
	diags, err := states.Variants(p.capture, p.tree, p.redraw(t, func(byID map[string]*resultjson.Node) {
		byID[text.ID].TextDecorationColor = &resultjson.TextDecorationColor{Value: resultjson.Paint{Type: "SOLID", Color: &resultjson.RGB{B: 1}}}
	}), 10)
	if err != nil {
		t.Fatal(err)
	}
	if use := p.tree.Out.Children[0].Children[0]; len(diags) != 1 || !strings.HasSuffix(diags[0].Message, "changes textDecorationColor of el 3") || use.ComponentVariants != nil {
		t.Errorf("diagnostics %+v, variants %+v; want none and one about the decoration colour", diags, use.ComponentVariants)
	}
}
