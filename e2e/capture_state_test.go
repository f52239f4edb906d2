package e2e_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// importCapture imports path of the test site through the API, requires COMPLETED, and returns
// the stored capture JSON.
func (s *stack) importCapture(t *testing.T, path string) capturetest.Capture {
	t.Helper()
	created := s.createPageImport(t, path, capture.Viewport{Width: 800, Height: 600})
	pi := s.awaitOutcome(t, created.ID)
	if pi.Status != "COMPLETED" || pi.CaptureHash == nil {
		t.Fatalf("Page Import of %s ended %s (error %v); want COMPLETED", path, pi.Status, deref(pi.ErrorMessage))
	}
	raw := s.object(t, "page-imports/"+pi.ID+"/attempt-1/"+capture.CaptureObject)
	c, err := capturetest.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestImportsDoNotShareBrowserState imports the visitor page twice through the API: it leaves a
// cookie, storage items and an IndexedDB database, yet both captures show a first visit that
// found nothing (each capture runs in a browser context of its own).
func TestImportsDoNotShareBrowserState(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	for _, job := range []string{"first import", "second import"} {
		c := s.importCapture(t, capturetest.VisitorPath)
		doc, _ := json.Marshal(c.Document)
		if !bytes.Contains(doc, []byte(`"text":"`+capturetest.FirstVisit+`"`)) || !bytes.Contains(doc, []byte(`"text":"Found: nothing"`)) {
			i := bytes.Index(doc, []byte("Found:"))
			t.Errorf("%s: the capture does not show a first visit that found nothing (%.80s)", job, doc[max(i, 0):])
		}
	}
}

// TestSettledPageThroughAPI imports a page whose hero fades in and slides up over 30 s: the
// stored capture records it at opacity 1 and its resting position, the stored screenshot shows
// it in full colour, and the capture warns that an endless spinner was paused.
func TestSettledPageThroughAPI(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	c := s.importCapture(t, capturetest.SettlePath)

	var hero map[string]any
	var find func(n map[string]any)
	find = func(n map[string]any) {
		if attrs, _ := n["attrs"].(map[string]any); attrs["id"] == "hero" {
			hero = n
		}
		kids, _ := n["children"].([]any)
		for _, k := range kids {
			if m, ok := k.(map[string]any); ok {
				find(m)
			}
		}
	}
	root, _ := c.Document["root"].(map[string]any)
	find(root)
	if hero == nil {
		t.Fatal("the capture has no #hero")
	}
	box, _ := hero["box"].(map[string]any)
	style, _ := hero["style"].(map[string]any)
	if box["y"] != 0.0 || style["opacity"] != nil {
		t.Errorf("#hero recorded at y=%v, opacity %v; want y=0 and opacity 1 (not recorded)", box["y"], style["opacity"])
	}
	var codes []string
	for _, w := range c.Notes.Warnings {
		codes = append(codes, w.Code)
	}
	if !strings.Contains(strings.Join(codes, ","), capture.WarnInfiniteAnimation) || !c.Notes.Diagnostics.Settle.Settled {
		t.Errorf("warnings %v, settle %+v; want %s on a settled page", codes, c.Notes.Diagnostics.Settle, capture.WarnInfiniteAnimation)
	}
	img, err := png.Decode(bytes.NewReader(s.object(t, c.Screenshot.Key)))
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := img.At(700, 2).RGBA()
	if got := (r>>8)<<16 | (g>>8)<<8 | b>>8; got != capturetest.SettleHeroColor {
		t.Errorf("screenshot pixel (700,2) = #%06x, want the hero's #%06x", got, capturetest.SettleHeroColor)
	}
}
