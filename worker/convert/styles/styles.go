// Package styles is the styles pass of the conversion (docs/conversion.md "Local styles and
// variables"): the result's solid colours and typography become paint and text styles the nodes
// refer to by id, and the page's CSS custom properties variables the paint styles bind.
package styles

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// styleBuilder collects styles in document order.
type styleBuilder struct {
	styles []resultjson.Style
	byKey  map[string]int
	names  map[string]bool
	// varIDs maps a custom property name to its variable's id.
	varIDs map[string]string
	// varColors maps a custom property name to its COLOR variable's value (the root's).
	varColors map[string]resultjson.RGBA
}

// Build returns the styles and variables (nil when the page declares none) of the tree under
// root, whose nodes are drawn from elements with the custom properties props, and sets the
// nodes' style ids. Paint and text styles are numbered S:1, S:2, ... in paint order, then the
// effect styles in the paint order of their first use; variables V:1, ... in the order of their
// names.
func Build(root *boxtree.Node, props []capturemodel.CustomProperty) ([]resultjson.Style, *resultjson.Variables) {
	vars := &resultjson.Variables{Collection: resultjson.VariableCollectionName, Variables: []resultjson.Variable{}}
	b := &styleBuilder{byKey: map[string]int{}, names: map[string]bool{}, varIDs: map[string]string{}, varColors: map[string]resultjson.RGBA{}}
	props = append([]capturemodel.CustomProperty{}, props...)
	sort.SliceStable(props, func(i, j int) bool { return props[i].Name < props[j].Name })
	for _, p := range props {
		if len(vars.Variables) >= MaxVariables {
			break
		}
		name := strings.TrimPrefix(p.Name, "--")
		if name == "" || name == p.Name || len([]rune(p.Name)) > MaxCustomPropertyRunes {
			continue
		}
		// Figma refuses ".", "{" and "}" in variable names ("/" makes groups).
		name = strings.NewReplacer(".", "-", "{", "-", "}", "-", "/", "-").Replace(name)
		v := resultjson.Variable{ID: "V:" + strconv.Itoa(len(vars.Variables)+1), CodeSyntax: &resultjson.CodeSyntax{WEB: "var(" + p.Name + ")"}, Property: p.Name}
		var ok bool
		if v.ResolvedType, v.Value, ok = variableValue(p); !ok {
			continue
		}
		v.Name = "size/" + name
		if v.ResolvedType == "COLOR" {
			v.Name = "color/" + name
			b.varColors[p.Name] = v.Value.(resultjson.RGBA)
		}
		b.varIDs[p.Name] = v.ID
		vars.Variables = append(vars.Variables, v)
	}
	eachPainted(root, func(t *boxtree.Node) {
		n, src := t.Out, t.El
		if oneRange(n) && paragraphDefaults(n) {
			n.TextStyleID = b.textStyle(n, src)
		}
		paintSlots(t, func(paints *[]resultjson.Paint, styleID *string, prop string) {
			*styleID = b.paintStyle(paints, src, prop)
		})
	})
	// The ranges of a TEXT of several ranges are set in the text styles above their typography
	// has: a paragraph's plain words in its Body style, a bold range in the bold one.
	eachPainted(root, func(t *boxtree.Node) {
		if n := t.Out; n.Type == "TEXT" && !oneRange(n) && paragraphDefaults(n) {
			b.rangeStyles(n)
		}
	})
	b.effectStyles(root)
	if len(vars.Variables) == 0 {
		vars = nil // no collection to create
	}
	return append([]resultjson.Style{}, b.styles...), vars
}

// variableValue returns the type and value of the variable a custom property becomes: FLOAT px
// for a length, COLOR for a colour; ok false for anything else.
func variableValue(p capturemodel.CustomProperty) (typ string, value any, ok bool) {
	if l, ok := css.ParsePx(p.Value); ok {
		return "FLOAT", css.Px(l), true
	}
	if c, ok := css.ParseColor(p.Color); ok && p.Color != "" {
		return "COLOR", css.RoundRGBA(c), true
	}
	return "", nil, false
}

const (
	// MaxStyles is the most styles of a result; nodes past it keep their values without a style.
	MaxStyles = 1000
	// MaxVariables is the most variables of a result; further custom properties are left out.
	MaxVariables = 1000
	// MinEffectStyleUses is how many nodes must have one list of effects for it to become an
	// effect style: a shadow the page repeats, not one drawn once.
	MinEffectStyleUses = 2
	// MaxStyleEffects is the most effects of an effect style (the backend's bound,
	// artifacts.MaxStyleEffects): a longer list stays on its nodes without a style.
	MaxStyleEffects = 16
	// MaxEffectLength bounds an effect style's radius, spread and offsets, in px (absolute; the
	// backend's artifacts.MaxEffectLength): a list with a longer one stays without a style.
	MaxEffectLength = 100000
	// MaxCustomPropertyRunes bounds the name of a custom property that becomes a variable (and
	// names a style), in characters, so every name and var() stays within the backend's 255.
	MaxCustomPropertyRunes = 200
)

// paintStyle returns the id of the paint style of a single SOLID paint list whose colour the page
// named: the custom property that set prop on src (the capture's vars), adding the style when
// new ("Color/brand", bound to the property's variable). A colour set literally has no style,
// even when it equals a named one: a style exists because the page names the colour, not because
// two values happen to be equal. A property redefined in a scope (Pico's
// a { --pico-color: var(--pico-primary) }) paints another colour than its variable, the root's
// value, which Figma would show instead: its style ("Color/pico-color 2") binds no variable.
// "" for anything else.
func (b *styleBuilder) paintStyle(fills *[]resultjson.Paint, src *capturemodel.DOMNode, prop string) string {
	if fills == nil || len(*fills) != 1 || (*fills)[0].Type != "SOLID" || (*fills)[0].Color == nil || src == nil {
		return ""
	}
	varName := src.Vars[prop]
	varID, ok := b.varIDs[varName]
	if !ok || varID == "" {
		return ""
	}
	p := (*fills)[0]
	value := hexColor(*p.Color)
	if p.Opacity != nil {
		value += fmt.Sprintf(" %.0f%%", *p.Opacity*100)
	}
	// One style per property and value (a property redefined in a scope has another value).
	v, ok := b.varColors[varName]
	bound := ok && isColor(p, v)
	key := "var:" + varName + " " + value
	if !bound {
		key += " unbound"
	}
	if i, ok := b.byKey[key]; ok {
		return b.styles[i].ID
	}
	sp := resultjson.StylePaint{Type: "SOLID", Color: *p.Color, Opacity: p.Opacity}
	if bound {
		sp.BoundVariables = colorBinding(varID)
	}
	return b.add(key, resultjson.Style{Type: "PAINT", Name: "Color/" + strings.TrimPrefix(varName, "--"), Description: "var(" + varName + ")",
		Paints: []resultjson.StylePaint{sp}})
}

// rangeStyles sets the textStyleId of each styled range of TEXT n (and of its listText's) whose
// typography (font, size, letter spacing, case and decoration, with n's line height and
// textWrapStyle) is that of
// a text style already made for a TEXT of one range. Ranges make no styles of their own: a range
// of a look no layer has alone (a link's underlined words, a letter-spaced character) keeps its
// values without a style.
func (b *styleBuilder) rangeStyles(n *resultjson.Node) {
	set := func(segs []resultjson.StyledTextSegment) {
		for i := range segs {
			s := &segs[i]
			key := textStyleKey(&s.FontName, s.FontSize, n.LineHeight, &s.LetterSpacing, orNone(s.TextCase, "ORIGINAL"), orNone(s.TextDecoration, "NONE"), n.TextWrapStyle)
			if j, ok := b.byKey[key]; ok {
				s.TextStyleID = b.styles[j].ID
			}
		}
	}
	set(n.StyledTextSegments)
	if n.ListText != nil {
		set(n.ListText.StyledTextSegments)
		return
	}
	// Ranges that differ only in what a text style does not hold (their colours, a link) and are
	// all in one style: the node is set in it, as a TEXT of one range is.
	segs := n.StyledTextSegments
	if len(segs) > 0 && segs[0].TextStyleID != "" && !slices.ContainsFunc(segs, func(s resultjson.StyledTextSegment) bool { return s.TextStyleID != segs[0].TextStyleID }) {
		n.TextStyleID = segs[0].TextStyleID
		for i := range segs {
			segs[i].TextStyleID = ""
		}
	}
}

// orNone is v, or "" when v is none, the value that means no case or decoration (node-level
// members leave it out).
func orNone(v, none string) string {
	if v == none {
		return ""
	}
	return v
}

// textStyleKey is the key of the text style of a typography: font, size, line height, letter
// spacing, case and decoration ("" for none), and textWrapStyle ("" for AUTO).
func textStyleKey(font *resultjson.FontName, size float64, lineHeight *resultjson.LineHeight, letterSpacing *resultjson.LetterSpacing, textCase, decoration, wrapStyle string) string {
	lh, ls := "AUTO", "0"
	if lineHeight != nil && lineHeight.Value != nil {
		lh = strconv.FormatFloat(*lineHeight.Value, 'f', -1, 64)
	}
	if letterSpacing != nil {
		ls = strconv.FormatFloat(letterSpacing.Value, 'f', -1, 64)
	}
	return strings.Join([]string{"text", font.Family, font.Style, strconv.FormatFloat(size, 'f', -1, 64), lh, ls, textCase, decoration, wrapStyle}, "|")
}

// textStyle returns the id of the text style of a TEXT node's typography and textWrapStyle,
// named from its role (Heading 1-6 for h1-h6, else Body), size, font style when not Regular,
// case and decoration when set, and wrapStyleNames' word when not AUTO: "Text/Body 16",
// "Text/Heading 1 40 Bold", "Text/Heading 2 32 Bold balanced".
func (b *styleBuilder) textStyle(n *resultjson.Node, src *capturemodel.DOMNode) string {
	if n.FontName == nil || n.FontSize <= 0 {
		return ""
	}
	key := textStyleKey(n.FontName, n.FontSize, n.LineHeight, n.LetterSpacing, n.TextCase, n.TextDecoration, n.TextWrapStyle)
	if i, ok := b.byKey[key]; ok {
		return b.styles[i].ID
	}
	role := "Body"
	if src != nil && naming.IsHeading(src) && len(src.Tag) == 2 {
		role = "Heading " + src.Tag[1:]
	}
	name := fmt.Sprintf("Text/%s %s", role, strconv.FormatFloat(n.FontSize, 'f', -1, 64))
	if n.FontName.Style != "Regular" {
		name += " " + n.FontName.Style
	}
	for _, v := range []string{n.TextCase, n.TextDecoration} {
		if v != "" {
			name += " " + strings.ToLower(strings.ReplaceAll(v, "_", " "))
		}
	}
	if w := wrapStyleNames[n.TextWrapStyle]; w != "" {
		name += " " + w
	}
	s := resultjson.Style{Type: "TEXT", Name: name, FontName: n.FontName, FontSize: n.FontSize, LineHeight: n.LineHeight,
		LetterSpacing: n.LetterSpacing, TextCase: n.TextCase, TextDecoration: n.TextDecoration, TextWrapStyle: n.TextWrapStyle}
	return b.add(key, s)
}

// wrapStyleNames are the words a text style's name ends with for its textWrapStyle.
var wrapStyleNames = map[string]string{"BALANCE": "balanced", "PRETTY": "pretty"}

// effectStyles makes an EFFECT style of each list of effects (shadows and blurs, every member
// equal, at most MaxStyleEffects, none past MaxEffectLength) that at least MinEffectStyleUses nodes under root have, and
// sets those nodes' effectStyleId. Styles are named by their first effect ("Shadow/Drop 0 4 12", "Shadow/Inner
// 0 1 2 spread 1", "Blur/Layer 8", "Blur/Background 16", with "+ N" when the list has more).
func (b *styleBuilder) effectStyles(root *boxtree.Node) {
	var keys []string
	uses := map[string][]*resultjson.Node{}
	eachPainted(root, func(t *boxtree.Node) {
		n := t.Out
		if len(n.Effects) == 0 || len(n.Effects) > MaxStyleEffects || slices.ContainsFunc(n.Effects, overLong) {
			return
		}
		raw, err := json.Marshal(n.Effects)
		if err != nil {
			return
		}
		key := "effects:" + string(raw)
		if _, ok := uses[key]; !ok {
			keys = append(keys, key)
		}
		uses[key] = append(uses[key], n)
	})
	for _, key := range keys {
		nodes := uses[key]
		if len(nodes) < MinEffectStyleUses {
			continue
		}
		effects := nodes[0].Effects
		id := b.add(key, resultjson.Style{Type: "EFFECT", Name: EffectStyleName(effects), Effects: append([]resultjson.Effect{}, effects...)})
		if id == "" {
			return // MaxStyles reached
		}
		for _, n := range nodes {
			n.EffectStyleID = id
		}
	}
}

// overLong says whether an effect has a radius, spread or offset past MaxEffectLength.
func overLong(e resultjson.Effect) bool {
	over := func(v float64) bool { return math.Abs(v) > MaxEffectLength }
	return over(e.Radius) || (e.Spread != nil && over(*e.Spread)) || (e.Offset != nil && (over(e.Offset.X) || over(e.Offset.Y)))
}

// EffectStyleName names an effect style by its first effect: "Shadow/Drop <x> <y> <radius>"
// (with " spread <s>" when not 0) for shadows, "Blur/Layer <radius>" or "Blur/Background
// <radius>" for blurs, "+ <n>" added for the effects after it.
func EffectStyleName(effects []resultjson.Effect) string {
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	e := effects[0]
	var name string
	switch e.Type {
	case "LAYER_BLUR":
		name = "Blur/Layer " + num(e.Radius)
	case "BACKGROUND_BLUR":
		name = "Blur/Background " + num(e.Radius)
	default:
		kind := "Drop"
		if e.Type == "INNER_SHADOW" {
			kind = "Inner"
		}
		var x, y float64
		if e.Offset != nil {
			x, y = e.Offset.X, e.Offset.Y
		}
		name = fmt.Sprintf("Shadow/%s %s %s %s", kind, num(x), num(y), num(e.Radius))
		if e.Spread != nil && *e.Spread != 0 {
			name += " spread " + num(*e.Spread)
		}
	}
	if len(effects) > 1 {
		name += fmt.Sprintf(" + %d", len(effects)-1)
	}
	return name
}

// paintSlots calls fn for each paint list of node t that a paint style may name, with the style
// id it sets and the CSS property of t's element the list is painted with: a TEXT's fills
// (color), a FRAME's or RECTANGLE's fills (background-color; border-top-color for a bar of a
// table's grid lines, filled with its border's colour) and strokes (border-top-color). A
// paragraph of several ranges has none: it keeps its ranges' own values, as a node-level style
// would give every range the first one's typography and colour.
func paintSlots(t *boxtree.Node, fn func(paints *[]resultjson.Paint, styleID *string, prop string)) {
	n := t.Out
	if oneRange(n) {
		fn(n.Fills, &n.FillStyleID, "color")
	} else if n.Type == "FRAME" || n.Type == "RECTANGLE" {
		fill := "background-color"
		if t.Kind == boxtree.GridLine {
			fill = "border-top-color"
		}
		fn(n.Fills, &n.FillStyleID, fill)
		if len(n.Strokes) > 0 {
			s := n.Strokes
			fn(&s, &n.StrokeStyleID, "border-top-color")
		}
	}
}

// paragraphDefaults says whether TEXT n keeps Figma's default paragraph settings besides
// textWrapStyle, which its text style holds: no paragraphIndent, no hangingList, no listSpacing
// in its ranges (or its listText's). Figma's TextStyle holds those too, and the result's text
// styles have the defaults, so binding one to a TEXT of other settings would reset them (a
// list's markers drawn inside its box): such a TEXT, and its ranges, are set in no text style.
// The styles do not carry them because a reader that knows the node's members but not the
// style's would bind a style and lose what it drew before (docs/conversion.md "Text styles").
func paragraphDefaults(n *resultjson.Node) bool {
	spaced := func(segs []resultjson.StyledTextSegment) bool {
		return slices.ContainsFunc(segs, func(s resultjson.StyledTextSegment) bool { return s.ListSpacing != 0 })
	}
	if n.ParagraphIndent != 0 || n.HangingList || spaced(n.StyledTextSegments) {
		return false
	}
	return n.ListText == nil || !spaced(n.ListText.StyledTextSegments)
}

// oneRange says whether n is a TEXT of at most one styled range, as a reader draws it: a list
// item's TEXT carrying the list (ListText) is drawn as the list, whose ranges count.
func oneRange(n *resultjson.Node) bool {
	if n.Type != "TEXT" {
		return false
	}
	if n.ListText != nil {
		return len(n.ListText.StyledTextSegments) <= 1
	}
	return len(n.StyledTextSegments) <= 1
}

// eachPainted calls fn for every node under root (root itself not), each before its kids, in
// paint order: the order of the result's layers.
func eachPainted(root *boxtree.Node, fn func(*boxtree.Node)) {
	for _, c := range root.Painted() {
		fn(c)
		eachPainted(c, fn)
	}
}

// add appends a style under key with the next id, its name made unique (" 2", " 3", ...).
func (b *styleBuilder) add(key string, s resultjson.Style) string {
	if len(b.styles) >= MaxStyles {
		return ""
	}
	base := s.Name
	for i := 2; b.names[s.Name]; i++ {
		s.Name = base + " " + strconv.Itoa(i)
	}
	b.names[s.Name] = true
	s.ID = "S:" + strconv.Itoa(len(b.styles)+1)
	b.byKey[key] = len(b.styles)
	b.styles = append(b.styles, s)
	return s.ID
}

// isColor says whether the SOLID paint p draws the colour v: the same #RRGGBB and its opacity
// (1 when none) within half a step of 255 of v's alpha.
func isColor(p resultjson.Paint, v resultjson.RGBA) bool {
	a := 1.0
	if p.Opacity != nil {
		a = *p.Opacity
	}
	return hexColor(*p.Color) == hexColor(resultjson.RGB{R: v.R, G: v.G, B: v.B}) && math.Abs(a-v.A) <= 0.5/255
}

// colorBinding binds a paint's or effect's colour to the COLOR variable of id.
func colorBinding(id string) *resultjson.PaintBindings {
	return &resultjson.PaintBindings{Color: &resultjson.VariableAlias{Type: "VARIABLE_ALIAS", ID: id}}
}

// hexColor writes a 0-1 colour as #RRGGBB.
func hexColor(c resultjson.RGB) string {
	ch := func(v float64) int { return int(math.Round(css.Clamp01(v) * 255)) }
	return fmt.Sprintf("#%02X%02X%02X", ch(c.R), ch(c.G), ch(c.B))
}
