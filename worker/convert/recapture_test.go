package convert_test

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/worker/capture"
)

// recapture regenerates the capture fixtures of testdata/ by running the capture worker (headless
// Chromium) on the test sites: `go test ./worker/convert -run TestRecaptureFixtures -recapture`.
// Then run the golden tests with -update and review the diff.
var recapture = flag.Bool("recapture", false, "regenerate testdata/*/capture.json with the capture worker (needs Chromium)")

// recaptureOnly limits -recapture to the fixtures whose name starts with it.
var recaptureOnly = flag.String("recapture-only", "", "with -recapture: only the fixtures whose name starts with this")

// fixtureSites are the pages captured into fixtures: name -> (directory served, page path).
// -recapture replaces testdata/<name> whole, so other test files never live in a fixture's
// directory (the icon fonts of the glyph tests are in worker/internal/fontfile/testdata).
var fixtureSites = map[string][2]string{
	"site":        {"../capture/capturetest/site", "/index.html"},
	"unsupported": {"testdata/unsupported-site", "/index.html"},
	"icons":       {"../capture/capturetest/site", "/icons.html"},
	"iconfont":    {"../capture/capturetest/site", "/iconfont.html"},
	"masks":       {"../capture/capturetest/site", "/masks.html"},
	// Layout pages (docs/conversion.md "Auto layout"): small self-made pages whose structure the
	// layout, styles and fixed-element passes are checked against.
	"layout-navbar":      {"testdata/layout-site", "/navbar.html"},
	"layout-cards":       {"testdata/layout-site", "/cards.html"},
	"layout-form":        {"testdata/layout-site", "/form.html"},
	"layout-hero":        {"testdata/layout-site", "/hero.html"},
	"layout-fixed":       {"testdata/layout-site", "/fixed.html"},
	"layout-grid":        {"testdata/layout-site", "/grid.html"},
	"layout-grid-cards":  {"testdata/layout-site", "/grid-cards.html"},
	"named-colors":       {"testdata/layout-site", "/named-colors.html"},
	"effect-styles":      {"testdata/layout-site", "/shadows.html"},
	"layout-minmax":      {"testdata/layout-site", "/minmax.html"},
	"layout-components":  {"testdata/layout-site", "/components.html"},
	"layout-navlinks":    {"testdata/layout-site", "/navlinks.html"},
	"layout-navactive":   {"testdata/layout-site", "/navactive.html"},
	"layout-hoverscale":  {"testdata/layout-site", "/hover-scale.html"},
	"layout-hoverturn":   {"testdata/layout-site", "/hover-turn.html"},
	"layout-navicons":    {"testdata/layout-site", "/navicons.html"},
	"layout-margins":     {"testdata/layout-site", "/margins.html"},
	"layout-blocklinks":  {"testdata/layout-site", "/blocklinks.html"},
	"layout-columns":     {"testdata/layout-site", "/columns.html"},
	"layout-variants":    {"testdata/layout-site", "/variants.html"},
	"layout-nested":      {"testdata/layout-site", "/nested.html"},
	"layout-stretched":   {"testdata/layout-site", "/stretched.html"},
	"layout-overlays":    {"testdata/layout-site", "/overlays.html"},
	"layout-bylines":     {"testdata/layout-site", "/bylines.html"},
	"layout-cardbuttons": {"testdata/layout-site", "/cardbuttons.html"},
	"layout-focusrings":  {"testdata/layout-site", "/focusrings.html"},
	"layout-invisible":   {"testdata/layout-site", "/invisible.html"},
	"themes":             {"testdata/layout-site", "/themes.html"},
	"states":             {"../capture/capturetest/site", "/states.html"},
	"state-layers":       {"testdata/layout-site", "/state-layers.html"},
	"text":               {"testdata/text-site", "/index.html"},
	"fonts":              {"../capture/capturetest/site", "/fonts.html"},
	"font-runs":          {"../capture/capturetest/site", "/font-runs.html"},
	"families":           {"../capture/capturetest/site", "/families.html"},
	"direction":          {"testdata/text-site", "/direction.html"},
	"rtl-neutrals":       {"testdata/text-site", "/rtl-neutrals.html"},
	"lists":              {"../capture/capturetest/site", "/lists.html"},
	"effects":            {"testdata/text-site", "/effects.html"},
	"smallcaps":          {"testdata/text-site", "/smallcaps.html"},
	"decoration":         {"testdata/text-site", "/decoration.html"},
	"placeholder":        {"testdata/text-site", "/placeholder.html"},
	"backgrounds":        {"testdata/text-site", "/backgrounds.html"},
	"truncation":         {"testdata/text-site", "/truncation.html"},
	"text-lists":         {"testdata/text-site", "/lists.html"},
	// Replaced elements and floats (docs/conversion.md "Replaced elements", "Floats").
	"replaced-img":    {"testdata/replaced-site", "/img.html"},
	"replaced-svg":    {"testdata/replaced-site", "/svg.html"},
	"replaced-canvas": {"testdata/replaced-site", "/canvas.html"},
	"float":           {"testdata/replaced-site", "/float.html"},
	// Filters, backdrop filters and outlines (docs/conversion.md "Node mapping").
	"filters":  {"../capture/capturetest/site", "/filters.html"},
	"backdrop": {"../capture/capturetest/site", "/backdrop.html"},
	"outlines": {"../capture/capturetest/site", "/outlines.html"},
	// Pseudo-elements' url() backgrounds (docs/conversion.md "Markers and generated content").
	"pseudo-background": {"testdata/pseudo-site", "/background.html"},
	"pseudo-switch":     {"testdata/pseudo-site", "/switch.html"},
	// Backgrounds and images drawn as the page draws them (docs/conversion.md "Backgrounds").
	"bg-clip":       {"testdata/background-site", "/clip.html"},
	"bg-origin":     {"testdata/background-site", "/origin.html"},
	"bg-attachment": {"testdata/background-site", "/attachment.html"},
	"bg-layers":     {"testdata/background-site", "/layers.html"},
	"bg-objectfit":  {"testdata/background-site", "/objectfit.html"},
	"bg-svgicons":   {"testdata/background-site", "/svgicons.html"},
	// Elements the browser draws itself (docs/conversion.md "Native widgets and embedded content").
	"widgets": {"../capture/capturetest/site", "/widgets.html"},
	// 2D transforms as relativeTransform (docs/conversion.md "Transforms").
	"transforms": {"../capture/capturetest/site", "/transforms.html"},
	// What the capture loses and says so (docs/conversion.md "Page extent and bad input"): a web
	// font whose request hangs, a tainted canvas, a float in a rotated box; an app shell.
	"capture-badinput": {"testdata/capture-site", "/badinput.html"},
	"capture-appshell": {"testdata/capture-site", "/appshell.html"},
	// Vertical writing modes (docs/conversion.md "Text"): upright CJK columns, sideways Latin.
	"capture-vertical": {"testdata/capture-site", "/vertical.html"},
	// Geometry real pages showed off by a pixel or more (docs/fidelity.md "The real-page
	// corpus"): line boxes, the space after an icon, collapsed table borders, a masked <use>.
	"geometry-leading":  {"testdata/geometry-site", "/leading.html"},
	"geometry-space":    {"testdata/geometry-site", "/icon-space.html"},
	"geometry-collapse": {"testdata/geometry-site", "/collapse.html"},
	"geometry-mask":     {"testdata/geometry-site", "/masked-use.html"},
}

// Fixture identity: the page import the captures are recorded for.
const (
	fixturePageImportID = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
	fixtureNonce        = "fixture-capture-nonce"
)

func TestRecaptureFixtures(t *testing.T) {
	if !*recapture {
		t.Skip("run with -recapture to regenerate the capture fixtures")
	}
	for name, site := range fixtureSites {
		if *recaptureOnly != "" && !strings.HasPrefix(name, *recaptureOnly) {
			continue
		}
		t.Run(name, func(t *testing.T) { recaptureSite(t, name, site[0], site[1]) })
	}
}

func recaptureSite(t *testing.T, name, dir, path string) {
	objects := captureSite(t, dir, path)
	out := filepath.Join("testdata", name)
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	for rel, b := range objects {
		file := filepath.Join(out, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// captureSite runs the capture worker (headless Chromium) on the page path of the directory dir,
// served over loopback, and returns the capture's objects by their path under the import's prefix
// (capture.json, assets), all but the screenshot.
func captureSite(t *testing.T, dir, path string) map[string][]byte {
	t.Helper()
	return captureSites(t, dir, map[string]string{path: fixturePageImportID})[path]
}

// captureJobTimeout is the capture's job budget in these tests: the worker's default
// (CAPTURE_JOB_TIMEOUT), so a page is held to what production gives it.
const captureJobTimeout = 3 * time.Minute

// captureLoadTimeout is the capture's navigation budget in these tests: the worker's default
// (CAPTURE_LOAD_TIMEOUT), so a large generated page loads while other packages' tests share
// the machine.
const captureLoadTimeout = 30 * time.Second

// captureSites captures each page path of dir (path -> the page import id to capture it for) with
// one capture worker and one Chromium, and returns each page's objects as captureSite does.
func captureSites(t *testing.T, dir string, pages map[string]string) map[string]map[string][]byte {
	t.Helper()
	s3env, q := testenv.S3(t), testenv.SQS(t)
	// Paths under /never/ are never answered (a request that hangs until the page goes away).
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/never/") {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	got := make(chan capture.CallbackBody, len(pages))
	cb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body capture.CallbackBody
		raw, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(raw, &body)
		select {
		case got <- body:
		default:
		}
	}))
	defer cb.Close()

	cfg := capture.Config{
		QueueURL: q.QueueURL, Settings: awslocal.Settings(s3env.Endpoint, q.Endpoint),
		CallbackSecret: "fixture-capture-secret-32-bytes!!", CallbackTimeout: 5 * time.Second, AllowPrivateNetworks: true,
		LoadTimeout: captureLoadTimeout, ReadyTimeout: 5 * time.Second, NetworkIdleTimeout: 5 * time.Second,
		ImageTimeout: 5 * time.Second, JobTimeout: captureJobTimeout,
		MaxScreenshotHeight: capture.ChromiumMaxScreenshotHeight,
		WaitTime:            time.Second, VisibilityTimeout: captureJobTimeout + time.Minute, MaxReceives: 1, Concurrency: 4,
	}
	sqsClient, s3Client, err := cfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	browser, err := capture.NewBrowser(capture.BrowserOptions{AllowPrivateNetworks: true})
	if err != nil {
		t.Fatal(err)
	}
	defer browser.Close()
	w := &capture.Worker{Config: cfg, SQS: sqsClient, S3: s3Client, Browser: browser, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}

	ctx, cancel := context.WithTimeout(context.Background(), captureJobTimeout+time.Minute+time.Duration(len(pages))*5*time.Second)
	defer cancel()
	pathOf := map[string]string{}
	for path, id := range pages {
		pathOf[id] = path
		msg, _ := json.Marshal(map[string]any{
			"type": "page_import.requested", "version": 1, "page_import_id": id, "attempt": 1,
			"nonce": fixtureNonce, "source_url": srv.URL + path, "viewport": map[string]int{"width": 800, "height": 600},
			"device_scale_factor": 1, "ready_selector": "", "artifact_prefix": "s3://" + s3env.Bucket + "/" + importPrefix(id),
			"callback_url": cb.URL + "/webhooks/page-imports",
		})
		if _, err := q.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(q.QueueURL), MessageBody: aws.String(string(msg))}); err != nil {
			t.Fatal(err)
		}
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(runCtx) }()
	out := map[string]map[string][]byte{}
	for range pages {
		var body capture.CallbackBody
		select {
		case body = <-got:
		case <-ctx.Done():
			t.Fatalf("no capture callback (%d of %d pages captured)", len(out), len(pages))
		}
		path := pathOf[body.PageImportID]
		if body.Status != capture.StatusCompleted {
			t.Fatalf("capture of %s %s: %s", path, body.Status, body.ErrorMessage)
		}
		prefix := importPrefix(body.PageImportID)
		list, err := s3env.Client.ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: aws.String(s3env.Bucket), Prefix: aws.String(prefix)})
		if err != nil {
			t.Fatal(err)
		}
		objects := map[string][]byte{}
		for _, o := range list.Contents {
			rel := strings.TrimPrefix(aws.ToString(o.Key), prefix)
			if rel == capture.ScreenshotObject {
				continue // the converter does not read the screenshot; keep the fixture small
			}
			obj, err := s3env.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s3env.Bucket), Key: o.Key})
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(obj.Body)
			obj.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			objects[rel] = b
		}
		t.Logf("%s: capture_hash %s, %d objects", path, body.CaptureHash, len(list.Contents))
		out[path] = objects
	}
	stop()
	<-done
	return out
}
