package text

import (
	"cmp"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Decoration returns the text decoration text inside n shows: n's own line, drawn as n says,
// else the one it inherits (CSS propagates decorations to descendants' text).
func Decoration(n *capturemodel.DOMNode, inherited boxtree.TextDecoration) boxtree.TextDecoration {
	line := n.Computed("text-decoration-line")
	switch {
	case strings.Contains(line, "line-through"):
		return boxtree.TextDecoration{Line: "STRIKETHROUGH", By: n}
	case strings.Contains(line, "underline"):
		return boxtree.TextDecoration{Line: "UNDERLINE", By: n}
	}
	return inherited
}

// decorationLook is how a run's decoration line is drawn where it is not the default (a
// comparable value, so runs that differ in it are ranges of their own).
type decorationLook struct {
	style                   string // "" (SOLID), WAVY or DOTTED
	offset, thickness       float64
	hasOffset, hasThickness bool
	color                   resultjson.RGBA
	hasColor                bool
}

// decorationLook reads how d's line is drawn for text in colour textColor, from the decorating
// element's computed text-decoration-style, -color, -thickness and text-underline-offset (the
// capture records them only for an element that sets a line). dashed is drawn DOTTED and double
// SOLID (Figma has neither), with a TEXT_DECORATION_STYLE warning once per decorating element.
func (s *Setter) decorationLook(d boxtree.TextDecoration, textColor resultjson.RGBA, nodeID string) decorationLook {
	var out decorationLook
	if d.Line == "" || d.By == nil {
		return out
	}
	by := d.By
	switch st := by.Computed("text-decoration-style"); st {
	case "wavy":
		out.style = "WAVY"
	case "dotted":
		out.style = "DOTTED"
	case "dashed":
		out.style = "DOTTED"
		fallthrough
	case "double":
		if !s.decorWarned[by] {
			if s.decorWarned == nil {
				s.decorWarned = map[*capturemodel.DOMNode]bool{}
			}
			s.decorWarned[by] = true
			s.Warn.Add(warnings.DecorationStyle, nodeID, "the %s text decoration of %s is drawn %s: Figma's lines are solid, wavy or dotted",
				st, naming.Element(by), strings.ToLower(cmp.Or(out.style, "solid")))
		}
	}
	if v, ok := css.ParsePx(by.Computed("text-decoration-thickness")); ok {
		out.thickness, out.hasThickness = css.Px(v), true
	}
	if d.Line == "UNDERLINE" {
		if v, ok := css.ParsePx(by.Computed("text-underline-offset")); ok {
			out.offset, out.hasOffset = css.Px(v), true
		}
	}
	color := by.Computed("color")
	if c, ok := by.Style["text-decoration-color"]; ok {
		color = c
	}
	if c, ok := s.Paint.Color(color, nodeID, "text-decoration-color"); ok && css.RoundRGBA(c) != css.RoundRGBA(textColor) {
		out.color, out.hasColor = c, true
	}
	return out
}

// details are l in the result's terms (resultjson.TextDecorationDetails).
func (l decorationLook) details() resultjson.TextDecorationDetails {
	var d resultjson.TextDecorationDetails
	d.TextDecorationStyle = l.style
	if l.hasOffset {
		d.TextDecorationOffset = &resultjson.TextDecorationLength{Value: l.offset, Unit: "PIXELS"}
	}
	if l.hasThickness {
		d.TextDecorationThickness = &resultjson.TextDecorationLength{Value: l.thickness, Unit: "PIXELS"}
	}
	if l.hasColor {
		d.TextDecorationColor = &resultjson.TextDecorationColor{Value: css.Solid(l.color)}
	}
	return d
}
