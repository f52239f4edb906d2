// Package ratelimit counts requests per key (a subject or a client address) against a limit per
// window. With a Redis client the count is shared by every API instance (go-redis/redis_rate's
// GCRA, run as one Lua script on the Redis clock), so N instances allow the limit once, not N
// times; while Redis cannot be reached each instance counts on its own (go-chi/httprate's
// in-memory sliding window) and says so in a warning. Without Redis it counts in memory only.
package ratelimit

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/httprate"
	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
)

// Defaults of Options.
const (
	// DefaultTimeout bounds one Redis call (REDIS_TIMEOUT): a limit check must never hold a request
	// up for long, so a slow Redis is treated as an unreachable one.
	DefaultTimeout = 250 * time.Millisecond
	// RetryInterval is how long a limiter counts locally after a Redis call failed before it tries
	// Redis again, so an unreachable Redis costs one timeout per interval, not one per request.
	RetryInterval = 5 * time.Second
)

// Options are the settings shared by the limiters of one process.
type Options struct {
	// Redis shares the counts between instances; nil counts in memory only.
	Redis redis.UniversalClient
	// Prefix is prepended to every Redis key (REDIS_KEY_PREFIX), after redis_rate's own "rate:".
	Prefix string
	// Timeout bounds one Redis call; 0 means DefaultTimeout.
	Timeout time.Duration
	// Logger receives the fallback warning and the recovery notice.
	Logger *slog.Logger
	// Observe, when set, is told every decision (for metrics).
	Observe func(limiter string, d Decision)
}

// Limiter allows each key at most Limit requests per Window. A nil *Limiter allows everything.
type Limiter struct {
	name   string
	limit  int
	window time.Duration
	local  *httprate.RateLimiter
	shared *redis_rate.Limiter
	opts   Options

	mu        sync.Mutex
	downUntil time.Time // Redis is not tried before this instant
}

// New returns a limiter called name (it appears in Redis keys and log lines) of limit requests per
// window per key, or nil (no limit) when limit or window is not positive.
func New(name string, limit int, window time.Duration, opts Options) *Limiter {
	if limit <= 0 || window <= 0 {
		return nil
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	l := &Limiter{name: name, limit: limit, window: window, opts: opts,
		local: httprate.NewRateLimiter(limit, window, httprate.WithResponseHeaders(httprate.ResponseHeaders{}))}
	if opts.Redis != nil {
		l.shared = redis_rate.NewLimiter(opts.Redis)
	}
	return l
}

// Limit returns the requests allowed per window.
func (l *Limiter) Limit() int { return l.limit }

// Window returns the limiter's window.
func (l *Limiter) Window() time.Duration { return l.window }

// Decision is the outcome of one Allow.
type Decision struct {
	// Allowed is false when the request is over the limit.
	Allowed bool
	// RetryAfter is when a refused request may succeed: Redis's answer, or the window when counted
	// locally.
	RetryAfter time.Duration
	// Shared is true when the count was made in Redis.
	Shared bool
}

// Allow counts one request of key and reports whether it is within the limit. It never fails: a
// Redis error is logged (once per RetryInterval) and the request counted locally.
func (l *Limiter) Allow(ctx context.Context, key string) Decision {
	if l == nil {
		return Decision{Allowed: true}
	}
	d := l.decide(ctx, key)
	if l.opts.Observe != nil {
		l.opts.Observe(l.name, d)
	}
	return d
}

func (l *Limiter) decide(ctx context.Context, key string) Decision {
	if l.shared != nil && l.redisUsable() {
		rctx, cancel := context.WithTimeout(ctx, l.opts.Timeout)
		res, err := l.shared.Allow(rctx, l.opts.Prefix+l.name+":"+key,
			redis_rate.Limit{Rate: l.limit, Burst: l.limit, Period: l.window})
		cancel()
		if err == nil {
			l.redisAnswered()
			return Decision{Allowed: res.Allowed > 0, RetryAfter: max(res.RetryAfter, 0), Shared: true}
		}
		if ctx.Err() != nil { // the caller went away; not Redis's fault
			return Decision{Allowed: false, RetryAfter: l.window}
		}
		l.redisFailed(ctx, err)
	}
	// httprate reads only the request's context and, with no response headers configured, never
	// touches the writer.
	r := (&http.Request{}).WithContext(ctx)
	if l.local.OnLimit(noHeaders{}, r, key) {
		return Decision{Allowed: false, RetryAfter: l.window}
	}
	return Decision{Allowed: true}
}

func (l *Limiter) redisUsable() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return time.Now().After(l.downUntil)
}

func (l *Limiter) redisFailed(ctx context.Context, err error) {
	l.mu.Lock()
	l.downUntil = time.Now().Add(RetryInterval)
	l.mu.Unlock()
	l.opts.Logger.WarnContext(ctx, "rate limit store unreachable: counting on this instance only",
		"limiter", l.name, "err", err.Error(), "retry_in", RetryInterval.String())
}

func (l *Limiter) redisAnswered() {
	l.mu.Lock()
	recovered := !l.downUntil.IsZero()
	l.downUntil = time.Time{}
	l.mu.Unlock()
	if recovered {
		l.opts.Logger.Info("rate limit store reachable again: limits are shared", "limiter", l.name)
	}
}

type noHeaders struct{}

func (noHeaders) Header() http.Header         { return http.Header{} }
func (noHeaders) Write(b []byte) (int, error) { return len(b), nil }
func (noHeaders) WriteHeader(int)             {}
