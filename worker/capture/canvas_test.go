package capture_test

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// TestCanvasRecorded captures CanvasPath: a canvas the page can read is recorded as a PNG of its
// bitmap (an asset of kind "canvas" at the bitmap's size), up to MaxCanvasPixels; a tainted
// canvas, and one past the limit, as a crop of its content box from the page; a canvas without
// a bitmap as nothing.
func TestCanvasRecorded(t *testing.T) {
	t.Parallel()
	if capture.MaxCanvasPixels != 2048*2048 {
		t.Fatalf("MaxCanvasPixels is %d; canvas.html's #at-limit and #past-limit are sized for 2048x2048", capture.MaxCanvasPixels)
	}
	byID, assets := captureIcons(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a7c", capturetest.CanvasPath)
	pngSize := func(id string, b []byte) (int, int) {
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Errorf("#%s: %v", id, err)
		}
		return cfg.Width, cfg.Height
	}
	for id, want := range map[string][2]int{"chart": {240, 140}, "at-limit": {2048, 2048}} {
		n := byID[id]
		if n.Image == nil || n.Crop != nil {
			t.Errorf("#%s: image %+v crop %+v, want its bitmap and no crop", id, n.Image, n.Crop)
			continue
		}
		if w, h := pngSize(id, assets[n.Image.AssetID]); w != want[0] || h != want[1] {
			t.Errorf("#%s bitmap is %dx%d, want %dx%d", id, w, h, want[0], want[1])
		}
		if len(n.Children) != 0 {
			t.Errorf("#%s: its fallback content was recorded", id)
		}
	}
	for id, reason := range map[string]string{"tainted": "canvas-tainted", "past-limit": "canvas-large"} {
		n := byID[id]
		if n.Image != nil || n.Crop == nil || n.Crop.Reason != reason {
			t.Errorf("#%s: image %+v crop %+v, want a crop for %s", id, n.Image, n.Crop, reason)
			continue
		}
		if w, h := pngSize(id, assets[n.Crop.AssetID]); w != 64 || h != 64 {
			t.Errorf("#%s crop is %dx%d, want its 64x64 content box", id, w, h)
		}
	}
	if n := byID["empty"]; n.Image != nil || n.Crop != nil {
		t.Errorf("#empty: image %+v crop %+v, want nothing", n.Image, n.Crop)
	}
}
