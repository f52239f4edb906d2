package text

import (
	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/paint"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Pass is the text pass over the box tree under root: each TEXT node (boxtree.Node.Text) gets
// its characters, typography and box, in the order the nodes were made; the paragraphs that
// show no text (the root's Silent) are read for their warnings, about their frame.
func (s *Setter) Pass(root *boxtree.Node) {
	quiet := root.Silent
	for _, b := range root.Made() {
		for ; len(quiet) > 0 && quiet[0].Seq <= b.Seq(); quiet = quiet[1:] {
			s.Paragraph(quiet[0].Style, quiet[0].Paragraph, quiet[0].Frame, quiet[0].Decoration)
		}
		t := b.Text
		switch {
		case t == nil:
			continue
		case t.Paragraph != nil && t.Parts > 0:
			parts := s.Parts(t.Style, t.Paragraph)
			if t.Part >= len(parts) {
				continue // not made by Parts (the builder asked the same question)
			}
			// The first part's walk reports the whole paragraph's warnings; the others' would
			// repeat them.
			set := s
			if t.Part > 0 {
				set = s.silent(s.Paint.Images)
			}
			p := set.PartParagraph(t.Style, t.Paragraph, parts, t.Part, b.Out.ID, t.Decoration)
			set.SetPart(b.Out, t.Style, p, parts[t.Part], t.Decoration, t.OX, t.OY)
		case t.Paragraph != nil:
			p := s.Paragraph(t.Style, t.Paragraph, b.Out.ID, t.Decoration)
			s.SetParagraph(b.Out, t.Style, p, t.Decoration, t.Whole, t.OX, t.OY)
		default:
			s.SetText(b.Out, t.Style, t.Run, b.Out.Characters, t.Decoration)
			if t.Run == nil {
				continue // a form control's text
			}
		}
		s.SetVertical(b.Out, t.Style, t.OX)
	}
	for _, t := range quiet {
		s.Paragraph(t.Style, t.Paragraph, t.Frame, t.Decoration)
	}
}

// Shows reads the paragraph of kids, inline children of block n, as Paragraph does, with its
// warnings dropped and its images only checked: the inline elements in it, and whether it shows
// any text. The tree builder places a paragraph by it before the text pass runs.
func (s *Setter) Shows(n *capturemodel.DOMNode, kids []*capturemodel.DOMNode, check paint.Check) (inlines []*capturemodel.DOMNode, shows bool) {
	p := s.silent(check).Paragraph(n, kids, "", boxtree.TextDecoration{})
	return p.Inlines, !p.Empty()
}

// silent is a copy of s whose warnings, and its painter's, are dropped, reading images through
// images: for a paragraph read again (to place it before the text pass, or a part after the
// first) whose warnings are reported once, about its own node.
func (s *Setter) silent(images paint.Images) *Setter {
	w := &warnings.List{}
	return &Setter{Warn: w, Doc: s.Doc, Base: s.Base, Kids: s.Kids, Floats: s.Floats, Paint: &paint.Painter{Warn: w, Images: images}}
}
