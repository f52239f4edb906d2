package convert_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestSlottedShadowContentReachesTheResult captures, in Chromium, a custom element whose closed
// shadow root holds <h3><slot name="title"></slot></h3><p><slot></slot></p>, with light-DOM
// children <span slot="title">Quarterly report</span><span>Body text</span>, and converts the
// capture: both texts are TEXT nodes with the shadow tree's styles (the h3's 30 px bold dark
// blue, the p's 16 px grey), the title above the body.
func TestSlottedShadowContentReachesTheResult(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><body style="font-family: sans-serif">
<report-card><span slot="title">Quarterly report</span><span>Body text</span></report-card>
<script>
customElements.define("report-card", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "closed" }).innerHTML =
      "<style>h3 { color: rgb(10, 20, 130); font-size: 30px; } p { color: rgb(100, 100, 100); }</style>" +
      "<h3><slot name=\"title\"></slot></h3><p><slot></slot></p>";
  }
});
</script></body></html>`)
	}))
	t.Cleanup(srv.Close)
	b, err := capture.NewBrowser(capture.BrowserOptions{AllowPrivateNetworks: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.Capture(ctx, capture.PageSpec{URL: srv.URL, Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1},
		capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: 2 * time.Second, Images: time.Second, Settle: time.Second},
		capture.ChromiumMaxScreenshotHeight)
	if err != nil {
		t.Fatalf("Capture: %v", err)
	}
	c := &capturemodel.Capture{Manifest: capturemodel.CaptureManifest{Kind: capturemodel.CaptureKind, Version: capturemodel.CaptureVersion,
		Viewport: capturemodel.Size{Width: 800, Height: 600}}}
	if err := json.Unmarshal(p.Document, &c.Document); err != nil {
		t.Fatal(err)
	}
	out, err := convert.Convert(ctx, c, convert.Job{Code2DesID: "c", Attempt: 1, Nonce: "n", PageImportID: "p", CaptureHash: "h"},
		convert.Options{ImportPrefix: "page-imports/p/attempt-1/", JobPrefix: "code2des/c/attempt-1/"},
		func(context.Context, capturemodel.Asset, int64) ([]byte, error) { return nil, convert.ErrAssetMissing })
	if err != nil {
		t.Fatal(err)
	}
	type text struct {
		node *resultjson.Node
		y    float64
	}
	texts := map[string]text{}
	var walk func(n *resultjson.Node, y float64)
	walk = func(n *resultjson.Node, y float64) {
		y += n.Y
		if n.Type == "TEXT" {
			texts[n.Characters] = text{n, y}
		}
		for _, ch := range n.Children {
			walk(ch, y)
		}
	}
	walk(out.Result.Root, 0)
	title, okT := texts["Quarterly report"]
	body, okB := texts["Body text"]
	if !okT || !okB {
		t.Fatalf("TEXT nodes for the slotted texts: title %v, body %v; texts %v", okT, okB, texts)
	}
	check := func(name string, tx text, size float64, weight int, r, g, b float64) {
		n := tx.node
		var fills []resultjson.Paint
		if n.Fills != nil {
			fills = *n.Fills
		}
		if n.FontSize != size || n.FontWeight != weight || len(fills) != 1 || fills[0].Color == nil ||
			fmt.Sprintf("%.3f %.3f %.3f", fills[0].Color.R, fills[0].Color.G, fills[0].Color.B) != fmt.Sprintf("%.3f %.3f %.3f", r/255, g/255, b/255) {
			raw, _ := json.Marshal(n)
			t.Errorf("%s: %s; want %gpx weight %d rgb(%g, %g, %g)", name, raw, size, weight, r, g, b)
		}
	}
	check("title", title, 30, 700, 10, 20, 130)
	check("body", body, 16, 400, 100, 100, 100)
	if !(title.y < body.y) {
		t.Errorf("title at y=%g, body at y=%g: want the title above", title.y, body.y)
	}
}
