package components_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/components"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// tagged is the Page of root whose children are all elements of tag, with the classes of
// classes by child index.
func tagged(root *resultjson.Node, tag string, classes map[int][]string) *components.Page {
	p := &components.Page{Elements: map[*resultjson.Node]components.Element{}}
	for i, c := range root.Children {
		p.Elements[c] = components.Element{Tag: tag, Classes: classes[i]}
	}
	return p
}

// variants describes each child of root: its component id, and for a variant "<id>><default>=<value>".
func variants(root *resultjson.Node) string {
	var out []string
	for _, c := range root.Children {
		s := c.ComponentID
		if c.VariantOf != "" {
			s += ">" + c.VariantOf + "=" + c.VariantProperties[resultjson.VariantPropertyVariant]
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

// current is a nav link with a 3 px thicker bottom padding (a border that changes its box), as
// a nav's current link.
func current(id string, x, textWidth float64, text string) *resultjson.Node {
	n := link(id, x, textWidth, text)
	n.PaddingBottom, n.Height = f(11), 43
	return n
}

// TestTheCurrentLinkIsAVariant: a nav whose current link has another padding is one component
// set: the links that repeat are its Default, the current link a variant named after its class.
func TestTheCurrentLinkIsAVariant(t *testing.T) {
	root := page(link("a", 0, 40, "Home"), current("b", 100, 80, "Pricing"), link("c", 300, 120, "Documentation"))
	if d := components.Build(root, 10, tagged(root, "a", map[int][]string{1: {"nav-link", "active"}})); len(d) != 0 {
		t.Fatalf("diagnostics %v: the repeat's odd use is a variant, not a plain frame", d)
	}
	if got := variants(root); got != "C:1,C:2>C:1=Active,C:1" {
		t.Fatalf("uses %s", got)
	}
	if root.Children[0].ComponentName != "Link" || root.Children[1].ComponentName != "Link 2" || root.Children[2].ComponentName != "" {
		t.Fatalf("names %q %q %q", root.Children[0].ComponentName, root.Children[1].ComponentName, root.Children[2].ComponentName)
	}
	// The current link first: the components are numbered in document order, the Default is
	// still the one that repeats, and a variant without a marker class is named by its text.
	root = page(current("b", 0, 80, "Pricing"), link("a", 100, 40, "Home"), link("c", 300, 120, "Documentation"))
	components.Build(root, 10, tagged(root, "a", nil))
	if got := variants(root); got != "C:1>C:2=Pricing,C:2,C:2" {
		t.Fatalf("uses %s", got)
	}
	if root.Children[0].ComponentName == "" || root.Children[1].ComponentName == "" || root.Children[2].ComponentName != "" {
		t.Fatal("componentName is not on each component's first use alone")
	}
	// Siblings of another element are no variants: the link stays plain.
	root = page(link("a", 0, 40, "Home"), current("b", 100, 80, "Pricing"), link("c", 300, 120, "Documentation"))
	p := tagged(root, "a", nil)
	p.Elements[root.Children[1]] = components.Element{Tag: "span"}
	if d := components.Build(root, 10, p); variants(root) != "C:1,,C:1" || len(d) != 0 {
		t.Fatalf("uses %s, diagnostics %v", variants(root), d)
	}
}

// TestMinSetSiblings: siblings of one kind none of which repeats make a set from MinSetSiblings
// of them (the cards of a grid, each laid out its own way); fewer stay plain.
func TestMinSetSiblings(t *testing.T) {
	cards := func(n int) *resultjson.Node {
		var kids []*resultjson.Node
		for i := range n {
			c := card(fmt.Sprintf("k%d", i), float64(i)*110, 100, "Alpha")
			c.CornerRadius = f(float64(i))
			kids = append(kids, c)
		}
		return page(kids...)
	}
	below := cards(components.MinSetSiblings - 1)
	components.Build(below, 10, tagged(below, "li", nil))
	if got := variants(below); got != "," {
		t.Fatalf("%d siblings: %s", components.MinSetSiblings-1, got)
	}
	at := cards(components.MinSetSiblings)
	components.Build(at, 10, tagged(at, "li", nil))
	if got := variants(at); got != "C:1,C:2>C:1=Alpha,C:3>C:1=Alpha 2" {
		t.Fatalf("%d siblings: %s", components.MinSetSiblings, got)
	}
}

// TestMaxSetVariants: siblings of more kinds than MaxSetVariants make no set.
func TestMaxSetVariants(t *testing.T) {
	for _, tc := range []struct {
		kinds int
		set   bool
	}{{components.MaxSetVariants, true}, {components.MaxSetVariants + 1, false}} {
		var kids []*resultjson.Node
		for i := range tc.kinds {
			c := card(fmt.Sprintf("k%d", i), float64(i)*110, 100, "Alpha")
			c.CornerRadius = f(float64(i))
			kids = append(kids, c)
		}
		root := page(kids...)
		components.Build(root, 10, tagged(root, "li", nil))
		made := root.Children[tc.kinds-1].ComponentID != ""
		if made != tc.set {
			t.Errorf("%d kinds: set made %v, want %v (%s)", tc.kinds, made, tc.set, variants(root))
		}
	}
}

// TestAVariantKeepsTheUsesInsideIt: siblings that hold uses of a component become the set's
// components and keep those uses (nested instances): the bodies of the Default's two uses (the
// repeat the first pass made), of the features that are variants and elsewhere are one
// component Body. A set of one-offs holds them too.
func TestAVariantKeepsTheUsesInsideIt(t *testing.T) {
	body := func(id string) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Body", X: 4, Y: 4, Width: 60, Height: 30, Fills: solid(0.3),
			Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: "x", Width: 60, Height: 16, Characters: "x", Fills: solid(0)}}}
	}
	feature := func(id string, x float64, radius float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Feature", X: x, Width: 100, Height: 50, CornerRadius: f(radius),
			Children: []*resultjson.Node{body(id + "b")}}
	}
	bodies := func(root *resultjson.Node) string {
		var out []string
		root.Walk(func(n *resultjson.Node) {
			if n.Name == "Body" {
				out = append(out, n.ComponentID+n.ComponentName)
			}
		})
		return strings.Join(out, ",")
	}
	for _, tc := range []struct {
		name           string
		repeat         bool
		outside        int
		uses, inBodies string
	}{
		{"all inside", true, 0, "C:1,C:1,C:3>C:1=x,C:4>C:1=x 2", "C:2Body,C:2,C:2,C:2"},
		{"one outside", true, 1, "C:1,C:1,C:3>C:1=x,C:4>C:1=x 2,C:2", "C:2Body,C:2,C:2,C:2,C:2"},
		{"two outside", true, 2, "C:1,C:1,C:3>C:1=x,C:4>C:1=x 2,C:2,C:2", "C:2Body,C:2,C:2,C:2,C:2,C:2"},
		{"one-offs", false, 0, "C:1,C:3>C:1=x,C:4>C:1=x 2", "C:2Body,C:2,C:2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kids := []*resultjson.Node{feature("a", 0, 1), feature("b", 110, 2), feature("c", 220, 3)}
			if tc.repeat {
				kids = append([]*resultjson.Node{feature("a2", 0, 1)}, kids...)
			}
			for i := range tc.outside {
				kids = append(kids, body(fmt.Sprintf("d%d", i)))
			}
			root := page(kids...)
			p := tagged(root, "div", nil)
			for i := range tc.outside {
				p.Elements[root.Children[len(root.Children)-1-i]] = components.Element{Tag: "p"}
			}
			components.Build(root, 10, p)
			if got := variants(root); got != tc.uses {
				t.Errorf("uses %s, want %s", got, tc.uses)
			}
			if got := bodies(root); got != tc.inBodies {
				t.Errorf("bodies %s, want %s", got, tc.inBodies)
			}
		})
	}
}

// TestARepeatLeftPlainBecomesASet: links of one repeat of which one would not draw as an
// instance of the first (its label 1.01 px off) are a set: the others its Default, that one a
// variant; the repeat's COMPONENT_SKIPPED diagnostic goes, as no link stays plain.
func TestARepeatLeftPlainBecomesASet(t *testing.T) {
	b := link("b", 100, 80, "Pricing")
	b.Children[0].X += 1.01
	root := page(link("a", 0, 40, "Home"), b, link("c", 300, 120, "Documentation"))
	if d := components.Build(root, 10, apart(root)); len(d) != 1 || variants(root) != ",," {
		t.Fatalf("apart: uses %s, diagnostics %v", variants(root), d)
	}
	b = link("b", 100, 80, "Pricing")
	b.Children[0].X += 1.01
	root = page(link("a", 0, 40, "Home"), b, link("c", 300, 120, "Documentation"))
	if d := components.Build(root, 10, tagged(root, "a", nil)); len(d) != 0 || variants(root) != "C:1,C:2>C:1=Pricing,C:1" {
		t.Fatalf("siblings: uses %s, diagnostics %v", variants(root), d)
	}
}

// TestOddOnesOutOfARepeat: a tab of another form (it also draws an indicator) beside tabs that
// repeat joins their set when its element is of their tag and has half of the first's classes
// at least; one that shares fewer, or is of another tag, stays plain.
func TestOddOnesOutOfARepeat(t *testing.T) {
	withIndicator := func(l *resultjson.Node) *resultjson.Node {
		l.Children = append(l.Children, &resultjson.Node{Type: "RECTANGLE", ID: l.ID + "i", Name: "Indicator", X: 0, Y: 38, Width: l.Width, Height: 2, Fills: solid(0.2)})
		return l
	}
	for _, tc := range []struct {
		name string
		el   components.Element
		want string
	}{
		{"shares the classes", components.Element{Tag: "a", Classes: []string{"tab", "small", "link", "nav", "is-active"}}, "C:1,C:2>C:1=Active,C:1"},
		{"shares half the classes", components.Element{Tag: "a", Classes: []string{"tab", "small", "wide"}}, "C:1,C:2>C:1=Wide,C:1"},
		{"shares less than half", components.Element{Tag: "a", Classes: []string{"tab", "wide"}}, "C:1,,C:1"},
		{"shares only a marker", components.Element{Tag: "a", Classes: []string{"is-active"}}, "C:1,,C:1"},
		{"another tag", components.Element{Tag: "span", Classes: []string{"tab", "is-active"}}, "C:1,,C:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := page(link("a", 0, 40, "Home"), withIndicator(link("b", 100, 80, "Pricing")), link("c", 300, 120, "Documentation"))
			p := tagged(root, "a", map[int][]string{0: {"tab", "small", "link", "nav"}, 2: {"tab", "small", "link", "nav"}})
			p.Elements[root.Children[1]] = tc.el
			if d := components.Build(root, 10, p); len(d) != 0 {
				t.Errorf("diagnostics %v", d)
			}
			if got := variants(root); got != tc.want {
				t.Errorf("uses %s, want %s", got, tc.want)
			}
		})
	}
}

// TestOddOneOutOfASetOfOneOffs: tabs of their own widths are a set of one-offs; the current
// tab, which also draws an indicator, joins it when it shares a class with them.
func TestOddOneOutOfASetOfOneOffs(t *testing.T) {
	tab := func(id string, x, w float64) *resultjson.Node {
		l := link(id, x, w, id)
		l.Children[0].TextAutoResize = "NONE" // no growth: every width its own component
		return l
	}
	current := tab("a", 0, 40)
	current.Children = append(current.Children, &resultjson.Node{Type: "RECTANGLE", ID: "ai", Name: "Indicator", Y: 38, Width: 72, Height: 2, Fills: solid(0.2)})
	root := page(current, tab("b", 100, 50), tab("c", 200, 60), tab("d", 300, 70))
	p := tagged(root, "a", map[int][]string{0: {"tab", "is-active"}, 1: {"tab"}, 2: {"tab"}, 3: {"tab"}})
	components.Build(root, 10, p)
	if got := variants(root); got != "C:1>C:2=Active,C:2,C:3>C:2=c,C:4>C:2=d" {
		t.Fatalf("uses %s", got)
	}
}

// TestASetHoldsNoUseOfItself: a menu item with a submenu (an odd one out of the items, sharing
// their class) holds a use of the items' component: it stays plain, as a variant holding its own
// set could not be built; the items, the one in the submenu too, are one component.
func TestASetHoldsNoUseOfItself(t *testing.T) {
	sub := link("s", 0, 40, "Sub")
	withSub := &resultjson.Node{Type: "FRAME", ID: "b", Name: "Link", X: 100, Width: 200, Height: 80, Fills: solid(0.9), Children: []*resultjson.Node{sub}}
	root := page(link("a", 0, 40, "Home"), withSub, link("c", 300, 120, "Documentation"))
	components.Build(root, 10, tagged(root, "a", map[int][]string{0: {"item"}, 1: {"item"}, 2: {"item"}}))
	if got := variants(root); got != "C:1,,C:1" || sub.ComponentID != "C:1" {
		t.Fatalf("uses %s, the submenu's item %q; want C:1,,C:1 and C:1", got, sub.ComponentID)
	}
}

// TestVariantValues: a variant's value is its marker class, else a class of its own that names
// a kind or a modifier, else its name's label, else its first text, without Figma's "," and
// "=", cut at maxTextValueRunes (24) characters; else "Variant n".
func TestVariantValues(t *testing.T) {
	const at = "abcdefghijklmnopqrstuvwx" // 24 characters
	for _, tc := range []struct {
		name    string
		classes []string
		layer   string
		text    string
		want    string
	}{
		{"marker", []string{"tab", "is-active"}, "Tab", "x", "Active"},
		{"marker of an open one", []string{"tab", "open"}, "Tab", "x", "Open"},
		{"own class", []string{"tab", "tab-wide"}, "Tab", "x", "Tab wide"},
		{"BEM modifier", []string{"tab", "tab--wide"}, "Tab", "x", "Wide"},
		{"modifier", []string{"tab", "is-primary"}, "Tab", "x", "Primary"},
		{"utility classes only", []string{"tab", "bg-white", "flex-col", "px-4"}, "Tab", "Pricing", "Pricing"},
		{"label", []string{"tab"}, "Tab / Smart themes", "x", "Smart themes"},
		{"text", []string{"tab"}, "Tab", "Plans, prices = value", "Plans prices value"},
		{"text at the limit", []string{"tab"}, "Tab", at, at},
		{"text past the limit", []string{"tab"}, "Tab", at + "y", "abcdefghijklmnopqrstuvw…"},
		{"no text", []string{"tab"}, "Tab", "", "Variant 2"},
		{"a class of separators only", []string{"tab", ",", "=="}, "Tab", "Pricing", "Pricing"},
		{"text that names the Default", []string{"tab"}, "Tab", "Default", "Default 2"},
		{"class past the limit", []string{"tab", "a-very-long-class-name-of-many-words"}, "Tab", "x", "A very long class name…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := link("b", 100, 80, "Pricing")
			l.Children = append(l.Children, &resultjson.Node{Type: "RECTANGLE", ID: "bi", Name: "Indicator", Y: 38, Width: 80, Height: 2, Fills: solid(0.2)})
			l.Name, l.Children[0].Characters = tc.layer, tc.text
			root := page(link("a", 0, 40, "Home"), l, link("c", 300, 120, "Documentation"))
			p := tagged(root, "a", map[int][]string{0: {"tab"}, 2: {"tab"}})
			p.Elements[root.Children[1]] = components.Element{Tag: "a", Classes: tc.classes}
			components.Build(root, 10, p)
			if got := variants(root); got != "C:1,C:2>C:1="+tc.want+",C:1" {
				t.Errorf("uses %s, want the value %q", got, tc.want)
			}
		})
	}
}

// TestUsesToldApartByAModifier: uses of one component whose elements' modifier classes differ
// (Bulma's is-info and is-danger tags, a breadcrumb's is-active item) are the components of one
// set: the part with the most uses its Default, keeping the name, each other part a variant
// named by its modifier; uses that share their modifiers stay one component.
func TestUsesToldApartByAModifier(t *testing.T) {
	tags := func(classes ...[]string) (*resultjson.Node, *components.Page) {
		var kids []*resultjson.Node
		for i := range classes {
			l := link(fmt.Sprintf("t%d", i), float64(i)*110, 40, fmt.Sprintf("Tag %c", 'a'+i))
			l.Fills = solid(0.1 * float64(len(classes[i])))
			kids = append(kids, l)
		}
		root := page(kids...)
		m := map[int][]string{}
		for i, c := range classes {
			m[i] = c
		}
		return root, tagged(root, "span", m)
	}
	for _, tc := range []struct {
		name    string
		classes [][]string
		want    string
	}{
		{"shared modifiers", [][]string{{"tag", "is-info"}, {"tag", "is-info"}, {"tag", "is-info"}}, "C:1,C:1,C:1"},
		{"one danger", [][]string{{"tag", "is-info"}, {"tag", "is-info"}, {"tag", "is-danger", "is-light"}}, "C:1,C:1,C:2>C:1=Danger"},
		{"the current one", [][]string{{"item"}, {"item"}, {"item", "is-active"}}, "C:1,C:1,C:2>C:1=Active"},
		{"a variant first", [][]string{{"item", "selected"}, {"item"}, {"item"}}, "C:1>C:2=Selected,C:2,C:2"},
		{"no modifier beside them", [][]string{{"tag", "is-info"}, {"tag", "is-info"}, {"tag"}}, "C:1,C:1,C:2>C:1=Tag c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, p := tags(tc.classes...)
			if d := components.Build(root, 10, p); len(d) != 0 {
				t.Fatalf("diagnostics %v", d)
			}
			if got := variants(root); got != tc.want {
				t.Errorf("uses %s, want %s", got, tc.want)
			}
			for _, c := range root.Children {
				if c.ComponentName != "" && c.VariantOf == "" && c.ComponentName != "Link" {
					t.Errorf("the Default is named %q, want Link", c.ComponentName)
				}
			}
		})
	}
	// A modifier of each of MaxSetVariants parts makes a set; one more part leaves the uses one
	// component.
	for _, parts := range []int{components.MaxSetVariants, components.MaxSetVariants + 1} {
		classes := [][]string{{"tag"}}
		for i := range parts {
			classes = append(classes, []string{"tag", fmt.Sprintf("is-kind%c", 'a'+i)})
		}
		classes = classes[1:]
		classes = append(classes, classes[0]) // the first kind twice: the Default
		root, p := tags(classes...)
		components.Build(root, 10, p)
		set := root.Children[1].VariantOf != ""
		if set != (parts <= components.MaxSetVariants) {
			t.Errorf("%d parts: a set %v (%s)", parts, set, variants(root))
		}
	}
}

// TestASplitSetWithinMaxSetVariants: a set made of one component's uses by their modifiers
// (MaxSetVariants of them) takes no other component of its siblings' kind past the bound.
func TestASplitSetWithinMaxSetVariants(t *testing.T) {
	var kids []*resultjson.Node
	classes := map[int][]string{}
	for i := range components.MaxSetVariants + 1 {
		l := link(fmt.Sprintf("t%d", i), float64(i)*110, 40, fmt.Sprintf("Tag %c", 'a'+i))
		kind := i % components.MaxSetVariants // the first kind twice: the Default
		l.Fills = solid(0.05 * float64(kind))
		kids = append(kids, l)
		classes[len(kids)-1] = []string{"tag", fmt.Sprintf("is-kind%c", 'a'+kind)}
	}
	kids = append(kids, current("x", 1000, 40, "X"), current("y", 1100, 40, "Y")) // another component of their tag and form
	root := page(kids...)
	components.Build(root, 10, tagged(root, "span", classes))
	sets := map[string]int{}
	for _, c := range root.Children {
		if c.ComponentName != "" {
			def := c.ComponentID
			if c.VariantOf != "" {
				def = c.VariantOf
			}
			sets[def]++
		}
	}
	for def, n := range sets {
		if n > components.MaxSetVariants {
			t.Errorf("set %s has %d components, past MaxSetVariants (%s)", def, n, variants(root))
		}
	}
	if got := sets[root.Children[0].ComponentID]; got != components.MaxSetVariants {
		t.Errorf("the tags' set has %d components, want %d (%s)", got, components.MaxSetVariants, variants(root))
	}
}

// TestLayoutIsNoSet: siblings of one tag and form that are only the page's layout (frames
// without paint named by their shape, Box or Row, or paragraphs) make no set however many, as
// Pico's .grid rows and its paragraphs of other inline parts; the same siblings with a name of
// their own, or one of them painted, are of one kind: a set.
func TestLayoutIsNoSet(t *testing.T) {
	siblings := func(name string, painted map[int]bool, row bool) *resultjson.Node {
		var kids []*resultjson.Node
		for i := range components.MinSetSiblings + 1 {
			id := fmt.Sprintf("r%d", i)
			gap := float64(10 * (i + 1)) // each lays its parts out its own way: no two are one component
			r := &resultjson.Node{Type: "FRAME", ID: id, Name: name, X: float64(i) * 400, Width: 300, Height: 40, Children: []*resultjson.Node{
				{Type: "TEXT", ID: id + "a", Name: "A", Width: 50, Height: 20, Characters: "A", FontSize: 16, Fills: solid(0)},
				{Type: "TEXT", ID: id + "b", Name: "B", X: 50 + gap, Width: 50, Height: 20, Characters: "B", FontSize: 16, Fills: solid(0)},
			}}
			if row {
				r.LayoutMode, r.PrimaryAxisAlignItems, r.CounterAxisAlignItems, r.ItemSpacing = "HORIZONTAL", "MIN", "MIN", f(gap)
				r.PaddingTop, r.PaddingRight, r.PaddingBottom, r.PaddingLeft = f(0), f(0), f(0), f(0)
				r.LayoutSizingHorizontal, r.LayoutSizingVertical = "FIXED", "FIXED"
			}
			if painted[i] {
				r.Fills = solid(0.9)
			}
			kids = append(kids, r)
		}
		return page(kids...)
	}
	all := map[int]bool{0: true, 1: true, 2: true, 3: true}
	set := "C:1,C:2>C:1=A,C:3>C:1=A 2,C:4>C:1=A 3"
	for _, tc := range []struct {
		name, tag string
		painted   map[int]bool
		row       bool
		want      string
	}{
		{"Box", "div", nil, false, ",,,"},
		{"Box", "div", nil, true, ",,,"}, // named Row by its shape
		{"Paragraph", "p", nil, false, ",,,"},
		{"Box", "div", all, false, set},
		{"Box", "div", map[int]bool{2: true}, false, set},
		{"Feature", "div", nil, false, set},
	} {
		root := siblings(tc.name, tc.painted, tc.row)
		components.Build(root, 10, tagged(root, tc.tag, nil))
		if got := variants(root); got != tc.want {
			t.Errorf("%s (%s, painted %v, row %v): %s, want %s", tc.name, tc.tag, tc.painted, tc.row, got, tc.want)
		}
	}
}
