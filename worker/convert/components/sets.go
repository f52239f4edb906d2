package components

import (
	"slices"
	"strconv"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Variants of one kind (docs/conversion.md "Variants of one kind"). Siblings drawn from elements
// of one tag with the same form (node types and child counts) that Build could not make uses of
// one component, because they differ in a box or a member an instance cannot override (a nav's
// current link whose border changes its padding, the featured card of a pricing table), become
// the components of one component set. Each group of such siblings that Check lets be uses of one
// component (the same root key, drawn as the group's first) is a component; the component with
// the most uses among them (the first of those in document order) is the set's Default variant,
// and the first use of each other one says so (VariantOf) and names its value of the Variant
// property (VariantProperties). Every use stays an instance of a component whose first use it
// draws as, so the picture stays the same.

// MaxSetVariants is the most components of one set, its Default included (the backend's bound):
// siblings of more kinds than that stay as they are.
const MaxSetVariants = resultjson.MaxSetVariants

// MinSetSiblings is how many siblings of one kind make a set when none of its components has
// MinUses uses (the cards of a grid, each of its own layout); fewer make one only around a
// component that repeats (a nav's links and its current one).
const MinSetSiblings = 3

// variantMarkers are class tokens that name a variant: a variant whose first use's element has
// one that the Default's first use lacks takes its value ("is-active": "Active"); other variants
// are "Variant 2", "Variant 3", ... in the order of their first uses among the siblings.
var variantMarkers = map[string]string{
	"active": "Active", "is-active": "Active", "current": "Current", "is-current": "Current",
	"selected": "Selected", "is-selected": "Selected", "featured": "Featured", "is-featured": "Featured",
	"highlighted": "Highlighted", "disabled": "Disabled", "is-disabled": "Disabled",
}

// variantSets makes the component sets of the siblings of one kind under root, outermost first;
// newComponent makes uses one component and returns its id ("" when the result has no room).
func variantSets(root *resultjson.Node, shapes map[*resultjson.Node]shape, elements map[*resultjson.Node]Element, newComponent func([]*resultjson.Node) string) {
	s := setMaker{shapes: shapes, elements: elements, newComponent: newComponent, usesOf: map[string][]*resultjson.Node{}, inSet: map[string]bool{}}
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentID != "" {
			s.usesOf[n.ComponentID] = append(s.usesOf[n.ComponentID], n)
		}
	})
	s.walk(root)
}

type setMaker struct {
	shapes       map[*resultjson.Node]shape
	elements     map[*resultjson.Node]Element
	newComponent func([]*resultjson.Node) string
	// usesOf are the uses of each component in document order; inSet the components of a set.
	usesOf map[string][]*resultjson.Node
	inSet  map[string]bool
}

// walk makes the sets of p's children, then of the children of every plain child.
func (s *setMaker) walk(p *resultjson.Node) {
	type kind struct {
		tag  string
		form key
	}
	groups := map[kind][]*resultjson.Node{}
	var order []kind
	for _, c := range p.Children {
		if !eligible(c, s.shapes) {
			continue
		}
		k := kind{s.elements[c].Tag, s.shapes[c].form}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, k := range order {
		if len(groups[k]) >= MinUses {
			s.set(groups[k])
		}
	}
	for _, c := range p.Children {
		if c.ComponentID == "" {
			s.walk(c)
		}
	}
}

// set makes one component set of siblings, when they are of at least two components or
// hold a group of plain ones that can be one.
func (s *setMaker) set(siblings []*resultjson.Node) {
	var existing []string
	var plain []*resultjson.Node
	for _, m := range siblings {
		switch id := m.ComponentID; {
		case id == "":
			plain = append(plain, m)
		case !s.inSet[id] && !slices.Contains(existing, id):
			existing = append(existing, id)
		}
	}
	plain, inner := s.clearable(plain)
	var clusters [][]*resultjson.Node
	for _, m := range plain {
		joined := false
		for i, c := range clusters {
			if s.shapes[c[0]].class == s.shapes[m].class && Check(c[0], []*resultjson.Node{m}) == "" {
				clusters[i], joined = append(c, m), true
				break
			}
		}
		if !joined {
			clusters = append(clusters, []*resultjson.Node{m})
		}
		if len(existing)+len(clusters) > MaxSetVariants {
			return
		}
	}
	if len(existing)+len(clusters) < 2 {
		return // one component already, or none
	}
	most := 0
	for _, id := range existing {
		most = max(most, len(s.usesOf[id]))
	}
	for _, c := range clusters {
		most = max(most, len(c))
	}
	if most < MinUses && len(siblings) < MinSetSiblings {
		return // two of a kind that repeat nothing
	}
	for _, id := range inner {
		for _, u := range s.usesOf[id] {
			u.Component = resultjson.Component{}
		}
		delete(s.usesOf, id)
	}
	ids := existing
	for _, c := range clusters {
		id := s.newComponent(c)
		if id == "" {
			break
		}
		s.usesOf[id] = c
		ids = append(ids, id)
	}
	if len(ids) < 2 {
		return
	}
	def := ids[0]
	for _, id := range ids[1:] {
		if len(s.usesOf[id]) > len(s.usesOf[def]) {
			def = id
		}
	}
	taken := map[string]bool{resultjson.StateDefault: true}
	n := 1
	for _, id := range ids {
		s.inSet[id] = true
		if id == def {
			continue
		}
		n++
		first := s.usesOf[id][0]
		first.VariantOf = def
		first.VariantProperties = map[string]string{resultjson.VariantPropertyVariant: unique(s.value(first, s.usesOf[def][0], n), taken)}
	}
}

// value is the Variant value of the variant whose first use is first, the set's Default's first
// use being def, the n-th component of its set (variantMarkers).
func (s *setMaker) value(first, def *resultjson.Node, n int) string {
	for _, c := range s.elements[first].Classes {
		if v := variantMarkers[c]; v != "" && !slices.Contains(s.elements[def].Classes, c) {
			return v
		}
	}
	return "Variant " + strconv.Itoa(n)
}

// clearable drops from plain the siblings that hold uses of a component some of whose uses
// are elsewhere (an instance cannot hold another use), and returns the rest with the components
// whose uses all sit inside them: those stop being components when the siblings become uses.
func (s *setMaker) clearable(plain []*resultjson.Node) ([]*resultjson.Node, []string) {
	for {
		inside := map[string]int{}
		for _, m := range plain {
			m.Walk(func(n *resultjson.Node) {
				if n.ComponentID != "" {
					inside[n.ComponentID]++
				}
			})
		}
		kept := plain[:0:0]
		for _, m := range plain {
			ok := true
			m.Walk(func(n *resultjson.Node) {
				if id := n.ComponentID; id != "" && (s.inSet[id] || inside[id] < len(s.usesOf[id])) {
					ok = false
				}
			})
			if ok {
				kept = append(kept, m)
			}
		}
		if len(kept) == len(plain) {
			var ids []string
			for id := range inside {
				ids = append(ids, id)
			}
			slices.Sort(ids)
			return kept, ids
		}
		plain = kept
	}
}

// renumber numbers the components under root C:1, C:2, ... in the document order of their first
// uses and moves each component's first-use members (componentName, componentVariants,
// variantOf, variantProperties) to its first use.
func renumber(root *resultjson.Node) {
	firsts := map[string]resultjson.Component{}
	ids := map[string]string{}
	type first struct {
		n   *resultjson.Node
		old string
	}
	var order []first
	root.Walk(func(n *resultjson.Node) {
		id := n.ComponentID
		if id == "" {
			return
		}
		if _, ok := ids[id]; !ok {
			ids[id] = "C:" + strconv.Itoa(len(ids)+1)
			order = append(order, first{n, id})
		}
		if n.ComponentName != "" {
			firsts[id] = n.Component
		}
		n.Component = resultjson.Component{ComponentID: ids[id]}
	})
	for _, f := range order {
		c := firsts[f.old]
		c.ComponentID = f.n.ComponentID
		if c.VariantOf != "" {
			c.VariantOf = ids[c.VariantOf]
		}
		f.n.Component = c
	}
}
