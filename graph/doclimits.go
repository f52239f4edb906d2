package graph

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/code2des/backend/models"
)

// Budget is what one query document may contain. Every limit is counted on the parsed document,
// before gqlgen validates it: validation is quadratic in repeated fields (10,000 `__typename` took
// seconds), counting is linear. A zero or negative limit means no limit.
type Budget struct {
	// Tokens is the most lexer tokens of the document (the parser stops at Tokens+1).
	Tokens int
	// Fields is the most fields the document selects: fields written in it, and fields of every
	// operation with its fragments expanded (each spread counts its fragment's fields again).
	Fields int
	// Aliases is the most aliased fields written in the document.
	Aliases int
	// Depth is the deepest field nesting of an operation, fragments expanded (a root field is 1).
	Depth int
	// Directives is the most directives written in the document (on operations, variables,
	// fragments, fields and spreads).
	Directives int
	// Fragments is the most fragment definitions in the document.
	Fragments int
	// Operations is the most operation definitions in the document.
	Operations int
	// Repeats is the most fields one selection set may hold under the same response name
	// (fragments and same-named fields merged, as execution collects them); checked only with a
	// Fields limit. Validation compares
	// every pair of such fields (OverlappingFieldsCanBeMerged), and reports every conflicting
	// pair: 249 `__typename(a: i)` cost 0.4 s and 31,125 errors before this limit.
	Repeats int
	// Arguments is the most arguments one field or directive may have (validation compares the
	// argument lists of same-named fields pairwise).
	Arguments int
}

// Limits of the document that no legitimate query comes near, so they are constants rather than
// settings: the schema's widest field takes 6 arguments, and the same response name is repeated
// only when fragments overlap.
const (
	// DefaultMaxRepeats is Budget.Repeats of every request.
	DefaultMaxRepeats = 10
	// DefaultMaxArguments is Budget.Arguments of every request.
	DefaultMaxArguments = 20
)

// AnonymousBudget caps the budget of requests without a verified token. Every field of the schema
// needs a caller, so an anonymous request can at most learn that it is UNAUTHENTICATED; the caps
// still admit any query the plugin or dashboard sends (an expired token must answer
// UNAUTHENTICATED, not a limit error), while cutting what an unauthenticated sender can make us
// parse by a factor of five. Each value applies only when it is below the authenticated one.
var AnonymousBudget = Budget{
	Tokens:     2000,
	Fields:     100,
	Aliases:    20,
	Depth:      10,
	Directives: 10,
	Fragments:  10,
	Operations: 5,
	Repeats:    DefaultMaxRepeats,
	Arguments:  DefaultMaxArguments,
}

// Capped returns b with every limit at most that of c (limits of c that are zero leave b's).
func (b Budget) Capped(c Budget) Budget {
	low := func(v, cap int) int {
		if cap > 0 && (v <= 0 || cap < v) {
			return cap
		}
		return v
	}
	return Budget{
		Tokens: low(b.Tokens, c.Tokens), Fields: low(b.Fields, c.Fields), Aliases: low(b.Aliases, c.Aliases),
		Depth: low(b.Depth, c.Depth), Directives: low(b.Directives, c.Directives),
		Fragments: low(b.Fragments, c.Fragments), Operations: low(b.Operations, c.Operations),
		Repeats: low(b.Repeats, c.Repeats), Arguments: low(b.Arguments, c.Arguments),
	}
}

// DocumentLimits is a gqlgen extension that parses the query document and checks its Budget
// before gqlgen parses and validates it (graphql.OperationParameterMutator runs first), so a
// document past a limit is refused at the cost of one linear parse and walk. Authenticated
// requests (a models.Principal in the context) get Authenticated, the others Anonymous.
//
// A document found in Cache (gqlgen's query cache, which holds only validated documents) is not
// parsed again for an authenticated request; an anonymous request always is, with its smaller
// token limit. A document that passes is parsed a second time by gqlgen (it has no hook between
// parsing and validation); that parse is linear and bounded by the same token limit.
//
// The verdict of Authenticated on a query text is a pure function of the text, so Verdicts keeps
// it (the refusal, or "" for a document that passes) for texts of at most MaxVerdictQueryBytes:
// a repeated authenticated query is then neither looked up in Cache nor walked again.
// Anonymous requests are always parsed and checked.
//
// Refusals are *gqlerror.Error with extensions.code BAD_USER_INPUT; a document that does not
// parse is answered with the parser's error, as gqlgen would.
type DocumentLimits struct {
	Authenticated Budget
	Anonymous     Budget
	// Cache is the executor's query cache; nil: every document is parsed.
	Cache graphql.Cache[*ast.QueryDocument]
	// Verdicts keeps Authenticated's verdict by query text (NewVerdictCache); nil: every
	// authenticated document is checked. It must serve this Authenticated budget only.
	Verdicts graphql.Cache[string]
}

// MaxVerdictQueryBytes is the longest query text whose verdict DocumentLimits.Verdicts keeps: the
// cache holds its keys, so this and VerdictCacheSize bound its memory (16 MiB of keys at most).
// Real queries are under 2 KiB; a longer document is checked on every request, as before.
const MaxVerdictQueryBytes = 16 * 1024

// VerdictCacheSize is the most verdicts NewVerdictCache keeps (least recently used go first).
const VerdictCacheSize = 1000

// NewVerdictCache returns a cache for DocumentLimits.Verdicts holding VerdictCacheSize verdicts.
func NewVerdictCache() graphql.Cache[string] { return lru.New[string](VerdictCacheSize) }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = DocumentLimits{}

// ExtensionName implements graphql.HandlerExtension.
func (DocumentLimits) ExtensionName() string { return "DocumentLimits" }

// Validate implements graphql.HandlerExtension.
func (DocumentLimits) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters refuses a document past its budget before gqlgen parses it.
func (l DocumentLimits) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	budget, who := l.Authenticated, ""
	_, err := models.PrincipalFrom(ctx)
	anonymous := err != nil
	if anonymous {
		budget, who = l.Anonymous, " for a request without a valid token"
	}
	verdicts := l.Verdicts
	if anonymous || len(params.Query) > MaxVerdictQueryBytes {
		verdicts = nil
	}
	if verdicts != nil {
		if msg, ok := verdicts.Get(ctx, params.Query); ok {
			if msg != "" {
				return limitError("%s", msg)
			}
			return nil
		}
	}
	var doc *ast.QueryDocument
	if !anonymous && l.Cache != nil {
		doc, _ = l.Cache.Get(ctx, params.Query)
	}
	if doc == nil {
		var perr error
		doc, perr = parser.ParseQueryWithTokenLimit(&ast.Source{Input: params.Query}, budget.Tokens)
		if perr != nil {
			gqlErr, ok := perr.(*gqlerror.Error)
			if !ok {
				gqlErr = gqlerror.Wrap(perr)
			}
			errcode.Set(gqlErr, errcode.ParseFailed)
			return gqlErr
		}
	}
	msg := budget.Check(doc)
	if verdicts != nil {
		// A copy: the query text of a GET is a substring of the request's whole query string
		// (up to the body limit), which the cache must not keep alive (MaxVerdictQueryBytes
		// bounds the key, not what it points into).
		verdicts.Add(ctx, strings.Clone(params.Query), msg)
	}
	if msg != "" {
		return limitError("%s%s", msg, who)
	}
	return nil
}

// Check returns why doc passes a limit of b ("" when it passes none). Its cost is linear in the
// document: each fragment is measured once, however often it is spread, and the repeat count
// walks the expanded document only once it is known to hold at most Fields fields. Fragment
// cycles and spreads of unknown fragments are refused too (validation would refuse them).
func (b Budget) Check(doc *ast.QueryDocument) string {
	if b.Operations > 0 && len(doc.Operations) > b.Operations {
		return fmt.Sprintf("the document holds more than %d operations", b.Operations)
	}
	if b.Fragments > 0 && len(doc.Fragments) > b.Fragments {
		return fmt.Sprintf("the document holds more than %d fragments", b.Fragments)
	}
	w := written{maxArgs: b.Arguments}
	for _, op := range doc.Operations {
		w.addDirectives(op.Directives)
		for _, v := range op.VariableDefinitions {
			w.addDirectives(v.Directives)
		}
		w.walk(op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		w.addDirectives(f.Directives)
		w.walk(f.SelectionSet)
	}
	switch {
	case w.tooManyArgs:
		return fmt.Sprintf("a field or directive of the query has more than %d arguments", b.Arguments)
	case b.Fields > 0 && w.fields > b.Fields:
		return fmt.Sprintf("the query selects more than %d fields", b.Fields)
	case b.Aliases > 0 && w.aliases > b.Aliases:
		return fmt.Sprintf("the query has more than %d aliases", b.Aliases)
	case b.Directives > 0 && w.directives > b.Directives:
		return fmt.Sprintf("the query has more than %d directives", b.Directives)
	}
	e := expander{fragments: make(map[string]*ast.FragmentDefinition, len(doc.Fragments)), memo: map[string]*size{}}
	for _, f := range doc.Fragments {
		if _, dup := e.fragments[f.Name]; !dup {
			e.fragments[f.Name] = f
		}
	}
	var total size
	for _, op := range doc.Operations {
		s := e.set(op.SelectionSet)
		total.fields = satAdd(total.fields, s.fields)
		total.depth = max(total.depth, s.depth)
	}
	switch {
	case e.problem != "":
		// Validation refuses these too; refusing them here keeps every spread worth a field,
		// which bounds the walk below by the field limit.
		return e.problem
	case b.Depth > 0 && total.depth > b.Depth:
		return fmt.Sprintf("the query is nested more than %d levels deep", b.Depth)
	case b.Fields > 0 && total.fields > b.Fields:
		return fmt.Sprintf("the query selects more than %d fields", b.Fields)
	}
	// The expanded document now holds at most Fields fields: collecting them is cheap. (Without a
	// field limit the expansion could be exponential, so Repeats then goes unchecked.)
	if b.Repeats > 0 && b.Fields > 0 {
		c := collector{fragments: e.fragments, max: b.Repeats}
		for _, op := range doc.Operations {
			if name := c.merged([]ast.SelectionSet{op.SelectionSet}); name != "" {
				return fmt.Sprintf("the query selects %q more than %d times in one selection set", name, b.Repeats)
			}
		}
	}
	return ""
}

// collector groups the fields of selection sets by response name as execution does (through
// fragment spreads and inline fragments, same-named fields' selections merged) and reports the
// first name used more than max times.
type collector struct {
	fragments map[string]*ast.FragmentDefinition
	max       int
}

// merged checks the fields of sets taken as one selection set, then each group's merged
// sub-selections; it returns the first response name past the limit ("" when none is).
func (c *collector) merged(sets []ast.SelectionSet) string {
	groups := map[string][]*ast.Field{}
	var order []string
	var over string
	visiting := map[string]bool{}
	var collect func(ast.SelectionSet)
	collect = func(set ast.SelectionSet) {
		for _, sel := range set {
			if over != "" {
				return
			}
			switch v := sel.(type) {
			case *ast.Field:
				name := v.Alias
				if name == "" {
					name = v.Name
				}
				if _, seen := groups[name]; !seen {
					order = append(order, name)
				}
				groups[name] = append(groups[name], v)
				if len(groups[name]) > c.max {
					over = name
				}
			case *ast.InlineFragment:
				collect(v.SelectionSet)
			case *ast.FragmentSpread:
				if f := c.fragments[v.Name]; f != nil && !visiting[v.Name] {
					visiting[v.Name] = true // a cycle (refused by validation) is walked once
					collect(f.SelectionSet)
					visiting[v.Name] = false
				}
			}
		}
	}
	for _, set := range sets {
		collect(set)
	}
	if over != "" {
		return over
	}
	for _, name := range order {
		var subs []ast.SelectionSet
		for _, f := range groups[name] {
			if len(f.SelectionSet) > 0 {
				subs = append(subs, f.SelectionSet)
			}
		}
		if len(subs) > 0 {
			if n := c.merged(subs); n != "" {
				return n
			}
		}
	}
	return ""
}

// written counts what the document spells out, without following fragment spreads.
type written struct {
	fields, aliases, directives int
	maxArgs                     int
	tooManyArgs                 bool
}

func (w *written) addDirectives(ds ast.DirectiveList) {
	w.directives += len(ds)
	for _, d := range ds {
		w.args(d.Arguments)
	}
}

func (w *written) args(a ast.ArgumentList) {
	if w.maxArgs > 0 && len(a) > w.maxArgs {
		w.tooManyArgs = true
	}
}

func (w *written) walk(set ast.SelectionSet) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			w.fields++
			if s.Alias != "" && s.Alias != s.Name {
				w.aliases++
			}
			w.args(s.Arguments)
			w.addDirectives(s.Directives)
			w.walk(s.SelectionSet)
		case *ast.InlineFragment:
			w.addDirectives(s.Directives)
			w.walk(s.SelectionSet)
		case *ast.FragmentSpread:
			w.addDirectives(s.Directives)
		}
	}
}

// size is the expanded field count and depth of a selection set.
type size struct{ fields, depth int }

// expander measures selection sets with fragments expanded, memoizing each fragment's size. A
// spread of an unknown fragment or a fragment cycle counts as empty and is recorded in problem.
type expander struct {
	fragments map[string]*ast.FragmentDefinition
	memo      map[string]*size // nil entry: being measured (a cycle)
	problem   string
}

func (e *expander) set(set ast.SelectionSet) size {
	var r size
	for _, sel := range set {
		var s size
		switch v := sel.(type) {
		case *ast.Field:
			s = e.set(v.SelectionSet)
			s = size{fields: satAdd(s.fields, 1), depth: s.depth + 1}
		case *ast.InlineFragment:
			s = e.set(v.SelectionSet)
		case *ast.FragmentSpread:
			s = e.fragment(v.Name)
		}
		r.fields = satAdd(r.fields, s.fields)
		r.depth = max(r.depth, s.depth)
	}
	return r
}

func (e *expander) fragment(name string) size {
	if s, seen := e.memo[name]; seen {
		if s == nil {
			e.problem = fmt.Sprintf("the query's fragment %q spreads itself", name)
			return size{}
		}
		return *s
	}
	f := e.fragments[name]
	if f == nil {
		e.problem = fmt.Sprintf("the query spreads an unknown fragment %q", name)
		return size{}
	}
	e.memo[name] = nil
	s := e.set(f.SelectionSet)
	e.memo[name] = &s
	return s
}

// satAdd adds field counts without overflowing (2^40 spreads of one fragment must stay large).
func satAdd(a, b int) int {
	if a > math.MaxInt32-b {
		return math.MaxInt32
	}
	return a + b
}

func limitError(format string, args ...any) *gqlerror.Error {
	e := gqlerror.Errorf(format, args...)
	e.Extensions = map[string]any{"code": string(models.CodeBadUserInput)}
	return e
}
