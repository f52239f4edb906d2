// Package e2e_test runs the main job of Code2Des end to end on one machine: the real API
// (server/app over the test PostgreSQL, the in-process S3 and SQS protocol servers and a local
// token issuer) takes createPageImport over HTTP GraphQL, publishes the capture message, the
// reference capture worker (worker/capture, headless Chromium) renders the loopback test site and
// posts its signed callback to the API's public URL, and the test follows the job through the API
// until it ends, then checks what was stored. The main job then goes on through the API:
// triggerCode2Des publishes the conversion message, the reference conversion worker
// (worker/convert) turns the capture into a Figma node tree and calls back, code2desResult serves
// the tree with its images inlined, and materializeCode2Des records the Figma root. Nothing is
// faked: every hop is the production code path over a real protocol.
package e2e_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/sirupsen/logrus"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
	"github.com/code2des/backend/worker/convertworker"
)

// Bounds of the end-to-end runs. Each wait is a bound, not a pause: the tests poll.
const (
	// readyTimeout is the worker's CAPTURE_READY_TIMEOUT here: the test site's ready selector
	// appears 300 ms after load, the never-ready page's never does.
	readyTimeout = 2 * time.Second
	// jobBound is how long a job may take to leave PROCESSING before the test gives up.
	jobBound = 90 * time.Second
	// deleteBound is how long a worker may take to delete its message once the job's outcome is
	// visible through the API: it reports first (the callback) and deletes after, so a test that
	// reads the outcome can look at the queue before the delete has landed.
	deleteBound = 10 * time.Second
	// workerSecret signs callbacks: the API's WORKER_SECRETS and the worker's
	// WORKER_CALLBACK_SECRET (at least 32 bytes, SPEC §6).
	workerSecret = "e2e-worker-secret-0123456789abcdef"
	// member is the seeded organization member the token is minted for.
	member = "e2e-user"
)

// browser is shared by every test of the package, so Chromium starts once per run.
var browser struct {
	once sync.Once
	b    *capture.Browser
	err  error
}

func TestMain(m *testing.M) {
	// goaws warns on every empty long poll of the workers; the test's own output matters more.
	logrus.SetLevel(logrus.ErrorLevel)
	code := m.Run()
	if browser.b != nil {
		browser.b.Close()
	}
	os.Exit(code)
}

// mustBrowser returns the shared browser (loopback pages allowed). Without Chromium the test
// fails in CI (CI=true; .ci/run and `make test` install it) and is skipped elsewhere.
func mustBrowser(t *testing.T) *capture.Browser {
	t.Helper()
	path := os.Getenv("CHROMIUM_PATH")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI (.ci/chromium-up installs Debian's chromium): %v", err)
		}
		t.Skipf("Chromium not installed at %s (run .ci/chromium-up)", path)
	}
	browser.once.Do(func() {
		browser.b, browser.err = capture.NewBrowser(capture.BrowserOptions{ExecPath: path, AllowPrivateNetworks: true})
	})
	if browser.err != nil {
		t.Fatalf("start Chromium: %v", browser.err)
	}
	return browser.b
}

// stack is the whole product for one test: the API on an httptest server whose URL is its
// PUBLIC_BASE_URL (so the callback_url of each message reaches it), a bucket, a capture and a
// conversion queue, a seeded member with a token, the capture worker on the capture queue, and
// the test site. The conversion worker joins with runConversionWorker.
type stack struct {
	api        *httptest.Server
	s3         *testenv.S3Env
	queue      *testenv.SQSEnv
	conversion *testenv.SQSEnv
	site       *httptest.Server
	token      string
	projectID  int64
	logger     *slog.Logger
	// db is the stack's database (tests seed rows into it directly).
	db *bun.DB
	// issuer is the local token issuer the API trusts (a configure function may give it to the
	// API's development sign-in).
	issuer *auth.LocalIssuer
}

// newStack starts a stack; each configure function may change the API's configuration before it
// starts (the plugin's UI test allows the Origin `null` of the plugin iframe, as the API's
// environment default does).
func newStack(t *testing.T, configure ...func(*app.Config)) *stack {
	t.Helper()
	br := mustBrowser(t)
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	s := &stack{s3: testenv.S3(t), queue: testenv.SQS(t), conversion: testenv.SQS(t), site: capturetest.Serve(t), logger: logger}
	db := testenv.MustOpenDB(t)
	s.db = db

	// The local issuer stands in for Cognito, as under `make run`.
	key, err := rsa.GenerateKey(rand.Reader, auth.LocalKeyBits)
	if err != nil {
		t.Fatal(err)
	}
	jwks := httptest.NewServer(nil)
	t.Cleanup(jwks.Close)
	issuer, err := auth.NewLocalIssuer(key, jwks.URL+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	jwks.Config.Handler = issuer
	s.issuer = issuer
	if s.token, err = issuer.Mint(member, time.Hour); err != nil {
		t.Fatal(err)
	}
	s.projectID = seed(t, db, member)

	s.api = httptest.NewUnstartedServer(nil)
	s.api.Start()
	t.Cleanup(s.api.Close)
	cfg := app.Config{
		PublicBaseURL: s.api.URL, S3Bucket: s.s3.Bucket,
		CognitoIssuer: issuer.Issuer, CognitoClientIDs: []string{auth.LocalClientID}, CognitoTokenUses: []string{"id", "access"},
		// The development sign-in of the local stack, as under make run (the dashboard signs in with it).
		LocalIssuer:          issuer,
		AllowLoopbackSources: true, WorkerSecrets: []string{workerSecret},
		DependencyTimeout: 10 * time.Second, ArtifactReadTimeout: 10 * time.Second,
		// The tests poll job status as testenv.Poll does (every 50 ms: 1,200 requests a minute
		// while a conversion runs), past the per-subject limit a user meets; the limits have
		// their own tests in server/app.
		GraphQLRateLimit: -1,
	}
	for _, c := range configure {
		c(&cfg)
	}
	a, err := app.New(cfg, app.Deps{DB: db, Blob: s.s3.Store, CaptureQueue: s.queue.Queue, ConversionQueue: s.conversion.Queue}, logger)
	if err != nil {
		t.Fatal(err)
	}
	s.api.Config.Handler = a.Handler()

	wcfg := capture.Config{
		QueueURL: s.queue.QueueURL, Settings: awslocal.Settings(s.s3.Endpoint, s.queue.Endpoint),
		CallbackSecret: workerSecret, CallbackTimeout: 10 * time.Second, AllowPrivateNetworks: true,
		LoadTimeout: 15 * time.Second, ReadyTimeout: readyTimeout, NetworkIdleTimeout: 5 * time.Second,
		ImageTimeout: 5 * time.Second, JobTimeout: 60 * time.Second, MaxScreenshotHeight: capture.ChromiumMaxScreenshotHeight,
		WaitTime: time.Second, VisibilityTimeout: 2 * time.Minute, MaxReceives: 3, Concurrency: 1,
	}
	sqsClient, s3Client, err := wcfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	w := &capture.Worker{Config: wcfg, SQS: sqsClient, S3: s3Client, Browser: br, Logger: logger}
	runUntilCleanup(t, "capture worker", w.Run)
	return s
}

// runConversionWorker runs the reference conversion worker on the stack's conversion queue, with
// the same worker secret and local endpoints as the capture worker, until the test ends.
func (s *stack) runConversionWorker(t *testing.T) {
	t.Helper()
	cfg := convertworker.Config{
		QueueURL: s.conversion.QueueURL, Settings: awslocal.Settings(s.s3.Endpoint, s.conversion.Endpoint),
		// The self-check's preview is slow under -race on a busy machine; the job bound is roomy
		// (a bound, not a wait) and the self-check takes at most half of it.
		CallbackTimeout: 10 * time.Second, JobTimeout: 80 * time.Second, CallbackSecret: workerSecret,
		MaxCaptureBytes: 16 << 20, WaitTime: time.Second, VisibilityTimeout: 2 * time.Minute, MaxReceives: 3, Concurrency: 1,
		SelfCheck: true, // as in make run: every result carries its fidelity
	}
	sqsClient, s3Client, err := cfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	w := &convertworker.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Logger: s.logger}
	runUntilCleanup(t, "conversion worker", w.Run)
}

// runUntilCleanup runs a worker until the test ends, then stops it (it finishes the job in hand,
// after at most one long poll of a second) and reports a run error.
func runUntilCleanup(t *testing.T, name string, run func(context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("%s did not stop within 30s", name)
		}
	})
}

// seed creates an organization with a project and subject as its owner, and returns the project id.
func seed(t *testing.T, db bun.IDB, subject string) int64 {
	t.Helper()
	ctx := context.Background()
	org := &models.Organization{Name: "E2E organization"}
	if _, err := db.NewInsert().Model(org).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	m := &models.OrganizationMember{OrganizationID: org.ID, Subject: subject, Role: models.RoleOwner}
	if _, err := db.NewInsert().Model(m).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	p := &models.Project{OrganizationID: org.ID, Name: "E2E project"}
	if _, err := db.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// gqlResult is a GraphQL response.
type gqlResult struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// graphql POSTs one operation to /graphql with the member's token, as the plugin does, and
// decodes data into out. Any GraphQL error fails the test.
func (s *stack) graphql(t *testing.T, query string, vars map[string]any, out any) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.api.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST /graphql: %v", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var res gqlResult
	if err := json.Unmarshal(raw, &res); err != nil || resp.StatusCode != http.StatusOK || len(res.Errors) > 0 {
		t.Fatalf("POST /graphql: HTTP %d %s", resp.StatusCode, raw)
	}
	if err := json.Unmarshal(res.Data, out); err != nil {
		t.Fatalf("GraphQL data %s: %v", res.Data, err)
	}
}

// pageImport is the Page Import as the API shows it.
type pageImport struct {
	ID            string  `json:"id"`
	SourceURL     string  `json:"sourceUrl"`
	Status        string  `json:"status"`
	Attempt       int     `json:"attempt"`
	CaptureHash   *string `json:"captureHash"`
	HasScreenshot bool    `json:"hasScreenshot"`
	ErrorMessage  *string `json:"errorMessage"`
	ErrorCode     *string `json:"errorCode"`
	ReadySelector *string `json:"readySelector"`
}

const pageImportFields = `id sourceUrl status attempt captureHash hasScreenshot errorMessage errorCode readySelector`

// createPageImport imports path of the test site through the API and returns the new job.
func (s *stack) createPageImport(t *testing.T, path string, vp capture.Viewport) pageImport {
	t.Helper()
	var out struct {
		Create struct {
			PageImport pageImport `json:"pageImport"`
		} `json:"createPageImport"`
	}
	s.graphql(t, `mutation($in: CreatePageImportInput!) { createPageImport(input: $in) { pageImport { `+pageImportFields+` } } }`,
		map[string]any{"in": map[string]any{
			"projectId": fmt.Sprint(s.projectID), "sourceUrl": s.site.URL + path,
			"viewport": map[string]int{"width": vp.Width, "height": vp.Height}, "deviceScaleFactor": 1,
			"readySelector": capturetest.ReadySelector,
		}}, &out)
	pi := out.Create.PageImport
	if pi.ID == "" || pi.Status != "PROCESSING" || pi.Attempt != 1 || pi.SourceURL != s.site.URL+path {
		t.Fatalf("createPageImport answered %+v; want a PROCESSING job for %s", pi, s.site.URL+path)
	}
	return pi
}

// awaitOutcome polls pageImport(id) until the job leaves PROCESSING, at most jobBound.
func (s *stack) awaitOutcome(t *testing.T, id string) pageImport {
	t.Helper()
	var pi pageImport
	testenv.WaitFor(t, jobBound, "Page Import "+id+" leaves PROCESSING", func() bool {
		var out struct {
			PageImport *pageImport `json:"pageImport"`
		}
		s.graphql(t, `query($id: ID!) { pageImport(id: $id) { `+pageImportFields+` } }`, map[string]any{"id": id}, &out)
		if out.PageImport == nil {
			t.Fatalf("pageImport(%s) is null", id)
		}
		pi = *out.PageImport
		return pi.Status != "PROCESSING"
	})
	return pi
}

// object reads an object of the artifact bucket.
func (s *stack) object(t *testing.T, key string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := s.s3.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.s3.Bucket), Key: aws.String(key)})
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

// queueLength counts the messages left on q, visible or in flight.
func queueLength(t *testing.T, q *testenv.SQSEnv) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := q.Client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(q.QueueURL),
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameApproximateNumberOfMessages},
	})
	if err != nil {
		t.Fatalf("queue attributes: %v", err)
	}
	var n int
	fmt.Sscan(out.Attributes[string(sqstypes.QueueAttributeNameApproximateNumberOfMessages)], &n)
	return n
}

// drainedQueueLength is queueLength once q is empty, or after deleteBound if it never empties:
// the messages still left then.
func drainedQueueLength(t *testing.T, q *testenv.SQSEnv) int {
	t.Helper()
	var n int
	testenv.Poll(deleteBound, func() bool { n = queueLength(t, q); return n == 0 })
	return n
}

// TestMainJobEndToEnd runs the whole main job on the test site (headings, paragraphs, links,
// PNG, JPEG, WebP and SVG images, an inline SVG, a CSS background image, lazy images below the
// fold, a page over 5,000 px tall) through the API: createPageImport, the capture worker, the
// stored capture checked against what the API reports (it fails the check if any image of the
// site is missing); then triggerCode2Des, the conversion worker, code2desResult checked against
// the site (texts with their fonts and colours, every image inlined with the right bytes), and
// materializeCode2Des recorded once.
func TestMainJobEndToEnd(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	s.runConversionWorker(t)
	vp := capture.Viewport{Width: 800, Height: 600}
	created := s.createPageImport(t, capturetest.IndexPath, vp)
	pi := s.awaitOutcome(t, created.ID)

	if pi.Status != "COMPLETED" || pi.ErrorMessage != nil || pi.ErrorCode != nil || pi.CaptureHash == nil || !pi.HasScreenshot {
		t.Fatalf("Page Import ended %s (error %v, captureHash %v, hasScreenshot %v); want COMPLETED with a capture",
			pi.Status, deref(pi.ErrorMessage), deref(pi.CaptureHash), pi.HasScreenshot)
	}
	// The API's artifact layout (SPEC §7, no ARTIFACT_KEY_PREFIX here).
	prefix := "page-imports/" + pi.ID + "/attempt-1/"
	raw := s.object(t, prefix+capture.CaptureObject)
	c := capturetest.Check(t, s.site.URL, raw, *pi.CaptureHash, prefix, vp.Width, func(key string) []byte { return s.object(t, key) })

	t.Run("CaptureManifestIsTheJob", func(t *testing.T) {
		m := c.Manifest
		if m.PageImportID != pi.ID || m.Attempt != 1 || m.SourceURL != s.site.URL+capturetest.IndexPath || m.Viewport != vp {
			t.Errorf("manifest %+v does not describe job %s", m, pi.ID)
		}
	})
	t.Run("CaptureMessageDeleted", func(t *testing.T) {
		if n := drainedQueueLength(t, s.queue); n != 0 {
			t.Errorf("%d messages left on the capture queue after completion, want 0", n)
		}
	})

	// Code2Des on the completed import, as the plugin runs it.
	job := s.triggerCode2Des(t, pi.ID)
	job = s.awaitCode2Des(t, job.ID)
	if job.Status != "COMPLETED" || job.ErrorMessage != nil || job.WarningCount == nil {
		t.Fatalf("Code2Des ended %s (error %v, warningCount %v); want COMPLETED", job.Status, deref(job.ErrorMessage), job.WarningCount)
	}
	res := s.code2desResult(t, job.ID)
	t.Run("ResultIsTheJob", func(t *testing.T) {
		if res.Code2DesID != job.ID || res.PageImportID != pi.ID || res.CaptureHash != *pi.CaptureHash {
			t.Errorf("result names job %s, import %s, capture %s; want %s, %s, %s",
				res.Code2DesID, res.PageImportID, res.CaptureHash, job.ID, pi.ID, *pi.CaptureHash)
		}
		if res.WarningCount != len(res.Warnings) || *job.WarningCount > res.WarningCount {
			t.Errorf("warningCount %d (job says %d) for %d warnings", res.WarningCount, *job.WarningCount, len(res.Warnings))
		}
	})
	t.Run("TreeHasTheSiteTexts", func(t *testing.T) { checkTexts(t, res.Root) })
	t.Run("RootIsThePage", func(t *testing.T) {
		var root struct {
			Type   string  `json:"type"`
			Width  float64 `json:"width"`
			Height float64 `json:"height"`
		}
		if err := json.Unmarshal(res.Root, &root); err != nil {
			t.Fatal(err)
		}
		// The page is over 5,000 px tall (the spacer) and as wide as the viewport.
		if root.Type != "FRAME" || root.Width != float64(vp.Width) || root.Height < 5000 {
			t.Errorf("root %s of %gx%g; want a FRAME %d wide and over 5000 tall", root.Type, root.Width, root.Height, vp.Width)
		}
	})
	t.Run("EveryImageInlinedWithItsBytes", func(t *testing.T) { checkImages(t, res) })
	t.Run("FidelityReadableThroughAPI", func(t *testing.T) { s.checkFidelity(t, job.ID, vp.Width) })
	t.Run("ConversionMessageDeleted", func(t *testing.T) {
		if n := drainedQueueLength(t, s.conversion); n != 0 {
			t.Errorf("%d messages left on the conversion queue after completion, want 0", n)
		}
	})
	t.Run("SecondMaterializeKeepsTheFirst", func(t *testing.T) {
		first := s.materialize(t, job.ID, "12:345")
		if !first.Recorded || deref(first.Code2Des.MaterializedNodeID) != "12:345" || first.Code2Des.MaterializedAt == nil {
			t.Fatalf("first materialize: recorded %v, node %s, at %v; want recorded 12:345",
				first.Recorded, deref(first.Code2Des.MaterializedNodeID), deref(first.Code2Des.MaterializedAt))
		}
		second := s.materialize(t, job.ID, "67:890")
		if second.Recorded || deref(second.Code2Des.MaterializedNodeID) != "12:345" ||
			deref(second.Code2Des.MaterializedAt) != deref(first.Code2Des.MaterializedAt) {
			t.Errorf("second materialize: recorded %v, node %s, at %s; want not recorded, 12:345 at %s",
				second.Recorded, deref(second.Code2Des.MaterializedNodeID), deref(second.Code2Des.MaterializedAt), deref(first.Code2Des.MaterializedAt))
		}
	})
}

// TestNeverReadyPageFailsThroughAPI: a page whose ready selector never appears ends FAILED, with
// a clear message naming the selector and the timeout and the code READY_SELECTOR (the worker's
// error_code, read as errorCode), soon after the worker's ready timeout.
func TestNeverReadyPageFailsThroughAPI(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	start := time.Now()
	created := s.createPageImport(t, capturetest.NeverReadyPath, capture.Viewport{Width: 800, Height: 600})
	pi := s.awaitOutcome(t, created.ID)
	elapsed := time.Since(start)

	want := fmt.Sprintf("the ready selector %q did not appear within %s", capturetest.ReadySelector, readyTimeout)
	if pi.Status != "FAILED" || deref(pi.ErrorMessage) != want || deref(pi.ErrorCode) != capture.CodeReadySelector {
		t.Fatalf("Page Import ended %s with errorCode %s, errorMessage %q; want FAILED with %s, %q", pi.Status, deref(pi.ErrorCode), deref(pi.ErrorMessage), capture.CodeReadySelector, want)
	}
	if pi.CaptureHash != nil || pi.HasScreenshot {
		t.Errorf("a failed import shows captureHash %v, hasScreenshot %v", deref(pi.CaptureHash), pi.HasScreenshot)
	}
	// Bounded by the configured timeout: it cannot fail before it, and the rest (load, callback,
	// polling) takes seconds.
	if elapsed < readyTimeout || elapsed > readyTimeout+30*time.Second {
		t.Errorf("failed after %s; want just past the %s ready timeout", elapsed, readyTimeout)
	}
	if n := drainedQueueLength(t, s.queue); n != 0 {
		t.Errorf("%d messages left on the capture queue after the failure was reported, want 0", n)
	}
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
