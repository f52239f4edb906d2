package graph_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
)

// testBudget is small enough to write every edge document by hand.
var testBudget = graph.Budget{Tokens: 60, Fields: 6, Aliases: 2, Depth: 3, Directives: 2, Fragments: 2, Operations: 2,
	Repeats: 2, Arguments: 2}

func TestBudgetAtAndPastEachLimit(t *testing.T) {
	for name, tc := range map[string]struct {
		doc  string
		want string // "" accepted, else a word of the refusal
	}{
		"OK/FieldsAtLimit":             {`{ a b c d e f }`, ""},
		"FieldsPastLimit":              {`{ a b c d e f g }`, "fields"},
		"OK/FragmentFieldsAtLimit":     {`{ ...F ...F } fragment F on Query { a b c }`, ""},
		"FragmentFieldsPastLimit":      {`{ ...F ...F x } fragment F on Query { a b c }`, "fields"},
		"FieldsOfAllOperations":        {`query A { a b c d } query B { e f g }`, "fields"},
		"OK/FieldsOfAllOperationsAt":   {`query A { a b c } query B { d e f }`, ""},
		"UnusedFragmentFields":         {`{ a } fragment F on Query { b c d e f g }`, "fields"},
		"OK/AliasesAtLimit":            {`{ x: a y: a }`, ""},
		"AliasesPastLimit":             {`{ x: a y: a z: a }`, "aliases"},
		"OK/AliasSameAsNameIsNoAlias":  {`{ a: a b: b c: c }`, ""},
		"OK/DepthAtLimit":              {`{ a { b { c } } }`, ""},
		"DepthPastLimit":               {`{ a { b { c { d } } } }`, "nested"},
		"DepthThroughFragments":        {`{ a { ...F } } fragment F on X { b { ... on Y { c { d } } } }`, "nested"},
		"OK/DepthThroughFragmentsAt":   {`{ a { ...F } } fragment F on X { b { ... on Y { c } } }`, ""},
		"OK/DirectivesAtLimit":         {`query @a { b @c }`, ""},
		"DirectivesPastLimit":          {`query @a { b @c ...F @d } fragment F on Query { e }`, "directives"},
		"DirectivesOnVariables":        {`query ($v: Int @a @b @c) { e }`, "directives"},
		"OK/FragmentsAtLimit":          {`{ ...A ...B } fragment A on Query { a } fragment B on Query { b }`, ""},
		"FragmentsPastLimit":           {`{ ...A } fragment A on Query { a } fragment B on Query { b } fragment C on Query { c }`, "fragments"},
		"OK/OperationsAtLimit":         {`query A { a } query B { b }`, ""},
		"OperationsPastLimit":          {`query A { a } query B { b } query C { c }`, "operations"},
		"FragmentCycle":                {`{ ...A } fragment A on Query { a ...B } fragment B on Query { b ...A }`, "spreads itself"},
		"UnknownFragment":              {`{ a ...Nope }`, "unknown fragment"},
		"FanOutCountsEverySpread":      {`{ ...A ...A } fragment A on Query { ...B ...B } fragment B on Query { a b }`, "fields"},
		"OK/RepeatsAtLimit":            {`{ a a b }`, ""},
		"RepeatsPastLimit":             {`{ a a a }`, "\"a\" more than 2 times"},
		"RepeatsAliasIsTheName":        {`{ x x: b x: c }`, "\"x\" more than 2 times"},
		"RepeatsThroughFragments":      {`{ a ...F ... on Query { a } } fragment F on Query { a }`, "\"a\" more than 2"},
		"OK/RepeatsPerSelectionSet":    {`{ a { x x } b { x x } }`, ""},
		"RepeatsOfMergedSubselections": {`{ a { x } a { x } ...F } fragment F on Query { a { x } }`, "\"a\" more than 2"},
		"RepeatsInMergedChildren":      {`{ a { x x } a { x } }`, "\"x\" more than 2"},
		"OK/ArgumentsAtLimit":          {`{ a(x: 1, y: 2) @d(p: 1, q: 2) }`, ""},
		"ArgumentsPastLimit":           {`{ a(x: 1, y: 2, z: 3) }`, "more than 2 arguments"},
		"DirectiveArgumentsPastLimit":  {`query @d(x: 1, y: 2, z: 3) { a }`, "more than 2 arguments"},
	} {
		t.Run(name, func(t *testing.T) {
			doc, err := parser.ParseQuery(&ast.Source{Input: tc.doc})
			if err != nil {
				t.Fatal(err)
			}
			got := testBudget.Check(doc)
			if (got == "") != (tc.want == "") || !strings.Contains(got, tc.want) {
				t.Errorf("Check = %q; want a refusal naming %q (empty: accepted)", got, tc.want)
			}
		})
	}
}

func TestBudgetCapped(t *testing.T) {
	auth := graph.Budget{Tokens: 10000, Fields: 250, Aliases: 50, Depth: 8, Directives: 50, Fragments: 0, Operations: 10}
	got := auth.Capped(graph.AnonymousBudget)
	want := graph.Budget{Tokens: graph.AnonymousBudget.Tokens, Fields: graph.AnonymousBudget.Fields,
		Aliases: graph.AnonymousBudget.Aliases, Depth: 8, Directives: graph.AnonymousBudget.Directives,
		Fragments: graph.AnonymousBudget.Fragments, Operations: graph.AnonymousBudget.Operations,
		Repeats: graph.DefaultMaxRepeats, Arguments: graph.DefaultMaxArguments}
	if got != want {
		t.Errorf("Capped = %+v; want %+v", got, want)
	}
}

// newExecutor is gqlgen's executor over our schema with the limits installed, and a counter of the
// validations it starts (its rules function is called once per validated document).
func newExecutor(limits graph.DocumentLimits) (*executor.Executor, *int) {
	exec := executor.New(graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{})))
	cache := lru.New[*ast.QueryDocument](100)
	exec.SetQueryCache(cache)
	exec.SetParserTokenLimit(limits.Authenticated.Tokens)
	limits.Cache = cache
	exec.Use(limits)
	validations := new(int)
	exec.SetDefaultRulesFn(func() *rules.Rules { *validations++; return rules.NewDefaultRules() })
	return exec, validations
}

var (
	authenticated = graphql.StartOperationTrace(models.WithPrincipal(context.Background(), models.Principal{Subject: "alice"}))
	anonymous     = graphql.StartOperationTrace(context.Background())
)

func operationErrors(ctx context.Context, exec *executor.Executor, query string) gqlerror.List {
	_, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query})
	return errs
}

// The refusal of a document past a limit happens before validation: an over-limit document of
// unknown fields is refused for its size, not for its fields, and the validator never starts.
func TestDocumentLimitsRefuseBeforeValidation(t *testing.T) {
	exec, validations := newExecutor(graph.DocumentLimits{Authenticated: graph.Budget{Tokens: 10000, Fields: 5}})
	errs := operationErrors(authenticated, exec, `{ nope nope nope nope nope nope }`)
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "more than 5 fields") || errs[0].Extensions["code"] != "BAD_USER_INPUT" {
		t.Fatalf("got %v; want one BAD_USER_INPUT field-count refusal", errs)
	}
	if *validations != 0 {
		t.Errorf("validation ran %d times before the refusal", *validations)
	}
	// The same document within the limit reaches validation, which refuses the unknown field.
	errs = operationErrors(authenticated, exec, `{ nope }`)
	if len(errs) == 0 || !strings.Contains(errs[0].Message, "nope") || *validations != 1 {
		t.Errorf("got %v after %d validations; want the validator's refusal of `nope`", errs, *validations)
	}
	// A valid document is validated once, then served from the cache for authenticated callers.
	for range 2 {
		if errs := operationErrors(authenticated, exec, `{ __typename }`); errs != nil {
			t.Fatal(errs)
		}
	}
	if *validations != 2 {
		t.Errorf("%d validations; want 2 (the cached document is not validated again)", *validations)
	}
}

func TestDocumentLimitsAnonymousBudgetIsTighter(t *testing.T) {
	auth := defaultBudget
	exec, _ := newExecutor(graph.DocumentLimits{Authenticated: auth, Anonymous: auth.Capped(graph.AnonymousBudget)})
	// n distinct fields the schema does not have: past the limits validation refuses them.
	fields := func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, " f%d", i)
		}
		return b.String() + " }"
	}
	const unknown = `Cannot query field "f0"`
	anonFields := graph.AnonymousBudget.Fields
	for name, tc := range map[string]struct {
		ctx     context.Context
		query   string
		refused string
	}{
		"Anonymous/FieldsAtLimit":           {anonymous, fields(anonFields), unknown},
		"Anonymous/FieldsPastLimit":         {anonymous, fields(anonFields + 1), "more than 100 fields for a request without a valid token"},
		"Authenticated/FieldsPastAnonymous": {authenticated, fields(anonFields + 1), unknown},
		"Authenticated/FieldsPastLimit":     {authenticated, fields(251), "more than 250 fields"},
		// 3 tokens per alias, 2003 in all.
		"Anonymous/TokensPastLimit": {anonymous, "{" + strings.Repeat(" a: __typename", 667) + " }", "token limit"},
		// Within the authenticated limits, so the validator refuses it.
		"Authenticated/TokensPastAnonymous": {authenticated, "query ($v: [Int] = [" + strings.Repeat(" 1", 2500) + "]) { __typename }", `Variable "$v" is never used`},
	} {
		t.Run(name, func(t *testing.T) {
			errs := operationErrors(tc.ctx, exec, tc.query)
			switch {
			case tc.refused == "" && errs != nil:
				t.Errorf("refused: %v", errs)
			case tc.refused != "" && (len(errs) == 0 || !strings.Contains(errs[0].Message, tc.refused)):
				t.Errorf("got %v; want a refusal containing %q", errs, tc.refused)
			}
		})
	}
	// An anonymous request is never answered from a document cached for an authenticated one
	// without its own (smaller) token limit applying.
	var big strings.Builder
	big.WriteString("{")
	for i := range graph.AnonymousBudget.Aliases + 1 {
		fmt.Fprintf(&big, " a%d: __typename", i)
	}
	big.WriteString(" }")
	if errs := operationErrors(authenticated, exec, big.String()); errs != nil {
		t.Fatal(errs)
	}
	if errs := operationErrors(anonymous, exec, big.String()); len(errs) != 1 || !strings.Contains(errs[0].Message, "aliases") {
		t.Errorf("anonymous request of a cached document: %v; want the anonymous field limit", errs)
	}
}

// worstDocuments are the most expensive documents within the 256 KiB body limit we could build for
// each limit, against the default budget (the README's defaults).
func worstDocuments() map[string]string {
	typenames := func(n int) string { return "{" + strings.Repeat(" __typename", n) + " }" }
	var frags, ops, fanout, repeats, conflicts, sameArgs strings.Builder
	for i := range 1400 {
		fmt.Fprintf(&frags, "fragment F%d on Query { a } ", i)
	}
	for i := range 2000 {
		fmt.Fprintf(&ops, "query Q%d { a } ", i)
	}
	// 40 fragments, each spreading the next twice: 2^40 fields when expanded.
	fanout.WriteString("{ ...F0 }")
	for i := range 40 {
		fmt.Fprintf(&fanout, " fragment F%d on Query { ...F%d ...F%d }", i, i+1, i+1)
	}
	fanout.WriteString(" fragment F40 on Query { __typename }")
	// 249 fields of one response name, each with another argument: validation reports every
	// pair (31,125 errors, 0.4 s) without the Repeats limit.
	repeats.WriteString("{")
	for i := range 249 {
		fmt.Fprintf(&repeats, " __typename(a: %d)", i)
	}
	repeats.WriteString(" }")
	// Within every limit: 25 response names, each 10 times with other arguments (1,125
	// conflicting pairs for validation to report).
	conflicts.WriteString("{")
	for n := range 25 {
		for i := range 10 {
			fmt.Fprintf(&conflicts, " f%d(a: %d)", n, i)
		}
	}
	conflicts.WriteString(" }")
	// Within every limit: 25 names x 10 repeats with 20 equal arguments each (pairwise argument
	// comparison).
	args := ""
	for i := range 20 {
		args += fmt.Sprintf(" a%d: %d", i, i)
	}
	sameArgs.WriteString("{")
	for n := range 25 {
		for range 10 {
			fmt.Fprintf(&sameArgs, " f%d(%s)", n, args)
		}
	}
	sameArgs.WriteString(" }")
	return map[string]string{
		// The attack run: ~10,000 fields (~110 KB) with a unique comment.
		"Fields9990":            "# unique 8f1c\n" + typenames(9990),
		"Tokens23000":           typenames(23000), // ~253 KB
		"Aliases3300":           "{" + strings.Repeat(" a: __typename", 3300) + " }",
		"Depth4999":             strings.Repeat("{ a ", 4999) + strings.Repeat("}", 5000),
		"Directives4998":        "{ __typename" + strings.Repeat(" @a", 4998) + " }",
		"Fragments1400":         frags.String(),
		"Operations2000":        ops.String(),
		"FragmentFanOut2Pow40":  fanout.String(),
		"Repeats249":            repeats.String(),
		"ArgumentsOneField3300": "{ a(" + strings.Repeat(" b: 1", 3300) + ") }",
		// Within every limit (refused by validation):
		"Valid/LongString250KB":    `{ a(s: "` + strings.Repeat("x", 250_000) + `") b c d e f g h }`,
		"Valid/Conflicts25x10":     conflicts.String(),
		"Valid/SameArguments25x10": sameArgs.String(),
	}
}

var defaultBudget = graph.Budget{Tokens: 10000, Fields: 250, Aliases: 50, Depth: 10, Directives: 50, Fragments: 50, Operations: 10,
	Repeats: graph.DefaultMaxRepeats, Arguments: graph.DefaultMaxArguments}

func TestWorstDocumentsAreRefused(t *testing.T) {
	exec, validations := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget)})
	for name, doc := range worstDocuments() {
		if strings.HasPrefix(name, "Valid/") {
			continue // within every limit: measured in the benchmark, refused by validation
		}
		if len(doc) > 256*1024 {
			t.Errorf("%s: %d bytes, past the body limit", name, len(doc))
		}
		for _, ctx := range []context.Context{authenticated, anonymous} {
			if errs := operationErrors(ctx, exec, doc); len(errs) != 1 {
				t.Errorf("%s: %v; want one refusal", name, errs)
			}
		}
	}
	if *validations != 0 {
		t.Errorf("%d validations started", *validations)
	}
}

// BenchmarkDocumentRefusal measures the cost of refusing each worst document (docs/benchmarks.md),
// against two baselines of the same run: a typical plugin query parsed and validated (gqlgen, no
// cache), and the attack document validated without our limits (what it cost before).
func BenchmarkDocumentRefusal(b *testing.B) {
	const typical = `query($p: ID!) { pageImports(projectId: $p, first: 20) { edges { cursor node {
  id projectId organizationId sourceKind sourceUrl viewport { width height } deviceScaleFactor readySelector
  status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy } }
  pageInfo { hasNextPage endCursor } } }`
	b.Run("Baseline/TypicalQueryParsedAndValidated", func(b *testing.B) {
		exec := executor.New(graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{})))
		for b.Loop() {
			if _, errs := exec.CreateOperationContext(authenticated, &graphql.RawParams{Query: typical, Variables: map[string]any{"p": "1"}}); errs != nil {
				b.Fatal(errs)
			}
		}
	})
	docs := worstDocuments()
	for _, who := range []struct {
		name string
		ctx  context.Context
	}{{"Authenticated", authenticated}, {"Anonymous", anonymous}} {
		exec, _ := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget)})
		for name, doc := range docs {
			b.Run(who.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(doc)))
				for b.Loop() {
					_, _ = exec.CreateOperationContext(who.ctx, &graphql.RawParams{Query: doc})
				}
			})
		}
	}
	// Before: gqlgen's own token limit, then validation (seconds per document).
	b.Run("WithoutLimits/Fields9990", func(b *testing.B) {
		exec := executor.New(graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{})))
		exec.SetParserTokenLimit(defaultBudget.Tokens)
		for b.Loop() {
			_, _ = exec.CreateOperationContext(authenticated, &graphql.RawParams{Query: docs["Fields9990"]})
		}
	})
}

// Each cap of AnonymousBudget, and the Repeats and Arguments constants, at and just past its edge
// through gqlgen's executor: at the edge the document gets past the limits (validation may still
// refuse it), one past it is refused before validation with a message naming the limit.
func TestDefaultLimitsAtTheirEdges(t *testing.T) {
	exec, validations := newExecutor(graph.DocumentLimits{Authenticated: defaultBudget, Anonymous: defaultBudget.Capped(graph.AnonymousBudget)})
	an := graph.AnonymousBudget
	repeat := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	// tokens(n): a document of exactly n tokens as gqlparser counts them (15 around the items).
	tokens := func(n int) string {
		return "query ($v: [Int] = [" + strings.Repeat(" 1", n-15) + "]) { __typename }"
	}
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		at, past string
		refusal  string
	}{
		{"Anonymous/Tokens", anonymous, tokens(an.Tokens), tokens(an.Tokens + 1), "token limit"},
		{"Anonymous/Fields", anonymous, "{" + repeat(an.Fields, func(i int) string { return fmt.Sprintf(" f%d", i) }) + " }",
			"{" + repeat(an.Fields+1, func(i int) string { return fmt.Sprintf(" f%d", i) }) + " }", "more than 100 fields"},
		{"Anonymous/Aliases", anonymous, "{" + repeat(an.Aliases, func(i int) string { return fmt.Sprintf(" a%d: __typename", i) }) + " }",
			"{" + repeat(an.Aliases+1, func(i int) string { return fmt.Sprintf(" a%d: __typename", i) }) + " }", "more than 20 aliases"},
		{"Anonymous/Directives", anonymous, "{" + repeat(an.Directives, func(i int) string { return fmt.Sprintf(" f%d @skip(if: false)", i) }) + " }",
			"{" + repeat(an.Directives+1, func(i int) string { return fmt.Sprintf(" f%d @skip(if: false)", i) }) + " }", "more than 10 directives"},
		{"Anonymous/Fragments", anonymous, "{" + repeat(an.Fragments, func(i int) string { return fmt.Sprintf(" ...F%d", i) }) + " }" +
			repeat(an.Fragments, func(i int) string { return fmt.Sprintf(" fragment F%d on Query { __typename }", i) }),
			"{" + repeat(an.Fragments+1, func(i int) string { return fmt.Sprintf(" ...F%d", i) }) + " }" +
				repeat(an.Fragments+1, func(i int) string { return fmt.Sprintf(" fragment F%d on Query { __typename }", i) }), "more than 10 fragments"},
		{"Anonymous/Operations", anonymous, repeat(an.Operations, func(i int) string { return fmt.Sprintf(" query Q%d { __typename }", i) }),
			repeat(an.Operations+1, func(i int) string { return fmt.Sprintf(" query Q%d { __typename }", i) }), "more than 5 operations"},
		{"Authenticated/Repeats", authenticated, "{" + strings.Repeat(" __typename", graph.DefaultMaxRepeats) + " }",
			"{" + strings.Repeat(" __typename", graph.DefaultMaxRepeats+1) + " }", `"__typename" more than 10 times`},
		{"Authenticated/Arguments", authenticated, "{ f(" + repeat(graph.DefaultMaxArguments, func(i int) string { return fmt.Sprintf(" a%d: 1", i) }) + ") }",
			"{ f(" + repeat(graph.DefaultMaxArguments+1, func(i int) string { return fmt.Sprintf(" a%d: 1", i) }) + ") }", "more than 20 arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := *validations
			if errs := operationErrors(tc.ctx, exec, tc.at); len(errs) > 0 && *validations == before {
				t.Errorf("at the edge: refused before validation: %v", errs)
			}
			before = *validations
			errs := operationErrors(tc.ctx, exec, tc.past)
			if len(errs) != 1 || !strings.Contains(errs[0].Message, tc.refusal) || *validations != before {
				t.Errorf("past the edge: %v (validated: %v); want a refusal containing %q", errs, *validations != before, tc.refusal)
			}
		})
	}
}
