package graph

import (
	"context"
	"errors"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// ComplexityLimit refuses an operation whose summed field costs (NewConfig) exceed Limit, as
// gqlgen's extension.FixedComplexityLimit(Limit) does: the same sum, the same stats (under the
// same extension name, so extension.GetComplexityStats reads them) and the same error. It sums
// with the walk of gqlgen's complexity.Calculate (v0.17.98, without its options) but gives a
// field whose definition has no arguments a nil argument map where gqlgen builds an empty one
// for every field (a map per selected field per request): such a field's cost
// function takes no arguments, so it never reads the map. A test compares the sums with
// complexity.Calculate's.
//
// An operation's cost is summed once and kept (per operation of a parsed document, see
// MaxCachedComplexities) when no argument whose value can change it refers to a variable
// (operationCostIsFixed); otherwise it is summed on every request, as gqlgen does (the
// sum was 3-5% of a small read's CPU).
type ComplexityLimit struct {
	// Limit is the most an operation may cost.
	Limit int
	es    graphql.ExecutableSchema
	costs complexityCache
}

// MaxCachedComplexities is the most operations whose costs a ComplexityLimit keeps; past it the
// cache is emptied and fills again. An entry holds its document alive (the operation's node is
// the key), so this and MaxComplexityQueryBytes bound what it keeps beside gqlgen's query cache.
const MaxCachedComplexities = 1000

// MaxComplexityQueryBytes is the longest query text whose operations' costs are kept
// (MaxVerdictQueryBytes, the verdict cache's bound); a longer document is summed on every request.
const MaxComplexityQueryBytes = MaxVerdictQueryBytes

// complexityCache holds the costs of operations by their node: a parsed document is never changed
// after validation (gqlgen's query cache shares it between requests), and a node belongs to one
// document.
type complexityCache struct {
	mu sync.RWMutex
	m  map[*ast.OperationDefinition]operationCost
}

// operationCost is a cached operation's cost; perRequest: it depends on the request's variables
// and is summed every time (cost is then unused).
type operationCost struct {
	cost       int
	perRequest bool
}

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = &ComplexityLimit{}

// complexityExtension is gqlgen's name of the complexity extension and its stats.
const complexityExtension = "ComplexityLimit"

// errComplexityLimit is the error code gqlgen sets on the refusal.
const errComplexityLimit = "COMPLEXITY_LIMIT_EXCEEDED"

// ExtensionName implements graphql.HandlerExtension.
func (*ComplexityLimit) ExtensionName() string { return complexityExtension }

// Validate implements graphql.HandlerExtension; it keeps the schema whose costs it sums.
func (c *ComplexityLimit) Validate(es graphql.ExecutableSchema) error {
	if es == nil {
		return errors.New("ComplexityLimit needs an executable schema")
	}
	c.es = es
	return nil
}

// MutateOperationContext implements graphql.OperationContextMutator.
func (c *ComplexityLimit) MutateOperationContext(ctx context.Context, opCtx *graphql.OperationContext) *gqlerror.Error {
	op := opCtx.Doc.Operations.ForName(opCtx.OperationName)
	cost := c.operationCost(ctx, op, opCtx)
	opCtx.Stats.SetExtension(complexityExtension, &extension.ComplexityStats{Complexity: cost, ComplexityLimit: c.Limit})
	if cost > c.Limit {
		err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", cost, c.Limit)
		errcode.Set(err, errComplexityLimit)
		return err
	}
	return nil
}

// operationCost is OperationComplexity(ctx, c.es, op, opCtx.Variables), kept for op when it cannot
// depend on the variables.
func (c *ComplexityLimit) operationCost(ctx context.Context, op *ast.OperationDefinition, opCtx *graphql.OperationContext) int {
	if op == nil || len(opCtx.RawQuery) > MaxComplexityQueryBytes {
		return OperationComplexity(ctx, c.es, op, opCtx.Variables)
	}
	c.costs.mu.RLock()
	e, ok := c.costs.m[op]
	c.costs.mu.RUnlock()
	if ok {
		if e.perRequest {
			return OperationComplexity(ctx, c.es, op, opCtx.Variables)
		}
		return e.cost
	}
	cost := OperationComplexity(ctx, c.es, op, opCtx.Variables)
	e = operationCost{cost: cost, perRequest: !operationCostIsFixed(op.SelectionSet)}
	c.costs.mu.Lock()
	if c.costs.m == nil || len(c.costs.m) >= MaxCachedComplexities {
		c.costs.m = make(map[*ast.OperationDefinition]operationCost)
	}
	c.costs.m[op] = e
	c.costs.mu.Unlock()
	return cost
}

// argumentKey names an argument of a field of an object type.
type argumentKey struct{ object, field, argument string }

// costFreeArguments are the arguments whose values cannot change a field's cost (NewConfig): the
// field's cost function ignores them, and every value the validator lets through for a variable of
// their type (ID or String: a string, a JSON number, null) unmarshals without error, so gqlgen's
// Complexity never falls back to the default cost because of them (an enum is not here: the
// validator matches its names ignoring case, the unmarshaler does not; nor an Int: `first` is a
// page's length). A test passes each of them such values and compares the costs.
var costFreeArguments = map[argumentKey]bool{
	{"Query", "pageImport", "id"}:             true,
	{"Query", "code2des", "id"}:               true,
	{"Query", "code2desResult", "id"}:         true,
	{"Query", "pageImports", "projectId"}:     true,
	{"Query", "pageImports", "after"}:         true,
	{"Query", "code2desJobs", "projectId"}:    true,
	{"Query", "code2desJobs", "figmaFileKey"}: true,
	{"Query", "code2desJobs", "pageImportId"}: true,
	{"Query", "code2desJobs", "after"}:        true,
}

// operationCostIsFixed reports whether the cost of set (OperationComplexity) is the same for every
// request's variables: no argument anywhere in it (fragments included) refers to a variable,
// except one of costFreeArguments given a variable directly. Directives do not count: the sum
// does not look at them. Past maxSelectionDepth, or with a spread of no fragment, it is not fixed
// (anySelection).
func operationCostIsFixed(set ast.SelectionSet) bool {
	return !anySelection(set, 0, func(sel ast.Selection) bool {
		s, ok := sel.(*ast.Field)
		if !ok {
			return false
		}
		for _, a := range s.Arguments {
			if hasVariable(a.Value) && (a.Value.Kind != ast.Variable || s.ObjectDefinition == nil ||
				!costFreeArguments[argumentKey{s.ObjectDefinition.Name, s.Name, a.Name}]) {
				return true
			}
		}
		return false
	})
}

// hasVariable reports whether v is or contains a variable.
func hasVariable(v *ast.Value) bool {
	if v == nil {
		return false
	}
	if v.Kind == ast.Variable {
		return true
	}
	for _, c := range v.Children {
		if hasVariable(c.Value) {
			return true
		}
	}
	return false
}

// OperationComplexity is complexity.Calculate(ctx, es, op, vars) (gqlgen v0.17.98, no options).
func OperationComplexity(ctx context.Context, es graphql.ExecutableSchema, op *ast.OperationDefinition, vars map[string]any) int {
	w := complexityWalker{es: es, schema: es.Schema(), vars: vars}
	return w.selectionSet(ctx, op.SelectionSet)
}

type complexityWalker struct {
	es     graphql.ExecutableSchema
	schema *ast.Schema
	vars   map[string]any
}

func (w complexityWalker) selectionSet(ctx context.Context, set ast.SelectionSet) int {
	var sum int
	for _, selection := range set {
		switch s := selection.(type) {
		case *ast.Field:
			def := w.schema.Types[s.Definition.Type.Name()]
			if def.Name == "__Schema" {
				continue
			}
			var child int
			switch def.Kind {
			case ast.Object, ast.Interface, ast.Union:
				child = w.selectionSet(ctx, s.SelectionSet)
			}
			// gqlgen: s.ArgumentMap(vars), an empty map for a field without arguments.
			var args map[string]any
			if len(s.Definition.Arguments) > 0 {
				args = s.ArgumentMap(w.vars)
			}
			var cost int
			if s.ObjectDefinition.Kind == ast.Interface {
				// The most expensive implementation, as gqlgen assumes.
				for _, t := range w.schema.GetPossibleTypes(s.ObjectDefinition) {
					cost = max(cost, w.field(ctx, t, def.Kind, s.Name, child, args))
				}
			} else {
				cost = w.field(ctx, s.ObjectDefinition, def.Kind, s.Name, child, args)
			}
			sum = safeAdd(sum, cost)
		case *ast.FragmentSpread:
			sum = safeAdd(sum, w.selectionSet(ctx, s.Definition.SelectionSet))
		case *ast.InlineFragment:
			sum = safeAdd(sum, w.selectionSet(ctx, s.SelectionSet))
		}
	}
	return sum
}

func (w complexityWalker) field(ctx context.Context, def *ast.Definition, kind ast.DefinitionKind, field string, child int, args map[string]any) int {
	if cost, ok := w.es.Complexity(ctx, def.Name, field, child, args); ok && cost >= 1 {
		return cost
	}
	// gqlgen's default: 1 for a scalar or enum (its fixedScalarValue), 1 plus the children's cost
	// otherwise.
	return safeAdd(1, child)
}

// safeAdd is gqlgen's saturating sum that ignores negative operands.
func safeAdd(a, b int) int {
	const maxInt = int(^uint(0) >> 1)
	if a < 0 {
		if b < 0 {
			return 1
		}
		return b
	} else if b < 0 {
		return a
	}
	c := a + b
	if c < a {
		c = maxInt
	}
	return c
}
