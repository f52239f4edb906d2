package components

import (
	"slices"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Variants of one kind (docs/conversion.md "Variants of one kind"). Siblings drawn from elements
// of one tag with the same form (node types and child counts) that Build could not make uses of
// one component, because they differ in a box or a member an instance cannot override (a nav's
// current link whose border changes its padding, the featured card of a pricing table), become
// the components of one component set; so do the odd ones out of a repeat (siblings of its tag
// sharing half of its classes, whatever their form). Each group of such siblings that Check lets be
// uses of one component (of one class, drawn as the group's first) is a component; the
// component with the most uses among them (the first of those in document order) is the set's
// Default variant, and the first use of each other one says so (VariantOf) and names its value
// of the Variant property (VariantProperties). Every use stays an instance of a component whose
// first use it draws as, so the picture stays the same.

// MaxSetVariants is the most components of one set, its Default included (the backend's bound):
// siblings of more kinds than that stay as they are.
const MaxSetVariants = resultjson.MaxSetVariants

// MinSetSiblings is how many siblings of one kind make a set when none of its components has
// MinUses uses (the cards of a grid, each of its own layout); fewer make one only around a
// component that repeats (a nav's links and its current one).
const MinSetSiblings = 3

// variantSets makes the component sets of the siblings of one kind under root, outermost first;
// newComponent makes uses one component and returns its id ("" when the result has no room);
// names are the component names taken.
func variantSets(root *resultjson.Node, shapes map[*resultjson.Node]shape, elements map[*resultjson.Node]Element, names map[string]bool, newComponent func([]*resultjson.Node) string) {
	s := setMaker{shapes: shapes, elements: elements, names: names, newComponent: newComponent, usesOf: map[string][]*resultjson.Node{},
		setOf: map[string]string{}, values: map[string]map[string]bool{}}
	root.Walk(func(n *resultjson.Node) {
		if n.ComponentID != "" {
			s.usesOf[n.ComponentID] = append(s.usesOf[n.ComponentID], n)
		}
		if n.VariantOf != "" { // a set made of one component's uses (splitByModifier)
			def := n.VariantOf
			s.setOf[n.ComponentID], s.setOf[def] = def, def
			if s.values[def] == nil {
				s.values[def] = map[string]bool{resultjson.StateDefault: true}
			}
			s.values[def][n.VariantProperties[resultjson.VariantPropertyVariant]] = true
		}
	})
	s.walk(root)
}

type setMaker struct {
	shapes       map[*resultjson.Node]shape
	elements     map[*resultjson.Node]Element
	newComponent func([]*resultjson.Node) string
	// names are the component names taken.
	names map[string]bool
	// usesOf are the uses of each component in document order.
	usesOf map[string][]*resultjson.Node
	// setOf is the Default of the set each component of a set is in (a Default's is itself);
	// values are the Variant values taken in each set, by its Default, "Default" included.
	setOf  map[string]string
	values map[string]map[string]bool
}

// walk makes the sets of p's children, then of the children of every plain child: first of
// siblings of one tag and form, then of the odd ones out of a repeat (oddOnesOut).
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
			s.set(groups[k], nil)
		}
	}
	s.oddOnesOut(p)
	for _, c := range p.Children {
		if c.ComponentID == "" {
			s.walk(c)
		}
	}
}

// oddOnesOut makes the plain children of p variants in the set of a component that repeats
// among p's children (at least MinUses uses there, or uses of that many of its set's
// components) when they are elements of its first use's
// tag that share half of its classes (shareClass: a nav's current tab that also draws an indicator, a pricing
// table's featured card of more parts): of one kind by the page's own names, whatever their
// form.
func (s *setMaker) oddOnesOut(p *resultjson.Node) {
	count := map[string]int{}
	var repeats []string
	for _, c := range p.Children {
		if id := c.ComponentID; id != "" {
			if d, ok := s.setOf[id]; ok {
				id = d // the uses of a set's components count as its Default's
			}
			if count[id]++; count[id] == MinUses {
				repeats = append(repeats, id)
			}
		}
	}
	for _, id := range repeats {
		first := s.elements[s.usesOf[id][0]]
		var odd []*resultjson.Node
		for _, c := range p.Children {
			el := s.elements[c]
			if c.ComponentID == "" && eligible(c, s.shapes) && el.Tag == first.Tag && shareClass(el.Classes, first.Classes) {
				odd = append(odd, c)
			}
		}
		if len(odd) > 0 {
			s.set(odd, []string{id})
		}
	}
}

// shareClass says whether the class list a has at least half of the tokens of first's class
// list that are no variant markers (and one at least): an element styled as the repeat is (a
// nav's current tab, a featured card), not one that shares a utility class with it (Tailwind's
// w-full on a divider beside cards of seven classes).
func shareClass(a, first []string) bool {
	shared, of := 0, 0
	for _, c := range first {
		if naming.Marker(c) != "" {
			continue
		}
		of++
		if slices.Contains(a, c) {
			shared++
		}
	}
	return shared >= 1 && 2*shared >= of
}

// set makes one component set of siblings (and of the components of with, a repeat they are
// the odd ones out of), when they are of at least two components or hold a group of plain ones
// that can be one; components of a set already made join it.
func (s *setMaker) set(siblings []*resultjson.Node, with []string) {
	existing := append([]string{}, with...)
	var plain []*resultjson.Node
	for _, m := range siblings {
		switch id := m.ComponentID; {
		case id == "":
			plain = append(plain, m)
		case !slices.Contains(existing, id):
			existing = append(existing, id)
		}
	}
	// The sets the existing components are in: at most one, which the others join.
	def := ""
	var free []string
	for _, id := range existing {
		switch d, ok := s.setOf[id]; {
		case !ok:
			free = append(free, id)
		case def == "" || def == d:
			def = d
		default:
			return // two sets are not merged
		}
	}
	// A sibling holding a use of a component of this set stays out: the set would hold itself.
	inSet := map[string]bool{}
	for _, id := range existing {
		inSet[id] = true
	}
	for id, d := range s.setOf {
		if def != "" && d == def {
			inSet[id] = true
		}
	}
	plain = slices.DeleteFunc(plain, func(m *resultjson.Node) bool {
		held := false
		m.Walk(func(n *resultjson.Node) { held = held || inSet[n.ComponentID] })
		return held
	})
	taken := len(s.values[def])
	if taken+len(free) > MaxSetVariants {
		return // the components would pass the bound before any plain sibling joins
	}
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
		if taken+len(free)+len(clusters) > MaxSetVariants {
			return
		}
	}
	if taken+len(free)+len(clusters) < 2 || len(free)+len(clusters) == 0 {
		return // one component already, or none
	}
	most := 0
	for _, id := range existing {
		most = max(most, len(s.usesOf[id]))
	}
	for _, c := range clusters {
		most = max(most, len(c))
	}
	if def == "" && most < MinUses && len(siblings) < MinSetSiblings {
		return // two of a kind that repeat nothing
	}
	// The first use of each would-be component: of the free ones, then of the clusters.
	firsts := make([]*resultjson.Node, 0, len(free)+len(clusters))
	for _, id := range free {
		firsts = append(firsts, s.usesOf[id][0])
	}
	for _, c := range clusters {
		firsts = append(firsts, c[0])
	}
	if def == "" && layoutOnly(firsts) {
		return // the page's layout (Pico's .grid rows, paragraphs of other inline parts)
	}
	ids := free
	for _, c := range clusters {
		id := s.newComponent(c)
		if id == "" {
			break
		}
		s.usesOf[id] = c
		ids = append(ids, id)
	}
	if def == "" {
		if len(ids) < 2 {
			return
		}
		def = ids[0]
		for _, id := range ids[1:] {
			if len(s.usesOf[id]) > len(s.usesOf[def]) {
				def = id
			}
		}
		s.setOf[def] = def
		s.values[def] = map[string]bool{resultjson.StateDefault: true}
		// The set is named by what its components' first uses are ("Feature / Fast", "Feature /
		// Safe": "Feature") when no component has that name yet.
		if name := Name(firsts[:len(ids)]); !s.names[name] {
			s.usesOf[def][0].ComponentName = unique(name, s.names)
		}
	}
	for _, id := range ids {
		if id == def {
			continue
		}
		s.setOf[id] = def
		first := s.usesOf[id][0]
		first.VariantOf = def
		value := variantValueOf(s.elements, first, s.usesOf[def][0], len(s.values[def])+1)
		first.VariantProperties = map[string]string{resultjson.VariantPropertyVariant: unique(value, s.values[def])}
	}
}

// layoutNames are the component names that say only how a frame lays out what it holds
// (shapeName's) or that it is a paragraph (naming.TagWords'): nothing a designer would make
// variants of.
var layoutNames = map[string]bool{anonymous: true, "Row": true, "Grid": true, "Column": true, naming.TagWords["p"]: true}

// layoutOnly says whether the first uses firsts of would-be variants of one kind are the page's
// layout, not one thing in several forms: none paints (a fill, a stroke, an effect) and their
// name (Name) is one of layoutNames. Pico's .grid rows (a form's fields, a row of links, a row
// of text samples) or its paragraphs each holding another inline element share a tag and a form
// but nothing a designer would make a component set of.
func layoutOnly(firsts []*resultjson.Node) bool {
	if slices.ContainsFunc(firsts, paints) {
		return false
	}
	return layoutNames[Kind(Name(firsts))]
}

// modifierParts splits the uses of one component by the modifiers of their elements' classes
// (variant markers and Bulma's is-*: a tag is-info, is-danger; a breadcrumb's current item
// is-active), in the order of their first uses: nil when they share them, or when they make more
// than MaxSetVariants parts.
func modifierParts(uses []*resultjson.Node, elements map[*resultjson.Node]Element) [][]*resultjson.Node {
	parts := groupBy(uses, func(u *resultjson.Node) string {
		var mods []string
		for _, c := range elements[u].Classes {
			if naming.Marker(c) != "" || strings.HasPrefix(c, "is-") {
				mods = append(mods, c)
			}
		}
		slices.Sort(mods)
		return strings.Join(mods, " ")
	})
	if len(parts) < 2 || len(parts) > MaxSetVariants {
		return nil
	}
	return parts
}

// splitByModifier makes the parts of one component's uses (modifierParts) the components of one
// component set, when each part's uses draw as instances of its first (Check): the part with the
// most uses (the first of those) is the Default and keeps the component's id and name, each
// other part a variant (newComponent makes it, as Build's components) named by its modifier
// (variantValueOf: "is-danger": "Danger"); names are the names taken. A part that would not
// draw leaves the component whole. Build leaves room for the parts' components.
func splitByModifier(parts [][]*resultjson.Node, elements map[*resultjson.Node]Element, names map[string]bool, newComponent func([]*resultjson.Node) string) {
	for _, p := range parts {
		if Check(p[0], p[1:]) != "" {
			return
		}
	}
	first := parts[0][0]
	id, name := first.ComponentID, first.ComponentName
	first.ComponentName = ""
	def := 0
	for i, p := range parts {
		if len(p) > len(parts[def]) {
			def = i
		}
	}
	delete(names, name)
	parts[def][0].ComponentName = unique(name, names) // named before its variants take the name
	values := map[string]bool{resultjson.StateDefault: true}
	for i, p := range parts {
		if i == def {
			continue
		}
		newComponent(p)
		p[0].VariantOf = id
		p[0].VariantProperties = map[string]string{resultjson.VariantPropertyVariant: unique(variantValueOf(elements, p[0], parts[def][0], len(values)+1), values)}
	}
}

// variantValueOf is the Variant value of the variant whose first use is first, the set's
// Default's first use being def, the n-th component of its set, elements the nodes' elements:
// the name of a variant marker of its element that the Default's lacks (naming.Marker), else
// the first class of its element that the Default's lacks and that names a kind or a modifier
// ("is-primary": "Primary", "card--wide": "Wide", "language-go": "Language go"), else the label
// of its name when the Default's differs ("Card / Smart themes": "Smart themes"), else the start
// of its first text ("Favourite"), else "Variant n"; what is read from the page is a
// variantValue.
func variantValueOf(elements map[*resultjson.Node]Element, first, def *resultjson.Node, n int) string {
	theirs := elements[def].Classes
	for _, c := range elements[first].Classes {
		if v := naming.Marker(c); v != "" && !slices.Contains(theirs, c) {
			return v
		}
	}
	for _, c := range elements[first].Classes {
		if slices.Contains(theirs, c) {
			continue
		}
		modifier := c
		if _, m, ok := strings.Cut(c, "--"); ok && m != "" {
			modifier = m // BEM's card--featured
		}
		modifier = strings.TrimPrefix(strings.TrimPrefix(modifier, "is-"), "has-")
		if v := variantValue(naming.ClassKind(modifier)); v != "" {
			return v
		}
	}
	if _, label, ok := strings.Cut(first.Name, " / "); ok && first.Name != def.Name {
		if v := variantValue(label); v != "" {
			return v
		}
	}
	if v := variantValue(firstText(first)); v != "" {
		return v
	}
	return "Variant " + strconv.Itoa(n)
}

// maxTextValueRunes bounds a Variant value read from a variant's text, in characters.
const maxTextValueRunes = 24

// variantValue makes s a Variant value: without "," and "=" (which separate the properties
// and values of a variant's name in Figma), its runs of white space one space, cut to
// maxTextValueRunes characters (the last one an ellipsis) when longer.
func variantValue(s string) string {
	s = strings.Join(strings.Fields(strings.NewReplacer(",", " ", "=", " ").Replace(s)), " ")
	if r := []rune(s); len(r) > maxTextValueRunes {
		return strings.TrimSpace(string(r[:maxTextValueRunes-1])) + "…"
	}
	return s
}

// firstText is the characters of the first TEXT under n, in the order the result lists them
// ("" when none).
func firstText(n *resultjson.Node) string {
	text := ""
	n.Walk(func(c *resultjson.Node) {
		if text == "" && c.Type == "TEXT" {
			text = c.Characters
		}
	})
	return text
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
