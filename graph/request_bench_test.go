package graph_test

import (
	"testing"

	"github.com/99designs/gqlgen/graphql"

	"github.com/code2des/backend/graph"
)

// BenchmarkCachedOperation measures what every request of a query already in gqlgen's query cache
// pays before its resolvers run (the bench's code2desJobs { pageImport } query): the document
// limits, the cache lookup, variable coercion and the complexity calculation.
func BenchmarkCachedOperation(b *testing.B) {
	exec, _ := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget),
		Verdicts: graph.NewVerdictCache()})
	exec.Use(&graph.ComplexityLimit{Limit: 5000})
	params := func() *graphql.RawParams {
		return &graphql.RawParams{Query: graph.BenchNestedQuery, Variables: map[string]any{"p": "1"}}
	}
	if _, errs := exec.CreateOperationContext(authenticated, params()); errs != nil {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := exec.CreateOperationContext(authenticated, params()); errs != nil {
			b.Fatal(errs)
		}
	}
}
