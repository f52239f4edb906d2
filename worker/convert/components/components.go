// Package components is the components pass of the conversion (docs/conversion.md
// "Components"): subtrees the page repeats with the same structure, styles and boxes, differing
// only in content, are marked as uses of one component (componentId on each, componentName on
// the first), which the plugin makes one main COMPONENT and an INSTANCE per use. Boxes may
// differ where auto layout alone makes them differ: a text that grows with its characters
// (textAutoResize) in an auto-layout row or column, and the frames that hug it (HUG) up to the
// use's root, as nav links of different label lengths; Check lays each such instance out by
// Figma's rules (layout.Hug, layout.LayOut) before it compares. A use may hold uses of other
// components (nested instances, nested.go), and siblings of one kind become the variants of one
// component set (sets.go). The pass runs on the finished tree and changes no node but for the
// component members, so the picture stays the same for every reader.
package components

import (
	"cmp"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// The detection rule (docs/conversion.md "Components").
const (
	// MinUses is how many times the page must repeat a subtree for it to become a component.
	MinUses = 2
	// MinNodes is the fewest nodes of a repeated subtree, its root included: a frame with at
	// least one child (a lone box or text is not worth a component).
	MinNodes = 2
	// MinSide is the smallest width and height of a repeated subtree's root, in px.
	MinSide = 8
	// MaxComponents is the most components of a result (the backend's bound); further repeated
	// subtrees stay plain frames with a COMPONENT_SKIPPED diagnostic.
	MaxComponents = resultjson.MaxComponents
	// maxRounds bounds the passes over the tree that drop repeats left alone once their
	// other uses sit inside larger repeats; each pass is linear in the tree.
	maxRounds = 8
)

// Overridable names what may differ between the uses of a component: what the plugin sets on an
// INSTANCE's layers after createInstance (the rest comes from the main component), as Figma lets
// an instance override its layers' content and paint but not their structure or boxes.
//   - every node: id, name; how it paints: opacity, fills, strokes and their weights, effects,
//     and the local styles bound to them (fillStyleId, strokeStyleId, effectStyleId);
//   - SVG: the icon it draws (imageRef; the plugin makes each icon of a component's layers a
//     component of its own and swaps it: an instance swap);
//   - TEXT: characters and its typography (fontName, fontSize, fontWeight, lineHeight,
//     letterSpacing, textCase, textDecoration, textStyleId) and its styledTextSegments (ranges
//     of any number and style);
//   - the use's root only: x, y and how it sits in its parent (layoutPositioning,
//     layoutSizingHorizontal, layoutSizingVertical, the grid child members, scrollBehavior),
//     and its width and height where it may be resized (resizable).
//
// So uses may paint otherwise (a nav's active link, tags of their own colours, a field showing
// its placeholder); what makes them uses of one component is the same structure and boxes and
// layer names of one kind (Kind: every "Card / …").
//
// Not set by the plugin but by Figma's auto layout once the characters changed, and so left out
// of the comparison too (growth): the width of a TEXT with textAutoResize WIDTH_AND_HEIGHT and
// the height of one with WIDTH_AND_HEIGHT or HEIGHT (not FIXED or FILL in its parent) whose
// parent is a HORIZONTAL or VERTICAL frame without wrap, the width or height of such a frame
// that hugs (HUG) on that axis and holds a flowing child that grows on it (up to the use's
// root), and the x and y of every child of such a frame; Check lays the instance out to see
// that it comes out as the use.
var Overridable = []string{"id", "name", "opacity", "fills", "strokes", "strokeWeight", "strokeTopWeight",
	"strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight", "effects", "fillStyleId", "strokeStyleId",
	"effectStyleId", "imageRef", "characters", "fontName", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "textCase",
	"textDecoration", "textStyleId", "styledTextSegments", "x", "y", "layoutPositioning", "layoutSizingHorizontal",
	"layoutSizingVertical", "gridRowAnchorIndex", "gridColumnAnchorIndex", "gridRowSpan", "gridColumnSpan",
	"gridChildHorizontalAlign", "gridChildVerticalAlign", "scrollBehavior"}

type key [sha256.Size]byte

// shape is what the pass knows of one node: the hash of its subtree without the overridable
// members (inner: as a layer inside a use, by the axes on which its parent lets its position
// and growth differ; root: as a use's root, its placement and growth left out, and the
// positions and growth of the children of its rows and columns), the axes on which it grows,
// and its node count.
type shape struct {
	inner [4]key
	root  key
	// exact is the root's key with every box in it: the uses whose layers all have the same
	// boxes.
	exact key
	grows axes
	nodes int
	// paint is the hash of how the subtree paints (Overridable's paint and typography members,
	// without the images and characters): uses of another paint must be of one Kind.
	paint key
	// class is the key uses are grouped by (classify): root and the paint or name kind of the
	// group's first node.
	class key
	// table marks a table's row or cell, never a use (TableParts).
	table bool
	// form is the hash of the subtree's node types and child counts alone: siblings of one form
	// may be variants of one component set (sets.go).
	form key
}

// Page is what the pass reads of the page beside the result tree: the nodes drawn from a
// table's parts (TableParts), never uses, and the element each node was drawn from (its tag and
// classes name variants, sets.go). A nil *Page reads as an empty one.
type Page struct {
	TableParts map[*resultjson.Node]bool
	Elements   map[*resultjson.Node]Element
}

// Element is what the pass reads of a node's element: its lowercase tag name (an input's with its
// type's word, naming.TagWord: "input Button") and class tokens,
// and whether the capture forced a state (:hover, :focus) on it (Interactive).
type Element struct {
	Tag         string
	Classes     []string
	Interactive bool
}

// PageOf reads the Page of the conversion's tree under root; interactive are the elements the
// capture forced a state on (capturemodel.Document.Forced).
func PageOf(root *boxtree.Node, interactive map[*capturemodel.DOMNode]bool) *Page {
	p := &Page{TableParts: TableParts(root), Elements: map[*resultjson.Node]Element{}}
	root.Walk(func(b *boxtree.Node) {
		if b.El != nil && b.Out != nil {
			tag := b.El.Tag
			if tag == "input" {
				tag += " " + naming.TagWord(b.El) // a button and a text field are not of one kind
			}
			p.Elements[b.Out] = Element{Tag: tag, Classes: strings.Fields(b.El.Attrs["class"]), Interactive: interactive[b.El]}
		}
	})
	return p
}

// Build marks the repeated subtrees of the tree under root (root itself never, nor the table
// parts of page) and returns a COMPONENT_SKIPPED diagnostic, at most room of them, for each
// repeat left plain; then siblings of one kind that differ in more than an instance overrides
// become variants of one component set (sets.go). Components are numbered C:1, C:2, ... in the
// document order of their first use.
func Build(root *resultjson.Node, room int, page *Page) []resultjson.Diagnostic {
	if page == nil {
		page = &Page{}
	}
	shapes := map[*resultjson.Node]shape{}
	measure(root, shapes)
	for n := range page.TableParts {
		s := shapes[n]
		s.table = true
		shapes[n] = s
	}
	classify(root, shapes)
	uses := map[key]int{}
	root.Walk(func(n *resultjson.Node) {
		if n != root && eligible(n, shapes) {
			uses[shapes[n].class]++
		}
	})
	groups, order := repeats(root, shapes, uses)

	diags := []resultjson.Diagnostic{}
	// skip says why plain, uses of a repeat of repeated ones, stay plain frames.
	skip := func(plain []*resultjson.Node, repeated int, why string) {
		n := plain[0]
		msg := fmt.Sprintf("%s is repeated %d times but stays plain frames: %s", n.Name, repeated, why)
		if len(plain) < repeated {
			msg = fmt.Sprintf("%s is repeated %d times but %d of them stay plain frames: %s", n.Name, repeated, len(plain), why)
		}
		if len(diags) < room {
			diags = append(diags, resultjson.Diagnostic{Code: resultjson.DiagComponentSkipped, NodeID: n.ID,
				Message: callback.TruncateUTF8(msg, resultjson.MaxWarningMessageBytes)})
		}
	}
	names := map[string]bool{}
	made := 0
	// newComponent makes uses one component and returns its id ("" when the result has its
	// MaxComponents).
	newComponent := func(uses []*resultjson.Node) string {
		if made >= MaxComponents {
			return ""
		}
		made++
		id := "C:" + strconv.Itoa(made)
		for _, m := range uses {
			m.ComponentID = id
		}
		uses[0].ComponentName = unique(Name(uses), names)
		return id
	}
	// component makes uses one component, or says why not.
	component := func(uses []*resultjson.Node) string {
		if made >= MaxComponents {
			return fmt.Sprintf("the result has its %d components", MaxComponents)
		}
		if why := Check(uses[0], uses[1:]); why != "" {
			return why
		}
		newComponent(uses)
		return ""
	}
	for _, k := range order {
		members := groups[k]
		if len(members) < MinUses {
			continue // its other uses are inside larger repeats
		}
		why := component(members)
		if why == "" {
			if parts := modifierParts(members, page.Elements); parts != nil && made-1+len(parts) <= MaxComponents {
				splitByModifier(parts, page.Elements, names, newComponent)
			}
			continue
		}
		// Auto layout does not give the uses their boxes: those whose layers have the same
		// boxes may still be components of their own; the others stay plain, and say why.
		if same := sameBoxes(members, shapes); len(same) > 1 {
			for _, uses := range same {
				if len(uses) >= MinUses {
					component(uses)
				}
			}
		}
		var plain []*resultjson.Node
		for _, m := range members {
			if m.ComponentID == "" {
				plain = append(plain, m)
			}
		}
		if len(plain) > 0 {
			skip(plain, len(members), why)
		}
	}
	nest(root, shapes, page.Elements, func(uses []*resultjson.Node) string {
		if component(uses) != "" {
			return ""
		}
		return uses[0].ComponentID
	})
	// A use nest added may come before its component's first: the first use's members move to
	// it before the sets are made on the first uses.
	renumber(root)
	variantSets(root, shapes, page.Elements, names, newComponent)
	renumber(root)
	renameWrappers(root, names)
	// A repeat left plain whose uses became variants says so no more.
	isUse := map[string]bool{}
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentID != "" {
			isUse[n.ID] = true
		}
	})
	kept := diags[:0]
	for _, d := range diags {
		if !isUse[d.NodeID] {
			kept = append(kept, d)
		}
	}
	return kept
}

// renameWrappers names again the components named by the shape of their main (shapeName) that
// hold uses of other components made after them (nest): a wrapper is not named after the use it
// wraps (the wrapper of a Gradient button is not a second Gradient), and the component of that
// use, numbered as the name was taken ("Gradient 2"), takes the name back. A set's components
// keep the names their set gave them.
func renameWrappers(root *resultjson.Node, names map[string]bool) {
	usesOf := map[string][]*resultjson.Node{}
	inSet := map[string]bool{}
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentID != "" {
			usesOf[n.ComponentID] = append(usesOf[n.ComponentID], n)
		}
		if n.VariantOf != "" {
			inSet[n.VariantOf], inSet[n.ComponentID] = true, true
		}
	})
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentName == "" || n.Name != anonymous || inSet[n.ComponentID] {
			return
		}
		var held []*resultjson.Node
		for _, c := range n.Children {
			c.Walk(func(d *resultjson.Node) {
				if d.ComponentID != "" {
					held = append(held, d)
				}
			})
		}
		old := n.ComponentName
		stem := cmp.Or(numberless(old), old)
		name := Name(usesOf[n.ComponentID])
		if len(held) == 0 || name == stem {
			return
		}
		delete(names, old)
		n.ComponentName = unique(name, names)
		for _, d := range held {
			if main := usesOf[d.ComponentID][0]; main.ComponentName != "" && main.ComponentName != old && numberless(main.ComponentName) == stem {
				delete(names, main.ComponentName)
				main.ComponentName = unique(old, names)
				break
			}
		}
	})
}

// classify gives every eligible node under root its class: nodes of the same root key are taken
// in document order, and each one not yet classed starts a class holding the later ones that
// paint as it does (the same paint key) or whose names are of its Kind. So a use paints as its
// component's first use, or is of its kind.
func classify(root *resultjson.Node, shapes map[*resultjson.Node]shape) {
	byRoot := map[key][]*resultjson.Node{}
	var order []key
	root.Walk(func(n *resultjson.Node) {
		if n == root || !eligible(n, shapes) {
			return
		}
		k := shapes[n].root
		if byRoot[k] == nil {
			order = append(order, k)
		}
		byRoot[k] = append(byRoot[k], n)
	})
	for _, k := range order {
		nodes := byRoot[k]
		classed := make([]bool, len(nodes))
		for i, first := range nodes {
			if classed[i] {
				continue
			}
			f := shapes[first]
			class := key(sha256.Sum256([]byte(string(k[:]) + first.ID)))
			for j := i; j < len(nodes); j++ {
				n := nodes[j]
				if !classed[j] && (shapes[n].paint == f.paint || Kind(n.Name) == Kind(first.Name)) {
					classed[j] = true
					s := shapes[n]
					s.class = class
					shapes[n] = s
				}
			}
		}
	}
}

// paintKey hashes how node n and its subtree (kids: its children's shapes) paint: its paint and
// typography members (setPaint) without the images of IMAGE paints and the characters, ranges
// and links of its text segments.
func paintKey(n *resultjson.Node, kids []shape) key {
	var p resultjson.Node
	setPaint(&p, n)
	if p.Fills != nil {
		fills := make([]resultjson.Paint, len(*p.Fills))
		for i, f := range *p.Fills {
			if f.Type == "IMAGE" {
				f.ImageRef, f.ImageTransform, f.ScalingFactor = "", nil, nil
			}
			fills[i] = f
		}
		p.Fills = &fills
	}
	if p.StyledTextSegments != nil {
		segs := make([]resultjson.StyledTextSegment, len(p.StyledTextSegments))
		for i, g := range p.StyledTextSegments {
			g.Characters, g.Start, g.End, g.Hyperlink = "", 0, 0, nil
			segs[i] = g
		}
		p.StyledTextSegments = segs
	}
	b, err := json.Marshal(&p)
	if err != nil {
		b = []byte(err.Error()) // unreachable: a node always encodes
	}
	h := sha256.New()
	h.Write(b)
	for _, k := range kids {
		h.Write(k.paint[:])
	}
	var out key
	copy(out[:], h.Sum(nil))
	return out
}

// sameBoxes splits uses by their exact keys (every box the same), in the order of their first
// use.
func sameBoxes(uses []*resultjson.Node, shapes map[*resultjson.Node]shape) [][]*resultjson.Node {
	return groupBy(uses, func(u *resultjson.Node) key { return shapes[u].exact })
}

// groupBy splits nodes by their keys (keyOf), in the order of each group's first node.
func groupBy[K comparable](nodes []*resultjson.Node, keyOf func(*resultjson.Node) K) [][]*resultjson.Node {
	at := map[K]int{}
	var out [][]*resultjson.Node
	for _, n := range nodes {
		k := keyOf(n)
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], n)
	}
	return out
}

// eligible says whether n may be a use of a component: an untransformed FRAME of at least
// MinNodes nodes and MinSide px a side, not a table's row or cell.
func eligible(n *resultjson.Node, shapes map[*resultjson.Node]shape) bool {
	s := shapes[n]
	return n.Type == "FRAME" && n.RelativeTransform == nil && !s.table && s.nodes >= MinNodes && n.Width >= MinSide && n.Height >= MinSide
}

// TableParts are the nodes under root drawn from a table's rows, row groups and cells (CSS
// display table-row, table-row-group, table-header-group, table-footer-group, table-cell): a
// table keeps its grid of cells, whose same-width columns are no parts a designer reuses.
func TableParts(root *boxtree.Node) map[*resultjson.Node]bool {
	parts := map[*resultjson.Node]bool{}
	root.Walk(func(b *boxtree.Node) {
		if b.El != nil && tableDisplays[b.El.Computed("display")] {
			parts[b.Out] = true
		}
	})
	return parts
}

var tableDisplays = map[string]bool{"table-row": true, "table-row-group": true, "table-header-group": true, "table-footer-group": true, "table-cell": true}

// repeats groups the outermost eligible nodes whose shape is used at least MinUses times, in
// document order, with the groups in the order of their first use. A shape whose other uses all
// sit inside larger repeats is left out and the walk is redone, so its subtree can hold repeats
// of its own (at most maxRounds walks; what a last walk leaves alone stays plain).
func repeats(root *resultjson.Node, shapes map[*resultjson.Node]shape, uses map[key]int) (map[key][]*resultjson.Node, []key) {
	banned := map[key]bool{}
	for round := 0; ; round++ {
		groups := map[key][]*resultjson.Node{}
		var order []key
		var walk func(n *resultjson.Node)
		walk = func(n *resultjson.Node) {
			for _, c := range n.Children {
				if k := shapes[c].class; eligible(c, shapes) && uses[k] >= MinUses && !banned[k] {
					if groups[k] == nil {
						order = append(order, k)
					}
					groups[k] = append(groups[k], c)
					continue
				}
				walk(c)
			}
		}
		walk(root)
		lone := false
		for _, k := range order {
			if len(groups[k]) < MinUses {
				banned[k], lone = true, true
			}
		}
		if !lone || round == maxRounds-1 {
			return groups, order
		}
	}
}

// axes is a set of the two axes of a box.
type axes uint8

const (
	horizontal axes = 1 << iota // x, width
	vertical                    // y, height
	both       = horizontal | vertical
)

// grows says on which axes node n takes its size from its content or its parent in Figma's auto
// layout (the growth of Overridable): a text that grows with its characters, a row or column
// that hugs a child that grows, a layer that fills (FILL) its parent; kids are the shapes of its
// children.
func grows(n *resultjson.Node, kids []shape) axes {
	hugging := func(sizing string) bool { return sizing == "" || sizing == layout.SizingHug }
	var a axes
	switch {
	case n.RelativeTransform != nil:
	case n.Type == "TEXT":
		if n.TextAutoResize == "WIDTH_AND_HEIGHT" && hugging(n.LayoutSizingHorizontal) {
			a |= horizontal
		}
		if (n.TextAutoResize == "WIDTH_AND_HEIGHT" || n.TextAutoResize == "HEIGHT") && hugging(n.LayoutSizingVertical) {
			a |= vertical
		}
	case flows(n):
		var inner axes
		for i, c := range n.Children {
			if c.LayoutPositioning != layout.PositionAbsolute {
				inner |= kids[i].grows
			}
		}
		if n.LayoutSizingHorizontal == layout.SizingHug {
			a |= inner & horizontal
		}
		if n.LayoutSizingVertical == layout.SizingHug {
			a |= inner & vertical
		}
	}
	// A layer that fills its auto-layout parent on an axis, or an ABSOLUTE one that stretches
	// with it, takes its size there from the parent.
	if n.RelativeTransform == nil && n.LayoutSizingHorizontal == layout.SizingFill {
		a |= horizontal
	}
	if n.RelativeTransform == nil && n.LayoutSizingVertical == layout.SizingFill {
		a |= vertical
	}
	return a | stretched(n)
}

// stretched says on which axes n is an ABSOLUTE layer whose constraints STRETCH it with its
// frame.
func stretched(n *resultjson.Node) axes {
	var a axes
	if n.RelativeTransform != nil || n.LayoutPositioning != layout.PositionAbsolute || n.Constraints == nil {
		return 0
	}
	if n.Constraints.Horizontal == layout.ConstraintStretch {
		a |= horizontal
	}
	if n.Constraints.Vertical == layout.ConstraintStretch {
		a |= vertical
	}
	return a
}

// resizable says on which axes a use's root n may have another size than its main component
// (the plugin resizes the instance and Figma's auto layout places its children again): a
// HORIZONTAL or VERTICAL frame without wrap that does not hug on that axis (a card a grid row
// stretches to its own height), and along its layout direction only where no flowing child
// fills it (children that fill it across take its new size; the room shared along it is left
// to a main of that size).
func resizable(n *resultjson.Node) axes {
	if !flows(n) || n.RelativeTransform != nil {
		return 0
	}
	a := both
	if n.LayoutSizingHorizontal == layout.SizingHug {
		a &^= horizontal
	}
	if n.LayoutSizingVertical == layout.SizingHug {
		a &^= vertical
	}
	for _, c := range n.Children {
		if c.LayoutPositioning == layout.PositionAbsolute {
			continue
		}
		if n.LayoutMode == layout.Horizontal && c.LayoutSizingHorizontal == layout.SizingFill {
			a &^= horizontal
		}
		if n.LayoutMode == layout.Vertical && c.LayoutSizingVertical == layout.SizingFill {
			a &^= vertical
		}
	}
	return a
}

// flows says whether n is a HORIZONTAL or VERTICAL frame without wrap, whose children auto
// layout places one after another.
func flows(n *resultjson.Node) bool {
	return (n.LayoutMode == layout.Horizontal || n.LayoutMode == layout.Vertical) && n.LayoutWrap == ""
}

// measure computes the shape of every node under n, children first.
func measure(n *resultjson.Node, shapes map[*resultjson.Node]shape) shape {
	kids := make([]shape, len(n.Children))
	nodes := 1
	for i, c := range n.Children {
		kids[i] = measure(c, shapes)
		nodes += kids[i].nodes
	}
	s := shape{nodes: nodes, grows: grows(n, kids)}
	// Auto layout places the children of a row or column: they may sit elsewhere, and grow.
	var childFree axes
	if flows(n) {
		childFree = both
	}
	lists := listSignature(n)
	own := append(fixed(n, false), lists...)
	for free := range axes(4) {
		s.inner[free] = hash(own, box(n, free, free&s.grows), kids, childFree)
	}
	asRoot := append(fixed(n, true), lists...)
	// A use's root grows as its parent sizes it (FILL) or as the plugin resizes it, not by its
	// own constraints (placement: the plugin resizes no instance to follow them).
	s.root = hash(asRoot, box(n, both, s.grows&^stretched(n)|resizable(n)), kids, childFree)
	s.paint = paintKey(n, kids)
	s.exact = hash(asRoot, box(n, both, 0), kids, 0)
	f := sha256.New()
	fmt.Fprintf(f, "%s/%d/", n.Type, len(kids))
	for _, k := range kids {
		f.Write(k.form[:])
	}
	copy(s.form[:], f.Sum(nil))
	shapes[n] = s
	return s
}

// box encodes the x, y, width and height of n but for the positions on the axes of moved and the
// sizes on the axes of resized.
func box(n *resultjson.Node, moved, resized axes) []byte {
	var b []byte
	for _, m := range []struct {
		v    float64
		free bool
	}{{n.X, moved&horizontal != 0}, {n.Y, moved&vertical != 0}, {n.Width, resized&horizontal != 0}, {n.Height, resized&vertical != 0}} {
		if !m.free {
			b = strconv.AppendFloat(b, m.v, 'g', -1, 64)
		}
		b = append(b, ';')
	}
	return b
}

// hash is the key of a node of own members and box whose children (kids) may move and grow on
// the axes of free.
func hash(own, box []byte, kids []shape, free axes) key {
	h := sha256.New()
	h.Write(own)
	h.Write(box)
	for _, k := range kids {
		h.Write(k.inner[free][:])
	}
	var out key
	copy(out[:], h.Sum(nil))
	return out
}

// listSignature encodes which of n's children carry a list (ListText) and which siblings each
// replaces, by child index: what uses must share, as the ids in ListText.Replaces are each use's
// own (nil when no child carries a list).
func listSignature(n *resultjson.Node) []byte {
	var at map[string]int
	var b []byte
	for i, c := range n.Children {
		if c.ListText == nil {
			continue
		}
		if at == nil {
			at = make(map[string]int, len(n.Children))
			for j, k := range n.Children {
				at[k.ID] = j
			}
		}
		b = append(strconv.AppendInt(append(b, "list "...), int64(i), 10), ':')
		for _, id := range c.ListText.Replaces {
			b = append(strconv.AppendInt(b, int64(at[id]), 10), ',')
		}
		b = append(b, ';')
	}
	return b
}

// fixed encodes what an INSTANCE takes from its main component of node n: n without its
// children, box (x, y, width, height: box) and overridable members (and, for a use's root, its
// placement); a list TEXT's list but for its replaced siblings (listSignature) and what an
// instance overrides (its characters, ranges and height).
func fixed(n *resultjson.Node, asRoot bool) []byte {
	c := *n
	c.Children = nil
	if c.ListText != nil {
		c.ListText = &resultjson.ListText{}
	}
	c.X, c.Y, c.Width, c.Height = 0, 0, 0, 0
	c.Component = resultjson.Component{}
	clearOverridable(&c)
	if asRoot {
		clearPlacement(&c)
	}
	b, err := json.Marshal(&c)
	if err != nil {
		return []byte(err.Error()) // unreachable: a node always encodes
	}
	return b
}

// clearOverridable clears the overridable members of every node (Overridable but for the
// root's placement).
func clearOverridable(c *resultjson.Node) {
	c.ID, c.Name, c.Characters, c.ImageRef = "", "", "", ""
	setPaint(c, &resultjson.Node{})
}

// setPaint gives node c the paint and typography members of u (Overridable's "how it paints"
// and a TEXT's typography, its segments included). Slices are shared, not copied: neither node
// is changed through them.
func setPaint(c, u *resultjson.Node) {
	c.Opacity, c.Fills, c.Strokes, c.Effects = u.Opacity, u.Fills, u.Strokes, u.Effects
	c.StrokeWeight, c.StrokeTopWeight, c.StrokeRightWeight, c.StrokeBottomWeight, c.StrokeLeftWeight =
		u.StrokeWeight, u.StrokeTopWeight, u.StrokeRightWeight, u.StrokeBottomWeight, u.StrokeLeftWeight
	c.FillStyleID, c.StrokeStyleID, c.EffectStyleID, c.TextStyleID = u.FillStyleID, u.StrokeStyleID, u.EffectStyleID, u.TextStyleID
	c.FontName, c.FontSize, c.FontWeight, c.LineHeight, c.LetterSpacing = u.FontName, u.FontSize, u.FontWeight, u.LineHeight, u.LetterSpacing
	c.TextCase, c.TextDecoration, c.StyledTextSegments = u.TextCase, u.TextDecoration, u.StyledTextSegments
}

// clearPlacement clears where a use's root sits in its parent.
func clearPlacement(c *resultjson.Node) {
	c.X, c.Y = 0, 0
	c.LayoutPositioning, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.ScrollBehavior = "", "", "", ""
	c.Constraints, c.GridChild = nil, resultjson.GridChild{}
}

// Check says why the uses would not draw exactly as they are when each is an INSTANCE of a
// component made from main with the overrides of Overridable ("" when they would): it builds
// each instance as the plugin does, a copy of main's tree with the use's overrides and
// placement, lets Figma's auto layout give it the use's text sizes (settle), and compares it
// with the use node by node: every member equal, the boxes within layout.Tolerance.
func Check(main *resultjson.Node, uses []*resultjson.Node) string {
	for _, u := range uses {
		inst, why := instance(main, u, true)
		if why != "" {
			return why
		}
		hug(inst, main)
		if inst.LayoutSizingHorizontal != main.LayoutSizingHorizontal || inst.LayoutSizingVertical != main.LayoutSizingVertical {
			layout.Hug(inst) // an instance set to HUG where its main does not takes its content's size
		}
		place(inst, main)
		if why := compare(inst, u, u); why != "" {
			return fmt.Sprintf("%s, as an instance of %s, would %s", u.ID, main.ID, why)
		}
	}
	return ""
}

// hug gives every hugging auto-layout frame of the instance tree n (a copy of main) whose
// children changed size the size of its children, innermost first (layout.Hug).
func hug(n, main *resultjson.Node) {
	changed := false
	for i, c := range n.Children {
		hug(c, main.Children[i])
		changed = changed || resized(c, main.Children[i])
	}
	if changed {
		layout.Hug(n)
	}
}

// place lets every auto-layout frame of the instance tree n that changed size, or whose
// children did, place its children as Figma does (layout.LayOut), outermost first; a child that
// auto layout does not place (an ABSOLUTE one, any child of a frame without auto layout) follows
// the frame's new size by its constraints (layout.Follow).
func place(n, main *resultjson.Node) {
	changed := resized(n, main)
	for i, c := range n.Children {
		changed = changed || resized(c, main.Children[i])
	}
	switch dw, dh := n.Width-main.Width, n.Height-main.Height; {
	case changed && n.LayoutMode != "":
		for i, b := range layout.LayOut(n) {
			c := n.Children[i]
			c.X, c.Y, c.Width, c.Height = b.X, b.Y, b.Width, b.Height
			if c.LayoutPositioning == layout.PositionAbsolute {
				layout.Follow(c, dw, dh) // by its constraints
			}
		}
	case changed:
		for _, c := range n.Children {
			layout.Follow(c, dw, dh)
		}
	}
	for i, c := range n.Children {
		place(c, main.Children[i])
	}
}

func resized(n, main *resultjson.Node) bool {
	return n.Width != main.Width || n.Height != main.Height
}

// compare says which layer of the instance tree got is not as the use want (under the use's
// root) has it, as what the instance would do: draw a layer with a member that differs, hold a
// use of another component (or none) where the main holds a nested instance, or draw a box edge
// more than layout.Tolerance away ("" when none).
func compare(got, want, root *resultjson.Node) string {
	layer := "itself"
	if want != root {
		layer = "its layer " + want.ID
		if want.Name != "" {
			layer += " (" + want.Name + ")"
		}
	}
	g, err1 := json.Marshal(bare(got))
	w, err2 := json.Marshal(bare(want))
	if err1 != nil || err2 != nil || string(g) != string(w) {
		return "draw " + layer + " with other styles than the page's (members an instance does not override)"
	}
	if got.ComponentID != want.ComponentID {
		// A nested instance is the main's: the use must hold a use of the same component there.
		return "hold another component than the page's at " + layer
	}
	edges := []float64{got.X - want.X, got.Y - want.Y, got.X + got.Width - want.X - want.Width, got.Y + got.Height - want.Y - want.Height}
	for _, d := range edges {
		if math.Abs(d) > layout.Tolerance {
			return fmt.Sprintf("draw %s %.1f px off its box on the page", layer, math.Abs(d))
		}
	}
	for i, c := range got.Children {
		if why := compare(c, want.Children[i], root); why != "" {
			return why
		}
	}
	return ""
}

// bare copies node n without its children, box and component members, for comparing.
func bare(n *resultjson.Node) *resultjson.Node {
	c := *n
	c.Component = resultjson.Component{}
	c.Children = nil
	c.X, c.Y, c.Width, c.Height = 0, 0, 0, 0
	return &c
}

// instance copies the tree of main with the overrides of use u applied, and for the root its
// placement; why is set when the two trees do not pair up node for node.
func instance(main, u *resultjson.Node, root bool) (*resultjson.Node, string) {
	if len(main.Children) != len(u.Children) || main.Type != u.Type {
		return nil, fmt.Sprintf("%s and %s differ in structure", main.ID, u.ID)
	}
	c := *main
	c.ID, c.Name, c.Characters, c.ImageRef = u.ID, u.Name, u.Characters, u.ImageRef
	c.ListText = u.ListText // the use's own list: its characters, ranges, height and siblings
	setPaint(&c, u)
	if main.Type == "TEXT" {
		// The text lays its new characters out at the use's size where it grows (where it
		// stretches, its frame's new size gives it its own: place).
		g := grows(main, nil) &^ stretched(main)
		if g&horizontal != 0 {
			c.Width = u.Width
		}
		if g&vertical != 0 {
			c.Height = u.Height
		}
	}
	if root {
		c.X, c.Y = u.X, u.Y
		c.LayoutPositioning, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.ScrollBehavior = u.LayoutPositioning, u.LayoutSizingHorizontal, u.LayoutSizingVertical, u.ScrollBehavior
		c.Constraints, c.GridChild = u.Constraints, u.GridChild
		c.Component = u.Component // the use's own members: a root is compared below them
		// The plugin resizes the instance where the use lets it (resizable: its layout mode and
		// children's sizing are main's).
		if r := resizable(u); r != 0 {
			if r&horizontal != 0 {
				c.Width = u.Width
			}
			if r&vertical != 0 {
				c.Height = u.Height
			}
		}
	}
	if main.Children != nil {
		c.Children = make([]*resultjson.Node, len(main.Children))
		for i, k := range main.Children {
			kid, why := instance(k, u.Children[i], false)
			if why != "" {
				return nil, why
			}
			c.Children[i] = kid
		}
	}
	return &c, ""
}
