package capture_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// badInputPage is a page of inputs the capture loses something of: text in a web font whose
// request is never answered (#never), a canvas another origin's image was drawn into (#tainted,
// at %[1]s), and a float (#floated) inside a rotated box (#tilted).
const badInputPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad input</title>
<style>
@font-face { font-family: "Never Loads"; src: url("/never/face.woff2") format("woff2"); }
body { margin: 16px; font-family: sans-serif; }
#never { font-family: "Never Loads", serif; font-size: 20px; }
#tilted { transform: rotate(3deg); width: 400px; border: 1px solid #999; padding: 8px; }
#floated { float: left; width: 80px; height: 60px; background: #2563eb; margin-right: 8px; }
canvas { display: block; width: 64px; height: 64px; }
</style></head><body>
<p id="never">Set in a web font that never loads</p>
<div id="tilted"><div id="floated"></div><p>Text beside a float inside a rotated box, wrapping around it.</p></div>
<canvas id="tainted" width="64" height="64"></canvas>
<script>
const t = document.getElementById("tainted").getContext("2d");
t.fillStyle = "#16a34a"; t.fillRect(0, 0, 64, 64);
const img = new Image();
img.onload = () => t.drawImage(img, 8, 8, 48, 48);
img.src = %[1]q;
</script></body></html>`

// neverAnswer holds a request open until the client goes away (or a minute passes).
func neverAnswer(w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(time.Minute):
	}
}

// TestBadInputCaptured: a web font whose request hangs, a tainted canvas and a float inside a
// transformed box are each captured, within the job's bounds, with what is lost recorded for the
// conversion to warn about on the node (the face's status "loading", a crop for the canvas, the
// float's box); the capture completes.
func TestBadInputCaptured(t *testing.T) {
	t.Parallel()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(capturetest.File(t, "logo.png"))
	}))
	t.Cleanup(other.Close)
	start := time.Now()
	p, doc := captureHTML(t, fmt.Sprintf(badInputPage, other.URL+"/logo.png"), map[string]http.HandlerFunc{"/never/": neverAnswer}, capture.ChromiumMaxScreenshotHeight)
	// The load timeout (10 s here), then the capture's own bounded waits; the worker's job
	// timeout in these tests is 45 s.
	if d := time.Since(start); d > 45*time.Second {
		t.Errorf("the capture took %s", d)
	}
	if w := warningOf(p, capture.WarnNotLoaded); w == nil || p.PendingAtLoad < 1 ||
		!strings.HasPrefix(w.Message, "the page had not finished loading after 10s (") {
		t.Errorf("warning %+v (pending %d), want PAGE_NOT_LOADED after 10s", w, p.PendingAtLoad)
	}
	var face string
	for _, f := range doc.FontFaces {
		if f.Family == "Never Loads" {
			face = f.Status
		}
	}
	if face != "loading" && face != "error" {
		t.Errorf("the never-loading face's status %q, want loading or error (not loaded)", face)
	}
	if findText(doc.Root, "Set in a web font that never loads") == nil {
		t.Error("the text in the never-loading font was not recorded")
	}
	byID, boxes := map[string]iconNode{}, map[string]formNode{}
	iconsByID(t, mustRoot(t, p), byID)
	elementsByID(t, mustRoot(t, p), boxes)
	if c := byID["tainted"]; c.Image != nil || c.Crop == nil || c.Crop.Reason != "canvas-tainted" {
		t.Errorf("#tainted: image %+v crop %+v, want a crop for canvas-tainted", c.Image, c.Crop)
	}
	fl, tilted := boxes["floated"], boxes["tilted"]
	if fl.Box.Width < 80 || fl.Box.Height < 60 || tilted.Style["transform"] == "" {
		t.Errorf("#floated box %+v in #tilted (transform %q), want its rotated 80x60 box's bounds", fl.Box, tilted.Style["transform"])
	}
	if p.Screenshot.Height < 600 || len(p.Screenshot.PNG) == 0 {
		t.Errorf("screenshot %dx%d", p.Screenshot.Width, p.Screenshot.Height)
	}
}

// mustRoot returns the captured document's root element.
func mustRoot(t *testing.T, p *capture.Page) json.RawMessage {
	t.Helper()
	var doc struct {
		Root json.RawMessage `json:"root"`
	}
	if err := json.Unmarshal(p.Document, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Root
}
