package text

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Lists as Figma lists (docs/conversion.md "Lists"): the items of a ul or ol, each one paragraph
// TEXT beside its outside marker's TEXT, become one TEXT whose paragraphs are the items and whose
// ranges carry listOptions (UNORDERED for disc markers, ORDERED for decimal ones counting from
// 1), with hangingList so Figma draws each marker outside the text, where CSS draws an outside
// marker. Only where Figma's list draws the same marker at the same place; everything else keeps
// its marker TEXTs. The marker TEXTs stay in the result, marked listMarker: what a reader that
// ignores listOptions draws, so it still draws the same picture. Items with the same space
// between each two (margins) keep their TEXTs, and the first item's carries the list as a
// resultjson.ListText whose ranges have that space as listSpacing: a reader that ignores it
// draws each item where the page did.

// listTypes are the marker strings Figma's list draws, by list-style-type: its bullet and its
// numbers ("1." and up; Figma has no start value, so an ordered list must count from 1).
var listTypes = map[string]string{"disc": "UNORDERED", "decimal": "ORDERED"}

// Lists merges the list items under root that Figma's list draws as the page did (each frame's
// kids, in order) and points their warnings at the merged TEXT. Run after the passes that make
// and set nodes, before the layout and styles passes.
func (s *Setter) Lists(root *boxtree.Node) {
	parents := map[*capturemodel.DOMNode]*capturemodel.DOMNode{}
	var index func(n *capturemodel.DOMNode)
	index = func(n *capturemodel.DOMNode) {
		for _, c := range n.Children {
			if c != nil {
				parents[c] = n
				index(c)
			}
		}
	}
	if s.Doc != nil && s.Doc.Root != nil {
		index(s.Doc.Root)
	}
	root.Walk(func(f *boxtree.Node) {
		for j := 0; j < len(f.Kids); j++ {
			l := s.listAt(f.Kids[j:], parents)
			switch {
			case l == nil:
			case l.spacing == 0:
				s.mergeList(f, l)
			default:
				s.spacedList(l)
			}
		}
	})
}

// listItem is one item of a list Figma draws: its marker's TEXT and its paragraph's TEXT.
type listItem struct {
	marker, text *boxtree.Node
}

// figmaList is a list Figma draws: its items, its type (UNORDERED or ORDERED) and the space between
// each two items (px; 0 when they touch).
type figmaList struct {
	items   []listItem
	kind    string
	spacing float64
}

// listAt returns the list whose first item's marker TEXT is kids[0], when its items are the kids
// that follow it (marker, paragraph, marker, paragraph …), Figma's list draws them as the page
// did (listable) and the space between each two is the same (oneSpacing); nil otherwise.
func (s *Setter) listAt(kids []*boxtree.Node, parents map[*capturemodel.DOMNode]*capturemodel.DOMNode) *figmaList {
	first := kids[0]
	if first.Text == nil || first.Text.Style == nil || first.Text.Style.Tag != "::marker" {
		return nil
	}
	if len(kids) < 2 || kids[1].Text == nil {
		return nil
	}
	li := kids[1].Text.Style
	list := parents[li]
	if list == nil || (list.Tag != "ul" && list.Tag != "ol") {
		return nil
	}
	var lis []*capturemodel.DOMNode
	for _, c := range list.Children {
		switch {
		case c == nil:
		case c.Type == "element":
			lis = append(lis, c)
		case c.Type == "text" && strings.TrimSpace(c.Text) != "":
			return nil
		}
	}
	if len(lis) == 0 || lis[0] != li || len(kids) < 2*len(lis) {
		return nil
	}
	items := make([]listItem, len(lis))
	kind := ""
	for i, el := range lis {
		it := listItem{marker: kids[2*i], text: kids[2*i+1]}
		k, ok := s.listable(el, i, it)
		if !ok || (kind != "" && k != kind) {
			return nil
		}
		kind = k
		items[i] = it
	}
	gaps := make([]float64, 0, len(items)-1)
	for i := 1; i < len(items); i++ {
		if !sameListNode(items[0].text.Out, items[i].text.Out) {
			return nil
		}
		prev := items[i-1].text.Out
		gaps = append(gaps, items[i].text.Out.Y-(prev.Y+prev.Height))
	}
	spacing, ok := oneSpacing(gaps)
	if !ok {
		return nil
	}
	return &figmaList{items: items, kind: kind, spacing: spacing}
}

// oneSpacing returns the one space (px) between all of a list's items, from the gaps between
// each two (Figma's listSpacing, one value for the list here): 0 when they touch (within
// listSpacingTolerance); ok is false when the gaps differ by more than listSpacingTolerance, or
// one is negative or past MaxListSpacing.
func oneSpacing(gaps []float64) (spacing float64, ok bool) {
	for i, gap := range gaps {
		if i == 0 {
			spacing = gap
		}
		if gap < -listSpacingTolerance || gap > MaxListSpacing || math.Abs(gap-spacing) > listSpacingTolerance {
			return 0, false
		}
	}
	if spacing <= listSpacingTolerance {
		spacing = 0
	}
	return spacing, true
}

// UnlistFlowing leaves out the ListText of every TEXT under root whose parent lays its children
// out (auto layout, a layout pass's choice made after the lists): a reader that draws the list
// would leave the replaced siblings out and so move the others, and the backend refuses it. The
// items and markers then draw the list as the page did. Run after the layout pass (the last that
// sets layoutMode; unwrapping later moves no list), before the styles, components and states
// passes, which read a list TEXT's ranges.
func UnlistFlowing(root *resultjson.Node) {
	root.Walk(func(p *resultjson.Node) {
		if p.LayoutMode == "" || p.LayoutMode == "NONE" {
			return
		}
		for _, c := range p.Children {
			c.ListText = nil
		}
	})
}

// MaxListSpacing is the most space (px) between two items that makes them one Figma list with
// that listSpacing; items further apart keep TEXTs of their own (a list that far apart reads as
// separate blocks, and each item's TEXT already draws it).
const MaxListSpacing = 64

// listSpacingTolerance is how far (px) the spaces between a list's items may differ and still
// be one listSpacing (the layout's rounding of fractional margins).
const listSpacingTolerance = 0.01

// listable says whether li, the i-th item of its list, converted as it (marker and paragraph
// TEXTs), is drawn by Figma's list as the page drew it, and which list type it is: an outside
// disc or decimal marker counting from 1 in the item's own colour and font (Figma draws a
// marker in its paragraph's style), one left-aligned, left-to-right paragraph without line
// breaks (each "\n" starts a Figma list item) that is all the item holds.
func (s *Setter) listable(li *capturemodel.DOMNode, i int, it listItem) (string, bool) {
	if li.Computed("display") != "list-item" || it.text.Text == nil || it.text.Text.Style != li || it.text.Text.Paragraph == nil ||
		!it.text.Text.Whole || it.text.Text.Parts > 0 {
		return "", false
	}
	kids := s.Kids(li)
	if len(kids) == 0 || kids[0] == nil || kids[0].Tag != "::marker" || it.marker.Text == nil || it.marker.Text.Style != kids[0] {
		return "", false
	}
	var m *capturemodel.Pseudo
	for j := range li.Pseudo {
		if li.Pseudo[j].Which == "marker" {
			m = &li.Pseudo[j]
		}
	}
	if m == nil || m.Position != "outside" || m.Text == nil {
		return "", false
	}
	kind := listTypes[m.Content]
	want := map[string]string{"UNORDERED": "\u2022 ", "ORDERED": fmt.Sprintf("%d. ", i+1)}[kind]
	if kind == "" || *m.Text != want {
		return "", false
	}
	for _, prop := range []string{"color", "font-family", "font-size", "font-weight", "font-style", "letter-spacing", "text-transform", "text-decoration-line"} {
		if v, ok := m.Style[prop]; ok && v != li.Computed(prop) && !(prop == "letter-spacing" && v == "normal" && li.Computed(prop) == "") {
			return "", false
		}
	}
	n := it.text.Out
	if n.Type != "TEXT" || it.marker.Out.Type != "TEXT" || strings.Contains(n.Characters, "\n") || n.TextAutoResize != "HEIGHT" ||
		n.TextAlignHorizontal != "LEFT" || li.Computed("direction") == "rtl" || n.ParagraphIndent != 0 || n.TextTruncation != "" ||
		n.RelativeTransform != nil || len(n.StyledTextSegments) == 0 || !markerStyled(it.marker.Out, n.StyledTextSegments[0]) {
		return "", false
	}
	return kind, true
}

// markerStyled says whether the paragraph's first range, seg, is in the font, size and colour
// of the marker's TEXT: Figma draws a list marker in its paragraph's first character's style,
// where CSS draws it in the item's (an item starting with a bold word keeps its marker TEXT).
func markerStyled(marker *resultjson.Node, seg resultjson.StyledTextSegment) bool {
	if marker.FontName == nil || *marker.FontName != seg.FontName || marker.FontSize != seg.FontSize || marker.Fills == nil {
		return false
	}
	a, erra := json.Marshal(*marker.Fills)
	b, errb := json.Marshal(seg.Fills)
	return erra == nil && errb == nil && bytes.Equal(a, b)
}

// sameListNode says whether TEXT nodes a and b hold the same node-level values apart from their
// characters, ranges, names, ids and vertical place: one TEXT can hold both.
func sameListNode(a, b *resultjson.Node) bool {
	norm := func(n *resultjson.Node) []byte {
		c := *n
		c.ID, c.Name, c.Characters, c.Y, c.Height, c.StyledTextSegments = "", "", "", 0, 0, nil
		out, err := json.Marshal(&c)
		if err != nil {
			return nil
		}
		return out
	}
	na, nb := norm(a), norm(b)
	return na != nil && bytes.Equal(na, nb)
}

// mergeList makes the first item's TEXT the list: the items' characters as paragraphs (joined
// by "\n", in the style of the text before it), their ranges with listOptions, down to the last
// item's bottom, hangingList; the other items' TEXTs leave f (their warnings go to the list) and
// the markers' TEXTs stay, marked listMarker.
func (s *Setter) mergeList(f *boxtree.Node, l *figmaList) {
	items := l.items
	list := items[0].text.Out
	gone := map[*resultjson.Node]bool{}
	goneIDs := map[string]bool{}
	for i, it := range items {
		if i > 0 {
			gone[it.text.Out] = true
			goneIDs[it.text.Out.ID] = true
		}
		it.marker.Out.ListMarker = true
	}
	last := items[len(items)-1].text.Out
	list.Height = last.Y + last.Height - list.Y
	list.Characters, list.StyledTextSegments = listParagraphs(items, l.kind)
	list.Name = naming.Clip(strings.NewReplacer(rlm, "", lrm, "").Replace(list.Characters))
	list.HangingList = true
	if s.Warn != nil {
		s.Warn.Move(goneIDs, list.ID)
	}
	f.Kids = slices.DeleteFunc(f.Kids, func(k *boxtree.Node) bool { return gone[k.Out] })
	f.Out.Children = slices.DeleteFunc(f.Out.Children, func(k *resultjson.Node) bool { return gone[k] })
}

// listParagraphs joins the items' characters as paragraphs of a list of kind (ORDERED or
// UNORDERED), and their ranges, each with listOptions: the paragraph break ends the range
// before it (Figma's "\n" belongs to the paragraph it ends); ranges of the same style across
// items are one range.
func listParagraphs(items []listItem, kind string) (string, []resultjson.StyledTextSegment) {
	var chars strings.Builder
	var segs []resultjson.StyledTextSegment
	at := 0
	for i, it := range items {
		n := it.text.Out
		if i > 0 {
			last := &segs[len(segs)-1]
			last.Characters += "\n"
			last.End++
			chars.WriteString("\n")
			at++
		}
		for _, seg := range n.StyledTextSegments {
			seg.Start += at
			seg.End += at
			seg.ListOptions = &resultjson.TextListOptions{Type: kind}
			if k := len(segs); k > 0 && sameRange(segs[k-1], seg) {
				segs[k-1].Characters += seg.Characters
				segs[k-1].End = seg.End
				continue
			}
			segs = append(segs, seg)
		}
		chars.WriteString(n.Characters)
		at += utf16Len(n.Characters)
	}
	return chars.String(), segs
}

// spacedList gives the first item's TEXT the list Figma draws for items with space between each
// two (resultjson.ListText): the items' characters as paragraphs, their ranges with
// listOptions and listSpacing, down to the last item's bottom. Every item's TEXT and marker TEXT
// stay as they are, for a reader that ignores the list.
func (s *Setter) spacedList(l *figmaList) {
	items := l.items
	chars, segs := listParagraphs(items, l.kind)
	for i := range segs {
		segs[i].ListSpacing = l.spacing
	}
	first, last := items[0].text.Out, items[len(items)-1].text.Out
	lt := &resultjson.ListText{Characters: chars, Height: last.Y + last.Height - first.Y, StyledTextSegments: segs}
	for i, it := range items {
		lt.Replaces = append(lt.Replaces, it.marker.Out.ID)
		if i > 0 {
			lt.Replaces = append(lt.Replaces, it.text.Out.ID)
		}
	}
	first.ListText = lt
	first.HangingList = true
}

// sameRange says whether segments a and b have the same style (all but their characters and
// offsets): the end of one item and the start of the next are one range.
func sameRange(a, b resultjson.StyledTextSegment) bool {
	a.Characters, a.Start, a.End = "", 0, 0
	b.Characters, b.Start, b.End = "", 0, 0
	ja, erra := json.Marshal(a)
	jb, errb := json.Marshal(b)
	return erra == nil && errb == nil && bytes.Equal(ja, jb)
}
