package artifacts

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Version 2 top-level members of a result (docs/results.md "Version 2",
// docs/schemas/result.schema.json): local styles the nodes refer to, the page's CSS custom
// properties as Figma variables in one collection, and the conversion's diagnostics. Each is
// optional (absent reads as empty) and refused in a version 1 result.

// Style types (Figma's BaseStyle.type).
const (
	StylePaint  = "PAINT"
	StyleText   = "TEXT"
	StyleEffect = "EFFECT"
)

// Variable types (Figma's Variable.resolvedType) a result may declare.
const (
	VariableColor = "COLOR"
	VariableFloat = "FLOAT"
)

// Bounds of the version 2 members.
const (
	// MaxStyles is the most entries of styles.
	MaxStyles = 1000
	// MaxVariables is the most entries of variables.variables.
	MaxVariables = 1000
	// MaxDiagnostics is the most entries of diagnostics.
	MaxDiagnostics = 10000
	// MaxStyleNameLength bounds style, variable and collection names and descriptions, in
	// characters.
	MaxStyleNameLength = 255
	// MaxStylePaints is the most paints of one PAINT style.
	MaxStylePaints = 16
	// MaxFontSize bounds a TEXT style's fontSize, in px.
	MaxFontSize = 10000
	// MaxStyleEffects is the most effects of one EFFECT style.
	MaxStyleEffects = 16
	// MaxEffectLength bounds an EFFECT style's radius, spread and offsets, in px (absolute).
	MaxEffectLength = 100000
	// MaxVariableModes is the most modes of the variable collection (Figma's Professional plan
	// allows 10 per collection; a result writes Light and Dark).
	MaxVariableModes = 10
)

// ErrDanglingStyle marks a style or variable reference that names no entry of the right type.
var ErrDanglingStyle = errors.New("style or variable reference does not resolve")

// ResultStyle is one local style: a PAINT style (Paints), a TEXT style (typography) or an
// EFFECT style (Effects). Node members fillStyleId/strokeStyleId name PAINT styles, textStyleId
// TEXT styles, effectStyleId EFFECT styles, by ID.
type ResultStyle struct {
	ID          string `json:"id"`
	Type        string `json:"type"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Paints of a PAINT style: SOLID or gradient paints (no IMAGE).
	Paints []StylePaintValue `json:"paints,omitempty"`
	// Effects of an EFFECT style: shadows and blurs (Figma's Effect).
	Effects []StyleEffectValue `json:"effects,omitempty"`
	// Typography of a TEXT style.
	FontName       *StyleFontName `json:"fontName,omitempty"`
	FontSize       float64        `json:"fontSize,omitempty"`
	LineHeight     *StyleUnit     `json:"lineHeight,omitempty"`
	LetterSpacing  *StyleUnit     `json:"letterSpacing,omitempty"`
	TextCase       string         `json:"textCase,omitempty"`
	TextDecoration string         `json:"textDecoration,omitempty"`
	// TextWrapStyle is a TEXT style's line breaking: AUTO, BALANCE or PRETTY (Figma's
	// TextStyle.textWrapStyle; the node member's values, text.go).
	TextWrapStyle string `json:"textWrapStyle,omitempty"`
}

// StylePaintValue is a Paint of a PAINT style; BoundVariables.Color may bind its colour to a
// COLOR variable.
type StylePaintValue struct {
	Type              string          `json:"type"`
	Color             *StyleRGB       `json:"color,omitempty"`
	Opacity           *float64        `json:"opacity,omitempty"`
	GradientTransform json.RawMessage `json:"gradientTransform,omitempty"`
	GradientStops     json.RawMessage `json:"gradientStops,omitempty"`
	BoundVariables    *PaintBindings  `json:"boundVariables,omitempty"`
}

// StyleEffectValue is an Effect of an EFFECT style (Figma's DropShadowEffect, InnerShadowEffect
// or BlurEffect): Radius, Spread and Offset in px, Color with channels and alpha in 0-1.
type StyleEffectValue struct {
	Type                 string     `json:"type"`
	Color                *StyleRGBA `json:"color,omitempty"`
	Offset               *StyleXY   `json:"offset,omitempty"`
	Radius               float64    `json:"radius"`
	Spread               *float64   `json:"spread,omitempty"`
	Visible              *bool      `json:"visible,omitempty"`
	BlendMode            string     `json:"blendMode,omitempty"`
	ShowShadowBehindNode *bool      `json:"showShadowBehindNode,omitempty"`
	// BlurType of a blur: NORMAL (or absent, which means NORMAL).
	BlurType string `json:"blurType,omitempty"`
	// BoundVariables.Color may bind a shadow's colour to a COLOR variable of the result's
	// variables (a colour a dark theme changes; Figma's setBoundVariableForEffect).
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// StyleRGBA is a colour with channels and alpha in 0-1 (each required: nil when absent).
type StyleRGBA struct {
	R *float64 `json:"r"`
	G *float64 `json:"g"`
	B *float64 `json:"b"`
	A *float64 `json:"a"`
}

// valid says whether all four channels are present and in 0-1.
func (c *StyleRGBA) valid() bool {
	return c != nil && unit(c.R) && unit(c.G) && unit(c.B) && unit(c.A)
}

// StyleXY is an offset in px.
type StyleXY struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// StyleRGB is a colour with channels in 0-1.
type StyleRGB struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// PaintBindings are a paint's variable bindings (Figma's boundVariables).
type PaintBindings struct {
	Color *VariableAlias `json:"color"`
}

// VariableAlias names a variable (Figma's VariableAlias, type "VARIABLE_ALIAS").
type VariableAlias struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// StyleFontName is a font family and style name.
type StyleFontName struct {
	Family string `json:"family"`
	Style  string `json:"style"`
}

// StyleUnit is a lineHeight or letterSpacing: a unit and (except AUTO) a value.
type StyleUnit struct {
	Value *float64 `json:"value,omitempty"`
	Unit  string   `json:"unit"`
}

// ResultVariables is the one variable collection of a result.
type ResultVariables struct {
	// Collection is the collection's name.
	Collection string `json:"collection"`
	// Modes names the collection's modes (a page with a theme: "Light", "Dark"); absent, the
	// collection has Figma's one default mode.
	Modes     []string         `json:"modes,omitempty"`
	Variables []ResultVariable `json:"variables"`
}

// ResultVariable is one Figma variable with its value in the collection's first mode: a COLOR
// ({r, g, b, a} in 0-1) or a FLOAT (a number, px for lengths). ValuesByMode holds its values in
// later modes, keyed by mode name (a mode left out has Value). CodeSyntax.WEB is how the page
// wrote it (var(--name)).
type ResultVariable struct {
	ID           string                     `json:"id"`
	Name         string                     `json:"name"`
	ResolvedType string                     `json:"resolvedType"`
	Value        json.RawMessage            `json:"value"`
	ValuesByMode map[string]json.RawMessage `json:"valuesByMode,omitempty"`
	CodeSyntax   *CodeSyntax                `json:"codeSyntax,omitempty"`
}

// CodeSyntax is a variable's code names (Figma's codeSyntax); only WEB is written.
type CodeSyntax struct {
	WEB string `json:"WEB"`
}

// checkStyles applies the rules of styles and variables: bounded lists, unique ids, names of
// 1-MaxStyleNameLength characters, known types, well-formed values, and every variable binding
// naming a COLOR variable. It returns the style types and the variable types by id.
func checkStyles(styles []ResultStyle, vars *ResultVariables) (styleTypes, varTypes map[string]string, err error) {
	varTypes = map[string]string{}
	if vars != nil {
		if !lengthIn(vars.Collection, 1, MaxStyleNameLength) {
			return nil, nil, invalid(ErrInvalidEntry, "result variables need a collection name of 1 to %d characters", MaxStyleNameLength)
		}
		if len(vars.Variables) > MaxVariables {
			return nil, nil, invalid(ErrInvalidEntry, "result has %d variables, at most %d", len(vars.Variables), MaxVariables)
		}
		later, err := checkModes(vars.Modes)
		if err != nil {
			return nil, nil, err
		}
		for i, v := range vars.Variables {
			if !lengthIn(v.ID, 1, MaxIdentifierLength) || varTypes[v.ID] != "" || !lengthIn(v.Name, 1, MaxStyleNameLength) {
				return nil, nil, invalid(ErrInvalidEntry, "result variable %d needs a unique id of 1 to %d characters and a name of 1 to %d", i, MaxIdentifierLength, MaxStyleNameLength)
			}
			if err := checkVariableValue(v, v.Value, ""); err != nil {
				return nil, nil, err
			}
			for mode, value := range v.ValuesByMode {
				if !later[mode] {
					return nil, nil, invalid(ErrInvalidEntry, "result variable %q has a value for %q, which is not one of the collection's modes after the first", v.ID, mode)
				}
				if err := checkVariableValue(v, value, mode); err != nil {
					return nil, nil, err
				}
			}
			if v.CodeSyntax != nil && !lengthIn(v.CodeSyntax.WEB, 1, MaxStyleNameLength) {
				return nil, nil, invalid(ErrInvalidEntry, "result variable %q codeSyntax.WEB must have 1 to %d characters", v.ID, MaxStyleNameLength)
			}
			varTypes[v.ID] = v.ResolvedType
		}
	}
	if len(styles) > MaxStyles {
		return nil, nil, invalid(ErrInvalidEntry, "result has %d styles, at most %d", len(styles), MaxStyles)
	}
	types := make(map[string]string, len(styles))
	for i, s := range styles {
		if !lengthIn(s.ID, 1, MaxIdentifierLength) || types[s.ID] != "" || !lengthIn(s.Name, 1, MaxStyleNameLength) ||
			len([]rune(s.Description)) > MaxStyleNameLength {
			return nil, nil, invalid(ErrInvalidEntry, "result style %d needs a unique id of 1 to %d characters, a name of 1 to %d and a description of at most %d", i, MaxIdentifierLength, MaxStyleNameLength, MaxStyleNameLength)
		}
		var err error
		switch s.Type {
		case StylePaint:
			err = checkPaintStyle(s, varTypes)
		case StyleText:
			err = checkTextStyle(s)
		case StyleEffect:
			err = checkEffectStyle(s, varTypes)
		default:
			err = invalid(ErrInvalidEntry, "result style %q has an unknown type %q", s.ID, s.Type)
		}
		if err != nil {
			return nil, nil, err
		}
		types[s.ID] = s.Type
	}
	return types, varTypes, nil
}

// checkModes applies the rules of a collection's modes: none, or 1 to MaxVariableModes unique
// names of 1 to MaxStyleNameLength characters. It returns the modes after the first, the ones
// a variable's valuesByMode may name (the first mode's value is the variable's value).
func checkModes(modes []string) (map[string]bool, error) {
	if modes == nil {
		return nil, nil
	}
	if len(modes) == 0 || len(modes) > MaxVariableModes {
		return nil, invalid(ErrInvalidEntry, "result variables have %d modes, want 1 to %d", len(modes), MaxVariableModes)
	}
	seen := make(map[string]bool, len(modes))
	for _, m := range modes {
		if !lengthIn(m, 1, MaxStyleNameLength) || seen[m] {
			return nil, invalid(ErrInvalidEntry, "result variable modes need unique names of 1 to %d characters", MaxStyleNameLength)
		}
		seen[m] = true
	}
	delete(seen, modes[0])
	return seen, nil
}

// checkVariableValue checks that value (v's own, or its value in mode) is of v's type.
func checkVariableValue(v ResultVariable, value json.RawMessage, mode string) error {
	of := "value"
	if mode != "" {
		of = fmt.Sprintf("value in mode %q", mode)
	}
	switch v.ResolvedType {
	case VariableColor:
		var c StyleRGBA
		if err := decodeStrict(value, &c); err != nil || !c.valid() {
			return invalid(ErrInvalidEntry, "result variable %q is a COLOR but its %s is not {r, g, b, a} in 0-1", v.ID, of)
		}
	case VariableFloat:
		var f *float64
		if err := json.Unmarshal(value, &f); err != nil || f == nil || math.IsInf(*f, 0) || math.IsNaN(*f) {
			return invalid(ErrInvalidEntry, "result variable %q is a FLOAT but its %s is not a number", v.ID, of)
		}
	default:
		return invalid(ErrInvalidEntry, "result variable %q has an unknown resolvedType (want COLOR or FLOAT)", v.ID)
	}
	return nil
}

func unit(p *float64) bool { return p != nil && *p >= 0 && *p <= 1 }

func checkPaintStyle(s ResultStyle, varTypes map[string]string) error {
	if len(s.Paints) == 0 || len(s.Paints) > MaxStylePaints || len(s.Effects) > 0 || s.hasTypography() {
		return invalid(ErrInvalidEntry, "PAINT style %q needs 1 to %d paints, no effects and no typography", s.ID, MaxStylePaints)
	}
	for _, p := range s.Paints {
		if !paintTypes[p.Type] || p.Type == "IMAGE" {
			return invalid(ErrInvalidEntry, "PAINT style %q has a paint of unknown or IMAGE type %q", s.ID, p.Type)
		}
		if p.Type == "SOLID" && (p.Color == nil || !unit(&p.Color.R) || !unit(&p.Color.G) || !unit(&p.Color.B)) {
			return invalid(ErrInvalidEntry, "PAINT style %q has a SOLID paint without a color in 0-1", s.ID)
		}
		if p.Opacity != nil && !unit(p.Opacity) {
			return invalid(ErrInvalidEntry, "PAINT style %q has a paint opacity outside 0-1", s.ID)
		}
		if err := checkColorBinding("PAINT", s.ID, p.BoundVariables, varTypes); err != nil {
			return err
		}
	}
	return nil
}

// checkColorBinding checks the boundVariables b of a paint or effect of the style id of kind
// (PAINT or EFFECT): a color bound with a VARIABLE_ALIAS to a COLOR variable of variables.
func checkColorBinding(kind, id string, b *PaintBindings, varTypes map[string]string) error {
	if b == nil || b.Color == nil {
		return nil
	}
	switch t := varTypes[b.Color.ID]; {
	case b.Color.Type != "VARIABLE_ALIAS":
		return invalid(ErrInvalidEntry, "%s style %q binds its color with a type other than VARIABLE_ALIAS", kind, id)
	case t == "":
		return invalid(ErrDanglingStyle, "%s style %q binds its color to variable %q, which is not in variables", kind, id, b.Color.ID)
	case t != VariableColor:
		return invalid(ErrDanglingStyle, "%s style %q binds its color to variable %q, which is a %s, not a COLOR", kind, id, b.Color.ID, t)
	}
	return nil
}

// hasTypography says whether s has any member of a TEXT style.
func (s ResultStyle) hasTypography() bool {
	return s.FontName != nil || s.FontSize != 0 || s.LineHeight != nil || s.LetterSpacing != nil || s.TextCase != "" || s.TextDecoration != "" ||
		s.TextWrapStyle != ""
}

// effectTypes are the types of Figma's Effect.
var effectTypes = map[string]bool{"DROP_SHADOW": true, "INNER_SHADOW": true, "LAYER_BLUR": true, "BACKGROUND_BLUR": true}

func checkEffectStyle(s ResultStyle, varTypes map[string]string) error {
	if len(s.Effects) == 0 || len(s.Effects) > MaxStyleEffects || len(s.Paints) > 0 || s.hasTypography() {
		return invalid(ErrInvalidEntry, "EFFECT style %q needs 1 to %d effects, no paints and no typography", s.ID, MaxStyleEffects)
	}
	length := func(v float64) bool { return !math.IsNaN(v) && math.Abs(v) <= MaxEffectLength }
	for i, e := range s.Effects {
		shadow := e.Type == "DROP_SHADOW" || e.Type == "INNER_SHADOW"
		ok := effectTypes[e.Type] && (e.BlurType == "" || e.BlurType == "NORMAL" && !shadow) && length(e.Radius) && e.Radius >= 0 && (e.Spread == nil || length(*e.Spread))
		if shadow {
			ok = ok && e.Color.valid() && e.Offset != nil && length(e.Offset.X) && length(e.Offset.Y)
		}
		if !ok {
			return invalid(ErrInvalidEntry, "EFFECT style %q effect %d needs a known type, a radius of 0 to %d px and, for a shadow, a color in 0-1 and an offset of at most %d px", s.ID, i, MaxEffectLength, MaxEffectLength)
		}
		if e.BoundVariables != nil && !shadow {
			return invalid(ErrInvalidEntry, "EFFECT style %q effect %d is a blur, which has no color to bind", s.ID, i)
		}
		if err := checkColorBinding("EFFECT", s.ID, e.BoundVariables, varTypes); err != nil {
			return err
		}
	}
	return nil
}

var (
	lineHeightUnits    = map[string]bool{"AUTO": true, "PIXELS": true, "PERCENT": true}
	letterSpacingUnits = map[string]bool{"PIXELS": true, "PERCENT": true}
	// textCases are the schema's textCase values (docs/schemas/result.schema.json), a node's and
	// a TEXT style's alike.
	textCases       = map[string]bool{"ORIGINAL": true, "UPPER": true, "LOWER": true, "TITLE": true, "SMALL_CAPS": true, "SMALL_CAPS_FORCED": true}
	textDecorations = map[string]bool{"NONE": true, "UNDERLINE": true, "STRIKETHROUGH": true}
)

func checkTextStyle(s ResultStyle) error {
	bad := len(s.Paints) > 0 || len(s.Effects) > 0 || s.FontName == nil || !lengthIn(s.FontName.Family, 1, MaxStyleNameLength) ||
		!lengthIn(s.FontName.Style, 1, MaxStyleNameLength) || !(s.FontSize > 0 && s.FontSize <= MaxFontSize) ||
		(s.LineHeight != nil && (!lineHeightUnits[s.LineHeight.Unit] || (s.LineHeight.Unit != "AUTO") != (s.LineHeight.Value != nil))) ||
		(s.LetterSpacing != nil && (!letterSpacingUnits[s.LetterSpacing.Unit] || s.LetterSpacing.Value == nil)) ||
		(s.TextCase != "" && !textCases[s.TextCase]) || (s.TextDecoration != "" && !textDecorations[s.TextDecoration]) ||
		(s.TextWrapStyle != "" && !textWrapStyles[s.TextWrapStyle])
	if bad {
		return invalid(ErrInvalidEntry, "TEXT style %q needs a fontName, a fontSize of up to %d px, known lineHeight/letterSpacing units with values, known textCase, textDecoration and textWrapStyle, and no paints or effects", s.ID, MaxFontSize)
	}
	return nil
}

// resolveStyleRefs checks that every style reference of the tree names a style of its type.
func resolveStyleRefs(uses []StyleRefUse, types map[string]string) error {
	for _, u := range uses {
		switch t := types[u.Ref]; {
		case t == "":
			return invalid(ErrDanglingStyle, "%s %q of node %q names no entry of styles", u.Member, u.Ref, u.NodeID)
		case t != u.Type:
			return invalid(ErrDanglingStyle, "%s %q of node %q names a %s style, want %s", u.Member, u.Ref, u.NodeID, t, u.Type)
		}
	}
	return nil
}

// variableRefUse is a paint's variable binding in the tree: a gradient stop's (or a SOLID
// paint's) boundVariables.color naming the variable ID, in the member of node NodeID.
type variableRefUse struct {
	ID, NodeID, Member string
}

// resolveVariableRefs checks that every variable binding of the tree's paints names a COLOR
// variable of the result's variables (types, by id).
func resolveVariableRefs(uses []variableRefUse, types map[string]string) error {
	for _, u := range uses {
		switch t := types[u.ID]; {
		case t == "":
			return invalid(ErrDanglingStyle, "%s of node %q binds variable %q, which is not in variables", u.Member, u.NodeID, u.ID)
		case t != VariableColor:
			return invalid(ErrDanglingStyle, "%s of node %q binds variable %q, which is a %s, not a COLOR", u.Member, u.NodeID, u.ID, t)
		}
	}
	return nil
}

// checkDiagnostics applies the diagnostics rules: the warnings' entry rules, at most
// MaxDiagnostics entries.
func checkDiagnostics(ds []ResultWarning) error {
	if len(ds) > MaxDiagnostics {
		return invalid(ErrInvalidEntry, "result has %d diagnostics, at most %d", len(ds), MaxDiagnostics)
	}
	for i, d := range ds {
		if !lengthIn(d.Code, 1, MaxWarningCodeLength) || !lengthIn(d.Message, 1, MaxWarningMessageLength) ||
			(d.NodeID != nil && !lengthIn(*d.NodeID, 1, MaxIdentifierLength)) {
			return invalid(ErrInvalidEntry, "result diagnostic %d needs a code of 1 to %d characters, a message of 1 to %d characters and an optional node_id of 1 to %d characters",
				i, MaxWarningCodeLength, MaxWarningMessageLength, MaxIdentifierLength)
		}
	}
	return nil
}

// parseVersion2 decodes and checks the version 2 members present in members into r.
func (r *Result) parseVersion2(members map[string]json.RawMessage) error {
	for _, m := range []struct {
		name string
		dst  any
	}{{"styles", &r.Styles}, {"variables", &r.Variables}, {"diagnostics", &r.Diagnostics}} {
		raw, ok := members[m.name]
		if !ok || string(raw) == "null" {
			continue // absent, as the fidelity member's null
		}
		if r.Manifest.Version < 2 {
			return invalid(ErrMalformed, "result member %q needs manifest version 2", m.name)
		}
		if err := decodeStrict(raw, m.dst); err != nil {
			return invalid(because(ErrMalformed, err), "result is not valid JSON of the result format (member %q)", m.name)
		}
		switch m.name {
		case "styles":
			r.stylesJSON = raw
		case "variables":
			r.VariablesJSON = raw
		}
	}
	if err := checkDiagnostics(r.Diagnostics); err != nil {
		return err
	}
	types, varTypes, err := checkStyles(r.Styles, r.Variables)
	if err != nil {
		return err
	}
	r.styleTypes, r.variableTypes = types, varTypes
	return nil
}

// StylesJSON returns the stored bytes of styles, or "[]" when the result has none.
func (r *Result) StylesJSON() json.RawMessage {
	if r.stylesJSON == nil {
		return json.RawMessage("[]")
	}
	return r.stylesJSON
}

// checkTreeVersion2 applies the tree rules that need the styles: a version 1 tree has no version
// 2 members, and every style reference resolves.
func (r *Result) checkTreeVersion2(w *treeWalker) error {
	if w.structured && r.Manifest.Version < 2 {
		return invalid(ErrInvalidTree, "result node tree: auto layout, scroll behaviour, style and component members need manifest version 2")
	}
	if err := resolveStyleRefs(w.styleUses, r.styleTypes); err != nil {
		return err
	}
	if err := resolveVariableRefs(w.variableUses, r.variableTypes); err != nil {
		return err
	}
	if err := checkComponents(w.components); err != nil {
		return err
	}
	r.StyleRefs = w.styleUses
	return nil
}
