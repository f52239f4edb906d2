package graph

import (
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// plan is what PageImportFastPath makes of a field's selection before writing any value: the
// collected fields with their keys (nil: the field is left to gqlgen), and for Code2Des edges
// whether a node selects pageImport. A plan is never changed after it is made, so requests share
// it.
type plan struct {
	fields      *selection
	needImports bool
}

// planKind tells the three places that plan apart (each collects for its own types).
type planKind uint8

const (
	planPageImport planKind = iota
	planPageImportEdges
	planCode2DesEdgesKind
)

// MaxCachedPlans is the most selections whose plans the fast path keeps; past it the cache is
// emptied and fills again. An entry holds its document alive (its nodes are the key), so this
// and MaxPlanQueryBytes bound what the cache keeps beside gqlgen's query cache: at most 1,000
// documents of at most 16 KiB of text.
const MaxCachedPlans = 1000

// MaxPlanQueryBytes is the longest query text whose plans are kept (MaxVerdictQueryBytes, the
// verdict cache's bound); a longer document is planned on every request.
const MaxPlanQueryBytes = MaxVerdictQueryBytes

// planKey identifies a selection by its nodes: a document's nodes are never changed after
// validation, and a node belongs to one document.
type planKey struct {
	kind  planKind
	first ast.Selection
	n     int
}

type planEntry struct {
	nodes []ast.Selection // the selection's nodes, compared on each hit
	// cached is false when the selection (fragments included) carries a directive: @skip,
	// @include and @defer depend on the request's variables, so such a plan is made every time.
	cached bool
	plan   plan
}

var plans = struct {
	sync.RWMutex
	m map[planKey]*planEntry
}{m: map[planKey]*planEntry{}}

// cachedPlan returns build(oc, sel), made once per selection of a document when nothing in the
// selection depends on the request (no directive anywhere in it or in the fragments it spreads):
// graphql.CollectFields then gives the same fields for every request of the document, and the
// plan is a function of them alone (collecting and keying the fields was 2-4% of a
// small read's CPU).
func cachedPlan(oc *graphql.OperationContext, sel ast.SelectionSet, kind planKind, build func(*graphql.OperationContext, ast.SelectionSet) plan) plan {
	if len(sel) == 0 || len(oc.RawQuery) > MaxPlanQueryBytes {
		return build(oc, sel)
	}
	key := planKey{kind: kind, first: sel[0], n: len(sel)}
	plans.RLock()
	e := plans.m[key]
	plans.RUnlock()
	if e != nil && sameNodes(e.nodes, sel) {
		if e.cached {
			return e.plan
		}
		return build(oc, sel)
	}
	e = &planEntry{nodes: append([]ast.Selection(nil), sel...), cached: !hasDirectives(sel)}
	p := build(oc, sel)
	if e.cached {
		e.plan = p
	}
	plans.Lock()
	if len(plans.m) >= MaxCachedPlans {
		clear(plans.m)
	}
	plans.m[key] = e
	plans.Unlock()
	return p
}

func sameNodes(a, b []ast.Selection) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hasDirectives reports whether a directive appears anywhere in sel: on its fields, inline
// fragments and spreads, on the fragments spread and inside all of them (anySelection: also
// true past maxSelectionDepth and for a spread of no fragment).
func hasDirectives(sel ast.SelectionSet) bool {
	return anySelection(sel, 0, func(sel ast.Selection) bool {
		switch s := sel.(type) {
		case *ast.Field:
			return len(s.Directives) > 0
		case *ast.InlineFragment:
			return len(s.Directives) > 0
		case *ast.FragmentSpread:
			return len(s.Directives) > 0 || (s.Definition != nil && len(s.Definition.Directives) > 0)
		}
		return false
	})
}
