package text

import (
	"strings"
	"unicode"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// Faces per character (docs/conversion.md "Fonts", "Faces inside a run"): Chromium draws each
// character of a run in the first face of its font list that has a glyph for it, so one text node
// may be drawn in several faces (an emoji in Noto Color Emoji inside Inter text, Chinese in Noto
// Sans CJK beside Latin in Inter). DevTools reports the faces of a node with their glyph counts,
// not which character each drew; the converter attributes characters by script:
//
//   - a face whose family names a script class (faceClassOf: "…Emoji…", "… CJK …", a Noto face
//     of one script such as "Noto Sans Arabic" or "Noto Sans Hebrew") draws the characters of
//     that class (inClass);
//   - every other character is drawn by the run's main face (mainFace: the face of no class with
//     the most glyphs, or, when every face has a class, the one with the most glyphs);
//   - a combining mark, variation selector, zero-width joiner, emoji modifier or tag stays in the
//     face of the character it follows.
//
// The attribution is checked against the report: each face of the emoji or CJK class must be
// given as many characters (clusters) as it drew glyphs, and each face of another script class
// at least one; otherwise the run is left in its main face alone (one face per run).

// faceClass is the set of characters a fallback face is there for.
type faceClass struct {
	kind   string // "emoji", "cjk" or "script"
	script *unicode.RangeTable
}

// faceClassOf returns the class of a platform face by its family name, or false for a face of
// no class (a text face: Inter, Arimo, a web font).
func faceClassOf(family string) (faceClass, bool) {
	switch {
	case strings.Contains(strings.ToLower(family), "emoji"):
		return faceClass{kind: "emoji"}, true
	case strings.Contains(family, "CJK"):
		return faceClass{kind: "cjk"}, true
	}
	rest, ok := strings.CutPrefix(family, "Noto ")
	if !ok {
		return faceClass{}, false
	}
	for _, w := range []string{"Sans ", "Serif ", "Kufi ", "Naskh ", "Nastaliq ", "Rashi "} {
		if r, ok := strings.CutPrefix(rest, w); ok {
			rest = r
			break
		}
	}
	rest = strings.TrimSuffix(rest, " UI")
	for _, w := range faceWeightNames {
		rest = strings.TrimSuffix(rest, " "+w)
	}
	if rest == "Urdu" {
		rest = "Arabic"
	}
	if t, ok := unicode.Scripts[strings.ReplaceAll(rest, " ", "_")]; ok {
		return faceClass{kind: "script", script: t}, true
	}
	return faceClass{}, false
}

// inClass says whether r, followed by next (0 at the end), is a character of class c.
func (c faceClass) inClass(r, next rune) bool {
	switch c.kind {
	case "emoji":
		return isEmoji(r, next)
	case "cjk":
		return isCJK(r)
	}
	return unicode.Is(c.script, r)
}

// isEmoji says whether r (followed by next) is drawn as an emoji: a pictograph of the emoji
// blocks, or any character asking for emoji presentation (followed by U+FE0F or the keycap
// U+20E3: "#️⃣").
func isEmoji(r, next rune) bool {
	if next == 0xFE0F || next == 0x20E3 {
		return true
	}
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, // mahjong … symbols and pictographs extended-A (flags, faces)
		r >= 0x2600 && r <= 0x27BF,                             // miscellaneous symbols, dingbats
		r >= 0x2B50 && r <= 0x2B55,                             // stars and circles
		r >= 0x231A && r <= 0x231B, r >= 0x23E9 && r <= 0x23FA: // watch, hourglass, media keys
		return true
	}
	return false
}

// isCJK says whether r is a Chinese, Japanese or Korean character or CJK punctuation: Han,
// Hiragana, Katakana, Hangul, Bopomofo, CJK symbols and punctuation (U+3000–U+303F), the
// halfwidth and fullwidth forms (U+FF00–U+FFEF), CJK compatibility forms and enclosed CJK.
func isCJK(r rune) bool {
	switch {
	case r >= 0x3000 && r <= 0x33FF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFFEF:
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo)
}

// attached says whether r belongs to the cluster of the character before it.
func attached(r rune) bool {
	switch {
	case r == 0x200D, r == 0x20E3, r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0020 && r <= 0xE007F, r >= 0x1F3FB && r <= 0x1F3FF:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me)
}

// mainFace returns the index in used of the face that draws the characters of no class.
func mainFace(used []capturemodel.PlatformFont) int {
	best, bestClassed := -1, -1
	for i, f := range used {
		if _, ok := faceClassOf(f.Family); ok {
			if bestClassed < 0 || f.Glyphs > used[bestClassed].Glyphs {
				bestClassed = i
			}
			continue
		}
		if best < 0 || f.Glyphs > used[best].Glyphs {
			best = i
		}
	}
	if best < 0 {
		return bestClassed
	}
	return best
}

// faceStretch is a stretch of a run's text drawn by one face (an index of the run's faces).
type faceStretch struct {
	text string
	face int
}

// faceSplitter attributes the characters of one run to the faces that drew it.
type faceSplitter struct {
	main    int          // the main face
	classes []*faceClass // per face: its class, nil for the main face and faces of no class
}

// splitterOf returns the splitter of a run whose characters are runText, drawn by the faces used
// (DevTools' report for its node), or false when the run has one face or the rule does not
// agree with the report (the run is then set in its main face alone).
func splitterOf(runText string, used []capturemodel.PlatformFont) (faceSplitter, bool) {
	main := mainFace(used)
	if len(used) < 2 || main < 0 {
		return faceSplitter{}, false
	}
	sp := faceSplitter{main: main, classes: make([]*faceClass, len(used))}
	classed := false
	for i, f := range used {
		if c, ok := faceClassOf(f.Family); ok && i != main {
			sp.classes[i] = &c
			classed = true
		}
	}
	if !classed {
		return faceSplitter{}, false
	}
	_, clusters := sp.clusters(runText)
	for j, c := range sp.classes {
		switch {
		case c == nil:
		case c.kind == "script" && clusters[j] == 0 && used[j].Glyphs > 0:
			return faceSplitter{}, false
		case c.kind != "script" && clusters[j] != used[j].Glyphs:
			return faceSplitter{}, false
		}
	}
	return sp, true
}

// split cuts text into stretches of one face each, in order (none for empty text).
func (sp faceSplitter) split(text string) []faceStretch {
	out, _ := sp.clusters(text)
	return out
}

// clusters cuts text as split does and counts the clusters of each face (a character with the
// characters attached to it; an emoji joined by U+200D is one).
func (sp faceSplitter) clusters(text string) ([]faceStretch, []int) {
	runes := []rune(text)
	var out []faceStretch
	counts := make([]int, len(sp.classes))
	prev := sp.main
	for i, r := range runes {
		face := sp.main
		var next rune
		if i+1 < len(runes) {
			next = runes[i+1]
		}
		if i > 0 && (attached(r) || runes[i-1] == 0x200D) {
			face = prev
		} else {
			for j, c := range sp.classes {
				if c != nil && c.inClass(r, next) {
					face = j
					break
				}
			}
			counts[face]++
		}
		prev = face
		if n := len(out); n > 0 && out[n-1].face == face {
			out[n-1].text += string(r)
			continue
		}
		out = append(out, faceStretch{text: string(r), face: face})
	}
	return out, counts
}
