// Package states is the pass that makes component sets of interactive components
// (docs/conversion.md "States as variants"): for each component the components pass made, the
// capture's record of what a forced :hover or :focus changed inside its first use is applied to
// a copy of the capture, the page is drawn again, and the layers of the first use that paint
// differently become the overrides of a Hover or Focus variant. A state that moves, resizes,
// adds or removes a layer makes no variant (a STATE_SKIPPED diagnostic), but for a transform:
// a scale of the whole component is the variant's rescale, any other is left out of it (a
// STATE_APPROXIMATED diagnostic). It adds
// componentVariants to first uses only, so the picture stays the same for every reader.
package states

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// MaxRedraws bounds the pages drawn again for one state: the first uses whose states are
// applied together must not hold one another, so nested ones wait for another drawing; those
// left past it make no variant (STATE_SKIPPED).
const MaxRedraws = 3

// Redraw draws a capture (a copy of the page's, states applied) as the conversion does, up to
// the tree the components pass reads, and returns its root.
type Redraw func(c *capturemodel.Capture) (*boxtree.Node, error)

// states are the capture's states in the order their variants are listed, with their
// variant values.
var states = []struct{ capture, value string }{{"hover", resultjson.StateHover}, {"focus", resultjson.StateFocus}}

// paintProperties are the computed properties a state may change for a variant to be made: what
// paints a box or its text and leaves every box where it is (z-index too: of a layer inside the
// use, a changed layer order there is refused by compare; of the use's own element, it is its
// place among its parent's layers, which no variant holds, and paintOnly lets it be). A state
// that changes another (padding, font-weight, display, a transform) makes no variant.
var paintProperties = map[string]bool{
	"background-color": true, "background-image": true, "background-blend-mode": true,
	"color": true, "-webkit-text-fill-color": true, "-webkit-text-stroke-color": true, "text-shadow": true,
	"border-top-color": true, "border-right-color": true, "border-bottom-color": true, "border-left-color": true,
	"box-shadow": true, "opacity": true, "filter": true, "backdrop-filter": true, "mix-blend-mode": true,
	"outline-style": true, "outline-width": true, "outline-color": true, "outline-offset": true,
	"text-decoration-line": true, "text-decoration-color": true, "text-decoration-style": true,
	"text-decoration-thickness": true, "text-underline-offset": true, "z-index": true,
}

// keptBoxProperties are the computed properties a state may change besides paintProperties when
// it moves no box (a recorded change without a box): padding and border widths (a focus that
// trades a pixel of padding for a border). The state's drawing then shows whether anything
// moved inside: the diff refuses a changed auto-layout padding or a moved layer, and makes the
// border's stroke weights overrides.
var keptBoxProperties = map[string]bool{
	"padding-top": true, "padding-right": true, "padding-bottom": true, "padding-left": true,
	"border-top-width": true, "border-right-width": true, "border-bottom-width": true, "border-left-width": true,
}

// use is one component's first use and what its states change.
type use struct {
	node       *resultjson.Node
	start, end int // its element's index and the index past its subtree (Document.Elements)
	// nested are the element ranges of the uses of other components inside it, whose states
	// are their own components', and of the elements left out inside it (boxtree.Node.LeftOut),
	// whose states draw nothing (start, end as above).
	nested   [][2]int
	variants []resultjson.ComponentVariant
}

// Variants adds componentVariants to the first use of each component under root (the result
// tree; tree is the conversion's tree of it) whose capture records states inside it, drawing
// the page again with redraw, at most MaxRedraws times a state. It returns a STATE_SKIPPED
// diagnostic, at most room of them, for each state that makes no variant; the error is
// redraw's.
func Variants(c *capturemodel.Capture, tree *boxtree.Node, redraw Redraw, room int) ([]resultjson.Diagnostic, error) {
	diags := []resultjson.Diagnostic{}
	if len(c.Document.States) == 0 {
		return diags, nil
	}
	note := func(n *resultjson.Node, code, message string) {
		if len(diags) < room {
			diags = append(diags, resultjson.Diagnostic{Code: code, NodeID: n.ID,
				Message: callback.TruncateUTF8(message, resultjson.MaxWarningMessageBytes)})
		}
	}
	skip := func(n *resultjson.Node, value, why string) {
		note(n, resultjson.DiagStateSkipped, fmt.Sprintf("%s has no %s variant: %s", n.Name, value, why))
	}
	els, ends := c.Document.Elements()
	index := make(map[*capturemodel.DOMNode]int, len(els))
	for i, e := range els {
		index[e] = i
	}
	var uses []*use
	var all [][2]int // the element ranges of every use of a component
	for _, b := range tree.Made() {
		i, ok := index[b.El]
		if b.Out.ComponentID == "" || b.El == nil || !ok {
			continue
		}
		all = append(all, [2]int{i, ends[i]})
		if b.Out.ComponentName == "" || b.Out.VariantOf != "" {
			continue // a variant of one kind has no states of its own: its set's Default has them
		}
		uses = append(uses, &use{node: b.Out, start: i, end: ends[i]})
	}
	for _, u := range uses {
		for _, r := range all {
			if r[0] > u.start && r[0] < u.end {
				u.nested = append(u.nested, r)
			}
		}
		for _, e := range tree.LeftOut {
			// The states of elements that draw nothing (a closed menu's items) are not u's.
			if i, ok := index[e]; ok && i > u.start && i < u.end {
				u.nested = append(u.nested, [2]int{i, ends[i]})
			}
		}
	}
	if len(uses) == 0 {
		return diags, nil
	}
	rg := newRings(tree, index)
	for _, st := range states {
		pending := []*use{}
		taken := map[*use]stateTaken{}
		for _, u := range uses {
			rec, why := record(c.Document.States, st.capture, u)
			var t stateTaken
			switch {
			case rec == nil && why == "":
				continue
			case why == "":
				if t, why = takeTransforms(rec, st.capture, u, els, ends); why == "" {
					why = paintOnly(t.rec, st.capture, u)
				}
			}
			if why == "" {
				why = ringOutside(t.rec, st.capture, u, els)
			}
			if why == "" {
				why = rg.holders(t.rec, st.capture, u, els)
			}
			if why != "" {
				skip(u.node, st.value, why)
				continue
			}
			taken[u] = t
			pending = append(pending, u)
		}
		for round := 0; len(pending) > 0; round++ {
			if round == MaxRedraws {
				for _, u := range pending {
					skip(u.node, st.value, fmt.Sprintf("its states nest in other components' past the %d drawings a state may take", MaxRedraws))
				}
				break
			}
			// The uses drawn together hold none of the others' elements.
			var now, later []*use
			for _, u := range pending {
				if overlaps(u, now) {
					later = append(later, u)
				} else {
					now = append(now, u)
				}
			}
			pending = later
			changes := map[int]map[string]string{}
			extra := map[int]bool{} // the elements whose rings only this state draws
			for _, u := range now {
				for _, ch := range taken[u].rec.Changes {
					changes[ch.Element] = ch.Style
					if added(els[ch.Element], els[ch.Element].Restyled(ch.Style)) {
						extra[ch.Element] = true
					}
				}
			}
			cp := withChanges(c, changes)
			drawing, err := redraw(cp)
			if err != nil {
				return diags, err
			}
			placed, drawn := rg.place(drawing, cp, extra)
			variant := drawing.Out
			for _, u := range now {
				fresh, why := rg.hideFor(u, extra, placed, st.capture)
				var overrides []resultjson.VariantOverride
				if why == "" {
					overrides, why = compare(u.node, variant, st.capture)
				}
				why = rg.settle(u.node, fresh, why, len(overrides) > 0 && len(overrides) <= resultjson.MaxVariantOverrides, drawn, st.capture)
				switch {
				case why != "":
					skip(u.node, st.value, why)
				case len(overrides) == 0 && taken[u].rescale == 0:
					// The changes paint nothing the design draws (a colour under an image).
				case len(overrides) > resultjson.MaxVariantOverrides:
					skip(u.node, st.value, fmt.Sprintf("it changes %d layers, more than the %d a variant may", len(overrides), resultjson.MaxVariantOverrides))
				default:
					if overrides == nil {
						overrides = []resultjson.VariantOverride{} // a variant that only rescales: "overrides": []
					}
					u.variants = append(u.variants, resultjson.ComponentVariant{
						VariantProperties: map[string]string{resultjson.VariantPropertyState: st.value}, Overrides: overrides, Rescale: taken[u].rescale})
					if lo := taken[u].leftOut; len(lo) > 0 {
						note(u.node, resultjson.DiagStateApproximated, fmt.Sprintf("%s's %s variant leaves out %s", u.node.Name, st.value, strings.Join(lo, ", ")))
					}
				}
			}
		}
	}
	for _, u := range uses {
		u.node.ComponentVariants = u.variants
	}
	return diags, nil
}

// record returns the state record of state that is u's: the one forcing u's own element, else
// the only one forcing an element inside it that is in no use of another component nested in it
// (a button in a card: its states are its own component's variants); nil with a reason when
// several such elements have their own state and u has none, nil and "" when it has no state.
func record(all []capturemodel.StateRecord, state string, u *use) (*capturemodel.StateRecord, string) {
	var inside []*capturemodel.StateRecord
	for i := range all {
		r := &all[i]
		if r.State != state || r.Element < u.start || r.Element >= u.end || u.inNested(r.Element) {
			continue
		}
		if r.Element == u.start {
			return r, ""
		}
		inside = append(inside, r)
	}
	switch len(inside) {
	case 0:
		return nil, ""
	case 1:
		return inside[0], ""
	}
	return nil, fmt.Sprintf("%d elements inside it have their own %s state and it has none", len(inside), state)
}

// inNested says whether the element of index i is in a use of another component nested in u.
func (u *use) inNested(i int) bool {
	for _, r := range u.nested {
		if i >= r[0] && i < r[1] {
			return true
		}
	}
	return false
}

// transformProperties are the computed properties of a CSS transform: transform and the
// rotate, scale and translate properties. A transform moves the boxes of its element and of
// everything inside it, and no other box.
var transformProperties = map[string]bool{"transform": true, "rotate": true, "scale": true, "translate": true}

// stateTaken is what a variant takes of a use's state: its changes without their transforms
// (untransformed), its rescale (variantScale, 0 for none), and the transforms it leaves out
// (none when it rescales).
type stateTaken struct {
	rec     *capturemodel.StateRecord
	rescale float64
	leftOut []string
}

// takeTransforms is what u's variant takes of rec, u's record of state (ends as
// Document.Elements gives them); why says the state makes no variant when it sets only
// transforms the variant does not draw.
func takeTransforms(rec *capturemodel.StateRecord, state string, u *use, els []*capturemodel.DOMNode, ends []int) (t stateTaken, why string) {
	t.rescale = variantScale(rec, u, els)
	if t.rec, t.leftOut = untransformed(rec, ends); t.rescale != 0 {
		t.leftOut = nil
	}
	if len(t.leftOut) > 0 && len(t.rec.Changes) == 0 {
		return t, fmt.Sprintf("its %s state only sets %s, which a variant does not draw", state, strings.Join(t.leftOut, ", "))
	}
	return t, ""
}

// untransformed returns rec without the transforms its state sets (a button's hover:scale-105),
// and those transforms as CSS ("transform: matrix(1.05, 0, 0, 1.05, 0, 0)") in element order;
// rec itself and nil when it changes none. Each change loses its transform properties, and the
// boxes a changed transform moves (its element's and its descendants', ends as
// Document.Elements gives them) are dropped where the element's other changes are paint only, so
// nothing but the transform moved them. The variant's overrides then draw the state without
// its transform: no override scales or turns a layer. A scale of the whole component is drawn
// by the variant's rescale (variantScale); any other transform is not drawn, which a
// STATE_APPROXIMATED diagnostic says.
func untransformed(rec *capturemodel.StateRecord, ends []int) (*capturemodel.StateRecord, []string) {
	var moved [][2]int // the element ranges a changed transform moves
	var leftOut []string
	for _, ch := range rec.Changes {
		for _, p := range slices.Sorted(maps.Keys(ch.Style)) {
			if transformProperties[p] && ch.Element >= 0 && ch.Element < len(ends) {
				moved = append(moved, [2]int{ch.Element, ends[ch.Element]})
				leftOut = append(leftOut, p+": "+ch.Style[p])
			}
		}
	}
	if len(moved) == 0 {
		return rec, nil
	}
	out := *rec
	out.Changes = nil
	for _, ch := range rec.Changes {
		var style map[string]string
		paint := true
		for p, v := range ch.Style {
			if !transformProperties[p] {
				if style == nil {
					style = map[string]string{}
				}
				style[p] = v
				paint = paint && paintProperties[p]
			}
		}
		box := ch.Box
		if box != nil && paint && slices.ContainsFunc(moved, func(r [2]int) bool { return ch.Element >= r[0] && ch.Element < r[1] }) {
			box = nil
		}
		if len(style) > 0 || box != nil {
			out.Changes = append(out.Changes, capturemodel.StateChange{Element: ch.Element, Style: style, Box: box})
		}
	}
	return &out, leftOut
}

// variantScale returns the rescale of u's variant for state record rec: the one factor
// (css.UniformScale) by which the state scales u's own element, from a resting transform that
// only moves it (none, or a translation), when that is the only transform the state changes
// besides a translate property of that element (a move, which a variant does not show) and the
// factor is within resultjson.MinVariantRescale and MaxVariantRescale; 0 otherwise (no
// transform, a turn or skew, unequal axes, a transform of an element inside u, which a rescale
// of the whole variant does not draw). Figma's rescale scales a node with its layers, their
// text, strokes and effects, as CSS scales the element's rendering; where the element then
// stands does not matter to a variant, a component of its own.
func variantScale(rec *capturemodel.StateRecord, u *use, els []*capturemodel.DOMNode) float64 {
	scale := 0.0
	for _, ch := range rec.Changes {
		for p, v := range ch.Style {
			if !transformProperties[p] || p == "translate" && ch.Element == u.start {
				continue // a move of the whole variant draws nothing otherwise (Tailwind 4's hover:-translate-y-1 beside hover:scale-105)
			}
			if ch.Element != u.start || ch.Element >= len(els) || scale != 0 {
				return 0
			}
			rest := els[ch.Element]
			f, ok := css.UniformScale(v)
			moves := rest.Computed("transform") == "none" || css.IsTranslation(rest.Computed("transform"))
			for _, q := range []string{"rotate", "scale"} {
				moves = moves && (rest.Computed(q) == "none" || rest.Computed(q) == "")
			}
			if !ok || f == 1 || !moves {
				return 0
			}
			scale = f
		}
	}
	if scale < resultjson.MinVariantRescale || scale > resultjson.MaxVariantRescale {
		return 0
	}
	return scale
}

// paintOnly says why rec's changes cannot be a variant of u: one is of an element outside u (a
// capture that says so is not what the capture worker writes), moves or resizes a box, or
// changes a property that is no paint (nor one of keptBoxProperties; a url() background the
// capture has no image of counts as one); "" when they only repaint inside u. A z-index of u's
// own element (a hovered button of a group lifted over its neighbours' borders) is its place
// among its parent's layers, which no variant holds: the variant is drawn without it.
func paintOnly(rec *capturemodel.StateRecord, state string, u *use) string {
	for _, ch := range rec.Changes {
		if ch.Element < u.start || ch.Element >= u.end {
			return fmt.Sprintf("its %s state records a change of an element outside it", state)
		}
		if ch.Box != nil {
			return fmt.Sprintf("its %s state moves or resizes a box", state)
		}
		props := make([]string, 0, len(ch.Style))
		for p := range ch.Style {
			props = append(props, p)
		}
		sort.Strings(props)
		for _, p := range props {
			if !paintProperties[p] && !keptBoxProperties[p] {
				return fmt.Sprintf("its %s state changes %s, which is no paint", state, p)
			}
			if p == "background-image" && strings.Contains(ch.Style[p], "url(") {
				return fmt.Sprintf("its %s state shows a background image the capture has not recorded", state)
			}
		}
	}
	return ""
}

// ringOutside says why rec's changes cannot be a variant of u when they change an outline ring
// that u's own element draws at rest (paint.Ringed: offset from the box, or beside a border),
// or remove one an element of u draws at rest: the ring is a layer beside the element's node
// (for u's own element, outside the layers a variant holds), and its removal would shift the
// ids of the drawing's later nodes; "" otherwise. (A ring only the state draws is held inside
// the node: rings.)
func ringOutside(rec *capturemodel.StateRecord, state string, u *use, els []*capturemodel.DOMNode) string {
	for _, ch := range rec.Changes {
		if ch.Element >= len(els) {
			continue
		}
		rest := els[ch.Element]
		if paint.Ringed(rest) && !paint.Ringed(rest.Restyled(ch.Style)) {
			return fmt.Sprintf("its %s state removes the outline ring around %s", state, naming.Clip(naming.Layer(rest)))
		}
		if ch.Element != u.start {
			continue
		}
		outline := false
		for p := range ch.Style {
			outline = outline || strings.HasPrefix(p, "outline-")
		}
		if outline && paint.Ringed(rest) {
			return fmt.Sprintf("its %s state changes the outline ring around it, a layer beside it that no variant holds", state)
		}
	}
	return ""
}

// overlaps says whether u's elements and those of one of others overlap (one holds the other).
func overlaps(u *use, others []*use) bool {
	for _, o := range others {
		if u.start < o.end && o.start < u.end {
			return true
		}
	}
	return false
}

// withChanges returns a copy of c whose elements (by Document.Elements index) have the changed
// computed values; the elements and ancestors it changes are copied, the rest shared with c,
// which is not changed. Each changed element's values at rest are one more state record of the
// copy (state RestState): the tree builder keeps the frame of an element that paints in any
// recorded state (a link whose background its hover clears), so the drawing keeps the frames
// the page's drawing has and its nodes the same ids.
func withChanges(c *capturemodel.Capture, changes map[int]map[string]string) *capturemodel.Capture {
	els, ends := c.Document.Elements()
	next := 0
	cp := *c
	cp.Document.Root = changed(c.Document.Root, &next, ends, changes)
	cp.Document.States = slices.Clone(c.Document.States)
	for _, k := range slices.Sorted(maps.Keys(changes)) {
		rest := map[string]string{}
		for p := range changes[k] {
			rest[p] = els[k].Computed(p)
		}
		cp.Document.States = append(cp.Document.States, capturemodel.StateRecord{Element: k, State: RestState,
			Changes: []capturemodel.StateChange{{Element: k, Style: rest}}})
	}
	return &cp
}

// RestState is the state of the records a state's drawing adds for the values its changed
// elements have at rest (withChanges); no capture records it.
const RestState = "rest"

// changed returns n with its changes, and those of its descendants, applied (n itself when
// none applies); next is n's element index and is advanced past its subtree.
func changed(n *capturemodel.DOMNode, next *int, ends []int, changes map[int]map[string]string) *capturemodel.DOMNode {
	if n == nil || n.Type != "element" {
		return n
	}
	i := *next
	end := ends[i]
	any := false
	for k := range changes {
		if k >= i && k < end {
			any = true
			break
		}
	}
	if !any {
		*next = end
		return n
	}
	out := *n
	if style, ok := changes[i]; ok {
		out = *n.Restyled(style)
	}
	*next = i + 1
	out.Children = make([]*capturemodel.DOMNode, len(n.Children))
	for j, k := range n.Children {
		out.Children[j] = changed(k, next, ends, changes)
	}
	return &out
}

// compare compares the first use main, as the page draws it, with its node of the variant
// tree (by id) and returns the overrides of the layers that paint differently; the reason when
// a layer was added, removed, moved or changed otherwise.
func compare(main *resultjson.Node, variant *resultjson.Node, state string) ([]resultjson.VariantOverride, string) {
	byID := map[string]*resultjson.Node{}
	variant.Walk(func(n *resultjson.Node) { byID[n.ID] = n })
	var out []resultjson.VariantOverride
	why := ""
	var walk func(d *resultjson.Node) bool
	walk = func(d *resultjson.Node) bool {
		v, ok := byID[d.ID]
		if !ok {
			why = fmt.Sprintf("its %s state removes %s", state, naming.Clip(d.Name))
			return false
		}
		if len(v.Children) != len(d.Children) {
			why = fmt.Sprintf("its %s state adds or removes layers in %s", state, naming.Clip(d.Name))
			return false
		}
		if m := otherMember(d, v); m != "" {
			why = fmt.Sprintf("its %s state changes %s of %s", state, m, naming.Clip(d.Name))
			return false
		}
		if o, ok := override(d, v); ok {
			out = append(out, o)
		}
		for i, k := range d.Children {
			if v.Children[i].ID != k.ID {
				why = fmt.Sprintf("its %s state adds or removes layers in %s", state, naming.Clip(d.Name))
				return false
			}
			if !walk(k) {
				return false
			}
		}
		return true
	}
	if !walk(main) {
		return nil, why
	}
	drawn := listDrawn(main)
	for _, o := range out {
		if drawn[o.ID] {
			return nil, fmt.Sprintf("its %s state repaints a list's items or markers, which the list TEXT draws", state)
		}
	}
	return out, ""
}

// listDrawn are the TEXTs under n that a reader drawing lists leaves out or draws as the list
// (docs/results.md "Text members"): those a sibling's listText replaces, listMarker TEXTs that
// do not flow in an auto-layout parent, and the TEXTs carrying a listText. A variant cannot
// override them: the plugin makes no such layer, or draws it with other characters.
func listDrawn(n *resultjson.Node) map[string]bool {
	out := map[string]bool{}
	n.Walk(func(p *resultjson.Node) {
		flow := p.LayoutMode != "" && p.LayoutMode != "NONE"
		for _, c := range p.Children {
			if c.ListText != nil {
				out[c.ID] = true // drawn with the list's characters, which a variant's ranges do not cover
				for _, id := range c.ListText.Replaces {
					out[id] = true
				}
			}
			if c.ListMarker && (!flow || c.LayoutPositioning == "ABSOLUTE") {
				out[c.ID] = true
			}
		}
	})
	return out
}

// bare is a copy of n without its children, the members a variant may override (a
// decoration's colour is one, carried by the ranges; its style, offset and thickness are not: a
// state that changes them makes no variant; ranges left with the same style are merged), a frame's or rectangle's strokeAlign INSIDE (Figma's default, where a layer
// without strokes leaves it out), the style
// bindings (the variant tree has none) and the component members.
func bare(n *resultjson.Node) resultjson.Node {
	c := *n
	c.Children = nil
	c.Visible, c.Opacity, c.Fills, c.Strokes, c.Effects = nil, nil, nil, nil, nil
	c.StrokeWeight, c.StrokeTopWeight, c.StrokeRightWeight, c.StrokeBottomWeight, c.StrokeLeftWeight = nil, nil, nil, nil, nil
	c.TextDecoration = ""
	if len(n.StyledTextSegments) > 0 {
		c.TextDecorationColor = nil // the ranges carry the colour
	}
	if c.StrokeAlign == "INSIDE" && (c.Type == "FRAME" || c.Type == "RECTANGLE") {
		c.StrokeAlign = "" // Figma's default for a frame or rectangle: a layer without strokes says none
	}
	c.FillStyleID, c.StrokeStyleID, c.TextStyleID, c.EffectStyleID = "", "", "", ""
	c.Component = resultjson.Component{}
	c.StyledTextSegments = make([]resultjson.StyledTextSegment, 0, len(n.StyledTextSegments))
	for _, s := range n.StyledTextSegments {
		s.Fills, s.TextDecoration, s.TextDecorationColor, s.TextStyleID = nil, "", nil, ""
		// Ranges that differed only in paint are one range here: a link whose hover gives it the
		// colour of the text around it splits the text nowhere in the state's drawing.
		if k := len(c.StyledTextSegments) - 1; k >= 0 && sameStyle(c.StyledTextSegments[k], s) {
			c.StyledTextSegments[k].Characters += s.Characters
			c.StyledTextSegments[k].End = s.End
			continue
		}
		c.StyledTextSegments = append(c.StyledTextSegments, s)
	}
	return c
}

// sameStyle says whether two ranges have the same style (every member but their characters and
// place).
func sameStyle(a, b resultjson.StyledTextSegment) bool {
	a.Characters, a.Start, a.End = "", 0, 0
	b.Characters, b.Start, b.End = "", 0, 0
	return reflect.DeepEqual(a, b)
}

// unstyled is segs without their text styles (a state's drawing has none), a copy.
func unstyled(segs []resultjson.StyledTextSegment) []resultjson.StyledTextSegment {
	out := slices.Clone(segs)
	for i := range out {
		out[i].TextStyleID = ""
	}
	return out
}

// otherMember names a member other than the overridable ones in which d and v differ ("" when
// none does): the box ("x", "y", "width", "height" together), else the first member in the
// node's encoding that differs.
func otherMember(d, v *resultjson.Node) string {
	bd, bv := bare(d), bare(v)
	if reflect.DeepEqual(bd, bv) {
		return ""
	}
	if bd.X != bv.X || bd.Y != bv.Y || bd.Width != bv.Width || bd.Height != bv.Height {
		return "the box"
	}
	var md, mv map[string]json.RawMessage
	jd, _ := json.Marshal(bd)
	jv, _ := json.Marshal(bv)
	_ = json.Unmarshal(jd, &md)
	_ = json.Unmarshal(jv, &mv)
	names := map[string]bool{}
	for k := range md {
		names[k] = true
	}
	for k := range mv {
		names[k] = true
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if string(md[k]) != string(mv[k]) {
			return k
		}
	}
	return "a member"
}

// override is the override of the members in which v paints differently from d; false when it
// paints the same.
func override(d, v *resultjson.Node) (resultjson.VariantOverride, bool) {
	o := resultjson.VariantOverride{ID: d.ID}
	any := false
	if shown := v.Visible == nil || *v.Visible; shown != (d.Visible == nil || *d.Visible) {
		o.Visible, any = ptr(shown), true
	}
	if !reflect.DeepEqual(d.Opacity, v.Opacity) {
		o.Opacity, any = ptr(1.0), true
		if v.Opacity != nil {
			o.Opacity = ptr(*v.Opacity)
		}
	}
	// The theme's bindings are no override: a state's drawing has none.
	if !reflect.DeepEqual(resultjson.Unbound(fills(d.Fills)), fills(v.Fills)) {
		f := fills(v.Fills)
		o.Fills, any = &f, true
	}
	if !reflect.DeepEqual(paints(d.Strokes), paints(v.Strokes)) {
		s := paints(v.Strokes)
		o.Strokes, any = &s, true
	}
	for _, w := range []struct {
		d, v *float64
		o    **float64
	}{{d.StrokeWeight, v.StrokeWeight, &o.StrokeWeight}, {d.StrokeTopWeight, v.StrokeTopWeight, &o.StrokeTopWeight},
		{d.StrokeRightWeight, v.StrokeRightWeight, &o.StrokeRightWeight}, {d.StrokeBottomWeight, v.StrokeBottomWeight, &o.StrokeBottomWeight},
		{d.StrokeLeftWeight, v.StrokeLeftWeight, &o.StrokeLeftWeight}} {
		if !reflect.DeepEqual(w.d, w.v) {
			*w.o, any = ptr(0.0), true
			if w.v != nil {
				*w.o = ptr(*w.v)
			}
		}
	}
	if !reflect.DeepEqual(d.Effects, v.Effects) && len(d.Effects)+len(v.Effects) > 0 {
		e := append([]resultjson.Effect{}, v.Effects...)
		o.Effects, any = &e, true
	}
	if d.TextDecoration != v.TextDecoration {
		o.TextDecoration, any = v.TextDecoration, true
		if o.TextDecoration == "" {
			o.TextDecoration = "NONE"
		}
	}
	if !reflect.DeepEqual(unstyled(d.StyledTextSegments), unstyled(v.StyledTextSegments)) {
		o.StyledTextSegments, any = v.StyledTextSegments, true
	}
	return o, any
}

// fills is a node's fills as a list (nil: none).
func fills(f *[]resultjson.Paint) []resultjson.Paint {
	if f == nil {
		return []resultjson.Paint{}
	}
	return paints(*f)
}

// paints is a list of paints, never nil.
func paints(p []resultjson.Paint) []resultjson.Paint {
	if p == nil {
		return []resultjson.Paint{}
	}
	return p
}

func ptr[T any](v T) *T { return &v }
