package text

import (
	"math"
	"strings"
	"unicode"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// uprightColumnWidth is the width of the TEXT that draws an upright vertical column, in ems of
// its font size: wider than one character, narrower than two, so Figma breaks the line after
// every character (CJK text breaks between any two characters).
const uprightColumnWidth = 1.5

// SetVertical draws node, the text of el, as el shows it when el's writing mode is vertical
// (VerticalWritingMode); it does nothing to horizontal text. A single column of characters set
// upright (Han, kana, Hangul, CJK and fullwidth punctuation: what vertical-rl and vertical-lr
// set upright under text-orientation mixed or upright) in a block too narrow for a second
// column becomes a TEXT of one character per line: uprightColumnWidth ems wide, centred on the
// column, each line as tall as a character's advance (its font size plus letter-spacing), the
// letter spacing carried by the lines instead. Anything else (Latin text, which vertical
// writing turns sideways; sideways-rl and sideways-lr; several columns) keeps the run's box with
// its text horizontal, and is warned about once per element (CSS_WRITING_MODE). ox is the page
// x of the node's frame.
func (s *Setter) SetVertical(node *resultjson.Node, el *capturemodel.DOMNode, ox float64) {
	wm := el.Computed("writing-mode")
	if !VerticalWritingMode(wm) {
		return
	}
	if !s.uprightColumn(node, el, wm, ox) && !s.vertical[el] {
		if s.vertical == nil {
			s.vertical = map[*capturemodel.DOMNode]bool{}
		}
		s.vertical[el] = true
		s.Warn.Add(warnings.WritingMode, node.ID, "the text of %s is vertical (writing-mode %s); Figma has no vertical text, so it is drawn horizontally in its box", naming.Element(el), wm)
	}
}

// uprightColumn sets node as one upright column (SetVertical) when it is one, and says so.
func (s *Setter) uprightColumn(node *resultjson.Node, el *capturemodel.DOMNode, wm string, ox float64) bool {
	if wm != "vertical-rl" && wm != "vertical-lr" || el.Computed("text-orientation") == "sideways" || node.FontSize <= 0 {
		return false
	}
	chars := node.Characters
	if strings.TrimSpace(chars) != chars {
		return false
	}
	n := 0
	for _, r := range chars {
		if !uprightRune(r) {
			return false
		}
		n++
	}
	if n == 0 {
		return false
	}
	lh, ok := css.ParsePx(el.Computed("line-height"))
	if !ok || lh <= 0 {
		lh = node.FontSize * 1.2 // normal
	}
	cl, cr := contentEdges(el)
	if cr-cl >= 2*lh {
		return false // room for a second column: the lines may wrap into it
	}
	ls, _ := css.ParsePx(el.Computed("letter-spacing")) // "normal": 0
	advance := node.FontSize + ls
	// The column's centre line: the first column is at the block's right edge in vertical-rl,
	// at its left edge in vertical-lr.
	centre := cl + lh/2
	if wm == "vertical-rl" {
		centre = cr - lh/2
	}
	w := math.Ceil(node.FontSize*uprightColumnWidth*100) / 100
	node.X = css.Px(centre - w/2 - ox)
	node.Width = css.Size(w)
	node.Height = css.Size(float64(n) * advance)
	node.TextAutoResize = "HEIGHT"
	node.TextAlignHorizontal = "CENTER"
	node.ParagraphIndent = 0
	node.LineHeight = &resultjson.LineHeight{Value: css.Ptr(css.Px(advance)), Unit: "PIXELS"}
	node.LetterSpacing = &resultjson.LetterSpacing{Value: 0, Unit: "PIXELS"}
	for i := range node.StyledTextSegments {
		seg := &node.StyledTextSegments[i]
		seg.LetterSpacing = resultjson.LetterSpacing{Value: 0, Unit: "PIXELS"}
	}
	return true
}

// uprightRune says whether vertical text sets r upright under text-orientation mixed (Unicode
// Vertical_Orientation U or Tu, the scripts and punctuation of CJK text): Han, Hiragana,
// Katakana, Hangul, Bopomofo, CJK symbols and punctuation, fullwidth forms and the middle dots.
func uprightRune(r rune) bool {
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo):
		return true
	case r >= 0x3000 && r <= 0x303f, r >= 0xff00 && r <= 0xffef, r == 0x00b7, r == 0x30fb:
		return true
	}
	return false
}
