// Command convert runs the reference conversion worker: it long-polls the conversion queue,
// converts each capture into a native Figma node tree and reports back through the signed
// callback (SPEC §5-§7). It is configured from the environment (see worker/README.md) and stops
// cleanly on SIGINT/SIGTERM.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/code2des/backend/worker/convertworker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log); err != nil {
		log.Error("conversion worker stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := convertworker.LoadConfig()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	sqsClient, s3Client, err := cfg.Clients(ctx)
	if err != nil {
		return err
	}
	log.Info("conversion worker started", "queue", cfg.QueueURL, "concurrency", cfg.Concurrency)
	w := &convertworker.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Logger: log}
	return w.Run(ctx)
}
