package components_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/components"
	"github.com/code2des/backend/worker/convert/resultjson"
)

func f(v float64) *float64 { return &v }

func solid(r float64) *[]resultjson.Paint {
	return &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: r}}}
}

// card is a frame of w x 50 px at (x, 0) holding a TEXT of text, as a card of a grid.
func card(id string, x, w float64, text string) *resultjson.Node {
	return &resultjson.Node{Type: "FRAME", ID: id, Name: "Card / " + text, X: x, Width: w, Height: 50, Fills: solid(1),
		Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: text, X: 8, Y: 8, Width: w - 16, Height: 20,
			Characters: text, FontSize: 16, Fills: solid(0)}}}
}

func page(kids ...*resultjson.Node) *resultjson.Node {
	return &resultjson.Node{Type: "FRAME", ID: "root", Name: "Page", Width: 1000, Height: 1000, Fills: solid(1), Children: kids}
}

// apart is the Page of root whose children are each of a tag of its own: no two are siblings
// of one kind (sets.go), so only the repeats of one component are made.
func apart(root *resultjson.Node) *components.Page {
	p := &components.Page{Elements: map[*resultjson.Node]components.Element{}}
	for i, c := range root.Children {
		p.Elements[c] = components.Element{Tag: fmt.Sprintf("x-%d", i)}
	}
	return p
}

// uses returns the component id of each child of root ("" for none).
func uses(root *resultjson.Node) []string {
	var out []string
	for _, c := range root.Children {
		out = append(out, c.ComponentID)
	}
	return out
}

func TestBuildMarksTheCardsOfAGrid(t *testing.T) {
	root := page(card("a", 0, 100, "Alpha"), card("b", 110, 100, "Beta"), card("c", 220, 100, "Gamma"))
	if d := components.Build(root, 10, nil); len(d) != 0 {
		t.Fatalf("diagnostics %v", d)
	}
	if got := strings.Join(uses(root), ","); got != "C:1,C:1,C:1" {
		t.Fatalf("uses %s, want C:1 on each card", got)
	}
	if root.Children[0].ComponentName != "Card" || root.Children[1].ComponentName != "" || root.Children[2].ComponentName != "" {
		t.Fatalf("names %q %q %q: want Card on the first use only", root.Children[0].ComponentName, root.Children[1].ComponentName, root.Children[2].ComponentName)
	}
	if root.Children[0].Children[0].ComponentID != "" {
		t.Fatal("a layer inside a use is marked")
	}
}

func TestMinUses(t *testing.T) {
	one := page(card("a", 0, 100, "Alpha"))
	components.Build(one, 10, nil)
	if uses(one)[0] != "" {
		t.Fatal("a subtree used once became a component")
	}
	two := page(card("a", 0, 100, "Alpha"), card("b", 110, 100, "Beta"))
	components.Build(two, 10, nil)
	if len(two.Children) != components.MinUses || strings.Join(uses(two), ",") != "C:1,C:1" {
		t.Fatalf("uses %v at MinUses", uses(two))
	}
}

func TestMinNodesAndSide(t *testing.T) {
	boxes := page(&resultjson.Node{Type: "FRAME", ID: "a", Width: 50, Height: 50}, &resultjson.Node{Type: "FRAME", ID: "b", X: 60, Width: 50, Height: 50})
	components.Build(boxes, 10, nil)
	if strings.Join(uses(boxes), ",") != "," {
		t.Fatalf("frames of one node (under MinNodes %d) became uses: %v", components.MinNodes, uses(boxes))
	}
	for _, tc := range []struct {
		side float64
		want string
	}{{components.MinSide, "C:1,C:1"}, {components.MinSide - 0.01, ","}} {
		a, b := card("a", 0, 100, "A"), card("b", 110, 100, "B")
		for _, c := range []*resultjson.Node{a, b} {
			c.Height, c.Children[0].Height, c.Children[0].Y = tc.side, tc.side, 0
		}
		root := page(a, b)
		components.Build(root, 10, nil)
		if got := strings.Join(uses(root), ","); got != tc.want {
			t.Errorf("height %v: uses %s, want %s", tc.side, got, tc.want)
		}
	}
}

// TestSameOnlyInContent: structure, boxes and the other members must be the same and the names
// of one kind; text, images, paints, typography and the rest of the names may differ (an
// instance overrides them).
func TestSameOnlyInContent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *resultjson.Node)
		want   string
	}{
		{"text", func(b *resultjson.Node) { b.Children[0].Characters = "Other" }, "C:1,C:1"},
		{"image", func(b *resultjson.Node) {
			*b.Fills = []resultjson.Paint{{Type: "IMAGE", ImageRef: "img2", ScaleMode: "FILL"}}
		}, "C:1,C:1"},
		{"fill colour", func(b *resultjson.Node) { b.Fills = solid(0.5) }, "C:1,C:1"},
		{"stroke", func(b *resultjson.Node) {
			b.Strokes, b.StrokeWeight = []resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{}}}, f(2)
		}, "C:1,C:1"},
		{"bold text", func(b *resultjson.Node) {
			b.Children[0].FontName, b.Children[0].FontWeight = &resultjson.FontName{Family: "Inter", Style: "Bold"}, 700
			b.Children[0].StyledTextSegments = []resultjson.StyledTextSegment{{Characters: "Beta", End: 4, FontWeight: 700}}
		}, "C:1,C:1"},
		{"icon", func(b *resultjson.Node) { b.Children[1].ImageRef = "svg-2" }, "C:1,C:1"},
		{"icon size", func(b *resultjson.Node) { b.Children[1].Width = 20 }, ","},
		{"another kind", func(b *resultjson.Node) { b.Name = "Tile / Beta" }, "C:1,C:1"},
		{"another kind and fill", func(b *resultjson.Node) { b.Name, b.Fills = "Tile / Beta", solid(0.5) }, ","},
		{"corner radius", func(b *resultjson.Node) { b.CornerRadius = f(4) }, ","},
		{"text alignment", func(b *resultjson.Node) { b.Children[0].TextAlignHorizontal = "CENTER" }, ","},
		{"text box", func(b *resultjson.Node) { b.Children[0].Width = 70 }, ","},
		{"text position", func(b *resultjson.Node) { b.Children[0].X = 9 }, ","},
		{"opacity", func(b *resultjson.Node) { b.Children[0].Opacity = f(0.5) }, "C:1,C:1"},
		{"children", func(b *resultjson.Node) {
			b.Children = append(b.Children, &resultjson.Node{Type: "TEXT", ID: "x", Characters: "x"})
		}, ","},
		{"placement", func(b *resultjson.Node) { b.Y, b.LayoutPositioning = 300, "ABSOLUTE" }, "C:1,C:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := card("a", 0, 100, "Alpha"), card("b", 110, 100, "Beta")
			if strings.HasPrefix(tc.name, "icon") {
				for _, c := range []*resultjson.Node{a, b} {
					c.Children = append(c.Children, &resultjson.Node{Type: "SVG", ID: c.ID + "i", Name: "svg", X: 70, Y: 8, Width: 16, Height: 16, ImageRef: "svg-1"})
				}
			}
			if tc.name == "image" {
				a.Fills = &[]resultjson.Paint{{Type: "IMAGE", ImageRef: "img1", ScaleMode: "FILL"}}
				b.Fills = &[]resultjson.Paint{{}}
			}
			tc.change(b)
			root := page(a, b)
			components.Build(root, 10, nil)
			if got := strings.Join(uses(root), ","); got != tc.want {
				t.Errorf("uses %s, want %s", got, tc.want)
			}
		})
	}
}

// TestRepeatsInsideRepeats: cards holding the same button are one component. The buttons in
// them are layers of it while they stand at that one place alone; with a button of the same
// shape elsewhere they are one component Button (nested instances in the card's), and so are
// buttons at two places of one card.
func TestRepeatsInsideRepeats(t *testing.T) {
	button := func(id string, x float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Button", X: x, Y: 30, Width: 60, Height: 16, Fills: solid(0.2),
			Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: "Buy", Width: 60, Height: 16, Characters: "Buy", Fills: solid(0)}}}
	}
	withButtons := func(c *resultjson.Node, n int) *resultjson.Node {
		for i := range n {
			c.Children = append(c.Children, button(c.ID+"b"+strconv.Itoa(i), 8+float64(i)*70))
		}
		c.Width = 200
		return c
	}
	buttons := func(root *resultjson.Node) string {
		var out []string
		root.Walk(func(n *resultjson.Node) {
			if n.Name == "Button" {
				out = append(out, n.ComponentID)
			}
		})
		return strings.Join(out, ",")
	}
	for _, tc := range []struct {
		name          string
		each          int
		lone          bool
		cards, inside string
	}{
		{"one place", 1, false, "C:1,C:1", ","},
		{"and elsewhere", 1, true, "C:1,C:1,C:2", "C:2,C:2,C:2"},
		{"two places", 2, false, "C:1,C:1", "C:2,C:2,C:2,C:2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kids := []*resultjson.Node{withButtons(card("a", 0, 100, "A"), tc.each), withButtons(card("b", 210, 100, "B"), tc.each)}
			if tc.lone {
				kids = append(kids, button("lone", 500))
			}
			root := page(kids...)
			components.Build(root, 10, nil)
			if got := strings.Join(uses(root), ","); got != tc.cards {
				t.Errorf("uses %s, want %s", got, tc.cards)
			}
			if got := buttons(root); got != tc.inside {
				t.Errorf("buttons %s, want %s", got, tc.inside)
			}
		})
	}
}

// TestAnInteractiveRepeatAtOnePlace: a button at one place of two cards of one component is a
// layer of it, unless the first button's element has a forced state (the one the states pass
// reads; the capture forces the first elements of a page alone): then it is a component of its
// own (its states its variants); a later one's state alone keeps them layers.
func TestAnInteractiveRepeatAtOnePlace(t *testing.T) {
	for _, tc := range []struct {
		name        string
		interactive []bool
		want        string
	}{
		{"Plain", []bool{false, false}, ","},
		{"Interactive", []bool{true, true}, "C:2,C:2"},
		{"FirstInteractive", []bool{true, false}, "C:2,C:2"},
		{"LaterInteractive", []bool{false, true}, ","},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := card("a", 0, 100, "A"), card("b", 110, 100, "B")
			p := apart(page())
			for i, c := range []*resultjson.Node{a, b} {
				btn := &resultjson.Node{Type: "FRAME", ID: c.ID + "b", Name: "Button", X: 8, Y: 30, Width: 60, Height: 16, Fills: solid(0.2),
					Children: []*resultjson.Node{{Type: "TEXT", ID: c.ID + "bt", Name: "Buy", Width: 60, Height: 16, Characters: "Buy", Fills: solid(0)}}}
				c.Children = append(c.Children, btn)
				p.Elements[btn] = components.Element{Tag: "button", Interactive: tc.interactive[i]}
			}
			root := page(a, b)
			for i, c := range root.Children {
				p.Elements[c] = components.Element{Tag: fmt.Sprintf("x-%d", i)}
			}
			components.Build(root, 10, p)
			if got := strings.Join(uses(root), ","); got != "C:1,C:1" {
				t.Errorf("cards %s, want C:1,C:1", got)
			}
			if got := a.Children[1].ComponentID + "," + b.Children[1].ComponentID; got != tc.want {
				t.Errorf("buttons %s, want %s", got, tc.want)
			}
		})
	}
}

// TestARepeatAtPartOfAPlace: two cards of one component whose buttons are of two kinds (named and
// painted otherwise), with a Button like the first elsewhere: the place inside the cards is not
// every card's Button, so the buttons stay layers and the lone one plain.
func TestARepeatAtPartOfAPlace(t *testing.T) {
	button := func(id, name string, shade float64, x float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: name, X: x, Y: 30, Width: 60, Height: 16, Fills: solid(shade),
			Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: "Buy", Width: 60, Height: 16, Characters: "Buy", Fills: solid(0)}}}
	}
	a, b := card("a", 0, 100, "A"), card("b", 110, 100, "B")
	a.Children = append(a.Children, button("ab", "Button", 0.2, 8))
	b.Children = append(b.Children, button("bb", "Link", 0.5, 8))
	root := page(a, b, button("lone", "Button", 0.2, 500))
	components.Build(root, 10, nil)
	if got := strings.Join(uses(root), ","); got != "C:1,C:1," {
		t.Errorf("uses %s, want the cards only", got)
	}
	if a.Children[1].ComponentID != "" || b.Children[1].ComponentID != "" {
		t.Errorf("buttons %q %q, want layers of the cards", a.Children[1].ComponentID, b.Children[1].ComponentID)
	}
}

// TestAWrapperOfAComponentsUse: two frames that each wrap a button (directly, or through a frame
// of their own), buttons repeated elsewhere too, are a component of their own that is not named
// as the button is; so are two frames that each wrap an anonymous card that also stands alone.
func TestAWrapperOfAComponentsUse(t *testing.T) {
	r := 8.0
	button := func(id string, x float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Gradient", X: x, Y: 30, Width: 60, Height: 16, Fills: solid(0.2),
			CornerRadius: &r, Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: "Buy", Width: 60, Height: 16,
				Characters: "Buy", Fills: solid(0)}}}
	}
	card := func(id string, x float64) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Box", X: x, Y: 10, Width: 80, Height: 60, Fills: solid(0.9),
			CornerRadius: &r, Children: []*resultjson.Node{
				{Type: "TEXT", ID: id + "a", Name: "Pro", Width: 60, Height: 16, Characters: "Pro", Fills: solid(0)},
				{Type: "TEXT", ID: id + "b", Name: "£9", Y: 20, Width: 60, Height: 16, Characters: "£9", Fills: solid(0)}}}
	}
	wrap := func(id string, x float64, inner *resultjson.Node) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", ID: id, Name: "Box", X: x, Width: 100, Height: 80, Children: []*resultjson.Node{inner}}
	}
	for _, tc := range []struct {
		name          string
		a, b, lone    *resultjson.Node
		wrapper, held string
	}{
		{"a button", wrap("a", 0, button("ab", 20)), wrap("b", 110, button("bb", 20)), button("lone", 500), "Box", "Gradient"},
		{"a button two frames down", wrap("a", 0, wrap("ai", 0, button("ab", 20))), wrap("b", 110, wrap("bi", 0, button("bb", 20))),
			button("lone", 500), "Box", "Gradient"},
		{"an anonymous card", wrap("a", 0, card("ac", 10)), wrap("b", 110, card("bc", 10)), card("lone", 500), "Box", "Card"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := page(tc.a, tc.b, tc.lone)
			components.Build(root, 10, apart(root))
			if tc.a.ComponentID == "" || tc.a.ComponentID != tc.b.ComponentID || tc.lone.ComponentID == "" {
				t.Fatalf("wrappers %q %q, the lone one %q: want one component of the wrappers and another of what they hold",
					tc.a.ComponentID, tc.b.ComponentID, tc.lone.ComponentID)
			}
			var held string
			root.Walk(func(n *resultjson.Node) {
				if n.ComponentID == tc.lone.ComponentID && n.ComponentName != "" {
					held = n.ComponentName
				}
			})
			if tc.a.ComponentName != tc.wrapper || held != tc.held {
				t.Errorf("the wrapper is %q and what it holds %q, want %s and %s", tc.a.ComponentName, held, tc.wrapper, tc.held)
			}
		})
	}
}

// TestRepeatsInsideALoneFrame: a list drawn once holds three same rows: the rows are one
// component.
func TestRepeatsInsideALoneFrame(t *testing.T) {
	list := &resultjson.Node{Type: "FRAME", ID: "list", Name: "List", Width: 400, Height: 200,
		Children: []*resultjson.Node{card("a", 0, 100, "A"), card("b", 0, 100, "B"), card("c", 0, 100, "C")}}
	for i, c := range list.Children {
		c.Y = float64(60 * i)
	}
	root := page(list)
	components.Build(root, 10, nil)
	if got := strings.Join(uses(list), ","); got != "C:1,C:1,C:1" {
		t.Fatalf("rows %s", got)
	}
}

func TestMaxComponents(t *testing.T) {
	for _, tc := range []struct {
		shapes, diags int
	}{{components.MaxComponents, 0}, {components.MaxComponents + 1, 1}} {
		var kids []*resultjson.Node
		for i := range tc.shapes {
			w := 20 + float64(i)/100 // one shape per width
			kids = append(kids, card(fmt.Sprintf("a%d", i), 0, w, "A"), card(fmt.Sprintf("b%d", i), 0, w, "B"))
		}
		root := page(kids...)
		diags := components.Build(root, 10, nil)
		made := map[string]bool{}
		for _, c := range root.Children {
			if c.ComponentID != "" {
				made[c.ComponentID] = true
			}
		}
		if len(made) != components.MaxComponents || len(diags) != tc.diags {
			t.Errorf("%d repeated shapes: %d components, %d diagnostics; want %d and %d", tc.shapes, len(made), len(diags), components.MaxComponents, tc.diags)
		}
		if tc.diags > 0 && (diags[0].Code != resultjson.DiagComponentSkipped || diags[0].NodeID != root.Children[2*components.MaxComponents].ID) {
			t.Errorf("diagnostic %+v", diags[0])
		}
	}
}

func TestDiagnosticsWithinRoom(t *testing.T) {
	var kids []*resultjson.Node
	for i := range components.MaxComponents + 3 {
		w := 20 + float64(i)/100
		kids = append(kids, card(fmt.Sprintf("a%d", i), 0, w, "A"), card(fmt.Sprintf("b%d", i), 0, w, "B"))
	}
	if d := components.Build(page(kids...), 2, nil); len(d) != 2 {
		t.Fatalf("%d diagnostics, want the room's 2", len(d))
	}
}

func TestCheck(t *testing.T) {
	a, b := card("a", 0, 100, "Alpha"), card("b", 110, 100, "Beta")
	if why := components.Check(a, []*resultjson.Node{b}); why != "" {
		t.Fatalf("same cards: %s", why)
	}
	b.Children[0].StrokeWeight = f(2)
	if why := components.Check(a, []*resultjson.Node{b}); why != "" {
		t.Fatalf("a use with another stroke weight (an override): %s", why)
	}
	b.Children[0].StrokeAlign = "OUTSIDE"
	if why := components.Check(a, []*resultjson.Node{b}); !strings.Contains(why, "would draw its layer bt (Beta) with other styles") {
		t.Fatalf("a use with another stroke alignment: %q", why)
	}
	c := card("c", 0, 100, "C")
	c.Children = nil
	if why := components.Check(a, []*resultjson.Node{c}); !strings.Contains(why, "structure") {
		t.Fatalf("a use without children: %q", why)
	}
}

func TestName(t *testing.T) {
	n := func(names ...string) []*resultjson.Node {
		var out []*resultjson.Node
		for _, s := range names {
			out = append(out, &resultjson.Node{Name: s})
		}
		return out
	}
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"Button", "Button"}, "Button"},
		{[]string{"Card / Alpha", "Card / Beta"}, "Card"},
		{[]string{"Alpha", "Beta"}, "Alpha"},
		{[]string{"Card 1", "Card 2", "Card 10"}, "Card"},
		{[]string{"Card 1", "Tile 2"}, "Card 1"},
		{[]string{"Card1", "Card2"}, "Card1"},
		{[]string{"", ""}, "Component"},
		{[]string{"li", "li"}, "List item"},
		{[]string{"h3 / Alpha", "h3 / Beta"}, "Heading 3"},
		{[]string{"Li", "Li"}, "Li"},
	} {
		if got := components.Name(n(tc.names...)); got != tc.want {
			t.Errorf("Name(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}

// TestShapeNames: uses named "Box" (elements that say nothing of what they are) are named by
// what their main holds and where they stand.
func TestShapeNames(t *testing.T) {
	fill := func() *[]resultjson.Paint {
		return &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 1, G: 1, B: 1}}}
	}
	shadow := []resultjson.Effect{{Type: "DROP_SHADOW"}}
	text := func(s string) *resultjson.Node {
		return &resultjson.Node{Type: "TEXT", Name: s, Characters: s, Height: 20}
	}
	frame := func(name string, kids ...*resultjson.Node) *resultjson.Node {
		return &resultjson.Node{Type: "FRAME", Name: name, Width: 100, Height: 50, Children: kids}
	}
	panelOf := func(kids ...*resultjson.Node) *resultjson.Node {
		p := frame("Box", kids...)
		p.Fills, p.Effects = fill(), shadow
		return p
	}
	twice := func(n *resultjson.Node) []*resultjson.Node {
		b := *n
		b.X = n.X + n.Width + 10
		return []*resultjson.Node{n, &b}
	}
	stacked := func(n *resultjson.Node) []*resultjson.Node {
		b := *n
		b.Y = n.Y + n.Height + 10
		return []*resultjson.Node{n, &b}
	}
	column := frame("Box", text("Links"), text("FAQ"))
	column.LayoutMode = "VERTICAL"
	flat := frame("Box", text("A"), text("B"))
	flat.Fills = fill()
	blockColumn := frame("Box", text("Legal"), frame("Link", text("Terms")))
	blockColumn.Children[1].Y, blockColumn.Children[1].Height = 30, 20
	overlapping := frame("Box", text("A"), text("B"))
	overlapping.Children[1].Y = 10
	tile := frame("Box", &resultjson.Node{Type: "RECTANGLE", Name: "Photo", Height: 40}, text("Lamp"), text("£20"))
	tile.Children[1].Y, tile.Children[2].Y = 50, 80
	r := 8.0
	rounded := frame("Box", text("Pro"), text("£9"))
	rounded.Fills, rounded.TopRightRadius = fill(), &r
	use := frame("Gradient", text("Buy"))
	use.ComponentID = "C:1"
	row := frame("Box", frame("Input", text("Name")), frame("Button", text("Send")))
	row.LayoutMode = "HORIZONTAL"
	grid := frame("Box", text("A"), text("B"), text("C"))
	grid.LayoutMode = "GRID"
	lone := frame("Box", frame("Input", text("Name")))
	lone.LayoutMode = "HORIZONTAL"
	for _, tc := range []struct {
		name string
		uses []*resultjson.Node
		want string
	}{
		{"a panel of two texts", twice(panelOf(text("Free"), text("£0"))), "Card"},
		{"a panel of one text", twice(panelOf(text("New"))), "Box"},
		{"a fill without a panel's edge", twice(flat), "Box"},
		{"a panel rounded at one corner", twice(rounded), "Card"},
		{"panels side by side", twice(frame("Box", panelOf(text("A"), text("1")), panelOf(text("B"), text("2")))), "Card"},
		{"panels of one text side by side", twice(frame("Box", panelOf(text("A")), panelOf(text("B")))), "Box"},
		{"a panel and a plain frame", twice(frame("Box", panelOf(text("A"), text("1")), frame("Box", text("B"), text("2")))), "Box"},
		{"an SVG", twice(frame("Box", &resultjson.Node{Type: "SVG", Name: "Icon"})), "Icon"},
		{"the crop of an SVG", twice(frame("Box", &resultjson.Node{Type: "RECTANGLE", Name: "Icon / Chart"})), "Icon"},
		{"a rectangle", twice(frame("Box", &resultjson.Node{Type: "RECTANGLE", Name: "Divider"})), "Box"},
		{"a wrapper of a frame named by its heading", twice(frame("Box", frame("Basic", text("Basic"), text("£0")))), "Box"},
		{"a wrapper of a wrapper of an SVG", twice(frame("Box", frame("Box", &resultjson.Node{Type: "SVG", Name: "Icon"}))), "Icon"},
		{"a wrapper of a component's use", twice(frame("Box", use)), "Box"},
		{"a text", twice(frame("Box", text("2 days ago"))), "Label"},
		{"the column of a grid", twice(frame("Box", frame("Card", text("A"), text("B")))), "Card"},
		{"a wrapper of a Link", twice(frame("Box", frame("Link / Home"))), "Link"},
		{"a wrapper of a li", twice(frame("Box", frame("li"))), "List item"},
		{"a wrapper of a box", twice(frame("Box", frame("Box"))), "Box"},
		{"columns side by side", twice(column), "Column"},
		{"columns of block flow side by side", twice(blockColumn), "Column"},
		{"a frame of overlapping layers side by side", twice(overlapping), "Box"},
		{"tiles of an image over texts side by side", twice(tile), "Box"},
		{"a wrapper of a frame whose text begins with its name", twice(frame("Box", frame("Link", text("Links and more")))), "Link"},
		{"a priced panel over a panel of a button", twice(frame("Box", panelOf(text("Pro"), text("£9")), panelOf(frame("Button")))), "Card"},
		{"columns stacked", stacked(column), "Box"},
		{"a row of fields and a button", stacked(row), "Row"},
		{"a row of one field", stacked(lone), "Input"},
		{"a grid", stacked(grid), "Grid"},
		{"a painted row", stacked(func() *resultjson.Node { r := *row; r.Fills = fill(); return &r }()), "Box"},
		{"a pseudo-element's icon", twice(frame("::after", &resultjson.Node{Type: "SVG", Name: "background"})), "Icon"},
		{"a wrapper of a pseudo-element's icon", twice(frame("Box", frame("::before", &resultjson.Node{Type: "SVG", Name: "background"}))), "Icon"},
	} {
		if got := components.Name(tc.uses); got != tc.want {
			t.Errorf("%s: Name = %q, want %q", tc.name, got, tc.want)
		}
	}
	named := panelOf(text("A"), text("B"))
	named.Name = "Tile"
	if got := components.Name(twice(named)); got != "Tile" {
		t.Errorf("a panel named Tile: Name = %q, want Tile", got)
	}
}

// link is a nav link at (x, 0): an auto-layout row hugging a TEXT of text, textWidth px wide,
// that grows with its characters, padded 8 px by 16 px.
func link(id string, x, textWidth float64, text string) *resultjson.Node {
	n := &resultjson.Node{Type: "FRAME", ID: id, Name: "Link", X: x, Width: textWidth + 32, Height: 40, Fills: solid(0.9),
		Children: []*resultjson.Node{{Type: "TEXT", ID: id + "t", Name: text, X: 16, Y: 8, Width: textWidth, Height: 24,
			Characters: text, FontSize: 16, Fills: solid(0), TextAutoResize: "WIDTH_AND_HEIGHT"}}}
	n.LayoutMode, n.PrimaryAxisAlignItems, n.CounterAxisAlignItems = "HORIZONTAL", "MIN", "MIN"
	n.PaddingTop, n.PaddingRight, n.PaddingBottom, n.PaddingLeft, n.ItemSpacing = f(8), f(16), f(8), f(16), f(0)
	n.LayoutSizingHorizontal, n.LayoutSizingVertical = "HUG", "HUG"
	n.Children[0].LayoutSizingHorizontal, n.Children[0].LayoutSizingVertical = "HUG", "HUG"
	return n
}

// TestNavLinksOfDifferentWidths: links whose labels differ in length are one component when
// auto layout alone makes them differ (a hugging row around a text that grows); a use that
// differs in anything else, or that auto layout would not lay out as it is, is not.
func TestNavLinksOfDifferentWidths(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *resultjson.Node)
		want   string
		diag   string
	}{
		{"labels", func(b *resultjson.Node) {}, "C:1,C:1,C:1", ""},
		// A row of its own width: the instance is resized, and places its label as the page.
		{"fixed width", func(b *resultjson.Node) { b.LayoutSizingHorizontal = "FIXED" }, "C:1,C:1,C:1", ""},
		{"fixed width, label elsewhere", func(b *resultjson.Node) { b.LayoutSizingHorizontal, b.Children[0].X = "FIXED", 21 }, ",,", "b, as an instance of a, would draw its layer bt (Pricing) 5.0 px off its box on the page"},
		{"text of fixed width", func(b *resultjson.Node) { b.Children[0].TextAutoResize = "HEIGHT" }, "C:1,,C:1", ""},
		{"a box that does not grow", func(b *resultjson.Node) { b.Children[0].Type, b.Children[0].TextAutoResize = "RECTANGLE", "" }, "C:1,,C:1", ""},
		{"fill", func(b *resultjson.Node) { b.Fills = solid(0.5) }, "C:1,C:1,C:1", ""},
		{"style", func(b *resultjson.Node) { b.ClipsContent = new(true) }, "C:1,,C:1", ""},
		// A use whose text sits where auto layout would not put it: the whole repeat stays plain.
		{"text at the tolerance", func(b *resultjson.Node) { b.Children[0].X += 1 }, "C:1,C:1,C:1", ""},
		{"text past the tolerance", func(b *resultjson.Node) { b.Children[0].X += 1.01 }, ",,", "b, as an instance of a, would draw its layer bt (Pricing) 1.0 px off its box on the page"},
		{"root past the tolerance", func(b *resultjson.Node) { b.Width += 1.01 }, ",,", "b, as an instance of a, would draw itself 1.0 px off its box on the page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := link("b", 100, 80, "Pricing")
			tc.change(b)
			root := page(link("a", 0, 40, "Home"), b, link("c", 300, 120, "Documentation"))
			diags := components.Build(root, 10, apart(root))
			if got := strings.Join(uses(root), ","); got != tc.want {
				t.Errorf("uses %s, want %s", got, tc.want)
			}
			if tc.diag == "" && len(diags) != 0 || tc.diag != "" && (len(diags) != 1 || !strings.Contains(diags[0].Message, tc.diag)) {
				t.Errorf("diagnostics %v, want %q", diags, tc.diag)
			}
		})
	}
}

// TestCheckLaysOutGrowth: a column of a hugging row holding a link (nested auto layout) grows
// with its text through both frames; Check lays the instance out as Figma would.
func TestCheckLaysOutGrowth(t *testing.T) {
	item := func(id string, textWidth float64) *resultjson.Node {
		l := link(id+"l", 0, textWidth, "x")
		l.Y = 4
		n := &resultjson.Node{Type: "FRAME", ID: id, Name: "Item", Width: textWidth + 32, Height: 48, Children: []*resultjson.Node{l}}
		n.LayoutMode, n.PrimaryAxisAlignItems, n.CounterAxisAlignItems = "VERTICAL", "MIN", "MIN"
		n.PaddingTop, n.PaddingBottom, n.ItemSpacing = f(4), f(4), f(0)
		n.LayoutSizingHorizontal, n.LayoutSizingVertical = "HUG", "HUG"
		return n
	}
	a, b := item("a", 40), item("b", 90)
	if why := components.Check(a, []*resultjson.Node{b}); why != "" {
		t.Fatalf("nested growth: %s", why)
	}
	// A root of a fixed width is resized (the plugin resizes the instance): its column places
	// the link at its start, so a link elsewhere is not what the instance draws.
	b.LayoutSizingHorizontal = "FIXED"
	if why := components.Check(a, []*resultjson.Node{b}); why != "" {
		t.Fatalf("a fixed root: %q", why)
	}
	b.Children[0].X += 3
	if why := components.Check(a, []*resultjson.Node{b}); !strings.Contains(why, "would draw its layer bl (Link) 3.0 px off") {
		t.Fatalf("a fixed root, its link elsewhere: %q", why)
	}
}

// TestTextGrowsInAFixedRow: menu rows of one width (FIXED, or FILL in their column) whose
// labels differ are one component: the row's auto layout places the label whatever its width.
func TestTextGrowsInAFixedRow(t *testing.T) {
	row := func(id string, y, textWidth float64, text string) *resultjson.Node {
		n := link(id, 0, textWidth, text)
		n.Y, n.Width, n.LayoutSizingHorizontal = y, 240, "FILL"
		return n
	}
	root := page(row("a", 0, 40, "Home"), row("b", 40, 80, "Pricing"), row("c", 80, 120, "Documentation"))
	if d := components.Build(root, 10, nil); len(d) != 0 || strings.Join(uses(root), ",") != "C:1,C:1,C:1" {
		t.Fatalf("uses %v, diagnostics %v", uses(root), d)
	}
}

// TestSameBoxesStillComponents: when auto layout would not give every use its boxes, the uses
// whose layers have the same boxes are still components of their own.
func TestSameBoxesStillComponents(t *testing.T) {
	shifted := func(l *resultjson.Node) *resultjson.Node {
		l.Children[0].X += 2
		return l
	}
	root := page(link("a", 0, 40, "A"), shifted(link("b", 100, 40, "B")), link("c", 200, 40, "C"), shifted(link("d", 300, 40, "D")))
	if d := components.Build(root, 10, nil); len(d) != 0 || strings.Join(uses(root), ",") != "C:1,C:2,C:1,C:2" {
		t.Fatalf("uses %v, diagnostics %v", uses(root), d)
	}
	// A use of its own boxes stays plain, and says why.
	root = page(link("a", 0, 40, "A"), shifted(link("b", 100, 40, "B")), link("c", 200, 40, "C"))
	d := components.Build(root, 10, apart(root))
	if strings.Join(uses(root), ",") != "C:1,,C:1" || len(d) != 1 || d[0].NodeID != "b" ||
		d[0].Message != "Link is repeated 3 times but 1 of them stay plain frames: b, as an instance of a, would draw its layer bt (B) 2.0 px off its box on the page" {
		t.Fatalf("uses %v, diagnostics %v", uses(root), d)
	}
}

// TestUsesPaintAsTheFirstOrAreOfItsKind: a use paints as its component's first use or has a
// name of the first use's kind; a node of neither stays out, and two such make a component of
// their own.
func TestUsesPaintAsTheFirstOrAreOfItsKind(t *testing.T) {
	named := func(n *resultjson.Node, name string, r float64) *resultjson.Node {
		n.Name, n.Fills = name, solid(r)
		return n
	}
	for _, tc := range []struct {
		name string
		kids []*resultjson.Node
		want string
	}{
		{"same paint or same kind", []*resultjson.Node{named(card("a", 0, 100, "A"), "Card / A", 1), named(card("b", 110, 100, "B"), "Tile / B", 1),
			named(card("c", 220, 100, "C"), "Card / C", 0.5), named(card("d", 330, 100, "D"), "Tile / D", 0.5)}, "C:1,C:1,C:1,"},
		{"two of neither", []*resultjson.Node{named(card("a", 0, 100, "A"), "Card / A", 1), named(card("b", 110, 100, "B"), "Tile / B", 0.5),
			named(card("c", 220, 100, "C"), "Tile / C", 0.5)}, ",C:1,C:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := page(tc.kids...)
			components.Build(root, 10, apart(root))
			if got := strings.Join(uses(root), ","); got != tc.want {
				t.Errorf("uses %s, want %s", got, tc.want)
			}
		})
	}
}

// TestCheckFollowsConstraints: a use resized across (a column twice as wide) holds a frame
// without auto layout that fills the column across; its child follows the frame by its
// constraints: STRETCH keeps its margins, so a use whose child does is drawn by the instance;
// without constraints the child would keep its width, and the use is not.
func TestCheckFollowsConstraints(t *testing.T) {
	column := func(id string, w float64, constraints *resultjson.Constraints) *resultjson.Node {
		bar := &resultjson.Node{Type: "RECTANGLE", ID: id + "g", X: 10, Y: 10, Width: w - 20, Height: 10, Fills: solid(1)}
		bar.Constraints = constraints
		panel := &resultjson.Node{Type: "FRAME", ID: id + "p", Width: w, Height: 50, Fills: solid(0.5), Children: []*resultjson.Node{bar}}
		panel.LayoutSizingHorizontal, panel.LayoutSizingVertical = "FILL", "FIXED"
		root := &resultjson.Node{Type: "FRAME", ID: id, Width: w, Height: 50, Fills: solid(0), Children: []*resultjson.Node{panel}}
		root.LayoutMode, root.PrimaryAxisAlignItems, root.CounterAxisAlignItems = "VERTICAL", "MIN", "MIN"
		root.PaddingLeft, root.PaddingRight, root.PaddingTop, root.PaddingBottom, root.ItemSpacing = f(0), f(0), f(0), f(0), f(0)
		root.LayoutSizingHorizontal, root.LayoutSizingVertical = "FIXED", "FIXED"
		return root
	}
	stretch := &resultjson.Constraints{Horizontal: "STRETCH", Vertical: "MIN"}
	if why := components.Check(column("a", 200, stretch), []*resultjson.Node{column("b", 400, stretch)}); why != "" {
		t.Errorf("a stretching bar: %s", why)
	}
	if why := components.Check(column("a", 200, nil), []*resultjson.Node{column("b", 400, nil)}); !strings.Contains(why, "would draw its layer bg 200.0 px off its box") {
		t.Errorf("a bar without constraints: %q, want its layer bg 200 px off", why)
	}
}
