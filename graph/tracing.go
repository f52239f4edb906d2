package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// TracerName names the GraphQL spans' instrumentation scope.
const TracerName = "github.com/code2des/backend/graph"

// Tracing is a gqlgen extension that traces every query and mutation (span "graphql <type>
// <name>") and, inside it, the resolvers of cost (span "graphql.resolve <Object>.<field>"): the
// root fields and tracedFields. The dataloader fields (PageImport.code2desJobs,
// Code2Des.pageImport) get no span per element: their cost is the one batched SQL statement,
// which has its own span, and a span per element would slow every element of a 100-row page.
// Subscriptions get their resolver spans only (an operation span would last the subscription).
// It uses the global tracer provider (a no-op unless server/telemetry installed one).
type Tracing struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationInterceptor
	graphql.FieldInterceptor
} = Tracing{}

// ExtensionName implements graphql.HandlerExtension.
func (Tracing) ExtensionName() string { return "Tracing" }

// Validate implements graphql.HandlerExtension.
func (Tracing) Validate(graphql.ExecutableSchema) error { return nil }

func tracer() trace.Tracer { return otel.GetTracerProvider().Tracer(TracerName) }

// InterceptOperation implements graphql.OperationInterceptor.
func (Tracing) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	oc := graphql.GetOperationContext(ctx)
	if oc.Operation == nil || oc.Operation.Operation == ast.Subscription {
		return next(ctx)
	}
	kind := string(oc.Operation.Operation)
	ctx, span := tracer().Start(ctx, "graphql "+kind+" "+oc.OperationName, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(attribute.String("graphql.operation.type", kind), attribute.String("graphql.operation.name", oc.OperationName)))
	handler := next(ctx)
	return func(ctx context.Context) *graphql.Response {
		defer span.End()
		resp := handler(ctx)
		if resp != nil && len(resp.Errors) > 0 {
			span.SetStatus(codes.Error, resp.Errors[0].Message)
		}
		return resp
	}
}

// rootObjects are the operation types, whose fields are the calls of the API.
var rootObjects = map[string]bool{"Query": true, "Mutation": true, "Subscription": true}

// tracedFields are the non-root fields whose resolvers call storage on their own.
var tracedFields = map[string]bool{"PageImport.screenshot": true}

// InterceptField implements graphql.FieldInterceptor.
func (Tracing) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !fc.IsResolver || !(rootObjects[fc.Object] || tracedFields[fc.Object+"."+fc.Field.Name]) {
		return next(ctx)
	}
	ctx, span := tracer().Start(ctx, "graphql.resolve "+fc.Object+"."+fc.Field.Name)
	defer span.End()
	if span.IsRecording() {
		span.SetAttributes(attribute.String("graphql.field.path", fc.Path().String()))
	}
	res, err := next(ctx)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	return res, err
}
