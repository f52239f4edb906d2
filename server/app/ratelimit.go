package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/go-chi/httprate"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/ratelimit"
)

// validateRedis checks REDIS_URL (without quoting it: it may hold a password) and REDIS_TIMEOUT.
func (c Config) validateRedis() []string {
	var problems []string
	if c.RedisURL != "" {
		if _, err := redis.ParseURL(c.RedisURL); err != nil {
			problems = append(problems, "REDIS_URL is not a redis:// or rediss:// URL")
		}
	}
	if c.RedisTimeout <= 0 {
		problems = append(problems, "REDIS_TIMEOUT must be positive")
	}
	return problems
}

// openRedis returns the Redis client of REDIS_URL, or nil when it is empty. It does not connect:
// an unreachable Redis is not a start-up failure (the limiters count locally and warn).
func openRedis(cfg Config) (redis.UniversalClient, error) {
	if cfg.RedisURL == "" {
		return nil, nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL is not a redis:// or rediss:// URL")
	}
	opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = cfg.RedisTimeout, cfg.RedisTimeout, cfg.RedisTimeout
	// A limit check waits for no pool slot longer than for Redis itself.
	opts.PoolTimeout = cfg.RedisTimeout
	opts.MaxRetries = -1 // no retries: the limiter falls back to local counts instead
	return redis.NewClient(opts), nil
}

// redisLogOnce routes go-redis's own log lines (one per failed dial, written to stderr by default)
// to the first App's logger at DEBUG: the limiters already warn, once per retry interval, when
// Redis cannot be reached. go-redis's logger is process-wide, hence once.
var redisLogOnce sync.Once

type redisLog struct{ logger *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.logger.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
}

// limiter returns the limiter called name over the process's Redis (if any); nil when limit is
// negative (off).
func (a *App) limiter(name string, limit int, window time.Duration) *ratelimit.Limiter {
	if a.deps.Redis != nil {
		redisLogOnce.Do(func() { redis.SetLogger(redisLog{a.logger}) })
	}
	if a.rateDecisions == nil {
		a.rateDecisions = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "code2des_rate_limit_decisions_total",
			Help: "Rate-limit decisions by limiter, store (redis: shared by all instances; local: this instance only) and outcome.",
		}, []string{"limiter", "store", "outcome"})
		a.metrics.MustRegister(a.rateDecisions)
	}
	return ratelimit.New(name, limit, window, ratelimit.Options{
		Redis: a.deps.Redis, Prefix: a.cfg.RedisKeyPrefix, Timeout: a.cfg.RedisTimeout, Logger: a.logger,
		Observe: func(limiter string, d ratelimit.Decision) {
			store, outcome := "local", "allowed"
			if d.Shared {
				store = "redis"
			}
			if !d.Allowed {
				outcome = "refused"
			}
			a.rateDecisions.WithLabelValues(limiter, store, outcome).Inc()
		},
	})
}

// limitRequests limits /graphql requests per subject (GRAPHQL_RATE_LIMIT) or, without a valid
// token, per client IP (GRAPHQL_ANONYMOUS_RATE_LIMIT), answering 429 with Retry-After and
// UNAVAILABLE past the limit. It runs after authentication, so it can tell the two apart.
func (a *App) limitRequests() func(http.Handler) http.Handler {
	authenticated := a.limiter("graphql", a.cfg.GraphQLRateLimit, a.cfg.GraphQLRateWindow)
	anonymous := a.limiter("graphql-anonymous", a.cfg.GraphQLAnonymousRateLimit, a.cfg.GraphQLRateWindow)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var (
				l   *ratelimit.Limiter
				key string
			)
			if p, err := models.PrincipalFrom(r.Context()); err == nil {
				l, key = authenticated, "sub:"+p.Subject
			} else {
				l, key = anonymous, "ip:"+clientIP(r)
			}
			if d := l.Allow(r.Context(), key); !d.Allowed {
				secs := max(int((d.RetryAfter+time.Second-1)/time.Second), 1)
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				writeGraphQLError(w, r, http.StatusTooManyRequests, models.CodeUnavailable, "too many requests; retry later")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// clientIP is the TCP peer address (X-Forwarded-For is not trusted), canonicalized so the IPv6
// addresses of one /64 share a budget.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return httprate.CanonicalizeIP(host)
}
