package artifacts_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
)

const (
	jobID   = "01936d3c-8f1a-7b2e-9c4d-5e6f7a8b9c0d"
	otherID = "01936d3c-8f1a-7b2e-9c4d-000000000000"
)

func TestScopePointer(t *testing.T) {
	t.Parallel()
	s := artifacts.PageImportScope("bucket", "prod/", jobID, 1)
	prefix := "prod/page-imports/" + jobID + "/attempt-1/"
	for _, tc := range []struct {
		name, pointer, key string
		ok                 bool
	}{
		{"OK", "s3://bucket/" + prefix + "capture.json", prefix + "capture.json", true},
		{"OKNested", "s3://bucket/" + prefix + "assets/a/b.png", prefix + "assets/a/b.png", true},
		{"ErrOtherBucket", "s3://other/" + prefix + "capture.json", "", false},
		{"ErrOtherJob", "s3://bucket/prod/page-imports/" + otherID + "/attempt-1/capture.json", "", false},
		{"ErrOtherAttempt", "s3://bucket/prod/page-imports/" + jobID + "/attempt-2/capture.json", "", false},
		{"ErrAttemptPrefixOfAnother", "s3://bucket/prod/page-imports/" + jobID + "/attempt-11/capture.json", "", false},
		{"ErrWithoutKeyPrefix", "s3://bucket/page-imports/" + jobID + "/attempt-1/capture.json", "", false},
		{"ErrThePrefixItself", "s3://bucket/" + strings.TrimSuffix(prefix, "/"), "", false},
		{"ErrThePrefixWithSlash", "s3://bucket/" + prefix, "", false},
		{"ErrDotDotEscape", "s3://bucket/" + prefix + "../attempt-2/x", "", false},
		{"ErrDotSegment", "s3://bucket/" + prefix + "./x", "", false},
		{"ErrDoubleSlash", "s3://bucket/" + prefix + "/x", "", false},
		{"ErrBackslash", "s3://bucket/" + prefix + "a\\..\\x", "", false},
		{"ErrQuery", "s3://bucket/" + prefix + "x?versionId=1", "", false},
		{"ErrHTTPS", "https://bucket.s3.amazonaws.com/" + prefix + "x", "", false},
		{"ErrEmpty", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key, err := s.Pointer("result_url", tc.pointer)
			if tc.ok != (err == nil) || key != tc.key {
				t.Errorf("Pointer(%q) = %q, %v", tc.pointer, key, err)
			}
			if err != nil && !artifacts.IsInvalid(err) {
				t.Errorf("error %v is not an invalid-artifact error", err)
			}
		})
	}
	t.Run("WithAdmitsBothPrefixes", func(t *testing.T) {
		both := artifacts.Code2DesScope("bucket", "", otherID, 1).With(artifacts.PageImportScope("bucket", "", jobID, 1))
		for _, k := range []string{"code2des/" + otherID + "/attempt-1/i.png", "page-imports/" + jobID + "/attempt-1/a.png"} {
			if err := both.Key("image", k); err != nil {
				t.Errorf("key %q refused: %v", k, err)
			}
		}
		if err := both.Key("image", "page-imports/"+otherID+"/attempt-1/a.png"); err == nil {
			t.Error("a key of a third prefix was accepted")
		}
	})
}

func golden(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../testdata/workers/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseGolden(t *testing.T) {
	t.Parallel()
	c, err := artifacts.ParseCapture(golden(t, "capture.json"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Manifest.PageImportID != jobID || c.Manifest.Attempt != 1 || len(c.Assets) != 1 || c.Screenshot.Height != 1800 {
		t.Errorf("capture %+v", c)
	}
	if err := c.Manifest.CheckIdentity(jobID, 1, c.Manifest.Nonce); err != nil {
		t.Error(err)
	}
	if err := c.Manifest.CheckIdentity(jobID, 1, c.Manifest.Nonce+"x"); !artifacts.IsInvalid(err) {
		t.Errorf("longer nonce: %v", err)
	}
	if err := c.CheckScope(artifacts.PageImportScope("b", "", jobID, 1)); err != nil {
		t.Error(err)
	}
	if err := c.CheckScope(artifacts.PageImportScope("b", "prod/", jobID, 1)); err == nil {
		t.Error("keys outside the configured key prefix accepted")
	}
	r, err := artifacts.ParseResult(golden(t, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 || r.Warnings[0].NodeID == nil || *r.Warnings[0].NodeID != "1:2" || len(r.Images) != 1 {
		t.Errorf("result %+v", r)
	}
	// Root is kept byte for byte as it appears in the artifact.
	if !bytes.Contains(golden(t, "result.json"), r.Root) || !bytes.HasPrefix(r.Root, []byte("{")) {
		t.Errorf("root is not the artifact's bytes: %.60s", r.Root)
	}
}

func TestParseResultRefusesDuplicateRefs(t *testing.T) {
	t.Parallel()
	b := golden(t, "result.json")
	img := `{"ref": "img-1", "key": "k/x.png", "mime_type": "image/png", "sha256": "` + strings.Repeat("a", 64) + `", "byte_size": 1, "width": 1, "height": 1}`
	b = bytes.Replace(b, []byte(`"images": [`), []byte(`"images": [`+img+`,`), 1)
	if _, err := artifacts.ParseResult(b); err == nil || !strings.Contains(err.Error(), "repeated ref") {
		t.Errorf("duplicate image ref: %v", err)
	}
}

// TestVerifyCaptureReadsBounded checks the size limit at and just past its edge through the real
// S3 store.
func TestVerifyCaptureReadsBounded(t *testing.T) {
	t.Parallel()
	env := testenv.S3(t)
	body := golden(t, "capture.json")
	prefix := models.PageImportArtifactPrefix("", jobID, 1)
	ctx := context.Background()
	if err := env.Store.Put(ctx, prefix+"capture.json", body, "application/json"); err != nil {
		t.Fatal(err)
	}
	if err := env.Store.Put(ctx, prefix+"screenshot.png", []byte("png"), "image/png"); err != nil {
		t.Fatal(err)
	}
	c, _ := artifacts.ParseCapture(body)
	claim := artifacts.CaptureClaim{PageImportID: jobID, Attempt: 1, Nonce: c.Manifest.Nonce,
		ResultURL: models.S3URI(env.Bucket, prefix+"capture.json"), ScreenshotURL: models.S3URI(env.Bucket, prefix+"screenshot.png"),
		CaptureHash: artifacts.HashHex(body)}
	// claimFor stores b as the object name under the prefix and returns claim pointing at it
	// (under the hash of body, not of b).
	claimFor := func(t *testing.T, name string, b []byte) artifacts.CaptureClaim {
		t.Helper()
		if err := env.Store.Put(ctx, prefix+name, b, "application/json"); err != nil {
			t.Fatal(err)
		}
		c := claim
		c.ResultURL = models.S3URI(env.Bucket, prefix+name)
		return c
	}
	t.Run("OKAtTheLimit", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{CaptureMaxBytes: int64(len(body))})
		if err := v.VerifyCapture(ctx, claim); err != nil {
			t.Errorf("capture of exactly the limit: %v", err)
		}
	})
	t.Run("ErrOneBytePastTheLimit", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{CaptureMaxBytes: int64(len(body)) - 1})
		err := v.VerifyCapture(ctx, claim)
		if !artifacts.IsInvalid(err) || !strings.Contains(artifacts.SafeMessage(err), "exceeds") {
			t.Errorf("capture one byte over the limit: %v", err)
		}
	})
	t.Run("OKAgainAfterAnotherCapture", func(t *testing.T) {
		// The read buffer is reused between verifications: one of a different object, then
		// this one again, must see exactly this one's bytes.
		otherClaim := claimFor(t, "other.json", append([]byte(" "), body...))
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{})
		if err := v.VerifyCapture(ctx, otherClaim); !artifacts.IsInvalid(err) || !strings.Contains(artifacts.SafeMessage(err), "capture_hash does not match") {
			t.Errorf("other capture under this capture's hash: %v", err)
		}
		if err := v.VerifyCapture(ctx, claim); err != nil {
			t.Errorf("the capture after another: %v", err)
		}
	})
	t.Run("ErrCaptureBeforeScreenshot", func(t *testing.T) {
		// The screenshot's HEAD runs beside the capture's read, but its answer comes last, as
		// when the checks ran one after the other.
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{})
		noShot := claim
		noShot.ScreenshotURL = models.S3URI(env.Bucket, prefix+"missing.png")
		wrongHash := noShot
		wrongHash.CaptureHash = artifacts.HashHex([]byte("other"))
		if err := v.VerifyCapture(ctx, wrongHash); !strings.Contains(artifacts.SafeMessage(err), "capture_hash does not match") {
			t.Errorf("wrong hash and missing screenshot: %v", err)
		}
		if err := v.VerifyCapture(ctx, noShot); !strings.Contains(artifacts.SafeMessage(err), "does not match screenshot_url") {
			t.Errorf("screenshot pointer that is not the capture's: %v", err)
		}
	})
	t.Run("ErrHashBeforeParse", func(t *testing.T) {
		// The hash and the parse run side by side, but a wrong hash is the answer even for an
		// object that does not parse, as when the hash was checked first.
		broken := []byte(`{"manifest": [`)
		brokenClaim := claimFor(t, "broken.json", broken)
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{})
		if err := v.VerifyCapture(ctx, brokenClaim); !artifacts.IsInvalid(err) || !strings.Contains(artifacts.SafeMessage(err), "capture_hash does not match") {
			t.Errorf("unparsable capture under another capture's hash: %v", err)
		}
		brokenClaim.CaptureHash = artifacts.HashHex(broken)
		if err := v.VerifyCapture(ctx, brokenClaim); !artifacts.IsInvalid(err) || strings.Contains(artifacts.SafeMessage(err), "capture_hash") {
			t.Errorf("unparsable capture under its own hash: %v, want the parse error", err)
		}
	})
	t.Run("ScreenshotHeadPanicRaisedByTheCaller", func(t *testing.T) {
		// The HEAD runs in a goroutine of its own; its panic must reach the caller (whose
		// recoverer answers 500), not end the process.
		v := artifacts.NewVerifier(sizeHook{env.Store, func(context.Context) (int64, error) { panic("head") }}, "", artifacts.Limits{})
		got := func() (r any) {
			defer func() { r = recover() }()
			_ = v.VerifyCapture(ctx, claim)
			return nil
		}()
		if got != "head" {
			t.Errorf("VerifyCapture panicked with %v, want the HEAD's panic", got)
		}
	})
	t.Run("ErrReturnsAfterTheScreenshotHead", func(t *testing.T) {
		// A capture refused early (here, not found) answers once the HEAD, cancelled, has
		// returned: nothing of the verification outlives it.
		var running atomic.Int32
		v := artifacts.NewVerifier(sizeHook{env.Store, func(ctx context.Context) (int64, error) {
			running.Add(1)
			defer running.Add(-1)
			<-ctx.Done()
			return 0, ctx.Err()
		}}, "", artifacts.Limits{})
		missing := claim
		missing.ResultURL = models.S3URI(env.Bucket, prefix+"missing.json")
		if err := v.VerifyCapture(ctx, missing); !artifacts.IsInvalid(err) || !strings.Contains(artifacts.SafeMessage(err), "not found") {
			t.Errorf("missing capture: %v", err)
		}
		if n := running.Load(); n != 0 {
			t.Errorf("%d screenshot HEAD still running after VerifyCapture returned", n)
		}
	})
	t.Run("ErrKeyPrefixNotHonoured", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "prod/", artifacts.Limits{})
		if err := v.VerifyCapture(ctx, claim); !artifacts.IsInvalid(err) {
			t.Errorf("pointer outside ARTIFACT_KEY_PREFIX: %v", err)
		}
	})
}

// TestParseResultRules: the document-level rules of the result format, each broken once on the
// golden result. Every refusal carries its reason and a message naming the problem.
func TestParseResultRules(t *testing.T) {
	t.Parallel()
	base := string(golden(t, "result.json"))
	replace := func(old, new string) string {
		if !strings.Contains(base, old) {
			t.Fatalf("golden result has no %q", old)
		}
		return strings.Replace(base, old, new, 1)
	}
	for _, tc := range []struct {
		name, doc string
		reason    error
		message   string
	}{
		{"OKNodeIDNull", replace(`"node_id": "1:2"`, `"node_id": null`), nil, ""},
		{"OKNoConvertedAt", replace(`"converted_at": "2026-01-01T00:01:00Z"`, `"converted_at": null`), nil, ""},
		{"ErrUnknownTopLevelMember", replace(`"warnings": [`, `"extra": 1, "warnings": [`), artifacts.ErrMalformed, `unknown member "extra"`},
		{"ErrRepeatedTopLevelMember", replace(`"warnings": [`, `"images": [], "warnings": [`), artifacts.ErrMalformed, `member "images" appears twice`},
		{"ErrNullMember", `{"manifest": {}, "root": {}, "images": [], "warnings": null}`, artifacts.ErrMalformed, `member "warnings" is missing`},
		{"ErrMissingMember", `{"manifest": {}, "root": {}, "warnings": []}`, artifacts.ErrMalformed, `member "images" is missing`},
		{"ErrTrailingData", base + " {}", artifacts.ErrMalformed, "data after the object"},
		{"ErrUnknownFieldInManifest", replace(`"version": 2,`, `"version": 2, "extra": true,`), artifacts.ErrMalformed, `(member "manifest")`},
		{"ErrUnknownFieldInImage", replace(`"width": 1280,`, `"width": 1280, "dpi": 2,`), artifacts.ErrMalformed, `(member "images")`},
		{"ErrUppercaseJobID", replace(`"code2des_id": "01936d3d-1a2b-7c3d-8e4f-5a6b7c8d9e0f"`, `"code2des_id": "01936D3D-1A2B-7C3D-8E4F-5A6B7C8D9E0F"`), artifacts.ErrManifest, "must be job ids"},
		{"ErrNonceWithPadding", replace(`-384TIkElq8"`, `-384TIkElq8="`), artifacts.ErrManifest, "nonce must be"},
		{"ErrAttemptZero", replace(`"attempt": 1,`, `"attempt": 0,`), artifacts.ErrManifest, "attempt must be"},
		{"ErrEmptyWarningMessage", replace(`"message": "font family \"Helvetica Neue\" is not available; used Inter"`, `"message": ""`), artifacts.ErrInvalidEntry, "result warning 0"},
		{"ErrDanglingImageRef", replace(`"imageRef": "img-1"`, `"imageRef": "img-9"`), artifacts.ErrDanglingRef, `imageRef "img-9" of node "1:4" names no entry of images`},
		{"ErrImagePaintNamesAnSVG", replace(`"mime_type": "image/png"`, `"mime_type": "image/svg+xml"`), artifacts.ErrDanglingRef, "names an SVG image"},
		{"ErrUnknownNodeType", replace(`"type": "RECTANGLE"`, `"type": "WIDGET"`), artifacts.ErrInvalidTree, `no known type (got "WIDGET")`},
		{"ErrVersion0", replace(`"version": 2,`, `"version": 0,`), artifacts.ErrManifest, "version must be 1 to 2"},
		{"ErrVersion3", replace(`"version": 2,`, `"version": 3,`), artifacts.ErrManifest, "version must be 1 to 2"},
		{"ErrSegmentsInVersion1", version1Tree(t, replace(`"version": 2,`, `"version": 1,`)), artifacts.ErrInvalidTree, "need result version 2"},
		{"ErrSegmentsOverlap", replace(`"start": 8,`, `"start": 7,`), artifacts.ErrInvalidTree, "inside the segment before it"},
		{"ErrRepeatedMemberInTree", replace(`"id": "1:3",`, `"id": "1:3", "id": "1:4",`), artifacts.ErrInvalidTree, `member "id" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := artifacts.ParseResult([]byte(tc.doc))
			if tc.reason == nil {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			if r != nil || !artifacts.IsInvalid(err) || !errors.Is(err, tc.reason) || !strings.Contains(artifacts.SafeMessage(err), tc.message) {
				t.Errorf("got %v, want reason %v with %q", err, tc.reason, tc.message)
			}
		})
	}
}

// version1Tree returns doc without its top-level version 2 members (styles, variables,
// diagnostics), which are refused in version 1 before the tree is read, so the tree's own
// version rules are what a test of doc meets.
func version1Tree(t *testing.T, doc string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "styles")
	delete(m, "variables")
	delete(m, "diagnostics")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParseResultKeepsRootBytes: Root is the stored value byte for byte (spacing, key order,
// number forms and escapes), so the plugin gets what was validated.
func TestParseResultKeepsRootBytes(t *testing.T) {
	t.Parallel()
	root := `{ "name":"Page \u00e9" , "type" : "FRAME", "id":"1:1", "x":0.50, "y":1e2 }`
	var m map[string]json.RawMessage
	if err := json.Unmarshal(golden(t, "result.json"), &m); err != nil {
		t.Fatal(err)
	}
	doc := `{"manifest": ` + string(m["manifest"]) + `, "root":   ` + root + `  , "images": [], "warnings": []}`
	r, err := artifacts.ParseResult([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Root) != root {
		t.Errorf("root = %s, want the stored bytes %s", r.Root, root)
	}
}

// TestCheckResultAgainstTheClaim: the job-dependent rules, through CheckResult.
func TestCheckResultAgainstTheClaim(t *testing.T) {
	t.Parallel()
	b := golden(t, "result.json")
	r, err := artifacts.ParseResult(b)
	if err != nil {
		t.Fatal(err)
	}
	m := r.Manifest
	claim := artifacts.ResultClaim{Code2DesID: m.Code2DesID, Attempt: 1, Nonce: m.Nonce, PageImportID: m.PageImportID,
		PageImportAttempt: 1, CaptureHash: m.CaptureHash, WarningCount: 1,
		ResultURL: "s3://b/code2des/" + m.Code2DesID + "/attempt-1/result.json"}
	if _, err := artifacts.CheckResult(b, claim, "b", ""); err != nil {
		t.Fatalf("golden result refused: %v", err)
	}
	if key, err := claim.ResultKey("b", ""); err != nil || key != "code2des/"+m.Code2DesID+"/attempt-1/result.json" {
		t.Errorf("ResultKey = %q, %v", key, err)
	}
	for _, tc := range []struct {
		name   string
		change func(c *artifacts.ResultClaim)
		reason error
	}{
		{"ErrOtherNonce", func(c *artifacts.ResultClaim) { c.Nonce += "x" }, artifacts.ErrManifest},
		{"ErrOtherAttempt", func(c *artifacts.ResultClaim) { c.Attempt = 2 }, artifacts.ErrManifest},
		{"ErrOtherCaptureHash", func(c *artifacts.ResultClaim) { c.CaptureHash = strings.Repeat("0", 64) }, artifacts.ErrManifest},
		{"ErrImageUnderAnotherCaptureAttempt", func(c *artifacts.ResultClaim) { c.PageImportAttempt = 2 }, artifacts.ErrOutsidePrefix},
		{"ErrWarningCount", func(c *artifacts.ResultClaim) { c.WarningCount = 0 }, artifacts.ErrWarningCount},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := claim
			tc.change(&c)
			if _, err := artifacts.CheckResult(b, c, "b", ""); !errors.Is(err, tc.reason) {
				t.Errorf("got %v, want %v", err, tc.reason)
			}
		})
	}
	t.Run("ErrResultKeyOutsideTheJob", func(t *testing.T) {
		c := claim
		c.ResultURL = "s3://b/page-imports/" + m.PageImportID + "/attempt-1/result.json"
		if _, err := c.ResultKey("b", ""); !errors.Is(err, artifacts.ErrOutsidePrefix) {
			t.Errorf("got %v", err)
		}
	})
}

// TestParseResultReadsVersion1: a result stored by a worker before styled text (version 1, no
// styledTextSegments) is still read.
func TestParseResultReadsVersion1(t *testing.T) {
	t.Parallel()
	r, err := artifacts.ParseResult(golden(t, "result.v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Manifest.Version != 1 || len(r.ImageRefs) != 1 {
		t.Errorf("version %d, %d image refs; want 1 and 1", r.Manifest.Version, len(r.ImageRefs))
	}
}

// sizeHook is a blob store whose Size (the screenshot's HEAD) is size; the rest is the embedded
// store's.
type sizeHook struct {
	models.BlobStore
	size func(context.Context) (int64, error)
}

func (s sizeHook) Size(ctx context.Context, _ string) (int64, error) { return s.size(ctx) }
