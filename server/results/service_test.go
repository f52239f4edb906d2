package results_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/results"
)

var quietLogs = slog.New(slog.NewTextHandler(io.Discard, nil))

func newService(store models.BlobStore, opts results.Options) *results.Service {
	opts.Logger = quietLogs
	return results.New(store, opts)
}

func TestResultOK(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.upload(t)
	svc := newService(f.env.Store, results.Options{})

	r, err := svc.Result(context.Background(), f.job, f.pi)
	if err != nil {
		t.Fatalf("Result: %v", err)
	}
	if r.Code2DesID != f.job.ID || r.PageImportID != f.pi.ID || r.CaptureHash != *f.pi.CaptureHash {
		t.Errorf("identity = %s %s %s, want the rows'", r.Code2DesID, r.PageImportID, r.CaptureHash)
	}
	if string(r.Root) != fixtureRoot {
		t.Errorf("root is not byte-identical to the stored one:\n got %s\nwant %s", r.Root, fixtureRoot)
	}

	t.Run("WarningsStoredThenConversions", func(t *testing.T) {
		want := []struct{ code, node string }{{"FONT_FALLBACK", "1:8"}, {results.WarningImageConverted, "1:6"}, {results.WarningImageDownscaled, "1:7"}}
		if r.WarningCount != len(want) || len(r.Warnings) != len(want) {
			t.Fatalf("warningCount %d, %d warnings, want %d", r.WarningCount, len(r.Warnings), len(want))
		}
		for i, w := range want {
			got := r.Warnings[i]
			if got.Code != w.code || got.NodeID == nil || *got.NodeID != w.node || got.Message == "" {
				t.Errorf("warning %d = %+v, want code %s on node %s", i, got, w.code, w.node)
			}
		}
		if r.Warnings[0].Message != "Inter was replaced by Roboto" {
			t.Errorf("stored warning message = %q", r.Warnings[0].Message)
		}
		if !strings.Contains(r.Warnings[2].Message, "5000x10 to 4096x8") {
			t.Errorf("downscale warning = %q, want the sizes", r.Warnings[2].Message)
		}
	})

	byRef := map[string]*models.Code2DesImage{}
	var order []string
	for _, im := range r.Images {
		byRef[im.Ref] = im
		order = append(order, im.Ref)
	}
	if got, want := strings.Join(order, ","), "png,jpeg,gif,webp,wide,logo"; got != want {
		t.Fatalf("images %s, want %s (the artifact's order)", got, want)
	}

	t.Run("RastersPassThroughByteForByte", func(t *testing.T) {
		for _, ref := range []string{"png", "jpeg", "gif"} {
			im, e := byRef[ref], f.image(ref)
			data := decodeB64(t, im)
			if !bytes.Equal(data, f.blobs[e.Key]) {
				t.Errorf("%s: returned bytes differ from the stored ones", ref)
			}
			if im.MimeType != e.MimeType || im.Sha256 != e.Sha256 || int64(im.ByteSize) != e.ByteSize || im.Width != e.Width || im.Height != e.Height || im.Svg != nil {
				t.Errorf("%s: %+v, want the entry's %+v", ref, im, e)
			}
		}
	})

	t.Run("WebPBecomesPNGOfSamePixels", func(t *testing.T) {
		im := byRef["webp"]
		data := decodeB64(t, im)
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("returned WebP is not a PNG: %v", err)
		}
		want, err := webp.Decode(bytes.NewReader(f.blobs[f.image("webp").Key]))
		if err != nil {
			t.Fatal(err)
		}
		if im.MimeType != "image/png" || im.Width != 75 || im.Height != 100 || got.Bounds() != want.Bounds() {
			t.Fatalf("webp -> %s %dx%d (decoded %v), want image/png 75x100", im.MimeType, im.Width, im.Height, got.Bounds())
		}
		if !samePixels(got, want) {
			t.Error("the PNG's pixels differ from the lossless WebP's")
		}
		checkDigest(t, im, data)
	})

	t.Run("OversizeScaledToFit", func(t *testing.T) {
		im := byRef["wide"]
		data := decodeB64(t, im)
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if im.MimeType != "image/png" || im.Width != 4096 || im.Height != 8 || cfg.Width != 4096 || cfg.Height != 8 {
			t.Errorf("wide -> %s %dx%d (encoded %dx%d), want image/png 4096x8", im.MimeType, im.Width, im.Height, cfg.Width, cfg.Height)
		}
		checkDigest(t, im, data)
	})

	t.Run("SVGAsText", func(t *testing.T) {
		im := byRef["logo"]
		if im.Svg == nil || *im.Svg != fixtureSVG || im.Base64 != nil || im.MimeType != "image/svg+xml" || im.Width != 24 || im.Height != 24 {
			t.Errorf("logo = %+v, want the stored SVG text", im)
		}
	})
}

func decodeB64(t *testing.T, im *models.Code2DesImage) []byte {
	t.Helper()
	if im.Base64 == nil {
		t.Fatalf("%s has no base64 data", im.Ref)
	}
	b, err := base64.StdEncoding.DecodeString(string(*im.Base64))
	if err != nil {
		t.Fatalf("%s: %v", im.Ref, err)
	}
	return b
}

func checkDigest(t *testing.T, im *models.Code2DesImage, data []byte) {
	t.Helper()
	sum := sha256.Sum256(data)
	if im.Sha256 != hex.EncodeToString(sum[:]) || im.ByteSize != len(data) {
		t.Errorf("%s: sha256/byteSize describe other bytes", im.Ref)
	}
}

func samePixels(a, b image.Image) bool {
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// refused asserts a refusal with code and (when not nil) the reason in its chain, and no data.
func refused(t *testing.T, r *models.Code2DesResult, err error, code models.ErrorCode, reason error) {
	t.Helper()
	if r != nil {
		t.Errorf("a refused result returned data: %+v", r)
	}
	if models.ErrorCodeOf(err) != code {
		t.Fatalf("err = %v, want code %s", err, code)
	}
	if reason != nil && !errors.Is(err, reason) {
		t.Errorf("err = %v, want reason %v", err, reason)
	}
	var e *models.Error
	if errors.As(err, &e) && (strings.Contains(e.Message, "code2des/") || strings.Contains(e.Message, "page-imports/") || strings.Contains(e.Message, "s3://")) {
		t.Errorf("client message leaks a storage key: %q", e.Message)
	}
}

func TestResultRefused(t *testing.T) {
	t.Parallel()
	html := []byte("<!DOCTYPE html><html><body>not an image</body></html>")
	cases := []struct {
		name   string
		change func(f *fixture)
		code   models.ErrorCode
		reason error
	}{
		{"ErrHashMismatch", func(f *fixture) {
			k := f.image("png").Key
			b := bytes.Clone(f.blobs[k])
			b[len(b)-1] ^= 0xff
			f.blobs[k] = b
		}, models.CodeFailedPrecondition, results.ErrHashMismatch},
		{"ErrHashMismatchShorterThanDeclared", func(f *fixture) {
			k := f.image("jpeg").Key
			f.blobs[k] = f.blobs[k][:len(f.blobs[k])-1]
		}, models.CodeFailedPrecondition, results.ErrHashMismatch},
		{"ErrImageTooLargeLongerThanDeclared", func(f *fixture) {
			k := f.image("gif").Key
			f.blobs[k] = append(bytes.Clone(f.blobs[k]), 0)
		}, models.CodeFailedPrecondition, results.ErrImageTooLarge},
		{"ErrTypeMismatchHTMLDeclaredPNG", func(f *fixture) {
			e := f.image("png")
			setBytes(f, e, html)
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrTypeMismatchPNGDeclaredJPEG", func(f *fixture) {
			e := f.image("png")
			e.MimeType = "image/jpeg"
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrTypeMismatchPNGDeclaredSVG", func(f *fixture) {
			e := f.image("logo")
			setBytes(f, e, f.blobs[f.image("png").Key])
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrInvalidImageHTMLDeclaredSVG", func(f *fixture) {
			setBytes(f, f.image("logo"), html)
		}, models.CodeFailedPrecondition, results.ErrInvalidImage},
		{"ErrInvalidImageSizeDiffersFromEntry", func(f *fixture) {
			f.image("png").Width++
		}, models.CodeFailedPrecondition, results.ErrInvalidImage},
		// Declared as an image returned as stored (streamed), stored as one that is not, or the
		// other way round: refused, never converted.
		{"ErrTypeMismatchWebPDeclaredPNG", func(f *fixture) {
			setBytes(f, f.image("png"), f.blobs[f.image("webp").Key])
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrTypeMismatchGIFDeclaredPNG", func(f *fixture) {
			setBytes(f, f.image("png"), f.blobs[f.image("gif").Key])
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrInvalidImageWideDeclaredSmall", func(f *fixture) {
			setBytes(f, f.image("png"), f.blobs[f.image("wide").Key])
		}, models.CodeFailedPrecondition, results.ErrInvalidImage},
		{"ErrInvalidImageSmallDeclaredWide", func(f *fixture) {
			setBytes(f, f.image("wide"), f.blobs[f.image("png").Key])
		}, models.CodeFailedPrecondition, results.ErrInvalidImage},
		// Shorter than PNG's 8-byte signature (7 bytes: text shorter than sniffLen's, with padding).
		{"ErrTypeMismatchShorterThanSignature", func(f *fixture) {
			setBytes(f, f.image("png"), f.blobs[f.image("png").Key][:7])
		}, models.CodeFailedPrecondition, results.ErrTypeMismatch},
		{"ErrInvalidImageTruncatedHeader", func(f *fixture) {
			setBytes(f, f.image("png"), f.blobs[f.image("png").Key][:20])
		}, models.CodeFailedPrecondition, results.ErrInvalidImage},
		{"ErrOutsidePrefixOtherJob", func(f *fixture) {
			moveImage(f, "png", "code2des/0190f0f0-0000-7000-8000-000000000000/attempt-1/images/hero.png")
		}, models.CodeFailedPrecondition, artifacts.ErrOutsidePrefix},
		{"ErrOutsidePrefixOtherAttempt", func(f *fixture) {
			moveImage(f, "png", strings.TrimSuffix(f.prefix, "/")+"0/images/hero.png") // attempt-10
		}, models.CodeFailedPrecondition, artifacts.ErrOutsidePrefix},
		{"ErrOutsidePrefixDotDot", func(f *fixture) {
			moveImage(f, "png", f.prefix+"../../x/attempt-1/hero.png")
		}, models.CodeFailedPrecondition, artifacts.ErrOutsidePrefix},
		{"ErrOutsidePrefixResultUnderCapture", func(f *fixture) {
			u := "s3://" + f.env.Bucket + "/" + f.cprefix + "result.json"
			f.job.ResultURL = &u
		}, models.CodeFailedPrecondition, artifacts.ErrOutsidePrefix},
		{"ErrOutsidePrefixResultOtherBucket", func(f *fixture) {
			u := "s3://other-bucket/" + f.prefix + "result.json"
			f.job.ResultURL = &u
		}, models.CodeFailedPrecondition, artifacts.ErrOutsidePrefix},
		{"ErrDanglingRef", func(f *fixture) {
			f.root = strings.Replace(f.root, `"imageRef":"png"`, `"imageRef":"nope"`, 1)
		}, models.CodeFailedPrecondition, artifacts.ErrDanglingRef},
		{"ErrDanglingRefPaintNamesSVG", func(f *fixture) {
			f.root = strings.Replace(f.root, `"imageRef":"png"`, `"imageRef":"logo"`, 1)
		}, models.CodeFailedPrecondition, artifacts.ErrDanglingRef},
		{"ErrManifestNonce", func(f *fixture) { f.manifest.Nonce = randomNonce(t) }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestCode2DesID", func(f *fixture) { f.manifest.Code2DesID = f.pi.ID }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestAttempt", func(f *fixture) { f.manifest.Attempt = 2 }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestPageImportID", func(f *fixture) { f.manifest.PageImportID = f.job.ID }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestCaptureHash", func(f *fixture) { f.manifest.CaptureHash = strings.Repeat("0", 64) }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestKind", func(f *fixture) { f.manifest.Kind = "page_import.capture" }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrManifestVersion", func(f *fixture) { f.manifest.Version = artifacts.ResultVersion + 1 }, models.CodeFailedPrecondition, artifacts.ErrManifest},
		{"ErrWarningCount", func(f *fixture) { n := 2; f.job.WarningCount = &n }, models.CodeFailedPrecondition, artifacts.ErrWarningCount},
		{"ErrMissingObjectResult", func(f *fixture) { f.noResult = true }, models.CodeFailedPrecondition, results.ErrMissingObject},
		{"ErrMissingObjectImage", func(f *fixture) { delete(f.blobs, f.image("gif").Key) }, models.CodeFailedPrecondition, results.ErrMissingObject},
		{"ErrInvalidTree", func(f *fixture) {
			f.root = strings.Replace(f.root, `"type":"TEXT"`, `"type":"PARAGRAPH"`, 1)
		}, models.CodeFailedPrecondition, artifacts.ErrInvalidTree},
		{"ErrMalformed", func(f *fixture) { f.raw = []byte(`{"manifest": {}, "root": `) }, models.CodeFailedPrecondition, artifacts.ErrMalformed},
		{"ErrMalformedNoImages", func(f *fixture) { f.raw = []byte(`{"manifest": {}, "root": {}, "warnings": []}`) }, models.CodeFailedPrecondition, artifacts.ErrMalformed},
		{"ErrFailedPreconditionProcessing", func(f *fixture) { f.job.Status = models.Code2DesProcessing }, models.CodeFailedPrecondition, nil},
		{"ErrNotFoundOtherPageImport", func(f *fixture) { f.job.PageImportID = f.job.ID }, models.CodeNotFound, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			c.change(f)
			f.upload(t)
			svc := newService(f.env.Store, results.Options{})
			r, err := svc.Result(context.Background(), f.job, f.pi)
			refused(t, r, err, c.code, c.reason)
			// A missing object says so, rather than that the result failed validation.
			var e *models.Error
			if errors.Is(err, results.ErrMissingObject) && (!errors.As(err, &e) || !strings.Contains(e.Message, "missing from storage")) {
				t.Errorf("missing object answered %v, want a message saying it is missing", err)
			}
			if st := svc.Stats(); st.CachedResults != 0 {
				t.Errorf("a refused result was cached: %+v", st)
			}
		})
	}
}

func TestResultFailedJobCarriesItsMessage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	msg := "the page could not be converted"
	f.job.Status, f.job.ErrorMessage, f.job.ResultURL = models.Code2DesFailed, &msg, nil
	_, err := newService(f.env.Store, results.Options{}).Result(context.Background(), f.job, f.pi)
	var e *models.Error
	if !errors.As(err, &e) || e.Code != models.CodeFailedPrecondition || !strings.HasSuffix(e.Message, msg) {
		t.Errorf("err = %v, want FAILED_PRECONDITION ending with the job's message", err)
	}
	if _, err := newService(f.env.Store, results.Options{}).Result(context.Background(), f.job, nil); models.ErrorCodeOf(err) != models.CodeFailedPrecondition {
		t.Errorf("the status is checked first: %v", err)
	}
}

// setBytes stores b for entry e and makes the entry describe b's size and hash truthfully.
func setBytes(f *fixture, e *artifacts.ResultImage, b []byte) {
	sum := sha256.Sum256(b)
	e.Sha256, e.ByteSize = hex.EncodeToString(sum[:]), int64(len(b))
	f.blobs[e.Key] = b
}

// moveImage stores an image under another key (so it exists) and points its entry there.
func moveImage(f *fixture, ref, key string) {
	e := f.image(ref)
	f.blobs[key] = f.blobs[e.Key]
	e.Key = key
}

func TestResultSizeLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	doc := f.upload(t)
	limit := int64(len(doc))
	t.Run("OKAtLimit", func(t *testing.T) {
		if _, err := newService(f.env.Store, results.Options{MaxResultBytes: limit}).Result(context.Background(), f.job, f.pi); err != nil {
			t.Errorf("a %d-byte result at a %d-byte limit: %v", len(doc), limit, err)
		}
	})
	t.Run("ErrResultTooLargeOneBytePast", func(t *testing.T) {
		r, err := newService(f.env.Store, results.Options{MaxResultBytes: limit - 1}).Result(context.Background(), f.job, f.pi)
		refused(t, r, err, models.CodeFailedPrecondition, results.ErrResultTooLarge)
	})
}

// plainFixture has only images returned as stored (PNG, JPEG, GIF, SVG), so stored and
// returned totals are equal.
func plainFixture(t *testing.T) *fixture {
	f := newFixture(t)
	f.root = strings.Replace(strings.Replace(f.root, `"imageRef":"webp"`, `"imageRef":"png"`, 1), `"imageRef":"wide"`, `"imageRef":"jpeg"`, 1)
	n := 1
	f.job.WarningCount = &n
	return f
}

func TestResultImageBudget(t *testing.T) {
	t.Parallel()
	f := plainFixture(t)
	f.upload(t)
	var total, largest int64
	for _, ref := range []string{"png", "jpeg", "gif", "logo"} {
		total += f.image(ref).ByteSize
		largest = max(largest, f.image(ref).ByteSize)
	}
	t.Run("OKAtTotal", func(t *testing.T) {
		r, err := newService(f.env.Store, results.Options{MaxTotalImageBytes: total}).Result(context.Background(), f.job, f.pi)
		if err != nil || len(r.Images) != 4 {
			t.Fatalf("4 images of %d bytes at a %d-byte budget: %v", total, total, err)
		}
	})
	t.Run("ErrImagesOverBudgetBeforeAnyImageRead", func(t *testing.T) {
		s3 := newCountingS3(t, f.env)
		r, err := newService(s3.store, results.Options{MaxTotalImageBytes: total - 1}).Result(context.Background(), f.job, f.pi)
		refused(t, r, err, models.CodeFailedPrecondition, results.ErrImagesOverBudget)
		if n := s3.requests.Load(); n != 1 {
			t.Errorf("%d S3 requests, want 1 (the result only)", n)
		}
	})
	t.Run("OKAtPerImageLimit", func(t *testing.T) {
		if _, err := newService(f.env.Store, results.Options{MaxImageBytes: largest}).Result(context.Background(), f.job, f.pi); err != nil {
			t.Errorf("largest image %d bytes at a %d-byte limit: %v", largest, largest, err)
		}
	})
	t.Run("ErrImageTooLargeOneBytePast", func(t *testing.T) {
		r, err := newService(f.env.Store, results.Options{MaxImageBytes: largest - 1}).Result(context.Background(), f.job, f.pi)
		refused(t, r, err, models.CodeFailedPrecondition, results.ErrImageTooLarge)
	})
}

// The per-result budget also holds after conversion: a WebP grows when it becomes a PNG.
func TestResultImageBudgetAfterConversion(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.upload(t)
	r, err := newService(f.env.Store, results.Options{}).Result(context.Background(), f.job, f.pi)
	if err != nil {
		t.Fatal(err)
	}
	var stored, returned int64
	for _, e := range f.images {
		stored += e.ByteSize
	}
	for _, im := range r.Images {
		returned += int64(im.ByteSize)
	}
	if returned <= stored {
		t.Fatalf("returned %d bytes <= stored %d: the fixture cannot test this edge", returned, stored)
	}
	if _, err := newService(f.env.Store, results.Options{MaxTotalImageBytes: returned}).Result(context.Background(), f.job, f.pi); err != nil {
		t.Errorf("at the budget: %v", err)
	}
	r, err = newService(f.env.Store, results.Options{MaxTotalImageBytes: returned - 1}).Result(context.Background(), f.job, f.pi)
	refused(t, r, err, models.CodeFailedPrecondition, results.ErrImagesOverBudget)
}

func TestResultStorageUnavailable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	t.Run("ErrUnavailableClosedPort", func(t *testing.T) {
		svc := newService(testenv.StoreAt(t, testenv.ClosedEndpoint, f.env.Bucket), results.Options{})
		r, err := svc.Result(context.Background(), f.job, f.pi)
		refused(t, r, err, models.CodeUnavailable, nil)
	})
	t.Run("ErrUnavailableHangingServer", func(t *testing.T) {
		hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
		defer hang.Close()
		svc := newService(testenv.StoreAt(t, hang.URL, f.env.Bucket), results.Options{FetchTimeout: 200 * time.Millisecond})
		start := time.Now()
		r, err := svc.Result(context.Background(), f.job, f.pi)
		refused(t, r, err, models.CodeUnavailable, nil)
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("a hanging store held the call %v", d)
		}
	})
}

func TestResultConcurrentFirstReadsLoadOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.upload(t)
	s3 := newCountingS3(t, f.env)
	svc := newService(s3.store, results.Options{})
	const callers = 16
	got := make([]*models.Code2DesResult, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			r, err := svc.Result(context.Background(), f.job, f.pi)
			if err != nil {
				t.Error(err)
			}
			got[i] = r
		})
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] || got[0] == nil {
			t.Fatalf("caller %d got another result", i)
		}
	}
	wantRequests := int64(1 + len(f.images))
	if n := s3.requests.Load(); n != wantRequests {
		t.Errorf("%d S3 requests for %d concurrent callers, want %d (one load)", n, callers, wantRequests)
	}
	if st := svc.Stats(); st.Loads != 1 || st.CachedResults != 1 {
		t.Errorf("stats %+v, want 1 load and 1 cached result", st)
	}
	if _, err := svc.Result(context.Background(), f.job, f.pi); err != nil || s3.requests.Load() != wantRequests {
		t.Errorf("a later read went to storage: %v, %d requests", err, s3.requests.Load())
	}
}

// A caller that gives up does not fail the load other callers wait for.
func TestResultCallerCancelDoesNotFailOthers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.upload(t)
	proxy := proxyTo(t, f.env.Endpoint)
	gate, blocked := make(chan struct{}), make(chan struct{}, 64)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/images/") {
			blocked <- struct{}{}
			<-gate
		}
		proxy.ServeHTTP(w, r)
	}))
	defer front.Close()
	svc := newService(testenv.StoreAt(t, front.URL, f.env.Bucket), results.Options{})

	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() { _, err := svc.Result(ctx, f.job, f.pi); first <- err }()
	<-blocked // the load is under way
	second := make(chan *models.Code2DesResult, 1)
	go func() { r, _ := svc.Result(context.Background(), f.job, f.pi); second <- r }()
	cancel()
	if err := <-first; models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Errorf("the cancelled caller got %v, want UNAVAILABLE", err)
	}
	close(gate)
	if r := <-second; r == nil || len(r.Images) != len(f.images) {
		t.Errorf("the waiting caller got %+v", r)
	}
	if st := svc.Stats(); st.Loads != 1 {
		t.Errorf("%d loads, want 1", st.Loads)
	}
}

func TestResultCacheBudget(t *testing.T) {
	t.Parallel()
	a := newFixture(t)
	a.upload(t)
	b := newFixtureIn(t, a.env)
	b.upload(t)
	measure := newService(a.env.Store, results.Options{})
	r, err := measure.Result(context.Background(), a.job, a.pi)
	if err != nil {
		t.Fatal(err)
	}
	cost, payload := measure.Stats().CachedBytes, int64(len(r.Root))
	for _, im := range r.Images {
		if im.Base64 != nil {
			payload += int64(len(*im.Base64))
		} else {
			payload += int64(len(*im.Svg))
		}
	}
	if cost < payload || cost > payload+4096 {
		t.Fatalf("a result is estimated at %d bytes, holds %d bytes of tree and images", cost, payload)
	}

	t.Run("OKOneResultAtBudget", func(t *testing.T) {
		svc := newService(a.env.Store, results.Options{CacheBytes: cost})
		ctx := context.Background()
		for _, f := range []*fixture{a, b, a} {
			if _, err := svc.Result(ctx, f.job, f.pi); err != nil {
				t.Fatal(err)
			}
		}
		if st := svc.Stats(); st.Loads != 3 || st.Hits != 0 || st.CachedResults != 1 || st.CachedBytes > cost {
			t.Errorf("stats %+v, want 3 loads (b evicted a), 1 cached result within %d bytes", st, cost)
		}
		if _, err := svc.Result(ctx, a.job, a.pi); err != nil || svc.Stats().Hits != 1 {
			t.Errorf("the most recent result is not served from the cache: %v %+v", err, svc.Stats())
		}
	})
	t.Run("NotCachedOneBytePastBudget", func(t *testing.T) {
		svc := newService(a.env.Store, results.Options{CacheBytes: cost - 1})
		if _, err := svc.Result(context.Background(), a.job, a.pi); err != nil {
			t.Fatal(err)
		}
		if st := svc.Stats(); st.CachedResults != 0 || st.CachedBytes != 0 {
			t.Errorf("a result over the budget was cached: %+v", st)
		}
	})
}

func TestResultServiceLoadsThenValidates(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.upload(t)
	svc := newService(f.env.Store, results.Options{}).ResultService(func(ctx context.Context, id string) (*models.Code2Des, *models.PageImport, error) {
		if id != f.job.ID {
			return nil, nil, models.Errorf(models.CodeNotFound, "code2des not found")
		}
		return f.job, f.pi, nil
	})
	t.Run("OK", func(t *testing.T) {
		r, err := svc.Code2DesResult(context.Background(), f.job.ID)
		if err != nil || r.Code2DesID != f.job.ID || len(r.Images) != len(f.images) {
			t.Errorf("Code2DesResult = %+v, %v", r, err)
		}
	})
	t.Run("ErrNotFoundFromLoader", func(t *testing.T) {
		r, err := svc.Code2DesResult(context.Background(), f.pi.ID)
		refused(t, r, err, models.CodeNotFound, nil)
	})
}
