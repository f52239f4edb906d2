package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/periodic"
	"github.com/code2des/backend/server/sweeper"
)

// startInstance starts the API as a separate process (this test binary in instance mode, see
// TestMain) with env added to the environment, and returns its base URL. The process is stopped
// when the test ends.
func startInstance(t *testing.T, env map[string]string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), instanceEnv+"=1")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = stdin.Close()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("instance %d stderr:\n%s", cmd.Process.Pid, stderr.String())
		}
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
				addr <- a
			}
		}
		close(addr)
	}()
	select {
	case a, ok := <-addr:
		if !ok {
			t.Fatalf("instance exited before listening: %s", stderr.String())
		}
		return "http://" + a
	case <-time.After(60 * time.Second):
		t.Fatalf("instance did not start: %s", stderr.String())
	}
	return ""
}

func postGraphQL(t *testing.T, url, token, query string, vars map[string]any) gqlResponse {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := gqlResponse{Status: resp.StatusCode, Raw: string(raw)}
	_ = json.Unmarshal(raw, &r)
	if resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After")
	}
	return r
}

// Two API processes with REDIS_URL set share the request and creation limits (the limit once
// between them, not once each), and their sweepers sweep once per SWEEP_INTERVAL between them.
func TestTwoInstancesShareLimitsAndSweeps(t *testing.T) {
	issuer, issuerURL := serveLocalIssuer(t)

	dsn := testenv.MustCreateEmptyDB(t)
	s3, queue := testenv.S3(t), testenv.SQS(t)
	const sweepInterval = 250 * time.Millisecond
	env := map[string]string{
		"DATABASE_URL": dsn, "MIGRATE_ON_START": "true", "HTTP_ADDR": "127.0.0.1:0",
		"PUBLIC_BASE_URL": "http://127.0.0.1:1", "LOG_LEVEL": "warn",
		"S3_ENDPOINT": s3.Endpoint, "S3_BUCKET": s3.Bucket, "S3_USE_PATH_STYLE": "true", "S3_CHECKSUM_WHEN_REQUIRED": "true",
		"SQS_ENDPOINT": queue.Endpoint, "SQS_CAPTURE_QUEUE_URL": queue.QueueURL,
		"COGNITO_ISSUER": issuerURL, "COGNITO_CLIENT_IDS": auth.LocalClientID,
		"REDIS_URL": testenv.RedisURL(), "REDIS_KEY_PREFIX": testenv.RedisPrefix(t),
		"GRAPHQL_RATE_LIMIT": "1000", "GRAPHQL_ANONYMOUS_RATE_LIMIT": "3", "CREATE_PAGE_IMPORT_RATE_LIMIT": "2",
		"SWEEP_INTERVAL": sweepInterval.String(),
	}
	urls := []string{startInstance(t, env), startInstance(t, env)}

	t.Run("AnonymousRequestLimitShared", func(t *testing.T) {
		served := 0
		for i := range 8 {
			r := postGraphQL(t, urls[i%2], "", `{ __typename }`, nil)
			switch r.Status {
			case http.StatusOK:
				served++
			case http.StatusTooManyRequests:
				if r.code() != "UNAVAILABLE" {
					t.Errorf("refusal %s", r.Raw)
				}
			default:
				t.Fatalf("request %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if served != 3 {
			t.Errorf("two instances served %d of 8 anonymous requests; want 3 (the limit, shared)", served)
		}
		// Each instance made its 4 decisions in Redis.
		for _, u := range urls {
			m := metrics(t, u)
			allowed := metricValue(m, `code2des_rate_limit_decisions_total{limiter="graphql-anonymous",outcome="allowed",store="redis"}`)
			refused := metricValue(m, `code2des_rate_limit_decisions_total{limiter="graphql-anonymous",outcome="refused",store="redis"}`)
			if allowed+refused != 4 || strings.Contains(m, `store="local"`) {
				t.Errorf("%s: %v allowed + %v refused in Redis; want 4 decisions, none local", u, allowed, refused)
			}
		}
	})

	t.Run("CreationLimitShared", func(t *testing.T) {
		db := openDSN(t, dsn)
		_, project := seed(t, db, "A", "alice")
		token, err := issuer.Mint("alice", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		created, limited := 0, 0
		for i := range 4 {
			r := postGraphQL(t, urls[i%2], token, createMutation, createInput(project))
			switch {
			case r.code() == "" && r.Status == http.StatusOK:
				created++
			case r.code() == "UNAVAILABLE" && strings.Contains(r.Errors[0].Message, "too many Page Imports"):
				limited++
			default:
				t.Fatalf("create %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if created != 2 || limited != 2 {
			t.Errorf("created %d, limited %d of 4 across two instances; want 2 and 2", created, limited)
		}
	})

	t.Run("SweeperOncePerInterval", func(t *testing.T) {
		// Both instances are up and ticking; wait for 8 sweeps. Each instance alone sweeps once
		// per interval, so uncoordinated the two would make them in about 4 intervals; claimed
		// once per interval between them, they take at least 7.
		const sweeps = 8
		db := openDSN(t, dsn)
		ctx := context.Background()
		runs0, _, err := periodic.Runs(ctx, db, sweeper.TaskName)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		var runs1 int64
		var by string
		testenv.WaitFor(t, 30*sweeps*sweepInterval, "8 sweeps across two instances", func() bool {
			runs1, by, err = periodic.Runs(ctx, db, sweeper.TaskName)
			if err != nil {
				t.Fatal(err)
			}
			return runs1-runs0 >= sweeps
		})
		elapsed := time.Since(t0)
		most := int64(elapsed/sweepInterval) + 1
		t.Logf("%d sweeps in %s, last by %s", runs1-runs0, elapsed.Round(time.Millisecond), by)
		if runs1-runs0 > most || by == "" {
			t.Errorf("%d sweeps in %s across two instances; want at most %d (once per %s)",
				runs1-runs0, elapsed.Round(time.Millisecond), most, sweepInterval)
		}
	})
}

// With REDIS_URL set but Redis down, each instance limits on its own and says so in a warning.
func TestRedisUnreachableFallsBackToLocalLimits(t *testing.T) {
	db := testenv.MustOpenDB(t)
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	opts, _ := redis.ParseURL(testenv.ClosedRedisURL)
	opts.MaxRetries = -1
	served := 0
	for range 2 { // two instances, each with its own (unreachable) Redis client
		rdb := redis.NewClient(opts)
		t.Cleanup(func() { _ = rdb.Close() })
		a, err := app.New(app.Config{GraphQLAnonymousRateLimit: 2, RedisKeyPrefix: testenv.RedisPrefix(t)},
			app.Deps{DB: db, Redis: rdb}, logger)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(a.Handler())
		t.Cleanup(srv.Close)
		for range 3 {
			if r := postGraphQL(t, srv.URL, "", `{ __typename }`, nil); r.Status == http.StatusOK {
				served++
			}
		}
		m := metrics(t, srv.URL)
		if metricValue(m, `code2des_rate_limit_decisions_total{limiter="graphql-anonymous",outcome="allowed",store="local"}`) != 2 ||
			metricValue(m, `code2des_rate_limit_decisions_total{limiter="graphql-anonymous",outcome="refused",store="local"}`) != 1 {
			t.Errorf("decisions metric: want 2 allowed and 1 refused, local:\n%s", m)
		}
	}
	if served != 4 {
		t.Errorf("served %d of 6; want 2 per instance", served)
	}
	if n := strings.Count(logs.String(), "rate limit store unreachable"); n != 2 || !strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("%d fallback warnings; want one WARN per instance:\n%s", n, logs.String())
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

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// metrics returns the Prometheus text of the instance at url.
func metrics(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return string(raw)
}

// metricValue returns the value of the sample series (name{labels}) in text, 0 when absent.
func metricValue(text, series string) float64 {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}
