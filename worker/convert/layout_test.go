package convert_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestLayoutPagesGetAutoLayout checks the auto-layout values of the main container of each
// layout page against what its CSS says.
func TestLayoutPagesGetAutoLayout(t *testing.T) {
	type want struct {
		name                           string
		mode, wrap, primary, counter   string
		spacing, counterSpacing        float64
		padTop, padRight, padBot, padL float64
		sizingH, sizingV               string
		children                       int
	}
	for page, w := range map[string]want{
		// nav.navbar: flex row, space-between, align-items center, padding 12px 24px, border-bottom 1px.
		"layout-navbar": {"Navigation / Main", layout.Horizontal, "", layout.AlignBetween, layout.AlignCenter, 0, 0, 12, 24, 13, 24, layout.SizingFixed, layout.SizingHug, 3},
		// section.grid: flex row wrap, gap 16px 24px, five 228 px cards.
		"layout-cards": {"Products", layout.Horizontal, layout.Wrap, layout.AlignMin, layout.AlignMin, 24, 16, 0, 0, 0, 0, layout.SizingFixed, layout.SizingFixed, 5},
		// form: flex column, gap 12px, padding 24px + 1px border, 360 px wide.
		"layout-form": {"Form / Create an account", layout.Vertical, "", layout.AlignMin, layout.AlignMin, 12, 0, 25, 25, 25, 25, layout.SizingFixed, layout.SizingHug, 4},
		// section.hero: flex column centred both ways, gap 16px, padding 0 48px, 400 px tall.
		// section.tiles: a grid of three 1fr columns, gap 16px 24px, five tiles: a GRID frame
		// (grid members: TestGridCardsPage); main's column stretches it (FILL).
		"layout-grid": {"Tiles", layout.Grid, "", "", "", 0, 0, 0, 0, 0, 0, layout.SizingFill, layout.SizingHug, 5},
		// div.bar: flex row, space-between, align-items center, padding 16px 0 8px, border-bottom
		// 1px; its h1 has an 8 px bottom margin, which its frame takes in (TestItemsTakeInTheirMargins).
		"layout-margins": {"Bar / Dashboard", layout.Horizontal, "", layout.AlignBetween, layout.AlignCenter, 0, 0, 16, 0, 9, 0, layout.SizingFixed, layout.SizingHug, 2},
		"layout-hero":    {"Hero / Welcome", layout.Vertical, "", layout.AlignCenter, layout.AlignCenter, 16, 0, 0, 48, 0, 48, layout.SizingFixed, layout.SizingFixed, 3},
		// ul.cards: a block (no flex or grid) of three cards 16 px apart, padding 12px: a column
		// (TestBlockCardsAreColumns).
		"layout-columns": {"Cards", layout.Vertical, "", layout.AlignMin, layout.AlignMin, 16, 0, 12, 12, 12, 12, layout.SizingFixed, layout.SizingHug, 3},
	} {
		t.Run(page, func(t *testing.T) {
			root := loadFixture(t, page).convert(t).Result.Root
			var f *resultjson.Node
			walkNodes(root, nil, func(n, _ *resultjson.Node) {
				if n.Name == w.name && f == nil {
					f = n
				}
			})
			if f == nil {
				t.Fatalf("no frame named %q", w.name)
			}
			got := want{f.Name, f.LayoutMode, f.LayoutWrap, f.PrimaryAxisAlignItems, f.CounterAxisAlignItems,
				deref(f.ItemSpacing), deref(f.CounterAxisSpacing), deref(f.PaddingTop), deref(f.PaddingRight), deref(f.PaddingBottom), deref(f.PaddingLeft),
				f.LayoutSizingHorizontal, f.LayoutSizingVertical, len(f.Children)}
			if diff := cmp.Diff(w, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("auto layout of %s (-want +got):\n%s", w.name, diff)
			}
		})
	}
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// TestAutoLayoutReproducesCapturedBoxes recomputes the children of every auto-layout frame of
// every fixture's result with Figma's rules (LayOut) and checks each lands within 1 px of its
// captured box; and that at least 80% of the flex and grid containers of the layout pages got
// auto layout, the rest listed in diagnostics with a reason. Text frames and columns
// (auto-layout frames of no container, layout/textframes.go, layout/columns.go) are counted
// apart.
func TestAutoLayoutReproducesCapturedBoxes(t *testing.T) {
	containers, auto := 0, 0
	for _, name := range append([]string{"site", "unsupported"}, layoutFixtures...) {
		f := loadFixture(t, name)
		out := f.convert(t)
		all := 0
		walkNodes(out.Result.Root, nil, func(n, _ *resultjson.Node) {
			if n.LayoutMode == "" {
				return
			}
			all++
			if worst, d := layout.Mismatch(n); d > layout.Tolerance {
				t.Errorf("%s: auto layout of %s %q moves %s %q by %.2f px", name, n.ID, n.Name, worst.ID, worst.Name, d)
			}
		})
		frames := containerFrames(f.capture.Document.Root, out.Result.Root)
		flex := countContainers(f.capture.Document.Root)
		skipped := 0
		for _, d := range out.Result.Diagnostics {
			if d.Code == resultjson.DiagAutoLayoutSkipped {
				skipped++
				if !strings.Contains(d.Message, "keeps absolute positions: ") || d.NodeID == "" {
					t.Errorf("%s: diagnostic %+v gives no reason or node", name, d)
				}
			}
		}
		if frames+skipped != flex {
			t.Errorf("%s: %d flex/grid containers, %d auto-layout frames + %d diagnostics", name, flex, frames, skipped)
		}
		if strings.HasPrefix(name, "layout-") {
			containers += flex
			auto += frames
		}
		t.Logf("%s: %d of %d flex/grid containers have auto layout; %d text frames and columns", name, frames, flex, all-frames)
	}
	if containers == 0 || auto*100 < containers*80 {
		t.Errorf("%d of %d flex/grid containers of the layout pages have auto layout, want at least 80%%", auto, containers)
	}
}

// containerFrames counts the auto-layout frames of a result that are the frames of visible flex
// and grid containers of its capture (dom): each container takes the first frame, in tree
// order, with its captured box (within 0.01 px; the result keeps every box).
func containerFrames(dom *capturemodel.DOMNode, root *resultjson.Node) int {
	type placed struct {
		n    *resultjson.Node
		x, y float64
	}
	var frames []placed
	var walk func(n *resultjson.Node, x, y float64)
	walk = func(n *resultjson.Node, x, y float64) {
		x, y = x+n.X, y+n.Y
		if n.LayoutMode != "" {
			frames = append(frames, placed{n, x, y})
		}
		for _, c := range n.Children {
			walk(c, x, y)
		}
	}
	walk(root, -root.X, -root.Y)
	taken := map[*resultjson.Node]bool{}
	count := 0
	var visit func(d *capturemodel.DOMNode)
	visit = func(d *capturemodel.DOMNode) {
		if d.Type == "element" && layout.Container(d) && (d.Style["visibility"] == "" || d.Style["visibility"] == "visible") {
			b := d.Box
			for _, f := range frames {
				if !taken[f.n] && math.Abs(f.x-b.X) <= 0.01 && math.Abs(f.y-b.Y) <= 0.01 && math.Abs(f.n.Width-b.Width) <= 0.01 && math.Abs(f.n.Height-b.Height) <= 0.01 {
					taken[f.n] = true
					count++
					break
				}
			}
		}
		for _, c := range d.Children {
			if c != nil {
				visit(c)
			}
		}
	}
	visit(dom)
	return count
}

// TestItemsTakeInTheirMargins converts layout-site/margins.html: the title bar's h1 (8 px bottom
// margin, centred beside a toolbar) and the column's h2 (24 px bottom margin over spacings of 24
// and 12 px) are frames that paint nothing, so each grows over its margin (the h2 over the 12 px
// more than the column's 12 px spacing) with its text where the page drew it; the painted note
// keeps its border box; both containers are auto layout, without diagnostics.
func TestItemsTakeInTheirMargins(t *testing.T) {
	f := loadFixture(t, "layout-margins")
	out := f.convert(t)
	if len(out.Result.Diagnostics) != 0 {
		t.Fatalf("diagnostics %+v, want none", out.Result.Diagnostics)
	}
	type placed struct {
		n    *resultjson.Node
		x, y float64
	}
	byName := map[string]placed{}
	var walk func(n *resultjson.Node, x, y float64)
	walk = func(n *resultjson.Node, x, y float64) {
		x, y = x+n.X, y+n.Y
		if _, seen := byName[n.Type+" "+n.Name]; !seen {
			byName[n.Type+" "+n.Name] = placed{n, x, y}
		}
		for _, c := range n.Children {
			walk(c, x, y)
		}
	}
	walk(out.Result.Root, -out.Result.Root.X, -out.Result.Root.Y)
	boxOf := func(key string) [4]float64 {
		p, ok := byName[key]
		if !ok {
			t.Fatalf("no node %q", key)
		}
		return [4]float64{p.x, p.y, p.n.Width, p.n.Height}
	}
	el := map[string]capturemodel.Box{}
	var find func(d *capturemodel.DOMNode)
	find = func(d *capturemodel.DOMNode) {
		if d.Type == "element" && d.Attrs["id"] != "" {
			el[d.Attrs["id"]] = d.Box
		}
		for _, c := range d.Children {
			if c != nil {
				find(c)
			}
		}
	}
	find(f.capture.Document.Root)
	for _, c := range []struct {
		frame, text, id string
		margin          float64 // the bottom margin the frame took in
	}{{"FRAME Title", "TEXT Dashboard", "title", 8}, {"FRAME Heading", "TEXT Heading", "heading", 12}, {"FRAME Note", "", "note", 0}} {
		b := el[c.id]
		if got, want := boxOf(c.frame), [4]float64{b.X, b.Y, css.Size(b.Width), css.Size(b.Height + c.margin)}; got != want {
			t.Errorf("%s: %v, want %v (its border box and %g px of margin)", c.frame, got, want, c.margin)
		}
		if c.text != "" && boxOf(c.text)[1] != b.Y {
			t.Errorf("%s at y %v, want %v (where the page drew it)", c.text, boxOf(c.text)[1], b.Y)
		}
	}
	if got, want := boxOf("FRAME Title"), [4]float64{16, 32, 170.94, 48}; got != want {
		t.Errorf("title frame %v, want %v", got, want)
	}
	if s := byName["FRAME Stack / Heading"].n; s.LayoutMode != layout.Vertical || deref(s.ItemSpacing) != 12 {
		t.Errorf("column %q spacing %v, want VERTICAL 12", s.LayoutMode, deref(s.ItemSpacing))
	}
}

// countContainers counts the visible flex and grid containers of a captured tree.
func countContainers(n *capturemodel.DOMNode) int {
	c := 0
	if n.Type == "element" {
		switch n.Style["display"] {
		case "flex", "inline-flex", "grid", "inline-grid":
			if n.Style["visibility"] == "" || n.Style["visibility"] == "visible" {
				c++
			}
		}
	}
	for _, ch := range n.Children {
		if ch != nil {
			c += countContainers(ch)
		}
	}
	return c
}

// TestAutoLayoutLeftOutSaysWhy: a container whose CSS has no auto-layout equivalent, or whose
// children auto layout would move, keeps absolute positions and a diagnostic names it and the
// reason; its children keep their places.
func TestAutoLayoutLeftOutSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(nav *capturemodel.DOMNode)
		reason string
	}{
		{"SpaceAround", func(nav *capturemodel.DOMNode) { nav.Style["justify-content"] = "space-around" },
			"justify-content space-around has no auto-layout equivalent"},
		{"WrapReverse", func(nav *capturemodel.DOMNode) { nav.Style["flex-wrap"] = "wrap-reverse" },
			"flex-wrap wrap-reverse has no auto-layout equivalent"},
		{"ChildMoved", func(nav *capturemodel.DOMNode) { shiftDOM(nav.Children[2], 0, 3) },
			"auto layout would move or resize Cta by 3.0 px"},
		{"UnevenMargins", func(nav *capturemodel.DOMNode) { nav.Children[1].Style["margin-left"] = "5px" },
			"the space between its items differs (margins)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := loadFixture(t, "layout-navbar")
			var nav *capturemodel.DOMNode
			var find func(n *capturemodel.DOMNode)
			find = func(n *capturemodel.DOMNode) {
				if n.Tag == "nav" {
					nav = n
				}
				for _, c := range n.Children {
					find(c)
				}
			}
			find(f.capture.Document.Root)
			tc.change(nav)
			res := f.convert(t).Result
			frame := res.Root.Children[0]
			if frame.LayoutMode != "" || frame.PaddingLeft != nil || frame.PrimaryAxisAlignItems != "" {
				t.Errorf("nav frame kept auto-layout members: %+v", frame.Structure)
			}
			// Children keep no auto-layout child members (an auto-layout frame among them keeps
			// its own FIXED or HUG sizing).
			for _, c := range frame.Children {
				fill := c.LayoutSizingHorizontal == layout.SizingFill || c.LayoutSizingVertical == layout.SizingFill
				if fill || c.LayoutPositioning != "" || (c.LayoutMode == "" && c.LayoutSizingHorizontal+c.LayoutSizingVertical != "") {
					t.Errorf("child %s of the absolute frame has layoutSizing %s/%s, layoutPositioning %q", c.Name, c.LayoutSizingHorizontal, c.LayoutSizingVertical, c.LayoutPositioning)
				}
			}
			want := fmt.Sprintf("Navigation / Main keeps absolute positions: %s", tc.reason)
			found := false
			for _, d := range res.Diagnostics {
				if d.NodeID == frame.ID && d.Message == want {
					found = true
				}
			}
			if !found {
				t.Errorf("diagnostics %+v, want %q on %s", res.Diagnostics, want, frame.ID)
			}
		})
	}
}

func shiftDOM(n *capturemodel.DOMNode, dx, dy float64) {
	n.Box.X += dx
	n.Box.Y += dy
	for _, c := range n.Children {
		shiftDOM(c, dx, dy)
	}
}

// TestGrowingItemHeldAtItsSize: an item with flex-grow whose captured size is not its share of
// the room (max-width held it, as the docs page's main) stays FIXED at its size, and the frame
// keeps auto layout; an item whose share is its size becomes FILL.
func TestGrowingItemHeldAtItsSize(t *testing.T) {
	f := loadFixture(t, "layout-navbar")
	var nav *capturemodel.DOMNode
	var find func(n *capturemodel.DOMNode)
	find = func(n *capturemodel.DOMNode) {
		if n.Tag == "nav" {
			nav = n
		}
		for _, c := range n.Children {
			find(c)
		}
	}
	find(f.capture.Document.Root)
	nav.Children[0].Style["flex-grow"] = "1" // the logo: 54 px wide, its share would be 430 px
	frame := f.convert(t).Result.Root.Children[0]
	if frame.LayoutMode != layout.Horizontal || frame.Children[0].LayoutSizingHorizontal != layout.SizingFixed {
		t.Errorf("nav %q layoutMode %q, logo sizing %q; want HORIZONTAL with a FIXED logo", frame.Name, frame.LayoutMode, frame.Children[0].LayoutSizingHorizontal)
	}

	// Cards: the h3 and p of each card fill its width (stretch); make the p grow too: the column
	// has no room left, so its share is its size and it becomes FILL on both axes.
	c := loadFixture(t, "layout-cards")
	var cards []*capturemodel.DOMNode
	var all func(n *capturemodel.DOMNode)
	all = func(n *capturemodel.DOMNode) {
		if n.Tag == "article" {
			cards = append(cards, n)
		}
		for _, ch := range n.Children {
			all(ch)
		}
	}
	all(c.capture.Document.Root)
	cards[0].Children[1].Style["flex-grow"] = "1"
	var card *resultjson.Node
	walkNodes(c.convert(t).Result.Root, nil, func(n, _ *resultjson.Node) {
		if n.Name == "Card / Alpha" {
			card = n
		}
	})
	if card == nil || card.LayoutMode != layout.Vertical {
		t.Fatalf("card %+v", card)
	}
	if p := card.Children[1]; p.LayoutSizingHorizontal != layout.SizingFill || p.LayoutSizingVertical != layout.SizingFill {
		t.Errorf("growing p sizing %s/%s, want FILL/FILL", p.LayoutSizingHorizontal, p.LayoutSizingVertical)
	}
}

// TestSizeLimits converts the capture of minmax.html: the px limits CSS sets on auto-layout
// frames and their flowing children are Figma's minWidth/maxWidth/minHeight/maxHeight of the
// border box (the content-box Main's max-width 400 plus its 2 x 10 px padding and 2 x 2 px
// border; each row's min-height 40 plus its 2 x 4 px padding); Main's min-width: 50% and the
// limits of Plain, a block outside any flex container, are left out; the GRID frame Cells takes
// its max-width and each cell its min-height.
func TestSizeLimits(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "layout-minmax").convert(t)
	str := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	got := map[string]string{}
	for _, p := range placedNodes(out.Result.Root, "FRAME") {
		n := p.node
		got[n.ID+" "+n.Name] = strings.Join([]string{str(n.MinWidth), str(n.MaxWidth), str(n.MinHeight), str(n.MaxHeight)}, " ")
	}
	want := map[string]string{
		"1:1 Size limits": "- - - -",
		"1:2 Bar":         "- - 64 -",
		"1:3 Side":        "200 320 - -",
		"1:4 Main":        "- 424 - -",
		"1:5 Go":          "120 - - -",
		"1:7 Stack":       "- - - 400",
		"1:8 Box":         "- - 48 -",
		"1:9 Box":         "- - 48 -",
		"1:10 Plain":      "- - - -",
		"1:11 Cells":      "- 300 - -",
		"1:12 Cell":       "- - 30 -",
		"1:13 Cell":       "- - 30 -",
		"1:14 Cell":       "- - 30 -",
	}
	if cells := nodeNamed(t, out.Result.Root, "Cells").node; cells.LayoutMode != "GRID" {
		t.Errorf("Cells layoutMode %q, want GRID", cells.LayoutMode)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("minWidth maxWidth minHeight maxHeight by frame (-want +got):\n%s", diff)
	}
}

func TestGoldenSizeLimits(t *testing.T) {
	t.Parallel()
	checkGolden(t, "layout-minmax", loadFixture(t, "layout-minmax").convert(t).JSON)
}

// TestBlockLinksAreTextFrames: the links of blocklinks.html (testdata/layout-site), which are no
// flex items, are text frames (layout/textframes.go): the inline-block tabs HORIZONTAL frames
// that hug their labels (padding 6 px + 1 px border, 12 px + 1 px), the block sidebar links
// HORIZONTAL frames as wide as the sidebar (FIXED 200 px) whose icon and label sit 8 px apart,
// centred across, the label hugging its text; so the tabs are one component and the sidebar
// links another, though their labels differ in length.
func TestBlockLinksAreTextFrames(t *testing.T) {
	res := loadFixture(t, "layout-blocklinks").convert(t).Result
	uses, names := componentUses(res.Root)
	if len(uses) != 2 || len(uses["C:1"]) != 3 || len(uses["C:2"]) != 4 || names["C:1"] != "Link" || names["C:2"] != "Link 2" {
		t.Fatalf("components %v named %v, want C:1 Link with the 3 tabs, C:2 Link 2 with the 4 sidebar links", uses, names)
	}
	pad := func(n *resultjson.Node) [4]float64 {
		return [4]float64{deref(n.PaddingTop), deref(n.PaddingRight), deref(n.PaddingBottom), deref(n.PaddingLeft)}
	}
	for i, want := range []struct {
		label        string
		x, width, tw float64
	}{{"All", 24, 44.42, 18.42}, {"Drafts", 76.42, 72.28, 46.28}, {"Published", 156.7, 100.05, 74.05}} {
		tab := uses["C:1"][i]
		label := tab.Children[0]
		if tab.X != want.x || tab.Y != 16 || tab.Width != want.width || tab.Height != 38 || tab.LayoutMode != layout.Horizontal ||
			pad(tab) != [4]float64{7, 13, 7, 13} || deref(tab.ItemSpacing) != 0 ||
			tab.LayoutSizingHorizontal != layout.SizingHug || tab.LayoutSizingVertical != layout.SizingHug {
			t.Errorf("tab %d: %v,%v %vx%v %s padding %v spacing %v %s %s, want %v,16 %vx38 HORIZONTAL padding [7 13 7 13] HUG HUG",
				i, tab.X, tab.Y, tab.Width, tab.Height, tab.LayoutMode, pad(tab), deref(tab.ItemSpacing), tab.LayoutSizingHorizontal, tab.LayoutSizingVertical, want.x, want.width)
		}
		if len(tab.Children) != 1 || label.Characters != want.label || label.X != 13 || label.Y != 7 || label.Width != want.tw ||
			label.LayoutSizingHorizontal != layout.SizingHug || label.LayoutSizingVertical != layout.SizingHug {
			t.Errorf("tab %d label: %q at %v,%v width %v %s %s, want %q at 13,7 width %v HUG HUG", i, label.Characters, label.X, label.Y, label.Width,
				label.LayoutSizingHorizontal, label.LayoutSizingVertical, want.label, want.tw)
		}
	}
	for i, want := range []struct {
		label string
		y, tw float64
	}{{"Home", 70, 44.63}, {"Saved reports", 114, 106.08}, {"Team", 158, 41.25}, {"Account settings", 202, 127.8}} {
		link := uses["C:2"][i]
		if link.X != 24 || link.Y != want.y || link.Width != 200 || link.Height != 40 || link.LayoutMode != layout.Horizontal ||
			pad(link) != [4]float64{8, 16, 8, 16} || deref(link.ItemSpacing) != 8 ||
			link.PrimaryAxisAlignItems != layout.AlignMin || link.CounterAxisAlignItems != layout.AlignCenter ||
			link.LayoutSizingHorizontal != layout.SizingFixed || link.LayoutSizingVertical != layout.SizingHug {
			t.Errorf("link %d: %v,%v %vx%v %s padding %v spacing %v %s/%s %s %s, want 24,%v 200x40 HORIZONTAL padding [8 16 8 16] spacing 8 MIN/CENTER FIXED HUG",
				i, link.X, link.Y, link.Width, link.Height, link.LayoutMode, pad(link), deref(link.ItemSpacing), link.PrimaryAxisAlignItems, link.CounterAxisAlignItems,
				link.LayoutSizingHorizontal, link.LayoutSizingVertical, want.y)
			continue
		}
		icon, label := link.Children[0], link.Children[1]
		if len(link.Children) != 2 || icon.Type != "SVG" || icon.X != 16 || icon.Y != 12 || icon.LayoutSizingHorizontal != layout.SizingFixed ||
			label.Characters != want.label || label.X != 40 || label.Y != 8 || label.Width != want.tw || label.LayoutSizingHorizontal != layout.SizingHug {
			t.Errorf("link %d: icon %s at %v,%v %s, label %q at %v,%v width %v %s; want SVG at 16,12 FIXED, %q at 40,8 width %v HUG", i,
				icon.Type, icon.X, icon.Y, icon.LayoutSizingHorizontal, label.Characters, label.X, label.Y, label.Width, label.LayoutSizingHorizontal, want.label, want.tw)
		}
	}
}

// TestBlockCardsAreColumns: the cards of columns.html (testdata/layout-site), block list items
// of an h2 and a p in a block list, are columns (layout/columns.go): each a VERTICAL frame padded
// by its 1 px border and 10 px padding plus the h2's 8 px top and the p's 8 px bottom margin,
// the h2's 12 px bottom margin its spacing, MIN both ways, its texts FILL across (HEIGHT, so a
// longer text grows down) and HUG down, the card FILL in the list and hugging its texts; the
// badge keeps its place (ABSOLUTE); the list is a column of the cards 16 px apart. No
// diagnostics: a block asks for no layout.
func TestBlockCardsAreColumns(t *testing.T) {
	res := loadFixture(t, "layout-columns").convert(t).Result
	if len(res.Diagnostics) != 0 {
		t.Fatalf("diagnostics %+v, want none", res.Diagnostics)
	}
	list := nodeNamed(t, res.Root, "Cards").node
	pad := func(n *resultjson.Node) [4]float64 {
		return [4]float64{deref(n.PaddingTop), deref(n.PaddingRight), deref(n.PaddingBottom), deref(n.PaddingLeft)}
	}
	sizing := func(n *resultjson.Node) string { return n.LayoutSizingHorizontal + "/" + n.LayoutSizingVertical }
	if len(list.Children) != 3 {
		t.Fatalf("list has %d children, want 3 cards", len(list.Children))
	}
	for i, want := range []struct {
		name             string
		y, height, textH float64
		badge            bool
	}{{"Turnips", 12, 150, 72, false}, {"Beets", 178, 126, 48, false}, {"Parsley", 320, 150, 72, true}} {
		card := list.Children[i]
		if card.Name != want.name || card.X != 12 || card.Y != want.y || card.Width != 336 || card.Height != want.height ||
			card.LayoutMode != layout.Vertical || pad(card) != [4]float64{19, 11, 19, 11} || deref(card.ItemSpacing) != 12 ||
			card.PrimaryAxisAlignItems != layout.AlignMin || card.CounterAxisAlignItems != layout.AlignMin || sizing(card) != "FILL/HUG" {
			t.Errorf("card %d: %q at %v,%v %vx%v %s padding %v spacing %v %s/%s %s; want %q at 12,%v 336x%v VERTICAL [19 11 19 11] 12 MIN/MIN FILL/HUG",
				i, card.Name, card.X, card.Y, card.Width, card.Height, card.LayoutMode, pad(card), deref(card.ItemSpacing),
				card.PrimaryAxisAlignItems, card.CounterAxisAlignItems, sizing(card), want.name, want.y, want.height)
			continue
		}
		var texts []*resultjson.Node
		var badge *resultjson.Node
		for _, c := range card.Children {
			if c.Type == "TEXT" {
				texts = append(texts, c)
			} else {
				badge = c
			}
		}
		if len(texts) != 2 || texts[0].Characters != want.name || texts[0].Y != 19 || texts[1].Y != 59 || texts[1].Height != want.textH {
			t.Fatalf("card %d texts %+v, want the h2 at y 19 and the p at y 59, %v tall", i, texts, want.textH)
		}
		for _, tx := range texts {
			if tx.X != 11 || tx.Width != 314 || tx.TextAutoResize != "HEIGHT" || sizing(tx) != "FILL/HUG" {
				t.Errorf("card %d text %q at x %v width %v %s %s, want 11 314 HEIGHT FILL/HUG", i, tx.Characters, tx.X, tx.Width, tx.TextAutoResize, sizing(tx))
			}
		}
		if (badge != nil) != want.badge || badge != nil && (badge.LayoutPositioning != layout.PositionAbsolute || badge.Y != 9) {
			t.Errorf("card %d badge %+v, want one: %v, ABSOLUTE at y 9", i, badge, want.badge)
		}
	}
	if worst, d := layout.Mismatch(list); d > layout.Tolerance {
		t.Errorf("LayOut moves %s by %v px", worst.Name, d)
	}
}
