package corpus_test

import (
	"context"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convertworker"
)

// withoutText is a copy of n without its TEXT descendants: what a converter that drops all text
// would have written.
func withoutText(n *resultjson.Node) *resultjson.Node {
	c := *n
	c.Children = nil
	for _, ch := range n.Children {
		if ch.Type != "TEXT" {
			c.Children = append(c.Children, withoutText(ch))
		}
	}
	return &c
}

// TestBrokenConverterScoresWorse runs one corpus page through the main job, then scores the same
// result with every TEXT node dropped through the same self-check: the text coverage falls to 0,
// SSIM falls and the diff ratio rises, each past the page's gate thresholds (paragraphs
// are placed on their line boxes, so missing text differs from text that is there;
// docs/fidelity.md).
func TestBrokenConverterScoresWorse(t *testing.T) {
	p := startPipeline(t)
	r := p.runPage(t, "landing")
	good := r.Result.Fidelity
	if good == nil || good.SSIM == nil || good.DiffRatio == nil {
		t.Fatalf("the page's fidelity was not measured: %+v (warnings %s)", good, warningsByCode(r.Result.Warnings))
	}

	broken := *r.Result
	broken.Fidelity = nil
	broken.Root = withoutText(r.Result.Root)
	raw, err := resultjson.Encode(&broken)
	if err != nil {
		t.Fatal(err)
	}
	out := &convert.Output{JSON: raw, Result: &broken}
	read := func(_ context.Context, key string, _ int64) ([]byte, error) { return p.object(t, key), nil }
	convertworker.SelfCheck(context.Background(), p.renderer, r.Capture, "code2des/broken/attempt-1/", out, read)
	bad := out.Result.Fidelity
	if bad == nil || bad.SSIM == nil || bad.DiffRatio == nil {
		t.Fatalf("the broken result's fidelity was not measured: %+v", bad)
	}
	t.Logf("landing: SSIM %.4f -> %.4f, diff %.2f%% -> %.2f%%, text coverage %.1f%% -> %.1f%%",
		*good.SSIM, *bad.SSIM, *good.DiffRatio*100, *bad.DiffRatio*100, good.TextCoverage*100, bad.TextCoverage*100)
	if good.TextCoverage < 0.98 || bad.TextCoverage != 0 {
		t.Errorf("text coverage %.4f (good), %.4f (broken); want at least 0.98 and 0", good.TextCoverage, bad.TextCoverage)
	}
	if *bad.SSIM > *good.SSIM-0.005 {
		t.Errorf("SSIM %.4f (broken) is not below %.4f (good) by 0.005", *bad.SSIM, *good.SSIM)
	}
	lim := loadThresholds(t)["landing"]
	if bad.TextCoverage >= lim.MinTextCoverage {
		t.Errorf("the broken result passes the landing page's gate: text coverage %.4f, floor %.4f", bad.TextCoverage, lim.MinTextCoverage)
	}
	if *bad.SSIM >= lim.MinSSIM || *bad.DiffRatio <= lim.MaxDiffRatio {
		t.Errorf("the broken result passes the landing page's SSIM or diff gate: SSIM %.4f (floor %.4f), diff %.4f (ceiling %.4f)", *bad.SSIM, lim.MinSSIM, *bad.DiffRatio, lim.MaxDiffRatio)
	}
	if bad.ImageCoverage != good.ImageCoverage {
		t.Errorf("image coverage changed: %.4f -> %.4f", good.ImageCoverage, bad.ImageCoverage)
	}
}
