package ratelimit_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/ratelimit"
)

// allowed counts the requests of key the limiters allow, taking turns.
func allowed(t *testing.T, n int, key string, ls ...*ratelimit.Limiter) (int, []ratelimit.Decision) {
	t.Helper()
	count, ds := 0, make([]ratelimit.Decision, 0, n)
	for i := range n {
		d := ls[i%len(ls)].Allow(context.Background(), key)
		if d.Allowed {
			count++
		}
		ds = append(ds, d)
	}
	return count, ds
}

// Two instances (each its own limiter and Redis connection, as two processes have) share one
// budget through Redis: a limit of 5 allows 5 requests in all, not 5 each.
func TestSharedThroughRedis(t *testing.T) {
	prefix := testenv.RedisPrefix(t)
	a := ratelimit.New("graphql", 5, time.Minute, ratelimit.Options{Redis: testenv.NewRedis(t), Prefix: prefix})
	b := ratelimit.New("graphql", 5, time.Minute, ratelimit.Options{Redis: testenv.NewRedis(t), Prefix: prefix})
	n, ds := allowed(t, 12, "sub:alice", a, b)
	if n != 5 {
		t.Fatalf("two instances allowed %d of 12 requests; want 5", n)
	}
	for i, d := range ds {
		if !d.Shared || (i >= 5) == d.Allowed {
			t.Fatalf("decision %d: %+v; want shared, allowed only for the first 5", i, d)
		}
		if !d.Allowed && (d.RetryAfter <= 0 || d.RetryAfter > time.Minute/5) {
			t.Errorf("decision %d retry after %v; want (0, 12s] (one request per window/limit)", i, d.RetryAfter)
		}
	}
	// Keys and limiter names are separate budgets.
	if n, _ := allowed(t, 5, "sub:bob", a, b); n != 5 {
		t.Errorf("another key: %d of 5 allowed", n)
	}
	c := ratelimit.New("create-page-import", 5, time.Minute, ratelimit.Options{Redis: testenv.NewRedis(t), Prefix: prefix})
	if n, _ := allowed(t, 1, "sub:alice", c); n != 1 {
		t.Error("another limiter shares the budget")
	}
}

// Without Redis every instance counts on its own (the behaviour before Redis): 5 each.
func TestLocalWithoutRedis(t *testing.T) {
	a := ratelimit.New("graphql", 5, time.Minute, ratelimit.Options{})
	b := ratelimit.New("graphql", 5, time.Minute, ratelimit.Options{})
	n, ds := allowed(t, 12, "sub:alice", a, b)
	if n != 10 || ds[0].Shared {
		t.Fatalf("two local instances allowed %d of 12 (shared %v); want 10, local", n, ds[0].Shared)
	}
	if d := a.Allow(context.Background(), "sub:alice"); d.Allowed || d.RetryAfter != time.Minute {
		t.Errorf("past the local limit: %+v; want refused, retry after the window", d)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// With Redis down, the limiter still limits (locally), warns once per RetryInterval, and does not
// wait on Redis for every request.
func TestFallsBackWhenRedisIsUnreachable(t *testing.T) {
	opts, _ := redis.ParseURL(testenv.ClosedRedisURL)
	opts.MaxRetries = -1
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { _ = rdb.Close() })
	var logs syncBuffer
	l := ratelimit.New("graphql", 3, time.Minute, ratelimit.Options{Redis: rdb, Prefix: testenv.RedisPrefix(t),
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	n, ds := allowed(t, 5, "ip:127.0.0.1", l)
	if n != 3 || ds[0].Shared {
		t.Fatalf("allowed %d of 5 with Redis down (shared %v); want 3, counted locally", n, ds[0].Shared)
	}
	if c := strings.Count(logs.String(), "rate limit store unreachable"); c != 1 || !strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("%d warnings; want exactly one WARN within the retry interval:\n%s", c, logs.String())
	}
}

func TestNilLimiterAllows(t *testing.T) {
	var l *ratelimit.Limiter = ratelimit.New("off", -1, time.Minute, ratelimit.Options{})
	if l != nil || !l.Allow(context.Background(), "k").Allowed {
		t.Error("a negative limit must mean no limit")
	}
}
