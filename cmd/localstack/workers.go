package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"sync"

	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convertworker"
)

// localWorkerSecret signs worker callbacks on this machine when WORKER_SECRETS is not set: the
// API accepts it and the in-process capture and conversion workers sign with it. It is fixed (and
// public) so that a worker run by hand, e.g. `WORKER_CALLBACK_SECRET=... go run
// ./worker/cmd/convert`, can join the local stack; like the local S3 keys it must never be used
// anywhere else.
const localWorkerSecret = "code2des-local-worker-secret-not-for-production"

// workerSecrets returns the API's WORKER_SECRETS under the local stack and the secret the local
// workers sign with (the first one: a worker signs with one secret; the API accepts up to two).
func workerSecrets(cfg app.Config) ([]string, string) {
	if len(cfg.WorkerSecrets) > 0 {
		return cfg.WorkerSecrets, cfg.WorkerSecrets[0]
	}
	return []string{localWorkerSecret}, localWorkerSecret
}

// publicBaseURL is the URL the local workers call back on: PUBLIC_BASE_URL when set, otherwise
// the API's own listen address (an unspecified host means loopback), so moving the API with
// HTTP_ADDR moves the callbacks with it.
func publicBaseURL(httpAddr string) (string, error) {
	if v, ok := os.LookupEnv("PUBLIC_BASE_URL"); ok && v != "" {
		return v, nil
	}
	host, port, err := net.SplitHostPort(httpAddr)
	if err != nil {
		return "", fmt.Errorf("HTTP_ADDR %q: %w", httpAddr, err)
	}
	if p, err := strconv.Atoi(port); err != nil || p == 0 {
		return "", fmt.Errorf("HTTP_ADDR %q needs a fixed port under the local stack (callback URLs are built from it), or set PUBLIC_BASE_URL", httpAddr)
	}
	if host == "" || net.ParseIP(host) != nil && net.ParseIP(host).IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// captureWorkerConfig is the reference capture worker's configuration under the local stack: its
// own settings from the environment (CAPTURE_*, CHROMIUM_PATH; worker/README.md), pointed at the
// local S3 and SQS servers and the local capture queue, signing with secret. Pages on loopback
// and private networks may be captured unless CAPTURE_ALLOW_PRIVATE_NETWORKS says otherwise
// (the API's ALLOW_LOOPBACK_SOURCES is on for the same reason).
func captureWorkerConfig(cfg app.Config, secret string) (capture.Config, error) {
	wc, err := env.ParseAs[capture.Config]()
	if err != nil {
		return capture.Config{}, fmt.Errorf("capture worker configuration: %w", err)
	}
	wc.QueueURL, wc.CallbackSecret = cfg.CaptureQueueURL, secret
	wc.Settings = awslocal.Settings(cfg.S3Endpoint, cfg.SQSEndpoint)
	if _, set := os.LookupEnv("CAPTURE_ALLOW_PRIVATE_NETWORKS"); !set {
		wc.AllowPrivateNetworks = true
	}
	return wc, wc.Validate()
}

// conversionWorkerConfig is the reference conversion worker's configuration under the local
// stack: its own settings from the environment (CONVERT_*; docs/conversion.md), pointed at the
// local S3 and SQS servers and the local conversion queue, signing with secret.
func conversionWorkerConfig(cfg app.Config, secret string) (convertworker.Config, error) {
	wc, err := env.ParseAs[convertworker.Config]()
	if err != nil {
		return convertworker.Config{}, fmt.Errorf("conversion worker configuration: %w", err)
	}
	wc.QueueURL, wc.CallbackSecret = cfg.ConversionQueueURL, secret
	wc.Settings = awslocal.Settings(cfg.S3Endpoint, cfg.SQSEndpoint)
	return wc, wc.Validate()
}

// workerOff reports whether the environment variable name turns a local worker off.
func workerOff(name string) bool {
	v := os.Getenv(name)
	return v == "false" || v == "0"
}

// startWorkers starts the reference workers in this process and returns a channel closed when
// they have all stopped (after ctx ends, each finishing the job in hand), and one status line per
// worker. LOCAL_CAPTURE_WORKER=false and LOCAL_CONVERSION_WORKER=false leave a worker out (to run
// one by hand instead). Both configurations are checked before anything starts.
func startWorkers(ctx context.Context, cfg app.Config, secret string, logger *slog.Logger) (<-chan struct{}, []string, error) {
	var runs []func(context.Context) error
	var status []string

	if workerOff("LOCAL_CONVERSION_WORKER") {
		status = append(status, "conversion worker: not started (LOCAL_CONVERSION_WORKER=false)")
	} else {
		wc, err := conversionWorkerConfig(cfg, secret)
		if err != nil {
			return nil, nil, err
		}
		sqsClient, s3Client, err := wc.Clients(ctx)
		if err != nil {
			return nil, nil, err
		}
		w := &convertworker.Worker{Config: wc, SQS: sqsClient, S3: s3Client,
			Logger: logger.With(slog.String("component", "conversion-worker"))}
		runs = append(runs, w.Run)
		status = append(status, fmt.Sprintf("conversion worker: running (%d at once)", wc.Concurrency))
	}

	var browser *capture.Browser
	if workerOff("LOCAL_CAPTURE_WORKER") {
		status = append([]string{"capture worker: not started (LOCAL_CAPTURE_WORKER=false)"}, status...)
	} else {
		wc, err := captureWorkerConfig(cfg, secret)
		if err != nil {
			return nil, nil, err
		}
		sqsClient, s3Client, err := wc.Clients(ctx)
		if err != nil {
			return nil, nil, err
		}
		// The browser is started last: it is the one thing to release if a step fails.
		if browser, err = capture.NewBrowser(wc.BrowserOptions(logger.With(slog.String("component", "capture-browser")))); err != nil {
			return nil, nil, fmt.Errorf("capture worker: start Chromium at %s: %w (run .ci/chromium-up, or set LOCAL_CAPTURE_WORKER=false)", wc.ChromiumPath, err)
		}
		w := &capture.Worker{Config: wc, SQS: sqsClient, S3: s3Client, Browser: browser,
			Logger: logger.With(slog.String("component", "capture-worker"))}
		runs = append(runs, w.Run)
		status = append([]string{fmt.Sprintf("capture worker: running (Chromium %s, private networks allowed: %v)", wc.ChromiumPath, wc.AllowPrivateNetworks)}, status...)
	}

	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil {
				logger.Error("local worker stopped", "err", err)
			}
		}()
	}
	go func() {
		wg.Wait()
		if browser != nil {
			browser.Close()
		}
		close(done)
	}()
	return done, status, nil
}
