package app

import (
	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/code2des/backend/graph"
)

// documentLimits is the budget of one query document (GRAPHQL_PARSER_TOKEN_LIMIT, GRAPHQL_MAX_*)
// for authenticated requests, and the same capped by graph.AnonymousBudget for the others. The
// authenticated verdicts are cached by query text (graph.NewVerdictCache).
func (a *App) documentLimits(cache graphql.Cache[*ast.QueryDocument]) graph.DocumentLimits {
	b := graph.Budget{
		Tokens:     a.cfg.GraphQLParserTokenLimit,
		Fields:     a.cfg.GraphQLMaxFields,
		Aliases:    a.cfg.GraphQLMaxAliases,
		Depth:      a.cfg.GraphQLMaxDepth,
		Directives: a.cfg.GraphQLMaxDirectives,
		Fragments:  a.cfg.GraphQLMaxFragments,
		Operations: a.cfg.GraphQLMaxOperations,
		Repeats:    graph.DefaultMaxRepeats,
		Arguments:  graph.DefaultMaxArguments,
	}
	return graph.DocumentLimits{Authenticated: b, Anonymous: b.Capped(graph.AnonymousBudget), Cache: cache,
		Verdicts: graph.NewVerdictCache()}
}
