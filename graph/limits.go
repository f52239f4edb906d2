package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/models"
)

// Field costs for the complexity limit (extension.FixedComplexityLimit). A plain field costs 1 (the
// gqlgen default); a field that reads the database or a queue costs more, and a list costs its
// worst-case length times its children.
const (
	// CostDatabaseRead is the extra cost of a field that runs a query.
	CostDatabaseRead = 10
	// CostMutation is the extra cost of a mutation (a write and often a queue message).
	CostMutation = 50
	// CostResult is the extra cost of code2desResult: it reads the result artifact and every
	// image from storage (up to 32 MiB by default), so aliases must not multiply it. It is half
	// of the default complexity limit (GRAPHQL_COMPLEXITY_LIMIT, 5,000): one result with all its
	// fields fits in an operation, two do not, and a query with many aliases of it is refused
	// before any resolver runs (before any storage request).
	CostResult = 2500
	// CostDiffMap is the extra cost of Code2DesFidelity.diffMap: one more storage read of up to
	// 8 MiB inside a result.
	CostDiffMap = 100
)

// NewConfig returns the executable schema's configuration: the resolvers and the field costs.
func NewConfig(r *Resolver) Config {
	cfg := Config{Resolvers: r}
	c := &cfg.Complexity
	one := func(extra int) func(int) int { return func(child int) int { return extra + child } }
	c.Query.PageImport = func(child int, _ string) int { return CostDatabaseRead + child }
	c.Query.Code2des = func(child int, _ string) int { return CostDatabaseRead + child }
	c.Query.Code2desResult = func(child int, _ string) int { return CostResult + child }
	c.Query.PageImports = func(child int, _ string, _ *models.PageImportStatus, first *int, _ *string) int {
		return CostDatabaseRead + pageCost(first)*child
	}
	c.Query.Code2desJobs = func(child int, _ string, _, _ *string, _ *models.Code2DesStatus, first *int, _ *string) int {
		return CostDatabaseRead + pageCost(first)*child
	}
	// PageImport.code2desJobs returns at most models.MaxPageSize jobs.
	c.PageImport.Code2desJobs = func(child int) int { return CostDatabaseRead + models.MaxPageSize*child }
	c.Code2Des.PageImport = one(CostDatabaseRead)
	// Code2Des.fidelityScore is one batched read per request (a dataloader), like pageImport.
	c.Code2Des.FidelityScore = one(CostDatabaseRead)
	c.Code2DesFidelity.DiffMap = one(CostDiffMap)
	c.Mutation.CreatePageImport = func(child int, _ CreatePageImportInput) int { return CostMutation + child }
	c.Mutation.TriggerCode2Des = func(child int, _ TriggerCode2DesInput) int { return CostMutation + child }
	c.Mutation.MaterializeCode2Des = func(child int, _ MaterializeCode2DesInput) int { return CostMutation + child }
	c.Mutation.DeletePageImport = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.DeleteCode2Des = func(child int, _ string) int { return CostMutation + child }
	return cfg
}

// pageCost is the number of rows a connection may return: `first`, its default, or the maximum
// for an out-of-range value (which the resolver then refuses anyway).
func pageCost(first *int) int {
	switch {
	case first == nil || *first == 0:
		return models.DefaultPageSize
	case *first < 0 || *first > models.MaxPageSize:
		return models.MaxPageSize
	}
	return *first
}

// OperationLimits refuses operations that are too deep or select too many fields, before any
// resolver runs. Fields are counted after expanding fragments, so 500 aliases of one field count
// 500. Complexity (costs above) bounds the work of resolvers; these bound the size of the query.
type OperationLimits struct {
	// MaxDepth is the deepest field nesting allowed (a root field has depth 1).
	MaxDepth int
	// MaxFields is the most fields (aliases and fragment copies included) one operation may select.
	MaxFields int
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = OperationLimits{}

// ExtensionName implements graphql.HandlerExtension.
func (OperationLimits) ExtensionName() string { return "OperationLimits" }

// Validate implements graphql.HandlerExtension.
func (OperationLimits) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext refuses the operation when it passes a limit.
func (l OperationLimits) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	w := walker{limits: l}
	w.walk(oc.Operation.SelectionSet, 1)
	switch {
	case l.MaxDepth > 0 && w.maxDepth > l.MaxDepth:
		return limitError("the query is nested more than %d levels deep", l.MaxDepth)
	case l.MaxFields > 0 && w.fields > l.MaxFields:
		return limitError("the query selects more than %d fields", l.MaxFields)
	}
	return nil
}

func limitError(format string, args ...any) *gqlerror.Error {
	e := gqlerror.Errorf(format, args...)
	e.Extensions = map[string]any{"code": string(models.CodeBadUserInput)}
	return e
}

type walker struct {
	limits   OperationLimits
	fields   int
	maxDepth int
}

// walk counts fields and depth, stopping as soon as a limit is passed so a huge query costs little.
func (w *walker) walk(set ast.SelectionSet, depth int) {
	for _, sel := range set {
		if w.over() {
			return
		}
		switch s := sel.(type) {
		case *ast.Field:
			w.fields++
			w.maxDepth = max(w.maxDepth, depth)
			w.walk(s.SelectionSet, depth+1)
		case *ast.InlineFragment:
			w.walk(s.SelectionSet, depth)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				w.walk(s.Definition.SelectionSet, depth)
			}
		}
	}
}

func (w *walker) over() bool {
	return (w.limits.MaxDepth > 0 && w.maxDepth > w.limits.MaxDepth) ||
		(w.limits.MaxFields > 0 && w.fields > w.limits.MaxFields)
}
