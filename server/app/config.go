// Package app wires the Code2Des API: configuration, the database, the AWS clients, the HTTP routes
// (GraphQL, worker callbacks, health, metrics), start-up and graceful shutdown. The `server` main
// package and the local stack both run it.
package app

import (
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/awsclient"
	"github.com/code2des/backend/envtrim"
	"github.com/code2des/backend/server/auth"
)

// Config is the service configuration, read from environment variables (see the README's table
// for every variable, its default and its meaning). Secrets are masked by String.
type Config struct {
	// HTTPAddr is the listen address of the API.
	HTTPAddr string `env:"HTTP_ADDR" envDefault:":8080"`
	// PublicBaseURL is the externally reachable base URL of this API; callback URLs in queue
	// messages are built from it.
	PublicBaseURL string `env:"PUBLIC_BASE_URL" envDefault:"http://127.0.0.1:8080"`
	// DatabaseURL is the PostgreSQL connection URL.
	DatabaseURL string `env:"DATABASE_URL" envDefault:"postgres://postgres@127.0.0.1:5432/code2des?sslmode=disable" mask:"url"`
	// MigrateOnStart applies pending migrations at start-up, under the advisory lock.
	MigrateOnStart bool `env:"MIGRATE_ON_START" envDefault:"false"`

	// Settings are the AWS region, credentials and endpoints, shared with the workers
	// (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_USE_PATH_STYLE,
	// S3_CHECKSUM_WHEN_REQUIRED, SQS_ENDPOINT; awsclient).
	awsclient.Settings
	// S3Bucket holds every artifact (SPEC §7).
	S3Bucket string `env:"S3_BUCKET" envDefault:"code2des-artifacts"`
	// ArtifactKeyPrefix is prepended to every artifact key (SPEC §7), e.g. "prod/"; may be empty.
	ArtifactKeyPrefix string `env:"ARTIFACT_KEY_PREFIX"`
	// CaptureQueueURL receives page_import.requested messages.
	CaptureQueueURL string `env:"SQS_CAPTURE_QUEUE_URL"`
	// ConversionQueueURL receives code2des.requested messages.
	ConversionQueueURL string `env:"SQS_CONVERSION_QUEUE_URL"`

	// --- GraphQL API: authentication, CORS, limits. ---

	// CognitoIssuer is the user pool issuer, https://cognito-idp.<region>.amazonaws.com/<pool id>.
	// Empty: no token is accepted, every request is anonymous (and every job call UNAUTHENTICATED).
	CognitoIssuer string `env:"COGNITO_ISSUER"`
	// CognitoJWKSURL is where signing keys are fetched; empty means COGNITO_ISSUER +
	// "/.well-known/jwks.json".
	CognitoJWKSURL string `env:"COGNITO_JWKS_URL"`
	// CognitoClientIDs are the accepted app client ids (comma-separated).
	CognitoClientIDs []string `env:"COGNITO_CLIENT_IDS" envSeparator:","`
	// CognitoTokenUses are the accepted token_use values: id, access or both (comma-separated).
	CognitoTokenUses []string `env:"COGNITO_TOKEN_USES" envDefault:"id,access" envSeparator:","`
	// AuthLeeway is the clock skew tolerated on token times.
	AuthLeeway time.Duration `env:"AUTH_LEEWAY" envDefault:"30s"`
	// CORSAllowedOrigins are the dashboard origins allowed to call /graphql (comma-separated,
	// e.g. https://app.code2des.example).
	CORSAllowedOrigins []string `env:"CORS_ALLOWED_ORIGINS" envSeparator:","`
	// CORSAllowNullOrigin allows the Origin `null` of the Figma plugin iframe.
	CORSAllowNullOrigin bool `env:"CORS_ALLOW_NULL_ORIGIN" envDefault:"true"`
	// GraphQLIntrospection enables __schema/__type queries (off in production).
	GraphQLIntrospection bool `env:"GRAPHQL_INTROSPECTION" envDefault:"false"`
	// GraphQLSuggestions enables "Did you mean ...?" hints in validation errors.
	GraphQLSuggestions bool `env:"GRAPHQL_SUGGESTIONS" envDefault:"false"`
	// GraphQLMaxBodyBytes bounds a POST /graphql body; 0 means DefaultGraphQLMaxBodyBytes.
	GraphQLMaxBodyBytes int64 `env:"GRAPHQL_MAX_BODY_BYTES" envDefault:"262144"`
	// GraphQLParserTokenLimit bounds the tokens of one query document; 0 means the default.
	GraphQLParserTokenLimit int `env:"GRAPHQL_PARSER_TOKEN_LIMIT" envDefault:"10000"`
	// GraphQLComplexityLimit bounds the summed field costs of one operation; 0 means the default.
	GraphQLComplexityLimit int `env:"GRAPHQL_COMPLEXITY_LIMIT" envDefault:"5000"`
	// GraphQLMaxDepth bounds field nesting; 0 means the default.
	GraphQLMaxDepth int `env:"GRAPHQL_MAX_DEPTH" envDefault:"10"`
	// GraphQLMaxFields bounds the fields (aliases included) one operation selects; 0 means the
	// default.
	GraphQLMaxFields int `env:"GRAPHQL_MAX_FIELDS" envDefault:"250"`
	// GraphQLMaxAliases bounds the aliased fields written in one document; 0 means the default.
	GraphQLMaxAliases int `env:"GRAPHQL_MAX_ALIASES" envDefault:"50"`
	// GraphQLMaxDirectives bounds the directives written in one document; 0 means the default.
	GraphQLMaxDirectives int `env:"GRAPHQL_MAX_DIRECTIVES" envDefault:"50"`
	// GraphQLMaxFragments bounds the fragment definitions of one document; 0 means the default.
	GraphQLMaxFragments int `env:"GRAPHQL_MAX_FRAGMENTS" envDefault:"50"`
	// GraphQLMaxOperations bounds the operation definitions of one document; 0 means the default.
	GraphQLMaxOperations int `env:"GRAPHQL_MAX_OPERATIONS" envDefault:"10"`
	// GraphQLRateLimit is the number of /graphql requests per GraphQLRateWindow per subject
	// (per client IP for anonymous requests); 0 means the default, negative turns it off.
	GraphQLRateLimit int `env:"GRAPHQL_RATE_LIMIT" envDefault:"600"`
	// GraphQLRateWindow is the window of GraphQLRateLimit and GraphQLAnonymousRateLimit.
	GraphQLRateWindow time.Duration `env:"GRAPHQL_RATE_WINDOW" envDefault:"1m"`
	// GraphQLAnonymousRateLimit is the number of /graphql requests without a valid token per
	// GraphQLRateWindow per client IP; 0 means the default, negative turns it off.
	GraphQLAnonymousRateLimit int `env:"GRAPHQL_ANONYMOUS_RATE_LIMIT" envDefault:"60"`
	// CreatePageImportRateLimit is the number of createPageImport calls per
	// CreatePageImportRateWindow per subject; 0 means the default, negative turns it off.
	CreatePageImportRateLimit int `env:"CREATE_PAGE_IMPORT_RATE_LIMIT" envDefault:"30"`
	// CreatePageImportRateWindow is the window of CreatePageImportRateLimit.
	CreatePageImportRateWindow time.Duration `env:"CREATE_PAGE_IMPORT_RATE_WINDOW" envDefault:"1m"`
	// TriggerCode2DesRateLimit is the number of triggerCode2Des calls per
	// TriggerCode2DesRateWindow per subject; 0 means the default, negative turns it off.
	TriggerCode2DesRateLimit int `env:"TRIGGER_CODE2DES_RATE_LIMIT" envDefault:"30"`
	// TriggerCode2DesRateWindow is the window of TriggerCode2DesRateLimit.
	TriggerCode2DesRateWindow time.Duration `env:"TRIGGER_CODE2DES_RATE_WINDOW" envDefault:"1m"`
	// --- Sign-in (signin.go, docs/signin.md): what GET /auth/config tells the pages. ---

	// SignInClientID is the app client the dashboard signs in with: a public client (no secret)
	// allowed the authorization code grant with PKCE. Empty means the first of COGNITO_CLIENT_IDS;
	// it must be one of them.
	SignInClientID string `env:"SIGNIN_CLIENT_ID"`
	// SignInRedirectPath is the path, on this API's origin, the user pool sends the browser back
	// to after sign-in (register its URL as a callback URL of the app client).
	SignInRedirectPath string `env:"SIGNIN_REDIRECT_PATH" envDefault:"/dashboard/signin/callback"`
	// SignInScopes are the OAuth scopes the dashboard asks for, space-separated.
	SignInScopes string `env:"SIGNIN_SCOPES" envDefault:"openid email profile"`
	// SignInLogoutURL is the user pool's logout endpoint (Cognito: https://<domain>/logout); empty:
	// signing out forgets the tokens in the page and revokes nothing at the user pool.
	SignInLogoutURL string `env:"SIGNIN_LOGOUT_URL"`
	// HandoffRateLimit is the number of plugin sign-in key pairs (POST /auth/handoffs) per
	// HandoffRateWindow per client IP; 0 means the default, negative turns it off.
	HandoffRateLimit int `env:"HANDOFF_RATE_LIMIT" envDefault:"10"`
	// HandoffRateWindow is the window of HandoffRateLimit.
	HandoffRateWindow time.Duration `env:"HANDOFF_RATE_WINDOW" envDefault:"1m"`
	// LocalIssuer, when set, turns on the development sign-in (/auth/local/*): it mints tokens for
	// the members of the database. Never read from the environment: only the local stack
	// (cmd/localstack) and tests set it, and New refuses it unless auth.CheckLocalSignIn passes
	// (a loopback issuer that is COGNITO_ISSUER itself).
	LocalIssuer *auth.LocalIssuer `env:"-"`

	// AllowLoopbackSources lets sourceUrl point to loopback hosts (localhost, 127.0.0.0/8, ::1).
	// LOCAL AND TEST USE ONLY: the local stack turns it on to import pages it serves itself.
	AllowLoopbackSources bool `env:"ALLOW_LOOPBACK_SOURCES" envDefault:"false"`

	// RedisURL (redis://[:password@]host:port/db, rediss:// for TLS) shares the rate limits
	// between instances; empty: every instance counts on its own.
	RedisURL string `env:"REDIS_URL" mask:"url"`
	// RedisKeyPrefix is prepended to every Redis key this service writes.
	RedisKeyPrefix string `env:"REDIS_KEY_PREFIX" envDefault:"code2des:"`
	// RedisTimeout bounds one Redis call; past it the request is counted locally.
	RedisTimeout time.Duration `env:"REDIS_TIMEOUT" envDefault:"250ms"`

	// --- GraphQL subscriptions (subscriptions.go). ---

	// SubscriptionsPerConnection bounds the live subscriptions of one WebSocket connection; 0
	// means DefaultSubscriptionsPerConnection.
	SubscriptionsPerConnection int `env:"SUBSCRIPTIONS_PER_CONNECTION" envDefault:"20"`
	// SubscriptionConnectionsPerSubject bounds one subject's open WebSocket connections on one
	// instance; 0 means DefaultSubscriptionConnectionsPerSubject.
	SubscriptionConnectionsPerSubject int `env:"SUBSCRIPTION_CONNECTIONS_PER_SUBJECT" envDefault:"10"`
	// SubscriptionPingInterval is the keep-alive ping interval of subscription connections; 0
	// means DefaultSubscriptionPingInterval.
	SubscriptionPingInterval time.Duration `env:"SUBSCRIPTION_PING_INTERVAL" envDefault:"25s"`

	// --- Worker callbacks and the sweeper. ---

	// WorkerSecrets are the shared secrets worker callbacks are signed with (SPEC §6), comma
	// separated: one, or two during a rotation (either is accepted). Each at least 32 bytes.
	// Empty: every callback is refused with 401.
	WorkerSecrets []string `env:"WORKER_SECRETS" envSeparator:"," mask:"true"`
	// CaptureDeadline is how long a Page Import may stay processing before the sweeper fails it.
	CaptureDeadline time.Duration `env:"CAPTURE_DEADLINE" envDefault:"15m"`
	// UploadDeadline is how long a snapshot import may wait for completePageImportUpload before
	// the sweeper fails it; 0 or unset means sweeper.DefaultUploadDeadline.
	UploadDeadline time.Duration `env:"UPLOAD_DEADLINE" envDefault:"15m"`
	// ConversionDeadline is how long a Code2Des job may stay processing before the sweeper fails it.
	ConversionDeadline time.Duration `env:"CONVERSION_DEADLINE" envDefault:"15m"`
	// SweepInterval is the pause between sweeps (plus up to 10% jitter); 0 disables the sweeper
	// on this instance.
	SweepInterval time.Duration `env:"SWEEP_INTERVAL" envDefault:"1m"`
	// CaptureArtifactMaxBytes is the largest capture JSON a completed capture callback may point at.
	CaptureArtifactMaxBytes int64 `env:"CAPTURE_ARTIFACT_MAX_BYTES" envDefault:"33554432"`
	// ResultArtifactMaxBytes is the largest result JSON a completed conversion callback may point at;
	// keep it at most the result reader's limit (server/results, 8 MiB by default).
	ResultArtifactMaxBytes int64 `env:"RESULT_ARTIFACT_MAX_BYTES" envDefault:"8388608"`
	// ArtifactReadTimeout bounds the storage reads of one callback's artifact check; past it the
	// callback answers 503 and nothing changes.
	ArtifactReadTimeout time.Duration `env:"ARTIFACT_READ_TIMEOUT" envDefault:"30s"`

	// --- Result retrieval. ---

	// ResultMaxBytes bounds the result JSON that code2desResult reads, in bytes; 0 means
	// results.DefaultMaxResultBytes. RESULT_ARTIFACT_MAX_BYTES (what callbacks accept) must not
	// exceed it.
	ResultMaxBytes int64 `env:"RESULT_MAX_BYTES" envDefault:"8388608"`
	// ResultMaxImageBytes bounds one stored image of a result, in bytes.
	ResultMaxImageBytes int64 `env:"RESULT_MAX_IMAGE_BYTES" envDefault:"10485760"`
	// ResultMaxTotalImageBytes bounds the images of one result (stored, and again returned), in
	// bytes.
	ResultMaxTotalImageBytes int64 `env:"RESULT_MAX_TOTAL_IMAGE_BYTES" envDefault:"33554432"`
	// ResultFetchConcurrency caps the concurrent image reads of one result.
	ResultFetchConcurrency int `env:"RESULT_FETCH_CONCURRENCY" envDefault:"8"`
	// ResultFetchTimeout bounds loading one result (artifact, images, conversions).
	ResultFetchTimeout time.Duration `env:"RESULT_FETCH_TIMEOUT" envDefault:"30s"`
	// ResultCacheBytes is the byte budget of the process-wide cache of hydrated results;
	// negative disables the cache.
	ResultCacheBytes int64 `env:"RESULT_CACHE_BYTES" envDefault:"268435456"`
	// ResultConvertConcurrency caps the image conversions (WebP to PNG, downscaling) running at
	// once in the process.
	ResultConvertConcurrency int `env:"RESULT_CONVERT_CONCURRENCY" envDefault:"2"`

	// OTLPEndpoint is where traces are exported over OTLP/HTTP (e.g. http://collector:4318);
	// empty: tracing is off (incoming trace context is still passed on to queue messages).
	OTLPEndpoint string `env:"OTEL_EXPORTER_OTLP_ENDPOINT"`

	// LogLevel is debug, info, warn or error.
	LogLevel string `env:"LOG_LEVEL" envDefault:"info"`
	// LogFormat is json or text.
	LogFormat string `env:"LOG_FORMAT" envDefault:"json"`
	// ShutdownTimeout bounds graceful shutdown.
	ShutdownTimeout time.Duration `env:"SHUTDOWN_TIMEOUT" envDefault:"15s"`
	// DependencyTimeout bounds each call to the database, S3 or SQS made for one request.
	DependencyTimeout time.Duration `env:"DEPENDENCY_TIMEOUT" envDefault:"10s"`

	// graphQLNoFastPath turns graph.PageImportFastPath off; only tests set it (export_test.go),
	// to compare its output with gqlgen's.
	graphQLNoFastPath bool
}

// LoadConfig reads the configuration from the environment.
// Every value is trimmed of surrounding whitespace and list items one by one (configcheck.go);
// errors name the variable.
func LoadConfig() (Config, error) {
	cfg, err := env.ParseAsWithOptions[Config](env.Options{Environment: envtrim.Environment()})
	if err != nil {
		return Config{}, fmt.Errorf("read configuration: %w", envErrors(err))
	}
	cfg.trimLists()
	return cfg, cfg.Validate()
}

// Validate checks values the service cannot run without.
func (c Config) Validate() error {
	var problems []string
	if c.DatabaseURL == "" {
		problems = append(problems, "DATABASE_URL is required")
	}
	if c.S3Bucket == "" {
		problems = append(problems, "S3_BUCKET is required")
	}
	problems = append(problems, c.validateSettings()...)
	problems = append(problems, c.validateRedis()...)
	problems = append(problems, c.validateCallbacks()...)
	problems = append(problems, c.validateResults()...)
	if _, err := ParseLogLevel(c.LogLevel); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return fmt.Errorf("invalid configuration: %s", strings.Join(problems, "; "))
	}
	return nil
}

// ParseLogLevel reads a LOG_LEVEL value.
func ParseLogLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("LOG_LEVEL %q: want debug, info, warn or error", s)
	}
	return l, nil
}

// NewLogger returns the structured logger for c.
func NewLogger(c Config, w interface{ Write([]byte) (int, error) }) *slog.Logger {
	level, _ := ParseLogLevel(c.LogLevel)
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// LogValue lists every setting for the start-up log, those of embedded structs (the AWS settings)
// included; fields tagged `mask:"true"` (secrets) are shown as "***" when set, and `mask:"url"`
// ones with their password redacted.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(settingAttrs(reflect.ValueOf(c))...)
}

func settingAttrs(v reflect.Value) []slog.Attr {
	t := v.Type()
	attrs := make([]slog.Attr, 0, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			attrs = append(attrs, settingAttrs(v.Field(i))...)
			continue
		}
		name := f.Tag.Get("env")
		if name == "" || name == "-" {
			continue
		}
		val := fmt.Sprint(v.Field(i).Interface())
		switch f.Tag.Get("mask") {
		case "true":
			if val != "" && val != "[]" {
				val = "***"
			}
		case "url":
			if u, err := url.Parse(val); err == nil {
				val = u.Redacted()
			}
		}
		attrs = append(attrs, slog.String(name, val))
	}
	return attrs
}
