package text

import (
	"math"
	"strings"
	"unicode/utf16"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
)

// Text around floats (docs/conversion.md "Floats"): a paragraph whose line boxes are shortened
// by floats beside them is split where its line boxes change, one TEXT per run of lines with the
// same line box, each as wide as that line box.

// Float is a floated element of the page: its margin box (page px) and side.
type Float struct {
	Box  capturemodel.Box
	Left bool
}

// FloatsOf returns the floated elements of doc that are drawn (a box of some size), in document
// order; not those in or under a transformed element, whose boxes are the bounding boxes of
// transformed ones (the text beside them is then left whole).
func FloatsOf(doc *capturemodel.Document) []Float {
	var out []Float
	var walk func(n *capturemodel.DOMNode, transformed bool)
	walk = func(n *capturemodel.DOMNode, transformed bool) {
		if n == nil || n.Type != "element" {
			return
		}
		transformed = transformed || n.Computed("transform") != "none"
		if side := n.Computed("float"); (side == "left" || side == "right") && !transformed && n.Box.Width > 0 && n.Box.Height > 0 {
			m := func(p string) float64 { v, _ := css.ParsePx(n.Computed(p)); return v }
			b := n.Box
			b.X, b.Y = b.X-m("margin-left"), b.Y-m("margin-top")
			b.Width += m("margin-left") + m("margin-right")
			b.Height += m("margin-top") + m("margin-bottom")
			out = append(out, Float{Box: b, Left: side == "left"})
		}
		for _, c := range n.Children {
			walk(c, transformed)
		}
	}
	walk(doc.Root, false)
	return out
}

// Part is one TEXT of a paragraph split around floats: its line box's left and right edges
// (page px) and its line fragments, the paragraph's [From, To).
type Part struct {
	Left, Right float64
	From, To    int
}

// fragRef names a line fragment of a paragraph: the text run it belongs to and its index in the
// run's Rects (0 for a run on one line).
type fragRef struct {
	run *capturemodel.DOMNode
	k   int
}

// sentinel marks, in a paragraph built for its parts, where a part starts. A text run's own NUL
// characters are dropped (a browser draws none).
const sentinel = "\x00"

// Parts returns the parts of the paragraph of kids, the inline children of block n: nil when
// its lines all span n's content box or it cannot be split exactly (a line that starts a part
// inside a run whose line starts the capture did not record, a vertical or transformed block),
// else one part per run of lines whose line box (its content box less the margin boxes of the
// floats beside the line) has the same left and right edges.
func (s *Setter) Parts(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode) []Part {
	if len(s.Floats) == 0 || n.Computed("transform") != "none" || VerticalWritingMode(n.Computed("writing-mode")) {
		return nil
	}
	p := s.silent(s.Paint.Images).Paragraph(n, kids, "", boxtree.TextDecoration{})
	return partsOf(n, p.b.frags, p.b.refs, s.Floats)
}

func partsOf(n *capturemodel.DOMNode, frags []capturemodel.Box, refs []fragRef, floats []Float) []Part {
	if len(frags) == 0 {
		return nil
	}
	cl, cr := contentEdges(n)
	lh, _ := css.ParsePx(n.Computed("line-height"))
	type line struct {
		top, bottom, left, right float64
		from                     int
	}
	var lines []line
	for i, f := range frags {
		if k := len(lines) - 1; k >= 0 && f.Y+f.Height/2 <= lines[k].bottom {
			lines[k].top, lines[k].bottom = math.Min(lines[k].top, f.Y), math.Max(lines[k].bottom, f.Y+f.Height)
			continue
		}
		lines = append(lines, line{top: f.Y, bottom: f.Y + f.Height, from: i})
	}
	narrowed := false
	for i := range lines {
		l := &lines[i]
		// The line box is line-height tall, the text's box in its middle.
		lead := math.Max(0, (lh-(l.bottom-l.top))/2)
		top, bottom := l.top-lead, l.bottom+lead
		l.left, l.right = cl, cr
		for _, f := range floats {
			b := f.Box
			if b.Y+b.Height <= top+0.5 || b.Y >= bottom-0.5 || b.X+b.Width <= cl+0.5 || b.X >= cr-0.5 {
				continue
			}
			if f.Left {
				l.left = math.Max(l.left, b.X+b.Width)
			} else {
				l.right = math.Min(l.right, b.X)
			}
		}
		to := len(frags)
		if i+1 < len(lines) {
			to = lines[i+1].from
		}
		for _, f := range frags[l.from:to] {
			if f.X < l.left-1 || f.X+f.Width > l.right+1 {
				return nil // text where a float is: the float is not beside this paragraph's lines
			}
		}
		if l.left > cl+0.5 || l.right < cr-0.5 {
			narrowed = true
		}
	}
	if !narrowed {
		return nil
	}
	var parts []Part
	for i, l := range lines {
		if k := len(parts) - 1; k >= 0 && math.Abs(parts[k].Left-l.left) <= 0.5 && math.Abs(parts[k].Right-l.right) <= 0.5 {
			continue
		}
		if k := len(parts) - 1; k >= 0 {
			parts[k].To = l.from
		}
		parts = append(parts, Part{Left: l.left, Right: l.right, From: lines[i].from})
	}
	parts[len(parts)-1].To = len(frags)
	// A part must start at a run's start or where the capture recorded a line start.
	for _, p := range parts[1:] {
		if r := refs[p.From]; r.k > 0 && len(r.run.LineStarts) != len(r.run.Rects) {
			return nil
		}
	}
	return parts
}

// contentEdges returns the left and right edges of n's content box (page px).
func contentEdges(n *capturemodel.DOMNode) (float64, float64) {
	px := func(p string) float64 { v, _ := css.ParsePx(n.Computed(p)); return v }
	return n.Box.X + px("border-left-width") + px("padding-left"), n.Box.X + n.Box.Width - px("border-right-width") - px("padding-right")
}

// cutRun puts a sentinel in text, a run's characters, where each part that starts in it begins:
// before it when its first line fragment starts a part (cut(0)), and at the line start
// (starts, UTF-16 units) of each further fragment k that does (cut(k)).
func cutRun(text string, starts []int, cut func(k int) bool) string {
	text = strings.ReplaceAll(text, sentinel, "")
	head := ""
	if cut(0) {
		head = sentinel
	}
	inner := false
	for k := 1; k < len(starts); k++ {
		inner = inner || cut(k)
	}
	if !inner {
		return head + text
	}
	units := utf16.Encode([]rune(text))
	var sb strings.Builder
	sb.WriteString(head)
	at := 0
	for k := 1; k < len(starts); k++ {
		if o := starts[k]; cut(k) && o > at && o <= len(units) {
			sb.WriteString(string(utf16.Decode(units[at:o])))
			sb.WriteString(sentinel)
			at = o
		}
	}
	sb.WriteString(string(utf16.Decode(units[at:])))
	return sb.String()
}

// splitPieces cuts a paragraph's pieces at its sentinels into the pieces of each part, each
// part's collapsible spaces at its ends trimmed (the space where a line wrapped hangs at the end
// of the line) and its empty pieces dropped.
func splitPieces(pieces []piece) [][]piece {
	out := [][]piece{nil}
	for _, p := range pieces {
		for i, t := range strings.Split(p.text, sentinel) {
			if i > 0 {
				out = append(out, nil)
			}
			if t != "" {
				out[len(out)-1] = append(out[len(out)-1], piece{text: t, style: p.style})
			}
		}
	}
	for i, part := range out {
		for len(part) > 0 {
			part[0].text = strings.TrimLeft(part[0].text, " ")
			if part[0].text != "" {
				break
			}
			part = part[1:]
		}
		for len(part) > 0 {
			n := len(part) - 1
			part[n].text = strings.TrimRight(part[n].text, " ")
			if part[n].text != "" {
				break
			}
			part = part[:n]
		}
		out[i] = part
	}
	return out
}
