package convert_test

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// The geometry pages (testdata/geometry-site, captured by the capture worker into
// testdata/geometry-*) hold one behaviour each that the real-page corpus showed off by a pixel or
// more: where Blink puts a line box around its text, the space after an icon, the borders of a
// table with collapsed borders, and a <use> masked by a mask defined in another SVG.

func TestGoldenGeometryPages(t *testing.T) {
	for _, name := range []string{"geometry-leading", "geometry-space", "geometry-collapse", "geometry-mask"} {
		t.Run(name, func(t *testing.T) {
			f := loadFixture(t, name)
			checkGolden(t, name, f.convert(t).JSON)
		})
	}
}

// textNamed is the TEXT node whose layer name is name, with its page box.
func textNamed(t *testing.T, root *resultjson.Node, name string) placed {
	t.Helper()
	for _, p := range placedNodes(root, "TEXT") {
		if p.node.Name == name {
			return p
		}
	}
	t.Fatalf("no TEXT named %q", name)
	return placed{}
}

// A line box starts above its text's content area by the floor of the half-leading (Blink's
// NGLineHeightMetrics::AddLeading), not by the half-leading: a TEXT placed by the exact half is
// drawn a pixel higher than the page wherever the half-leading has a fraction.
func TestLineBoxesAsBlinkPlacesThem(t *testing.T) {
	leading := loadFixture(t, "geometry-leading").convert(t).Result.Root
	collapse := loadFixture(t, "geometry-collapse").convert(t).Result.Root
	navbar := loadFixture(t, "layout-navbar").convert(t).Result.Root
	for _, tc := range []struct {
		root       *resultjson.Node
		name       string
		y, height  float64
		lineHeight float64
	}{
		// Arimo 16px in a 20.8px line: content area 17px at y 21, 1.9px of half-leading of
		// which 1 is above; three lines down to 62.59 + 17 + 2.8.
		{leading, "Veggies es bonus vobis, proinde vos postulo essum magis kohlrabi welsh onion da…", 20, 62.39, 20.8},
		// Inter 14px in a 21px line: 16px at 111.89, 2 of the 2.5 above.
		{leading, "1,001", 109.89, 21, 21},
		// A cell of a collapsed table starts its line half of the border above it lower than
		// its computed padding says (53.5): 17px at 56, 2 above.
		{collapse, "1,002", 54, 21, 21},
		// A flex item's text (not a paragraph): 17px at 23 in a 24px line, 3 of the 3.5 above.
		{navbar, "Features", 20, 24, 24},
	} {
		p := textNamed(t, tc.root, tc.name)
		if math.Abs(p.y-tc.y) > 0.011 || math.Abs(p.h-tc.height) > 0.011 {
			t.Errorf("%s: TEXT at y %.2f, %.2f high; want %.2f, %.2f", tc.name, p.y, p.h, tc.y, tc.height)
		}
		if lh := p.node.LineHeight; lh == nil || lh.Value == nil || *lh.Value != tc.lineHeight {
			t.Errorf("%s: lineHeight %+v, want %v px", tc.name, lh, tc.lineHeight)
		}
	}
}

// The space between an icon and the text after it is drawn (it is not at the start of a line),
// so the TEXT keeps it and starts where the space does; a space at the start of a line collapses.
func TestSpaceAfterIconIsDrawn(t *testing.T) {
	root := loadFixture(t, "geometry-space").convert(t).Result.Root
	link := textNamed(t, root, "Orders")
	if link.node.Characters != " Orders" {
		t.Errorf("link text %q, want %q (the space after the icon drawn)", link.node.Characters, " Orders")
	}
	// body padding 20 + link padding 16 + icon 16 + its margin 4.
	if link.x != 56 || link.node.TextAutoResize != "WIDTH_AND_HEIGHT" {
		t.Errorf("link text at x %.2f (%s), want 56 (WIDTH_AND_HEIGHT)", link.x, link.node.TextAutoResize)
	}
	indented := textNamed(t, root, "Indented text after a space that collapses at the start of its line.")
	if !strings.HasPrefix(indented.node.Characters, "Indented") || indented.node.ParagraphIndent != 20 {
		t.Errorf("indented text %q with paragraphIndent %v, want no leading space and an indent of 20",
			indented.node.Characters, indented.node.ParagraphIndent)
	}
}

// A table cell with collapsed borders spans from the middle of one grid line's border to the
// next (CSS 2 §17.6.2), and the page paints collapsed borders over every cell background (CSS 2
// §E.2): the cells' bottom borders, one solid colour, are one bar per row line, a RECTANGLE
// filled with the border's colour centred on the rows' bottom edges, after every cell in paint
// order, so the next row's background (the second row's grey) cannot cover its lower half; the
// cells draw no border of their own. A cell of a table with separate borders keeps its border
// inside its own box.
func TestCollapsedTableBordersOverTheCells(t *testing.T) {
	root := loadFixture(t, "geometry-collapse").convert(t).Result.Root
	grey := textNamed(t, root, "1,002")
	cell := parentOf(root, grey.node)
	if cell == nil || cell.Type != "FRAME" || cell.Fills == nil || len(*cell.Fills) != 1 || len(cell.Strokes) != 0 {
		t.Fatalf("the second row's cell %+v, want a FRAME with its grey fill and no stroke", cell)
	}
	table := parentOf(root, cell)
	var lines []placed
	for _, p := range placedNodes(root, "RECTANGLE") {
		if p.node.Name == "Collapsed row line" {
			lines = append(lines, p)
		}
	}
	// body padding 20; rows 30 high (4 + 21 + 4 + the 1 px border, half above and half below
	// each row's edge), the first 29.5 (no border above it): the bars straddle the rows' bottom
	// edges at 49.5, 79.5 and 109.5, as wide as the table.
	if len(lines) != 3 {
		t.Fatalf("%d row lines, want 3 (one per row of the collapsed table)", len(lines))
	}
	border := resultjson.RGB{R: 0.8706, G: 0.8863, B: 0.902} // #dee2e6
	for i, l := range lines {
		top := []float64{49, 79, 109}[i]
		n := l.node
		if l.x != 20 || math.Abs(l.y-top) > 0.011 || l.w != 400 || l.h != 1 || len(n.Strokes) != 0 ||
			n.Fills == nil || len(*n.Fills) != 1 || (*n.Fills)[0].Color == nil || *(*n.Fills)[0].Color != border {
			t.Errorf("row line %d: %+v at (%.2f, %.2f) %.2f × %.2f; want at (20, %.2f), 400 × 1, filled %v, no stroke",
				i, n, l.x, l.y, l.w, l.h, top, border)
		}
		if parentOf(root, n) != table || indexIn(table, n) < indexIn(table, cell) {
			t.Errorf("row line %d is not over the second row's cell in its frame (%d before %d)", i, indexIn(table, n), indexIn(table, cell))
		}
	}
	for _, name := range []string{"2,001", "2,002"} {
		c := parentOf(root, textNamed(t, root, name).node)
		if c == nil || len(c.Strokes) != 1 || c.StrokeAlign != "INSIDE" || deref(c.StrokeBottomWeight) != 1 || deref(c.StrokeTopWeight) != 0 {
			t.Errorf("%s: separate cell %+v, want its own INSIDE stroke of 1 at the bottom", name, c)
		}
	}
}

// A table made display: block keeps its rows in an anonymous table, whose borders collapse the
// same: the rows' frames (their stripes) and the cells draw no border. After them come the
// rows' top borders (#c0c0c0), a bar each, then the cells' grid (#d0d7de, a border on every
// side of every cell): its outer edge one RECTANGLE with the cells' border as CENTER strokes,
// one bar for the line between the rows and one for the line between the columns. The cells'
// border is drawn over the rows' on the edges they share, as the page paints it.
func TestCollapsedBordersOfAnAnonymousTable(t *testing.T) {
	root := loadFixture(t, "geometry-collapse").convert(t).Result.Root
	row := parentOf(root, textNamed(t, root, "3,002").node)
	if row == nil || row.Name != "Row" || len(row.Strokes) != 0 || row.Fills == nil || len(*row.Fills) != 1 {
		t.Fatalf("the second row %+v, want a FRAME Row (a tr) with its stripe and no stroke", row)
	}
	rowColor, cellColor := resultjson.RGB{R: 0.7529, G: 0.7529, B: 0.7529}, resultjson.RGB{R: 0.8157, G: 0.8431, B: 0.8706}
	parent := parentOf(root, row)
	type drawn struct {
		name       string
		x, y, w, h float64
		fill       *resultjson.RGB // the bar's fill; nil for strokes
		stroke     *resultjson.RGB
	}
	var got []drawn
	for _, ch := range parent.Children[indexIn(parent, row)+1:] {
		if ch.Type != "RECTANGLE" {
			continue
		}
		d := drawn{name: ch.Name, x: ch.X, y: ch.Y, w: ch.Width, h: ch.Height}
		if ch.Fills != nil && len(*ch.Fills) == 1 {
			d.fill = (*ch.Fills)[0].Color
		}
		if len(ch.Strokes) == 1 && ch.StrokeAlign == "CENTER" && deref(ch.StrokeWeight) == 1 && ch.StrokeTopWeight == nil {
			d.stroke = ch.Strokes[0].Color
		}
		got = append(got, d)
	}
	// In the rows' parent (the table paints nothing of its own), the rows start half the
	// cells' border in from the grid's outer edge at (20, 210).
	want := []drawn{
		{"Block row line", 20.5, 210, 169.84, 1, &rowColor, nil},
		{"Block row line", 20.5, 244, 169.84, 1, &rowColor, nil},
		{"Block border", 20.5, 210.5, 169.84, 68, nil, &cellColor},
		{"Block row line", 20, 244, 170.84, 1, &cellColor, nil},
		{"Block column line", 85.13, 210, 1, 69, &cellColor, nil},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(drawn{})); diff != "" {
		t.Errorf("the nodes over the rows (-want +got):\n%s", diff)
	}
}

// A <use> of a hidden symbol masked by a mask of another SVG: the icon's copy of the mask keeps
// its black circle black under a root filled with the icon's colour, and a colour with an alpha
// set in the symbol keeps its alpha: drawn alone, the SVG is a ring with a lighter quarter and a
// hole, as the page shows it.
func TestMaskedUseKeepsItsMask(t *testing.T) {
	f := loadFixture(t, "geometry-mask")
	out := f.convert(t)
	svgs := resultSVGs(t, f, out)
	donut := nodeNamed(t, out.Result.Root, "Donut")
	b := svgs[donut.node.ImageRef]
	if !strings.Contains(string(b), `fill-opacity="0.75"`) {
		t.Errorf("the quarter's alpha is lost:\n%s", b)
	}
	img := newSVGRenderer(t).render(t, b, int(donut.w), int(donut.h))
	pink := color.RGBA{0xe9, 0x1e, 0x63, 0xff}
	lighter := color.RGBA{0xfa, 0xc7, 0xd8, 0xff} // 75% white over the pink
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	for _, c := range []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{50, 50, white, "the hole"},
		{5, 50, pink, "the ring"},
		{50, 95, pink, "the ring"},
		{20, 80, pink, "the ring"},
		{80, 12, lighter, "the lighter quarter"},
	} {
		got := color.RGBAModel.Convert(img.At(c.x, c.y)).(color.RGBA)
		if !closeColor(got, c.want, 12) {
			t.Errorf("%s at (%d, %d): %v, want %v:\n%s", c.what, c.x, c.y, got, c.want, b)
		}
	}
}

// closeColor says whether a and b differ by at most tol in every channel.
func closeColor(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { v := int(x) - int(y); return v <= tol && v >= -tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}
