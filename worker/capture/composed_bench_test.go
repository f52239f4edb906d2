package capture

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchParagraphs is the size of BenchmarkCollect's page.
const benchParagraphs = 500

// BenchmarkCollect measures page.js's DOM read of a page of benchParagraphs paragraphs (each with
// a link and an emphasis, inside a clipping card) in one Chromium, with composed.js installed
// fresh each time (the closed-root search through DOM.getDocument, then the composed-tree walk
// and the hidden-text checks: WithComposedTree) and without it (Baseline, the walk as it was:
// open shadow roots, every text run): the ratio is what the composed tree costs a capture.
//
//	go test -run XXX -bench Collect -benchtime 10x ./worker/capture
func BenchmarkCollect(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<!doctype html><html><body>`)
	for i := range benchParagraphs {
		fmt.Fprintf(&page, `<div style="overflow:hidden; height:60px"><p>Paragraph %d with <a href="#">a link</a> and <em>emphasis</em>.</p></div>`, i)
	}
	page.WriteString(`</body></html>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page.String())
	}))
	defer srv.Close()
	br, err := NewBrowser(BrowserOptions{AllowPrivateNetworks: true})
	if err != nil {
		b.Skipf("Chromium: %v", err)
	}
	defer br.Close()
	browserCtx, err := br.live()
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name     string
		composed bool
		jsOnly   bool
	}{{"Baseline", false, false}, {"WithComposedTree", true, false}, {"ComposedTreeChecksOnly", true, true}} {
		b.Run(bc.name, func(b *testing.B) {
			tab, cancel := chromedp.NewContext(browserCtx)
			defer cancel()
			ctx, cancelT := context.WithTimeout(tab, 5*time.Minute)
			defer cancelT()
			if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
				b.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](pageJS)); err != nil {
				b.Fatal(err)
			}
			expr := fmt.Sprintf("JSON.parse(window.__c2d.collect(%d, %d, %d)).document.node_count", MaxDocumentNodes, MaxDocumentDepth, MaxTextLen)
			if bc.jsOnly {
				if _, err := prepareComposedTree(ctx); err != nil {
					b.Fatal(err)
				}
				expr = "window.__c2dVis.reset() && " + expr
			}
			for b.Loop() {
				if bc.composed && !bc.jsOnly {
					if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("delete window.__c2dVis")); err != nil {
						b.Fatal(err)
					}
					if _, err := prepareComposedTree(ctx); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](expr)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
