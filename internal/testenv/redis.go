package testenv

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultRedisURL is the Redis the tests use unless TEST_REDIS_URL says otherwise; `.ci/redis-up`
// starts it.
const DefaultRedisURL = "redis://127.0.0.1:6379/0"

// ClosedRedisURL is a loopback address nothing listens on: a Redis that is down.
const ClosedRedisURL = "redis://127.0.0.1:1/0"

// RedisURL returns TEST_REDIS_URL or DefaultRedisURL.
func RedisURL() string {
	if u := os.Getenv("TEST_REDIS_URL"); u != "" {
		return u
	}
	return DefaultRedisURL
}

// RedisPrefix returns a key prefix no other test uses ("test:<random>:"); every key under it
// (redis_rate prepends its own "rate:") is deleted when the test ends. The Redis is shared by
// every test binary and engineer on the machine, so tests never touch keys outside it.
func RedisPrefix(tb testing.TB) string {
	tb.Helper()
	prefix := randomName("test") + ":"
	rdb := NewRedis(tb) // closed after the deletion below (cleanups run last-in first-out)
	tb.Cleanup(func() {
		ctx := context.Background()
		for _, pattern := range []string{prefix + "*", "rate:" + prefix + "*"} {
			iter := rdb.Scan(ctx, 0, pattern, 100).Iterator()
			for iter.Next(ctx) {
				rdb.Del(ctx, iter.Val())
			}
		}
	})
	return prefix
}

// NewRedis returns a new client of the test Redis (one per simulated instance), closed when the
// test ends. It fails the test when Redis does not answer: run `.ci/redis-up`.
func NewRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	opts, err := redis.ParseURL(RedisURL())
	if err != nil {
		tb.Fatalf("testenv: TEST_REDIS_URL: %v", err)
	}
	rdb := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		_ = rdb.Close()
		tb.Fatalf("testenv: Redis at %s does not answer (start it with .ci/redis-up): %v", RedisURL(), err)
	}
	tb.Cleanup(func() { _ = rdb.Close() })
	return rdb
}
