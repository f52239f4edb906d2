package convert_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
)

// update rewrites the golden files of testdata/ from the current converter:
// `go test ./worker/convert -run Golden -update`.
var update = flag.Bool("update", false, "rewrite the golden result files")

// fixtureJob is the Code2Des job the fixtures are converted for.
var fixtureJob = convert.Job{
	Code2DesID: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0d", Attempt: 1, Nonce: "fixture-code2des-nonce",
	PageImportID: fixturePageImportID,
}

const (
	fixtureImportPrefix = "page-imports/" + fixturePageImportID + "/attempt-1/" // importPrefix(fixturePageImportID)
	fixtureJobPrefix    = "code2des/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0d/attempt-1/"
)

// importPrefix is the prefix of the first attempt's capture objects of page import id, as the
// API gives it to the capture worker.
func importPrefix(id string) string { return "page-imports/" + id + "/attempt-1/" }

// fixture is a capture to convert: a committed one (testdata/<name>/capture.json and its assets)
// or one the capture worker just made (its objects by key below the import's prefix).
type fixture struct {
	name    string
	raw     []byte
	capture *capturemodel.Capture
	job     convert.Job
	// objects holds a fresh capture's objects; nil for a committed one, read from testdata/<name>.
	objects map[string][]byte
}

func loadFixture(t testing.TB, name string) *fixture {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name, "capture.json"))
	if err != nil {
		t.Fatal(err)
	}
	return parsedFixture(t, name, fixturePageImportID, raw, nil)
}

// capturedFixture is the capture the capture worker made for page import pageImportID (its
// objects as captureSites returns them), ready to convert.
func capturedFixture(t testing.TB, name, pageImportID string, objects map[string][]byte) *fixture {
	t.Helper()
	return parsedFixture(t, name, pageImportID, objects[capture.CaptureObject], objects)
}

func parsedFixture(t testing.TB, name, pageImportID string, raw []byte, objects map[string][]byte) *fixture {
	t.Helper()
	c, err := capturemodel.Parse(raw, pageImportID)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	job := fixtureJob
	job.PageImportID, job.CaptureHash = pageImportID, sha256Hex(raw)
	return &fixture{name: name, raw: raw, capture: c, job: job, objects: objects}
}

// loader reads assets from the fixture's objects or folder, as the worker reads them from S3.
func (f *fixture) loader() convert.AssetLoader {
	prefix := importPrefix(f.job.PageImportID)
	return func(_ context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		rel, ok := strings.CutPrefix(a.Key, prefix)
		if !ok {
			return nil, fmt.Errorf("asset key %q outside the fixture", a.Key)
		}
		if f.objects != nil {
			b, ok := f.objects[rel]
			if !ok {
				return nil, convert.ErrAssetMissing
			}
			return b, nil
		}
		b, err := os.ReadFile(filepath.Join("testdata", f.name, filepath.FromSlash(rel)))
		if os.IsNotExist(err) {
			return nil, convert.ErrAssetMissing
		}
		return b, err
	}
}

func (f *fixture) convert(t testing.TB) *convert.Output {
	t.Helper()
	out, err := convert.Convert(context.Background(), f.capture, f.job,
		convert.Options{ImportPrefix: importPrefix(f.job.PageImportID), JobPrefix: fixtureJobPrefix}, f.loader())
	if err != nil {
		t.Fatalf("convert %s: %v", f.name, err)
	}
	return out
}

// checkGolden compares the result JSON (indented for review; indenting is reversible) with
// testdata/<name>/result.golden.json, or rewrites it with -update.
func checkGolden(t *testing.T, name string, result []byte) {
	t.Helper()
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, result, "", "  "); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	path := filepath.Join("testdata", name, "result.golden.json")
	if *update {
		if err := os.WriteFile(path, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(pretty.Bytes(), want) {
		t.Errorf("result differs from %s; run with -update and review the diff", path)
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
