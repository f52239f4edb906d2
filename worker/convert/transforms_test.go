package convert_test

import (
	"math"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// 2D transforms (docs/conversion.md "Transforms"): the capture records each one's matrix and the
// untransformed boxes; the converter draws the node at its untransformed size with the transform
// as its relativeTransform, and keeps x, y, width and height as the transformed bounding box.
// The capture is made by the capture worker from worker/capture/capturetest/site/transforms.html.

func TestTransformsAsRelativeTransform(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "transforms")
	out := f.convert(t)
	checkGolden(t, "transforms", out.JSON)
	byName := map[string]*resultjson.Node{}
	out.Result.Root.Walk(func(n *resultjson.Node) { byName[n.Name] = n })
	c30 := math.Cos(math.Pi / 6)
	for _, tc := range []struct {
		name   string
		rt     resultjson.Transform
		size   [2]float64 // untransformed
		bounds [4]float64 // x, y, width, height: the transformed bounding box
	}{
		// rotate(30deg) about its centre, at (40, 40) in the stage.
		{"Card", resultjson.Transform{{c30, -0.5, 83.3975}, {0.5, c30, -1.9615}}, [2]float64{200, 120}, [4]float64{23.4, -1.96, 233.21, 203.92}},
		// Inside the card, in the card's untransformed space: rotate(-30deg) about its top left.
		{"Badge", resultjson.Transform{{c30, 0.5, 140}, {-0.5, c30, 60}}, [2]float64{40, 20}, [4]float64{140, 40, 44.64, 37.32}},
		{"Icon", resultjson.Transform{{2, 0, 304}, {0, 2, 44}}, [2]float64{32, 32}, [4]float64{304, 44, 64, 64}},
		{"Banner", resultjson.Transform{{1, -0.36397, 440}, {0, 1, 40}}, [2]float64{240, 60}, [4]float64{418.16, 40, 261.84, 60}},
		{"Origin", resultjson.Transform{{0, -1, 110}, {1, 0, 300}}, [2]float64{100, 50}, [4]float64{60, 300, 50, 100}},
		{"Matrix", resultjson.Transform{{1, -0.3, 342}, {0.2, 0.9, 257}}, [2]float64{120, 80}, [4]float64{318, 257, 144, 96}},
	} {
		n := byName[tc.name]
		if n == nil || n.RelativeTransform == nil || n.UntransformedWidth == nil || n.UntransformedHeight == nil {
			t.Errorf("%s: no transformed node (%+v)", tc.name, n)
			continue
		}
		for i := range tc.rt {
			for j := range tc.rt[i] {
				if math.Abs(n.RelativeTransform[i][j]-tc.rt[i][j]) > 1e-4 {
					t.Errorf("%s: relativeTransform %v, want %v", tc.name, *n.RelativeTransform, tc.rt)
				}
			}
		}
		if got := [2]float64{*n.UntransformedWidth, *n.UntransformedHeight}; got != tc.size {
			t.Errorf("%s: untransformed %v, want %v", tc.name, got, tc.size)
		}
		if got := [4]float64{n.X, n.Y, n.Width, n.Height}; got != tc.bounds {
			t.Errorf("%s: bounds %v, want %v", tc.name, got, tc.bounds)
		}
		if c := codesOn(out.Result.Warnings, n.ID); len(c) != 0 {
			t.Errorf("%s: warnings %v, want none", tc.name, c)
		}
	}
	// The card's text is inside it, in its untransformed space (its padding: 12 px).
	if p := byName["Rotated card"]; p == nil || p.X != 12 || p.Y != 12 || p.RelativeTransform != nil {
		t.Errorf("the card's text %+v, want at (12, 12) in the card, untransformed", p)
	}
	// A translation is exact as its box; a perspective tilt keeps its bounding box and a warning.
	if n := byName["Moved"]; n == nil || n.RelativeTransform != nil || n.X != 540 || n.Y != 270 || len(codesOn(out.Result.Warnings, n.ID)) != 0 {
		t.Errorf("Moved %+v, want at (540, 270), no relativeTransform, no warning", n)
	}
	if n := byName["Box"]; n == nil || n.RelativeTransform != nil || len(codesOn(out.Result.Warnings, n.ID)) != 1 || codesOn(out.Result.Warnings, n.ID)[0] != warnings.Transform {
		t.Errorf("#tilt3d (named Box) %+v, want its bounding box with %s", n, warnings.Transform)
	}
}
