package graph

import (
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestCachedPlan(t *testing.T) {
	field := func(dirs ...string) ast.SelectionSet {
		f := &ast.Field{Name: "id"}
		for _, d := range dirs {
			f.Directives = append(f.Directives, &ast.Directive{Name: d})
		}
		return ast.SelectionSet{f}
	}
	builds := func(oc *graphql.OperationContext, sel ast.SelectionSet, n int) int {
		made := 0
		build := func(*graphql.OperationContext, ast.SelectionSet) plan {
			made++
			return plan{needImports: true}
		}
		for range n {
			if p := cachedPlan(oc, sel, planPageImport, build); !p.needImports {
				t.Fatalf("plan %+v is not the one built", p)
			}
		}
		return made
	}
	small := &graphql.OperationContext{RawQuery: "{ id }"}
	t.Run("OK", func(t *testing.T) {
		if got := builds(small, field(), 3); got != 1 {
			t.Errorf("built %d times, want once", got)
		}
	})
	t.Run("Directive", func(t *testing.T) {
		if got := builds(small, field("include"), 3); got != 3 {
			t.Errorf("built %d times, want every time", got)
		}
	})
	t.Run("DirectiveInFragment", func(t *testing.T) {
		frag := &ast.FragmentDefinition{Name: "F", SelectionSet: field("skip")}
		sel := ast.SelectionSet{&ast.FragmentSpread{Name: "F", Definition: frag}}
		if got := builds(small, sel, 2); got != 2 {
			t.Errorf("built %d times, want every time", got)
		}
	})
	t.Run("QueryTextAtAndPastLimit", func(t *testing.T) {
		at := &graphql.OperationContext{RawQuery: strings.Repeat(" ", MaxPlanQueryBytes)}
		if got := builds(at, field(), 2); got != 1 {
			t.Errorf("at the limit: built %d times, want once", got)
		}
		past := &graphql.OperationContext{RawQuery: strings.Repeat(" ", MaxPlanQueryBytes+1)}
		if got := builds(past, field(), 2); got != 2 {
			t.Errorf("past the limit: built %d times, want every time", got)
		}
	})
	t.Run("SizeAtAndPastLimit", func(t *testing.T) {
		plans.Lock()
		clear(plans.m)
		plans.Unlock()
		first := field()
		builds(small, first, 1)
		for range MaxCachedPlans - 1 {
			builds(small, field(), 1)
		}
		plans.RLock()
		n := len(plans.m)
		plans.RUnlock()
		if n != MaxCachedPlans {
			t.Fatalf("%d plans kept, want %d", n, MaxCachedPlans)
		}
		if got := builds(small, first, 1); got != 0 {
			t.Errorf("a kept plan was built again")
		}
		builds(small, field(), 1)
		plans.RLock()
		n = len(plans.m)
		plans.RUnlock()
		if n != 1 {
			t.Errorf("%d plans kept past the limit, want 1 (emptied, then the new one)", n)
		}
	})
}
