package styles

import (
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// DarkColors maps each element of the capture's document to the text, background and border
// colours its dark theme gives it where they differ from the light ones (the capture's
// dark_colors, by preorder element index); nil when the capture has none.
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
var themeRoles = map[string]string{"color": "text", "background-color": "background", "border-top-color": "border"}

// Themes binds every colour the page's dark theme changes to a variable of both modes
// (docs/conversion.md "Themes as variable modes"): a node's single SOLID fill or stroke whose
// element has another computed colour under prefers-color-scheme: dark (dark, DarkColors) than
// the one it paints with gets the PAINT style of a COLOR variable whose Value is the light
// colour and whose Dark value the dark one ("theme/background/FFFFFF", style
// "Theme/background/FFFFFF", "theme/border/D1D9E0 70%" for a translucent one; one per role and
// pair of colours), unless its style's variable
// already has that Dark value (a custom property the theme redefines). It returns styles and vars
// with those added; the collection then has the modes Light and Dark. Nothing changes without
// dark colours, and a node's paints are never changed, so a reader that ignores modes draws the
// same picture. Past MaxStyles or MaxVariables a colour keeps its light value in both modes.
func Themes(root *boxtree.Node, styles []resultjson.Style, vars *resultjson.Variables, darkColors map[*capturemodel.DOMNode]map[string]string) ([]resultjson.Style, *resultjson.Variables) {
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
	t := &themer{b: b, vars: vars, varNames: map[string]bool{}, darkOf: map[string]any{}}
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
		if colors := darkColors[node.El]; colors != nil {
			paintSlots(node, func(paints *[]resultjson.Paint, styleID *string, prop string) {
				t.bind(paints, styleID, node.El, prop, colors)
			})
		}
	})
	if !t.made {
		if len(vars.Variables) == 0 {
			vars = nil
		}
		return styles, vars
	}
	vars.Modes = []string{resultjson.ModeLight, resultjson.ModeDark}
	return b.styles, vars
}

// themer makes the theme variables and styles of one result.
type themer struct {
	b        *styleBuilder
	vars     *resultjson.Variables
	varNames map[string]bool
	// darkOf is the Dark value (nil when none) of the variable each paint style of the styles
	// pass binds, by style id.
	darkOf map[string]any
	made   bool
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
	if len(t.vars.Variables) >= MaxVariables || len(t.b.styles) >= MaxStyles {
		return ""
	}
	hex := strings.TrimPrefix(hexColor(resultjson.RGB{R: light.R, G: light.G, B: light.B}), "#")
	if light.A < 1 {
		hex += " " + strconv.FormatFloat(math.Round(light.A*100), 'f', -1, 64) + "%" // a translucent colour: "D1D9E0 70%"
	}
	name := "theme/" + role + "/" + hex
	for i := 2; t.varNames[name]; i++ {
		name = "theme/" + role + "/" + hex + " " + strconv.Itoa(i)
	}
	t.varNames[name] = true
	v := resultjson.Variable{ID: "V:" + strconv.Itoa(len(t.vars.Variables)+1), Name: name, ResolvedType: "COLOR", Value: light,
		ValuesByMode: map[string]any{resultjson.ModeDark: dark}}
	t.vars.Variables = append(t.vars.Variables, v)
	t.made = true
	sp := resultjson.StylePaint{Type: "SOLID", Color: *p.Color, Opacity: p.Opacity,
		BoundVariables: &resultjson.PaintBindings{Color: &resultjson.VariableAlias{Type: "VARIABLE_ALIAS", ID: v.ID}}}
	return t.b.add(key, resultjson.Style{Type: "PAINT", Name: "Theme/" + strings.TrimPrefix(name, "theme/"),
		Description: "prefers-color-scheme: dark " + hexColor(resultjson.RGB{R: dark.R, G: dark.G, B: dark.B}), Paints: []resultjson.StylePaint{sp}})
}

// rgbaKey writes a colour for a style key.
func rgbaKey(c resultjson.RGBA) string {
	return hexColor(resultjson.RGB{R: c.R, G: c.G, B: c.B}) + "/" + strconv.FormatFloat(c.A, 'f', -1, 64)
}
