package artifacts_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/testenv"
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
	t.Run("OKAtTheLimit", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{CaptureMaxBytes: int64(len(body))})
		if _, err := v.VerifyCapture(ctx, claim); err != nil {
			t.Errorf("capture of exactly the limit: %v", err)
		}
	})
	t.Run("ErrOneBytePastTheLimit", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "", artifacts.Limits{CaptureMaxBytes: int64(len(body)) - 1})
		_, err := v.VerifyCapture(ctx, claim)
		if !artifacts.IsInvalid(err) || !strings.Contains(artifacts.SafeMessage(err), "exceeds") {
			t.Errorf("capture one byte over the limit: %v", err)
		}
	})
	t.Run("ErrKeyPrefixNotHonoured", func(t *testing.T) {
		v := artifacts.NewVerifier(env.Store, "prod/", artifacts.Limits{})
		if _, err := v.VerifyCapture(ctx, claim); !artifacts.IsInvalid(err) {
			t.Errorf("pointer outside ARTIFACT_KEY_PREFIX: %v", err)
		}
	})
}
