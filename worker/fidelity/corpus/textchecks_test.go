package corpus_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/text"
)

// The real-page gate's checks of a result's text beside its SSIM and coverage (docs/fidelity.md
// "The real-page corpus"): no two TEXT nodes of different characters drawn over each other, and
// every text run set in the family of the face the capture drew it in.

// overlapPx is how far, in px on each axis, two TEXT nodes' boxes may run into each other
// before they count as drawn over each other (line boxes of adjacent lines touch; rounding
// moves an edge by a fraction of a pixel).
const overlapPx = 1

// pageOverlaps are TEXT boxes that overlap on the page itself, by the characters of the two
// nodes, with the reason: the check leaves them be.
var pageOverlaps = map[[2]string]string{
	// typo-cjk's zhuyin ruby: a ruby base is as wide as its wider annotation and overhangs the
	// text beside it (CSS Ruby 1 §4.3), its glyph centred clear of its neighbours'.
	{"電", "Ruby 示例："}: "ruby overhang",
	{"腦", "与拼音示例："}:   "ruby overhang",
}

// textBox is a TEXT node with its box on the page, and the rectangle its clipping ancestors
// leave visible (clip).
type textBox struct {
	node       *resultjson.Node
	x, y, w, h float64
	clip       rect
}

// pageTexts returns the TEXT nodes under root with their page boxes and clips (walkPage).
func pageTexts(root *resultjson.Node) []textBox {
	var out []textBox
	walkPage(root, func(n *resultjson.Node, x, y float64, clip rect) {
		if n.Type == "TEXT" {
			out = append(out, textBox{n, x, y, n.Width, n.Height, clip})
		}
	})
	return out
}

// glyphRects are the rectangles a TEXT's glyphs can be drawn in, clipped: on each line the em
// box (fontSize high, centred in a line of PIXELS lineHeight, where line boxes of adjacent lines
// and a ruby annotation over its base touch without their glyphs meeting), the first line
// starting paragraphIndent in (a paragraph continuing after an inline box on the same line).
// Without a PIXELS lineHeight it is the node's box.
func glyphRects(tb textBox) []rect {
	n := tb.node
	lh := 0.0
	if n.LineHeight != nil && n.LineHeight.Unit == "PIXELS" && n.LineHeight.Value != nil {
		lh = *n.LineHeight.Value
	}
	if lh <= 0 || n.FontSize <= 0 || n.FontSize > lh {
		return []rect{rect{tb.x, tb.y, tb.x + tb.w, tb.y + tb.h}.intersect(tb.clip)}
	}
	pad := (lh - n.FontSize) / 2
	out := []rect{rect{tb.x + n.ParagraphIndent, tb.y + pad, tb.x + tb.w, tb.y + lh - pad}.intersect(tb.clip)}
	if tb.h > lh+overlapPx {
		out = append(out, rect{tb.x, tb.y + lh + pad, tb.x + tb.w, tb.y + tb.h - pad}.intersect(tb.clip))
	}
	return out
}

// overlappingTexts lists the pairs of TEXT nodes of different characters whose glyph
// rectangles (glyphRects) run into each other by more than overlapPx on both axes, apart from
// pageOverlaps.
func overlappingTexts(root *resultjson.Node) []string {
	texts := pageTexts(root)
	sort.Slice(texts, func(i, j int) bool { return texts[i].y < texts[j].y })
	var out []string
	for i, a := range texts {
		for _, b := range texts[i+1:] {
			if b.y >= a.y+a.h-overlapPx {
				break // sorted by top: no later box reaches a's
			}
			if a.node.Characters == b.node.Characters || pageOverlaps[[2]string{a.node.Characters, b.node.Characters}] != "" ||
				pageOverlaps[[2]string{b.node.Characters, a.node.Characters}] != "" {
				continue
			}
			for _, ra := range glyphRects(a) {
				for _, rb := range glyphRects(b) {
					o := ra.intersect(rb)
					if dx, dy := o.x1-o.x0, o.y1-o.y0; dx > overlapPx && dy > overlapPx {
						out = append(out, fmt.Sprintf("%s %q and %s %q overlap by %.1f×%.1f px", a.node.ID, clip(a.node.Characters), b.node.ID, clip(b.node.Characters), dx, dy))
					}
				}
			}
		}
	}
	return out
}

// faceCheck is what facesNotAsDrawn found: runs checked (drawn in one platform face Figma
// offers, and found in a TEXT), and those set in another family.
type faceCheck struct {
	checked int
	wrong   []string
}

// facesNotAsDrawn checks every text run of capture c drawn in one platform face (not a web font)
// against the TEXT nodes under root that hold its characters: one of them must set them in the
// Figma family of that face (text.FigmaFace), on the node or on a styled segment holding them.
// Runs no TEXT holds (icons, hidden text: the coverage measure judges those) are not counted.
func facesNotAsDrawn(c *capturemodel.Capture, root *resultjson.Node) faceCheck {
	texts := pageTexts(root)
	var fc faceCheck
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		if n == nil {
			return
		}
		for _, ch := range n.Children {
			walk(ch)
		}
		run := normalize(n.Text)
		if n.Type != "text" || run == "" || n.FontRef == nil || *n.FontRef < 0 || *n.FontRef >= len(c.Document.PlatformFonts) {
			return
		}
		faces := c.Document.PlatformFonts[*n.FontRef]
		if len(faces) != 1 || faces[0].Custom {
			return
		}
		want, ok := text.FigmaFace(faces[0].Family)
		if !ok {
			return
		}
		found, right := false, false
		var got []string
		for _, tb := range texts {
			if !strings.Contains(normalize(tb.node.Characters), run) {
				continue
			}
			found = true
			if len(tb.node.StyledTextSegments) == 0 {
				if tb.node.FontName != nil {
					right = right || tb.node.FontName.Family == want
					got = append(got, tb.node.FontName.Family)
				}
				continue
			}
			for _, s := range tb.node.StyledTextSegments {
				seg := normalize(s.Characters)
				if seg == "" || (!strings.Contains(seg, run) && !strings.Contains(run, seg)) {
					continue
				}
				right = right || s.FontName.Family == want
				got = append(got, s.FontName.Family)
			}
		}
		if !found {
			return
		}
		fc.checked++
		if !right {
			fc.wrong = append(fc.wrong, fmt.Sprintf("%q drawn in %s (Figma %s) is set in %s", clip(run), faces[0].Family, want, strings.Join(got, ", ")))
		}
	}
	walk(c.Document.Root)
	return fc
}

// normalize collapses white space as the converter does, for comparing a run with a TEXT.
func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip shortens s to 40 characters for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
