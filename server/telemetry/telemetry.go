// Package telemetry is the API's OpenTelemetry tracing: the tracer provider and its
// OTLP exporter (off unless OTEL_EXPORTER_OTLP_ENDPOINT is set), and the instrumentation of each
// dependency: HTTP requests (otelhttp; worker callbacks included), SQL statements (bun's otel
// hook), S3 and SQS calls (the AWS SDK's otel middleware). GraphQL operations and resolvers are
// traced by graph.Tracing. Trace context travels in W3C traceparent/tracestate headers and SQS
// message attributes.
package telemetry

import (
	"context"
	"fmt"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/extra/bunotel"
	"go.opentelemetry.io/contrib/instrumentation/github.com/aws/aws-sdk-go-v2/otelaws"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// ServiceName is the service.name of the API's spans unless OTEL_SERVICE_NAME says otherwise.
const ServiceName = "code2des-api"

// DatabaseName is the db.name attribute of SQL spans.
const DatabaseName = "code2des"

// Propagator is the W3C Trace Context propagator every edge uses.
var Propagator = propagation.TraceContext{}

// Setup installs the global tracer provider exporting over OTLP/HTTP to endpoint (the standard
// OTEL_EXPORTER_OTLP_* variables refine it: headers, timeout, TLS), and the W3C propagator. With
// an empty endpoint tracing stays off (the global provider is a no-op that still carries incoming
// trace context on to queue messages). shutdown flushes the spans still buffered.
// Errors: an exporter that cannot be configured.
func Setup(ctx context.Context, endpoint string) (shutdown func(context.Context) error, err error) {
	otel.SetTextMapPropagator(Propagator)
	if endpoint == "" {
		return func(context.Context) error { return nil }, nil
	}
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(endpoint))
	if err != nil {
		return nil, fmt.Errorf("OTLP trace exporter: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(attribute.String("service.name", ServiceName)))
	if err != nil {
		return nil, err
	}
	// OTEL_SERVICE_NAME, when set, wins over ServiceName.
	if env, err := resource.New(ctx, resource.WithFromEnv()); err == nil {
		if merged, err := resource.Merge(res, env); err == nil {
			res = merged
		}
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	return tp.Shutdown, nil
}

// Enabled reports whether a tracer provider that records spans is installed globally (by Setup
// with an endpoint, or by a test with an in-memory exporter).
func Enabled() bool {
	_, ok := otel.GetTracerProvider().(*sdktrace.TracerProvider)
	return ok
}

// InstrumentAWS adds the AWS SDK's otel middleware (one span per S3 or SQS call) to cfg; build
// the clients from cfg afterwards. Without a recording tracer provider (Enabled false: call Setup
// first) it adds nothing: the middleware would build attributes and no-op spans for every call.
func InstrumentAWS(cfg *aws.Config) {
	if Enabled() {
		otelaws.AppendMiddlewares(&cfg.APIOptions)
	}
}

// InstrumentDB adds bun's otel hook (one span per SQL statement, without argument values). Without
// a recording tracer provider (Enabled false: call Setup first) it adds nothing: the hook would
// build an attribute set and a no-op span for every statement (5% of a small read's
// CPU).
func InstrumentDB(db *bun.DB) {
	if !Enabled() {
		return
	}
	db.AddQueryHook(bunotel.NewQueryHook(bunotel.WithDBName(DatabaseName)))
}

// HTTPHandler traces every HTTP request but WebSocket upgrades (whose span would last the
// connection), continuing an incoming traceparent. While tracing is off (Enabled is false, checked
// per request) it only carries an incoming traceparent into the request's context, so the queue
// messages a request publishes still continue the caller's trace, without otelhttp's per-request
// wrapping, attributes and metrics (a tenth of a small read's CPU).
func HTTPHandler(h http.Handler) http.Handler {
	traced := otelhttp.NewHandler(h, "http",
		otelhttp.WithPropagators(Propagator),
		otelhttp.WithFilter(func(r *http.Request) bool { return r.Header.Get("Upgrade") == "" }),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method + " " + r.URL.Path }))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if Enabled() {
			traced.ServeHTTP(w, r)
			return
		}
		if r.Header.Get("Traceparent") != "" {
			r = r.WithContext(Propagator.Extract(r.Context(), propagation.HeaderCarrier(r.Header)))
		}
		h.ServeHTTP(w, r)
	})
}
