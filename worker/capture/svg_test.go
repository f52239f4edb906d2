package capture_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// iconNode is the part of a captured element the icon checks read.
type iconNode struct {
	Tag   string            `json:"tag"`
	Attrs map[string]string `json:"attrs"`
	Image *struct {
		AssetID string `json:"asset_id"`
	} `json:"image"`
	SVGNotes []struct {
		Code   string `json:"code"`
		Detail string `json:"detail"`
	} `json:"svg_notes"`
	Crop *struct {
		AssetID string `json:"asset_id"`
		Reason  string `json:"reason"`
	} `json:"crop"`
	Mask *struct {
		AssetID string `json:"asset_id"`
		Size    string `json:"size"`
		Color   string `json:"color"`
	} `json:"mask"`
	IconFont *struct {
		Glyphs []struct {
			Which, Text string
		} `json:"glyphs"`
	} `json:"icon_font"`
	Children []json.RawMessage `json:"children"`
}

func iconsByID(t *testing.T, raw json.RawMessage, out map[string]iconNode) {
	t.Helper()
	var n iconNode
	if err := json.Unmarshal(raw, &n); err != nil {
		t.Fatal(err)
	}
	if id := n.Attrs["id"]; id != "" {
		out[id] = n
	}
	for _, c := range n.Children {
		iconsByID(t, c, out)
	}
}

// captureIcons captures a page of the test site and returns its elements by id and the bytes of each asset.
func captureIcons(t *testing.T, id, path string) (map[string]iconNode, map[string][]byte) {
	t.Helper()
	return captureAtScale(t, id, path, 1)
}

// captureAtScale is captureIcons at device scale factor dsf.
func captureAtScale(t *testing.T, id, path string, dsf float64) (map[string]iconNode, map[string][]byte) {
	t.Helper()
	byID, assets, _ := captureWith(t, id, path, dsf)
	return byID, assets
}

// captureWarned is captureIcons that also returns the capture's warnings (document.warnings).
func captureWarned(t *testing.T, id, path string) (map[string]iconNode, map[string][]byte, []capture.CaptureWarning) {
	t.Helper()
	return captureWith(t, id, path, 1)
}

// captureWith is captureWarned at device scale factor dsf.
func captureWith(t *testing.T, id, path string, dsf float64) (map[string]iconNode, map[string][]byte, []capture.CaptureWarning) {
	t.Helper()
	h := newHarness(t, http.StatusOK, true, true)
	h.send(t, h.request(id, path, "", capture.Viewport{Width: 800, Height: 600}, dsf))
	cb := h.run(t, pageCaptureWait)
	if cb.Status != capture.StatusCompleted {
		t.Fatalf("callback status %q (%s), want completed", cb.Status, cb.ErrorMessage)
	}
	raw := h.object(t, "test/page-imports/"+id+"/attempt-1/capture.json")
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, raw) })
	var c struct {
		Document struct {
			Root     json.RawMessage          `json:"root"`
			Warnings []capture.CaptureWarning `json:"warnings"`
		} `json:"document"`
		Assets []capture.Asset `json:"assets"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	byID := map[string]iconNode{}
	iconsByID(t, c.Document.Root, byID)
	assets := map[string][]byte{}
	for _, a := range c.Assets {
		assets[a.ID] = h.object(t, a.Key)
	}
	return byID, assets, c.Document.Warnings
}

// TestInlineSVGSelfContained captures IconsPath: each inline SVG is stored so that it draws
// alone as in the page: currentColor and page CSS as attributes, <use> of same-document and
// external sprite symbols expanded, a shared gradient copied in under per-icon ids; scripts,
// handlers, javascript: links and private addresses left out; an unresolved reference noted;
// an SVG with foreignObject cropped; the hidden sprite sheet not recorded.
func TestInlineSVGSelfContained(t *testing.T) {
	t.Parallel()
	byID, assets := captureIcons(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70", capturetest.IconsPath)
	svg := func(id string) string {
		n, ok := byID[id]
		if !ok || n.Image == nil {
			t.Fatalf("#%s has no image in the capture", id)
		}
		return string(assets[n.Image.AssetID])
	}
	for id, wants := range map[string][]string{
		"circle":    {`<circle cx="8" cy="8" r="8" fill="#ffcc00"/>`, `width="96" height="96" viewBox="0 0 16 16"`},
		"triangle":  {`<g id="c2d2-s" transform="translate(0 0) scale(9.6 9.6)">`, `<path d="M0 0h10v10z"/>`},
		"star-icon": {`fill="#7b2cbf"`},
		"styled":    {`fill="#2a9d8f" stroke="#264653" stroke-width="2"`},
		"labelled":  {`fill="#e76f51" font-size="12" font-weight="700">LABEL</text>`},
		"graded":    {`<linearGradient id="c2d5-grad"`, `fill="url(#c2d5-grad)"`, `stop-color="#ff0000"`},
		"graded2":   {`<linearGradient id="c2d6-grad"`, `fill="url(#c2d6-grad)"`},
		"external":  {`<circle cx="10" cy="10" r="10" fill="#0891b2"/>`, `scale(2.4 2.4)`},
		"unsafe":    {`<rect width="48" height="48" fill="#dc2626"/>`},
	} {
		got := svg(id)
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("#%s is stored as\n%s\nwithout %s", id, got, want)
			}
		}
		for _, bad := range []string{"<use", "<symbol", "currentColor", "<script", "onclick", "onmouseover", "javascript:", "169.254.169.254", "<style", "class="} {
			if strings.Contains(got, bad) {
				t.Errorf("#%s is stored with %q:\n%s", id, bad, got)
			}
		}
	}
	if n := byID["missing"]; len(n.SVGNotes) != 1 || n.SVGNotes[0].Code != "SVG_REFERENCE_UNRESOLVED" || n.SVGNotes[0].Detail != "#no-such-symbol" {
		t.Errorf("#missing notes %+v, want one SVG_REFERENCE_UNRESOLVED of #no-such-symbol", n.SVGNotes)
	}
	f := byID["foreign"]
	if f.Crop == nil || f.Crop.Reason != "svg" {
		t.Fatalf("#foreign crop %+v, want a crop for its foreignObject", f.Crop)
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(assets[f.Crop.AssetID])); err != nil || cfg.Width != 96 || cfg.Height != 48 {
		t.Errorf("#foreign crop is %+v (%v), want a 96x48 PNG", cfg, err)
	}
	inline := 0
	for _, n := range byID {
		if n.Tag == "svg" && n.Image != nil {
			inline++
		}
	}
	if inline != 12 {
		t.Errorf("%d inline SVGs recorded, want 12 (the hidden sprite sheet is not)", inline)
	}
}

// TestIconFactsRecorded captures the icon-font and masked-icon pages: a glyph alone in its
// element is recorded with a crop of the element at the capture's scale (device scale factor 1:
// 48x48 px), a glyph beside text without one; an SVG mask is an asset of the mask image with
// the colour it lets through; a PNG mask gets a crop.
func TestIconFactsRecorded(t *testing.T) {
	t.Parallel()
	byID, assets := captureIcons(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a71", capturetest.IconFontPath)
	for id, want := range map[string]string{"star": "before", "ring": "after", "link": "before", "lig": "text"} {
		n := byID[id]
		if n.IconFont == nil || len(n.IconFont.Glyphs) != 1 || n.IconFont.Glyphs[0].Which != want {
			t.Errorf("#%s icon_font %+v, want one %s glyph", id, n.IconFont, want)
			continue
		}
		if id == "link" {
			if n.Crop != nil {
				t.Errorf("#link (glyph beside text) has crop %+v, want none", n.Crop)
			}
			continue
		}
		if n.Crop == nil || n.Crop.Reason != "glyph" {
			t.Errorf("#%s crop %+v, want a glyph crop", id, n.Crop)
			continue
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(assets[n.Crop.AssetID])); err != nil || cfg.Width != 48 || cfg.Height != 48 {
			t.Errorf("#%s crop is %+v (%v), want a 48x48 PNG", id, cfg, err)
		}
	}

	byID, assets = captureIcons(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a72", capturetest.MasksPath)
	check := byID["check"]
	if check.Mask == nil || check.Mask.Size != "contain" || check.Mask.Color != "rgb(22, 163, 74)" || check.Crop != nil ||
		!strings.Contains(string(assets[check.Mask.AssetID]), `d="M9 16.2`) {
		t.Errorf("#check mask %+v crop %+v, want the SVG mask asset, contain, its green, no crop", check.Mask, check.Crop)
	}
	if r := byID["raster"]; r.Mask == nil || r.Crop == nil || r.Crop.Reason != "mask" {
		t.Errorf("#raster mask %+v crop %+v, want a mask crop", r.Mask, r.Crop)
	}
}
