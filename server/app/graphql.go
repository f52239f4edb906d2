package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/cors"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/events"
	"github.com/code2des/backend/server/jobs"
	"github.com/code2des/backend/server/sourceurl"
	"github.com/code2des/backend/server/telemetry"
)

// Defaults of the GraphQL limits, used when a Config field is zero (they equal the envDefault
// tags; a test keeps them in step).
const (
	// DefaultGraphQLMaxBodyBytes bounds a POST body: 256 KiB, far above any real query (the token
	// limit is reached first) and far below anything that costs memory.
	DefaultGraphQLMaxBodyBytes = 256 * 1024
	// DefaultGraphQLParserTokenLimit bounds the lexer: a query with more tokens is refused before
	// it is parsed further (50,000 directives, huge alias lists).
	DefaultGraphQLParserTokenLimit = 10000
	// DefaultGraphQLComplexityLimit bounds the summed field costs (graph.NewConfig): a full page of
	// 100 Page Imports with every field costs about 2,600.
	DefaultGraphQLComplexityLimit = 5000
	// DefaultGraphQLMaxDepth bounds nesting: the deepest useful query
	// (pageImports.edges.node.code2desJobs.pageImport.viewport.width) is 7.
	DefaultGraphQLMaxDepth = 10
	// DefaultGraphQLMaxFields bounds the selected fields of one operation, aliases included.
	DefaultGraphQLMaxFields = 250
	// DefaultGraphQLMaxAliases bounds the aliased fields written in one document.
	DefaultGraphQLMaxAliases = 50
	// DefaultGraphQLMaxDirectives bounds the directives written in one document (@include and
	// @skip are the only ones the schema knows).
	DefaultGraphQLMaxDirectives = 50
	// DefaultGraphQLMaxFragments bounds the fragment definitions of one document.
	DefaultGraphQLMaxFragments = 50
	// DefaultGraphQLMaxOperations bounds the operation definitions of one document (all of them
	// are validated, whichever one runs).
	DefaultGraphQLMaxOperations = 10
	// DefaultGraphQLRateLimit is requests per DefaultGraphQLRateWindow per subject.
	DefaultGraphQLRateLimit  = 600
	DefaultGraphQLRateWindow = time.Minute
	// DefaultGraphQLAnonymousRateLimit is requests without a valid token per
	// DefaultGraphQLRateWindow per client IP: a tenth of the authenticated budget, since such a
	// request can only learn that it is UNAUTHENTICATED.
	DefaultGraphQLAnonymousRateLimit = 60
	// DefaultCreatePageImportRateLimit is createPageImport calls per window per subject.
	DefaultCreatePageImportRateLimit  = 30
	DefaultCreatePageImportRateWindow = time.Minute
	// DefaultTriggerCode2DesRateLimit is triggerCode2Des calls per window per subject.
	DefaultTriggerCode2DesRateLimit  = 30
	DefaultTriggerCode2DesRateWindow = time.Minute
	// queryCacheSize is the number of parsed queries kept (gqlgen's LRU).
	queryCacheSize = 1000
	// corsMaxAge is how long a browser may cache a preflight answer.
	corsMaxAge = 10 * time.Minute
)

// withGraphQLDefaults fills zero GraphQL settings with their defaults (tests build Config{}).
func (c Config) withGraphQLDefaults() Config {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	positive := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if c.GraphQLMaxBodyBytes <= 0 {
		c.GraphQLMaxBodyBytes = DefaultGraphQLMaxBodyBytes
	}
	def(&c.GraphQLParserTokenLimit, DefaultGraphQLParserTokenLimit)
	def(&c.GraphQLComplexityLimit, DefaultGraphQLComplexityLimit)
	def(&c.GraphQLMaxDepth, DefaultGraphQLMaxDepth)
	def(&c.GraphQLMaxFields, DefaultGraphQLMaxFields)
	def(&c.GraphQLMaxAliases, DefaultGraphQLMaxAliases)
	def(&c.GraphQLMaxDirectives, DefaultGraphQLMaxDirectives)
	def(&c.GraphQLMaxFragments, DefaultGraphQLMaxFragments)
	def(&c.GraphQLMaxOperations, DefaultGraphQLMaxOperations)
	def(&c.GraphQLRateLimit, DefaultGraphQLRateLimit)
	def(&c.GraphQLAnonymousRateLimit, DefaultGraphQLAnonymousRateLimit)
	def(&c.CreatePageImportRateLimit, DefaultCreatePageImportRateLimit)
	def(&c.TriggerCode2DesRateLimit, DefaultTriggerCode2DesRateLimit)
	def(&c.SubscriptionsPerConnection, DefaultSubscriptionsPerConnection)
	def(&c.SubscriptionConnectionsPerSubject, DefaultSubscriptionConnectionsPerSubject)
	positive(&c.GraphQLRateWindow, DefaultGraphQLRateWindow)
	positive(&c.CreatePageImportRateWindow, DefaultCreatePageImportRateWindow)
	positive(&c.TriggerCode2DesRateWindow, DefaultTriggerCode2DesRateWindow)
	positive(&c.SubscriptionPingInterval, DefaultSubscriptionPingInterval)
	return c
}

// newVerifier returns the token verifier of the configuration, or nil (with a warning) when no
// issuer is configured.
func newVerifier(cfg Config, logger *slog.Logger) (*auth.Verifier, error) {
	if cfg.CognitoIssuer == "" {
		logger.Warn("COGNITO_ISSUER is not set: every GraphQL request is anonymous")
		return nil, nil
	}
	v, err := auth.NewVerifier(auth.Config{
		Issuer: cfg.CognitoIssuer, JWKSURL: cfg.CognitoJWKSURL, ClientIDs: cfg.CognitoClientIDs,
		TokenUses: cfg.CognitoTokenUses, Leeway: cfg.AuthLeeway,
	})
	if err != nil {
		return nil, fmt.Errorf("authentication configuration: %w", err)
	}
	return v, nil
}

// newJobs builds the job lifecycle service over deps.
func (a *App) newJobs() *jobs.Service {
	bucket := a.cfg.S3Bucket
	if a.deps.Blob != nil {
		bucket = a.deps.Blob.Bucket()
	}
	return jobs.New(jobs.Config{
		DB:                a.deps.DB,
		CaptureQueue:      a.deps.CaptureQueue,
		ConversionQueue:   a.deps.ConversionQueue,
		Bucket:            bucket,
		ArtifactKeyPrefix: a.cfg.ArtifactKeyPrefix,
		PublicBaseURL:     a.cfg.PublicBaseURL,
		SourceURL:         sourceurl.Options{AllowLoopback: a.cfg.AllowLoopbackSources},
		DependencyTimeout: a.cfg.DependencyTimeout,
		CreateLimiter:     a.limiter("create-page-import", a.cfg.CreatePageImportRateLimit, a.cfg.CreatePageImportRateWindow),
		TriggerLimiter:    a.limiter("trigger-code2des", a.cfg.TriggerCode2DesRateLimit, a.cfg.TriggerCode2DesRateWindow),
		Logger:            a.logger,
		Blob:              a.deps.Blob,
		Uploads:           presigner(a.deps.Blob),
	})
}

// presigner returns the blob store's upload presigner (snapshot imports), or nil when
// it has none.
func presigner(b models.BlobStore) models.UploadPresigner {
	p, _ := b.(models.UploadPresigner)
	return p
}

// mountGraphQL mounts /graphql behind CORS, the body limit, authentication and the rate limit.
func (a *App) mountGraphQL(r chi.Router, verifier auth.TokenVerifier) {
	svc := a.newJobs()
	hub := events.New(a.deps.DB.DB, a.logger)
	a.metrics.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "code2des_subscriptions_active", Help: "Live GraphQL subscriptions on this instance.",
	}, func() float64 { return float64(hub.Subscribers()) }))
	resolver := &graph.Resolver{
		PageImportService: svc,
		Code2DesService:   svc,
		// The visible-job lookup authorizes code2desResult (NOT_FOUND for other organizations,
		// BAD_USER_INPUT for a malformed id) before the reader touches storage.
		ResultService: a.newResults().ResultService(svc.Code2DesForResult),
		RetryService:  svc,
		BatchService:  svc,
		StatsService:  svc,
		Events:        hub,
		Screenshots:   a.newScreenshots(),
		UploadService: svc,
	}
	srv := handler.New(graph.NewExecutableSchema(graph.NewConfig(resolver)))
	// Subscriptions over WebSocket (subscriptions.go).
	srv.AddTransport(a.subscriptionTransport(verifier))
	srv.Use(graph.SubscriptionLoaders{Reader: svc})
	// OpenTelemetry spans of operations and resolvers, only when a tracer provider is
	// installed (server/telemetry.Setup with an exporter): the field interceptor then runs for
	// every field.
	if telemetry.Enabled() {
		srv.Use(graph.Tracing{})
	}
	// GET (queries) and POST application/json, writing `data` without re-encoding it.
	srv.AddTransport(jsonTransport{})
	cache := lru.New[*ast.QueryDocument](queryCacheSize)
	srv.SetQueryCache(cache)
	srv.SetParserTokenLimit(a.cfg.GraphQLParserTokenLimit)
	// Document limits run before gqlgen parses and validates (graph/doclimits.go).
	srv.Use(a.documentLimits(cache))
	srv.SetDisableSuggestion(!a.cfg.GraphQLSuggestions)
	if a.cfg.GraphQLIntrospection {
		srv.Use(extension.Introspection{})
	}
	// extension.FixedComplexityLimit's sum without a map per argument-less field (graph/complexity.go).
	srv.Use(&graph.ComplexityLimit{Limit: a.cfg.GraphQLComplexityLimit})
	// Page Imports with only plain fields written without gqlgen's per-field execution.
	if !a.cfg.graphQLNoFastPath {
		srv.Use(graph.PageImportFastPath{})
	}
	srv.SetErrorPresenter(graph.ErrorPresenter(a.logger))
	srv.SetRecoverFunc(graph.RecoverFunc(a.logger))

	r.Group(func(r chi.Router) {
		r.Use(a.cors().Handler)
		r.Use(limitBody(a.cfg.GraphQLMaxBodyBytes))
		r.Use(auth.Middleware(verifier, a.logger))
		r.Use(a.limitRequests())
		// Per-request dataloaders, reading as the authenticated caller.
		r.Use(graph.LoaderMiddleware(svc))
		r.Post("/graphql", srv.ServeHTTP)
		r.Get("/graphql", a.websocketUpgrade(http.HandlerFunc(srv.ServeHTTP)).ServeHTTP)
		// Preflight requests are answered by the CORS middleware; the route makes chi run it.
		r.Options("/graphql", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	})
}

// cors allows the Figma plugin iframe (Origin `null`) and the configured dashboard origins, with
// no cookies: the API authenticates with a bearer token only.
func (a *App) cors() *cors.Cors {
	return cors.New(cors.Options{
		AllowOriginFunc:  a.originAllowed,
		AllowedMethods:   []string{http.MethodGet, http.MethodPost},
		AllowedHeaders:   []string{"Authorization", "Content-Type"},
		ExposedHeaders:   []string{"X-Request-Id", "Retry-After"},
		AllowCredentials: false,
		MaxAge:           int(corsMaxAge / time.Second),
	})
}

// limitBody refuses POST bodies over max bytes with 413 before gqlgen reads them: a declared
// Content-Length is checked first, a chunked body is read up to max+1 bytes. A GET's query string
// (where its document travels) is held to the same bound (414), so a GET cannot carry a larger
// document than a POST (net/http alone allows 1 MB of headers).
func limitBody(max int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				if int64(len(r.URL.RawQuery)) > max {
					writeGraphQLError(w, r, http.StatusRequestURITooLong, models.CodeBadUserInput,
						fmt.Sprintf("query string longer than %d bytes", max))
					return
				}
				next.ServeHTTP(w, r)
				return
			}
			body, ok := readLimitedBody(w, r, max)
			if !ok {
				return
			}
			r.Body = &readBody{Reader: bytes.NewReader(body), body: body}
			next.ServeHTTP(w, r)
		})
	}
}

// readLimitedBody reads a request body of at most max bytes, checking a declared Content-Length
// first. Past max it answers 413 (closing the connection) and ok is false; a body that cannot be
// read is answered 400.
func readLimitedBody(w http.ResponseWriter, r *http.Request, max int64) (body []byte, ok bool) {
	tooLarge := func() {
		w.Header().Set("Connection", "close")
		writeGraphQLError(w, r, http.StatusRequestEntityTooLarge, models.CodeBadUserInput,
			fmt.Sprintf("request body larger than %d bytes", max))
	}
	if r.ContentLength > max {
		tooLarge()
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		tooLarge()
		return nil, false
	}
	if err != nil {
		writeGraphQLError(w, r, http.StatusBadRequest, models.CodeBadUserInput, "request body could not be read")
		return nil, false
	}
	return body, true
}

// readBody is a request body limitBody has read whole: the transport decodes its bytes without
// reading them again.
type readBody struct {
	*bytes.Reader
	body []byte
}

// Close implements io.Closer.
func (*readBody) Close() error { return nil }

// unread returns the body's bytes when nothing has read from it yet.
func (b *readBody) unread() ([]byte, bool) {
	return b.body, b.Len() == len(b.body)
}

// writeGraphQLError answers with a GraphQL-shaped error body ({"errors":[...]}) and status.
func writeGraphQLError(w http.ResponseWriter, r *http.Request, status int, code models.ErrorCode, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"errors": []any{map[string]any{
		"message":    message,
		"extensions": map[string]any{"code": code, "requestId": middleware.GetReqID(r.Context())},
	}}})
}
