package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"github.com/code2des/backend/models"
)

// fastPathKey marks the context of a field PageImportFastPath is mounted for.
type fastPathKey struct{}

// code2desListColumns are the columns a code2desJobs field (the current field of ctx) needs of its
// jobs and of their Page Imports when PageImportFastPath is mounted and writes all of its edges
// (its plan: plain fields only): the columns of the fields written (code2desFieldColumns,
// pageImportFieldColumns) and the ids. Zero, every column, without the fast path or for any
// other selection (a field with a resolver, a deferred fragment, a connection field this does
// not know): gqlgen may then read any field of the rows. Should the fast path leave a page so
// read to gqlgen after all, gqlgen writes the same fields, all of them read.
func code2desListColumns(ctx context.Context) (models.Code2DesColumns, models.PageImportColumns) {
	fc := graphql.GetFieldContext(ctx)
	if on, _ := ctx.Value(fastPathKey{}).(bool); !on || fc == nil || !graphql.HasOperationContext(ctx) {
		return 0, 0
	}
	oc := graphql.GetOperationContext(ctx)
	var cols models.Code2DesColumns
	var icols models.PageImportColumns
	for _, f := range graphql.CollectFields(oc, fc.Field.Selections, code2desConnectionType) {
		switch f.Name {
		case "__typename", "pageInfo": // made from the page and the cursors (the ids)
		case "edges":
			p := cachedPlan(oc, f.Selections, planCode2DesEdgesKind, planCode2DesEdges)
			if p.fields == nil {
				return 0, 0
			}
			cols |= p.columns
			icols |= p.importColumns
		default:
			return 0, 0
		}
	}
	return cols | models.Code2DesColID, icols | models.PageImportColID
}

var code2desConnectionType = []string{"Code2DesConnection"}
