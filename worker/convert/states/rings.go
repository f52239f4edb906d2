package states

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Outline rings a state draws (docs/conversion.md "States as variants"). An outline offset from
// its box, or beside a border, is a layer of its own beside the element's node (paint.Ringed),
// so a ring that only a state draws is a layer that state adds. A component holds it as the last
// child of the ringed element's frame: hidden in Default (visible false, in every use, so the
// uses keep one tree) and shown by the variant's override (visible true), as a designer builds
// a focus ring. Its box is the ring's, relative to the frame, and it stretches with the frame
// (constraints STRETCH, ABSOLUTE in auto layout).

// rings are the rings the states' drawings show, by the element index of the ringed element.
type rings struct {
	// nodeOf are the nodes of the page's drawing of the elements converted as boxes.
	nodeOf map[int]*resultjson.Node
	// hidden are the rings in the page's tree (in the first use of a component, hidden), by
	// element; each use of that component holds a copy at the same place.
	hidden map[int]*resultjson.Node
	// held are the hidden rings of the page's tree, those of hidden and their copies in the
	// other uses, with the ids of the frames holding them.
	held []heldRing
	// next is the sequence number of the next ring's id ("1:n"): past every node of the page.
	next int
	// nodes counts the nodes of the page's tree, the rings included.
	nodes int
	// root is the page's tree (for the other uses of a component).
	root *resultjson.Node
}

// heldRing is a hidden ring of the page's tree and the id of the frame holding it; element is
// the ringed element's index for a ring of a first use, -1 for a copy in another use.
type heldRing struct {
	holder  string
	ring    *resultjson.Node
	element int
}

// newRings reads the page's tree for the nodes of the elements converted as boxes.
func newRings(tree *boxtree.Node, index map[*capturemodel.DOMNode]int) *rings {
	r := &rings{nodeOf: map[int]*resultjson.Node{}, hidden: map[int]*resultjson.Node{}, root: tree.Out}
	tree.Walk(func(b *boxtree.Node) {
		if i, ok := index[b.El]; ok && b.Kind == boxtree.Box && b.From == nil && r.nodeOf[i] == nil {
			r.nodeOf[i] = b.Out
		}
	})
	tree.Out.Walk(func(n *resultjson.Node) {
		r.next = max(r.next, boxtree.Seq(n.ID)+1)
		r.nodes++
	})
	return r
}

// added says whether the element of index i draws a ring in a state (its values at rest in
// rest, in the state in state) and not at rest.
func added(rest, state *capturemodel.DOMNode) bool {
	return paint.Ringed(state) && !paint.Ringed(rest)
}

// place moves the rings a state's drawing (variant, the drawing of capture c) adds for the
// elements of extra from beside their elements' nodes into them, numbering the drawing's other
// nodes as if they were not made (a ring's id follows its element's subtree, so every later node
// would have another id than in the page's drawing), and gives each ring the id of the page's
// ring of its element (a new one when there is none yet). The rings the page's tree holds whose
// elements this state does not ring are placed, hidden, too, so the drawing has every layer the
// page's tree has. It returns the rings it moved, by element, and the drawing's nodes by id.
func (r *rings) place(variant *boxtree.Node, c *capturemodel.Capture, extra map[int]bool) (map[int]*resultjson.Node, map[string]*resultjson.Node) {
	els, _ := c.Document.Elements()
	index := make(map[*capturemodel.DOMNode]int, len(els))
	for i, e := range els {
		index[e] = i
	}
	made := map[*resultjson.Node]int{} // the rings this drawing adds, by element
	variant.Walk(func(b *boxtree.Node) {
		if i, ok := index[b.El]; ok && b.Kind == boxtree.Outline && extra[i] {
			made[b.Out] = i
		}
	})
	var seqs []int
	var out func(n *resultjson.Node)
	out = func(n *resultjson.Node) {
		n.Children = slices.DeleteFunc(n.Children, func(k *resultjson.Node) bool {
			if _, ok := made[k]; ok {
				seqs = append(seqs, boxtree.Seq(k.ID))
				return true
			}
			return false
		})
		for _, k := range n.Children {
			out(k)
		}
	}
	out(variant.Out)
	slices.Sort(seqs)
	renumber := func(id string) string {
		n := boxtree.Seq(id)
		less, _ := slices.BinarySearch(seqs, n)
		return "1:" + strconv.Itoa(n-less)
	}
	byID := map[string]*resultjson.Node{}
	variant.Out.Walk(func(n *resultjson.Node) {
		n.ID = renumber(n.ID)
		if n.ListText != nil {
			for j, id := range n.ListText.Replaces {
				n.ListText.Replaces[j] = renumber(id)
			}
		}
		byID[n.ID] = n
	})
	placed := map[int]*resultjson.Node{}
	for ring, i := range made {
		f := byID[r.nodeOf[i].ID]
		if f == nil {
			continue
		}
		ring.X, ring.Y = ring.X-f.X, ring.Y-f.Y
		ring.ID = ""
		if h := r.hidden[i]; h != nil {
			ring.ID = h.ID
		}
		hold(f, ring)
		placed[i] = ring
	}
	for _, h := range r.held {
		if f := byID[h.holder]; f != nil && (h.element < 0 || !extra[h.element]) {
			f.Children = append(f.Children, clone(h.ring))
		}
	}
	return placed, byID
}

// hold makes ring the last child of frame f: ABSOLUTE when f has auto layout, stretching with f.
func hold(f, ring *resultjson.Node) {
	ring.LayoutPositioning = ""
	if autoLayout(f) {
		ring.LayoutPositioning = "ABSOLUTE"
	}
	ring.Constraints = &resultjson.Constraints{Horizontal: "STRETCH", Vertical: "STRETCH"}
	f.Children = append(f.Children, ring)
}

// clone is a deep copy of a ring (a node without children).
func clone(n *resultjson.Node) *resultjson.Node {
	c := *n
	c.Strokes = slices.Clone(n.Strokes)
	c.Effects = slices.Clone(n.Effects)
	return &c
}

// hide puts a hidden copy of ring (as place put it in the variant's node of element i) in the
// page's node of element i, with a new id, which ring takes too.
func (r *rings) hide(i int, ring *resultjson.Node) {
	h := clone(ring)
	h.ID = r.newID()
	h.Visible = ptr(false)
	ring.ID = h.ID
	hold(r.nodeOf[i], h)
}

// newID is the id of a node the pass adds: past every node of the page's tree.
func (r *rings) newID() string {
	r.nodes++
	r.next++
	return "1:" + strconv.Itoa(r.next-1)
}

// hideFor hides in the page's tree the rings of u's elements that the state's drawing placed
// (placed, from place) for the elements of extra and the page's tree does not hold yet, and
// returns their elements; why is set when a ring of extra in u was not placed (the drawing lost
// it).
func (r *rings) hideFor(u *use, extra map[int]bool, placed map[int]*resultjson.Node, state string) (fresh []int, why string) {
	for _, i := range slices.Sorted(maps.Keys(extra)) {
		if i < u.start || i >= u.end || r.hidden[i] != nil {
			continue
		}
		if placed[i] == nil {
			return fresh, "its " + state + " state draws an outline ring the drawing lost"
		}
		r.hide(i, placed[i])
		fresh = append(fresh, i)
	}
	return fresh, ""
}

// settle keeps the rings hideFor hid for first (fresh: their elements) when the state makes a
// variant (why "" and made) and the rings fit in every use (others), and takes them back
// otherwise; it returns why the state makes no variant ("" when it does).
func (r *rings) settle(first *resultjson.Node, fresh []int, why string, made bool, drawn map[string]*resultjson.Node, state string) string {
	var others map[int][]*resultjson.Node
	if why == "" && len(fresh) > 0 {
		if others, why = r.others(first, fresh); why != "" {
			why = fmt.Sprintf("its %s state draws an outline ring: %s", state, why)
		}
	}
	if why != "" || !made {
		r.unhide(fresh)
	} else {
		r.keep(fresh, others, drawn)
	}
	return why
}

// unhide takes back the hidden rings hide put in the page's nodes of elements (a state that
// makes no variant after all).
func (r *rings) unhide(elements []int) {
	for _, i := range elements {
		f := r.nodeOf[i]
		f.Children = f.Children[:len(f.Children)-1]
		r.nodes--
	}
}

// others returns the nodes of the other uses of first's component at the place of each of
// elements' frames in first (by element), and why the rings of elements cannot be kept ("" when
// they can): a frame without auto layout whose size differs between the uses (only an ABSOLUTE
// layer stretching with an auto-layout frame may differ in size between uses), or copies that
// would take the tree past resultjson.MaxNodes.
func (r *rings) others(first *resultjson.Node, elements []int) (map[int][]*resultjson.Node, string) {
	out := map[int][]*resultjson.Node{}
	count := r.nodes
	for _, i := range elements {
		f := r.nodeOf[i]
		path, _ := pathTo(first, f) // holder checked that f is in first
		r.root.Walk(func(u *resultjson.Node) {
			if u == first || u.ComponentID != first.ComponentID {
				return
			}
			g := u
			for _, j := range path {
				g = g.Children[j] // the uses have first's tree
			}
			out[i] = append(out[i], g)
		})
		count += len(out[i])
		for _, g := range out[i] {
			if !autoLayout(f) && (g.Width != f.Width || g.Height != f.Height) {
				return nil, fmt.Sprintf("%s is of another size in another use, and a ring in a frame without auto layout keeps its size", naming.Clip(f.Name))
			}
		}
	}
	if count > resultjson.MaxNodes {
		return nil, fmt.Sprintf("its rings in every use would take the result past %d nodes", resultjson.MaxNodes)
	}
	return out, ""
}

// keep records the hidden rings of elements as the page's, and puts a copy of each in others
// (the nodes of the other uses at its frame's place, from others), resized with them (each copy
// with an id of its own), and the same copy in that node of the state's drawing (drawn: its
// nodes by id), so the uses of other components holding these compare with it.
func (r *rings) keep(elements []int, others map[int][]*resultjson.Node, drawn map[string]*resultjson.Node) {
	for _, i := range elements {
		f := r.nodeOf[i]
		h := f.Children[len(f.Children)-1]
		r.hidden[i] = h
		r.held = append(r.held, heldRing{holder: f.ID, ring: h, element: i})
		for _, g := range others[i] {
			c := clone(h)
			c.ID = r.newID()
			c.Width, c.Height = css.Px(g.Width+h.Width-f.Width), css.Px(g.Height+h.Height-f.Height)
			hold(g, c)
			r.held = append(r.held, heldRing{holder: g.ID, ring: c, element: -1})
			if d := drawn[g.ID]; d != nil {
				hold(d, clone(c))
			}
		}
	}
}

// autoLayout says whether frame f has auto layout.
func autoLayout(f *resultjson.Node) bool { return f.LayoutMode != "" && f.LayoutMode != "NONE" }

// pathTo returns the child indices from root down to n.
func pathTo(root, n *resultjson.Node) ([]int, bool) {
	if root == n {
		return nil, true
	}
	for j, k := range root.Children {
		if p, ok := pathTo(k, n); ok {
			return append([]int{j}, p...), true
		}
	}
	return nil, false
}

// holders says why a ring that rec's changes draw around an element of u (and not at rest)
// has no frame to hold it, "" when every such ring has one: the page's node of the element must
// be a FRAME in u's subtree, in no instance of another component nested in u, that does not clip
// its content and is not transformed.
func (r *rings) holders(rec *capturemodel.StateRecord, state string, u *use, els []*capturemodel.DOMNode) string {
	for _, ch := range rec.Changes {
		i := ch.Element
		if i >= len(els) || !added(els[i], els[i].Restyled(ch.Style)) {
			continue
		}
		f := r.nodeOf[i]
		it := "it"
		if i != u.start {
			it = naming.Layer(els[i])
			if f != nil {
				it = f.Name
			}
		}
		ring := fmt.Sprintf("its %s state draws an outline ring around %s", state, naming.Clip(it))
		switch {
		case u.inNested(i):
			return ring + ", inside an instance of another component"
		case f == nil || f.Type != "FRAME":
			return ring + ", which has no frame to hold it"
		case f.ClipsContent != nil && *f.ClipsContent:
			return ring + ", which its frame would cut off (the frame clips its content)"
		case f.RelativeTransform != nil:
			return ring + ", which is transformed"
		}
		if _, inside := pathTo(u.node, f); !inside {
			return ring + ", which is drawn outside it"
		}
	}
	return ""
}
