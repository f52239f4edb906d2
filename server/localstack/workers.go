package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"

	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/awslocal"
	"github.com/code2des/backend/worker/capture"
)

// localWorkerSecret signs worker callbacks on this machine when WORKER_SECRETS is not set: the
// API accepts it and the in-process capture worker signs with it. It is fixed (and public) so that
// a worker run by hand, e.g. `WORKER_CALLBACK_SECRET=... go run ./worker/cmd/capture`, can join
// the local stack; like the local S3 keys it must never be used anywhere else.
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
	wc.QueueURL = cfg.CaptureQueueURL
	wc.SQSEndpoint, wc.S3Endpoint = cfg.SQSEndpoint, cfg.S3Endpoint
	wc.S3UsePathStyle, wc.S3ChecksumWhenRequired = true, true
	wc.AWSRegion, wc.AWSAccessKeyID, wc.AWSSecretAccessKey = awslocal.Region, awslocal.AccessKeyID, awslocal.SecretAccessKey
	wc.CallbackSecret = secret
	if _, set := os.LookupEnv("CAPTURE_ALLOW_PRIVATE_NETWORKS"); !set {
		wc.AllowPrivateNetworks = true
	}
	return wc, wc.Validate()
}

// startWorkers starts the reference workers in this process and returns a channel closed when
// they have all stopped (after ctx ends, each finishing the job in hand). LOCAL_CAPTURE_WORKER=false
// leaves the capture worker out (to run one by hand instead).
//
// The conversion worker (worker/convert, issue 8) joins here the same way once it exists: a
// config pointed at cfg.ConversionQueueURL and the local endpoints, signing with secret, run until
// ctx ends.
func startWorkers(ctx context.Context, cfg app.Config, secret string, logger *slog.Logger) (<-chan struct{}, []string, error) {
	done := make(chan struct{})
	if v := os.Getenv("LOCAL_CAPTURE_WORKER"); v == "false" || v == "0" {
		close(done)
		return done, []string{"capture worker: not started (LOCAL_CAPTURE_WORKER=false)"}, nil
	}
	wc, err := captureWorkerConfig(cfg, secret)
	if err != nil {
		return nil, nil, err
	}
	browser, err := capture.NewBrowser(capture.BrowserOptions{ExecPath: wc.ChromiumPath, AllowPrivateNetworks: wc.AllowPrivateNetworks})
	if err != nil {
		return nil, nil, fmt.Errorf("capture worker: start Chromium at %s: %w (run .ci/chromium-up, or set LOCAL_CAPTURE_WORKER=false)", wc.ChromiumPath, err)
	}
	sqsClient, s3Client, err := capture.NewAWSClients(ctx, wc)
	if err != nil {
		browser.Close()
		return nil, nil, err
	}
	w := &capture.Worker{Config: wc, SQS: sqsClient, S3: s3Client, Browser: browser,
		Logger: logger.With(slog.String("component", "capture-worker"))}
	go func() {
		defer close(done)
		defer browser.Close()
		if err := w.Run(ctx); err != nil {
			logger.Error("capture worker stopped", "err", err)
		}
	}()
	status := fmt.Sprintf("capture worker: running (Chromium %s, private networks allowed: %v)", wc.ChromiumPath, wc.AllowPrivateNetworks)
	return done, []string{status, "conversion worker: not part of the local stack yet (worker/convert)"}, nil
}
