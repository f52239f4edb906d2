package convertworker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convertworker"
	"github.com/code2des/backend/worker/internal/workertest"
)

const testSecret = "test-worker-secret-of-32-bytes!!"

// harness is one job's world: a bucket holding the site fixture's capture, a queue, a callback
// receiver and a worker.
type harness struct {
	s3    *testenv.S3Env
	queue *testenv.SQSEnv
	rc    *workertest.Receiver[convertworker.CallbackBody]
	w     *convertworker.Worker
	f     *fixture
}

func newHarness(t *testing.T, callbackStatus int) *harness {
	t.Helper()
	h := &harness{s3: testenv.S3(t), queue: testenv.SQS(t), f: loadFixture(t, "site")}
	h.rc = workertest.NewReceiver[convertworker.CallbackBody](t, testSecret, "/webhooks/code2des", callbackStatus, h.queue)
	cfg := convertworker.Config{
		QueueURL: h.queue.QueueURL, Settings: awslocal.Settings(h.s3.Endpoint, h.queue.Endpoint),
		CallbackSecret: testSecret, CallbackTimeout: 5 * time.Second, JobTimeout: 20 * time.Second,
		MaxCaptureBytes: 1 << 20, WaitTime: time.Second, VisibilityTimeout: 60 * time.Second, MaxReceives: 3, Concurrency: 1,
	}
	sqsClient, s3Client, err := cfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.w = &convertworker.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	assets, _ := filepath.Glob(filepath.Join(fixturesDir, "site", "assets", "*"))
	for _, path := range assets {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.s3.Store.Put(ctx, fixtureImportPrefix+"assets/"+filepath.Base(path), b, "application/octet-stream"); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.s3.Store.Put(ctx, fixtureImportPrefix+"capture.json", h.f.raw, "application/json"); err != nil {
		t.Fatal(err)
	}
	return h
}

// request is a code2des.requested message as the API publishes it (SPEC §5).
func (h *harness) request() map[string]any {
	j := h.f.job
	return map[string]any{
		"type": "code2des.requested", "version": 1,
		"code2des_id": j.Code2DesID, "attempt": j.Attempt, "nonce": j.Nonce, "page_import_id": j.PageImportID,
		"capture_url":  "s3://" + h.s3.Bucket + "/" + fixtureImportPrefix + "capture.json",
		"capture_hash": j.CaptureHash, "figma_file_key": "AbCdEf123", "screen_id": "1:2", "placement_target": "page",
		"artifact_prefix": "s3://" + h.s3.Bucket + "/" + fixtureJobPrefix,
		"callback_url":    h.rc.URL(),
	}
}

func (h *harness) send(t *testing.T, msg map[string]any) { workertest.Send(t, h.queue, msg) }

// run runs the worker until the first callback arrives, stops it and returns the callback body.
// Stopping waits for the message in hand to be handled (consumer.Loop.Run finishes a job its
// context ended during, deleting the message or not), so what the test checks next has happened.
func (h *harness) run(t *testing.T) convertworker.CallbackBody {
	t.Helper()
	return h.runFor(t, 20*time.Second)
}

// runFor is run waiting up to within for the callback.
func (h *harness) runFor(t *testing.T, within time.Duration) convertworker.CallbackBody {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.w.Run(ctx) }()
	select {
	case <-h.rc.Got():
	case <-time.After(within):
		t.Fatalf("no callback within %s", within)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Run did not stop within 15s of cancel")
	}
	return h.rc.Last(t)
}

func (h *harness) object(t *testing.T, key string) ([]byte, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := h.s3.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(h.s3.Bucket), Key: aws.String(key)})
	if err != nil {
		return nil, false
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b, true
}

func TestWorkerConvertsCapture(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK)
	h.send(t, h.request())
	cb := h.run(t)

	j := h.f.job
	if cb.Status != convertworker.StatusCompleted || cb.ErrorMessage != "" {
		t.Fatalf("callback %s %q, want completed", cb.Status, cb.ErrorMessage)
	}
	if cb.Code2DesID != j.Code2DesID || cb.Attempt != j.Attempt || cb.Nonce != j.Nonce {
		t.Errorf("callback identity %s/%d/%s", cb.Code2DesID, cb.Attempt, cb.Nonce)
	}
	key := fixtureJobPrefix + "result.json"
	if want := "s3://" + h.s3.Bucket + "/" + key; cb.ResultURL != want {
		t.Errorf("result_url %q, want %q", cb.ResultURL, want)
	}
	stored, ok := h.object(t, key)
	if !ok {
		t.Fatalf("no result object at %s", key)
	}
	// The worker's result is the converter's, byte for byte.
	if want := h.f.convert(t); !bytes.Equal(stored, want.JSON) {
		t.Error("stored result differs from the conversion of the same capture")
	}
	var doc resultjson.Result
	if err := json.Unmarshal(stored, &doc); err != nil {
		t.Fatal(err)
	}
	if cb.WarningCount == nil || *cb.WarningCount != len(doc.Warnings) || len(doc.Warnings) != 1 {
		t.Errorf("warning_count %v, result has %d warnings (want 1)", cb.WarningCount, len(doc.Warnings))
	}
	m := doc.Manifest
	if m.Kind != "code2des.result" || m.Version != resultjson.ResultVersion || m.Code2DesID != j.Code2DesID || m.Attempt != 1 ||
		m.Nonce != j.Nonce || m.PageImportID != j.PageImportID || m.CaptureHash != j.CaptureHash {
		t.Errorf("manifest %+v", m)
	}
	if q := h.rc.Calls()[0].Queued; q != 1 {
		t.Errorf("%d messages on the queue while the callback was pending, want 1", q)
	}
	if n := workertest.QueueLength(t, h.queue); n != 0 {
		t.Errorf("%d messages on the queue after a 200, want 0", n)
	}
}

func TestWorkerReportsFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(h *harness, msg map[string]any)
		want   string
	}{
		{"CaptureHashMismatch", func(h *harness, msg map[string]any) {
			msg["capture_hash"] = sha256Hex([]byte("another capture"))
		}, "the capture artifact's SHA-256 does not match capture_hash"},
		{"CaptureMissing", func(h *harness, msg map[string]any) {
			msg["capture_url"] = "s3://" + h.s3.Bucket + "/page-imports/" + fixturePageImportID + "/attempt-2/capture.json"
		}, "the capture artifact was not found"},
		{"CaptureOfAnotherImport", func(h *harness, msg map[string]any) {
			msg["page_import_id"] = "0193a1b2-c3d4-7e5f-8a9b-00000000ffff"
		}, "the capture cannot be converted: invalid capture: it belongs to another page import"},
		{"PrefixOfAnotherJob", func(h *harness, msg map[string]any) {
			msg["artifact_prefix"] = "s3://" + h.s3.Bucket + "/code2des/other/attempt-1/"
		}, "invalid conversion request: artifact_prefix does not name this job's attempt folder"},
		{"CaptureInAnotherBucket", func(h *harness, msg map[string]any) {
			msg["capture_url"] = "s3://elsewhere/" + fixtureImportPrefix + "capture.json"
		}, "invalid conversion request: capture_url is not in the artifact bucket"},
	} {
		t.Run(tc.name+"_Failed", func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, http.StatusOK)
			msg := h.request()
			tc.change(h, msg)
			h.send(t, msg)
			cb := h.run(t)
			if cb.Status != convertworker.StatusFailed || cb.ErrorMessage != tc.want {
				t.Errorf("callback %s %q, want failed %q", cb.Status, cb.ErrorMessage, tc.want)
			}
			if cb.ResultURL != "" || cb.WarningCount != nil {
				t.Errorf("failed callback carries result fields: %+v", cb)
			}
			if _, ok := h.object(t, fixtureJobPrefix+"result.json"); ok {
				t.Error("a result was stored for a failed job")
			}
			if n := workertest.QueueLength(t, h.queue); n != 0 {
				t.Errorf("%d messages left after the failed callback was accepted, want 0", n)
			}
		})
	}
}

// TestStorageDownOnLastDelivery points the worker at an S3 endpoint that refuses connections:
// on the last allowed delivery the job is reported failed with a safe message.
func TestStorageDownOnLastDelivery(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK)
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	cfg := h.w.Config
	cfg.S3Endpoint, cfg.MaxReceives, cfg.JobTimeout = dead.URL, 1, 5*time.Second
	sqsClient, s3Client, err := cfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.w.Config, h.w.SQS, h.w.S3 = cfg, sqsClient, s3Client
	h.send(t, h.request())
	cb := h.run(t)
	if want := "the conversion failed because of an internal error"; cb.Status != convertworker.StatusFailed || cb.ErrorMessage != want {
		t.Errorf("callback %s %q, want failed %q", cb.Status, cb.ErrorMessage, want)
	}
}

func TestMessageDeletedOnlyWhenAccepted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status int
		left   int
	}{
		{http.StatusOK, 0}, {http.StatusNotFound, 0}, {http.StatusConflict, 0}, {http.StatusUnprocessableEntity, 0},
		{http.StatusBadRequest, 1}, {http.StatusUnauthorized, 1}, {http.StatusServiceUnavailable, 1},
	} {
		name := fmt.Sprintf("%d_Deleted", tc.status)
		if tc.left == 1 {
			name = fmt.Sprintf("%d_LeftForRedelivery", tc.status)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, tc.status)
			h.send(t, h.request())
			cb := h.run(t)
			if cb.Status != convertworker.StatusCompleted {
				t.Errorf("callback %s %q, want completed", cb.Status, cb.ErrorMessage)
			}
			if n := workertest.QueueLength(t, h.queue); n != tc.left {
				t.Errorf("%d messages on the queue after HTTP %d, want %d", n, tc.status, tc.left)
			}
		})
	}
}
