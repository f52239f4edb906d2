package components

import (
	"slices"
	"strconv"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Nested instances (docs/conversion.md "Components"). The first pass makes the outermost repeats
// components and leaves the repeats inside their uses layers of them. nest then makes such a
// repeat a component too, its uses inside those of the larger components nested instances, when
// that shares something the larger components do not: when the repeat also stands elsewhere (a
// button in each card and one in the hero) or at more than one place (a button in each card and
// in each pricing tier). A repeat found at one place of one component alone (a card's heading)
// stays a layer of it: its main component already draws it once; but an interactive one (its
// first use's element has a forced state: a card's button with its hover) is a component, whose
// states are its own component set's variants (docs/conversion.md "States as variants").

// slot is where a node sits: inside a use of component owner at path (its child indices, from
// the node up to that use), or outside every use (owner "", the node itself).
type slot struct {
	owner string
	path  string
	node  *resultjson.Node
}

// nest makes the repeats inside uses of the components under root components of their own, or
// adds them to the component their uses elsewhere already are: largest subtrees first, so a
// repeat inside a nested use finds it marked; elements say which nodes' elements are
// interactive. newComponent makes uses one component and returns its id ("" when Check refuses
// them or the result has no room).
func nest(root *resultjson.Node, shapes map[*resultjson.Node]shape, elements map[*resultjson.Node]Element, newComponent func([]*resultjson.Node) string) {
	parent := map[*resultjson.Node]*resultjson.Node{}
	index := map[*resultjson.Node]int{}
	byClass := map[key][]*resultjson.Node{}
	var classes []key
	usesOf := map[string][]*resultjson.Node{}
	root.Walk(func(n *resultjson.Node) {
		for i, c := range n.Children {
			parent[c], index[c] = n, i
		}
		if n.ComponentID != "" {
			usesOf[n.ComponentID] = append(usesOf[n.ComponentID], n)
		}
		if n == root || !eligible(n, shapes) {
			return
		}
		k := shapes[n].class
		if byClass[k] == nil {
			classes = append(classes, k)
		}
		byClass[k] = append(byClass[k], n)
	})
	// Largest first (a stable sort keeps document order among equals).
	slices.SortStableFunc(classes, func(a, b key) int { return shapes[byClass[b][0]].nodes - shapes[byClass[a][0]].nodes })
	// where finds the use n sits in first, then its path below it (only then).
	where := func(n *resultjson.Node) slot {
		owner := parent[n]
		for owner != nil && owner.ComponentID == "" {
			owner = parent[owner]
		}
		if owner == nil {
			return slot{node: n}
		}
		var path []byte
		for c := n; c != owner; c = parent[c] {
			path = strconv.AppendInt(append(path, '/'), int64(index[c]), 10)
		}
		return slot{owner: owner.ComponentID, path: string(path)}
	}
	for _, k := range classes {
		nodes := byClass[k]
		if len(nodes) < MinUses {
			continue
		}
		existing := ""
		var plain []*resultjson.Node
		for _, n := range nodes {
			switch id := n.ComponentID; {
			case id == "":
				plain = append(plain, n)
			case existing == "" || existing == id:
				existing = id
			default:
				existing = "-" // uses of several components (sameBoxes): left as they are
			}
		}
		if existing == "-" || len(plain) == 0 {
			continue
		}
		// The places of the plain nodes; a place inside a component counts only when every use
		// of that component has a node of this class there.
		count := map[slot]int{}
		slots := make([]slot, len(plain))
		for i, n := range plain {
			slots[i] = where(n)
			count[slots[i]]++
		}
		var taken []*resultjson.Node
		places := map[slot]bool{}
		for i, n := range plain {
			s := slots[i]
			if s.owner == "" || count[s] == len(usesOf[s.owner]) {
				taken = append(taken, n)
				places[s] = true
			}
		}
		if existing != "" {
			if len(taken) == 0 || Check(usesOf[existing][0], taken) != "" {
				continue
			}
			for _, n := range taken {
				n.ComponentID = existing
			}
			usesOf[existing] = append(usesOf[existing], taken...)
			continue
		}
		// The first use's element is the one the states pass reads (the capture forces a bounded
		// number of elements, the first in document order).
		interactive := len(taken) > 0 && elements[taken[0]].Interactive
		if len(taken) < MinUses || (len(places) < 2 && !interactive) {
			continue // one place of one component: its main draws it once
		}
		if id := newComponent(taken); id != "" {
			usesOf[id] = taken
		}
	}
}
