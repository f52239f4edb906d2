package states_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/states"
)

// ringEl is an element of a page with rings: a use of component comp when set (its first use
// when first), holding kids.
type ringEl struct {
	comp  string
	first bool
	kids  []ringEl
}

// ringDOM is the element tree of e: 20 px boxes.
func ringDOM(e ringEl) *capturemodel.DOMNode {
	d := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{}, Box: capturemodel.Box{Width: 20, Height: 20}}
	for _, k := range e.kids {
		d.Children = append(d.Children, ringDOM(k))
	}
	return d
}

// drawRings draws c (whose elements are those of page) as the tree builder does: a FRAME with
// auto layout per element, numbered in document order, and after an element's subtree the
// RECTANGLE of its outline when paint.Ringed (4 px out), filled red where the capture sets a
// red background.
func drawRings(c *capturemodel.Capture, page ringEl) *boxtree.Node {
	els, _ := c.Document.Elements()
	next, seq := 0, 0
	var build func(e ringEl, parent *boxtree.Node) *boxtree.Node
	build = func(e ringEl, parent *boxtree.Node) *boxtree.Node {
		d := els[next]
		next++
		seq++
		out := &resultjson.Node{Type: "FRAME", ID: "1:" + strconv.Itoa(seq), Name: fmt.Sprintf("el %d", next-1), Width: 20, Height: 20,
			Fills: &[]resultjson.Paint{}, Structure: resultjson.Structure{LayoutMode: "HORIZONTAL"}}
		if d.Style["background-color"] == "rgb(255, 0, 0)" {
			out.Fills = &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 1}}}
		}
		out.ComponentID = e.comp
		if e.first {
			out.ComponentName = e.comp
		}
		b := &boxtree.Node{Out: out, El: d, Kind: boxtree.Box}
		for _, k := range e.kids {
			build(k, b)
		}
		if parent != nil {
			parent.Kids = append(parent.Kids, b)
			parent.Out.Children = append(parent.Out.Children, out)
			if paint.Ringed(d) {
				seq++
				r := &resultjson.Node{Type: "RECTANGLE", ID: "1:" + strconv.Itoa(seq), Name: out.Name + " (outline)", X: -4, Y: -4, Width: 28, Height: 28,
					Fills: &[]resultjson.Paint{}, Strokes: []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{B: 1}}}}
				parent.Kids = append(parent.Kids, &boxtree.Node{Out: r, El: d, Kind: boxtree.Outline})
				parent.Out.Children = append(parent.Out.Children, r)
			}
		}
		return b
	}
	return build(page, nil)
}

// outline is an outline 2 px off the box: a ring of its own.
var outline = map[string]string{"outline-style": "solid", "outline-width": "2px", "outline-color": "rgb(0, 0, 255)", "outline-offset": "2px"}

// red is a red background.
var red = map[string]string{"background-color": "rgb(255, 0, 0)"}

// variantsWithRings runs the states pass over page with the records recs and checks that every
// use of a component has its first use's layers (types and child counts, recursively), as the
// backend requires; it returns the tree and the diagnostics' messages.
func variantsWithRings(t *testing.T, page ringEl, recs []capturemodel.StateRecord, style func(els []*capturemodel.DOMNode)) (*resultjson.Node, []string) {
	t.Helper()
	c := &capturemodel.Capture{Document: capturemodel.Document{Root: ringDOM(page), States: recs}}
	if style != nil {
		els, _ := c.Document.Elements()
		style(els)
	}
	tree := drawRings(c, page)
	diags, err := states.Variants(c, tree, func(v *capturemodel.Capture) (*boxtree.Node, error) { return drawRings(v, page), nil }, 10)
	if err != nil {
		t.Fatal(err)
	}
	var shape func(n *resultjson.Node) string
	shape = func(n *resultjson.Node) string {
		s := n.Type + "("
		for _, k := range n.Children {
			s += shape(k) + ","
		}
		return s + ")"
	}
	first := map[string]*resultjson.Node{}
	tree.Out.Walk(func(n *resultjson.Node) {
		if n.ComponentID == "" {
			return
		}
		if f, ok := first[n.ComponentID]; !ok {
			first[n.ComponentID] = n
		} else if shape(f) != shape(n) {
			t.Errorf("use %s of %s is %s, its first use %s %s", n.ID, n.ComponentID, shape(n), f.ID, shape(f))
		}
	})
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.NodeID+" "+d.Message)
	}
	return tree.Out, msgs
}

// pill is a use of component P holding one element.
func pill(first bool) ringEl { return ringEl{comp: "P", first: first, kids: []ringEl{{}}} }

// TestRingOfAUseOfTheComponent: a focus that rings a pill's own element puts a hidden ring in
// every pill, the offers' pills included, and the Focus variant shows it; the offers' own focus,
// drawn in the same drawing, keeps its variant.
func TestRingOfAUseOfTheComponent(t *testing.T) {
	offer := func(first bool) ringEl { return ringEl{comp: "O", first: first, kids: []ringEl{{}, pill(false)}} }
	// 0 html, 1 body, 2 pill (3), 4 pill (5), 6 offer: 7, 8 pill (9); 10 offer: 11, 12 pill (13)
	root, diags := variantsWithRings(t, ringEl{kids: []ringEl{{kids: []ringEl{pill(true), pill(false), offer(true), offer(false)}}}},
		[]capturemodel.StateRecord{
			{Element: 2, State: "focus", Changes: []capturemodel.StateChange{{Element: 2, Style: outline}}},
			{Element: 6, State: "focus", Changes: []capturemodel.StateChange{{Element: 6, Style: red}}},
		}, nil)
	if len(diags) != 0 {
		t.Errorf("diagnostics %q, want none", diags)
	}
	rings, variants := 0, 0
	root.Walk(func(n *resultjson.Node) {
		if n.Visible != nil && !*n.Visible {
			rings++
		}
		variants += len(n.ComponentVariants)
	})
	if rings != 4 || variants != 2 {
		t.Errorf("%d hidden rings and %d variants, want one ring per pill (4) and the pill's and the offer's Focus", rings, variants)
	}
}

// TestRingsThatMakeNoVariant: a ring around an element inside an instance of another component
// (an offer's focus ringing its pill) would be in some uses of that component and not in
// others; a state that takes off the border that made a ring removes it, and every later node
// of its drawing would take another id. Neither makes a variant, each with a STATE_SKIPPED
// saying why, and the uses keep one tree.
func TestRingsThatMakeNoVariant(t *testing.T) {
	t.Run("InsideAnotherComponent", func(t *testing.T) {
		offer := func(first bool) ringEl { return ringEl{comp: "O", first: first, kids: []ringEl{{}, pill(false)}} }
		_, diags := variantsWithRings(t, ringEl{kids: []ringEl{{kids: []ringEl{pill(true), pill(false), offer(true), offer(false)}}}},
			[]capturemodel.StateRecord{{Element: 6, State: "focus", Changes: []capturemodel.StateChange{{Element: 6, Style: red}, {Element: 8, Style: outline}}}}, nil)
		if len(diags) != 1 || !strings.Contains(diags[0], "inside an instance of another component") {
			t.Errorf("diagnostics %q, want one about the ring inside the pill's instance", diags)
		}
	})
	t.Run("RemovesARing", func(t *testing.T) {
		a := func(first bool) ringEl { return ringEl{comp: "A", first: first, kids: []ringEl{{}}} }
		b := func(first bool) ringEl { return ringEl{comp: "B", first: first, kids: []ringEl{{}}} }
		noBorder := map[string]string{"border-top-width": "0px", "border-right-width": "0px", "border-bottom-width": "0px", "border-left-width": "0px"}
		// 0 html, 1 body, 2 a (3), 4 a (5), 6 b (7), 8 b (9); the a's have a border and an outline on it.
		root, diags := variantsWithRings(t, ringEl{kids: []ringEl{{kids: []ringEl{a(true), a(false), b(true), b(false)}}}},
			[]capturemodel.StateRecord{
				{Element: 2, State: "hover", Changes: []capturemodel.StateChange{{Element: 2, Style: noBorder}}},
				{Element: 6, State: "hover", Changes: []capturemodel.StateChange{{Element: 6, Style: red}}},
			}, func(els []*capturemodel.DOMNode) {
				for _, i := range []int{2, 4} {
					for p, v := range outline {
						els[i].Style[p] = v
					}
					els[i].Style["outline-offset"] = "0px"
					for _, side := range []string{"top", "right", "bottom", "left"} {
						els[i].Style["border-"+side+"-style"], els[i].Style["border-"+side+"-width"] = "solid", "1px"
					}
				}
			})
		if len(diags) != 1 || !strings.Contains(diags[0], "removes the outline ring around") {
			t.Errorf("diagnostics %q, want one about the removed ring", diags)
		}
		var bs int
		root.Walk(func(n *resultjson.Node) {
			if n.ComponentName == "B" {
				bs = len(n.ComponentVariants)
			}
		})
		if bs != 1 {
			t.Errorf("B has %d variants, want its Hover (its ids are those of the page's drawing)", bs)
		}
	})
}

// TestRingsWithinMaxNodes: a focus that rings the first of two pills adds a hidden ring to each
// (2 nodes); on a page of resultjson.MaxNodes nodes with them it makes its variant, one node
// more and it makes none, with a STATE_SKIPPED about the limit.
func TestRingsWithinMaxNodes(t *testing.T) {
	for name, filler := range map[string]int{"AtMax": resultjson.MaxNodes - 8, "PastMax": resultjson.MaxNodes - 7} {
		t.Run(name, func(t *testing.T) {
			// html, body, two pills of 2 nodes each, filler elements: 6 + filler nodes, 2 rings.
			kids := append([]ringEl{pill(true), pill(false)}, make([]ringEl, filler)...)
			root, diags := variantsWithRings(t, ringEl{kids: []ringEl{{kids: kids}}},
				[]capturemodel.StateRecord{{Element: 2, State: "focus", Changes: []capturemodel.StateChange{{Element: 2, Style: outline}}}}, nil)
			nodes := 0
			root.Walk(func(*resultjson.Node) { nodes++ })
			made := len(root.Children[0].Children[0].ComponentVariants) == 1
			if want := name == "AtMax"; made != want || (len(diags) == 1 && strings.Contains(diags[0], fmt.Sprintf("past %d nodes", resultjson.MaxNodes))) == want {
				t.Errorf("%d nodes, variant made %v, diagnostics %q; want made %v", nodes, made, diags, want)
			}
			want := 6 + filler // and the two rings with the variant
			if made {
				want += 2
			}
			if nodes != want {
				t.Errorf("%d nodes, want %d", nodes, want)
			}
		})
	}
}
