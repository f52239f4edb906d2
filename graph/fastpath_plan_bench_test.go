package graph

import (
	"context"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
)

// BenchNestedQuery is the bench's code2desJobs { pageImport } query (cmd/bench's ourNested),
// which BenchmarkPlanCode2DesEdges and BenchmarkCachedOperation both prepare.
const BenchNestedQuery = `query($p: ID!) { code2desJobs(projectId: $p, first: 20) { edges { cursor node {
  id figmaFileKey screenId status warningCount createdAt
  pageImport { id sourceUrl status captureHash createdAt } } } pageInfo { hasNextPage endCursor } } }`

// BenchmarkPlanCode2DesEdges plans the edges of the bench's code2desJobs { pageImport } query
// for a fresh operation (as each request has) made fresh (Build) or taken from the plan cache
// (Cached); both include making the operation context, so their difference is the planning.
func BenchmarkPlanCode2DesEdges(b *testing.B) {
	exec := executor.New(NewExecutableSchema(NewConfig(&Resolver{})))
	// The documents come from the query cache, as the API's do.
	exec.SetQueryCache(lru.New[*ast.QueryDocument](10))
	ctx := graphql.StartOperationTrace(context.Background())
	operation := func() (*graphql.OperationContext, ast.SelectionSet) {
		oc, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: BenchNestedQuery, Variables: map[string]any{"p": "1"}})
		if errs != nil {
			b.Fatal(errs)
		}
		jobs := oc.Doc.Operations[0].SelectionSet[0].(*ast.Field)
		return oc, jobs.SelectionSet[0].(*ast.Field).SelectionSet
	}
	for _, v := range []struct {
		name string
		plan func(*graphql.OperationContext, ast.SelectionSet) plan
	}{
		{"Build", planCode2DesEdges},
		{"Cached", func(oc *graphql.OperationContext, sel ast.SelectionSet) plan {
			return cachedPlan(oc, sel, planCode2DesEdgesKind, planCode2DesEdges)
		}},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				oc, sel := operation()
				if p := v.plan(oc, sel); p.fields == nil || !p.needImports {
					b.Fatal("no plan")
				}
			}
		})
	}
}
