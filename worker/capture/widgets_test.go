package capture_test

import (
	"bytes"
	"fmt"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// TestWidgetsCropped captures WidgetsPath at device scale 2: each element the browser draws
// itself (checkbox, radio, range, colour input, video, audio, iframe, progress bar; a range even
// with appearance none, whose thumb the browser draws) is recorded with a crop of its border box
// (reason "widget") at the capture's scale, a checked and an unchecked checkbox's crops differ,
// and a hidden checkbox and one the page draws itself (appearance none) have none.
func TestWidgetsCropped(t *testing.T) {
	t.Parallel()
	byID, assets := captureAtScale(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a8d", capturetest.WidgetsPath, 2)
	for id, size := range map[string][2]int{
		"checked": {20, 20}, "unchecked": {20, 20}, "radio": {20, 20},
		"range": {160, 24}, "color": {48, 32}, "video": {160, 80}, "audio": {240, 40}, "frame": {162, 62},
		"flat-range": {160, 8}, "progress": {160, 12},
	} {
		n := byID[id]
		if n.Crop == nil || n.Crop.Reason != "widget" {
			t.Errorf("#%s: crop %+v, want a crop for widget", id, n.Crop)
			continue
		}
		b, ok := assets[n.Crop.AssetID]
		if !ok {
			t.Errorf("#%s: crop asset %s not stored", id, n.Crop.AssetID)
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Errorf("#%s: %v", id, err)
			continue
		}
		if cfg.Width != 2*size[0] || cfg.Height != 2*size[1] {
			t.Errorf("#%s crop is %dx%d, want its %dx%d box at scale 2", id, cfg.Width, cfg.Height, 2*size[0], 2*size[1])
		}
	}
	checked, unchecked := byID["checked"].Crop, byID["unchecked"].Crop
	if checked != nil && unchecked != nil && bytes.Equal(assets[checked.AssetID], assets[unchecked.AssetID]) {
		t.Error("the checked and the unchecked checkbox have the same crop")
	}
	if n := byID["hidden"]; n.Crop != nil {
		t.Errorf("#hidden: crop %+v, want none (it draws nothing)", n.Crop)
	}
	if n := byID["drawn"]; n.Crop != nil {
		t.Errorf("#drawn: crop %+v, want none (the page draws it: appearance none)", n.Crop)
	}
}

// TestWidgetCropsLimit captures WidgetsLimitPath: of MaxCrops + 1 checkboxes, the first MaxCrops
// (the last of them at the limit) are recorded with a crop, the one past the limit without, and
// the capture warns CROPS_LIMITED counting it (TestCaptureWarnings: none at the limit).
func TestWidgetCropsLimit(t *testing.T) {
	t.Parallel()
	if capture.MaxCrops != 200 {
		t.Fatalf("MaxCrops is %d; widgets-limit.html holds 201 checkboxes", capture.MaxCrops)
	}
	byID, assets, warned := captureWarned(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a8e", capturetest.WidgetsLimitPath)
	for i := 1; i <= capture.MaxCrops; i++ {
		id := fmt.Sprintf("c%d", i)
		if n := byID[id]; n.Crop == nil || len(assets[n.Crop.AssetID]) == 0 {
			t.Errorf("#%s (within the limit): crop %+v, want a stored crop", id, n.Crop)
		}
	}
	if n := byID[fmt.Sprintf("c%d", capture.MaxCrops+1)]; n.Crop != nil {
		t.Errorf("#c%d (past the limit): crop %+v, want none", capture.MaxCrops+1, n.Crop)
	}
	if want := "1 elements drawn from the page's pixels"; !slices.ContainsFunc(warned, func(w capture.CaptureWarning) bool {
		return w.Code == capture.WarnCropsLimited && strings.HasPrefix(w.Message, want)
	}) {
		t.Errorf("capture warnings %+v, want %s %q...", warned, capture.WarnCropsLimited, want)
	}
}
