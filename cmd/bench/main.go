// Command bench is the side-by-side benchmark harness (`make bench`, not part of
// `make test`). On a fresh database seeded with 100k Page Imports and 50k Code2Des jobs it starts
//
//   - the API (this binary's `api` subcommand: the real server, app.Run, in its own process),
//   - a second API process with the result cache off (cold code2desResult reads),
//   - the raw Go baselines (the `baseline` subcommand: INSERT + SendMessage, S3 GET + SHA-256 +
//     conditional UPDATE, S3 GETs + base64),
//   - PostGraphile 5 over the same database (../shared/peers/postgraphile/start.sh),
//
// then drives each pair with a closed-loop load generator, interleaved A/B/A/B over several
// rounds, and writes the ratios with their spread and the machine load into docs/benchmarks.md
// (between the `bench:begin` and `bench:end` markers). docs/benchmarks.md describes the method.
package main

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // the `api` subcommand serves profiles on BENCH_PPROF_ADDR only
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/s3store"
)

// Port offsets from the base port (BENCH_PORT_BASE, default 18700).
const (
	portAPI = iota
	portAPICold
	portBaseline
	portPeer
	portS3
	portSQS
	portIssuer
	portPprofAPI
	portPprofCold
)

// workerSecret signs the benchmark's capture callbacks (the API's WORKER_SECRETS).
const workerSecret = "bench-worker-secret-0123456789abcdef0123456789"

// maxClients is the largest client count of any round (one callback job per client).
const maxClients = 64

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch {
	case len(os.Args) > 1 && os.Args[1] == "api":
		err = runAPI(ctx)
	case len(os.Args) > 1 && os.Args[1] == "baseline":
		var cfg app.Config
		if cfg, err = app.LoadConfig(); err == nil {
			err = runBaseline(ctx, cfg)
		}
	default:
		err = drive(ctx, os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// runAPI is the `api` subcommand: the API exactly as `go run ./server` serves it, plus Go's
// profiling endpoints on BENCH_PPROF_ADDR when set (for the harness's -profile option).
func runAPI(ctx context.Context) error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	if addr := os.Getenv("BENCH_PPROF_ADDR"); addr != "" {
		go func() { _ = http.ListenAndServe(addr, http.DefaultServeMux) }()
	}
	logger := app.NewLogger(cfg, os.Stderr)
	return app.Run(ctx, cfg, logger, nil)
}

type options struct {
	duration, warmup time.Duration
	rounds           int
	out              string
	profileDir       string
	only             string
	portBase         int
	databaseURL      string
	peerScripts      string
	peerDir          string
}

func drive(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var o options
	fs.DurationVar(&o.duration, "duration", 3*time.Second, "measured time of each side in each round")
	fs.DurationVar(&o.warmup, "warmup", time.Second, "unmeasured warm-up of each side before the first round")
	fs.IntVar(&o.rounds, "rounds", 3, "interleaved A/B rounds per scenario")
	fs.StringVar(&o.out, "out", "docs/benchmarks.md", "report file (its bench:begin/bench:end block is replaced); empty: stdout only")
	fs.StringVar(&o.profileDir, "profile", "", "write a CPU profile of the API during each scenario's first round into this directory, and one of the load generator over the whole run (loadgen.pprof)")
	fs.StringVar(&o.only, "only", "", "run only scenarios whose row name or profile file name contains this string (any case), e.g. pageImport(id), capture-callback")
	fs.IntVar(&o.portBase, "port-base", envInt("BENCH_PORT_BASE", 18700), "first of 9 consecutive loopback ports")
	fs.StringVar(&o.databaseURL, "database-url", envOr("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/code2des_bench?sslmode=disable"), "database to (re)create and seed")
	fs.StringVar(&o.peerScripts, "peer", envOr("BENCH_PEER", "../shared/peers/postgraphile"), "PostGraphile peer setup (start.sh, stop.sh, queries/)")
	fs.StringVar(&o.peerDir, "peer-dir", envOr("PEER_DIR", filepath.Join(os.TempDir(), "code2des-bench-peer")), "where the peer's node_modules go")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// Fail before the seeding, with what to set: the default is relative to the working directory.
	if _, err := os.Stat(filepath.Join(o.peerScripts, "start.sh")); err != nil {
		return fmt.Errorf("the PostGraphile peer setup (start.sh) is not at %s: set BENCH_PEER (or -peer) to its directory", o.peerScripts)
	}
	logrus.SetLevel(logrus.ErrorLevel)
	h, err := setUp(ctx, o)
	if err != nil {
		if h != nil {
			h.close()
		}
		return err
	}
	defer h.close()
	return h.run(ctx)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// harness holds what setUp started; close stops it all.
type harness struct {
	o         options
	addr      func(offset int) string
	closers   []func()
	callbacks []callbackJob
	result    *resultJob
	clients   []*leanClient // one per load generator client
	sampleIDs []string
	token     string
	apiPID    int
	coldPID   int
	basePID   int
	peerPID   int
	db        interface{ Close() error }
	dbExec    func(ctx context.Context, q string, args ...any) error
}

func (h *harness) close() {
	for i := len(h.closers) - 1; i >= 0; i-- {
		h.closers[i]()
	}
}

func (h *harness) onClose(f func()) { h.closers = append(h.closers, f) }

func setUp(ctx context.Context, o options) (*harness, error) {
	h := &harness{o: o}
	for range maxClients {
		h.clients = append(h.clients, newLeanClient())
	}
	h.addr = func(off int) string { return "127.0.0.1:" + strconv.Itoa(o.portBase+off) }
	logf("seeding %d Page Imports and %d Code2Des jobs into %s", seedPageImports, seedCode2Des, redact(o.databaseURL))
	db, err := freshDatabase(ctx, o.databaseURL)
	if err != nil {
		return h, err
	}
	h.onClose(func() { _ = db.Close() })
	h.dbExec = func(ctx context.Context, q string, args ...any) error {
		_, err := db.ExecContext(ctx, q, args...)
		return err
	}
	if err := seed(ctx, db); err != nil {
		return h, err
	}
	if h.sampleIDs, err = sampleIDs(ctx, db, 1000); err != nil {
		return h, err
	}

	s3srv, err := awslocal.StartS3(h.addr(portS3))
	if err != nil {
		return h, err
	}
	h.onClose(func() { _ = s3srv.Close() })
	sqssrv, err := awslocal.StartSQS(h.addr(portSQS))
	if err != nil {
		return h, err
	}
	h.onClose(func() { _ = sqssrv.Close() })
	local := awslocal.Settings(s3srv.URL, sqssrv.URL)
	awsCfg, err := local.Load(ctx)
	if err != nil {
		return h, err
	}
	const bucket = "code2des-artifacts"
	s3Client := local.S3(awsCfg)
	if err := awslocal.CreateBucket(ctx, s3Client, bucket); err != nil {
		return h, err
	}
	store := s3store.New(s3Client, bucket)
	queueURL, err := awslocal.CreateQueue(ctx, local.SQS(awsCfg), "bench-capture")
	if err != nil {
		return h, err
	}
	logf("storing fixtures: %d 1 MiB captures, one result with %d MiB of images", maxClients, resultImages)
	if h.callbacks, err = newCallbackJobs(ctx, db, store, maxClients); err != nil {
		return h, err
	}
	if h.result, err = newResultJob(ctx, db, store); err != nil {
		return h, err
	}

	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return h, err
	}
	issuer, err := auth.NewLocalIssuer(key, "http://"+h.addr(portIssuer)+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		return h, err
	}
	il, err := net.Listen("tcp", h.addr(portIssuer))
	if err != nil {
		return h, err
	}
	isrv := &http.Server{Handler: issuer, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = isrv.Serve(il) }()
	h.onClose(func() { _ = isrv.Close() })
	if h.token, err = issuer.Mint(benchSubject, 3*time.Hour); err != nil {
		return h, err
	}

	env := []string{
		"DATABASE_URL=" + o.databaseURL,
		"S3_ENDPOINT=" + s3srv.URL, "S3_USE_PATH_STYLE=true", "S3_CHECKSUM_WHEN_REQUIRED=true", "S3_BUCKET=" + bucket,
		"SQS_ENDPOINT=" + sqssrv.URL, "SQS_CAPTURE_QUEUE_URL=" + queueURL, "SQS_CONVERSION_QUEUE_URL=" + queueURL,
		"COGNITO_ISSUER=" + issuer.Issuer, "COGNITO_CLIENT_IDS=" + auth.LocalClientID,
		"WORKER_SECRETS=" + workerSecret,
		// What a benchmark must switch off: per-subject rate limits (one subject sends every
		// request), the sweeper (seeded processing rows are old), request logging (PostGraphile
		// logs no request lines either).
		"GRAPHQL_RATE_LIMIT=-1", "CREATE_PAGE_IMPORT_RATE_LIMIT=-1", "TRIGGER_CODE2DES_RATE_LIMIT=-1",
		"SWEEP_INTERVAL=0", "LOG_LEVEL=warn",
		"AWS_ACCESS_KEY_ID=" + awslocal.AccessKeyID, "AWS_SECRET_ACCESS_KEY=" + awslocal.SecretAccessKey,
	}
	self, err := os.Executable()
	if err != nil {
		return h, err
	}
	start := func(name string, extra ...string) (int, error) {
		cmd := exec.Command(self, name)
		cmd.Env = append(append(os.Environ(), env...), extra...)
		logFile, err := os.CreateTemp("", "code2des-bench-"+name+"-*.log")
		if err != nil {
			return 0, err
		}
		cmd.Stdout, cmd.Stderr = logFile, logFile
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		h.onClose(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
			_ = logFile.Close()
		})
		return cmd.Process.Pid, nil
	}
	if h.apiPID, err = start("api", "HTTP_ADDR="+h.addr(portAPI), "PUBLIC_BASE_URL=http://"+h.addr(portAPI),
		"BENCH_PPROF_ADDR="+h.addr(portPprofAPI)); err != nil {
		return h, err
	}
	if h.coldPID, err = start("api", "HTTP_ADDR="+h.addr(portAPICold), "PUBLIC_BASE_URL=http://"+h.addr(portAPICold),
		"BENCH_PPROF_ADDR="+h.addr(portPprofCold), "RESULT_CACHE_BYTES=-1"); err != nil {
		return h, err
	}
	if h.basePID, err = start("baseline", "HTTP_ADDR="+h.addr(portBaseline)); err != nil {
		return h, err
	}
	logf("starting PostGraphile (%s)", o.peerScripts)
	if h.peerPID, err = startPeer(ctx, o, h.addr(portPeer)); err != nil {
		return h, err
	}
	h.onClose(func() { stopPeer(o) })
	for _, a := range []string{h.addr(portAPI), h.addr(portAPICold), h.addr(portBaseline)} {
		if err := waitListening(ctx, a, 60*time.Second); err != nil {
			return h, err
		}
	}
	return h, nil
}

// startPeer runs the peer's start.sh over the bench database with a pool as large as the API's
// (database.Open's 20 connections) and returns its PID.
func startPeer(ctx context.Context, o options, addr string) (int, error) {
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(o.peerScripts, "start.sh"))
	cmd.Env = append(os.Environ(), "PEER_DATABASE_URL="+o.databaseURL, "PEER_PORT="+port, "PEER_DIR="+o.peerDir,
		"PEER_PG_POOL_MAX=20")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("start PostGraphile: %w", err)
	}
	return strconv.Atoi(string(trimSpace(out)))
}

func stopPeer(o options) {
	cmd := exec.Command("bash", filepath.Join(o.peerScripts, "stop.sh"))
	cmd.Env = append(os.Environ(), "PEER_DIR="+o.peerDir)
	_ = cmd.Run()
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}

func waitListening(ctx context.Context, addr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			_ = c.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s did not listen within %s (see code2des-bench-*.log in %s)", addr, limit, os.TempDir())
}

func logf(format string, args ...any) {
	slog.New(slog.NewTextHandler(os.Stderr, nil)).Info(fmt.Sprintf(format, args...))
}

func redact(dsn string) string { return dsn }

// saveProfile fetches a CPU profile of secs seconds from the pprof endpoint at addr into path.
func saveProfile(addr string, secs int, path string) error {
	resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, secs))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}
