package artifacts

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
)

// Components (result version 2, docs/results.md "Components"): a node with componentId is one use
// of a component, an INSTANCE for the plugin; the first use of each component in document order
// has componentName too, and the plugin makes the main COMPONENT from its tree. Every use keeps
// its whole tree (a reader that ignores the two members draws the same picture), and every use
// has the first use's tree but for what an INSTANCE can override: componentOverridable anywhere,
// componentPlacement on the use's root, and the sizes Figma's auto layout gives a layer once its
// characters change (growth). The walker (tree.go) hashes each node's other members to check
// that. A use may hold uses of other components (nested instances: a card holding a button);
// componentId is part of the shape, so every use of the outer component holds a use of the same
// component at the same place. No component holds a use of itself, directly or through another:
// the uses of one component have the same node count, and a nested use has fewer nodes than the
// use around it.

// Bounds of components.
const (
	// MaxComponents is the most components of a result.
	MaxComponents = 1000
	// MaxComponentNameLength bounds componentName, in characters.
	MaxComponentNameLength = 255
)

var (
	// componentOverridable are the node members an INSTANCE's layers may override.
	// Figma lets an instance override its layers' content and paint: visibility, characters and
	// typography, opacity, fills, strokes and their weights, effects, and the styles bound to
	// them, and an SVG's icon (imageRef: the plugin swaps an icon component); not their
	// structure or boxes. componentId is not among them: a nested instance is the main's.
	componentOverridable = map[string]bool{"id": true, "name": true, "visible": true, "characters": true, "styledTextSegments": true,
		"opacity": true, "fills": true, "strokes": true, "strokeWeight": true, "strokeTopWeight": true, "strokeRightWeight": true,
		"strokeBottomWeight": true, "strokeLeftWeight": true, "effects": true, "fillStyleId": true, "strokeStyleId": true,
		"effectStyleId": true, "textStyleId": true, "fontName": true, "fontSize": true, "fontWeight": true, "lineHeight": true,
		"letterSpacing": true, "textCase": true, "textDecoration": true, "imageRef": true,
		"componentName": true, "componentVariants": true, "variantOf": true, "variantProperties": true}
	// componentPlacement are the members of a use's root that say where it sits in its parent.
	componentPlacement = map[string]bool{"x": true, "y": true, "constraints": true, "layoutPositioning": true, "layoutSizingHorizontal": true,
		"layoutSizingVertical": true, "gridRowAnchorIndex": true, "gridColumnAnchorIndex": true, "gridRowSpan": true, "gridColumnSpan": true,
		"gridChildHorizontalAlign": true, "gridChildVerticalAlign": true, "scrollBehavior": true}
)

// shapeKey is a hash of a node's members an INSTANCE cannot override.
type shapeKey [sha256.Size]byte

// nodeShape collects one node's members, as compact JSON, for its shape keys.
type nodeShape struct {
	members []shapeMember
}

type shapeMember struct {
	key   string
	value []byte
}

// add records member key whose value is raw (stored bytes, possibly with the ':' and space
// before it), unless an INSTANCE may override it anywhere.
func (s *nodeShape) add(key string, raw []byte) {
	if componentOverridable[key] {
		return
	}
	var b bytes.Buffer
	if err := json.Compact(&b, bytes.TrimLeft(raw, " \t\r\n:")); err != nil {
		b.Reset()
		b.Write(raw)
	}
	s.members = append(s.members, shapeMember{key: key, value: b.Bytes()})
}

// growth is a set of the axes on which a layer of a use may have another size than the first
// use's layer, because Figma's auto layout sizes it from its content once an instance's characters
// change: a TEXT whose textAutoResize grows it (WIDTH_AND_HEIGHT: width and height, HEIGHT:
// height) and which is not FIXED or FILL on that axis; a HORIZONTAL or VERTICAL frame without
// wrap that hugs (HUG) on an axis where a flowing child grows; a layer that fills (FILL) its
// auto-layout parent on an axis, or an ABSOLUTE one whose constraints STRETCH it there (its
// parent gives it its size). The children of every such frame (hugging or not) may sit
// elsewhere and grow, as its auto layout places them. A transformed node never grows.
type growth uint8

const (
	growsWidth growth = 1 << iota
	growsHeight
)

// growth says on which axes the node of type typ, members s and structure st grows.
func (s *nodeShape) growth(typ string, st *nodeStructure, transformed bool) growth {
	var g growth
	hugs := func(sizing string) bool { return sizing == "" || sizing == "HUG" }
	switch {
	case transformed:
	case typ == NodeText:
		resize := s.value("textAutoResize")
		if resize == `"WIDTH_AND_HEIGHT"` && hugs(st.enums["layoutSizingHorizontal"]) {
			g |= growsWidth
		}
		if (resize == `"WIDTH_AND_HEIGHT"` || resize == `"HEIGHT"`) && hugs(st.enums["layoutSizingVertical"]) {
			g |= growsHeight
		}
	case flows(st):
		var inner growth
		for _, c := range st.children {
			if !c.absolute {
				inner |= c.grows
			}
		}
		if st.enums["layoutSizingHorizontal"] == "HUG" {
			g |= inner & growsWidth
		}
		if st.enums["layoutSizingVertical"] == "HUG" {
			g |= inner & growsHeight
		}
	}
	// A layer that fills its auto-layout parent on an axis, or an ABSOLUTE one whose
	// constraints stretch it with the parent, takes its size there from the parent.
	if transformed {
		return g
	}
	if st.enums["layoutSizingHorizontal"] == "FILL" {
		g |= growsWidth
	}
	if st.enums["layoutSizingVertical"] == "FILL" {
		g |= growsHeight
	}
	return g | s.stretched(st)
}

// stretched is the axes on which the constraints of an ABSOLUTE node of structure st STRETCH it
// with its parent (none for another node, or for constraints that are not an object of two
// strings: the member is passed on unchecked). A use's root does not grow by them: its
// constraints are placement, and the plugin resizes no instance to follow them.
func (s *nodeShape) stretched(st *nodeStructure) growth {
	var c struct {
		Horizontal string `json:"horizontal"`
		Vertical   string `json:"vertical"`
	}
	if st.enums["layoutPositioning"] != "ABSOLUTE" {
		return 0
	}
	if v := s.value("constraints"); v == "" || json.Unmarshal([]byte(v), &c) != nil {
		return 0
	}
	var g growth
	if c.Horizontal == "STRETCH" {
		g |= growsWidth
	}
	if c.Vertical == "STRETCH" {
		g |= growsHeight
	}
	return g
}

// flows says whether the node of structure st is a HORIZONTAL or VERTICAL frame without wrap,
// whose children auto layout places one after another: they may sit elsewhere and grow.
func flows(st *nodeStructure) bool {
	mode := st.enums["layoutMode"]
	return (mode == "HORIZONTAL" || mode == "VERTICAL") && st.enums["layoutWrap"] != "WRAP"
}

// value is the compact JSON of member key ("" when the node has none).
func (s *nodeShape) value(key string) string {
	for _, m := range s.members {
		if m.key == key {
			return string(m.value)
		}
	}
	return ""
}

// resizable says on which axes a use's root of structure st may have another size than its
// first use's: the plugin resizes the instance, and Figma's auto layout places its children
// again. A HORIZONTAL or VERTICAL frame without wrap that does not hug (HUG) on that axis (a
// card a grid row stretches to its own height).
func resizable(st *nodeStructure, transformed bool) growth {
	if transformed || !flows(st) {
		return 0
	}
	var g growth
	if st.enums["layoutSizingHorizontal"] != "HUG" {
		g |= growsWidth
	}
	if st.enums["layoutSizingVertical"] != "HUG" {
		g |= growsHeight
	}
	return g
}

// keys returns the node's shape as a layer of a use (inner, by the axes on which its parent lets
// it move and grow) and as a use's root (placement members, its growth but by its own
// constraints, stretched, and the sizes on the axes of resized left out), from its members, its
// growth g and its children's inner keys in order (those that may move and grow when flow says
// auto layout places them).
func (s *nodeShape) keys(children []childStructure, g, stretched, resized growth, flow bool) (inner [4]shapeKey, root shapeKey) {
	var childFree growth
	if flow {
		childFree = growsWidth | growsHeight
	}
	slices.SortFunc(s.members, func(a, b shapeMember) int { return bytes.Compare([]byte(a.key), []byte(b.key)) })
	left := func(key string, moved, resized growth) bool {
		switch key {
		case "x":
			return moved&growsWidth != 0
		case "y":
			return moved&growsHeight != 0
		case "width":
			return resized&growsWidth != 0
		case "height":
			return resized&growsHeight != 0
		}
		return false
	}
	hash := func(asRoot bool, free growth) shapeKey {
		h := sha256.New()
		sized := free & g
		if asRoot {
			sized = sized&^stretched | resized
		}
		for _, m := range s.members {
			if asRoot && componentPlacement[m.key] || left(m.key, free, sized) {
				continue
			}
			fmt.Fprintf(h, "%d:%s%d:", len(m.key), m.key, len(m.value))
			h.Write(m.value)
		}
		for _, c := range children {
			h.Write([]byte{'/'})
			h.Write(c.shapes[childFree][:])
		}
		var k shapeKey
		copy(k[:], h.Sum(nil))
		return k
	}
	for free := range growth(len(inner)) {
		inner[free] = hash(false, free)
	}
	return inner, hash(true, growsWidth|growsHeight)
}

// componentUse is one node with componentId, in the order the nodes end.
type componentUse struct {
	id, nodeID string
	name       *string
	set        setVariant
	root       shapeKey
	// inside is the index of the first use inside this one: the uses from it up to this one's
	// own index are nested in it.
	inside int
}

// componentMember reads componentId or componentName.
func (w *treeWalker) componentMember(key string) (*string, error) {
	w.structured = true
	s, err := w.str(key)
	if err != nil {
		return nil, err
	}
	limit := MaxIdentifierLength
	if key == "componentName" {
		limit = MaxComponentNameLength
	}
	if !lengthIn(*s, 1, limit) {
		return nil, fmt.Errorf("%q must have 1 to %d characters", key, limit)
	}
	return s, nil
}

// checkComponentNode applies the rules of one node's component members and records a use.
func (w *treeWalker) checkComponentNode(depth int, typ, id string, compID, compName *string, set setVariant, root shapeKey, inside int) error {
	if compID == nil {
		if compName != nil {
			return fmt.Errorf("node %q has componentName without componentId", id)
		}
		return nil
	}
	if typ != NodeFrame || depth == 1 {
		return fmt.Errorf("node %q is a %s at depth %d; only a FRAME below the root can be a use of a component", id, typ, depth)
	}
	w.components = append(w.components, componentUse{id: *compID, nodeID: id, name: compName, set: set, root: root, inside: inside})
	return nil
}

// checkComponents applies the rules across uses: at most MaxComponents components; the first use
// of each (in document order) has componentName and the others do not; every use has the first
// use's shape (tree.go: the same node types, child counts and members but the overridable ones).
func checkComponents(uses []componentUse) error {
	first := map[string]componentUse{}
	for _, u := range uses {
		m, ok := first[u.id]
		if !ok {
			if len(first) == MaxComponents {
				return invalid(ErrInvalidTree, "result node tree: more than %d components", MaxComponents)
			}
			if u.name == nil {
				return invalid(ErrInvalidTree, "result node tree: node %q is the first use of component %q but has no componentName", u.nodeID, u.id)
			}
			first[u.id] = u
			continue
		}
		if u.name != nil {
			return invalid(ErrInvalidTree, "result node tree: node %q has componentName but is not the first use of component %q (%q is)", u.nodeID, u.id, m.nodeID)
		}
		if u.root != m.root {
			return invalid(ErrInvalidTree, "result node tree: node %q is a use of component %q but differs from its first use %q in more than what an instance overrides", u.nodeID, u.id, m.nodeID)
		}
	}
	return checkSets(uses, first)
}
