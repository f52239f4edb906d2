package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// complexityRun runs CreateOperationContext with the limit ext on an executor with a query cache
// (as the server has: a document is parsed once per text) and returns what the client would
// learn from it: the complexity stats, or the errors.
type complexityRun struct {
	exec *executor.Executor
}

func newComplexityRun(ext graphql.HandlerExtension) complexityRun {
	exec := executor.New(NewExecutableSchema(NewConfig(&Resolver{})))
	exec.SetQueryCache(lru.New[*ast.QueryDocument](MaxCachedComplexities * 2))
	exec.Use(ext)
	return complexityRun{exec: exec}
}

func (r complexityRun) answer(t *testing.T, query string, vars map[string]any) (*extension.ComplexityStats, gqlerror.List) {
	t.Helper()
	ctx := graphql.StartOperationTrace(context.Background())
	oc, errs := r.exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query, Variables: vars})
	if errs != nil {
		return nil, errs
	}
	return extension.GetComplexityStats(graphql.WithOperationContext(context.Background(), oc)), nil
}

// A document whose cost cannot depend on its variables is summed once: every request of it gets
// the stats gqlgen's FixedComplexityLimit gives, whatever the id.
func TestComplexityLimitKeepsAFixedCost(t *testing.T) {
	const query = `query($id: ID!, $p: ID!, $after: String) {
  pageImport(id: $id) { id status viewport { width } code2desJobs { id } }
  pageImports(projectId: $p, first: 20, after: $after) { edges { node { id } } }
}`
	limit := &ComplexityLimit{Limit: 5000}
	ours, gqlgens := newComplexityRun(limit), newComplexityRun(extension.FixedComplexityLimit(5000))
	for _, vars := range []map[string]any{
		{"id": "1", "p": "2"},
		{"id": "", "p": json.Number("7"), "after": "abc"},
		{"id": "0198c1d2-0000-7000-8000-000000000000", "p": "x", "after": nil},
	} {
		got, gotErrs := ours.answer(t, query, vars)
		want, wantErrs := gqlgens.answer(t, query, vars)
		if want == nil || wantErrs != nil {
			t.Fatalf("gqlgen: %+v %v", want, wantErrs)
		}
		if !reflect.DeepEqual(got, want) || gotErrs != nil {
			t.Errorf("%v: %+v %v; gqlgen %+v", vars, got, gotErrs, want)
		}
	}
	if fixed, perRequest := limit.cachedComplexities(); fixed != 1 || perRequest != 0 {
		t.Errorf("kept %d fixed and %d per-request costs, want 1 and 0", fixed, perRequest)
	}
}

// A cost that depends on a variable (first: $n, directly or in a fragment) is summed on every
// request: the same document is admitted at the limit and refused just past it, in any order.
func TestComplexityLimitSumsAVariableCostEveryTime(t *testing.T) {
	for name, query := range map[string]string{
		"field": `query($p: ID!, $n: Int) { pageImports(projectId: $p, first: $n) { edges { node { id status } } } }`,
		"fragment": `query($p: ID!, $n: Int) { ...Page }
fragment Page on Query { pageImports(projectId: $p, first: $n) { edges { node { id status } } } }`,
		"enum": `query($p: ID!, $n: Int, $s: PageImportStatus) { pageImports(projectId: $p, first: $n, status: $s) { edges { node { id status } } } }`,
	} {
		t.Run(name, func(t *testing.T) {
			// 10 + n * (edges 1 + node (1 + id 1 + status 1)) = 10 + 4n: 90 at n = 20.
			const limitAt20 = 90
			limit := &ComplexityLimit{Limit: limitAt20}
			ours, gqlgens := newComplexityRun(limit), newComplexityRun(extension.FixedComplexityLimit(limitAt20))
			for _, n := range []int{20, 21, 20, 100, 1, 21} {
				vars := map[string]any{"p": "1", "n": n}
				got, gotErrs := ours.answer(t, query, vars)
				want, wantErrs := gqlgens.answer(t, query, vars)
				if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErrs, wantErrs) {
					t.Fatalf("first %d: %+v %v; gqlgen %+v %v", n, got, gotErrs, want, wantErrs)
				}
				if refused := n > 20; refused != (len(gotErrs) == 1) || refused == (got != nil) {
					t.Fatalf("first %d: stats %+v, errors %v", n, got, gotErrs)
				}
				if got != nil && got.Complexity != 10+4*n {
					t.Fatalf("first %d: complexity %d, want %d", n, got.Complexity, 10+4*n)
				}
			}
			if fixed, perRequest := limit.cachedComplexities(); fixed != 0 || perRequest != 1 {
				t.Errorf("kept %d fixed and %d per-request costs, want 0 and 1", fixed, perRequest)
			}
		})
	}
}

// The fixed-cost rule, operation by operation.
func TestOperationCostIsFixed(t *testing.T) {
	es := NewExecutableSchema(NewConfig(&Resolver{}))
	for _, tc := range []struct {
		query string
		fixed bool
	}{
		{`{ pageImport(id: "1") { id } }`, true},
		{`query($id: ID!) { pageImport(id: $id) { id } }`, true},
		{`query($id: ID!, $x: Boolean!) { pageImport(id: $id) { id @include(if: $x) } }`, true},
		{`query($p: ID!) { pageImports(projectId: $p, first: 5) { edges { node { screenshot(width: 100) { url } } } } }`, true},
		{`query($p: ID!, $w: Int) { pageImports(projectId: $p) { edges { node { screenshot(width: $w) { url } } } } }`, false},
		{`query($p: ID!, $n: Int) { code2desJobs(projectId: $p, first: $n) { edges { cursor } } }`, false},
		{`query($p: ID!, $s: Code2DesStatus) { code2desJobs(projectId: $p, status: $s) { edges { cursor } } }`, false},
		{`query($p: ID!, $k: String, $i: ID, $a: String) { code2desJobs(projectId: $p, figmaFileKey: $k, pageImportId: $i, after: $a) { edges { cursor } } }`, true},
		{`query($p: ID!, $n: Int) { ... on Query { pageImports(projectId: $p, first: $n) { edges { cursor } } } }`, false},
		{`mutation($id: ID!) { deletePageImport(id: $id) { deletedId } }`, false},
	} {
		doc, errs := validatedDocument(es, tc.query)
		if errs != nil {
			t.Fatalf("%s: %v", tc.query, errs)
		}
		if got := operationCostIsFixed(doc.Operations[0].SelectionSet); got != tc.fixed {
			t.Errorf("%s: fixed %v, want %v", tc.query, got, tc.fixed)
		}
	}
}

// Every cost-free argument leaves its field's cost as it is with the argument absent, for each
// kind of value a validated ID or String variable can hold (a string, a JSON number, null), and
// is an ID or String argument of the schema.
func TestCostFreeArguments(t *testing.T) {
	es := NewExecutableSchema(NewConfig(&Resolver{}))
	s := es.Schema()
	ctx := context.Background()
	for k := range costFreeArguments {
		obj := s.Types[k.object]
		if obj == nil || obj.Fields.ForName(k.field) == nil {
			t.Fatalf("%v: no such field", k)
		}
		arg := obj.Fields.ForName(k.field).Arguments.ForName(k.argument)
		if arg == nil || arg.Type.Elem != nil || (arg.Type.NamedType != "ID" && arg.Type.NamedType != "String") {
			t.Fatalf("%v: not an ID or String argument", k)
		}
		const child = 7
		want, wantOK := es.Complexity(ctx, k.object, k.field, child, map[string]any{})
		if !wantOK || want <= child {
			t.Fatalf("%v: cost %d %v; the field has no cost function", k, want, wantOK)
		}
		for _, v := range []any{"1", "", "not-a-number", strings.Repeat("z", 300), json.Number("12"), json.Number("-1.5e3"), nil} {
			got, ok := es.Complexity(ctx, k.object, k.field, child, map[string]any{k.argument: v})
			if got != want || ok != wantOK {
				t.Errorf("%v = %#v: cost %d %v, absent %d %v", k, v, got, ok, want, wantOK)
			}
		}
	}
}

// The cache keeps at most MaxCachedComplexities operations (emptied past it) and only of query
// texts of at most MaxComplexityQueryBytes.
func TestComplexityCacheBounds(t *testing.T) {
	limit := &ComplexityLimit{Limit: 5000}
	run := newComplexityRun(limit)
	query := func(i int) string { return fmt.Sprintf(`{ a%d: pageImport(id: "1") { id } }`, i) }
	for i := range MaxCachedComplexities {
		if _, errs := run.answer(t, query(i), nil); errs != nil {
			t.Fatal(errs)
		}
	}
	if fixed, _ := limit.cachedComplexities(); fixed != MaxCachedComplexities {
		t.Fatalf("kept %d, want %d", fixed, MaxCachedComplexities)
	}
	if _, errs := run.answer(t, query(MaxCachedComplexities), nil); errs != nil {
		t.Fatal(errs)
	}
	if fixed, _ := limit.cachedComplexities(); fixed != 1 {
		t.Fatalf("kept %d past the bound, want 1", fixed)
	}

	for _, tc := range []struct {
		n    int
		kept int
	}{{MaxComplexityQueryBytes, 1}, {MaxComplexityQueryBytes + 1, 0}} {
		limit := &ComplexityLimit{Limit: 5000}
		run := newComplexityRun(limit)
		q := `{ pageImport(id: "1") { id } }`
		q += strings.Repeat(" ", tc.n-len(q))
		if len(q) != tc.n {
			t.Fatalf("query of %d bytes, want %d", len(q), tc.n)
		}
		stats, errs := run.answer(t, q, nil)
		if errs != nil || stats == nil || stats.Complexity != CostDatabaseRead+1 {
			t.Fatalf("%d bytes: %+v %v", tc.n, stats, errs)
		}
		if fixed, perRequest := limit.cachedComplexities(); fixed+perRequest != tc.kept {
			t.Errorf("%d bytes: kept %d, want %d", tc.n, fixed+perRequest, tc.kept)
		}
	}
}

// validatedDocument parses and validates query against es's schema.
func validatedDocument(es graphql.ExecutableSchema, query string) (*ast.QueryDocument, gqlerror.List) {
	exec := executor.New(es)
	oc, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()), &graphql.RawParams{Query: query})
	if oc == nil || oc.Doc == nil {
		return nil, errs
	}
	return oc.Doc, nil
}

// cachedComplexities is the number of operations whose costs c keeps.
func (c *ComplexityLimit) cachedComplexities() (fixed, perRequest int) {
	c.costs.mu.RLock()
	defer c.costs.mu.RUnlock()
	for _, e := range c.costs.m {
		if e.perRequest {
			perRequest++
		} else {
			fixed++
		}
	}
	return fixed, perRequest
}
