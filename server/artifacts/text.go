package artifacts

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
)

// Styled text (result version 2, docs/results.md "Styled text"): a TEXT node may carry
// "styledTextSegments", a list of ranges of its characters in one style each, with the members of
// Figma's StyledTextSegment (getStyledTextSegments; the plugin applies each with setRange*):
//
//	{"characters": "and a link", "start": 24, "end": 34, "fontName": {...}, "fontSize": 20,
//	 "fills": [...], "hyperlink": {"type": "URL", "value": "https://..."}, ...}
//
// Offsets count UTF-16 code units (JavaScript string offsets, as Figma's API counts them), end
// exclusive. The rules: every segment has integer start < end within the characters, not
// splitting a surrogate pair; the segments are in order and neither overlap nor leave a gap, so
// together they cover the characters exactly (no segments for empty characters); a segment's
// optional "characters" equals its range; its "fills" follow the paint rules of the node's.
// Other members pass to the plugin unchecked, as a node's do.

// Text node members beyond the typography (docs/results.md "Styled text", docs/conversion.md
// "Text" and "Lists"), with the Figma Plugin API's names and values: textTruncation (DISABLED or
// ENDING) and maxLines (1 to MaxLines, only with ENDING), textWrapStyle (AUTO, BALANCE or
// PRETTY: CSS text-wrap-style, TextNode.textWrapStyle), paragraphIndent (px, 0 to
// MaxLayoutLength), hangingList and listMarker (booleans, TEXT only), a segment's listOptions
// ({"type": ORDERED, UNORDERED or NONE}) and listSpacing (px, 0 to MaxLayoutLength), and the
// format's listText (TEXT only, below).

// MaxLines bounds a truncated TEXT's maxLines (a page shows no more lines before an ellipsis).
const MaxLines = 10000

var (
	textTruncations = map[string]bool{"DISABLED": true, "ENDING": true}
	textWrapStyles  = map[string]bool{"AUTO": true, "BALANCE": true, "PRETTY": true}
	listTypes       = map[string]bool{"ORDERED": true, "UNORDERED": true, "NONE": true}
)

// textMembers is what a node says with the text members above.
type textMembers struct {
	truncation, wrapStyle *string
	maxLines              *float64
	// hangingList and hasListMarker say the members are present (either value); listMarker is
	// listMarker's value.
	hangingList, hasListMarker, listMarker bool
	// lists says a segment has listOptions of ORDERED or UNORDERED.
	lists bool
	// list is the node's listText (nil without one).
	list *listText
}

// listText is what the backend reads of a TEXT's listText: the one TEXT Figma's list draws for
// a list whose items have space between them (docs/results.md "Text members"), as members of
// the first item's TEXT: "characters" (string), "height" (px, 0 to MaxLayoutLength),
// "styledTextSegments" (the styled text rules, covering its characters, at least one range a
// list) and "replaces" (1 to MaxNodeCount ids of sibling TEXTs it draws, each once: the items'
// markers and the items after the first). A reader that ignores it draws those siblings, where
// the page drew the list.
type listText struct {
	characters *string
	height     *float64
	segments   []segmentRange
	replaces   []string
}

// isTextMember says whether key is one of the node-level text members above.
func isTextMember(key string) bool {
	switch key {
	case "textTruncation", "maxLines", "textWrapStyle", "paragraphIndent", "hangingList", "listMarker":
		return true
	}
	return false
}

// textMember reads one node-level text member into tm.
func (w *treeWalker) textMember(key string, tm *textMembers) error {
	switch key {
	case "textTruncation", "textWrapStyle":
		values, into := textTruncations, &tm.truncation
		if key == "textWrapStyle" {
			values, into = textWrapStyles, &tm.wrapStyle
		}
		s, err := w.str(key)
		if err != nil {
			return err
		}
		if !values[*s] {
			return fmt.Errorf("%q has an unknown value %q", key, *s)
		}
		*into = s
	case "maxLines":
		v, err := w.num(key)
		if err != nil || v != math.Trunc(v) || v < 1 || v > MaxLines {
			return fmt.Errorf("%q must be an integer from 1 to %d", key, MaxLines)
		}
		tm.maxLines = &v
	case "paragraphIndent":
		if _, err := w.layoutLength(`"paragraphIndent"`); err != nil {
			return err
		}
	case "hangingList", "listMarker":
		v, err := w.boolean(key)
		if err != nil {
			return err
		}
		if key == "hangingList" {
			tm.hangingList = true
		} else {
			tm.hasListMarker, tm.listMarker = true, v
		}
	}
	return nil
}

// checkText applies the rules of the text members to a node of type typ.
func (tm *textMembers) checkText(typ, id string) error {
	switch {
	case typ != NodeText && (tm.truncation != nil || tm.maxLines != nil || tm.wrapStyle != nil || tm.hangingList || tm.hasListMarker):
		return fmt.Errorf("node %q is a %s, which cannot have textTruncation, maxLines, textWrapStyle, hangingList or listMarker", id, typ)
	case tm.maxLines != nil && (tm.truncation == nil || *tm.truncation != "ENDING"):
		return fmt.Errorf("TEXT node %q has maxLines without textTruncation ENDING", id)
	}
	return nil
}

// checkListMarkers refuses children of node id with a listMarker TEXT but no TEXT with list
// ranges: a reader that draws lists leaves the marker out, and nothing would draw it.
func checkListMarkers(id string, children []childStructure) error {
	marker, lists := "", false
	for _, c := range children {
		if c.listMarker && marker == "" {
			marker = c.id
		}
		lists = lists || c.lists
	}
	if marker != "" && !lists {
		return fmt.Errorf("node %q is a listMarker, but no TEXT beside it (in %q) has list ranges (listOptions)", marker, id)
	}
	return nil
}

// listTextMember reads a node's "listText" object.
func (w *treeWalker) listTextMember(refs []pendingRef) (*listText, []pendingRef, error) {
	if err := w.expectDelim('{', `an object in "listText"`); err != nil {
		return nil, refs, err
	}
	lt := &listText{}
	seen := make(map[string]struct{}, 4)
	for w.dec.More() {
		key, err := w.key(seen)
		if err != nil {
			return nil, refs, err
		}
		switch key {
		case "characters":
			lt.characters, err = w.str("listText characters")
		case "height":
			var v float64
			v, err = w.layoutLength(`"listText" height`)
			lt.height = &v
		case "styledTextSegments":
			lt.segments, refs, err = w.segments(refs)
		case "replaces":
			lt.replaces, err = w.idList(`"listText" replaces`)
		default:
			err = fmt.Errorf(`"listText" has an unknown member %q`, key)
		}
		if err != nil {
			return nil, refs, err
		}
	}
	return lt, refs, w.expectDelim('}', `the end of "listText"`)
}

// idList reads a list of node ids (1 to MaxNodeCount strings).
func (w *treeWalker) idList(what string) ([]string, error) {
	if err := w.expectDelim('[', "a list in "+what); err != nil {
		return nil, err
	}
	var ids []string
	for w.dec.More() {
		id, err := w.str(what)
		if err != nil {
			return nil, err
		}
		if len(ids) == MaxNodeCount {
			return nil, fmt.Errorf("%s has more than %d ids", what, MaxNodeCount)
		}
		ids = append(ids, *id)
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("%s is empty", what)
	}
	return ids, w.expectDelim(']', "the end of "+what)
}

// check applies the listText rules that need only the node itself (a TEXT, id).
func (lt *listText) check(typ, id string) error {
	switch {
	case typ != NodeText:
		return fmt.Errorf("node %q is a %s, which cannot have listText", id, typ)
	case lt.characters == nil || lt.height == nil || lt.segments == nil || lt.replaces == nil:
		return fmt.Errorf(`TEXT node %q: "listText" needs characters, height, styledTextSegments and replaces`, id)
	}
	if err := checkSegments(*lt.characters, lt.segments); err != nil {
		return fmt.Errorf("TEXT node %q: listText: %w", id, err)
	}
	if !slices.ContainsFunc(lt.segments, func(s segmentRange) bool { return s.listed }) {
		return fmt.Errorf("TEXT node %q: listText has no list range (listOptions ORDERED or UNORDERED)", id)
	}
	return nil
}

// checkListTexts applies the listText rules a parent (node id, of layoutMode mode) decides:
// each id a listText replaces is a TEXT among the children other than one with a listText, and
// no child is replaced twice; and the parent lays none of them out (a reader that draws the list
// leaves the replaced nodes out, which would move their siblings in an auto-layout frame).
func checkListTexts(id, mode string, children []childStructure) error {
	byID := make(map[string]*childStructure, len(children))
	for i := range children {
		byID[children[i].id] = &children[i]
	}
	replaced := map[string]string{}
	for _, c := range children {
		if c.listText == nil {
			continue
		}
		if mode != "" && mode != "NONE" {
			return fmt.Errorf("node %q has a listText, but its parent %q is an auto-layout frame (layoutMode %s)", c.id, id, mode)
		}
		for _, r := range c.listText.replaces {
			s := byID[r]
			switch {
			case s == nil:
				return fmt.Errorf("node %q: listText replaces %q, which is no child of %q", c.id, r, id)
			case !s.text || s.listText != nil:
				return fmt.Errorf("node %q: listText replaces %q, which is not a TEXT without a listText", c.id, r)
			case replaced[r] != "":
				return fmt.Errorf("node %q: listText replaces %q, which %q replaces too", c.id, r, replaced[r])
			}
			replaced[r] = c.id
		}
	}
	return nil
}

// listSignature encodes which children carry a listText and which siblings each replaces, by
// child index, for the component shape of their parent: uses must agree on it, as each names its
// own ids (nil when no child carries a list).
func listSignature(children []childStructure) []byte {
	var at map[string]int
	var b []byte
	for i, c := range children {
		if c.listText == nil {
			continue
		}
		if at == nil {
			at = make(map[string]int, len(children))
			for j, k := range children {
				at[k.id] = j
			}
		}
		b = append(strconv.AppendInt(b, int64(i), 10), ':')
		for _, id := range c.listText.replaces {
			b = append(strconv.AppendInt(b, int64(at[id]), 10), ',')
		}
		b = append(b, ';')
	}
	return b
}

// markListDrawn records the children (of a parent of layoutMode mode) that a reader drawing lists
// leaves out or draws as the list: those a sibling's listText replaces, listMarker TEXTs unless
// they flow in an auto-layout parent, and the TEXTs carrying a listText (docs/results.md "Text
// members").
func (w *treeWalker) markListDrawn(mode string, children []childStructure) {
	flow := mode == "HORIZONTAL" || mode == "VERTICAL" || mode == "GRID"
	for _, c := range children {
		if c.listText != nil {
			w.drawn(c.id) // drawn with the list's characters, which an override's ranges do not cover
			for _, r := range c.listText.replaces {
				w.drawn(r)
			}
		}
		if c.listMarker && (!flow || c.absolute) {
			w.drawn(c.id)
		}
	}
}

func (w *treeWalker) drawn(id string) {
	if w.listDrawn == nil {
		w.listDrawn = map[string]bool{}
	}
	w.listDrawn[id] = true
}

// segmentRange is what the backend reads of one styled text segment.
type segmentRange struct {
	start, end float64
	hasStart   bool
	hasEnd     bool
	characters *string
	// listed says the segment's listOptions are ORDERED or UNORDERED.
	listed bool
	// textStyleID is the segment's textStyleId ("" without one): a TEXT style of styles that
	// the range is set in (Figma's setRangeTextStyleIdAsync).
	textStyleID string
}

// segmentStyleUses adds the style references of segs, the styled text segments of node id read
// from member (its "styledTextSegments", a listText's or a variant override's), to the tree's:
// each textStyleId must name a TEXT style of styles.
func (w *treeWalker) segmentStyleUses(id, member string, segs []segmentRange) {
	for i, s := range segs {
		if s.textStyleID != "" {
			w.styleUses = append(w.styleUses, StyleRefUse{Ref: s.textStyleID, Type: StyleText, NodeID: id, Member: fmt.Sprintf("%s[%d].textStyleId", member, i)})
		}
	}
}

// segments reads a "styledTextSegments" list.
func (w *treeWalker) segments(refs []pendingRef) ([]segmentRange, []pendingRef, error) {
	if err := w.expectDelim('[', `a list in "styledTextSegments"`); err != nil {
		return nil, refs, err
	}
	var out []segmentRange
	for w.dec.More() {
		if err := w.expectDelim('{', `a segment in "styledTextSegments"`); err != nil {
			return nil, refs, err
		}
		var s segmentRange
		seen := make(map[string]struct{}, 12)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return nil, refs, err
			}
			switch key {
			case "start":
				s.start, err = w.num("segment start")
				s.hasStart = true
			case "end":
				s.end, err = w.num("segment end")
				s.hasEnd = true
			case "characters":
				s.characters, err = w.str("segment characters")
			case "fills":
				refs, err = w.paints("fills", refs)
			case "listOptions":
				s.listed, err = w.listOptions()
			case "listSpacing":
				_, err = w.layoutLength(`a segment's "listSpacing"`)
			case "textStyleId":
				var id *string
				if id, err = w.str("segment textStyleId"); err == nil {
					if !lengthIn(*id, 1, MaxIdentifierLength) {
						err = fmt.Errorf(`a segment's "textStyleId" must be a style id of 1-%d characters`, MaxIdentifierLength)
					}
					s.textStyleID = *id
				}
			default:
				refs, err = w.skip(1, refs)
			}
			if err != nil {
				return nil, refs, err
			}
		}
		if err := w.expectDelim('}', "the end of a segment"); err != nil {
			return nil, refs, err
		}
		out = append(out, s)
	}
	return out, refs, w.expectDelim(']', `the end of "styledTextSegments"`)
}

// listOptions reads a segment's listOptions, Figma's TextListOptions {"type": ORDERED, UNORDERED
// or NONE}, and says whether it makes a list.
func (w *treeWalker) listOptions() (bool, error) {
	if err := w.expectDelim('{', `an object in "listOptions"`); err != nil {
		return false, err
	}
	var typ *string
	seen := make(map[string]struct{}, 1)
	for w.dec.More() {
		key, err := w.key(seen)
		if err != nil {
			return false, err
		}
		if key != "type" {
			return false, fmt.Errorf(`"listOptions" has an unknown member %q`, key)
		}
		if typ, err = w.str("listOptions type"); err != nil {
			return false, err
		}
	}
	if err := w.expectDelim('}', `the end of "listOptions"`); err != nil {
		return false, err
	}
	if typ == nil || !listTypes[*typ] {
		return false, fmt.Errorf(`"listOptions" needs a type of ORDERED, UNORDERED or NONE (got %s)`, quoted(typ))
	}
	return *typ != "NONE", nil
}

// checkSegments applies the styled text rules to the segments of a TEXT node with characters.
func checkSegments(characters string, segs []segmentRange) error {
	units := utf16.Encode([]rune(characters))
	n := len(units)
	if n > 0 && len(segs) == 0 {
		return fmt.Errorf("styledTextSegments is empty but the characters are not")
	}
	at := 0
	for i, s := range segs {
		switch {
		case !s.hasStart || !s.hasEnd:
			return fmt.Errorf("styled text segment %d needs a start and an end", i)
		case !isIndex(s.start) || !isIndex(s.end):
			return fmt.Errorf("styled text segment %d: start and end must be integers from 0", i)
		}
		start, end := int(s.start), int(s.end)
		switch {
		case start >= end:
			return fmt.Errorf("styled text segment %d is empty or reversed (start %d, end %d)", i, start, end)
		case end > n:
			return fmt.Errorf("styled text segment %d ends at %d, past the %d UTF-16 units of the characters", i, end, n)
		case start < at:
			return fmt.Errorf("styled text segment %d starts at %d, inside the segment before it (out of order or overlapping)", i, start)
		case start > at:
			return fmt.Errorf("styled text segment %d starts at %d, leaving units %d to %d uncovered", i, start, at, start)
		case splitsPair(units, start) || splitsPair(units, end):
			return fmt.Errorf("styled text segment %d splits a character (a UTF-16 surrogate pair)", i)
		}
		if s.characters != nil && *s.characters != string(utf16.Decode(units[start:end])) {
			return fmt.Errorf("styled text segment %d: its characters differ from the node's range %d to %d", i, start, end)
		}
		at = end
	}
	if at < n {
		return fmt.Errorf("styled text segments end at %d, leaving units %d to %d uncovered", at, at, n)
	}
	return nil
}

// isIndex reports whether v is a whole number from 0 up to the largest int32.
func isIndex(v float64) bool {
	return v >= 0 && v <= math.MaxInt32 && v == math.Trunc(v)
}

// splitsPair reports whether offset i falls between the halves of a surrogate pair.
func splitsPair(units []uint16, i int) bool {
	return i > 0 && i < len(units) && utf16.IsSurrogate(rune(units[i])) && units[i] >= 0xDC00 && units[i-1] >= 0xD800 && units[i-1] < 0xDC00
}

// layoutLength reads a length of px from 0 to MaxLayoutLength; what names it in the error.
func (w *treeWalker) layoutLength(what string) (float64, error) {
	v, err := w.num(what)
	if err != nil || math.IsNaN(v) || v < 0 || v > MaxLayoutLength {
		return 0, fmt.Errorf("%s must be a number of px from 0 to %d", what, MaxLayoutLength)
	}
	return v, nil
}

func (w *treeWalker) num(what string) (float64, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return 0, err
	}
	v, ok := tok.(float64)
	if !ok {
		return 0, fmt.Errorf("%q must be a number", what)
	}
	return v, nil
}
