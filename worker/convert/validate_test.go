package convert_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/results"
	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestLayoutLimitsAreTheBackends: the converter bounds grids, layout lengths and a truncated
// TEXT's maxLines as the backend does, so what it keeps is what the backend accepts.
func TestLayoutLimitsAreTheBackends(t *testing.T) {
	if resultjson.MaxGridTracks != artifacts.MaxGridTracks || resultjson.MaxLayoutLength != artifacts.MaxLayoutLength {
		t.Errorf("resultjson.MaxGridTracks %d and MaxLayoutLength %d, the backend's %d and %d",
			resultjson.MaxGridTracks, resultjson.MaxLayoutLength, artifacts.MaxGridTracks, artifacts.MaxLayoutLength)
	}
	if resultjson.MinVariantRescale != artifacts.MinVariantRescale || resultjson.MaxVariantRescale != artifacts.MaxVariantRescale {
		t.Errorf("resultjson's variant rescale bounds %v to %v, the backend's %v to %v",
			resultjson.MinVariantRescale, resultjson.MaxVariantRescale, artifacts.MinVariantRescale, artifacts.MaxVariantRescale)
	}
	if resultjson.MaxLines != artifacts.MaxLines {
		t.Errorf("resultjson.MaxLines %d, the backend's %d", resultjson.MaxLines, artifacts.MaxLines)
	}
	if resultjson.MaxComponents != artifacts.MaxComponents || resultjson.MaxNameRunes > artifacts.MaxComponentNameLength {
		t.Errorf("resultjson.MaxComponents %d and MaxNameRunes %d, the backend's %d and componentName bound %d",
			resultjson.MaxComponents, resultjson.MaxNameRunes, artifacts.MaxComponents, artifacts.MaxComponentNameLength)
	}
}

// TestBackendAcceptsResults stores each fixture's capture assets and result in a bucket of the
// S3-protocol server and loads the result through the backend's own reader (server/results),
// which re-validates the manifest, the tree rules, every imageRef and every image's bytes.
func TestBackendAcceptsResults(t *testing.T) {
	t.Parallel()
	for _, name := range append([]string{"site", "unsupported", "text", "fonts", "direction", "lists", "text-lists", "truncation", "effects", "replaced-img", "replaced-svg", "replaced-canvas", "float", "filters", "backdrop", "outlines", "state-layers", "themes"}, layoutFixtures...) {
		t.Run(name+"_Accepted", func(t *testing.T) {
			t.Parallel()
			f := loadFixture(t, name)
			out := f.convert(t)
			env := testenv.S3(t)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			assets, _ := filepath.Glob(filepath.Join("testdata", name, "assets", "*"))
			for _, path := range assets {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if err := env.Store.Put(ctx, fixtureImportPrefix+"assets/"+filepath.Base(path), b, "application/octet-stream"); err != nil {
					t.Fatal(err)
				}
			}
			if err := env.Store.Put(ctx, fixtureImportPrefix+"capture.json", f.raw, "application/json"); err != nil {
				t.Fatal(err)
			}
			resultKey := fixtureJobPrefix + "result.json"
			if err := env.Store.Put(ctx, resultKey, out.JSON, "application/json"); err != nil {
				t.Fatal(err)
			}
			resultURL := models.S3URI(env.Bucket, resultKey)
			warnings := len(out.Result.Warnings)
			job := &models.Code2Des{ID: f.job.Code2DesID, PageImportID: f.job.PageImportID, Status: models.Code2DesCompleted,
				Attempt: f.job.Attempt, Nonce: f.job.Nonce, ResultURL: &resultURL, WarningCount: &warnings}
			pi := &models.PageImport{ID: f.job.PageImportID, Status: models.PageImportCompleted, Attempt: 1, Nonce: fixtureNonce, CaptureHash: &f.job.CaptureHash}

			// What the backend checks when the callback arrives (server/artifacts)...
			if _, err := artifacts.NewVerifier(env.Store, "", artifacts.Limits{}).VerifyResult(ctx, artifacts.ResultClaim{
				Code2DesID: f.job.Code2DesID, Attempt: f.job.Attempt, Nonce: f.job.Nonce, PageImportID: f.job.PageImportID,
				PageImportAttempt: 1, CaptureHash: f.job.CaptureHash, ResultURL: resultURL, WarningCount: warnings,
			}); err != nil {
				t.Fatalf("the callback check refused the result: %v (cause: %v)", err, errCause(err))
			}
			// ... and when the plugin reads it (server/results).
			res, err := results.New(env.Store, results.Options{CacheBytes: -1}).Result(ctx, job, pi)
			if err != nil {
				t.Fatalf("the backend refused the result: %v (cause: %v)", err, errCause(err))
			}
			if !bytes.Equal(res.Root, mustRoot(t, out.JSON)) {
				t.Error("the backend's root differs from the stored bytes")
			}
			if len(res.Images) != len(out.Result.Images) {
				t.Errorf("backend returned %d images, result has %d", len(res.Images), len(out.Result.Images))
			}
			for _, im := range res.Images {
				if im.MimeType == "image/webp" {
					t.Errorf("image %s returned as WebP", im.Ref)
				}
			}
			// Stored warnings plus the backend's own (WebP converted to PNG).
			if want := warnings + countMime(out, "image/webp"); res.WarningCount != want {
				t.Errorf("backend reports %d warnings, want %d", res.WarningCount, want)
			}
		})
	}
}

// TestSiteImagesArriveWithTheirBytes checks the site's raster images through the backend: the
// WebP photo arrives as a PNG of its size, the others byte for byte.
func TestSiteImagesArriveWithTheirBytes(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "site")
	out := f.convert(t)
	byRef := map[string]string{}
	for _, a := range f.capture.Assets {
		byRef[a.ID] = a.SourceURL[strings.LastIndex(a.SourceURL, "/")+1:]
	}
	want := map[string]string{"pattern.png": "image/png", "logo.png": "image/png", "photo.jpg": "image/jpeg",
		"photo.webp": "image/webp", "icon.svg": "image/svg+xml", "": "image/svg+xml", "lazy.png": "image/png", "late.jpg": "image/jpeg"}
	for _, e := range out.Result.Images {
		file := byRef[e.Ref]
		if want[file] != e.MimeType {
			t.Errorf("image %s (%s) has type %s, want %s", e.Ref, file, e.MimeType, want[file])
		}
		if file == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", "capture", "capturetest", "site", file))
		if err != nil {
			t.Fatal(err)
		}
		if sha256Hex(b) != e.SHA256 || int64(len(b)) != e.ByteSize {
			t.Errorf("image %s: sha256 %s size %d, the site's file has %s %d", file, e.SHA256, e.ByteSize, sha256Hex(b), len(b))
		}
		if e.MimeType == "image/png" {
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil || cfg.Width != e.Width || cfg.Height != e.Height {
				t.Errorf("image %s: entry %dx%d, file %dx%d", file, e.Width, e.Height, cfg.Width, cfg.Height)
			}
		}
	}
	if len(out.Result.Images) != len(want) {
		t.Errorf("%d images, want %d (every image of the site)", len(out.Result.Images), len(want))
	}
}

func countMime(out *convert.Output, mime string) int {
	n := 0
	for _, e := range out.Result.Images {
		if e.MimeType == mime {
			n++
		}
	}
	return n
}

func errCause(err error) error { return errors.Unwrap(err) }

// mustRoot returns the exact bytes of the result's "root" member.
func mustRoot(t *testing.T, doc []byte) []byte {
	t.Helper()
	d, err := artifacts.ParseResult(doc)
	if err != nil {
		t.Fatal(err)
	}
	return d.Root
}
