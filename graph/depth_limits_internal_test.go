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

// The walks of operationCostIsFixed and hasDirectives stop past their depth limits and then give
// the cautious answer (not fixed; has directives): at the limit they still see the whole set.
func TestWalkDepthLimits(t *testing.T) {
	if !operationCostIsFixed(nestedFields(maxFixedCostDepth), 0) {
		t.Errorf("operationCostIsFixed at depth %d = false, want true", maxFixedCostDepth)
	}
	if operationCostIsFixed(nestedFields(maxFixedCostDepth+1), 0) {
		t.Errorf("operationCostIsFixed at depth %d = true, want false", maxFixedCostDepth+1)
	}
	if hasDirectives(nestedFields(maxDirectiveDepth), 0) {
		t.Errorf("hasDirectives at depth %d = true, want false", maxDirectiveDepth)
	}
	if !hasDirectives(nestedFields(maxDirectiveDepth+1), 0) {
		t.Errorf("hasDirectives at depth %d = false, want true", maxDirectiveDepth+1)
	}
}
