package graph_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/graph"
)

// countingCache is a verdict cache that records what DocumentLimits asks of it.
type countingCache struct {
	graphql.Cache[string]
	gets, adds int
}

func (c *countingCache) Get(ctx context.Context, key string) (string, bool) {
	c.gets++
	return c.Cache.Get(ctx, key)
}

func (c *countingCache) Add(ctx context.Context, key, value string) {
	c.adds++
	c.Cache.Add(ctx, key, value)
}

func errorsText(errs gqlerror.List) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s %v %v|", e.Message, e.Extensions, e.Locations)
	}
	return b.String()
}

// A cached verdict answers exactly what checking the document answers, the first time and every
// time after, for documents each limit refuses and documents that pass, with and without a token.
func TestVerdictsAnswerAsTheCheck(t *testing.T) {
	typical := `query($p: ID!) { pageImports(projectId: $p, first: 20) { edges { cursor node { id status } } } }`
	docs := map[string]string{
		"OK/Typical":          typical,
		"OK/Unknown":          `{ nope }`,
		"FieldsPastLimit":     `{ a b c d e f g }`,
		"AliasesPastLimit":    `{ x: a y: a z: a }`,
		"DepthPastLimit":      `{ a { b { c { d } } } }`,
		"RepeatsPastLimit":    `{ a a a }`,
		"ArgumentsPastLimit":  `{ a(x: 1, y: 2, z: 3) }`,
		"OperationsPastLimit": `query A { a } query B { b } query C { c }`,
		"FragmentCycle":       `{ ...A } fragment A on Query { a ...B } fragment B on Query { b ...A }`,
		"TokensPastLimit":     "{ " + strings.Repeat("a ", 70) + "}",
		"ParseError":          `{ a `,
	}
	budget := graph.Budget{Tokens: 60, Fields: 6, Aliases: 2, Depth: 3, Directives: 2, Fragments: 2, Operations: 2,
		Repeats: 2, Arguments: 2}
	// A document the authenticated budget accepts and the anonymous one refuses: sent with a
	// token first, its cached verdict must not answer the request without one.
	docs["AuthenticatedOnly"] = `{ a(x: 1, y: 2) b(x: 1, y: 2) c(x: 1, y: 2) }` // 29 tokens
	anonBudget := graph.Budget{Tokens: 20, Fields: 6, Aliases: 2, Depth: 3, Directives: 2, Fragments: 2, Operations: 2,
		Repeats: 2, Arguments: 2}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			// One cache for both kinds of request, authenticated first.
			plain, _ := newExecutor(graph.DocumentLimits{Authenticated: budget, Anonymous: anonBudget})
			cached, _ := newExecutor(graph.DocumentLimits{Authenticated: budget, Anonymous: anonBudget,
				Verdicts: graph.NewVerdictCache()})
			for _, ctx := range []context.Context{authenticated, anonymous} {
				for i := range 3 {
					want := errorsText(operationErrors(ctx, plain, doc))
					if got := errorsText(operationErrors(ctx, cached, doc)); got != want {
						t.Errorf("request %d: %q; want %q", i, got, want)
					}
				}
			}
		})
	}
	for name, doc := range worstDocuments() {
		t.Run("Worst/"+name, func(t *testing.T) {
			plain, _ := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget)})
			cached, _ := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget),
				Verdicts: graph.NewVerdictCache()})
			for i := range 2 {
				want := errorsText(operationErrors(authenticated, plain, doc))
				if got := errorsText(operationErrors(authenticated, cached, doc)); got != want {
					t.Errorf("request %d: %.200q; want %.200q", i, got, want)
				}
			}
		})
	}
}

// Verdicts keeps authenticated verdicts of query texts up to graph.MaxVerdictQueryBytes; a longer
// text and every anonymous request are checked each time without it.
func TestVerdictsAtAndPastTheQueryLengthLimit(t *testing.T) {
	pad := func(n int) string { // a valid document of exactly n bytes
		const q = "{ __typename }"
		return q + strings.Repeat(" ", n-len(q))
	}
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		query      string
		adds, gets int // after two requests
	}{
		{"OK/AtLimit", authenticated, pad(graph.MaxVerdictQueryBytes), 1, 2},
		{"PastLimit", authenticated, pad(graph.MaxVerdictQueryBytes + 1), 0, 0},
		{"Anonymous", anonymous, pad(100), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &countingCache{Cache: graph.NewVerdictCache()}
			exec, _ := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget),
				Verdicts: c})
			for range 2 {
				if errs := operationErrors(tc.ctx, exec, tc.query); errs != nil {
					t.Fatal(errs)
				}
			}
			if c.adds != tc.adds || c.gets != tc.gets {
				t.Errorf("adds %d, gets %d; want %d, %d", c.adds, c.gets, tc.adds, tc.gets)
			}
		})
	}
}

// A refusal the cache remembers is still a refusal, with the check's message and code.
func TestVerdictsRememberRefusals(t *testing.T) {
	c := &countingCache{Cache: graph.NewVerdictCache()}
	exec, validations := newExecutor(graph.DocumentLimits{Authenticated: graph.Budget{Tokens: 100, Fields: 2}, Verdicts: c})
	for i := range 2 {
		errs := operationErrors(authenticated, exec, `{ a b c }`)
		if len(errs) != 1 || !strings.Contains(errs[0].Message, "more than 2 fields") || errs[0].Extensions["code"] != "BAD_USER_INPUT" {
			t.Fatalf("request %d: %v; want the fields refusal", i, errs)
		}
	}
	if c.adds != 1 || *validations != 0 {
		t.Errorf("adds %d, validations %d; want 1 and 0", c.adds, *validations)
	}
}
