package styles

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// DarkColors maps each element of the capture's document to the text, background and border
// colours, the box-shadow and the gradient background-image its dark theme gives it where they
// differ from the light ones (the capture's dark_colors, by preorder element index); nil when the
// capture has none.
func DarkColors(d *capturemodel.Document) map[*capturemodel.DOMNode]map[string]string {
	if len(d.DarkColors) == 0 {
		return nil
	}
	els, _ := d.Elements()
	out := make(map[*capturemodel.DOMNode]map[string]string, len(d.DarkColors))
	for _, c := range d.DarkColors {
		if c.Element >= 0 && c.Element < len(els) {
			out[els[c.Element]] = c.Style
		}
	}
	return out
}

// themeRoles name the colour a theme variable stands for, by the CSS property it is read from.
var themeRoles = map[string]string{"color": "text", "background-color": "background", "border-top-color": "border", "box-shadow": "shadow"}

// Repaint returns the fills the paint pass gives node, the node of element el's box, with the
// computed values of style in place of el's own (nil: el's own); layered as for a box of its
// own (boxtree.Box). The conversion's is paint.Fills.
type Repaint func(el *capturemodel.DOMNode, node *resultjson.Node, style map[string]string, layered bool) []resultjson.Paint

// Themes binds every colour the page's dark theme changes to a variable of both modes
// (docs/conversion.md "Themes as variable modes"): a node's single SOLID fill or stroke whose
// element has another computed colour under prefers-color-scheme: dark (dark, DarkColors) than
// the one it paints with gets the PAINT style of a COLOR variable whose Value is the light
// colour and whose Dark value the dark one ("theme/background/FFFFFF", style
// "Theme/background/FFFFFF", "theme/border/D1D9E0 70%" for a translucent one; one per role and
// pair of colours), unless its style's variable
// already has that Dark value (a custom property the theme redefines). It returns styles and vars
// with those added; the collection then has the modes Light and Dark. Nothing changes without
// dark colours, and a node's paint colours are never changed, so a reader that ignores modes
// draws the same picture. A gradient's stops and a colour under it or an image that the dark
// theme changes are bound to such variables on the node's own fills (bindFills, through
// repaint). Past MaxStyles or MaxVariables a colour keeps its light value in both modes.
func Themes(root *boxtree.Node, styles []resultjson.Style, vars *resultjson.Variables, darkColors map[*capturemodel.DOMNode]map[string]string, repaint Repaint) ([]resultjson.Style, *resultjson.Variables) {
	if len(darkColors) == 0 {
		return styles, vars
	}
	b := &styleBuilder{styles: styles, byKey: map[string]int{}, names: map[string]bool{}, varIDs: map[string]string{}}
	for _, s := range styles {
		b.names[s.Name] = true
	}
	if vars == nil {
		vars = &resultjson.Variables{Collection: resultjson.VariableCollectionName, Variables: []resultjson.Variable{}}
	}
	t := &themer{b: b, vars: vars, varNames: map[string]bool{}, varAt: map[string]int{}, darkOf: map[string]any{}}
	before := len(vars.Variables)
	dark := map[string]any{}
	for _, v := range vars.Variables {
		t.varNames[v.Name] = true
		dark[v.ID] = v.ValuesByMode[resultjson.ModeDark]
	}
	for _, s := range styles {
		if len(s.Paints) == 1 && s.Paints[0].BoundVariables != nil && s.Paints[0].BoundVariables.Color != nil {
			t.darkOf[s.ID] = dark[s.Paints[0].BoundVariables.Color.ID]
		}
	}
	eachPainted(root, func(node *boxtree.Node) {
		colors := darkColors[node.El]
		if node.From != nil {
			colors = darkColors[node.From] // an inline element's line fragment: the element's colours
		}
		if colors != nil {
			paintSlots(node, func(paints *[]resultjson.Paint, styleID *string, prop string) {
				t.bind(paints, styleID, node.El, prop, colors)
			})
			if node.Paints && colors["box-shadow"] != "" {
				t.bindShadows(node.Out, node.El.Computed("box-shadow"), colors["box-shadow"])
			}
			if node.Paints && node.From == nil && (colors["background-image"] != "" || colors["background-color"] != "") {
				t.bindFills(node, colors, repaint)
			}
		}
	})
	if len(vars.Variables) == before {
		if len(vars.Variables) == 0 {
			vars = nil
		}
		return styles, vars
	}
	vars.Modes = []string{resultjson.ModeLight, resultjson.ModeDark}
	return dropUnused(root, b.styles), vars
}

// dropUnused returns styles without those no node of the tree under root refers to (an effect
// style whose nodes all moved to a theme style: the styles pass makes none without its nodes),
// the rest numbered S:1, S:2, ... again in their order and the nodes' references (their ranges'
// text styles too) renumbered with them.
func dropUnused(root *boxtree.Node, styles []resultjson.Style) []resultjson.Style {
	refs := func(n *resultjson.Node) []*string {
		out := []*string{&n.FillStyleID, &n.StrokeStyleID, &n.TextStyleID, &n.EffectStyleID}
		for i := range n.StyledTextSegments {
			out = append(out, &n.StyledTextSegments[i].TextStyleID)
		}
		if n.ListText != nil {
			for i := range n.ListText.StyledTextSegments {
				out = append(out, &n.ListText.StyledTextSegments[i].TextStyleID)
			}
		}
		return out
	}
	used := map[string]bool{}
	root.Walk(func(b *boxtree.Node) {
		for _, r := range refs(b.Out) {
			used[*r] = true
		}
	})
	renamed := map[string]string{}
	var out []resultjson.Style
	for _, s := range styles {
		if !used[s.ID] {
			continue
		}
		id := "S:" + strconv.Itoa(len(out)+1)
		renamed[s.ID] = id
		s.ID = id
		out = append(out, s)
	}
	if len(out) == len(styles) {
		return styles
	}
	root.Walk(func(b *boxtree.Node) {
		for _, r := range refs(b.Out) {
			if *r != "" {
				*r = renamed[*r]
			}
		}
	})
	return out
}

// themer makes the theme variables and styles of one result.
type themer struct {
	b        *styleBuilder
	vars     *resultjson.Variables
	varNames map[string]bool
	// varAt is the index in vars of each theme variable, by role and colours.
	varAt map[string]int
	// darkOf is the Dark value (nil when none) of the variable each paint style of the styles
	// pass binds, by style id.
	darkOf map[string]any
}

// bind gives the style id at styleID the theme style of a single SOLID paint list painted with
// the light value of prop on src when colors has another value for prop.
func (t *themer) bind(paints *[]resultjson.Paint, styleID *string, src *capturemodel.DOMNode, prop string, colors map[string]string) {
	if paints == nil || len(*paints) != 1 || (*paints)[0].Type != "SOLID" || (*paints)[0].Color == nil {
		return
	}
	light, ok1 := css.ParseColor(src.Computed(prop))
	darkC, ok2 := css.ParseColor(colors[prop])
	p := (*paints)[0]
	if !ok1 || !ok2 || colors[prop] == "" || hexColor(*p.Color) != hexColor(resultjson.RGB{R: light.R, G: light.G, B: light.B}) {
		return // the node paints something else than the property's colour (a blend, an image)
	}
	lightV, darkV := css.RoundRGBA(light), css.RoundRGBA(darkC)
	if reflect.DeepEqual(lightV, darkV) {
		return
	}
	if t.boundToDark(*styleID, darkV) {
		return
	}
	if id := t.style(themeRoles[prop], lightV, darkV, p); id != "" {
		*styleID = id
	}
}

// boundToDark says whether the style of id binds a variable whose Dark value is dark.
func (t *themer) boundToDark(id string, dark resultjson.RGBA) bool {
	v, ok := t.darkOf[id]
	return ok && reflect.DeepEqual(v, dark)
}

// style returns the id of the theme style of role for the colours light and dark, made with its
// variable on first use ("" past MaxStyles or MaxVariables).
func (t *themer) style(role string, light, dark resultjson.RGBA, p resultjson.Paint) string {
	key := "theme:" + role + " " + rgbaKey(light) + " " + rgbaKey(dark)
	if i, ok := t.b.byKey[key]; ok {
		return t.b.styles[i].ID
	}
	if len(t.b.styles) >= MaxStyles {
		return ""
	}
	v := t.variable(role, light, dark)
	if v == nil {
		return ""
	}
	sp := resultjson.StylePaint{Type: "SOLID", Color: *p.Color, Opacity: p.Opacity,
		BoundVariables: colorBinding(v.ID)}
	return t.b.add(key, resultjson.Style{Type: "PAINT", Name: "Theme/" + strings.TrimPrefix(v.Name, "theme/"),
		Description: "prefers-color-scheme: dark #" + colorLabel(dark), Paints: []resultjson.StylePaint{sp}})
}

// variable returns the COLOR variable of role for the colours light (its value) and dark (its
// Dark value), made on first use ("theme/<role>/<HEX>", "theme/border/D1D9E0 70%" for a
// translucent one); nil past MaxVariables.
func (t *themer) variable(role string, light, dark resultjson.RGBA) *resultjson.Variable {
	key := role + " " + rgbaKey(light) + " " + rgbaKey(dark)
	if i, ok := t.varAt[key]; ok {
		return &t.vars.Variables[i]
	}
	if len(t.vars.Variables) >= MaxVariables {
		return nil
	}
	hex := colorLabel(light)
	name := "theme/" + role + "/" + hex
	for i := 2; t.varNames[name]; i++ {
		name = "theme/" + role + "/" + hex + " " + strconv.Itoa(i)
	}
	t.varNames[name] = true
	t.varAt[key] = len(t.vars.Variables)
	t.vars.Variables = append(t.vars.Variables, resultjson.Variable{ID: "V:" + strconv.Itoa(len(t.vars.Variables)+1), Name: name, ResolvedType: "COLOR", Value: light,
		ValuesByMode: map[string]any{resultjson.ModeDark: dark}})
	return &t.vars.Variables[len(t.vars.Variables)-1]
}

// bindShadows gives node, whose effects start with the shadows of its element's box-shadow
// light, the EFFECT style of those effects with each shadow colour the dark box-shadow dark
// changes bound to a theme variable ("theme/shadow/<HEX>"), named "Theme/" and the effect
// style's name. Only where the dark list is the light one in all but colours (the same shadows,
// offsets, blurs and spreads) and the effects could be a style (at most MaxStyleEffects, none past
// MaxEffectLength), with room for the style and its variables: otherwise nothing is made and the
// node keeps its light shadows.
func (t *themer) bindShadows(node *resultjson.Node, light, dark string) {
	lightFX, ok1 := css.BoxShadows(light)
	darkFX, ok2 := css.BoxShadows(dark)
	if !ok1 || !ok2 || len(lightFX) == 0 || len(lightFX) != len(darkFX) || len(node.Effects) > MaxStyleEffects ||
		slices.ContainsFunc(node.Effects, overLong) || len(node.Effects) < len(lightFX) || !reflect.DeepEqual(node.Effects[:len(lightFX)], lightFX) {
		return
	}
	// Every pair is checked before anything is made: a theme that moves one shadow binds none.
	var changed []int
	for i, d := range darkFX {
		l := lightFX[i]
		if l.Color == nil || d.Color == nil {
			return
		}
		lc, dc := *l.Color, *d.Color
		l.Color, d.Color = nil, nil
		if !reflect.DeepEqual(l, d) {
			return // the theme moves or resizes the shadow, not only its colour
		}
		if !reflect.DeepEqual(lc, dc) {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 || len(t.b.styles) >= MaxStyles || len(t.vars.Variables)+len(changed) > MaxVariables {
		return
	}
	effects := append([]resultjson.Effect{}, node.Effects...)
	for _, i := range changed {
		v := t.variable(themeRoles["box-shadow"], *lightFX[i].Color, *darkFX[i].Color)
		effects[i].BoundVariables = colorBinding(v.ID)
	}
	raw, err := json.Marshal(effects)
	if err != nil {
		return
	}
	key := "theme:effects " + string(raw)
	id := ""
	if i, ok := t.b.byKey[key]; ok {
		id = t.b.styles[i].ID
	} else {
		id = t.b.add(key, resultjson.Style{Type: "EFFECT", Name: "Theme/" + EffectStyleName(effects),
			Description: "prefers-color-scheme: dark #" + colorLabel(*darkFX[changed[0]].Color), Effects: effects})
	}
	node.EffectStyleID = id
}

// bindFills binds the colours of node's fills that the dark theme (colors, its element's dark
// values) changes where no paint style can hold them, each to the theme variable
// "theme/background/<HEX>" of its light and dark colours: every gradient stop whose colour
// changes (ColorStop.BoundVariables) and an opaque SOLID paint among several fills (a colour under
// a gradient or an image: Paint.BoundVariables, the dark alpha the variable's); a single SOLID
// fill is bind's. Only where repaint gives the node's fills from its element as they are, and
// with the dark values the same paints in all but those colours (the same types, transforms,
// stop positions, opacities and blends; an image that changes is left as it is), with room for
// the variables: otherwise every fill keeps its light colours in both modes.
func (t *themer) bindFills(node *boxtree.Node, colors map[string]string, repaint Repaint) {
	fills := node.Out.Fills
	if repaint == nil || fills == nil || (len(*fills) < 2 && !slices.ContainsFunc(*fills, gradient)) {
		return
	}
	layered := node.Kind == boxtree.Box
	light := repaint(node.El, node.Out, nil, layered)
	if !reflect.DeepEqual(light, *fills) {
		return // the fills are no longer what the element's background paints (an image stored elsewhere)
	}
	dark := repaint(node.El, node.Out, colors, layered)
	if len(dark) != len(light) {
		return
	}
	type at struct{ paint, stop int } // stop -1: the paint's own colour
	var changed []at
	for i, l := range light {
		d := dark[i]
		switch {
		case l.Type != d.Type:
			return // the theme changes a paint's kind
		case l.Type == "IMAGE":
			continue // an image paint binds no variable
		case !reflect.DeepEqual(withoutColors(l), withoutColors(d)):
			return // the theme moves a gradient, not only its colours
		case l.Type == "SOLID":
			// A translucent paint is left as it is: Figma would multiply its opacity with the
			// variable's alpha.
			if l.Opacity == nil && solidRGBA(l) != solidRGBA(d) {
				changed = append(changed, at{i, -1})
			}
			continue
		}
		for j, st := range l.GradientStops {
			if st.Color != d.GradientStops[j].Color {
				changed = append(changed, at{i, j})
			}
		}
	}
	if len(changed) == 0 || len(t.vars.Variables)+len(changed) > MaxVariables {
		return
	}
	out := slices.Clone(*fills)
	for i := range out {
		out[i].GradientStops = slices.Clone(out[i].GradientStops)
	}
	for _, c := range changed {
		p := &out[c.paint]
		if c.stop < 0 {
			p.BoundVariables = colorBinding(t.variable(themeRoles["background-color"], solidRGBA(*p), solidRGBA(dark[c.paint])).ID)
			continue
		}
		st := &p.GradientStops[c.stop]
		st.BoundVariables = colorBinding(t.variable(themeRoles["background-color"], st.Color, dark[c.paint].GradientStops[c.stop].Color).ID)
	}
	node.Out.Fills = &out
}

// solidRGBA is a SOLID paint's colour with its opacity as alpha, the value of a COLOR variable
// bound to it.
func solidRGBA(p resultjson.Paint) resultjson.RGBA {
	a := 1.0
	if p.Opacity != nil {
		a = *p.Opacity
	}
	return resultjson.RGBA{R: p.Color.R, G: p.Color.G, B: p.Color.B, A: a}
}

// gradient says whether p is a gradient paint.
func gradient(p resultjson.Paint) bool { return len(p.GradientStops) > 0 }

// withoutColors is p with its colour (a SOLID paint's opacity is its alpha) and its stops'
// colours left out, for comparing a light paint with its dark one.
func withoutColors(p resultjson.Paint) resultjson.Paint {
	if p.Type == "SOLID" {
		p.Color, p.Opacity = nil, nil
	}
	p.GradientStops = slices.Clone(p.GradientStops)
	for i := range p.GradientStops {
		p.GradientStops[i].Color = resultjson.RGBA{}
	}
	return p
}

// colorLabel writes a colour as its hex digits, with its opacity when translucent ("D1D9E0",
// "D1D9E0 70%"), for theme variable names and style descriptions.
func colorLabel(c resultjson.RGBA) string {
	hex := strings.TrimPrefix(hexColor(resultjson.RGB{R: c.R, G: c.G, B: c.B}), "#")
	if c.A < 1 {
		hex += " " + strconv.FormatFloat(math.Round(c.A*100), 'f', -1, 64) + "%"
	}
	return hex
}

// rgbaKey writes a colour for a style key.
func rgbaKey(c resultjson.RGBA) string {
	return hexColor(resultjson.RGB{R: c.R, G: c.G, B: c.B}) + "/" + strconv.FormatFloat(c.A, 'f', -1, 64)
}

// KeepUnchanged gives each node whose paint style binds a variable with a Dark value other than
// the node's colour, where its element's colour for that paint did not change under the dark
// theme (read says the capture read the element's dark colours, and darkColors has none for the
// paint's property), a style of the same paint that binds no variable ("Color/line 2"): in Dark
// mode Figma would draw the variable's Dark value, which the page did not (a property a scope
// redefines to the root's light value and keeps in the dark theme). It returns styles with
// those added and the ones no node uses any more dropped (dropUnused). Nothing changes for a
// collection without a Dark mode.
func KeepUnchanged(root *boxtree.Node, styles []resultjson.Style, vars *resultjson.Variables, darkColors map[*capturemodel.DOMNode]map[string]string, read func(*capturemodel.DOMNode) bool) []resultjson.Style {
	if vars == nil || len(vars.Modes) < 2 {
		return styles
	}
	dark := map[string]any{}
	for _, v := range vars.Variables {
		if d, ok := v.ValuesByMode[resultjson.ModeDark]; ok {
			dark[v.ID] = d
		}
	}
	b := &styleBuilder{styles: styles, byKey: map[string]int{}, names: map[string]bool{}}
	at := map[string]int{}
	for i, s := range styles {
		b.names[s.Name] = true
		at[s.ID] = i
	}
	changed := false
	eachPainted(root, func(node *boxtree.Node) {
		el := node.El
		if node.From != nil {
			el = node.From // an inline element's line fragment: the element's colours
		}
		if el == nil || !read(el) {
			return
		}
		paintSlots(node, func(paints *[]resultjson.Paint, styleID *string, prop string) {
			i, ok := at[*styleID]
			if !ok || darkColors[el][prop] != "" || paints == nil || len(*paints) != 1 || (*paints)[0].Color == nil {
				return
			}
			s := styles[i]
			if len(s.Paints) != 1 || s.Paints[0].BoundVariables == nil || s.Paints[0].BoundVariables.Color == nil {
				return
			}
			d, ok := dark[s.Paints[0].BoundVariables.Color.ID].(resultjson.RGBA)
			if !ok || isColor((*paints)[0], d) {
				return
			}
			key := "unbound:" + s.ID
			if j, ok := b.byKey[key]; ok {
				*styleID = b.styles[j].ID
				return
			}
			unbound := s
			unbound.Paints = []resultjson.StylePaint{s.Paints[0]}
			unbound.Paints[0].BoundVariables = nil
			if id := b.add(key, unbound); id != "" {
				*styleID, changed = id, true
			}
		})
	})
	if !changed {
		return styles
	}
	return dropUnused(root, b.styles)
}
