package artifacts

import (
	"fmt"
	"math"
	"slices"
)

// Result version 2 node members (docs/results.md "Version 2"): auto layout, scroll behaviour and
// style references, with the Figma Plugin API's names and values. Version 1 results have none of
// them. The tree walker (tree.go) reads them into a nodeStructure and checks them here.

// Bounds of the version 2 node members.
const (
	// MaxLayoutLength bounds padding and spacing values, in px (the converter's largest page side
	// is far below it).
	MaxLayoutLength = 100000
	// MaxGridTracks bounds gridRowCount and gridColumnCount of a GRID frame.
	MaxGridTracks = 1000
)

// Allowed values of the version 2 node members (Figma Plugin API).
var (
	layoutModes      = map[string]bool{"NONE": true, "HORIZONTAL": true, "VERTICAL": true, "GRID": true}
	layoutWraps      = map[string]bool{"NO_WRAP": true, "WRAP": true}
	primaryAligns    = map[string]bool{"MIN": true, "CENTER": true, "MAX": true, "SPACE_BETWEEN": true}
	counterAligns    = map[string]bool{"MIN": true, "CENTER": true, "MAX": true, "BASELINE": true}
	layoutSizings    = map[string]bool{"FIXED": true, "HUG": true, "FILL": true}
	layoutPositions  = map[string]bool{"AUTO": true, "ABSOLUTE": true}
	scrollBehaviors  = map[string]bool{"SCROLLS": true, "FIXED": true, "STICKY_SCROLLS": true}
	gridChildAligns  = map[string]bool{"MIN": true, "CENTER": true, "MAX": true, "AUTO": true}
	structureEnums   = map[string]map[string]bool{"layoutMode": layoutModes, "layoutWrap": layoutWraps, "primaryAxisAlignItems": primaryAligns, "counterAxisAlignItems": counterAligns, "layoutSizingHorizontal": layoutSizings, "layoutSizingVertical": layoutSizings, "layoutPositioning": layoutPositions, "scrollBehavior": scrollBehaviors, "gridChildHorizontalAlign": gridChildAligns, "gridChildVerticalAlign": gridChildAligns}
	structureLengths = map[string]bool{"paddingLeft": true, "paddingRight": true, "paddingTop": true, "paddingBottom": true, "itemSpacing": true, "counterAxisSpacing": true, "gridRowGap": true, "gridColumnGap": true}
	// flowMembers are the members of a HORIZONTAL or VERTICAL frame only; gridFrameMembers those
	// of a GRID frame; gridChildMembers those of a child of a GRID frame.
	flowMembers       = []string{"layoutWrap", "primaryAxisAlignItems", "counterAxisAlignItems", "itemSpacing", "counterAxisSpacing"}
	gridFrameMembers  = []string{"gridRowCount", "gridColumnCount", "gridRowGap", "gridColumnGap", "gridRowSizes", "gridColumnSizes"}
	gridChildMembers  = []string{"gridRowAnchorIndex", "gridColumnAnchorIndex", "gridRowSpan", "gridColumnSpan", "gridChildHorizontalAlign", "gridChildVerticalAlign"}
	structureIntegers = map[string][2]int{"gridRowCount": {1, MaxGridTracks}, "gridColumnCount": {1, MaxGridTracks}, "gridRowSpan": {1, MaxGridTracks}, "gridColumnSpan": {1, MaxGridTracks}, "gridRowAnchorIndex": {0, MaxGridTracks - 1}, "gridColumnAnchorIndex": {0, MaxGridTracks - 1}}
	gridTrackTypes    = map[string]bool{"FIXED": true, "FLEX": true, "HUG": true}
	structureStyleIDs = map[string]string{"fillStyleId": StylePaint, "strokeStyleId": StylePaint, "textStyleId": StyleText, "effectStyleId": StyleEffect}
	// structureSizeLimits are Figma's minWidth, maxWidth, minHeight and maxHeight: px of an
	// auto-layout frame or a child of one.
	structureSizeLimits = map[string]bool{"minWidth": true, "maxWidth": true, "minHeight": true, "maxHeight": true}
)

// itemReverseZIndex is Figma's member of an auto-layout frame that paints its first child on top
// (the reverse of the layer order): a boolean, on a frame with layoutMode only.
const itemReverseZIndex = "itemReverseZIndex"

// isStructureMember says whether a node member name is a version 2 member.
func isStructureMember(key string) bool {
	_, style := structureStyleIDs[key]
	_, integer := structureIntegers[key]
	return structureEnums[key] != nil || structureLengths[key] || structureSizeLimits[key] || style || integer || key == "gridRowSizes" || key == "gridColumnSizes" || key == itemReverseZIndex
}

// nodeStructure is what one node says with version 2 members.
type nodeStructure struct {
	enums   map[string]string
	lengths map[string]float64
	styles  map[string]string
	// sizeLimits holds minWidth, maxWidth, minHeight and maxHeight.
	sizeLimits map[string]float64
	integers   map[string]int
	// tracks holds gridRowSizes and gridColumnSizes: how many entries each has.
	tracks map[string]int
	// reverseZIndex says the node has itemReverseZIndex (true or false).
	reverseZIndex bool
	// children summarizes the node's children, for the rules a parent decides.
	children []childStructure
}

// childStructure is what a parent needs to know of a child.
type childStructure struct {
	id string
	// needsAutoLayout names a member that is only valid in an auto-layout parent ("" if none).
	needsAutoLayout string
	// gridMember names a member that is only valid in a GRID parent ("" if none); absolute says
	// the child is ABSOLUTE; cell is its grid area when it has both anchor indices.
	gridMember string
	absolute   bool
	cell       *gridArea
	// listMarker says the child is a TEXT marked listMarker; lists that it is a TEXT with list
	// ranges (a segment's listOptions ORDERED or UNORDERED).
	listMarker, lists bool
	// text says the child is a TEXT; listText is its listText (nil without one).
	text     bool
	listText *listText
	// shapes are the child's shape as a layer of a component's use, by the axes on which its
	// parent lets it move and grow; grows says where it grows itself (components.go).
	shapes [4]shapeKey
	grows  growth
}

// gridArea is the cells a child of a GRID frame covers.
type gridArea struct {
	row, column, rowSpan, columnSpan int
}

// structureMember reads a version 2 member of a node.
func (w *treeWalker) structureMember(key string, st *nodeStructure) error {
	w.structured = true
	if bounds, ok := structureIntegers[key]; ok {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		v, ok := tok.(float64)
		if !ok || v != math.Trunc(v) || v < float64(bounds[0]) || v > float64(bounds[1]) {
			return fmt.Errorf("%q must be an integer from %d to %d", key, bounds[0], bounds[1])
		}
		if st.integers == nil {
			st.integers = map[string]int{}
		}
		st.integers[key] = int(v)
		return nil
	}
	if key == itemReverseZIndex {
		if _, err := w.boolean(key); err != nil {
			return err
		}
		st.reverseZIndex = true
		return nil
	}
	if key == "gridRowSizes" || key == "gridColumnSizes" {
		n, err := w.gridTrackSizes(key)
		if err != nil {
			return err
		}
		if st.tracks == nil {
			st.tracks = map[string]int{}
		}
		st.tracks[key] = n
		return nil
	}
	if structureLengths[key] || structureSizeLimits[key] {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		v, ok := tok.(float64)
		limit := float64(MaxLayoutLength)
		if !ok || math.IsNaN(v) || v > limit || v < -limit || (v < 0 && key != "itemSpacing") {
			return fmt.Errorf("%q must be a number of px from 0 to %d (itemSpacing from -%d)", key, MaxLayoutLength, MaxLayoutLength)
		}
		m := &st.lengths
		if structureSizeLimits[key] {
			m = &st.sizeLimits
		}
		if *m == nil {
			*m = map[string]float64{}
		}
		(*m)[key] = v
		return nil
	}
	s, err := w.str(key)
	if err != nil {
		return err
	}
	if kind, ok := structureStyleIDs[key]; ok {
		if !lengthIn(*s, 1, MaxIdentifierLength) {
			return fmt.Errorf("%q must be a style id of 1-%d characters", key, MaxIdentifierLength)
		}
		if st.styles == nil {
			st.styles = map[string]string{}
		}
		st.styles[key] = *s
		_ = kind
		return nil
	}
	if !structureEnums[key][*s] {
		return fmt.Errorf("%q has an unknown value %q", key, *s)
	}
	if st.enums == nil {
		st.enums = map[string]string{}
	}
	st.enums[key] = *s
	return nil
}

// gridTrackSizes reads a list of Figma GridTrackSizes, {"type": FIXED|FLEX|HUG, "value": px or
// fr}: FIXED with a value from 0 to MaxLayoutLength, FLEX with an optional value above 0 up to
// MaxLayoutLength, HUG without one; 1 to MaxGridTracks entries. It returns how many there are.
func (w *treeWalker) gridTrackSizes(key string) (int, error) {
	if err := w.expectDelim('[', fmt.Sprintf("a list in %q", key)); err != nil {
		return 0, err
	}
	n := 0
	for w.dec.More() {
		n++
		if n > MaxGridTracks {
			return 0, fmt.Errorf("%q has more than %d entries", key, MaxGridTracks)
		}
		var t struct {
			Type  *string
			Value *float64
		}
		if err := w.expectDelim('{', fmt.Sprintf("an object in %q", key)); err != nil {
			return 0, err
		}
		seen := map[string]struct{}{}
		for w.dec.More() {
			k, err := w.key(seen)
			if err != nil {
				return 0, err
			}
			switch k {
			case "type":
				t.Type, err = w.str(key + ".type")
			case "value":
				var v float64
				v, err = w.num(key + ".value")
				t.Value = &v
			default:
				err = fmt.Errorf("%q[%d] has an unknown member %q", key, n-1, k)
			}
			if err != nil {
				return 0, err
			}
		}
		if err := w.expectDelim('}', fmt.Sprintf("the end of an object in %q", key)); err != nil {
			return 0, err
		}
		if t.Type == nil || !gridTrackTypes[*t.Type] {
			return 0, fmt.Errorf("%q[%d] has no type FIXED, FLEX or HUG", key, n-1)
		}
		switch *t.Type {
		case "FIXED":
			if t.Value == nil || *t.Value < 0 || *t.Value > MaxLayoutLength {
				return 0, fmt.Errorf("%q[%d] is FIXED, which needs a value of px from 0 to %d", key, n-1, MaxLayoutLength)
			}
		case "FLEX":
			if t.Value != nil && (*t.Value <= 0 || *t.Value > MaxLayoutLength) {
				return 0, fmt.Errorf("%q[%d] is FLEX, whose value must be above 0 and at most %d", key, n-1, MaxLayoutLength)
			}
		case "HUG":
			if t.Value != nil {
				return 0, fmt.Errorf("%q[%d] is HUG, which has no value", key, n-1)
			}
		}
	}
	if err := w.expectDelim(']', fmt.Sprintf("the end of %q", key)); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, fmt.Errorf("%q is empty", key)
	}
	return n, nil
}

// checkStructure applies the rules of the version 2 members of one node of type typ, records
// its style references, and returns what its parent must check.
func (w *treeWalker) checkStructure(typ, id string, st *nodeStructure) (childStructure, error) {
	child := childStructure{id: id}
	mode := st.enums["layoutMode"]
	flow := mode == "HORIZONTAL" || mode == "VERTICAL"
	auto := flow || mode == "GRID"
	if mode != "" && typ != NodeFrame {
		return child, fmt.Errorf("node %q is a %s, which cannot have layoutMode", id, typ)
	}
	if !flow {
		for _, k := range flowMembers {
			if st.has(k) {
				return child, fmt.Errorf("node %q has %s without auto layout (layoutMode HORIZONTAL or VERTICAL)", id, k)
			}
		}
	}
	if !auto {
		if st.reverseZIndex {
			return child, fmt.Errorf("node %q has %s without auto layout (layoutMode HORIZONTAL, VERTICAL or GRID)", id, itemReverseZIndex)
		}
		for k := range st.lengths {
			if !slices.Contains(gridFrameMembers, k) {
				return child, fmt.Errorf("node %q has %s without auto layout (layoutMode HORIZONTAL, VERTICAL or GRID)", id, k)
			}
		}
	}
	if err := checkGridFrame(id, mode, st); err != nil {
		return child, err
	}
	wrap := st.enums["layoutWrap"] == "WRAP"
	if wrap && mode != "HORIZONTAL" {
		return child, fmt.Errorf("node %q wraps (layoutWrap WRAP) but is not HORIZONTAL", id)
	}
	if _, ok := st.lengths["counterAxisSpacing"]; ok && !wrap {
		return child, fmt.Errorf("node %q has counterAxisSpacing without layoutWrap WRAP", id)
	}
	if st.enums["counterAxisAlignItems"] == "BASELINE" && mode != "HORIZONTAL" {
		return child, fmt.Errorf("node %q aligns to the BASELINE but is not HORIZONTAL", id)
	}
	for _, k := range []string{"layoutSizingHorizontal", "layoutSizingVertical"} {
		switch st.enums[k] {
		case "HUG":
			if !auto && typ != NodeText {
				return child, fmt.Errorf("node %q has %s HUG, which needs auto layout or a TEXT node", id, k)
			}
		case "FILL":
			child.needsAutoLayout = k + " FILL"
		}
	}
	if st.enums["layoutPositioning"] == "ABSOLUTE" {
		child.needsAutoLayout = "layoutPositioning ABSOLUTE"
		child.absolute = true
	}
	for _, k := range gridChildMembers {
		if st.has(k) {
			child.gridMember = k
			break
		}
	}
	row, hasRow := st.integers["gridRowAnchorIndex"]
	col, hasCol := st.integers["gridColumnAnchorIndex"]
	if hasRow != hasCol {
		return child, fmt.Errorf("node %q has one of gridRowAnchorIndex and gridColumnAnchorIndex without the other", id)
	}
	if hasRow {
		child.cell = &gridArea{row: row, column: col, rowSpan: max(st.integers["gridRowSpan"], 1), columnSpan: max(st.integers["gridColumnSpan"], 1)}
	}
	for _, axis := range [][2]string{{"minWidth", "maxWidth"}, {"minHeight", "maxHeight"}} {
		lo, hasLo := st.sizeLimits[axis[0]]
		hi, hasHi := st.sizeLimits[axis[1]]
		if hasLo && hasHi && lo > hi {
			return child, fmt.Errorf("node %q has %s %v over its %s %v", id, axis[0], lo, axis[1], hi)
		}
		if (hasLo || hasHi) && !auto && child.needsAutoLayout == "" {
			// Figma takes them on an auto-layout frame or a child of one.
			child.needsAutoLayout = axis[0] + "/" + axis[1] + " without auto layout of its own"
		}
	}
	if !auto {
		for _, c := range st.children {
			if c.needsAutoLayout != "" {
				return child, fmt.Errorf("node %q has %s but its parent %q has no auto layout", c.id, c.needsAutoLayout, id)
			}
		}
	}
	if err := checkGridChildren(id, mode, st); err != nil {
		return child, err
	}
	if _, ok := st.styles["textStyleId"]; ok && typ != NodeText {
		return child, fmt.Errorf("node %q is a %s, which cannot have a textStyleId", id, typ)
	}
	for _, k := range []string{"fillStyleId", "strokeStyleId", "textStyleId", "effectStyleId"} {
		if ref, ok := st.styles[k]; ok {
			w.styleUses = append(w.styleUses, StyleRefUse{Ref: ref, Type: structureStyleIDs[k], NodeID: id, Member: k})
		}
	}
	return child, nil
}

// StyleRefUse is one style reference of a node: Ref names an entry of the result's styles of
// Type (PAINT for fillStyleId and strokeStyleId, TEXT for textStyleId, EFFECT for effectStyleId).
type StyleRefUse struct {
	Ref, Type, NodeID, Member string
}

// has says whether node structure st has member k.
func (st *nodeStructure) has(k string) bool {
	if _, ok := st.enums[k]; ok {
		return true
	}
	if _, ok := st.lengths[k]; ok {
		return true
	}
	if _, ok := st.integers[k]; ok {
		return true
	}
	_, ok := st.tracks[k]
	return ok
}

// checkGridFrame applies the rules of a GRID frame's own members: only on a GRID frame, which
// has both counts, and track sizes (when given) one per row and column.
func checkGridFrame(id, mode string, st *nodeStructure) error {
	if mode != "GRID" {
		for _, k := range gridFrameMembers {
			if st.has(k) {
				return fmt.Errorf("node %q has %s but is not a GRID frame (layoutMode GRID)", id, k)
			}
		}
		return nil
	}
	for _, axis := range []string{"Row", "Column"} {
		count, ok := st.integers["grid"+axis+"Count"]
		if !ok {
			return fmt.Errorf("GRID frame %q has no grid%sCount", id, axis)
		}
		if n, ok := st.tracks["grid"+axis+"Sizes"]; ok && n != count {
			return fmt.Errorf("GRID frame %q has %d grid%sSizes for grid%sCount %d", id, n, axis, axis, count)
		}
	}
	return nil
}

// checkGridChildren applies the rules of the children's grid members: a child with any of them
// needs a GRID parent; in a GRID frame every child that is not ABSOLUTE has both anchor indices,
// its area lies within the frame's rows and columns, and no two children share a cell (Figma
// refuses to place a child on an occupied cell). The cells are marked in a bitmap of at most
// MaxGridTracks² bits, and marking stops at the first shared cell.
func checkGridChildren(id, mode string, st *nodeStructure) error {
	if mode != "GRID" {
		for _, c := range st.children {
			if c.gridMember != "" {
				return fmt.Errorf("node %q has %s but its parent %q is not a GRID frame", c.id, c.gridMember, id)
			}
		}
		return nil
	}
	rows, cols := st.integers["gridRowCount"], st.integers["gridColumnCount"]
	taken := make([]uint64, (rows*cols+63)/64)
	for _, c := range st.children {
		if c.absolute {
			if c.gridMember != "" {
				return fmt.Errorf("node %q is ABSOLUTE in GRID frame %q but has %s", c.id, id, c.gridMember)
			}
			continue
		}
		a := c.cell
		if a == nil {
			return fmt.Errorf("node %q in GRID frame %q has no gridRowAnchorIndex and gridColumnAnchorIndex", c.id, id)
		}
		if a.row+a.rowSpan > rows || a.column+a.columnSpan > cols {
			return fmt.Errorf("node %q covers rows %d-%d and columns %d-%d, outside the %d rows and %d columns of GRID frame %q",
				c.id, a.row, a.row+a.rowSpan-1, a.column, a.column+a.columnSpan-1, rows, cols, id)
		}
		for r := a.row; r < a.row+a.rowSpan; r++ {
			for k := a.column; k < a.column+a.columnSpan; k++ {
				bit := r*cols + k
				if taken[bit/64]&(1<<(bit%64)) != 0 {
					return fmt.Errorf("node %q covers row %d, column %d of GRID frame %q, which another child covers", c.id, r, k, id)
				}
				taken[bit/64] |= 1 << (bit % 64)
			}
		}
	}
	return nil
}
