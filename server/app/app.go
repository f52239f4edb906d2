package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/database"
	"github.com/code2des/backend/server/s3store"
	"github.com/code2des/backend/server/sqsqueue"
	"github.com/code2des/backend/server/telemetry"
)

// Deps are the outside dependencies of the API. Run opens them from the configuration; tests
// build them against the test database and the local protocol servers.
type Deps struct {
	DB              *bun.DB
	Blob            models.BlobStore
	CaptureQueue    models.Queue
	ConversionQueue models.Queue
	// Redis shares rate limits between instances; nil: each instance counts on its own.
	Redis redis.UniversalClient
}

// OpenDeps connects to the database and builds the S3 and SQS clients of cfg. The first
// connection is bounded by cfg.DependencyTimeout: a database that does not answer fails start-up
// (docs/decisions.md: no retry loop in the process; its supervisor restarts it).
func OpenDeps(ctx context.Context, cfg Config) (Deps, error) {
	octx, cancel := ctx, context.CancelFunc(func() {})
	if cfg.DependencyTimeout > 0 {
		octx, cancel = context.WithTimeout(ctx, cfg.DependencyTimeout)
	}
	db, err := database.Open(octx, cfg.DatabaseURL)
	cancel()
	if err != nil {
		return Deps{}, err
	}
	telemetry.InstrumentDB(db)
	awsCfg, err := cfg.Settings.Load(ctx)
	if err != nil {
		_ = db.Close()
		return Deps{}, err
	}
	telemetry.InstrumentAWS(&awsCfg)
	s3Client := cfg.S3(awsCfg)
	sqsClient := sqsqueue.NewClient(awsCfg, cfg.Settings)
	rdb, err := openRedis(cfg)
	if err != nil {
		_ = db.Close()
		return Deps{}, err
	}
	return Deps{
		Redis:           rdb,
		DB:              db,
		Blob:            s3store.New(s3Client, cfg.S3Bucket),
		CaptureQueue:    sqsqueue.New(sqsClient, cfg.CaptureQueueURL),
		ConversionQueue: sqsqueue.New(sqsClient, cfg.ConversionQueueURL),
	}, nil
}

// App is the wired API.
type App struct {
	cfg     Config
	deps    Deps
	logger  *slog.Logger
	handler http.Handler
	metrics *prometheus.Registry
	// rateDecisions counts rate-limit decisions by limiter, store and outcome (ratelimit.go).
	rateDecisions *prometheus.CounterVec
}

// New wires the API over deps. Zero GraphQL limits in cfg take their defaults.
func New(cfg Config, deps Deps, logger *slog.Logger) (*App, error) {
	cfg = cfg.withGraphQLDefaults()
	if err := cfg.checkLocalSignIn(); err != nil {
		return nil, err
	}
	a := &App{cfg: cfg, deps: deps, logger: logger, metrics: prometheus.NewRegistry()}
	a.metrics.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	verifier, err := newVerifier(cfg, logger)
	if err != nil {
		return nil, err
	}
	a.handler = a.routes(verifier)
	return a, nil
}

// Handler returns the root HTTP handler.
func (a *App) Handler() http.Handler { return a.handler }

func (a *App) routes(verifier *auth.Verifier) http.Handler {
	r := chi.NewRouter()
	r.Use(requestID)
	r.Use(requestLogger(a.logger))
	r.Use(recoverer(a.logger))
	r.Use(newHTTPMetrics(a.metrics).middleware)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { writeText(w, http.StatusOK, "ok") })
	r.Get("/readyz", a.readyz)
	r.Handle("/metrics", promhttp.HandlerFor(a.metrics, promhttp.HandlerOpts{}))

	// A nil *auth.Verifier must reach the middleware as a nil interface (anonymous requests).
	var tv auth.TokenVerifier
	if verifier != nil {
		tv = verifier
	}
	a.mountGraphQL(r, tv)
	// Sign-in for the dashboard and the plugin (signin.go).
	a.mountSignIn(r, tv)

	// Worker callbacks (SPEC §6) are mounted here.
	a.mountCallbacks(r)
	a.mountDashboard(r)
	// Every request gets a span (worker callbacks included), continuing an incoming traceparent,
	// so the queue messages a request publishes carry its trace on (SPEC §5).
	return telemetry.HTTPHandler(r)
}

// readyz answers 200 when the database answers a ping within a second, 503 otherwise.
func (a *App) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	if err := a.deps.DB.PingContext(ctx); err != nil {
		a.logger.WarnContext(ctx, "readiness check failed", "err", err.Error())
		writeText(w, http.StatusServiceUnavailable, "database unavailable")
		return
	}
	writeText(w, http.StatusOK, "ok")
}

func writeText(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body + "\n"))
}

// Run opens the dependencies, serves the API on cfg.HTTPAddr until ctx is done, then shuts down
// gracefully within cfg.ShutdownTimeout. ready, when not nil, receives the bound address.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, ready chan<- string) error {
	shutdownTracing, err := telemetry.Setup(ctx, cfg.OTLPEndpoint)
	if err != nil {
		return err
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = shutdownTracing(ctx)
	}()
	deps, err := OpenDeps(ctx, cfg)
	if err != nil {
		return err
	}
	defer deps.DB.Close()
	if deps.Redis != nil {
		defer deps.Redis.Close()
	}
	if cfg.MigrateOnStart {
		names, err := database.Migrate(ctx, deps.DB, database.Up)
		if err != nil {
			return err
		}
		logger.Info("migrations applied", "count", len(names), "names", names)
	}
	a, err := New(cfg, deps, logger)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.HTTPAddr, err)
	}
	srv := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// The sweeper (SPEC §6) stops with the server, and Run returns only after it has.
	sweepCtx, stopSweeper := context.WithCancel(ctx)
	waitSweeper := a.startSweeper(sweepCtx)
	defer func() { stopSweeper(); waitSweeper() }()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	logger.Info("serving", "addr", l.Addr().String(), "config", cfg)
	if ready != nil {
		ready <- l.Addr().String()
	}
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
