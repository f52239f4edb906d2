package graph

import (
	"context"
	"errors"

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
// for every field (a map per selected field per request, issue 17): such a field's cost
// function takes no arguments, so it never reads the map. A test compares the sums with
// complexity.Calculate's.
type ComplexityLimit struct {
	// Limit is the most an operation may cost.
	Limit int
	es    graphql.ExecutableSchema
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
	cost := OperationComplexity(ctx, c.es, op, opCtx.Variables)
	opCtx.Stats.SetExtension(complexityExtension, &extension.ComplexityStats{Complexity: cost, ComplexityLimit: c.Limit})
	if cost > c.Limit {
		err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", cost, c.Limit)
		errcode.Set(err, errComplexityLimit)
		return err
	}
	return nil
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
