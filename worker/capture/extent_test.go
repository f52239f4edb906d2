package capture_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
)

// extentDoc is what the page-extent checks read of a captured document.
type extentDoc struct {
	Viewport   struct{ Width, Height float64 } `json:"viewport"`
	ScrollSize struct{ Width, Height float64 } `json:"scroll_size"`
	FontFaces  []struct {
		Family string `json:"family"`
		Status string `json:"status"`
	} `json:"font_faces"`
	Root *docNode `json:"root"`
}

// captureHTML captures html served at /page (beside the handlers of more) at 800x600, scale 1,
// with the screenshot held to maxHeight device px, and returns the page and its document.
func captureHTML(t *testing.T, html string, more map[string]http.HandlerFunc, maxHeight int) (*capture.Page, extentDoc) {
	t.Helper()
	b := mustBrowser(t, true)
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, html)
	})
	for path, h := range more {
		mux.HandleFunc(path, h)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.Capture(ctx, capture.PageSpec{URL: srv.URL + "/page", Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1},
		capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: 2 * time.Second, Images: time.Second, Settle: time.Second},
		maxHeight)
	if err != nil {
		t.Fatalf("Capture: %v", err)
	}
	var doc extentDoc
	if err := json.Unmarshal(p.Document, &doc); err != nil {
		t.Fatal(err)
	}
	return p, doc
}

// findText returns the captured text run whose text is s, or nil.
func findText(n *docNode, s string) *docNode {
	if n == nil {
		return nil
	}
	if n.Type == "text" && strings.TrimSpace(n.Text) == s {
		return n
	}
	for _, c := range n.Children {
		if f := findText(c, s); f != nil {
			return f
		}
	}
	return nil
}

// warningOf returns the capture warning of code, if any.
func warningOf(p *capture.Page, code string) *capture.CaptureWarning {
	for i := range p.Warnings {
		if p.Warnings[i].Code == code {
			return &p.Warnings[i]
		}
	}
	return nil
}

// TestPageWidthIsTheVisitors: a decoration reaching 500 px past the right edge of an 800 px
// viewport widens the page only when the visitor can scroll to it; under overflow-x hidden or
// clip on the body or the root (the viewport's) the page and its screenshot are 800 px wide, and
// the text out there is not recorded as shown.
func TestPageWidthIsTheVisitors(t *testing.T) {
	t.Parallel()
	const deco = `<div style="position:absolute; left:700px; top:40px; width:600px; height:80px; background:#f80"><span style="margin-left:200px">Beyond the edge</span></div><p>Inside</p>`
	for _, tc := range []struct {
		name, html string
		width      float64
		beyond     bool
	}{
		{"BodyOverflowXHidden", `<!doctype html><body style="margin:0; overflow-x:hidden">` + deco, 800, false},
		{"BodyOverflowXClip", `<!doctype html><body style="margin:0; overflow-x:clip">` + deco, 800, false},
		{"RootOverflowXHidden", `<!doctype html><html style="overflow-x:hidden"><body style="margin:0">` + deco, 800, false},
		{"VisibleScrollsSideways", `<!doctype html><body style="margin:0">` + deco, 1300, true},
		{"QuirksModeScrollsSideways", `<body style="margin:0">` + deco, 1300, true},
		{"QuirksModeBodyOverflowXHidden", `<body style="margin:0; overflow-x:hidden">` + deco, 800, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, doc := captureHTML(t, tc.html, nil, capture.ChromiumMaxScreenshotHeight)
			if doc.ScrollSize.Width != tc.width || doc.Viewport.Width != 800 {
				t.Errorf("scroll_size width %v (viewport %v), want %v", doc.ScrollSize.Width, doc.Viewport.Width, tc.width)
			}
			if cfg, err := png.DecodeConfig(bytes.NewReader(p.Screenshot.PNG)); err != nil || cfg.Width != 800 || cfg.Height != 600 {
				t.Errorf("screenshot %dx%d (%v), want 800x600", cfg.Width, cfg.Height, err)
			}
			if findText(doc.Root, "Inside") == nil {
				t.Error("the text inside the viewport was not recorded")
			}
			if got := findText(doc.Root, "Beyond the edge") != nil; got != tc.beyond {
				t.Errorf("text beyond the edge recorded: %v, want %v", got, tc.beyond)
			}
		})
	}
}

// shell is an app shell: the body is the viewport's height and clips, a 48 px header, and main
// scrolls a column of content px whose last line is "Shell bottom".
func shell(content int) string {
	return fmt.Sprintf(`<!doctype html><html><body style="margin:0; height:100vh; overflow:hidden; display:flex; flex-direction:column">
<header style="height:48px; flex:none; background:#333; color:#fff">Header</header>
<main style="flex:1; overflow:auto; min-height:0"><div style="height:%dpx; position:relative; background:linear-gradient(#fff,#abc)">
<p style="margin:0">Shell top</p><p style="position:absolute; bottom:0; margin:0; font-size:12px; line-height:20px">Shell bottom</p></div></main></body></html>`, content)
}

// TestAppShellExpanded: a page whose document does not scroll while its main element does is
// captured with main's whole content (DOM and screenshot), with the warning SCROLLER_EXPANDED.
func TestAppShellExpanded(t *testing.T) {
	t.Parallel()
	p, doc := captureHTML(t, shell(3000), nil, capture.ChromiumMaxScreenshotHeight)
	e := p.Expanded
	if e == nil {
		t.Fatal("the app shell's main was not expanded")
	}
	if e.Element != "<main>" || e.From != 552 || e.To != 3000 || e.Content != 3000 || e.Capped {
		t.Errorf("expansion %+v, want <main> from 552 to 3000 px of 3000, not capped", *e)
	}
	if doc.ScrollSize.Height != 3048 || p.Screenshot.Height != 3048 || p.Screenshot.Capped {
		t.Errorf("page %v px tall, screenshot %d px (capped %v); want 3048 each", doc.ScrollSize.Height, p.Screenshot.Height, p.Screenshot.Capped)
	}
	bottom := findText(doc.Root, "Shell bottom")
	if bottom == nil || bottom.Box.Y < 3028 || bottom.Box.Y+bottom.Box.Height > 3048 {
		t.Errorf("the content's last line %+v, want it recorded on the line at y 3028-3048", bottom)
	}
	w := warningOf(p, capture.WarnScrollerExpanded)
	if want := "the page scrolls inside <main>, not as a document; it was expanded from 552 to 3000 px tall to show its whole content"; w == nil || w.Message != want {
		t.Errorf("warning %+v, want %q", w, want)
	}
}

// TestScrollerExpandedOnlyForAppShells: nothing is expanded when the document scrolls itself, or
// when the element that scrolls covers less than MinScrollerShare of the viewport (a side list,
// a widget); one that covers exactly that share is.
func TestScrollerExpandedOnlyForAppShells(t *testing.T) {
	t.Parallel()
	if capture.MinScrollerShare != 0.25 {
		t.Fatalf("MinScrollerShare is %v; the boxes below are sized for 0.25 of 800x600", capture.MinScrollerShare)
	}
	box := func(w, h int) string {
		return fmt.Sprintf(`<!doctype html><body style="margin:0"><div style="width:%dpx; height:%dpx; overflow:auto"><div style="height:2000px">Tall</div></div></body>`, w, h)
	}
	for _, tc := range []struct {
		name, html string
		expanded   bool
	}{
		{"DocumentScrolls", `<!doctype html><body style="margin:0"><div style="height:2000px"></div><div style="width:800px; height:400px; overflow:auto"><div style="height:2000px">Tall</div></div></body>`, false},
		{"AtMinShare", box(400, 300), true},
		{"BelowMinShare", box(399, 300), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, _ := captureHTML(t, tc.html, nil, capture.ChromiumMaxScreenshotHeight)
			if got := p.Expanded != nil; got != tc.expanded {
				t.Errorf("expanded %v (%+v), want %v", got, p.Expanded, tc.expanded)
			}
			if got := warningOf(p, capture.WarnScrollerExpanded) != nil; got != tc.expanded {
				t.Errorf("warning %v, want %v", got, tc.expanded)
			}
		})
	}
}

// TestInnerScrollerHeldToScreenshotLimit: an app shell's scroller is expanded at most to the
// page height the screenshot limit holds (here 2,000 device px at scale 1): content that ends
// exactly there is shown whole, one pixel more and the scroller is held at the limit (Capped,
// with the warning saying how much is left out), and a scroller 100,000 px tall is captured
// within the job's bounds, never failed.
func TestInnerScrollerHeldToScreenshotLimit(t *testing.T) {
	t.Parallel()
	const limit = 2000
	for _, tc := range []struct {
		name    string
		content int
		capped  bool
		to      float64
	}{
		{"AtLimit", limit - 48, false, limit - 48},
		{"PastLimit", limit - 47, true, limit - 48},
		{"HundredThousandPx", 100000, true, limit - 48},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			p, doc := captureHTML(t, shell(tc.content), nil, limit)
			e := p.Expanded
			if e == nil || e.Capped != tc.capped || e.To != tc.to || e.Content != float64(tc.content) {
				t.Fatalf("expansion %+v, want to %v of %d, capped %v", e, tc.to, tc.content, tc.capped)
			}
			if doc.ScrollSize.Height != limit || p.Screenshot.Height != limit || p.Screenshot.Capped {
				t.Errorf("page %v px tall, screenshot %d px (capped %v); want %d each, uncapped", doc.ScrollSize.Height, p.Screenshot.Height, p.Screenshot.Capped, limit)
			}
			w := warningOf(p, capture.WarnScrollerExpanded)
			if w == nil || strings.Contains(w.Message, "height limit") != tc.capped {
				t.Errorf("warning %+v, want one that names the limit: %v", w, tc.capped)
			}
			if tc.capped {
				if want := fmt.Sprintf("the last %d px of its %d px of content are left out", tc.content-int(tc.to), tc.content); !strings.Contains(w.Message, want) {
					t.Errorf("warning %q, want it to say %q", w.Message, want)
				}
				if tc.content-int(tc.to) > 20 && findText(doc.Root, "Shell bottom") != nil {
					t.Error("the line below the limit was recorded as shown")
				}
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("the capture took %s", d)
			}
		})
	}
}
