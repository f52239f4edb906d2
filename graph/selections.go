package graph

import "github.com/vektah/gqlparser/v2/ast"

// maxSelectionDepth bounds anySelection's walk (validation has refused fragment cycles; the
// document limits bound the depth far below this): deeper counts as found.
const maxSelectionDepth = 64

// anySelection reports whether found holds for a selection anywhere in set: its fields, inline
// fragments and spreads, and inside each of them (a spread's fragment included). It answers true,
// the cautious answer, past maxSelectionDepth levels, for a spread of no fragment and for a
// selection of another kind. It is called when a plan or a cost is made, not per request.
func anySelection(set ast.SelectionSet, depth int, found func(ast.Selection) bool) bool {
	if depth > maxSelectionDepth {
		return true
	}
	for _, sel := range set {
		if found(sel) {
			return true
		}
		var inner ast.SelectionSet
		switch s := sel.(type) {
		case *ast.Field:
			inner = s.SelectionSet
		case *ast.InlineFragment:
			inner = s.SelectionSet
		case *ast.FragmentSpread:
			if s.Definition == nil {
				return true
			}
			inner = s.Definition.SelectionSet
		default:
			return true
		}
		if anySelection(inner, depth+1, found) {
			return true
		}
	}
	return false
}
