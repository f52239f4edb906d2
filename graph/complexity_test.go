package graph_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/graph"
)

// schemaDocument writes an operation on root that selects every field of the schema down to
// depth (unions and interfaces through an inline fragment per possible type), each argument
// given by a variable of its own; it returns the document and the variables' names and types.
func schemaDocument(s *ast.Schema, root *ast.Definition, kind string, depth int) (string, map[string]*ast.Type) {
	vars := map[string]*ast.Type{}
	var sel func(def *ast.Definition, d int) string
	sel = func(def *ast.Definition, d int) string {
		var b strings.Builder
		b.WriteString("{ __typename")
		if def.Kind == ast.Union || def.Kind == ast.Interface {
			for _, t := range s.GetPossibleTypes(def) {
				fmt.Fprintf(&b, " ... on %s %s", t.Name, sel(t, d))
			}
		}
		if def.Kind != ast.Union {
			for _, f := range def.Fields {
				if strings.HasPrefix(f.Name, "__") {
					continue
				}
				ft := s.Types[f.Type.Name()]
				composite := ft.Kind == ast.Object || ft.Kind == ast.Interface || ft.Kind == ast.Union
				if composite && d >= depth {
					continue
				}
				b.WriteString(" " + f.Name)
				if len(f.Arguments) > 0 {
					var args []string
					for _, a := range f.Arguments {
						v := fmt.Sprintf("v%d", len(vars))
						vars[v] = a.Type
						args = append(args, a.Name+": $"+v)
					}
					b.WriteString("(" + strings.Join(args, ", ") + ")")
				}
				if composite {
					b.WriteString(" " + sel(ft, d+1))
				}
			}
		}
		b.WriteString(" }")
		return b.String()
	}
	body := sel(root, 1)
	var decl []string
	for v, t := range vars {
		decl = append(decl, "$"+v+": "+t.String())
	}
	head := kind
	if len(decl) > 0 {
		head += "(" + strings.Join(decl, ", ") + ")"
	}
	return head + " " + body, vars
}

// OperationComplexity sums what gqlgen's complexity.Calculate sums, for every field of the
// schema (each root field in a document of its own, to depth 4), with the arguments absent and
// with Int arguments at and past the page limits.
func TestOperationComplexityIsGqlgens(t *testing.T) {
	es := graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{}))
	s := es.Schema()
	ctx := context.Background()
	checked := 0
	for _, root := range []struct {
		def  *ast.Definition
		kind string
	}{{s.Query, "query"}, {s.Mutation, "mutation"}} {
		for _, f := range root.def.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			one := &ast.Definition{Kind: ast.Object, Name: root.def.Name, Fields: ast.FieldList{f}}
			text, vars := schemaDocument(s, one, root.kind, 4)
			doc, err := gqlparser.LoadQueryWithRules(s, text, nil)
			if err != nil {
				t.Fatalf("%s: %v\n%s", f.Name, err, text)
			}
			op := doc.Operations[0]
			for _, n := range []any{nil, 0, 1, 20, 100, 101, -1, 1 << 40} {
				values := map[string]any{}
				for v, typ := range vars {
					switch {
					case n == nil:
					case typ.Name() == "Int":
						values[v] = n
					case typ.Name() == "ID" || typ.Name() == "String":
						values[v] = "1"
					}
				}
				got, want := graph.OperationComplexity(ctx, es, op, values), complexity.Calculate(ctx, es, op, values)
				if got != want {
					t.Errorf("%s with %v: %d, gqlgen %d\n%s", f.Name, n, got, want, text)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d documents checked", checked)
	}
}

// ComplexityLimit answers as extension.FixedComplexityLimit: the same stats at and under the
// limit, the same error past it.
func TestComplexityLimitAnswersAsGqlgen(t *testing.T) {
	const query = `query($p: ID!, $n: Int) { code2desJobs(projectId: $p, first: $n) { edges { node { id pageImport { id } } } } }`
	for _, n := range []int{1, 20, 100} {
		for _, limit := range []int{100, 262, 263, 5000} {
			answer := func(ext graphql.HandlerExtension) (*extension.ComplexityStats, gqlerror.List) {
				exec := executor.New(graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{})))
				exec.Use(ext)
				oc, errs := exec.CreateOperationContext(authenticated, &graphql.RawParams{Query: query,
					Variables: map[string]any{"p": "1", "n": n}})
				if oc == nil || errs != nil {
					return nil, errs
				}
				return extension.GetComplexityStats(graphql.WithOperationContext(context.Background(), oc)), nil
			}
			gotStats, gotErrs := answer(&graph.ComplexityLimit{Limit: limit})
			wantStats, wantErrs := answer(extension.FixedComplexityLimit(limit))
			if !reflect.DeepEqual(gotStats, wantStats) || !reflect.DeepEqual(gotErrs, wantErrs) {
				t.Errorf("first %d, limit %d: %+v %v; gqlgen %+v %v", n, limit, gotStats, gotErrs, wantStats, wantErrs)
			}
			if (wantErrs == nil) != (wantStats != nil) || (wantStats == nil && len(wantErrs) != 1) {
				t.Fatalf("first %d, limit %d: stats %+v, errors %v", n, limit, wantStats, wantErrs)
			}
		}
	}
}
