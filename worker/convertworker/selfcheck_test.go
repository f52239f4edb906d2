package convertworker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/convertworker"
	"github.com/code2des/backend/worker/fidelity"
	"github.com/code2des/backend/worker/preview"
)

var (
	rendererOnce sync.Once
	renderer     *preview.Renderer
	rendererErr  error
)

// sharedRenderer is one Chromium for every self-check test of the package.
func sharedRenderer(t *testing.T) *preview.Renderer {
	t.Helper()
	rendererOnce.Do(func() { renderer, rendererErr = preview.NewRenderer(preview.Options{}) })
	if rendererErr != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no Chromium: %v", rendererErr)
		}
		t.Fatal(rendererErr)
	}
	return renderer
}

func whitePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if renderer != nil {
		renderer.Close()
	}
	os.Exit(code)
}

// selfCheckHarness is the worker harness with the self-check on. With a screenshot, the capture's
// screenshot object is the preview of the fixture's own result, so the comparison must be exact.
func selfCheckHarness(t *testing.T, withScreenshot bool) *harness {
	t.Helper()
	h := newHarness(t, http.StatusOK)
	// The preview and comparison run slowly under -race on a busy machine: a roomy job bound (it
	// is a bound, not a wait), half of which the self-check may use.
	h.w.Config.SelfCheck, h.w.Config.JobTimeout, h.w.Config.VisibilityTimeout = true, 2*time.Minute, 5*time.Minute
	h.w.Preview = sharedRenderer(t)
	if withScreenshot {
		out := h.f.convert(t)
		images := map[string][]byte{}
		for _, im := range out.Result.Images {
			b, err := h.f.loader()(context.Background(), capturemodel.Asset{Key: im.Key}, resultjson.MaxImageBytes)
			if err != nil {
				t.Fatal(err)
			}
			images[im.Ref] = b
		}
		p, err := h.w.Preview.Render(context.Background(), out.JSON, images, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.s3.Store.Put(context.Background(), h.f.capture.Screenshot.Key, p.PNG, "image/png"); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func TestSelfCheckRecordsFidelity(t *testing.T) {
	t.Parallel()
	h := selfCheckHarness(t, true)
	h.send(t, h.request())
	cb := h.runFor(t, 2*time.Minute)
	if cb.Status != convertworker.StatusCompleted {
		t.Fatalf("callback %s %q", cb.Status, cb.ErrorMessage)
	}
	stored, _ := h.object(t, fixtureJobPrefix+convertworker.ResultObject)
	var res resultjson.Result
	if err := json.Unmarshal(stored, &res); err != nil {
		t.Fatal(err)
	}
	f := res.Fidelity
	if f == nil || f.SSIM == nil || f.DiffRatio == nil || f.DiffMap == nil {
		t.Fatalf("fidelity %+v, want the pixel measures", f)
	}
	// The screenshot is the preview of this very result: identical images.
	if *f.SSIM != 1 || *f.DiffRatio != 0 || f.Version != fidelity.Version || f.DiffThreshold != fidelity.DiffThreshold || f.Scale != 1 {
		t.Errorf("fidelity %+v: SSIM %v diff %v, want 1 and 0 at scale 1", f, *f.SSIM, *f.DiffRatio)
	}
	if f.ComparedWidth != 800 || f.ComparedHeight != h.f.capture.Screenshot.Height {
		t.Errorf("compared %dx%d, want 800x%d", f.ComparedWidth, f.ComparedHeight, h.f.capture.Screenshot.Height)
	}
	// Every text run and image of the site fixture is converted.
	if f.TextCoverage != 1 || f.ImageCoverage != 1 {
		t.Errorf("coverage text %v images %v, want 1 and 1", f.TextCoverage, f.ImageCoverage)
	}
	diffMap, ok := h.object(t, f.DiffMap.Key)
	if !ok || f.DiffMap.Key != fixtureJobPrefix+convertworker.DiffMapObject || sha256Hex(diffMap) != f.DiffMap.SHA256 || int64(len(diffMap)) != f.DiffMap.ByteSize {
		t.Fatalf("diff map %+v not stored as recorded", f.DiffMap)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(diffMap))
	if err != nil || cfg.Width != f.DiffMap.Width || cfg.Height != f.DiffMap.Height {
		t.Errorf("diff map PNG %+v, %v; recorded %dx%d", cfg, err, f.DiffMap.Width, f.DiffMap.Height)
	}
	// The warnings are the conversion's: no FIDELITY_NOT_MEASURED.
	if *cb.WarningCount != len(res.Warnings) || len(res.Warnings) != len(h.f.convert(t).Result.Warnings) {
		t.Errorf("warning_count %d, %d warnings", *cb.WarningCount, len(res.Warnings))
	}
	// The backend accepts the result with its fidelity member.
	claim := artifacts.ResultClaim{Code2DesID: res.Manifest.Code2DesID, Attempt: 1, Nonce: res.Manifest.Nonce,
		PageImportID: res.Manifest.PageImportID, PageImportAttempt: 1, CaptureHash: res.Manifest.CaptureHash,
		ResultURL: cb.ResultURL, WarningCount: *cb.WarningCount}
	parsed, err := artifacts.CheckResult(stored, claim, h.s3.Bucket, "")
	if err != nil || !parsed.Fidelity.Measured() || *parsed.Fidelity.SSIM != 1 {
		t.Errorf("backend: %+v, %v", parsed, err)
	}
}

func TestSelfCheckWithoutScreenshotWarns(t *testing.T) {
	t.Parallel()
	h := selfCheckHarness(t, false)
	h.send(t, h.request())
	cb := h.runFor(t, 2*time.Minute)
	stored, _ := h.object(t, fixtureJobPrefix+convertworker.ResultObject)
	var res resultjson.Result
	if err := json.Unmarshal(stored, &res); err != nil {
		t.Fatal(err)
	}
	if cb.Status != convertworker.StatusCompleted {
		t.Fatalf("callback %s %q: a self-check failure must not fail the conversion", cb.Status, cb.ErrorMessage)
	}
	f := res.Fidelity
	if f == nil || f.SSIM != nil || f.DiffRatio != nil || f.DiffMap != nil || f.TextCoverage != 1 {
		t.Errorf("fidelity %+v, want coverage only", f)
	}
	last := res.Warnings[len(res.Warnings)-1]
	want := len(h.f.convert(t).Result.Warnings) + 1
	if last.Code != warnings.FidelityNotMeasured || !strings.HasSuffix(last.Message, "the screenshot could not be read") ||
		last.NodeID == nil || *last.NodeID != res.Root.ID || *cb.WarningCount != want || len(res.Warnings) != want {
		t.Errorf("last warning %+v, warning_count %d; want FIDELITY_NOT_MEASURED on the root, %d warnings", last, *cb.WarningCount, want)
	}
	if _, ok := h.object(t, fixtureJobPrefix+convertworker.DiffMapObject); ok {
		t.Error("a diff map was stored without a comparison")
	}
}

// TestSelfCheckFailuresAreWarnings: what the self-check cannot do becomes a warning with a safe
// message, and the result is stored as converted plus its coverage.
func TestSelfCheckFailuresAreWarnings(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "site")
	okShot := func(ctx context.Context, key string, max int64) ([]byte, error) {
		if strings.HasSuffix(key, "screenshot.png") {
			return whitePNG(t, 800, 600), nil
		}
		return f.loader()(ctx, capturemodel.Asset{Key: key}, max)
	}
	for _, tc := range []struct {
		name   string
		r      *preview.Renderer
		read   func(ctx context.Context, key string, max int64) ([]byte, error)
		edit   func(c *capturemodel.Capture)
		reason string
	}{
		{"NoRenderer", nil, okShot, nil, "the preview renderer is not available"},
		{"NoScreenshot", sharedRenderer(t), okShot, func(c *capturemodel.Capture) { c.Screenshot = nil }, "the capture has no screenshot"},
		{"ScreenshotOverMaxPixels", sharedRenderer(t), okShot, func(c *capturemodel.Capture) {
			c.Screenshot.Width, c.Screenshot.Height = 4096, 4097
		}, "the screenshot is over 16777216 pixels"},
		{"ScreenshotNotPNG", sharedRenderer(t), func(ctx context.Context, key string, max int64) ([]byte, error) {
			if strings.HasSuffix(key, "screenshot.png") {
				return []byte("GIF89a"), nil
			}
			return f.loader()(ctx, capturemodel.Asset{Key: key}, max)
		}, nil, "the screenshot is not a readable PNG"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := *f.capture
			shot := *c.Screenshot
			c.Screenshot = &shot
			if tc.edit != nil {
				tc.edit(&c)
			}
			out := f.convert(t)
			before := len(out.Result.Warnings)
			convertworker.SelfCheck(context.Background(), tc.r, &c, fixtureJobPrefix, out, tc.read)
			ws := out.Result.Warnings
			if len(ws) != before+1 || ws[before].Code != warnings.FidelityNotMeasured || !strings.HasSuffix(ws[before].Message, tc.reason) {
				t.Fatalf("warnings %+v, want one more FIDELITY_NOT_MEASURED ending %q", ws[before:], tc.reason)
			}
			if out.Result.Fidelity == nil || out.Result.Fidelity.SSIM != nil || len(out.Copies) != 0 {
				t.Errorf("fidelity %+v, copies %d", out.Result.Fidelity, len(out.Copies))
			}
			var again resultjson.Result
			if err := json.Unmarshal(out.JSON, &again); err != nil || len(again.Warnings) != before+1 || again.Fidelity == nil {
				t.Errorf("JSON not re-encoded: %v", err)
			}
		})
	}
}

// TestSelfCheckLeavesHalfTheJobTime: a self-check stuck on storage gives up after half of the
// time the job has left, so the result can still be stored before the job's deadline.
func TestSelfCheckLeavesHalfTheJobTime(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "site")
	out := f.convert(t)
	before := len(out.Result.Warnings)
	r := sharedRenderer(t) // started before the job's clock runs
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	deadline, _ := ctx.Deadline()
	stuck := func(ctx context.Context, _ string, _ int64) ([]byte, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	convertworker.SelfCheck(ctx, r, f.capture, fixtureJobPrefix, out, stuck)
	if left := time.Until(deadline); left <= 0 || ctx.Err() != nil {
		t.Errorf("the self-check returned %s after the job's deadline; it may use only half of the time left", -left)
	}
	ws := out.Result.Warnings
	if len(ws) != before+1 || ws[before].Code != warnings.FidelityNotMeasured || !strings.HasSuffix(ws[before].Message, "the screenshot could not be read") {
		t.Errorf("warnings %+v", ws[before:])
	}
}
