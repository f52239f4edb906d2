// Command capture runs the reference capture worker: it long-polls the capture queue, renders each
// page in headless Chromium and reports back through the signed callback (SPEC §5-§7). It is
// configured from the environment (see worker/README.md) and stops cleanly on SIGINT/SIGTERM.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/code2des/backend/worker/capture"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log); err != nil {
		log.Error("capture worker stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := capture.LoadConfig()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	sqsClient, s3Client, err := cfg.Clients(ctx)
	if err != nil {
		return err
	}
	browser, err := capture.NewBrowser(cfg.BrowserOptions(log))
	if err != nil {
		return err
	}
	defer browser.Close()
	log.Info("capture worker started", "queue", cfg.QueueURL, "allow_private_networks", cfg.AllowPrivateNetworks, "concurrency", cfg.Concurrency)
	w := &capture.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Browser: browser, Logger: log}
	return w.Run(ctx)
}
