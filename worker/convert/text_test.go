package convert_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	convtext "github.com/code2des/backend/worker/convert/text"
)

// placed is a node with its box in page coordinates.
type placed struct {
	node       *resultjson.Node
	x, y, w, h float64
}

// placedNodes returns every node of the tree of type typ with its page box.
func placedNodes(root *resultjson.Node, typ string) []placed {
	var out []placed
	var walk func(n *resultjson.Node, ox, oy float64)
	walk = func(n *resultjson.Node, ox, oy float64) {
		x, y := ox+n.X, oy+n.Y
		if n == root {
			x, y = 0, 0
		}
		if n.Type == typ {
			out = append(out, placed{n, x, y, n.Width, n.Height})
		}
		for _, c := range n.Children {
			walk(c, x, y)
		}
	}
	walk(root, 0, 0)
	return out
}

// elementByID finds the captured element with the given id attribute.
func elementByID(n *capturemodel.DOMNode, id string) *capturemodel.DOMNode {
	return elementByAttr(n, "id", id)
}

// elementByAttr finds the first captured element, in document order, whose attribute attr is v.
func elementByAttr(n *capturemodel.DOMNode, attr, v string) *capturemodel.DOMNode {
	if n == nil {
		return nil
	}
	if n.Attrs[attr] == v {
		return n
	}
	for _, c := range n.Children {
		if e := elementByAttr(c, attr, v); e != nil {
			return e
		}
	}
	return nil
}

// textsByCharacters returns the TEXT nodes under root by their characters (the last in document
// order where two have the same).
func textsByCharacters(root *resultjson.Node) map[string]*resultjson.Node {
	by := map[string]*resultjson.Node{}
	for _, p := range placedNodes(root, "TEXT") {
		by[p.node.Characters] = p.node
	}
	return by
}

// elementBox is the captured element el's box in page coordinates.
func elementBox(el *capturemodel.DOMNode) placed {
	return placed{x: el.Box.X, y: el.Box.Y, w: el.Box.Width, h: el.Box.Height}
}

// textsOver returns the TEXT nodes of texts that overlap the box of the captured element el.
func textsOver(texts []placed, el *capturemodel.DOMNode) []placed {
	box := elementBox(el)
	var in []placed
	for _, tx := range texts {
		if overlap(tx, box) > 0 {
			in = append(in, tx)
		}
	}
	return in
}

// overlap returns the area two placed nodes share, in px², 0 when they do not meet.
func overlap(a, b placed) float64 {
	w := math.Min(a.x+a.w, b.x+b.w) - math.Max(a.x, b.x)
	h := math.Min(a.y+a.h, b.y+b.h) - math.Max(a.y, b.y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// TestParagraphsAreOneTextEach converts the capture of a page of ten wrapping paragraphs with
// links, emphasis, inline code, a line break and nested inline elements (testdata/text-site):
// judged by geometry, no two TEXT nodes overlap, and each paragraph's box holds exactly one TEXT
// node, as wide as the paragraph's content box and as tall as its lines.
func TestParagraphsAreOneTextEach(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text")
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	for i := range texts {
		for j := i + 1; j < len(texts); j++ {
			if a := overlap(texts[i], texts[j]); a > 0 {
				t.Errorf("TEXT %s %q and %s %q overlap by %.1f px²", texts[i].node.ID, texts[i].node.Name, texts[j].node.ID, texts[j].node.Name, a)
			}
		}
	}
	ids := []string{"example", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "indent"}
	for _, id := range ids {
		p := elementByID(f.capture.Document.Root, id)
		if p == nil {
			t.Fatalf("no paragraph #%s in the capture", id)
		}
		in := textsOver(texts, p)
		if len(in) != 1 {
			t.Errorf("paragraph #%s: %d TEXT nodes in its box, want 1", id, len(in))
			continue
		}
		tx, box := in[0], elementBox(p)
		// p has no padding or border: its content box is its box.
		if math.Abs(tx.x-box.x) > 0.01 || math.Abs(tx.w-box.w) > 0.01 || tx.node.TextAutoResize != "HEIGHT" {
			t.Errorf("paragraph #%s: TEXT at x %.2f width %.2f %s, want the content box x %.2f width %.2f, HEIGHT", id, tx.x, tx.w, tx.node.TextAutoResize, box.x, box.w)
		}
		if math.Abs(tx.y-box.y) > 1.5 || math.Abs(tx.y+tx.h-(box.y+box.h)) > 1.5 {
			t.Errorf("paragraph #%s: TEXT from y %.2f to %.2f, the paragraph's lines from %.2f to %.2f", id, tx.y, tx.y+tx.h, box.y, box.y+box.h)
		}
	}
}

// TestParagraphWithWrappedLink is a paragraph whose link is a styled
// range that starts mid-line and wraps, with the plain text around it in ranges of its own.
func TestParagraphWithWrappedLink(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text")
	out := f.convert(t)
	var node *resultjson.Node
	for _, tx := range placedNodes(out.Result.Root, "TEXT") {
		if strings.HasPrefix(tx.node.Characters, "Plain start") {
			node = tx.node
		}
	}
	if node == nil {
		t.Fatal("no TEXT for the example paragraph")
	}
	const want = "Plain start of the line and a link that wraps onto the next line then more."
	if node.Characters != want {
		t.Fatalf("characters %q, want %q", node.Characters, want)
	}
	if node.Width != 320 || node.TextAutoResize != "HEIGHT" || node.FontSize != 20 || node.LineHeight == nil || *node.LineHeight.Value != 30 {
		t.Errorf("width %v %s, font size %v, line height %+v; want 320 HEIGHT, 20, 30 px", node.Width, node.TextAutoResize, node.FontSize, node.LineHeight)
	}
	segs := node.StyledTextSegments
	if len(segs) != 3 {
		t.Fatalf("%d segments, want 3: %+v", len(segs), segs)
	}
	type rng struct {
		chars      string
		start, end int
		link       bool
		decoration string
	}
	wantSegs := []rng{
		{"Plain start of the line ", 0, 24, false, "NONE"},
		{"and a link that wraps onto the next line", 24, 64, true, "UNDERLINE"},
		{" then more.", 64, 75, false, "NONE"},
	}
	for i, w := range wantSegs {
		s := segs[i]
		got := rng{s.Characters, s.Start, s.End, s.Hyperlink != nil, s.TextDecoration}
		if got != w {
			t.Errorf("segment %d = %+v, want %+v", i, got, w)
		}
	}
	// href="#" is the page itself.
	if l := segs[1].Hyperlink; l == nil || l.Type != "URL" || l.Value != f.capture.Document.URL {
		t.Errorf("link hyperlink %+v, want the page URL %s", l, f.capture.Document.URL)
	}
	if segs[1].Fills[0].Color.B < 0.8 || segs[0].Fills[0].Color.B > 0.2 {
		t.Errorf("link colour %+v, text colour %+v; want the link blue, the text dark", segs[1].Fills[0].Color, segs[0].Fills[0].Color)
	}
}

func TestGoldenText(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text")
	checkGolden(t, "text", f.convert(t).JSON)
}

// TestParagraphIndentAndSpacedInlines: text-indent becomes Figma's paragraphIndent, and a link
// with a 16 px margin (more than MaxInlineSpacing) on one line is a TEXT of its own beside the
// rest of its line, which keeps its own extent; the drawn space between two inline elements is
// kept ("bold italic", not "bolditalic").
func TestParagraphIndentAndSpacedInlines(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text")
	out := f.convert(t)
	byStart := map[string]placed{}
	for _, tx := range placedNodes(out.Result.Root, "TEXT") {
		byStart[strings.SplitN(strings.TrimLeft(tx.node.Characters, " "), " ", 2)[0]] = tx
	}
	ind, ok := byStart["An"]
	if !ok || ind.node.ParagraphIndent != 24 || ind.node.TextAutoResize != "HEIGHT" {
		t.Errorf("indented paragraph %+v, want paragraphIndent 24 and HEIGHT", ind.node)
	}
	browse, rest := byStart["Browse"], byStart["Download"]
	if browse.node == nil || rest.node == nil {
		t.Fatalf("Browse %v, rest %v: want two TEXT nodes", browse.node, rest.node)
	}
	// The space after the spaced link is drawn (it does not start a line): the rest keeps it.
	if browse.node.Characters != "Browse" || rest.node.Characters != " Download and bold italic words." {
		t.Errorf("texts %q and %q", browse.node.Characters, rest.node.Characters)
	}
	if gap := rest.x - (browse.x + browse.w); gap < 16 || rest.node.TextAutoResize != "WIDTH_AND_HEIGHT" {
		t.Errorf("the rest of the line starts %.2f px after Browse (%s), want at least the 16 px margin, WIDTH_AND_HEIGHT", gap, rest.node.TextAutoResize)
	}
}

// TestDirectionAndAlignment converts paragraphs in both directions: text-align start and end
// follow the direction (an RTL paragraph is right-aligned), left, center and justify are kept,
// and bidirectional text keeps its logical (DOM) order, which Figma lays out itself.
func TestDirectionAndAlignment(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "direction")
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	for id, want := range map[string]string{
		"rtl-start": "RIGHT", "rtl-end": "LEFT", "ltr-end": "RIGHT", "rtl-left": "LEFT", "justify": "JUSTIFIED", "center": "CENTER", "bidi": "LEFT",
	} {
		p := elementByID(f.capture.Document.Root, id)
		in := textsOver(texts, p)
		if len(in) != 1 {
			t.Errorf("#%s: %d TEXT nodes, want 1", id, len(in))
			continue
		}
		n := in[0].node
		if n.TextAlignHorizontal != want || n.Width != p.Box.Width || n.TextAutoResize != "HEIGHT" {
			t.Errorf("#%s: %s, width %v %s; want %s at the paragraph's width %v, HEIGHT", id, n.TextAlignHorizontal, n.Width, n.TextAutoResize, want, p.Box.Width)
		}
		if n.ParagraphIndent != 0 {
			t.Errorf("#%s: paragraphIndent %v, want none", id, n.ParagraphIndent)
		}
		if id == "bidi" {
			const logical = "English words then עברית באמצע and then English again, in logical order."
			if n.Characters != logical || len(n.StyledTextSegments) != 3 || n.StyledTextSegments[1].Characters != "עברית באמצע" {
				t.Errorf("bidi paragraph %q with %d segments, want %q in logical order with the Hebrew bold range", n.Characters, len(n.StyledTextSegments), logical)
			}
		}
	}
}

func TestGoldenDirection(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "direction")
	checkGolden(t, "direction", f.convert(t).JSON)
}

// TestGradientAndShadowedText converts text whose background is clipped to it and text with a
// shadow: the gradient is the TEXT's fill (the heading) or its range's fill (an inline span),
// never a painted box behind invisible letters; text-shadow is a DROP_SHADOW effect of the TEXT;
// -webkit-text-fill-color fills the glyphs.
func TestGradientAndShadowedText(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "effects")
	out := f.convert(t)
	by := textsByCharacters(out.Result.Root)
	if n := len(placedNodes(out.Result.Root, "RECTANGLE")) + len(placedNodes(out.Result.Root, "FRAME")) - 1; n != 0 {
		t.Errorf("%d boxes drawn besides the root, want none (the gradients fill the text)", n)
	}
	isGradient := func(ps []resultjson.Paint) bool {
		return len(ps) == 1 && ps[0].Type == "GRADIENT_LINEAR" && len(ps[0].GradientStops) == 2 &&
			ps[0].GradientStops[0].Color == (resultjson.RGBA{R: 1, A: 1}) && ps[0].GradientStops[1].Color == (resultjson.RGBA{B: 1, A: 1})
	}
	h := by["Gradient heading"]
	if h == nil || !isGradient(*h.Fills) || !isGradient(h.StyledTextSegments[0].Fills) {
		t.Errorf("the heading's fills %+v, want the red-to-blue gradient", h)
	}
	p := by["Plain words and gradient words in one paragraph."]
	if p == nil || len(p.StyledTextSegments) != 3 || !isGradient(p.StyledTextSegments[1].Fills) || p.StyledTextSegments[0].Fills[0].Type != "SOLID" {
		t.Errorf("the paragraph's ranges %+v, want the middle one filled with the gradient", p)
	}
	s := by["Shadowed heading"]
	if s == nil || len(s.Effects) != 1 {
		t.Fatalf("shadowed heading effects %+v", s)
	}
	if e := s.Effects[0]; e.Type != "DROP_SHADOW" || *e.Offset != (resultjson.Vector{X: 2, Y: 3}) || e.Radius != 4 || e.Color.A != 0.5 || e.Spread != nil {
		t.Errorf("shadow %+v, want a DROP_SHADOW 2,3 radius 4 at 50%% black without spread", e)
	}
	if c := (*by["Text filled by -webkit-text-fill-color."].Fills)[0].Color; c.G < 0.6 || c.R > 0.1 {
		t.Errorf("text fill %+v, want the green -webkit-text-fill-color", c)
	}
}

func TestGoldenEffects(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "effects")
	checkGolden(t, "effects", f.convert(t).JSON)
}

// TestParagraphApproximationsWarn: what one TEXT cannot hold is named once per paragraph: the
// sup/sub of #p9 (TEXT_BASELINE_SHIFT), the small and big print of #p8 (TEXT_LINE_HEIGHT_MIXED),
// and no such warning for the plain paragraphs.
func TestParagraphApproximationsWarn(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "text")
	out := f.convert(t)
	names := map[string]string{}
	for _, tx := range placedNodes(out.Result.Root, "TEXT") {
		names[tx.node.ID] = tx.node.Characters
	}
	got := map[string]bool{}
	for _, w := range out.Result.Warnings {
		if strings.HasPrefix(w.Code, "TEXT_") {
			got[w.Code+" "+strings.SplitN(names[*w.NodeID], " ", 2)[0]] = true
		}
	}
	want := map[string]bool{"TEXT_BASELINE_SHIFT Emoji": true, "TEXT_LINE_HEIGHT_MIXED Emoji": true, "TEXT_LINE_HEIGHT_MIXED Uppercase": true}
	if len(got) != len(want) {
		t.Errorf("TEXT_ warnings %v, want %v", got, want)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("no %s warning (got %v)", k, got)
		}
	}
}

// TestMaxInlineSpacing: an inline element on one line with up to MaxInlineSpacing px of
// horizontal margin, padding and border is part of its paragraph (one TEXT); one more px makes
// it a TEXT of its own beside the rest, which keeps the space drawn after it.
func TestMaxInlineSpacing(t *testing.T) {
	t.Parallel()
	para := func(padding float64) *capturemodel.Capture {
		pad := strconv.FormatFloat(padding/2, 'f', -1, 64) + "px"
		p := node(t, `{"type":"element","tag":"p","box":{"x":0,"y":0,"width":400,"height":20},"style":{"display":"block","line-height":"20px"},"children":[
			{"type":"text","text":"before ","box":{"x":0,"y":2,"width":50,"height":16}},
			{"type":"element","tag":"span","box":{"x":50,"y":2,"width":40,"height":16},"style":{"display":"inline","padding-left":"`+pad+`","padding-right":"`+pad+`"},
			 "children":[{"type":"text","text":"span","box":{"x":52,"y":2,"width":36,"height":16}}]},
			{"type":"text","text":" after","box":{"x":90,"y":2,"width":40,"height":16}}]}`)
		return page(p)
	}
	for _, c := range []struct {
		spacing float64
		want    []string
	}{
		{convtext.MaxInlineSpacing, []string{"before span after"}},
		{convtext.MaxInlineSpacing + 1, []string{"before", "span", " after"}},
	} {
		got := texts(run(t, para(c.spacing), nil).Result.Root)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("spacing %.0f px: TEXT nodes %q, want %q", c.spacing, got, c.want)
		}
	}
}

// TestWrappingSpacedElementIsLetterSpacing: an inline element with more than MaxInlineSpacing
// px of horizontal margin, padding and border that wraps stays in its paragraph, and its space
// on each side is letter spacing (a range of one character): the space before it gets its left
// margin, border and padding, its last character its right ones; the other ranges keep the
// page's letter spacing (1 px). At MaxInlineSpacing the space is dropped; in a right-to-left
// paragraph too.
func TestWrappingSpacedElementIsLetterSpacing(t *testing.T) {
	t.Parallel()
	spaced := `"margin-left":"5px","margin-right":"5px","padding-left":"2px","padding-right":"2px","border-right-style":"solid","border-right-width":"1px"`
	half := func(px float64) string {
		m := strconv.FormatFloat(px/2, 'f', -1, 64) + "px"
		return `"margin-left":"` + m + `","margin-right":"` + m + `"`
	}
	para := func(direction, sides string) *capturemodel.Capture {
		p := node(t, `{"type":"element","tag":"p","box":{"x":0,"y":0,"width":120,"height":40},"style":{"display":"block","line-height":"20px","letter-spacing":"1px","direction":"`+direction+`"},"children":[
			{"type":"text","text":"said ","box":{"x":0,"y":2,"width":40,"height":16}},
			{"type":"element","tag":"mark","box":{"x":40,"y":2,"width":80,"height":36},"rects":[{"x":40,"y":2,"width":80,"height":16},{"x":0,"y":22,"width":50,"height":16}],
			 "style":{"display":"inline","letter-spacing":"1px","direction":"`+direction+`",`+sides+`},
			 "children":[{"type":"text","text":"few things fail","box":{"x":47,"y":2,"width":73,"height":36},"rects":[{"x":47,"y":2,"width":73,"height":16},{"x":0,"y":22,"width":42,"height":16}],"line_starts":[0,10]}]},
			{"type":"text","text":" now","box":{"x":50,"y":22,"width":30,"height":16}}]}`)
		return page(p)
	}
	type rng struct {
		chars   string
		spacing float64
	}
	whole := []rng{{"said few things fail now", 1}}
	for _, c := range []struct {
		name, direction, sides string
		want                   []rng
	}{
		{"Spaced", "ltr", spaced, []rng{{"said", 1}, {" ", 8}, {"few things fai", 1}, {"l", 9}, {" now", 1}}},
		{"AtMaxInlineSpacing", "ltr", half(convtext.MaxInlineSpacing), whole},
		{"PastMaxInlineSpacing", "ltr", half(convtext.MaxInlineSpacing + 1), []rng{{"said", 1}, {" ", 3.5}, {"few things fai", 1}, {"l", 3.5}, {" now", 1}}},
		{"RightToLeft", "rtl", spaced, []rng{{"\u200fsaid few things fail now", 1}}},
	} {
		var got []rng
		run(t, para(c.direction, c.sides), nil).Result.Root.Walk(func(n *resultjson.Node) {
			if n.Type != "TEXT" {
				return
			}
			for _, s := range n.StyledTextSegments {
				got = append(got, rng{s.Characters, s.LetterSpacing.Value})
			}
		})
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: ranges %v, want %v", c.name, got, c.want)
		}
	}
}

func TestGoldenTruncation(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "truncation")
	checkGolden(t, "truncation", f.convert(t).JSON)
}

// TestTruncatedText: text the page ends with an ellipsis is a TEXT of the block's content width
// that Figma truncates after the lines the page showed: `text-overflow: ellipsis` on one
// overflowing line (maxLines 1, one line tall), `-webkit-line-clamp: 2` (maxLines 2, two lines
// tall); an overflowing line that is clipped without an ellipsis keeps its own width and no
// truncation (its frame clips it).
func TestTruncatedText(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "truncation").convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	if len(texts) != 3 {
		t.Fatalf("%d TEXT nodes, want 3", len(texts))
	}
	for _, c := range []struct {
		words, truncation, autoResize string
		maxLines                      int
		width, height                 float64
	}{
		{"its box ends with an ellipsis", "ENDING", "HEIGHT", 1, 220, 24},
		{"clamped to two lines", "ENDING", "HEIGHT", 2, 220, 48},
		{"clipped without an ellipsis", "", "WIDTH_AND_HEIGHT", 0, 529.4, 24}, // the line in Inter, its 24px line box,
	} {
		var n *resultjson.Node
		for _, tx := range texts {
			if strings.Contains(tx.node.Characters, c.words) {
				n = tx.node
			}
		}
		if n == nil {
			t.Fatalf("no TEXT with %q", c.words)
		}
		if n.TextTruncation != c.truncation || n.MaxLines != c.maxLines || n.TextAutoResize != c.autoResize || n.Width != c.width || n.Height != c.height {
			t.Errorf("%q: textTruncation %q maxLines %d textAutoResize %q %gx%g, want %q %d %q %gx%g", n.Characters,
				n.TextTruncation, n.MaxLines, n.TextAutoResize, n.Width, n.Height, c.truncation, c.maxLines, c.autoResize, c.width, c.height)
		}
	}
}

func TestGoldenSmallCaps(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "smallcaps")
	checkGolden(t, "smallcaps", f.convert(t).JSON)
}

// TestSmallCapitals: font-variant-caps is the range's textCase: small-caps on a span is a
// SMALL_CAPS segment between ORIGINAL ones, all-small-caps SMALL_CAPS_FORCED, and uppercase
// with small-caps UPPER (small capitals of capitals are capitals).
func TestSmallCapitals(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "smallcaps").convert(t)
	cases := map[string]string{}
	for _, tx := range placedNodes(out.Result.Root, "TEXT") {
		n := tx.node
		if len(n.StyledTextSegments) == 0 {
			cases[n.Characters] = n.TextCase
			continue
		}
		for _, s := range n.StyledTextSegments {
			cases[s.Characters] = s.TextCase
		}
	}
	for chars, want := range map[string]string{
		"Plain words, ":                      "ORIGINAL",
		"Small Capitals here":                "SMALL_CAPS",
		", plain again.":                     "ORIGINAL",
		"All Small Capitals":                 "SMALL_CAPS_FORCED",
		"Uppercase wins over small capitals": "UPPER",
	} {
		if got, ok := cases[chars]; !ok || got != want {
			t.Errorf("%q: textCase %q, want %q (all: %v)", chars, got, want, cases)
		}
	}
}

func TestGoldenDecoration(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "decoration")
	checkGolden(t, "decoration", f.convert(t).JSON)
}

// TestDecorationLook: a decoration line is drawn as its decorating element says: the wavy
// underline's style, thickness, offset and red; a dotted one in the text colour (no colour);
// dashed drawn DOTTED and double drawn solid, each with TEXT_DECORATION_STYLE on its node; a
// link's blue underline under the green words inside it (the link's colour, not the words').
func TestDecorationLook(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "decoration").convert(t)
	look := map[string]resultjson.TextDecorationDetails{}
	line := map[string]string{}
	ids := map[string]string{}
	for _, tx := range placedNodes(out.Result.Root, "TEXT") {
		n := tx.node
		if len(n.StyledTextSegments) == 0 {
			look[n.Characters], line[n.Characters], ids[n.Characters] = n.TextDecorationDetails, n.TextDecoration, n.ID
			continue
		}
		for _, s := range n.StyledTextSegments {
			look[s.Characters], line[s.Characters], ids[s.Characters] = s.TextDecorationDetails, s.TextDecoration, n.ID
		}
	}
	px := func(v float64) *resultjson.TextDecorationLength {
		return &resultjson.TextDecorationLength{Value: v, Unit: "PIXELS"}
	}
	color := func(c resultjson.RGB) *resultjson.TextDecorationColor {
		return &resultjson.TextDecorationColor{Value: resultjson.Paint{Type: "SOLID", Color: &c}}
	}
	blue := resultjson.RGB{R: 0.1451, G: 0.3882, B: 0.9216}
	for chars, want := range map[string]struct {
		line string
		look resultjson.TextDecorationDetails
	}{
		"A wavy red underline, two pixels thick, four below.": {"UNDERLINE", resultjson.TextDecorationDetails{TextDecorationStyle: "WAVY",
			TextDecorationOffset: px(4), TextDecorationThickness: px(2), TextDecorationColor: color(resultjson.RGB{R: 0.8627, G: 0.149, B: 0.149})}},
		"A dotted underline in the text colour.": {"UNDERLINE", resultjson.TextDecorationDetails{TextDecorationStyle: "DOTTED"}},
		"A dashed underline is drawn dotted.":    {"UNDERLINE", resultjson.TextDecorationDetails{TextDecorationStyle: "DOTTED"}},
		"A double line-through is drawn solid.":  {"STRIKETHROUGH", resultjson.TextDecorationDetails{}},
		"the blue link with ":                    {"UNDERLINE", resultjson.TextDecorationDetails{}},
		"green words":                            {"UNDERLINE", resultjson.TextDecorationDetails{TextDecorationColor: color(blue)}},
		"Read ":                                  {"NONE", resultjson.TextDecorationDetails{}},
	} {
		got, ok := look[chars]
		if !ok {
			t.Errorf("no TEXT or range %q (have %v)", chars, line)
			continue
		}
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want.look)
		if line[chars] != want.line || string(gb) != string(wb) {
			t.Errorf("%q: %s %s, want %s %s", chars, line[chars], gb, want.line, wb)
		}
	}
	warned := map[string]bool{}
	for _, w := range out.Result.Warnings {
		if w.Code == "TEXT_DECORATION_STYLE" {
			warned[*w.NodeID] = true
		}
	}
	for _, chars := range []string{"A dashed underline is drawn dotted.", "A double line-through is drawn solid."} {
		if !warned[ids[chars]] {
			t.Errorf("no TEXT_DECORATION_STYLE on %q (%s); warned %v", chars, ids[chars], warned)
		}
	}
	if len(warned) != 2 {
		t.Errorf("TEXT_DECORATION_STYLE on %d nodes, want 2", len(warned))
	}
}

func TestGoldenPlaceholder(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "placeholder")
	checkGolden(t, "placeholder", f.convert(t).JSON)
}

// TestPlaceholderText: a control showing its placeholder sets it as its ::placeholder does: the
// browser's grey (rgb 117, 117, 117), a page rule's red italic; a control with a value sets the
// value in the control's own colour.
func TestPlaceholderText(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "placeholder").convert(t)
	got := textsByCharacters(out.Result.Root)
	grey := resultjson.RGB{R: 0.4588, G: 0.4588, B: 0.4588}
	for chars, want := range map[string]struct {
		color resultjson.RGB
		style string
	}{
		"Search the docs":      {grey, "Regular"},
		"Your e-mail address":  {resultjson.RGB{R: 0.8627, G: 0.149, B: 0.149}, "Italic"},
		"A value the page set": {resultjson.RGB{R: 0.0667, G: 0.0941, B: 0.1529}, "Regular"},
		"Tell us more":         {grey, "Regular"},
	} {
		n := got[chars]
		if n == nil {
			t.Errorf("no TEXT %q", chars)
			continue
		}
		if c := (*n.Fills)[0].Color; *c != want.color || n.FontName.Style != want.style {
			t.Errorf("%q: colour %+v, style %s; want %+v, %s", chars, *c, n.FontName.Style, want.color, want.style)
		}
	}
}

func TestGoldenBackgrounds(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "backgrounds")
	checkGolden(t, "backgrounds", f.convert(t).JSON)
}

// TestBackgroundLayers: a repeating gradient is one GRADIENT_LINEAR whose stops repeat its 20 px
// pattern over the 200 px box (ten yellow and ten dark stripes); background-blend-mode is the
// gradient paint's blendMode over the colour; a ::before's mix-blend-mode is its node's.
func TestBackgroundLayers(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "backgrounds").convert(t)
	byName := map[string]*resultjson.Node{}
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		byName[n.Name] = n
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(out.Result.Root)
	stripes := byName["Stripes"]
	if stripes == nil || stripes.Fills == nil || len(*stripes.Fills) != 1 || (*stripes.Fills)[0].Type != "GRADIENT_LINEAR" {
		t.Fatalf("stripes: %+v, want one GRADIENT_LINEAR fill (names %v)", stripes, keys(byName))
	}
	yellow := resultjson.RGBA{R: 0.9804, G: 0.8, B: 0.0824, A: 1}
	stops := (*stripes.Fills)[0].GradientStops
	changes := 0
	for i := 1; i < len(stops); i++ {
		if stops[i].Position == stops[i-1].Position && stops[i].Color != stops[i-1].Color {
			changes++ // a hard edge between stripes
		}
	}
	if stops[0].Color != yellow || changes != 19 {
		t.Errorf("stripes: first stop %+v, %d hard edges; want yellow and 19 (%d stops)", stops[0], changes, len(stops))
	}
	blend := byName["Blend"]
	if blend == nil || blend.Fills == nil || len(*blend.Fills) != 2 || (*blend.Fills)[1].BlendMode != "MULTIPLY" || (*blend.Fills)[0].BlendMode != "" {
		t.Errorf("blend: fills %+v, want the colour then a MULTIPLY gradient", blend)
	}
	var before *resultjson.Node
	for name, n := range byName {
		if strings.Contains(name, "::before") {
			before = n
		}
	}
	if before == nil || before.BlendMode != "MULTIPLY" {
		t.Errorf("::before: %+v, want a node with blendMode MULTIPLY", before)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestRTLNeutrals converts right-to-left paragraphs whose first strong character is not
// right-to-left (a Latin word, a line of digits before Arabic), and a left-to-right one that
// starts with Hebrew: Figma gives each paragraph the direction of its first strong character, so
// such a paragraph starts with a mark of the page's direction (U+200F, U+200E) and its neutral
// characters and digits land where the page put them; the others are left as they are. Each
// TEXT keeps its block's box and the alignment of its start edge.
func TestRTLNeutrals(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "rtl-neutrals")
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	for id, want := range map[string]struct{ chars, align string }{
		"full-stop":   {"هذه بطاقة أوسع مع نص داعم.", "RIGHT"},
		"latin-first": {"\u200fBootstrap هو إطار عمل للواجهات.", "RIGHT"},
		"digit-first": {"9 دقائق", "RIGHT"},
		"paren-first": {"(مرحبا) بالعالم!", "RIGHT"},
		"two-lines":   {"\u200fAlbum مثال\n2026 سنة", "RIGHT"},
		"flex":        {"\u200fFigma تصميم", "RIGHT"},
		"ltr":         {"\u200eשלום starts a left-to-right paragraph.", "LEFT"},
	} {
		p := elementByID(f.capture.Document.Root, id)
		in := textsOver(texts, p)
		if len(in) != 1 {
			t.Errorf("#%s: %d TEXT nodes, want 1", id, len(in))
			continue
		}
		n := in[0].node
		if n.Characters != want.chars || n.TextAlignHorizontal != want.align {
			t.Errorf("#%s: %q %s, want %q %s", id, n.Characters, n.TextAlignHorizontal, want.chars, want.align)
		}
		if segs := n.StyledTextSegments; len(segs) > 0 && segs[len(segs)-1].End != len(utf16.Encode([]rune(want.chars))) {
			t.Errorf("#%s: segments end at %d, want the characters' %d units", id, segs[len(segs)-1].End, len(utf16.Encode([]rune(want.chars))))
		}
		if id != "flex" && (in[0].x != p.Box.X || n.Width != p.Box.Width) {
			t.Errorf("#%s: TEXT at x %v width %v, want the paragraph's %v, %v", id, in[0].x, n.Width, p.Box.X, p.Box.Width)
		}
		if strings.ContainsAny(n.Name, "\u200e\u200f") {
			t.Errorf("#%s: layer name %q holds a direction mark", id, n.Name)
		}
	}
}

func TestGoldenRTLNeutrals(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "rtl-neutrals")
	checkGolden(t, "rtl-neutrals", f.convert(t).JSON)
}
