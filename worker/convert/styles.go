package convert

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
)

// Local styles and variables (docs/conversion.md "Local styles and variables"): the solid colours
// and the typography of the result become paint and text styles the nodes refer to by id
// (fillStyleId, strokeStyleId, textStyleId; the nodes keep their own values, equal to the
// style's), and the page's CSS custom properties whose values are colours or lengths become
// variables of one collection, which the paint styles named after them bind.

// VariableCollectionName is the name of the result's one variable collection.
const VariableCollectionName = "CSS custom properties"

// Style is a local style: PAINT (Paints: one SOLID paint) or TEXT (typography). Members follow
// Figma's PaintStyle and TextStyle.
type Style struct {
	ID          string       `json:"id"`
	Type        string       `json:"type"`
	Name        string       `json:"name"`
	Description string       `json:"description,omitempty"`
	Paints      []StylePaint `json:"paints,omitempty"`

	FontName       *FontName      `json:"fontName,omitempty"`
	FontSize       float64        `json:"fontSize,omitempty"`
	LineHeight     *LineHeight    `json:"lineHeight,omitempty"`
	LetterSpacing  *LetterSpacing `json:"letterSpacing,omitempty"`
	TextCase       string         `json:"textCase,omitempty"`
	TextDecoration string         `json:"textDecoration,omitempty"`
}

// StylePaint is the SOLID paint of a paint style; BoundVariables binds its colour to a COLOR
// variable when a CSS custom property set it.
type StylePaint struct {
	Type           string         `json:"type"`
	Color          RGB            `json:"color"`
	Opacity        *float64       `json:"opacity,omitempty"`
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// PaintBindings are a paint's variable bindings (Figma's boundVariables).
type PaintBindings struct {
	Color *VariableAlias `json:"color,omitempty"`
}

// VariableAlias names a variable: Type "VARIABLE_ALIAS" and its ID.
type VariableAlias struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Variables is the result's variable collection (the plugin creates it with one mode).
type Variables struct {
	Collection string     `json:"collection"`
	Variables  []Variable `json:"variables"`
}

// Variable is one Figma variable: ResolvedType COLOR (Value an RGBA) or FLOAT (Value px).
// CodeSyntax.WEB is how the page wrote it, var(--name).
type Variable struct {
	ID           string      `json:"id"`
	Name         string      `json:"name"`
	ResolvedType string      `json:"resolvedType"`
	Value        any         `json:"value"`
	CodeSyntax   *CodeSyntax `json:"codeSyntax,omitempty"`
}

// CodeSyntax is a variable's code names (Figma's codeSyntax).
type CodeSyntax struct {
	WEB string `json:"WEB"`
}

// styleState is what the tree building records for the styles pass.
type styleState struct {
	// source is the element each box node was made from; textParent the element of each TEXT
	// node's text run.
	source     map[*Node]*capturemodel.DOMNode
	textParent map[*Node]*capturemodel.DOMNode
}

// noteSource records the element a box node was made from.
func (cv *converter) noteSource(node *Node, n *capturemodel.DOMNode) {
	if cv.styles.source == nil {
		cv.styles.source = map[*Node]*capturemodel.DOMNode{}
	}
	cv.styles.source[node] = n
}

// noteText records the element of the TEXT nodes a text run gave.
func (cv *converter) noteText(ch, parent *capturemodel.DOMNode, nodes []item) {
	if ch.Type == "text" {
		cv.noteTexts(parent, nodes)
	}
}

// noteTexts records parent as the element of the TEXT nodes among nodes (a text run's, or a
// paragraph's: the block container it is the inline content of).
func (cv *converter) noteTexts(parent *capturemodel.DOMNode, nodes []item) {
	if cv.styles.textParent == nil {
		cv.styles.textParent = map[*Node]*capturemodel.DOMNode{}
	}
	for _, it := range nodes {
		if it.node.Type == "TEXT" {
			cv.styles.textParent[it.node] = parent
		}
	}
}

// styleBuilder collects styles in document order.
type styleBuilder struct {
	styles []Style
	byKey  map[string]int
	names  map[string]bool
	// varIDs maps a custom property name to its variable's id; varValue a paint value to the
	// first style named after a custom property with that value.
	varIDs   map[string]string
	varValue map[string]int
}

// localStyles builds the variables (nil when the page declares none) and styles of the tree
// under root and sets the nodes' style ids.
func (cv *converter) localStyles(root *Node) ([]Style, *Variables) {
	vars := &Variables{Collection: VariableCollectionName, Variables: []Variable{}}
	b := &styleBuilder{byKey: map[string]int{}, names: map[string]bool{}, varIDs: map[string]string{}, varValue: map[string]int{}}
	props := append([]capturemodel.CustomProperty{}, cv.c.Document.CustomProperties...)
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
		v := Variable{ID: "V:" + strconv.Itoa(len(vars.Variables)+1), CodeSyntax: &CodeSyntax{WEB: "var(" + p.Name + ")"}}
		if l, ok := parsePx(p.Value); ok {
			v.Name, v.ResolvedType, v.Value = "size/"+name, "FLOAT", px(l)
		} else if c, ok := parseColor(p.Color); ok && p.Color != "" {
			v.Name, v.ResolvedType, v.Value = "color/"+name, "COLOR", rgba(c)
		} else {
			continue
		}
		b.varIDs[p.Name] = v.ID
		vars.Variables = append(vars.Variables, v)
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		src := cv.styles.source[n]
		if n.Type == "TEXT" && len(n.StyledTextSegments) <= 1 {
			// A paragraph of several ranges keeps its ranges' own values: a node-level style
			// would give every range the first one's typography and colour.
			src = cv.styles.textParent[n]
			n.TextStyleID = b.textStyle(n, src)
			n.FillStyleID = b.paintStyle(n.Fills, src, "color", "Text")
		} else if n.Type == "FRAME" || n.Type == "RECTANGLE" {
			n.FillStyleID = b.paintStyle(n.Fills, src, "background-color", "Background")
			if len(n.Strokes) > 0 {
				s := n.Strokes
				n.StrokeStyleID = b.paintStyle(&s, src, "border-top-color", "Border")
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, c := range root.Children {
		walk(c)
	}
	if len(vars.Variables) == 0 {
		vars = nil // no collection to create
	}
	return append([]Style{}, b.styles...), vars
}

// Bounds of the styles pass (they equal the backend's, server/artifacts).
const (
	// MaxStyles is the most styles of a result; nodes past it keep their values without a style.
	MaxStyles = 1000
	// MaxVariables is the most variables of a result; further custom properties are left out.
	MaxVariables = 1000
	// MaxCustomPropertyRunes bounds the name of a custom property that becomes a variable (and
	// names a style), in characters, so every name and var() stays within the backend's 255.
	MaxCustomPropertyRunes = 200
)

// paintStyle returns the id of the paint style of a single SOLID paint list, adding it when
// new; "" for anything else. The style is named after the custom property that set prop on src
// when the capture says so ("Color/brand"), else after its role and value ("Text/#111827").
func (b *styleBuilder) paintStyle(fills *[]Paint, src *capturemodel.DOMNode, prop, role string) string {
	if fills == nil || len(*fills) != 1 || (*fills)[0].Type != "SOLID" || (*fills)[0].Color == nil {
		return ""
	}
	p := (*fills)[0]
	hex := hexColor(*p.Color)
	value := hex
	if p.Opacity != nil {
		value += fmt.Sprintf(" %.0f%%", *p.Opacity*100)
	}
	varName := ""
	if src != nil {
		varName = src.Vars[prop]
	}
	key := "value:" + value
	if id, ok := b.varIDs[varName]; ok && id != "" {
		key = "var:" + varName + " " + value
	} else {
		varName = ""
	}
	if i, ok := b.byKey[key]; ok {
		return b.styles[i].ID
	}
	if i, ok := b.varValue[value]; ok && varName == "" {
		// A colour some custom property also gave joins that property's style.
		b.byKey[key] = i
		return b.styles[i].ID
	}
	sp := StylePaint{Type: "SOLID", Color: *p.Color, Opacity: p.Opacity}
	name := role + "/" + value
	desc := ""
	if varName != "" {
		name = "Color/" + strings.TrimPrefix(varName, "--")
		desc = "var(" + varName + ")"
		sp.BoundVariables = &PaintBindings{Color: &VariableAlias{Type: "VARIABLE_ALIAS", ID: b.varIDs[varName]}}
	}
	id := b.add(key, Style{Type: "PAINT", Name: name, Description: desc, Paints: []StylePaint{sp}})
	if _, ok := b.varValue[value]; !ok && varName != "" && id != "" {
		b.varValue[value] = b.byKey[key]
	}
	return id
}

// textStyle returns the id of the text style of a TEXT node's typography, named from its role
// (Heading 1-6 for h1-h6, else Body), size and, when not Regular, font style: "Text/Body 16",
// "Text/Heading 1 40 Bold".
func (b *styleBuilder) textStyle(n *Node, src *capturemodel.DOMNode) string {
	if n.FontName == nil || n.FontSize <= 0 {
		return ""
	}
	lh, ls := "AUTO", "0"
	if n.LineHeight != nil && n.LineHeight.Value != nil {
		lh = strconv.FormatFloat(*n.LineHeight.Value, 'f', -1, 64)
	}
	if n.LetterSpacing != nil {
		ls = strconv.FormatFloat(n.LetterSpacing.Value, 'f', -1, 64)
	}
	key := strings.Join([]string{"text", n.FontName.Family, n.FontName.Style, strconv.FormatFloat(n.FontSize, 'f', -1, 64), lh, ls, n.TextCase, n.TextDecoration}, "|")
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
	s := Style{Type: "TEXT", Name: name, FontName: n.FontName, FontSize: n.FontSize, LineHeight: n.LineHeight,
		LetterSpacing: n.LetterSpacing, TextCase: n.TextCase, TextDecoration: n.TextDecoration}
	return b.add(key, s)
}

// add appends a style under key with the next id, its name made unique (" 2", " 3", ...).
func (b *styleBuilder) add(key string, s Style) string {
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

// hexColor writes a 0-1 colour as #RRGGBB.
func hexColor(c RGB) string {
	ch := func(v float64) int { return int(math.Round(clamp01(v) * 255)) }
	return fmt.Sprintf("#%02X%02X%02X", ch(c.R), ch(c.G), ch(c.B))
}
