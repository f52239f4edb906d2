package convertworker_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
)

// fixturesDir holds the converter's committed captures (worker/convert/testdata).
const fixturesDir = "../convert/testdata"

// The job the fixtures are converted for (as in worker/convert's golden tests).
const (
	fixturePageImportID = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
	fixtureImportPrefix = "page-imports/" + fixturePageImportID + "/attempt-1/"
	fixtureJobPrefix    = "code2des/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0d/attempt-1/"
)

// fixture is a committed capture (capture.json and its assets).
type fixture struct {
	name    string
	raw     []byte
	capture *capturemodel.Capture
	job     convert.Job
}

func loadFixture(t testing.TB, name string) *fixture {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(fixturesDir, name, "capture.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := capturemodel.Parse(raw, fixturePageImportID)
	if err != nil {
		t.Fatal(err)
	}
	job := convert.Job{Code2DesID: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0d", Attempt: 1, Nonce: "fixture-code2des-nonce",
		PageImportID: fixturePageImportID, CaptureHash: sha256Hex(raw)}
	return &fixture{name: name, raw: raw, capture: c, job: job}
}

// loader reads assets from the fixture's folder, as the worker reads them from S3.
func (f *fixture) loader() convert.AssetLoader {
	return func(_ context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		rel, ok := strings.CutPrefix(a.Key, fixtureImportPrefix)
		if !ok {
			return nil, fmt.Errorf("asset key %q outside the fixture", a.Key)
		}
		b, err := os.ReadFile(filepath.Join(fixturesDir, f.name, filepath.FromSlash(rel)))
		if os.IsNotExist(err) {
			return nil, convert.ErrAssetMissing
		}
		return b, err
	}
}

func (f *fixture) convert(t testing.TB) *convert.Output {
	t.Helper()
	out, err := convert.Convert(context.Background(), f.capture, f.job,
		convert.Options{ImportPrefix: fixtureImportPrefix, JobPrefix: fixtureJobPrefix}, f.loader())
	if err != nil {
		t.Fatalf("convert %s: %v", f.name, err)
	}
	return out
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
