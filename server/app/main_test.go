package app_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"testing"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/server/app"
)

// instanceEnv marks a child process started by startInstance: it runs the API instead of tests.
const instanceEnv = "CODE2DES_TEST_INSTANCE"

func TestMain(m *testing.M) {
	if os.Getenv(instanceEnv) == "1" {
		os.Exit(runInstance())
	}
	if os.Getenv(benchClientEnv) != "" {
		os.Exit(runBenchClientChild())
	}
	os.Exit(m.Run())
}

// runInstance serves the API from the environment's configuration (app.LoadConfig, app.Run, the
// local S3/SQS credentials) as a separate process, prints "ADDR <host:port>" once it listens, and
// stops on SIGTERM or when its parent closes stdin.
func runInstance() int {
	cfg, err := app.LoadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cfg.Settings = awslocal.Settings(cfg.S3Endpoint, cfg.SQSEndpoint)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }()
	ready := make(chan string, 1)
	go func() {
		if addr, ok := <-ready; ok {
			fmt.Printf("ADDR %s\n", addr)
		}
	}()
	if err := app.Run(ctx, cfg, app.NewLogger(cfg, os.Stderr), ready); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
