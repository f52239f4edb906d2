package artifacts

import (
	"fmt"
	"strings"
)

// Variants of one kind (docs/results.md "Components"): the first use of a component may say
// that the component is a variant in the component set of another (variantOf, that component's
// id) and name its value of the set's Variant property (variantProperties: {"Variant": value});
// the named component is the set's Default variant. The plugin makes one component set of the
// Default and its variants. Every use is still checked against its own component's first use.

// Bounds of the component sets of variants of one kind.
const (
	// MaxSetVariants is the most components of one set, its Default included.
	MaxSetVariants = 8
	// MaxVariantValueLength bounds a Variant value, in characters.
	MaxVariantValueLength = 64
	// variantProperty is the one property of variantProperties on a node.
	variantProperty = "Variant"
	// defaultVariant is the Default component's value, which no variant may take.
	defaultVariant = "Default"
	// variantNameSeparators separate the properties and values of a variant component's name
	// in Figma ("Variant=Active, State=Default"): no Variant value holds them.
	variantNameSeparators = ",="
)

// setVariant is what a node says of its component's place in a set: the component whose set it
// is a variant of and its Variant value (both nil on other nodes).
type setVariant struct {
	of, value *string
}

// setVariantProperties reads a node's {"Variant": value}: one property, a value of 1 to
// MaxVariantValueLength characters other than Default, without "," and "=" (Figma's variant
// names are "Variant=value, State=Default").
func (w *treeWalker) setVariantProperties() (*string, error) {
	w.structured = true
	if err := w.expectDelim('{', `an object in "variantProperties"`); err != nil {
		return nil, err
	}
	var value *string
	seen := make(map[string]struct{}, 1)
	for w.dec.More() {
		key, err := w.key(seen)
		if err != nil {
			return nil, err
		}
		if key != variantProperty {
			return nil, fmt.Errorf(`"variantProperties" of a node has an unknown property %q, want %q`, key, variantProperty)
		}
		if value, err = w.str(key); err != nil {
			return nil, err
		}
		if !lengthIn(*value, 1, MaxVariantValueLength) {
			return nil, fmt.Errorf("a Variant value must have 1 to %d characters", MaxVariantValueLength)
		}
		if strings.ContainsAny(*value, variantNameSeparators) {
			return nil, fmt.Errorf(`a Variant value holds "," or "=", which separate the properties of a variant's name in Figma: %q`, *value)
		}
		if *value == defaultVariant {
			return nil, fmt.Errorf("a variant's Variant value is %q, which names its set's Default component", defaultVariant)
		}
	}
	if value == nil {
		return nil, fmt.Errorf(`"variantProperties" of a node has no %q`, variantProperty)
	}
	return value, w.expectDelim('}', `the end of "variantProperties"`)
}

// check applies the rules of one node: variantOf and variantProperties together, on a
// component's first use (with componentName) only, naming another component, and not with
// componentVariants (a variant of one kind has no states of its own).
func (s setVariant) check(id string, compID, compName *string, hasStates bool) error {
	switch {
	case s.of == nil && s.value == nil:
		return nil
	case s.of == nil || s.value == nil:
		return fmt.Errorf("node %q has one of variantOf and variantProperties without the other", id)
	case compID == nil || compName == nil:
		return fmt.Errorf("node %q has variantOf but is not the first use of a component (no componentId and componentName)", id)
	case *s.of == *compID:
		return fmt.Errorf("node %q: component %q is a variant of itself", id, *compID)
	case hasStates:
		return fmt.Errorf("node %q has variantOf and componentVariants; a variant of another component's set has no states of its own", id)
	}
	return nil
}

// checkSets applies the rules across components (first: each component's first use): variantOf
// names a component of the tree that is no variant itself; a set has at most MaxSetVariants
// components and each Variant value once.
func checkSets(uses []componentUse, first map[string]componentUse) error {
	values := map[string]map[string]bool{}
	for _, u := range uses {
		if u.set.of == nil || first[u.id].nodeID != u.nodeID {
			continue
		}
		def, ok := first[*u.set.of]
		switch {
		case !ok:
			return invalid(ErrInvalidTree, "result node tree: node %q is a variant of component %q, which no node uses", u.nodeID, *u.set.of)
		case def.set.of != nil:
			return invalid(ErrInvalidTree, "result node tree: node %q is a variant of component %q, which is itself a variant of %q", u.nodeID, *u.set.of, *def.set.of)
		}
		set := values[*u.set.of]
		if set == nil {
			set = map[string]bool{}
			values[*u.set.of] = set
		}
		if set[*u.set.value] {
			return invalid(ErrInvalidTree, "result node tree: two variants of component %q have Variant %q", *u.set.of, *u.set.value)
		}
		if len(set)+2 > MaxSetVariants { // the Default, the variants so far and this one
			return invalid(ErrInvalidTree, "result node tree: component %q has more than %d variants with its own", *u.set.of, MaxSetVariants)
		}
		set[*u.set.value] = true
	}
	// No component of a set holds a use of a component of the same set (the plugin builds a set
	// from its components' first uses: a variant holding its own set would need the set first).
	setOf := func(id string) string {
		if of := first[id].set.of; of != nil {
			return *of
		}
		return id
	}
	for i, u := range uses {
		for _, v := range uses[u.inside:i] {
			if s := setOf(u.id); s == setOf(v.id) {
				return invalid(ErrInvalidTree, "result node tree: node %q is a use of component %q but holds a use of %q, of the same component set", u.nodeID, u.id, v.id)
			}
		}
	}
	return nil
}
