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

// The walks of operationCostIsFixed and hasDirectives (anySelection) stop past
// maxSelectionDepth and then give the cautious answer (not fixed; has directives): at the limit
// they still see the whole set.
func TestWalkDepthLimits(t *testing.T) {
	if !operationCostIsFixed(nestedFields(maxSelectionDepth)) {
		t.Errorf("operationCostIsFixed at depth %d = false, want true", maxSelectionDepth)
	}
	if operationCostIsFixed(nestedFields(maxSelectionDepth + 1)) {
		t.Errorf("operationCostIsFixed at depth %d = true, want false", maxSelectionDepth+1)
	}
	if hasDirectives(nestedFields(maxSelectionDepth)) {
		t.Errorf("hasDirectives at depth %d = true, want false", maxSelectionDepth)
	}
	if !hasDirectives(nestedFields(maxSelectionDepth + 1)) {
		t.Errorf("hasDirectives at depth %d = false, want true", maxSelectionDepth+1)
	}
}

// hasDirectives finds a directive on a field, an inline fragment, a spread or a fragment
// definition, at any depth and inside spread fragments; none in a selection without one.
func TestHasDirectives(t *testing.T) {
	es := NewExecutableSchema(NewConfig(&Resolver{}))
	const frag = ` fragment F on PageImport { id }`
	for _, tc := range []struct {
		query string
		has   bool
	}{
		{`{ pageImport(id: "1") { id ...F ... on PageImport { status } } }` + frag, false},
		{`{ pageImport(id: "1") @skip(if: false) { id } }`, true},
		{`{ pageImport(id: "1") { viewport { width @include(if: true) } } }`, true},
		{`{ pageImport(id: "1") { ... on PageImport @include(if: true) { id } } }`, true},
		{`{ pageImport(id: "1") { ...F @skip(if: false) } }` + frag, true},
		{`{ pageImport(id: "1") { ...G } } fragment G on PageImport { ...H } fragment H on PageImport { id @skip(if: false) }`, true},
	} {
		doc, errs := validatedDocument(es, tc.query)
		if errs != nil {
			t.Fatalf("%s: %v", tc.query, errs)
		}
		if got := hasDirectives(doc.Operations[0].SelectionSet); got != tc.has {
			t.Errorf("%s: %v, want %v", tc.query, got, tc.has)
		}
	}
}
