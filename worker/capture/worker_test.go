package capture_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
	"github.com/code2des/backend/worker/internal/workertest"
)

// testSecret is the shared worker secret; the backend requires at least 32 bytes (SPEC §6).
const testSecret = "test-worker-secret-0123456789abcdef"

// browsers are shared by every test of the package (one per value of the local-only switch), so
// Chromium starts at most twice per run.
var browsers struct {
	mu sync.Mutex
	m  map[bool]*capture.Browser
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, b := range browsers.m {
		b.Close()
	}
	if hostileBrowser.b != nil {
		hostileBrowser.b.Close()
	}
	os.Exit(code)
}

// chromiumPath is the browser binary: CHROMIUM_PATH, or Debian's.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// mustBrowser returns the shared browser. Without Chromium the test fails in CI (CI=true) and is
// skipped elsewhere.
func mustBrowser(t *testing.T, allowPrivate bool) *capture.Browser {
	t.Helper()
	path := chromiumPath()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI (.ci/run installs Debian's chromium): %v", err)
		}
		t.Skipf("Chromium not installed at %s", path)
	}
	browsers.mu.Lock()
	defer browsers.mu.Unlock()
	if b := browsers.m[allowPrivate]; b != nil {
		return b
	}
	b, err := capture.NewBrowser(capture.BrowserOptions{ExecPath: path, AllowPrivateNetworks: allowPrivate})
	if err != nil {
		t.Fatalf("start browser: %v", err)
	}
	if browsers.m == nil {
		browsers.m = map[bool]*capture.Browser{}
	}
	browsers.m[allowPrivate] = b
	return b
}

// harness is one job's world: a bucket, a queue, a callback receiver and a worker.
type harness struct {
	s3    *testenv.S3Env
	queue *testenv.SQSEnv
	rc    *workertest.Receiver[capture.CallbackBody]
	site  *httptest.Server
	w     *capture.Worker
}

func testConfig(s3env *testenv.S3Env, q *testenv.SQSEnv, allowPrivate bool) capture.Config {
	return capture.Config{
		QueueURL: q.QueueURL, Settings: awslocal.Settings(s3env.Endpoint, q.Endpoint),
		CallbackSecret: testSecret, CallbackTimeout: 5 * time.Second,
		AllowPrivateNetworks: allowPrivate,
		LoadTimeout:          10 * time.Second, ReadyTimeout: 5 * time.Second,
		// The job's budget is the worker's default (CAPTURE_JOB_TIMEOUT): the parallel tests share
		// two cores, and a page is held to what production gives it.
		NetworkIdleTimeout: 5 * time.Second, ImageTimeout: 5 * time.Second, JobTimeout: 3 * time.Minute,
		MaxScreenshotHeight: capture.ChromiumMaxScreenshotHeight,
		WaitTime:            time.Second, VisibilityTimeout: 4 * time.Minute, MaxReceives: 3, Concurrency: 1,
	}
}

func newHarness(t *testing.T, callbackStatus int, allowPrivate, needBrowser bool) *harness {
	t.Helper()
	h := &harness{s3: testenv.S3(t), queue: testenv.SQS(t), site: capturetest.Serve(t)}
	h.rc = workertest.NewReceiver[capture.CallbackBody](t, testSecret, "/webhooks/page-imports", callbackStatus, h.queue)
	cfg := testConfig(h.s3, h.queue, allowPrivate)
	sqsClient, s3Client, err := cfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.w = &capture.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}
	if needBrowser {
		h.w.Browser = mustBrowser(t, allowPrivate)
	}
	return h
}

// request is a page_import.requested message as the API publishes it (SPEC §5).
func (h *harness) request(id, path, readySelector string, vp capture.Viewport, dsf float64) map[string]any {
	return map[string]any{
		"type": "page_import.requested", "version": 1,
		"page_import_id": id, "attempt": 1, "nonce": "n0nce-" + id,
		"source_url":          h.site.URL + path,
		"viewport":            map[string]int{"width": vp.Width, "height": vp.Height},
		"device_scale_factor": dsf, "ready_selector": readySelector,
		"artifact_prefix": "s3://" + h.s3.Bucket + "/test/page-imports/" + id + "/attempt-1/",
		"callback_url":    h.rc.URL(),
	}
}

func (h *harness) send(t *testing.T, msg map[string]any) { workertest.Send(t, h.queue, msg) }

// run runs the worker until the first callback arrives (or within), then stops it and returns
// the callback body.
func (h *harness) run(t *testing.T, within time.Duration) capture.CallbackBody {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.w.Run(ctx) }()
	body := h.rc.Wait(t, within)
	// Run returns only after the message in hand is handled (deleted or left).
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not stop within 30s of cancel")
	}
	return body
}

func (h *harness) object(t *testing.T, key string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := h.s3.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(h.s3.Bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCaptureTestSite(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK, true, true)
	const id = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
	vp := capture.Viewport{Width: 800, Height: 600}
	h.send(t, h.request(id, capturetest.IndexPath, capturetest.ReadySelector, vp, 1))
	cb := h.run(t, 60*time.Second)

	if cb.Status != capture.StatusCompleted || cb.ErrorMessage != "" {
		t.Fatalf("callback status %q, error %q; want completed", cb.Status, cb.ErrorMessage)
	}
	if cb.PageImportID != id || cb.Attempt != 1 || cb.Nonce != "n0nce-"+id {
		t.Fatalf("callback identity = %s/%d/%s", cb.PageImportID, cb.Attempt, cb.Nonce)
	}
	prefix := "test/page-imports/" + id + "/attempt-1/"
	if want := "s3://" + h.s3.Bucket + "/" + prefix + "capture.json"; cb.ResultURL != want {
		t.Fatalf("result_url = %q, want %q", cb.ResultURL, want)
	}
	if want := "s3://" + h.s3.Bucket + "/" + prefix + "screenshot.png"; cb.ScreenshotURL != want {
		t.Fatalf("screenshot_url = %q, want %q", cb.ScreenshotURL, want)
	}

	raw := h.object(t, prefix+"capture.json")
	if p := os.Getenv("CAPTURE_DUMP"); p != "" {
		_ = os.WriteFile(p, raw, 0o644)
	}
	c := capturetest.Check(t, h.site.URL, raw, cb.CaptureHash, prefix, vp.Width, func(key string) []byte { return h.object(t, key) })
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, raw) })

	// The file server redirects /index.html to /, so final_url shows the redirect was followed.
	t.Run("ManifestRepeatsIdentity", func(t *testing.T) {
		m := c.Manifest
		if m.Kind != "page_import.capture" || m.Version != 1 || m.PageImportID != id || m.Attempt != 1 ||
			m.Nonce != "n0nce-"+id || m.SourceURL != h.site.URL+capturetest.IndexPath || m.FinalURL != h.site.URL+"/" ||
			m.Viewport != vp || m.DeviceScaleFactor != 1 || m.CapturedAt.IsZero() {
			t.Fatalf("manifest = %+v", m)
		}
		if c.Document["title"] != "Capture test site" {
			t.Errorf("title = %v", c.Document["title"])
		}
		// The page saw the requested viewport and scale (device metrics override).
		if v, _ := c.Document["viewport"].(map[string]any); v["width"] != 800.0 || v["height"] != 600.0 || c.Document["device_scale_factor"] != 1.0 {
			t.Errorf("page viewport %v at scale %v, want 800x600 at 1", v, c.Document["device_scale_factor"])
		}
		if c.Notes.ReadySelector != capturetest.ReadySelector {
			t.Errorf("document ready_selector %q, want %q", c.Notes.ReadySelector, capturetest.ReadySelector)
		}
		if c.Notes.Screenshot.MaxHeight != capture.ChromiumMaxScreenshotHeight {
			t.Errorf("recorded cap %d, want %d", c.Notes.Screenshot.MaxHeight, capture.ChromiumMaxScreenshotHeight)
		}
	})

	t.Run("MessageDeletedOnlyAfterCallback", func(t *testing.T) {
		if q := h.rc.Calls()[0].Queued; q != 1 {
			t.Errorf("%d messages on the queue while the callback was pending, want 1", q)
		}
		if n := workertest.QueueLength(t, h.queue); n != 0 {
			t.Errorf("%d messages on the queue after a 200, want 0", n)
		}
	})
}

func TestNeverReadyPageFails(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK, true, true)
	h.w.Config.ReadyTimeout = 1500 * time.Millisecond
	h.send(t, h.request("0193a1b2-c3d4-7e5f-8a9b-000000000002", capturetest.NeverReadyPath, capturetest.ReadySelector, capture.Viewport{Width: 800, Height: 600}, 1))
	start := time.Now()
	cb := h.run(t, 30*time.Second)
	elapsed := time.Since(start)
	if cb.Status != capture.StatusFailed {
		t.Fatalf("status %q, want failed", cb.Status)
	}
	if want := `the ready selector "#app-ready" did not appear within 1.5s`; cb.ErrorMessage != want || cb.ErrorCode != capture.CodeReadySelector {
		t.Errorf("error_code %s, error_message %q; want %s %q", cb.ErrorCode, cb.ErrorMessage, capture.CodeReadySelector, want)
	}
	if cb.ResultURL != "" || cb.CaptureHash != "" || cb.ScreenshotURL != "" {
		t.Errorf("failed callback carries result fields: %+v", cb)
	}
	if elapsed < 1500*time.Millisecond || elapsed > 1500*time.Millisecond+10*time.Second {
		t.Errorf("failed after %s; want just past the 1.5s ready timeout", elapsed)
	}
	if n := workertest.QueueLength(t, h.queue); n != 0 {
		t.Errorf("%d messages left after the failed callback was accepted, want 0", n)
	}
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, nil) })
}

func TestPrivateAddressRefusedWithoutLocalSwitch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK, false, true)
	h.send(t, h.request("0193a1b2-c3d4-7e5f-8a9b-000000000003", "/index.html", "", capture.Viewport{Width: 800, Height: 600}, 1))
	cb := h.run(t, 30*time.Second)
	if want := "the page address is not allowed: it points to a private or reserved network"; cb.Status != capture.StatusFailed || cb.ErrorMessage != want || cb.ErrorCode != capture.CodeAddressNotAllowed {
		t.Errorf("callback %s %q, want failed %q", cb.Status, cb.ErrorMessage, want)
	}
}

// TestMessageDeletedOnlyWhenAccepted uses an invalid request (viewport too narrow), which fails
// before any rendering, to see what each callback answer does to the message.
func TestMessageDeletedOnlyWhenAccepted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status int
		left   int
	}{
		{http.StatusOK, 0}, {http.StatusAccepted, 0}, {http.StatusConflict, 0}, {http.StatusUnprocessableEntity, 0},
		{http.StatusNotFound, 0}, {http.StatusBadRequest, 1}, {http.StatusUnauthorized, 1},
		{http.StatusRequestEntityTooLarge, 1}, {http.StatusInternalServerError, 1}, {http.StatusServiceUnavailable, 1},
	} {
		name := fmt.Sprintf("%d_Deleted", tc.status)
		if tc.left == 1 {
			name = fmt.Sprintf("%d_LeftForRedelivery", tc.status)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, tc.status, true, false)
			h.send(t, h.request("0193a1b2-c3d4-7e5f-8a9b-000000000004", "/index.html", "", capture.Viewport{Width: 319, Height: 600}, 1))
			cb := h.run(t, 20*time.Second)
			if want := "invalid capture request: viewport width 319 is outside 320-3840"; cb.Status != capture.StatusFailed || cb.ErrorMessage != want || cb.ErrorCode != capture.CodeInvalidRequest {
				t.Errorf("callback %s %s %q, want failed %s %q", cb.Status, cb.ErrorCode, cb.ErrorMessage, capture.CodeInvalidRequest, want)
			}
			if n := workertest.QueueLength(t, h.queue); n != tc.left {
				t.Errorf("%d messages on the queue after HTTP %d, want %d", n, tc.status, tc.left)
			}
		})
	}
}

func TestScreenshotCap(t *testing.T) {
	t.Parallel()
	b := mustBrowser(t, true)
	srv := capturetest.Serve(t)
	const maxHeight = 1000 // device px; at scale 2 that is 500 CSS px
	for _, tc := range []struct {
		name       string
		cssHeight  int
		wantHeight int
		capped     bool
	}{
		{"AtCapNotCapped", 500, 1000, false},
		{"PastCapCapped", 501, 1000, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			p, err := b.Capture(ctx, capture.PageSpec{
				URL: srv.URL + capturetest.SizedPath + "?h=" + strconv.Itoa(tc.cssHeight), Viewport: capture.Viewport{Width: 400, Height: 300}, DeviceScaleFactor: 2,
			}, capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: 2 * time.Second, Images: time.Second}, maxHeight)
			if err != nil {
				t.Fatal(err)
			}
			s := p.Screenshot
			cfg, err := png.DecodeConfig(bytes.NewReader(s.PNG))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != 800 || cfg.Height != tc.wantHeight || s.Height != tc.wantHeight || s.Capped != tc.capped ||
				s.FullHeight != tc.cssHeight*2 || s.MaxHeight != maxHeight {
				t.Errorf("PNG %dx%d, recorded %+v; want 800x%d capped=%v full=%d", cfg.Width, cfg.Height,
					capture.Screenshot{Width: s.Width, Height: s.Height, FullHeight: s.FullHeight, MaxHeight: s.MaxHeight, Capped: s.Capped},
					tc.wantHeight, tc.capped, tc.cssHeight*2)
			}
		})
	}
}

func TestPageFailuresHaveClearMessages(t *testing.T) {
	t.Parallel()
	b := mustBrowser(t, true)
	srv := capturetest.Serve(t)
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	for _, tc := range []struct {
		name, url, selector, want string
	}{
		{"NotFound", srv.URL + "/missing.html", "", "the page answered HTTP 404"},
		{"InvalidSelector", srv.URL + capturetest.NeverReadyPath, "div[", `the ready selector "div[" is not a valid CSS selector`},
		{"ConnectionRefused", closedURL + "/", "", "the page could not be loaded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			_, err := b.Capture(ctx, capture.PageSpec{URL: tc.url, Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1, ReadySelector: tc.selector},
				capture.Timeouts{Load: 10 * time.Second, Ready: 2 * time.Second, NetworkIdle: time.Second, Images: time.Second}, capture.ChromiumMaxScreenshotHeight)
			var pe *capture.PageError
			if !errors.As(err, &pe) || !strings.HasPrefix(pe.Message, tc.want) {
				t.Fatalf("Capture: %v, want a page error starting %q", err, tc.want)
			}
		})
	}
}

// TestWorkerFaultRedeliveredThenFailed makes storage unreachable: the first delivery is left on
// the queue without a callback; the delivery that reaches MaxReceives reports failed.
func TestWorkerFaultRedeliveredThenFailed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK, true, true)
	h.w.Config.MaxReceives = 2
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	h.w.S3 = awslocal.Settings(down.URL, "").S3(testenv.AWSConfig(t), func(o *s3.Options) { o.RetryMaxAttempts = 1 })
	h.send(t, h.request("0193a1b2-c3d4-7e5f-8a9b-000000000005", capturetest.SizedPath+"?h=100", "", capture.Viewport{Width: 400, Height: 300}, 1))

	ctx := context.Background()
	first := receiveNow(t, h)
	if h.w.Handle(ctx, first) {
		t.Fatal("first delivery deleted although storage was down")
	}
	if calls := len(h.rc.Calls()); calls != 0 {
		t.Fatalf("%d callbacks on the first delivery, want none", calls)
	}
	makeVisible(t, h, first)
	second := receiveNow(t, h)
	// goaws v0.5.4 never increments ApproximateReceiveCount (it always answers 1); set it to what
	// SQS reports on a second delivery.
	second.Attributes[string(sqstypes.MessageSystemAttributeNameApproximateReceiveCount)] = "2"
	if !h.w.Handle(ctx, second) {
		t.Fatal("last delivery not deleted after its failed callback was accepted")
	}
	cb := h.rc.Wait(t, time.Second)
	if cb.Status != capture.StatusFailed || cb.ErrorMessage != "the capture failed because of an internal error" || cb.ErrorCode != capture.CodeInternal {
		t.Errorf("callback %s %s %q, want failed %s with the internal-error message", cb.Status, cb.ErrorCode, cb.ErrorMessage, capture.CodeInternal)
	}
	if n := workertest.QueueLength(t, h.queue); n != 0 {
		t.Errorf("%d messages left, want 0", n)
	}
}

// receiveNow receives the one message on h's queue, with its receive count.
func receiveNow(t *testing.T, h *harness) sqstypes.Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := h.queue.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
		QueueUrl: aws.String(h.queue.QueueURL), WaitTimeSeconds: 5, VisibilityTimeout: 60,
		MessageSystemAttributeNames: []sqstypes.MessageSystemAttributeName{sqstypes.MessageSystemAttributeNameApproximateReceiveCount},
	})
	if err != nil || len(out.Messages) != 1 {
		t.Fatalf("receive: %v, %d messages", err, len(out.Messages))
	}
	return out.Messages[0]
}

// makeVisible makes m visible again at once, as SQS does when its visibility timeout ends.
func makeVisible(t *testing.T, h *harness, m sqstypes.Message) {
	t.Helper()
	if _, err := h.queue.Client.ChangeMessageVisibility(context.Background(), &sqs.ChangeMessageVisibilityInput{
		QueueUrl: aws.String(h.queue.QueueURL), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0,
	}); err != nil {
		t.Fatal(err)
	}
}
