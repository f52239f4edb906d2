package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

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
		SQSEndpoint: "http://127.0.0.1:19324", S3Endpoint: "http://127.0.0.1:14566"}
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

func TestNextStepsNameThisRun(t *testing.T) {
	t.Setenv("LOCAL_ISSUER_ADDR", "127.0.0.1:19400")
	t.Setenv("LOCAL_ISSUER_KEY_FILE", "")
	var out bytes.Buffer
	printNextSteps(&out, "http://127.0.0.1:18087", seededIDs{OrganizationID: 3, ProjectID: 7, Subject: "local-user"}, []string{"capture worker: running"})
	got := out.String()
	for _, want := range []string{
		"TOKEN=$(LOCAL_ISSUER_ADDR=127.0.0.1:19400 go run ./server/localstack token local-user)",
		"curl -s http://127.0.0.1:18087/graphql",
		`projectId: \"7\"`,
		"organization 3, project 7, member local-user",
		"capture worker: running",
		"pageImport(id:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("next steps lack %q:\n%s", want, got)
		}
	}
}
