package components

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// The names of components (docs/conversion.md "Components": "Names").

// Kind is the kind of a layer name, what the uses of a component share: the part before " / "
// (naming.Layer's "Card / Alpha" is a "Card"), else the whole name.
func Kind(name string) string {
	return strings.SplitN(name, " / ", 2)[0]
}

// Name names a component by what its uses are: their name when they share it, else the kind
// their names share before " / " (naming.Layer's "Card / Alpha", "Card / Beta": "Card"), else
// what they share before a number at their end ("Card 1", "Card 2": "Card"), else the first
// use's name; a bare tag name (a layer named after its element) reads as a word
// (naming.TagWords: "li" is "List item"); uses that say nothing of what they are (a div, a span,
// a pseudo-element) are named by their shape (shapeName).
func Name(uses []*resultjson.Node) string {
	name := shared(uses)
	if w := naming.TagWords[name]; w != "" {
		name = w
	}
	if name == anonymous || strings.HasPrefix(name, "::") {
		return shapeName(uses) // a pseudo-element's layer ("::after") says no more than a div's
	}
	return name
}

// anonymous is the name of a layer whose element says nothing of what it is.
const anonymous = naming.Anonymous

// shapeName names a component of anonymous uses by what its main (the first use) holds and
// where its uses are:
//   - "Card": a panel (a background with a shadow, a border or round corners) holding at least
//     two texts, or a frame without paint whose every child is a panel, one such a card (a
//     pricing card of a priced panel over a panel of its button; not the wrapper of one
//     component's use);
//   - "Icon", "Label": a frame without paint holding only an icon (an SVG, or the crop of one) or
//     only a TEXT;
//   - the kind of the one frame it wraps without paint ("Card" for the column of a grid that
//     holds a Card), read from that frame's name or, when the frame is anonymous too or named
//     only by its heading's text, from what it holds; a wrapper of a component's use keeps
//     "Box", not to read as that component (renameWrappers, once the nested components are made);
//   - "Column": a frame without paint, VERTICAL or of texts and links one below another, whose
//     uses stand side by side in one row;
//   - "Grid", "Row": a frame without paint laid out as a GRID, or HORIZONTAL with two layers or
//     more (a form's row of fields and its button);
//   - else "Box".
func shapeName(uses []*resultjson.Node) string {
	m := uses[0]
	if panel(m) && texts(m) >= 2 {
		return "Card"
	}
	if paints(m) {
		return anonymous
	}
	cards := len(m.Children) > 0 && !slices.ContainsFunc(m.Children, func(c *resultjson.Node) bool { return !panel(c) }) &&
		(len(m.Children) > 1 || m.Children[0].ComponentID == "")
	if cards && slices.ContainsFunc(m.Children, func(c *resultjson.Node) bool { return texts(c) >= 2 }) {
		return "Card"
	}
	if len(m.Children) == 1 {
		switch c := m.Children[0]; {
		case c.Type == "SVG" || c.Type == "RECTANGLE" && Kind(c.Name) == "Icon":
			return "Icon"
		case c.Type == "TEXT":
			return "Label"
		case c.Type != "FRAME" || c.ComponentID != "":
		case Kind(c.Name) != anonymous && !headingNamed(c) && !strings.HasPrefix(c.Name, "::"):
			return cmp.Or(naming.TagWords[Kind(c.Name)], Kind(c.Name))
		default:
			if kind := shapeName([]*resultjson.Node{c}); kind != anonymous {
				return kind
			}
		}
	}
	if (m.LayoutMode == "VERTICAL" || stacked(m) && !slices.ContainsFunc(m.Children, func(c *resultjson.Node) bool { return !textual(c) })) && sideBySide(uses) {
		return "Column"
	}
	switch {
	case m.LayoutMode == "GRID":
		return "Grid"
	case m.LayoutMode == "HORIZONTAL" && len(m.Children) >= 2:
		return "Row"
	}
	return anonymous
}

// headingNamed says whether frame n is named only by the text it holds (naming.Layer names an
// element without a kind by its heading: a pricing card "Basic"), not by what it is: its name
// is a TEXT's characters, or their start cut with "…".
func headingNamed(n *resultjson.Node) bool {
	if strings.Contains(n.Name, " / ") {
		return false
	}
	stem, cut := strings.CutSuffix(n.Name, "…")
	found := false
	n.Walk(func(d *resultjson.Node) {
		chars := strings.Join(strings.Fields(d.Characters), " ")
		found = found || d.Type == "TEXT" && stem != "" && (chars == stem || cut && strings.HasPrefix(chars, stem))
	})
	return found
}

// textual says whether n is a TEXT, or a frame holding only texts (a link around its label).
func textual(n *resultjson.Node) bool {
	if n.Type == "TEXT" {
		return true
	}
	return n.Type == "FRAME" && len(n.Children) > 0 && !slices.ContainsFunc(n.Children, func(c *resultjson.Node) bool { return !textual(c) })
}

// stacked says whether frame n holds two layers or more, each below the one before (a column
// of block flow).
func stacked(n *resultjson.Node) bool {
	for i := 1; i < len(n.Children); i++ {
		if a, b := n.Children[i-1], n.Children[i]; b.Y < a.Y+a.Height {
			return false
		}
	}
	return len(n.Children) >= 2
}

// paints says whether frame n draws anything of its own: a fill, a stroke or an effect.
func paints(n *resultjson.Node) bool {
	return (n.Fills != nil && len(*n.Fills) > 0) || len(n.Strokes) > 0 || len(n.Effects) > 0
}

// panel says whether frame n draws a panel: a fill with a shadow, a border or round corners.
func panel(n *resultjson.Node) bool {
	round := slices.ContainsFunc([]*float64{n.CornerRadius, n.TopLeftRadius, n.TopRightRadius, n.BottomLeftRadius, n.BottomRightRadius},
		func(r *float64) bool { return r != nil && *r > 0 })
	return n.Type == "FRAME" && n.Fills != nil && len(*n.Fills) > 0 && (len(n.Effects) > 0 || len(n.Strokes) > 0 || round)
}

// texts counts the TEXT layers under n.
func texts(n *resultjson.Node) int {
	count := 0
	n.Walk(func(d *resultjson.Node) {
		if d.Type == "TEXT" {
			count++
		}
	})
	return count
}

// sideBySide says whether at least two uses stand in one row: the same top, their boxes apart.
func sideBySide(uses []*resultjson.Node) bool {
	for i, a := range uses {
		for _, b := range uses[i+1:] {
			if a.Y == b.Y && (a.X+a.Width <= b.X || b.X+b.Width <= a.X) {
				return true
			}
		}
	}
	return false
}

// shared is the name the uses share (Name without the tag words).
func shared(uses []*resultjson.Node) string {
	first := uses[0].Name
	same, kind, stem := true, Kind(first), numberless(first)
	for _, u := range uses[1:] {
		same = same && u.Name == first
		if Kind(u.Name) != kind {
			kind = ""
		}
		if numberless(u.Name) != stem {
			stem = ""
		}
	}
	switch {
	case same && first != "":
		return first
	case kind != "":
		return kind
	case stem != "":
		return stem
	case first != "":
		return first
	}
	return "Component"
}

// numberless is name without a number at its end ("Card 3": "Card"); "" when it has none.
func numberless(name string) string {
	stem := strings.TrimRight(name, "0123456789")
	if stem == name || !strings.HasSuffix(stem, " ") {
		return ""
	}
	return strings.TrimSpace(stem)
}

// unique returns name, or name with " 2", " 3", ... when taken, within naming.MaxNameRunes.
func unique(name string, taken map[string]bool) string {
	base := name
	for i := 2; taken[name]; i++ {
		suffix := " " + strconv.Itoa(i)
		for utf8.RuneCountInString(base)+len(suffix) > naming.MaxNameRunes {
			_, size := utf8.DecodeLastRuneInString(base)
			base = base[:len(base)-size]
		}
		name = base + suffix
	}
	taken[name] = true
	return name
}
