package main

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/awsclient"
	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/callbacks"
	"github.com/code2des/backend/worker/capture"
)

func TestPublicBaseURLFollowsTheListenAddress(t *testing.T) {
	for _, tc := range []struct{ name, addr, want, err string }{
		{"Loopback", "127.0.0.1:18087", "http://127.0.0.1:18087", ""},
		{"AllInterfacesMeansLoopback", ":9000", "http://127.0.0.1:9000", ""},
		{"UnspecifiedIPv4MeansLoopback", "0.0.0.0:9000", "http://127.0.0.1:9000", ""},
		{"IPv6", "[::1]:9000", "http://[::1]:9000", ""},
		{"ErrRandomPort", "127.0.0.1:0", "", "fixed port"},
		{"ErrNoPort", "localhost", "", "HTTP_ADDR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PUBLIC_BASE_URL", "")
			got, err := publicBaseURL(tc.addr)
			if got != tc.want || (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Errorf("publicBaseURL(%q) = %q, %v; want %q, %q", tc.addr, got, err, tc.want, tc.err)
			}
		})
	}
	t.Run("SetPublicBaseURLWins", func(t *testing.T) {
		t.Setenv("PUBLIC_BASE_URL", "https://tunnel.example.com")
		if got, err := publicBaseURL("127.0.0.1:0"); got != "https://tunnel.example.com" || err != nil {
			t.Errorf("got %q, %v", got, err)
		}
	})
}

func TestWorkerSecretIsSharedWithTheAPI(t *testing.T) {
	t.Run("LocalSecretWhenUnset", func(t *testing.T) {
		api, worker := workerSecrets(app.Config{})
		if len(api) != 1 || api[0] != localWorkerSecret || worker != localWorkerSecret {
			t.Errorf("API %q, worker %q", api, worker)
		}
		// The API refuses secrets under its minimum, and so does the worker.
		if len(localWorkerSecret) < callbacks.MinSecretLength || len(localWorkerSecret) < capture.MinCallbackSecretLength {
			t.Errorf("the local secret has %d bytes, under the minimum", len(localWorkerSecret))
		}
	})
	t.Run("FirstConfiguredSecretSigns", func(t *testing.T) {
		a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
		api, worker := workerSecrets(app.Config{WorkerSecrets: []string{a, b}})
		if len(api) != 2 || worker != a {
			t.Errorf("API %q, worker %q", api, worker)
		}
	})
}

func TestCaptureWorkerConfigUnderTheStack(t *testing.T) {
	cfg := app.Config{CaptureQueueURL: "http://127.0.0.1:19324/000000000000/code2des-capture",
		Settings: awsclient.Settings{SQSEndpoint: "http://127.0.0.1:19324", S3Endpoint: "http://127.0.0.1:14566"}}
	t.Setenv("SQS_CAPTURE_QUEUE_URL", "http://elsewhere/queue") // the stack's queue wins
	t.Setenv("CAPTURE_READY_TIMEOUT", "3s")                     // the worker's own settings are read
	wc, err := captureWorkerConfig(cfg, localWorkerSecret)
	if err != nil {
		t.Fatal(err)
	}
	if wc.QueueURL != cfg.CaptureQueueURL || wc.SQSEndpoint != cfg.SQSEndpoint || wc.S3Endpoint != cfg.S3Endpoint ||
		!wc.S3UsePathStyle || !wc.S3ChecksumWhenRequired || wc.CallbackSecret != localWorkerSecret || wc.AWSAccessKeyID == "" ||
		!wc.AllowPrivateNetworks || wc.ReadyTimeout != 3*time.Second {
		t.Errorf("capture worker config %+v", wc)
	}
	t.Run("PrivateNetworksCanBeTurnedOff", func(t *testing.T) {
		t.Setenv("CAPTURE_ALLOW_PRIVATE_NETWORKS", "false")
		wc, err := captureWorkerConfig(cfg, localWorkerSecret)
		if err != nil || wc.AllowPrivateNetworks {
			t.Errorf("allow private networks %v, %v", wc.AllowPrivateNetworks, err)
		}
	})
	t.Run("ErrShortSecret", func(t *testing.T) {
		if _, err := captureWorkerConfig(cfg, "short"); err == nil || !strings.Contains(err.Error(), "WORKER_CALLBACK_SECRET") {
			t.Errorf("a 5-byte secret: %v", err)
		}
	})
}

func TestConversionWorkerConfigUnderTheStack(t *testing.T) {
	cfg := app.Config{ConversionQueueURL: "http://127.0.0.1:19324/000000000000/code2des-conversion",
		Settings: awsclient.Settings{SQSEndpoint: "http://127.0.0.1:19324", S3Endpoint: "http://127.0.0.1:14566"}}
	t.Setenv("SQS_CONVERSION_QUEUE_URL", "http://elsewhere/queue") // the stack's queue wins
	t.Setenv("WORKER_CALLBACK_SECRET", strings.Repeat("x", 40))    // and its secret
	t.Setenv("CONVERT_JOB_TIMEOUT", "45s")                         // the worker's own settings are read
	wc, err := conversionWorkerConfig(cfg, localWorkerSecret)
	if err != nil {
		t.Fatal(err)
	}
	if wc.QueueURL != cfg.ConversionQueueURL || wc.SQSEndpoint != cfg.SQSEndpoint || wc.S3Endpoint != cfg.S3Endpoint ||
		!wc.S3UsePathStyle || !wc.S3ChecksumWhenRequired || wc.CallbackSecret != localWorkerSecret ||
		wc.AWSAccessKeyID != awslocal.AccessKeyID || wc.AWSSecretAccessKey != awslocal.SecretAccessKey || wc.JobTimeout != 45*time.Second {
		t.Errorf("conversion worker config %+v", wc)
	}
	t.Run("ErrShortSecret", func(t *testing.T) {
		if _, err := conversionWorkerConfig(cfg, "short"); err == nil || !strings.Contains(err.Error(), "WORKER_CALLBACK_SECRET") {
			t.Errorf("a 5-byte secret: %v", err)
		}
	})
	t.Run("ErrBadOwnSetting", func(t *testing.T) {
		t.Setenv("CONVERT_CONCURRENCY", "0")
		if _, err := conversionWorkerConfig(cfg, localWorkerSecret); err == nil || !strings.Contains(err.Error(), "CONVERT_CONCURRENCY") {
			t.Errorf("zero concurrency: %v", err)
		}
	})
}

// TestStartWorkersHonoursTheSwitches: each LOCAL_*_WORKER=false leaves its worker out; the
// conversion worker alone (no Chromium needed) runs on the local queue and stops with ctx.
func TestStartWorkersHonoursTheSwitches(t *testing.T) {
	q, s3 := testenv.SQS(t), testenv.S3(t)
	cfg := app.Config{ConversionQueueURL: q.QueueURL, Settings: awslocal.Settings(s3.Endpoint, q.Endpoint)}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	t.Setenv("CONVERT_WAIT_TIME", "1s")
	t.Setenv("LOCAL_CAPTURE_WORKER", "false")
	for _, tc := range []struct {
		name, conversion string
		want             []string
		running          bool
	}{
		{"BothOff", "false", []string{"capture worker: not started (LOCAL_CAPTURE_WORKER=false)", "conversion worker: not started (LOCAL_CONVERSION_WORKER=false)"}, false},
		{"ConversionOnly", "", []string{"capture worker: not started (LOCAL_CAPTURE_WORKER=false)", "conversion worker: running (2 at once)"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("LOCAL_CONVERSION_WORKER", tc.conversion)
			ctx, cancel := context.WithCancel(context.Background())
			done, status, err := startWorkers(ctx, cfg, localWorkerSecret, logger)
			if err != nil {
				cancel()
				t.Fatal(err)
			}
			if strings.Join(status, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("status %q, want %q", status, tc.want)
			}
			if tc.running {
				// An absence window: running workers must not stop by themselves.
				select {
				case <-done:
					t.Error("the workers stopped before ctx ended")
				case <-time.After(200 * time.Millisecond):
				}
			} else {
				select {
				case <-done:
				case <-time.After(10 * time.Second): // an upper bound: with no worker, done closes at once
					t.Error("no worker runs, yet done is open")
				}
			}
			cancel()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the workers did not stop within 10s of ctx ending")
			}
		})
	}
}

func TestWalkthroughNamesThisRun(t *testing.T) {
	t.Setenv("LOCAL_ISSUER_ADDR", "127.0.0.1:19400")
	t.Setenv("LOCAL_ISSUER_KEY_FILE", "")
	var out bytes.Buffer
	printWalkthrough(&out, "http://127.0.0.1:18087", seededIDs{OrganizationID: 3, ProjectID: 7, Subject: "local-user"}, []string{"capture worker: running"})
	got := out.String()
	for _, want := range []string{
		"TOKEN=$(LOCAL_ISSUER_ADDR=127.0.0.1:19400 go run ./cmd/localstack token local-user)",
		"curl -s http://127.0.0.1:18087/graphql",
		"dashboard     http://127.0.0.1:18087/dashboard/projects/7/imports",
		"organization 3, project 7, member local-user",
		"capture worker: running",
		"createPageImport(input: {projectId: \\\"7\\\"",
		"pageImport(id: $id)",
		"triggerCode2Des(input: {pageImportId: $id",
		"code2des(id: $id)",
		"code2desResult(id: $id)",
		"root styles variables diagnostics { code message nodeId }",
		"fidelity { ssim diffRatio textCoverage imageCoverage }",
		"materializeCode2Des(input: {code2desId: $id",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the walkthrough lacks %q:\n%s", want, got)
		}
	}
}
