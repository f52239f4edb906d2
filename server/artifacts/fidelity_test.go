package artifacts_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
)

// withFidelity is the golden result with its fidelity member changed by edit (a decoded map).
func withFidelity(t *testing.T, edit func(f map[string]any)) []byte {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal(golden(t, "result.with-fidelity.json"), &r); err != nil {
		t.Fatal(err)
	}
	edit(r["fidelity"].(map[string]any))
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFidelityRules(t *testing.T) {
	t.Parallel()
	r, err := artifacts.ParseResult(golden(t, "result.with-fidelity.json"))
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Fidelity; !f.Measured() || *f.SSIM != 0.9357 || *f.DiffRatio != 0.0248 || f.TextCoverage != 1 || f.DiffMap.Width != 1440 {
		t.Errorf("fidelity %+v", f)
	}
	if r, err := artifacts.ParseResult(golden(t, "result.json")); err != nil || r.Fidelity != nil {
		t.Errorf("a result without fidelity: %+v, %v", r, err)
	}
	if r, err := artifacts.ParseResult(golden(t, "result.fidelity-not-measured.json")); err != nil || r.Fidelity == nil || r.Fidelity.Measured() {
		t.Errorf("a result with coverage only: %+v, %v", r, err)
	}
	diffMap := func(f map[string]any) map[string]any { return f["diff_map"].(map[string]any) }
	cases := []struct {
		name string
		edit func(f map[string]any)
		ok   bool
	}{
		{"NullIsAbsent", nil, true},
		{"SSIMMinusOne", func(f map[string]any) { f["ssim"] = -1 }, true},
		{"SSIMOne", func(f map[string]any) { f["ssim"] = 1 }, true},
		{"SSIMPastOne", func(f map[string]any) { f["ssim"] = 1.0001 }, false},
		{"DiffRatioPastOne", func(f map[string]any) { f["diff_ratio"] = 1.0001 }, false},
		{"ScaleMax", func(f map[string]any) { f["scale"] = artifacts.MaxFidelityScale }, true},
		{"ScalePastMax", func(f map[string]any) { f["scale"] = artifacts.MaxFidelityScale + 0.01 }, false},
		{"DiffThreshold255", func(f map[string]any) { f["diff_threshold"] = 255 }, true},
		{"DiffThreshold256", func(f map[string]any) { f["diff_threshold"] = 256 }, false},
		{"ImageCoveragePastOne", func(f map[string]any) { f["image_coverage"] = 1.5 }, false},
		{"ComparedWidthZero", func(f map[string]any) { f["compared_width"] = 0 }, false},
		{"ComparedHeightMax", func(f map[string]any) { f["compared_height"] = artifacts.MaxComparedSide }, true},
		{"ComparedHeightPastMax", func(f map[string]any) { f["compared_height"] = artifacts.MaxComparedSide + 1 }, false},
		{"DiffMapMaxBytes", func(f map[string]any) { diffMap(f)["byte_size"] = artifacts.MaxDiffMapBytes }, true},
		{"DiffMapPastMaxBytes", func(f map[string]any) { diffMap(f)["byte_size"] = artifacts.MaxDiffMapBytes + 1 }, false},
		{"DiffMapUppercaseHash", func(f map[string]any) { diffMap(f)["sha256"] = strings.Repeat("A", 64) }, false},
		{"DiffMapDotDotKey", func(f map[string]any) { diffMap(f)["key"] = "code2des/../x.png" }, false},
		{"DiffMapUnknownMember", func(f map[string]any) { diffMap(f)["url"] = "x" }, false},
		{"MeasuresWithoutSize", func(f map[string]any) { delete(f, "compared_width") }, false},
		{"NoMeasuresButDiffMap", func(f map[string]any) {
			for _, k := range []string{"ssim", "diff_ratio", "compared_width", "compared_height"} {
				delete(f, k)
			}
		}, false},
		{"RequiredCoverageMissing", func(f map[string]any) { delete(f, "text_coverage") }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b []byte
			if tc.edit == nil {
				var r map[string]any
				_ = json.Unmarshal(golden(t, "result.with-fidelity.json"), &r)
				r["fidelity"] = nil
				b, _ = json.Marshal(r)
			} else {
				b = withFidelity(t, tc.edit)
			}
			_, err := artifacts.ParseResult(b)
			if tc.ok && err != nil {
				t.Errorf("refused: %v", err)
			}
			if !tc.ok && !artifacts.IsInvalid(err) {
				t.Errorf("accepted (%v)", err)
			}
		})
	}
}

// TestFidelityDiffMapUnderTheJob: the diff map must lie under the job's own prefix, not the
// capture's (which result images may use).
func TestFidelityDiffMapUnderTheJob(t *testing.T) {
	t.Parallel()
	b := golden(t, "result.with-fidelity.json")
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
	underCapture := withFidelity(t, func(f map[string]any) {
		f["diff_map"].(map[string]any)["key"] = "page-imports/" + m.PageImportID + "/attempt-1/diff.png"
	})
	if _, err := artifacts.CheckResult(underCapture, claim, "b", ""); !errors.Is(err, artifacts.ErrOutsidePrefix) {
		t.Errorf("a diff map under the capture's prefix: %v, want ErrOutsidePrefix", err)
	}
}
