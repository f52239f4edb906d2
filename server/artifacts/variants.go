package artifacts

import (
	"fmt"
)

// Component variants (docs/results.md "Components"): the first use of a component may carry
// "componentVariants", the component's other states, which the plugin makes variants of one
// component set with the main component as State=Default. Each variant is
// {"variantProperties": {"State": "Hover"}, "overrides": [{"id": ..., paint members}]}: its
// State one of variantStates, once a use; its overrides name nodes of the use's subtree (the use
// itself included), each at most once, and set only variantOverrideMembers: paint members, and
// visible (a layer the state shows, hidden in Default). An optional "rescale" (a number from
// MinVariantRescale to MaxVariantRescale) scales the variant with its layers (a hover's CSS
// scale); a variant that rescales may have no overrides.

// Bounds of component variants.
const (
	// MaxComponentVariants is the most variants of a component besides its Default (one per
	// other State value).
	MaxComponentVariants = 2
	// MaxVariantOverrides is the most overrides of one variant.
	MaxVariantOverrides = 500
	// MinVariantRescale and MaxVariantRescale bound a variant's rescale, the factor Figma's
	// rescale scales it by with its layers (which takes at least 0.01).
	MinVariantRescale = 0.01
	MaxVariantRescale = 100
)

var (
	// variantStates are the State values a variant may have (Default is the main component).
	variantStates = map[string]bool{"Hover": true, "Focus": true}
	// variantOverrideMembers are the members an override may set besides its id.
	variantOverrideMembers = map[string]bool{"visible": true, "opacity": true, "fills": true, "strokes": true, "strokeWeight": true,
		"strokeTopWeight": true, "strokeRightWeight": true, "strokeBottomWeight": true, "strokeLeftWeight": true,
		"effects": true, "textDecoration": true, "styledTextSegments": true}
)

// variantOverride is one override as read: the node it names and its segments, if any.
type variantOverride struct {
	id          string
	segments    []segmentRange
	hasSegments bool
}

// componentVariants reads a node's "componentVariants" and returns its overrides (checked
// against the node's subtree when the node ends: checkVariants) and the image references of
// their paints.
func (w *treeWalker) componentVariants(refs []pendingRef) ([]variantOverride, []pendingRef, error) {
	w.structured = true
	if err := w.expectDelim('[', `a list in "componentVariants"`); err != nil {
		return nil, refs, err
	}
	var out []variantOverride
	states := map[string]bool{}
	for w.dec.More() {
		if len(states) == MaxComponentVariants {
			return nil, refs, fmt.Errorf(`"componentVariants" has more than %d variants`, MaxComponentVariants)
		}
		if err := w.expectDelim('{', `a variant in "componentVariants"`); err != nil {
			return nil, refs, err
		}
		var state *string
		overrides, rescaled := -1, false
		seen := make(map[string]struct{}, 2)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return nil, refs, err
			}
			switch key {
			case "variantProperties":
				state, err = w.variantProperties()
			case "overrides":
				var o []variantOverride
				o, refs, err = w.variantOverrides(refs)
				overrides = len(o)
				out = append(out, o...)
			case "rescale":
				var v float64
				if v, err = w.num("rescale"); err == nil && !(v >= MinVariantRescale && v <= MaxVariantRescale) {
					err = fmt.Errorf(`a variant's "rescale" must be a number from %v to %v`, MinVariantRescale, MaxVariantRescale)
				}
				rescaled = true
			default:
				err = fmt.Errorf("a variant has an unknown member %q", key)
			}
			if err != nil {
				return nil, refs, err
			}
		}
		if err := w.expectDelim('}', "the end of a variant"); err != nil {
			return nil, refs, err
		}
		switch {
		case state == nil:
			return nil, refs, fmt.Errorf("a variant has no variantProperties")
		case states[*state]:
			return nil, refs, fmt.Errorf("two variants have State %q", *state)
		case overrides < 0:
			return nil, refs, fmt.Errorf("variant State=%s has no overrides member", *state)
		case overrides == 0 && !rescaled:
			return nil, refs, fmt.Errorf("variant State=%s has no overrides and no rescale", *state)
		}
		states[*state] = true
	}
	if len(states) == 0 {
		return nil, refs, fmt.Errorf(`"componentVariants" is empty`)
	}
	return out, refs, w.expectDelim(']', `the end of "componentVariants"`)
}

// variantProperties reads {"State": value} and returns the value, one of variantStates.
func (w *treeWalker) variantProperties() (*string, error) {
	if err := w.expectDelim('{', `an object in "variantProperties"`); err != nil {
		return nil, err
	}
	var state *string
	seen := make(map[string]struct{}, 1)
	for w.dec.More() {
		key, err := w.key(seen)
		if err != nil {
			return nil, err
		}
		if key != "State" {
			return nil, fmt.Errorf(`"variantProperties" has an unknown property %q`, key)
		}
		if state, err = w.str("State"); err != nil {
			return nil, err
		}
		if !variantStates[*state] {
			return nil, fmt.Errorf("a variant has State %q, want Hover or Focus", *state)
		}
	}
	if state == nil {
		return nil, fmt.Errorf(`"variantProperties" has no State`)
	}
	return state, w.expectDelim('}', `the end of "variantProperties"`)
}

// variantOverrides reads a variant's overrides: 1 to MaxVariantOverrides objects, each an id and
// members of variantOverrideMembers (fills and strokes are paints, styledTextSegments segments).
func (w *treeWalker) variantOverrides(refs []pendingRef) ([]variantOverride, []pendingRef, error) {
	if err := w.expectDelim('[', `a list in "overrides"`); err != nil {
		return nil, refs, err
	}
	var out []variantOverride
	ids := map[string]bool{}
	for w.dec.More() {
		if len(out) == MaxVariantOverrides {
			return nil, refs, fmt.Errorf("a variant has more than %d overrides", MaxVariantOverrides)
		}
		if err := w.expectDelim('{', `an override in "overrides"`); err != nil {
			return nil, refs, err
		}
		var o variantOverride
		var id *string
		seen := make(map[string]struct{}, 4)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return nil, refs, err
			}
			switch {
			case key == "id":
				id, err = w.str("override id")
			case key == "visible":
				_, err = w.boolean(key)
			case key == "fills" || key == "strokes":
				refs, err = w.paints(key, refs)
			case key == "styledTextSegments":
				o.hasSegments = true
				o.segments, refs, err = w.segments(refs)
			case variantOverrideMembers[key]:
				refs, err = w.skip(1, refs)
			default:
				err = fmt.Errorf("an override sets %q, which a variant cannot", key)
			}
			if err != nil {
				return nil, refs, err
			}
		}
		if err := w.expectDelim('}', "the end of an override"); err != nil {
			return nil, refs, err
		}
		if id == nil || !lengthIn(*id, 1, MaxIdentifierLength) {
			return nil, refs, fmt.Errorf("an override has no id of 1-%d characters", MaxIdentifierLength)
		}
		if ids[*id] {
			return nil, refs, fmt.Errorf("a variant overrides node %q twice", *id)
		}
		ids[*id] = true
		o.id = *id
		out = append(out, o)
	}
	return out, refs, w.expectDelim(']', `the end of "overrides"`)
}

// checkVariants applies the rules that need the node's subtree, read by now: variants only on a
// component's first use (with componentName), every override naming a node of the subtree
// (ids: those of the subtree's nodes, the use's own included) that a reader drawing lists
// creates (not one a list draws), segments only on a TEXT and covering its characters.
func (w *treeWalker) checkVariants(id string, compName *string, overrides []variantOverride, subtree map[string]bool) error {
	if compName == nil {
		return fmt.Errorf("node %q has componentVariants but is not the first use of a component (no componentName)", id)
	}
	for _, o := range overrides {
		if !subtree[o.id] {
			return fmt.Errorf("node %q has a variant override of node %q, which is not in its subtree", id, o.id)
		}
		if w.listDrawn[o.id] {
			return fmt.Errorf("node %q has a variant override of node %q, which a list draws (a listText replaces it, it is a listMarker, or it carries a listText): a reader that draws the list has no such layer, or draws it with other characters", id, o.id)
		}
		if !o.hasSegments {
			continue
		}
		characters, ok := w.texts[o.id]
		if !ok {
			return fmt.Errorf("node %q has a variant override of styledTextSegments on %q, which is no TEXT", id, o.id)
		}
		if err := checkSegments(characters, o.segments); err != nil {
			return fmt.Errorf("node %q, variant override of %q: %w", id, o.id, err)
		}
		w.segmentStyleUses(o.id, "componentVariants styledTextSegments", o.segments)
	}
	return nil
}
