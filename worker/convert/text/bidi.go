package text

import (
	"strings"

	"golang.org/x/text/unicode/bidi"
)

// Base direction (docs/conversion.md "Text", "Alignment"): CSS gives a paragraph the base
// direction of its block's direction property; Figma gives each paragraph of a TEXT (the lines
// between "\n") the direction of its first strong character (UAX #9 rules P2 and P3, as CSS
// unicode-bidi: plaintext). Where the two differ (an RTL paragraph that starts with a Latin word,
// a digit or a parenthesis before Arabic; an LTR paragraph that starts with a Hebrew word) the
// converter starts that paragraph with a mark of the page's direction, U+200F RIGHT-TO-LEFT MARK or
// U+200E LEFT-TO-RIGHT MARK (zero width, a strong character of that direction), so neutral
// characters, digits and the order of the words land where the page put them.

const (
	rlm = "\u200F"
	lrm = "\u200E"
)

// firstStrong returns the direction of the first strong character of s up to its first line
// break: "rtl", "ltr", or "" when it has none.
func firstStrong(s string) string {
	for _, r := range s {
		if r == '\n' || r == '\u2028' || r == '\u2029' {
			return ""
		}
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return "ltr"
		case bidi.R, bidi.AL:
			return "rtl"
		}
	}
	return ""
}

// directionMark returns the mark that gives a paragraph whose text starts with s the base
// direction dir ("rtl" or "ltr", CSS direction), or "" when its first strong character already
// does (an LTR paragraph without strong characters is LTR in Figma too).
func directionMark(dir, s string) string {
	switch fs := firstStrong(s); {
	case dir == "rtl" && fs != "rtl":
		if strings.TrimSpace(strings.SplitN(s, "\n", 2)[0]) == "" {
			return "" // an empty line has no order to keep
		}
		return rlm
	case dir != "rtl" && fs == "rtl":
		return lrm
	}
	return ""
}

// markDirection puts the mark of direction dir at the start of each paragraph of pieces (the
// start, and after each "\n") whose first strong character does not give it that direction.
func markDirection(dir string, pieces []piece) []piece {
	var all strings.Builder
	for _, p := range pieces {
		all.WriteString(p.text)
	}
	text := all.String()
	if !strings.ContainsFunc(text, func(r rune) bool {
		p, _ := bidi.LookupRune(r)
		return p.Class() == bidi.R || p.Class() == bidi.AL
	}) && dir != "rtl" {
		return pieces // left-to-right text in a left-to-right block: nothing to mark
	}
	out := make([]piece, 0, len(pieces))
	at := 0 // byte offset of the piece in text
	for _, p := range pieces {
		var sb strings.Builder
		for i := 0; i < len(p.text); {
			if at+i == 0 || text[at+i-1] == '\n' {
				sb.WriteString(directionMark(dir, text[at+i:]))
			}
			j := strings.IndexByte(p.text[i:], '\n')
			if j < 0 {
				sb.WriteString(p.text[i:])
				break
			}
			sb.WriteString(p.text[i : i+j+1])
			i += j + 1
		}
		at += len(p.text)
		out = append(out, piece{text: sb.String(), style: p.style})
	}
	return out
}
