package artifacts

import (
	"fmt"
	"math"
)

// Result version 2 node members (docs/results.md "Version 2"): auto layout, scroll behaviour and
// style references, with the Figma Plugin API's names and values. Version 1 results have none of
// them. The tree walker (tree.go) reads them into a nodeStructure and checks them here.

// Bounds of the version 2 node members.
const (
	// MaxLayoutLength bounds padding and spacing values, in px (the converter's largest page side
	// is far below it).
	MaxLayoutLength = 100000
)

// Allowed values of the version 2 node members (Figma Plugin API).
var (
	layoutModes      = map[string]bool{"NONE": true, "HORIZONTAL": true, "VERTICAL": true}
	layoutWraps      = map[string]bool{"NO_WRAP": true, "WRAP": true}
	primaryAligns    = map[string]bool{"MIN": true, "CENTER": true, "MAX": true, "SPACE_BETWEEN": true}
	counterAligns    = map[string]bool{"MIN": true, "CENTER": true, "MAX": true, "BASELINE": true}
	layoutSizings    = map[string]bool{"FIXED": true, "HUG": true, "FILL": true}
	layoutPositions  = map[string]bool{"AUTO": true, "ABSOLUTE": true}
	scrollBehaviors  = map[string]bool{"SCROLLS": true, "FIXED": true, "STICKY_SCROLLS": true}
	structureEnums   = map[string]map[string]bool{"layoutMode": layoutModes, "layoutWrap": layoutWraps, "primaryAxisAlignItems": primaryAligns, "counterAxisAlignItems": counterAligns, "layoutSizingHorizontal": layoutSizings, "layoutSizingVertical": layoutSizings, "layoutPositioning": layoutPositions, "scrollBehavior": scrollBehaviors}
	structureLengths = map[string]bool{"paddingLeft": true, "paddingRight": true, "paddingTop": true, "paddingBottom": true, "itemSpacing": true, "counterAxisSpacing": true}
	// structureSizeLimits are Figma's minWidth, maxWidth, minHeight and maxHeight: px of an
	// auto-layout frame or a child of one.
	structureSizeLimits = map[string]bool{"minWidth": true, "maxWidth": true, "minHeight": true, "maxHeight": true}
	structureStyleIDs   = map[string]string{"fillStyleId": StylePaint, "strokeStyleId": StylePaint, "textStyleId": StyleText, "effectStyleId": StyleEffect}
)

// isStructureMember says whether a node member name is a version 2 member.
func isStructureMember(key string) bool {
	_, style := structureStyleIDs[key]
	return structureEnums[key] != nil || structureLengths[key] || structureSizeLimits[key] || style
}

// nodeStructure is what one node says with version 2 members.
type nodeStructure struct {
	enums   map[string]string
	lengths map[string]float64
	// sizeLimits holds minWidth, maxWidth, minHeight and maxHeight.
	sizeLimits map[string]float64
	styles     map[string]string
	// children summarizes the node's children, for the rules a parent decides.
	children []childStructure
}

// childStructure is what a parent needs to know of a child.
type childStructure struct {
	id string
	// needsAutoLayout names a member that is only valid in an auto-layout parent ("" if none).
	needsAutoLayout string
}

// structureMember reads a version 2 member of a node.
func (w *treeWalker) structureMember(key string, st *nodeStructure) error {
	w.structured = true
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

// checkStructure applies the rules of the version 2 members of one node of type typ, records
// its style references, and returns what its parent must check.
func (w *treeWalker) checkStructure(typ, id string, st *nodeStructure) (childStructure, error) {
	child := childStructure{id: id}
	mode := st.enums["layoutMode"]
	auto := mode == "HORIZONTAL" || mode == "VERTICAL"
	if mode != "" && typ != NodeFrame {
		return child, fmt.Errorf("node %q is a %s, which cannot have layoutMode", id, typ)
	}
	if !auto {
		for _, k := range []string{"layoutWrap", "primaryAxisAlignItems", "counterAxisAlignItems"} {
			if _, ok := st.enums[k]; ok {
				return child, fmt.Errorf("node %q has %s without auto layout (layoutMode HORIZONTAL or VERTICAL)", id, k)
			}
		}
		for k := range st.lengths {
			return child, fmt.Errorf("node %q has %s without auto layout (layoutMode HORIZONTAL or VERTICAL)", id, k)
		}
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
