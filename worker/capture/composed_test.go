package capture_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
)

// docNode is a captured node with what the composed-tree checks read.
type docNode struct {
	Type     string            `json:"type"`
	Tag      string            `json:"tag"`
	Text     string            `json:"text"`
	Attrs    map[string]string `json:"attrs"`
	Style    map[string]string `json:"style"`
	Box      struct{ X, Y, Width, Height float64 }
	Children []*docNode `json:"children"`
}

// capturedTree captures html and returns the document's root and the capture.
func capturedTree(t *testing.T, html string) (*docNode, *capture.Page) {
	t.Helper()
	b := mustBrowser(t, true)
	srv := servePages(t, map[string]string{"/page": html})
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	p, err := b.Capture(ctx, capture.PageSpec{URL: srv.URL + "/page", Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1},
		capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: 2 * time.Second, Images: time.Second, Settle: time.Second},
		capture.ChromiumMaxScreenshotHeight)
	if err != nil {
		t.Fatalf("Capture: %v", err)
	}
	var doc struct {
		Root *docNode `json:"root"`
	}
	if err := json.Unmarshal(p.Document, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Root, p
}

// textPath finds the text run text and returns the tags of the elements above it, outermost first,
// and its element parents' nodes.
func textPath(n *docNode, text string, above []*docNode) []*docNode {
	if n.Type == "text" && n.Text == text {
		return above
	}
	for _, c := range n.Children {
		if p := textPath(c, text, append(above[:len(above):len(above)], n)); p != nil {
			return p
		}
	}
	return nil
}

func tags(path []*docNode) string {
	var out []string
	for _, n := range path {
		out = append(out, n.Tag)
	}
	return strings.Join(out, ">")
}

// TestHiddenTextIsNotCaptured lays out text hidden from sighted users in each way a page does it,
// beside near misses that stay visible: only the visible texts reach the capture.
func TestHiddenTextIsNotCaptured(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, html string
		visible    bool
	}{
		{"ClipPathInset50", `<p style="clip-path: inset(50%)">TEXT</p>`, false},
		{"ClipPathCircleZero", `<p style="clip-path: circle(0)">TEXT</p>`, false},
		{"ClipPathEllipseZero", `<p style="clip-path: ellipse(0px 10px)">TEXT</p>`, false},
		{"ClipPathPolygonNoArea", `<p style="clip-path: polygon(0 0, 100% 0, 50% 0)">TEXT</p>`, false},
		{"ClipRectZeroVisuallyHidden", `<span style="position:absolute; width:1px; height:1px; padding:0; margin:-1px; overflow:hidden; clip:rect(0,0,0,0); white-space:nowrap; border:0">TEXT</span>`, false},
		{"ClipRect1px", `<span style="position:absolute; clip:rect(1px 1px 1px 1px)">TEXT</span>`, false},
		{"OnePixelBox", `<div style="position:absolute; width:1px; height:1px; overflow:hidden">TEXT</div>`, false},
		{"OpacityZeroUpTheTree", `<div style="opacity:0"><section><p>TEXT</p></section></div>`, false},
		{"VisibilityHidden", `<p style="visibility:hidden">TEXT</p>`, false},
		{"VisibilityHiddenInherited", `<div style="visibility:hidden"><p><b>TEXT</b></p></div>`, false},
		{"ContentVisibilityHidden", `<div style="content-visibility:hidden"><p>TEXT</p></div>`, false},
		{"OffScreenLeft", `<p style="position:absolute; left:-9999px">TEXT</p>`, false},
		{"OffScreenTop", `<p style="position:absolute; top:-9999px">TEXT</p>`, false},
		{"TextIndentOut", `<p style="text-indent:-9999px">TEXT</p>`, false},
		{"ScrolledOutOfABox", `<div style="height:40px; overflow:hidden"><div style="height:200px"></div><p>TEXT</p></div>`, false},
		{"ClosedDetailsElement", `<details><summary>Open me</summary><p>TEXT</p></details>`, false},
		{"ClosedDetailsText", `<details><summary>Open me</summary>TEXT</details>`, false},
		// Near misses: these stay visible.
		{"Plain", `<p>TEXT</p>`, true},
		{"ClipPathInset10", `<p style="clip-path: inset(10%); line-height:100px">TEXT</p>`, true},
		{"OpacityLow", `<p style="opacity:0.05">TEXT</p>`, true},
		{"VisibleInsideHidden", `<div style="visibility:hidden"><p style="visibility:visible">TEXT</p></div>`, true},
		{"ClippedBoxWithRoom", `<div style="width:300px; height:40px; overflow:hidden"><p style="margin:0">TEXT</p></div>`, true},
		{"FarDownThePage", `<p style="position:absolute; top:3000px">TEXT</p>`, true},
		{"TwoPixelBox", `<div style="position:absolute; width:2px; height:2px; overflow:hidden">TEXT</div>`, true},
		{"ClipRectWithRoom", `<span style="position:absolute; top:0; clip:rect(0 300px 40px 0)">TEXT</span>`, true},
		{"OpenDetails", `<details open><summary>Close me</summary><p>TEXT</p></details>`, true},
		{"ClosedDetailsSummary", `<details><summary>TEXT</summary><p>Hidden</p></details>`, true},
	}
	var page strings.Builder
	page.WriteString(`<!doctype html><html><body>`)
	for _, tc := range cases {
		page.WriteString(`<div style="position:relative; margin:4px">` + strings.ReplaceAll(tc.html, "TEXT", "text-"+tc.name) + `</div>`)
	}
	page.WriteString(`</body></html>`)
	root, p := capturedTree(t, page.String())
	hidden := 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			found := textPath(root, "text-"+tc.name, nil) != nil
			if found != tc.visible {
				t.Errorf("text captured = %v, want %v", found, tc.visible)
			}
		})
		if !tc.visible {
			hidden++
		}
	}
	// A closed details' element content is left out with its element, unread, so never counted;
	// content-visibility and a closed details hide their bare text from layout too, so a browser
	// may give it no box to count; every other hidden text is counted.
	if p.HiddenTexts < hidden-3 || p.HiddenTexts > hidden-1 {
		t.Errorf("%d hidden texts counted, want %d to %d", p.HiddenTexts, hidden-3, hidden-1)
	}
}

// composedPage has a custom element with a shadow root (mode given) holding
// <h3><slot name="title"></slot></h3><p><slot></slot></p> and a named slot with fallback content,
// and light-DOM children for the first two slots and one for no slot at all.
func composedPage(mode string) string {
	return `<!doctype html><html><body>
<report-card><span slot="title">Quarterly report</span><span>Body text</span><span slot="nowhere">Never shown</span></report-card>
<script>
customElements.define("report-card", class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: "` + mode + `" });
    root.innerHTML = "<style>h3 { color: rgb(10, 20, 30); font-size: 30px; } p { color: rgb(40, 50, 60); } footer { font-style: italic; }</style>" +
      "<h3><slot name=\"title\"></slot></h3><p><slot></slot></p><footer><slot name=\"footer\">Fallback footer</slot></footer>";
  }
});
</script></body></html>`
}

// TestComposedTreeIsCaptured: for an open and a closed shadow root, slotted light-DOM texts reach
// the capture at their slots' places (inside the shadow tree's h3 and p) with the shadow tree's
// styles, an unassigned slot shows its fallback content, and a light-DOM child assigned to no
// slot (not drawn) is not captured.
func TestComposedTreeIsCaptured(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"open", "closed"} {
		t.Run(strings.ToUpper(mode[:1])+mode[1:]+"ShadowRoot", func(t *testing.T) {
			t.Parallel()
			root, p := capturedTree(t, composedPage(mode))
			title := textPath(root, "Quarterly report", nil)
			body := textPath(root, "Body text", nil)
			if title == nil || body == nil {
				t.Fatalf("slotted texts missing: title path %q, body path %q", tags(title), tags(body))
			}
			if got := tags(title); !strings.HasSuffix(got, "report-card>h3>slot>span") {
				t.Errorf("title captured under %s, want …report-card>h3>slot>span", got)
			}
			if got := tags(body); !strings.HasSuffix(got, "report-card>p>slot>span") {
				t.Errorf("body captured under %s, want …report-card>p>slot>span", got)
			}
			span := title[len(title)-1]
			if span.Style["color"] != "rgb(10, 20, 30)" || span.Style["font-size"] != "30px" {
				t.Errorf("title span styled %s %s, want the shadow h3's rgb(10, 20, 30) 30px", span.Style["color"], span.Style["font-size"])
			}
			if c := body[len(body)-1].Style["color"]; c != "rgb(40, 50, 60)" {
				t.Errorf("body span colour %s, want the shadow p's rgb(40, 50, 60)", c)
			}
			h3, para := title[len(title)-3], body[len(body)-3]
			if !(h3.Box.Y < para.Box.Y) || h3.Box.Height < 30 {
				t.Errorf("h3 at y=%g (height %g), p at y=%g: want the heading above the paragraph", h3.Box.Y, h3.Box.Height, para.Box.Y)
			}
			if fb := textPath(root, "Fallback footer", nil); fb == nil || !strings.HasSuffix(tags(fb), "footer>slot") {
				t.Errorf("fallback content path %q, want …footer>slot", tags(fb))
			}
			if textPath(root, "Never shown", nil) != nil {
				t.Error("a light-DOM child assigned to no slot was captured")
			}
			wantClosed := 0
			if mode == "closed" {
				wantClosed = 1
			}
			if p.ClosedShadowRoots != wantClosed {
				t.Errorf("%d closed shadow roots registered, want %d", p.ClosedShadowRoots, wantClosed)
			}
		})
	}
}
