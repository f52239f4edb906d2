package corpus_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convertworker"
)

// Pages are the corpus's pages (testdata/fidelity/site/<page>.html), in the table's order.
var Pages = []string{"landing", "pricing", "blog", "form", "docs", "dashboard", "cards", "icons"}

// thresholdsFile holds every page's thresholds: the one file to raise as the converter improves.
const thresholdsFile = "../../../testdata/fidelity/thresholds.json"

var outDir = flag.String("fidelity.out", "", "directory for the side-by-side PNGs and the table (make fidelity: fidelity-out/)")

// Thresholds are one page's floor (and, for the diff ratio, ceiling).
type Thresholds struct {
	MinSSIM          float64 `json:"min_ssim"`
	MaxDiffRatio     float64 `json:"max_diff_ratio"`
	MinTextCoverage  float64 `json:"min_text_coverage"`
	MinImageCoverage float64 `json:"min_image_coverage"`
}

func loadThresholds(t *testing.T) map[string]Thresholds {
	t.Helper()
	return loadThresholdsFile(t, thresholdsFile)
}

// loadThresholdsFile reads a thresholds file: a note and the thresholds by page, nothing else.
func loadThresholdsFile(t *testing.T, path string) map[string]Thresholds {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Note  string                `json:"note"`
		Pages map[string]Thresholds `json:"pages"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f.Pages
}

// row is one page's line of the table.
type row struct {
	page                          string
	ssim, diff, textCov, imageCov float64
	measured                      bool
	warnings                      string
}

func rowOf(r *run) row {
	out := row{page: r.Page}
	if f := r.Result.Fidelity; f != nil {
		out.textCov, out.imageCov = f.TextCoverage, f.ImageCoverage
		if f.SSIM != nil && f.DiffRatio != nil {
			out.measured, out.ssim, out.diff = true, *f.SSIM, *f.DiffRatio
		}
	}
	out.warnings = warningsByCode(r.Result.Warnings)
	return out
}

// warningsByCode is "CODE×n, ..." sorted by code.
func warningsByCode(ws []resultjson.Warning) string {
	n := map[string]int{}
	for _, w := range ws {
		n[w.Code]++
	}
	codes := make([]string, 0, len(n))
	for c := range n {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s×%d", c, n[c])
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func table(rows []row) string {
	var b strings.Builder
	b.WriteString("| page | SSIM | diff % | text coverage | image coverage | warnings by code |\n|---|---|---|---|---|---|\n")
	for _, r := range rows {
		ssim, diff := "not measured", "not measured"
		if r.measured {
			ssim, diff = fmt.Sprintf("%.4f", r.ssim), fmt.Sprintf("%.2f", r.diff*100)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.1f%% | %.1f%% | %s |\n", r.page, ssim, diff, r.textCov*100, r.imageCov*100, r.warnings)
	}
	return b.String()
}

// TestFidelityGate is `make fidelity`: every corpus page through the main job, the table, the
// side-by-side PNGs, and a failure for each page below its thresholds. It runs only when
// FIDELITY_GATE is set (make fidelity, .ci/run), not in `make test`.
func TestFidelityGate(t *testing.T) {
	if os.Getenv("FIDELITY_GATE") == "" {
		t.Skip("the fidelity gate runs with `make fidelity` (FIDELITY_GATE=1)")
	}
	limits := loadThresholds(t)
	p := startPipeline(t)
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var rows []row
	var comps []componentCount
	for _, page := range Pages {
		r := p.runPage(t, page)
		rows = append(rows, p.gatePage(t, r, limits, thresholdsFile))
		comps = append(comps, countComponents(page, r))
	}
	tbl := table(rows)
	fmt.Print("\n" + tbl + "\n")
	fmt.Print("\nComponents (repeated subtrees as one main component and its instances):\n\n" + componentTable(comps) + "\n")
	if *outDir != "" {
		writeFile(t, filepath.Join(*outDir, "table.md"), []byte(tbl))
	}
}

// gatePage is one run's part of a gate: its row of the table, its side-by-side PNG in *outDir
// (named after the run) and a failure for each threshold of limits (read from file) it misses.
func (p *pipeline) gatePage(t *testing.T, r *run, limits map[string]Thresholds, file string) row {
	t.Helper()
	page := r.Page
	rw := rowOf(r)
	if *outDir != "" {
		// The result itself, for reading what the converter made of the page.
		writeFile(t, filepath.Join(*outDir, page+".json"), r.ResultJSON)
		// The web fonts the page loaded, as the conversion worker's self-check hands them over.
		fonts := convertworker.WebFonts(context.Background(), r.Capture, r.Result, func(_ context.Context, key string, _ int64) ([]byte, error) {
			return p.object(t, key), nil
		})
		drawn, err := p.renderer.RenderFonts(context.Background(), r.ResultJSON, r.Images, fonts, r.Result.Fidelity.Scale)
		if err != nil {
			t.Errorf("%s: preview: %v", page, err)
		} else {
			writeFile(t, filepath.Join(*outDir, page+".png"), sideBySide(t, r.Screenshot, drawn.PNG, r.DiffMap))
		}
	}
	lim, ok := limits[page]
	switch {
	case !ok:
		t.Errorf("%s: no thresholds in %s", page, file)
	case !rw.measured:
		t.Errorf("%s: fidelity not measured (%s)", page, rw.warnings)
	default:
		if rw.ssim < lim.MinSSIM {
			t.Errorf("%s: SSIM %.4f below %.4f", page, rw.ssim, lim.MinSSIM)
		}
		if rw.diff > lim.MaxDiffRatio {
			t.Errorf("%s: diff ratio %.4f above %.4f", page, rw.diff, lim.MaxDiffRatio)
		}
		if rw.textCov < lim.MinTextCoverage {
			t.Errorf("%s: text coverage %.4f below %.4f", page, rw.textCov, lim.MinTextCoverage)
		}
		if rw.imageCov < lim.MinImageCoverage {
			t.Errorf("%s: image coverage %.4f below %.4f", page, rw.imageCov, lim.MinImageCoverage)
		}
	}
	return rw
}
