// Package components is the components pass of the conversion (docs/conversion.md
// "Components"): subtrees the page repeats with the same structure, styles and boxes, differing
// only in content, are marked as uses of one component (componentId on each, componentName on
// the first), which the plugin makes one main COMPONENT and an INSTANCE per use. It runs on the
// finished tree and changes no node but for those two members, so the picture stays the same
// for every reader.
package components

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/code2des/backend/worker/convert/boxtree"
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
// INSTANCE's layers after createInstance (the rest comes from the main component).
//   - every node: id, name;
//   - TEXT: characters, and the characters, start, end and hyperlink of each of its
//     styledTextSegments (the segments' styles are the same);
//   - IMAGE paints of fills: imageRef, imageTransform and scalingFactor (the image, not how
//     many paints or of which kind);
//   - the use's root only: x, y and how it sits in its parent (layoutPositioning,
//     layoutSizingHorizontal, layoutSizingVertical, the grid child members, scrollBehavior).
var Overridable = []string{"id", "name", "characters", "styledTextSegments", "fills", "x", "y", "layoutPositioning",
	"layoutSizingHorizontal", "layoutSizingVertical", "gridRowAnchorIndex", "gridColumnAnchorIndex", "gridRowSpan",
	"gridColumnSpan", "gridChildHorizontalAlign", "gridChildVerticalAlign", "scrollBehavior"}

type key [sha256.Size]byte

// shape is what the pass knows of one node: the hash of its subtree without the overridable
// members (inner: as a layer inside a use; root: as a use's root, its placement left out) and
// its node count.
type shape struct {
	inner, root key
	nodes       int
	// table marks a table's row or cell, never a use (TableParts).
	table bool
}

// Build marks the repeated subtrees of the tree under root (root itself never, nor the nodes of
// tableParts) and returns a COMPONENT_SKIPPED diagnostic, at most room of them, for each repeat
// left plain. Components are numbered C:1, C:2, ... in the document order of their first use.
func Build(root *resultjson.Node, room int, tableParts map[*resultjson.Node]bool) []resultjson.Diagnostic {
	shapes := map[*resultjson.Node]shape{}
	measure(root, shapes)
	for n := range tableParts {
		s := shapes[n]
		s.table = true
		shapes[n] = s
	}
	uses := map[key]int{}
	root.Walk(func(n *resultjson.Node) {
		if n != root && eligible(n, shapes) {
			uses[shapes[n].root]++
		}
	})
	groups, order := repeats(root, shapes, uses)

	diags := []resultjson.Diagnostic{}
	skip := func(n *resultjson.Node, why string) {
		if len(diags) < room {
			diags = append(diags, resultjson.Diagnostic{Code: resultjson.DiagComponentSkipped, NodeID: n.ID,
				Message: callback.TruncateUTF8(fmt.Sprintf("%s is repeated %d times but stays plain frames: %s", n.Name, len(groups[shapes[n].root]), why), resultjson.MaxWarningMessageBytes)})
		}
	}
	names := map[string]bool{}
	made := 0
	for _, k := range order {
		members := groups[k]
		if len(members) < MinUses {
			continue // its other uses are inside larger repeats
		}
		if made >= MaxComponents {
			skip(members[0], fmt.Sprintf("the result has its %d components", MaxComponents))
			continue
		}
		if why := Check(members[0], members[1:]); why != "" {
			skip(members[0], why)
			continue
		}
		made++
		id := "C:" + strconv.Itoa(made)
		for _, m := range members {
			m.ComponentID = id
		}
		members[0].ComponentName = unique(Name(members), names)
	}
	return diags
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
				if k := shapes[c].root; eligible(c, shapes) && uses[k] >= MinUses && !banned[k] {
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

// measure computes the shape of every node under n, children first.
func measure(n *resultjson.Node, shapes map[*resultjson.Node]shape) shape {
	kids := make([]shape, len(n.Children))
	nodes := 1
	for i, c := range n.Children {
		kids[i] = measure(c, shapes)
		nodes += kids[i].nodes
	}
	s := shape{inner: hash(fixed(n, false), kids), root: hash(fixed(n, true), kids), nodes: nodes}
	shapes[n] = s
	return s
}

func hash(own []byte, kids []shape) key {
	h := sha256.New()
	h.Write(own)
	for _, k := range kids {
		h.Write(k.inner[:])
	}
	var out key
	copy(out[:], h.Sum(nil))
	return out
}

// fixed encodes what an INSTANCE takes from its main component of node n: n without its
// children and overridable members (and, for a use's root, its placement).
func fixed(n *resultjson.Node, asRoot bool) []byte {
	c := *n
	c.Children = nil
	c.Component = resultjson.Component{}
	clearContent(&c)
	if asRoot {
		clearPlacement(&c)
	}
	b, err := json.Marshal(&c)
	if err != nil {
		return []byte(err.Error()) // unreachable: a node always encodes
	}
	return b
}

// clearContent clears the overridable members of every node: id, name, characters, the
// segments' text and links, the images of IMAGE paints. Slices are copied, not changed.
func clearContent(c *resultjson.Node) {
	c.ID, c.Name, c.Characters = "", "", ""
	if c.StyledTextSegments != nil {
		segs := make([]resultjson.StyledTextSegment, len(c.StyledTextSegments))
		for i, s := range c.StyledTextSegments {
			s.Characters, s.Start, s.End, s.Hyperlink = "", 0, 0, nil
			segs[i] = s
		}
		c.StyledTextSegments = segs
	}
	if c.Fills != nil {
		fills := make([]resultjson.Paint, len(*c.Fills))
		for i, p := range *c.Fills {
			if p.Type == "IMAGE" {
				p.ImageRef, p.ImageTransform, p.ScalingFactor = "", nil, nil
			}
			fills[i] = p
		}
		c.Fills = &fills
	}
}

// clearPlacement clears where a use's root sits in its parent.
func clearPlacement(c *resultjson.Node) {
	c.X, c.Y = 0, 0
	c.LayoutPositioning, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.ScrollBehavior = "", "", "", ""
	c.GridChild = resultjson.GridChild{}
}

// Check says why the uses would not draw exactly as they are when each is an INSTANCE of a
// component made from main with the overrides of Overridable ("" when they would): it builds
// each instance as the plugin does, a copy of main's tree with the use's overrides and
// placement, and compares it with the use, every member of every node (boxes included).
func Check(main *resultjson.Node, uses []*resultjson.Node) string {
	for _, u := range uses {
		inst, why := instance(main, u, true)
		if why != "" {
			return why
		}
		want, err1 := json.Marshal(bare(u))
		got, err2 := json.Marshal(bare(inst))
		if err1 != nil || err2 != nil {
			return "a use could not be encoded"
		}
		if string(want) != string(got) {
			return fmt.Sprintf("%s would not draw its own boxes and styles as an instance of %s", u.ID, main.ID)
		}
	}
	return ""
}

// bare copies the tree under n without component members, for comparing.
func bare(n *resultjson.Node) *resultjson.Node {
	c := *n
	c.Component = resultjson.Component{}
	c.Children = make([]*resultjson.Node, len(n.Children))
	for i, k := range n.Children {
		c.Children[i] = bare(k)
	}
	if n.Children == nil {
		c.Children = nil
	}
	return &c
}

// instance copies the tree of main with the overrides of use u applied, and for the root its
// placement; why is set when the two trees do not pair up node for node.
func instance(main, u *resultjson.Node, root bool) (*resultjson.Node, string) {
	if len(main.Children) != len(u.Children) || main.Type != u.Type {
		return nil, fmt.Sprintf("%s and %s differ in structure", main.ID, u.ID)
	}
	c := *main
	c.ID, c.Name, c.Characters = u.ID, u.Name, u.Characters
	if main.StyledTextSegments != nil || u.StyledTextSegments != nil {
		if len(main.StyledTextSegments) != len(u.StyledTextSegments) {
			return nil, fmt.Sprintf("%s has %d text ranges, %s %d", u.ID, len(u.StyledTextSegments), main.ID, len(main.StyledTextSegments))
		}
		c.StyledTextSegments = make([]resultjson.StyledTextSegment, len(main.StyledTextSegments))
		for i, s := range main.StyledTextSegments {
			o := u.StyledTextSegments[i]
			s.Characters, s.Start, s.End, s.Hyperlink = o.Characters, o.Start, o.End, o.Hyperlink
			c.StyledTextSegments[i] = s
		}
	}
	if main.Fills != nil && u.Fills != nil && len(*main.Fills) == len(*u.Fills) {
		fills := make([]resultjson.Paint, len(*main.Fills))
		for i, p := range *main.Fills {
			if o := (*u.Fills)[i]; p.Type == "IMAGE" && o.Type == "IMAGE" {
				p.ImageRef, p.ImageTransform, p.ScalingFactor = o.ImageRef, o.ImageTransform, o.ScalingFactor
			}
			fills[i] = p
		}
		c.Fills = &fills
	}
	if root {
		c.X, c.Y = u.X, u.Y
		c.LayoutPositioning, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.ScrollBehavior = u.LayoutPositioning, u.LayoutSizingHorizontal, u.LayoutSizingVertical, u.ScrollBehavior
		c.GridChild = u.GridChild
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

// Name names a component by what its uses are: their name when they share it, else the kind
// their names share before " / " (naming.Layer's "Card / Alpha", "Card / Beta": "Card"), else
// the first use's name; a bare tag name (a layer named after its element) reads as a word
// (tagWords: "li" is "List item").
func Name(uses []*resultjson.Node) string {
	name := shared(uses)
	if w := tagWords[name]; w != "" {
		return w
	}
	return name
}

// tagWords are the words of the tags a layer without a better name is named after.
var tagWords = map[string]string{"a": "Link", "li": "List item", "button": "Button", "pre": "Code block", "code": "Code", "kbd": "Key",
	"h1": "Heading 1", "h2": "Heading 2", "h3": "Heading 3", "h4": "Heading 4", "h5": "Heading 5", "h6": "Heading 6", "p": "Paragraph",
	"div": "Box", "span": "Box", "article": "Article", "section": "Section", "label": "Label", "figure": "Figure", "blockquote": "Quote",
	"dt": "Term", "dd": "Description", "input": "Input", "select": "Select", "img": "Image"}

// shared is the name the uses share (Name without the tag words).
func shared(uses []*resultjson.Node) string {
	first := uses[0].Name
	same, kind := true, strings.SplitN(first, " / ", 2)[0]
	for _, u := range uses[1:] {
		same = same && u.Name == first
		if strings.SplitN(u.Name, " / ", 2)[0] != kind {
			kind = ""
		}
	}
	switch {
	case same && first != "":
		return first
	case kind != "":
		return kind
	case first != "":
		return first
	}
	return "Component"
}

// unique returns name, or name with " 2", " 3", ... when taken, within naming.MaxNameRunes.
func unique(name string, taken map[string]bool) string {
	base := name
	for i := 2; taken[name]; i++ {
		suffix := " " + strconv.Itoa(i)
		for utf8.RuneCountInString(base)+len(suffix) > naming.MaxNameRunes {
			_, size := utf8.DecodeLastRuneInString(base)
			base = base[:len(base)-size]
		}
		name = base + suffix
	}
	taken[name] = true
	return name
}
