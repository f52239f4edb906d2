package graph

import (
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// nestedFields is a selection set levels fields deep (a { a { ... } }), no arguments and no
// directives: its innermost (empty) set is walked at depth levels.
func nestedFields(levels int) ast.SelectionSet {
	var set ast.SelectionSet
	for range levels {
		set = ast.SelectionSet{&ast.Field{Name: "a", Alias: "a", SelectionSet: set}}
	}
	return set
}

// The walk of operationCostIsFixed (anySelection) stops past maxSelectionDepth and then gives the
// cautious answer (not fixed): at the limit it still sees the whole set.
func TestWalkDepthLimits(t *testing.T) {
	if !operationCostIsFixed(nestedFields(maxSelectionDepth)) {
		t.Errorf("operationCostIsFixed at depth %d = false, want true", maxSelectionDepth)
	}
	if operationCostIsFixed(nestedFields(maxSelectionDepth + 1)) {
		t.Errorf("operationCostIsFixed at depth %d = true, want false", maxSelectionDepth+1)
	}
}
