package capture_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
	"github.com/code2des/backend/worker/internal/workertest"
)

// Budgets of the hostile pages' worker: small, so each class ends in seconds.
const (
	hostileLoad         = 15 * time.Second
	hostileUnresponsive = 5 * time.Second
	hostileJob          = 60 * time.Second
	// hostileMemoryMiB is the renderer ceiling of the hostile browser: small, so the memory
	// bombs reach it at once, and enough for the 300,000-element page.
	hostileMemoryMiB = 512
	// downloadName is the file name the download page offers.
	downloadName = "c2d-hostile-download.bin"
)

// hostileBrowser is a Chromium of its own with the smallest renderer ceiling, shared by the
// hostile tests and closed by TestMain.
var hostileBrowser struct {
	once sync.Once
	b    *capture.Browser
	err  error
}

func mustHostileBrowser(t *testing.T) *capture.Browser {
	t.Helper()
	mustBrowser(t, true) // skips or fails without Chromium
	hostileBrowser.once.Do(func() {
		hostileBrowser.b, hostileBrowser.err = capture.NewBrowser(capture.BrowserOptions{
			ExecPath: chromiumPath(), AllowPrivateNetworks: true, RendererMemoryMiB: hostileMemoryMiB,
		})
	})
	if hostileBrowser.err != nil {
		t.Fatalf("start hostile browser: %v", hostileBrowser.err)
	}
	return hostileBrowser.b
}

// hostileSite serves small self-made pages, one per class of hostile page, and counts the
// requests of each path.
type hostileSite struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
	// served receives the path of each page as it is served (room for every test's pages).
	served chan string
}

func (s *hostileSite) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func page(body string) string {
	return "<!doctype html><html><head><meta charset=utf-8><title>Hostile</title></head><body>" + body + "</body></html>"
}

func serveHostile(t *testing.T) *hostileSite {
	t.Helper()
	s := &hostileSite{hits: map[string]int{}, served: make(chan string, 64)}
	html := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(page(body)))
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/normal", html(`<h1>Normal page</h1><p>It renders, loads and stays.</p>`))
	// The HTML parser nests at most 512 levels; a script builds deeper trees.
	mux.HandleFunc("/deep", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprintf(w, "%s", page(fmt.Sprintf(`<script>
let p = document.body;
for (let i = 0; i < %d; i++) { const d = document.createElement("div"); d.className = "l" + i; p.appendChild(d); p = d; }
p.textContent = "bottom";
</script>`, n)))
	})
	mux.Handle("/loop-a", html(`<h1>A</h1><script>addEventListener("load", () => { location.href = "/loop-b"; });</script>`))
	mux.Handle("/loop-b", html(`<h1>B</h1><script>addEventListener("load", () => { location.href = "/loop-a"; });</script>`))
	mux.Handle("/reload", html(`<h1>Reloads</h1><script>addEventListener("load", () => location.reload());</script>`))
	mux.Handle("/refresh", html(`<meta http-equiv="refresh" content="0"><h1>Refreshes</h1>`))
	mux.Handle("/bomb", html(`<h1>Bomb</h1><script>
const keep = [];
function grow() { keep.push(new Array(1 << 20).fill(keep.length + 0.5)); setTimeout(grow, 0); }
addEventListener("load", () => setTimeout(grow, 0));
</script>`))
	// A DOM bomb: from load on, a script keeps appending elements (20,000 a task, into a hidden
	// box, so no layout slows it) until the renderer's memory runs out.
	mux.Handle("/dom-bomb", html(`<h1>DOM bomb</h1><div id="heap" hidden></div><script>
const row = "<span data-n=x>grow</span>".repeat(20000);
function grow() { document.getElementById("heap").insertAdjacentHTML("beforeend", row); setTimeout(grow, 0); }
addEventListener("load", () => setTimeout(grow, 0));
</script>`))
	mux.Handle("/spin", html(`<h1>Spins</h1><script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>`))
	// Spins only under the dark preference: its second load, for its script-chosen theme.
	mux.Handle("/dark-spin", html(`<h1>Spins in the dark</h1><script>if (matchMedia("(prefers-color-scheme: dark)").matches) addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>`))
	// Asks for the colour scheme, so it is loaded again for its dark theme (and crashed then).
	mux.Handle("/dark-crash", html(`<h1>Crashes in the dark</h1><script>document.body.dataset.scheme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";</script>`))
	mux.Handle("/closes", html(`<h1>Closes</h1><script>addEventListener("load", () => setTimeout(() => window.close(), 0));</script>`))
	mux.Handle("/crash", html(`<h1>Waits to be crashed</h1>`))
	mux.HandleFunc("/trickle", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!doctype html><html><body><p>"))
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-tick.C:
				_, _ = w.Write([]byte("."))
			}
		}
	})
	mux.HandleFunc("/doc.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		_, _ = w.Write([]byte(minimalPDF))
	})
	mux.HandleFunc("/picture", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(onePixelPNG)
	})
	mux.HandleFunc("/download", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Disposition", `attachment; filename="`+downloadName+`"`)
		_, _ = w.Write([]byte(page("<h1>Saved, not shown</h1>")))
	})
	mux.Handle("/use-bomb", html(useBomb(10, 10)))
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var b strings.Builder
		b.WriteString(`<!doctype html><html><head><title>Huge</title><style>#w{height:500px;overflow:hidden}.r{content-visibility:auto;contain-intrinsic-size:auto 6px;height:6px}.r i{display:inline-block;width:4px;height:4px;margin-right:2px;background:#36c}</style></head><body><div id="w">`)
		// Small boxes in rows of a hundred, each row laid out only when it is near the
		// viewport (content-visibility), in a box no taller than the viewport, so the machine
		// builds the page quickly and there is nothing to scroll; a capture of its first
		// MaxDocumentNodes holds many small nodes.
		for i := range n {
			if i%100 == 0 {
				b.WriteString(`<div class="r">`)
			}
			b.WriteString(`<i></i>`)
			if i%100 == 99 {
				b.WriteString(`</div>`)
			}
		}
		b.WriteString("</div></body></html>")
		_, _ = w.Write([]byte(b.String()))
	})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/favicon.ico" {
			s.mu.Lock()
			s.hits[r.URL.Path]++
			s.mu.Unlock()
			select {
			case s.served <- r.URL.Path:
			default:
			}
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// useBomb is an SVG whose <use> references fan out fan-fold, levels deep: fan^levels rectangles
// from a few hundred bytes.
func useBomb(levels, fan int) string {
	var b strings.Builder
	b.WriteString(`<svg width="200" height="200" xmlns="http://www.w3.org/2000/svg"><defs><rect id="u0" width="1" height="1" fill="red"/>`)
	for l := 1; l <= levels; l++ {
		fmt.Fprintf(&b, `<g id="u%d">`, l)
		for range fan {
			fmt.Fprintf(&b, `<use href="#u%d"/>`, l-1)
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `</defs><use href="#u%d"/></svg><p>After the bomb</p>`, levels)
	return b.String()
}

// minimalPDF is a one-page PDF document.
const minimalPDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
	"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// onePixelPNG is a 1x1 PNG.
var onePixelPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
	0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
	0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
}

// hostileHarness is a worker on the hostile browser with the hostile budgets.
func hostileHarness(t *testing.T, concurrency int) *harness {
	t.Helper()
	h := newHarness(t, http.StatusOK, true, false)
	h.w.Browser = mustHostileBrowser(t)
	h.w.Config.LoadTimeout, h.w.Config.UnresponsiveTimeout = hostileLoad, hostileUnresponsive
	h.w.Config.ReadyTimeout, h.w.Config.JobTimeout, h.w.Config.Concurrency = 20*time.Second, hostileJob, concurrency
	h.w.Config.VisibilityTimeout = 2 * hostileJob
	return h
}

// hostileCase is one class of hostile page and the answer it gets.
type hostileCase struct {
	name, path, ready string
	// status is the callback's; message its error_message and code its error_code (failed) or
	// message the warning expected in the capture (completed: warningCode with message).
	status, message, code, warningCode string
	// orMessage and orCode are the other failure a class may end with, whichever comes first.
	orMessage, orCode string
	// within is the documented bound of the answer, from the message's sending (asserted
	// loosely: the shared machine may be slow).
	within time.Duration
	// A ready selector that never appears keeps the capture waiting for what the page does
	// meanwhile (a bomb growing in small steps, a crash).
	// crash, when set, crashes the page's renderer once it is served for the crash-th time (1:
	// its first load; DevTools Page.crash).
	crash int
	// load, when set, replaces hostileLoad, the unresponsive budget and the job's deadline
	// (a page the machine needs long to lay out: 300,000 elements).
	load time.Duration
	// defaultCeiling renders on the package's shared browser, with the default renderer
	// ceiling (a large page that is no bomb).
	defaultCeiling bool
	// unresponsive, when set, replaces hostileUnresponsive (a bomb's garbage collections near
	// its ceiling may keep the main thread busy before the crash).
	unresponsive time.Duration
	// loads is how many times the page is served: once when 0 (2: loaded again under the dark
	// preference).
	loads int
	// neverServed is a page of the site the hostile one must not reach (a refused navigation).
	neverServed string
	// check looks further at a completed capture.
	check func(t *testing.T, h *harness, c map[string]any, cb capture.CallbackBody)
}

// slack is what the loose bounds allow beyond the documented one on a busy machine.
const slack = 20 * time.Second

// msgCrashed is the error_message of a crashed page (PAGE_CRASHED).
const msgCrashed = "the page crashed; it may use too much memory"

func TestHostilePagesEndFastWithClearAnswers(t *testing.T) {
	t.Parallel()
	for _, tc := range []hostileCase{
		{name: "DeepNesting_Captured", path: "/deep?n=1000", status: capture.StatusCompleted, within: hostileJob,
			check: func(t *testing.T, h *harness, doc map[string]any, _ capture.CallbackBody) {
				if d := nesting(doc["root"]); d != 1002 {
					t.Errorf("recorded nesting %d, want 1002 (html, body, 1,000 divs)", d)
				}
			}},
		{name: "DeepNestingPastLimit_CutWithWarning", path: "/deep?n=" + strconv.Itoa(capture.MaxDocumentDepth-1), status: capture.StatusCompleted,
			warningCode: capture.WarnTooDeep, message: fmt.Sprintf("the page nests elements deeper than %d levels; 1 of them were left out", capture.MaxDocumentDepth), within: hostileJob,
			check: func(t *testing.T, h *harness, doc map[string]any, _ capture.CallbackBody) {
				if d := nesting(doc["root"]); d != capture.MaxDocumentDepth {
					t.Errorf("recorded nesting %d, want %d", d, capture.MaxDocumentDepth)
				}
			}},
		{name: "NavigationLoop_CapturedAsLoaded", path: "/loop-a", neverServed: "/loop-b", status: capture.StatusCompleted, warningCode: capture.WarnNavigationBlocked,
			message: "the page tried to leave its address after it was opened (1 navigations refused: a reload, a redirect by script or a refresh); it was captured as it first loaded", within: hostileJob},
		{name: "MetaRefresh_CapturedAsLoaded", path: "/refresh", status: capture.StatusCompleted, warningCode: capture.WarnNavigationBlocked,
			message: "the page tried to leave its address after it was opened (1 navigations refused: a reload, a redirect by script or a refresh); it was captured as it first loaded", within: hostileJob},
		{name: "ReloadAfterLoad_CapturedAsLoaded", path: "/reload", status: capture.StatusCompleted, warningCode: capture.WarnNavigationBlocked,
			message: "the page tried to leave its address after it was opened (1 navigations refused: a reload, a redirect by script or a refresh); it was captured as it first loaded", within: hostileJob},
		{name: "MemoryBomb_Crashed", path: "/bomb", ready: "#never", unresponsive: hostileLoad - time.Second, status: capture.StatusFailed, message: msgCrashed, code: capture.CodePageCrashed, within: hostileLoad},
		// A DOM bomb grows the renderer's memory (its DOM, not the V8 heap) until the
		// renderer crashes at its ceiling, or the main thread, busy with its garbage
		// collections, stops answering: whichever comes first.
		{name: "DOMBomb_Failed", path: "/dom-bomb", ready: "#never", unresponsive: hostileLoad - time.Second, status: capture.StatusFailed, within: hostileLoad,
			message: msgCrashed, code: capture.CodePageCrashed, orMessage: "the page stopped responding: its scripts kept the browser busy for more than 14s", orCode: capture.CodePageUnresponsive},
		{name: "SpinLoop_Unresponsive", path: "/spin", status: capture.StatusFailed,
			message: "the page stopped responding: its scripts kept the browser busy for more than 5s", code: capture.CodePageUnresponsive, within: hostileLoad},
		// A page that hangs or crashes only when loaded again for its dark theme keeps its light
		// capture.
		{name: "SpinsInTheDark_CapturedLight", path: "/dark-spin", loads: 2, status: capture.StatusCompleted, within: hostileJob, warningCode: capture.WarnDarkThemeUnread,
			message: "the page has a dark theme that could not be read (read the dark theme: load the page under the dark preference: the page stopped responding: its scripts kept the browser busy for more than 5s); the result has its light theme only"},
		{name: "CrashesInTheDark_CapturedLight", path: "/dark-crash", loads: 2, crash: 2, status: capture.StatusCompleted, within: hostileJob, warningCode: capture.WarnDarkThemeUnread,
			message: "the page has a dark theme that could not be read (" + msgCrashed + " while its dark theme was read); the result has its light theme only"},
		{name: "RendererCrash_Failed", path: "/crash", ready: "#never", crash: 1, status: capture.StatusFailed, message: msgCrashed, code: capture.CodePageCrashed, within: hostileLoad},
		// Chromium lets a script close only a window a script opened: the capture goes on.
		{name: "ClosesItself_Captured", path: "/closes", status: capture.StatusCompleted, within: hostileJob},
		{name: "TricklingServer_LoadTimeout", path: "/trickle", status: capture.StatusFailed, message: "the page did not finish loading within 15s", code: capture.CodeLoadTimeout, within: hostileLoad},
		{name: "PDF_Refused", path: "/doc.pdf", status: capture.StatusFailed, message: "the address serves a PDF document, not a web page (HTML, XHTML or SVG)", code: capture.CodeNotAWebPage, within: hostileLoad},
		{name: "Image_Refused", path: "/picture", status: capture.StatusFailed, message: "the address serves an image (image/png), not a web page (HTML, XHTML or SVG)", code: capture.CodeNotAWebPage, within: hostileLoad},
		{name: "Download_Refused", path: "/download", status: capture.StatusFailed, message: "the address starts a download (Content-Disposition: attachment), not a web page", code: capture.CodeNotAWebPage, within: hostileLoad,
			check: func(t *testing.T, h *harness, _ map[string]any, _ capture.CallbackBody) {
				checkNothingDownloaded(t, h.w.Browser)
			}},
		// Chromium expands every <use> instance: the renderer hangs or runs out of memory,
		// whichever comes first.
		{name: "SVGUseBomb_Failed", path: "/use-bomb", status: capture.StatusFailed, within: hostileLoad,
			message: "the page stopped responding: its scripts kept the browser busy for more than 5s", code: capture.CodePageUnresponsive, orMessage: msgCrashed, orCode: capture.CodePageCrashed},
		{name: "HugeDocument_CutWithWarning", path: "/huge?n=300000", load: 90 * time.Second, defaultCeiling: true, status: capture.StatusCompleted, within: 240 * time.Second, check: checkHugeConverts},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			runHostile(t, serveHostile(t), tc)
		})
	}
}

// runHostile sends the hostile page, then a normal one to the same worker (one slot), and checks
// both answers: the hostile page's within its bound, with its message, rendered once, and the
// normal page completed after it.
func runHostile(t *testing.T, site *hostileSite, tc hostileCase) {
	h := hostileHarness(t, 1)
	if tc.unresponsive > 0 {
		h.w.Config.UnresponsiveTimeout = tc.unresponsive
	}
	if tc.defaultCeiling {
		h.w.Browser = mustBrowser(t, true)
	}
	if tc.load > 0 {
		h.w.Config.LoadTimeout, h.w.Config.UnresponsiveTimeout = tc.load, tc.load-time.Second
		h.w.Config.JobTimeout, h.w.Config.VisibilityTimeout = 2*tc.load+hostileJob, 3*(2*tc.load+hostileJob)
	}
	sum := fnv.New64a()
	sum.Write([]byte(tc.name))
	id := fmt.Sprintf("0193a1b2-c3d4-7e5f-8a9b-%012x", sum.Sum64()&(1<<48-1))
	msg := h.request(id, tc.path, tc.ready, capture.Viewport{Width: 800, Height: 600}, 1)
	msg["source_url"] = site.URL + tc.path
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.w.Run(ctx) }()
	stopped := false
	stop := func() {
		if !stopped {
			cancel()
			<-done
			stopped = true
		}
	}
	defer stop()
	start := time.Now()
	h.send(t, msg)
	if tc.crash > 0 {
		go crashWhenServed(t, h.w.Browser, site, strings.SplitN(tc.path, "?", 2)[0], tc.crash)
	}
	cb := h.rc.Wait(t, tc.within+slack+hostileJob)
	elapsed := time.Since(start)
	t.Logf("%s: %s after %s (%q)", tc.name, cb.Status, elapsed.Round(10*time.Millisecond), cb.ErrorMessage)
	if elapsed > tc.within+slack {
		t.Errorf("answered after %s; want within %s (+%s slack)", elapsed, tc.within, slack)
	}
	if cb.PageImportID != id || cb.Status != tc.status {
		t.Fatalf("callback %s %s %q; want %s", cb.PageImportID, cb.Status, cb.ErrorMessage, tc.status)
	}
	if tc.within > h.w.Config.JobTimeout {
		t.Fatalf("the case's bound %s is past the job's deadline %s", tc.within, h.w.Config.JobTimeout)
	}
	switch {
	case tc.status == capture.StatusCompleted:
		if cb.ErrorCode != "" || cb.ErrorMessage != "" {
			t.Errorf("completed callback with error_code %q, error_message %q", cb.ErrorCode, cb.ErrorMessage)
		}
	case cb.ErrorMessage == tc.message && cb.ErrorCode == tc.code:
	case tc.orMessage != "" && cb.ErrorMessage == tc.orMessage && cb.ErrorCode == tc.orCode:
	default:
		t.Errorf("error_code %s, error_message %q; want %s %q", cb.ErrorCode, cb.ErrorMessage, tc.code, tc.message)
	}
	if n, want := site.count(strings.SplitN(tc.path, "?", 2)[0]), max(tc.loads, 1); n != want {
		t.Errorf("%s served %d times, want %d (captured once)", tc.path, n, want)
	}
	if n := site.count(tc.neverServed); tc.neverServed != "" && n != 0 {
		t.Errorf("%s served %d times, want never (the navigation to it refused)", tc.neverServed, n)
	}
	if tc.status == capture.StatusCompleted {
		prefix := "test/page-imports/" + id + "/attempt-1/"
		var c struct {
			Document map[string]any `json:"document"`
		}
		if err := json.Unmarshal(h.object(t, prefix+"capture.json"), &c); err != nil {
			t.Fatal(err)
		}
		checkWarning(t, c.Document, tc.warningCode, tc.message)
		if tc.check != nil {
			tc.check(t, h, c.Document, cb)
		}
	} else if tc.check != nil {
		tc.check(t, h, nil, cb)
	}

	// The worker goes on: a normal page right after completes.
	normalID := "0193a1b2-c3d4-7e5f-8a9b-ffff" + id[len(id)-8:]
	normal := h.request(normalID, "/normal", "", capture.Viewport{Width: 800, Height: 600}, 1)
	normal["source_url"] = site.URL + "/normal"
	h.send(t, normal)
	after := h.rc.Wait(t, hostileJob)
	if after.PageImportID != normalID || after.Status != capture.StatusCompleted {
		t.Errorf("normal page after it: %s %s %q; want completed", after.PageImportID, after.Status, after.ErrorMessage)
	}
	stop() // Run returns once the message in hand is deleted
	if n := workertest.QueueLength(t, h.queue); n != 0 {
		t.Errorf("%d messages left on the queue, want 0 (none left for redelivery)", n)
	}
}

// checkWarning checks that the capture's warnings hold code with message, or none when code is
// empty.
func checkWarning(t *testing.T, doc map[string]any, code, message string) {
	t.Helper()
	ws, _ := doc["warnings"].([]any)
	var got []string
	for _, w := range ws {
		m, _ := w.(map[string]any)
		c, _ := m["code"].(string)
		if c == capture.WarnNotSettled || c == capture.WarnClosedShadowRoots {
			// A busy machine may not settle the page in time, and a huge page may not be searched
			// for closed shadow roots within that step's timeout; both warnings say so.
			continue
		}
		got = append(got, c)
		if c == code && m["message"] != message {
			t.Errorf("warning %s says %q, want %q", code, m["message"], message)
		}
	}
	if code == "" && len(got) > 0 || code != "" && (len(got) != 1 || got[0] != code) {
		t.Errorf("capture warnings %v, want [%s]", got, code)
	}
}

// nesting is the deepest element nesting of a recorded node (the node itself at 1).
func nesting(n any) int {
	deepest := 0
	type frame struct {
		node  any
		depth int
	}
	stack := []frame{{n, 1}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		m, _ := f.node.(map[string]any)
		if m["type"] != "element" {
			continue
		}
		deepest = max(deepest, f.depth)
		kids, _ := m["children"].([]any)
		for _, k := range kids {
			stack = append(stack, frame{k, f.depth + 1})
		}
	}
	return deepest
}

// crashWhenServed crashes the renderer of the tab showing path once the site has served it.
func crashWhenServed(t *testing.T, b *capture.Browser, site *hostileSite, path string, nth int) {
	for p := range site.served {
		if p == path {
			if nth--; nth == 0 {
				break
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The tab shows the page's URL once it commits; the crash waits for that.
	for ctx.Err() == nil {
		n, err := capture.CrashTab(ctx, b, path)
		if err != nil {
			t.Errorf("crash: %v", err)
			return
		}
		if n > 0 {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Errorf("no tab showed %s within 10s", path)
}

// checkNothingDownloaded looks for the download's file in the browser's profile and the
// user's download folder.
func checkNothingDownloaded(t *testing.T, b *capture.Browser) {
	t.Helper()
	home, _ := os.UserHomeDir()
	for _, dir := range []string{capture.ProfileDir(b), filepath.Join(home, "Downloads")} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && strings.Contains(d.Name(), downloadName) {
				t.Errorf("the download was written to %s", path)
			}
			return nil
		})
	}
}

// checkHugeConverts checks the capture of 300,000 elements: cut at MaxDocumentNodes (truncated),
// and converted into a result within MaxResultBytes, with warnings.
func checkHugeConverts(t *testing.T, h *harness, doc map[string]any, cb capture.CallbackBody) {
	t.Helper()
	if doc["truncated"] != true || doc["node_count"] != float64(capture.MaxDocumentNodes) {
		t.Errorf("truncated %v, node_count %v; want true, %d", doc["truncated"], doc["node_count"], capture.MaxDocumentNodes)
	}
	prefix := "test/page-imports/" + cb.PageImportID + "/attempt-1/"
	raw := h.object(t, prefix+"capture.json")
	c, err := capturemodel.Parse(raw, cb.PageImportID)
	if err != nil {
		t.Fatal(err)
	}
	load := func(ctx context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		return nil, errors.New("the huge page has no images")
	}
	out, err := convert.Convert(context.Background(), c, convert.Job{Code2DesID: "0193a1b2-c3d4-7e5f-8a9b-00000000c0de", Attempt: 1,
		Nonce: "n", PageImportID: cb.PageImportID, CaptureHash: cb.CaptureHash}, convert.Options{ImportPrefix: prefix, JobPrefix: "test/code2des/x/attempt-1/"}, load)
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if len(out.JSON) > resultjson.MaxResultBytes {
		t.Errorf("result %d bytes, over %d", len(out.JSON), resultjson.MaxResultBytes)
	}
	codes := map[string]bool{}
	for _, w := range out.Result.Warnings {
		codes[w.Code] = true
	}
	if !codes[warnings.CaptureTruncated] {
		t.Errorf("result warnings %v, want %s", codes, warnings.CaptureTruncated)
	}
	t.Logf("huge page: result %d bytes, warnings %v", len(out.JSON), codes)
}

// TestPageFailureNotRenderedAgain: a job that failed on its page, whose callback the backend did
// not accept (503), is delivered again; the second delivery answers from the failure record
// without rendering the page again.
func TestPageFailureNotRenderedAgain(t *testing.T) {
	t.Parallel()
	site := serveHostile(t)
	h := newHarness(t, http.StatusServiceUnavailable, true, false)
	h.w.Browser = mustHostileBrowser(t)
	const id = "0193a1b2-c3d4-7e5f-8a9b-00000000fa11"
	msg := h.request(id, "/doc.pdf", "", capture.Viewport{Width: 800, Height: 600}, 1)
	msg["source_url"] = site.URL + "/doc.pdf"
	h.send(t, msg)
	const want = "the address serves a PDF document, not a web page (HTML, XHTML or SVG)"
	ctx := context.Background()
	for delivery := 1; delivery <= 2; delivery++ {
		m := receiveNow(t, h)
		if h.w.Handle(ctx, m) {
			t.Fatalf("delivery %d deleted although the callback was refused", delivery)
		}
		calls := h.rc.Calls()
		if len(calls) == 0 {
			t.Fatalf("delivery %d: no callback", delivery)
		}
		if last := calls[len(calls)-1].Body; last.Status != capture.StatusFailed || last.ErrorMessage != want || last.ErrorCode != capture.CodeNotAWebPage {
			t.Errorf("delivery %d: callback %s %s %q, want failed %s %q", delivery, last.Status, last.ErrorCode, last.ErrorMessage, capture.CodeNotAWebPage, want)
		}
		makeVisible(t, h, m)
	}
	if n := site.count("/doc.pdf"); n != 1 {
		t.Errorf("the page was served %d times over two deliveries, want once", n)
	}
	var rec capture.FailureRecord
	if err := json.Unmarshal(h.object(t, "test/page-imports/"+id+"/attempt-1/"+capture.FailureObject), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Code != capture.CodeNotAWebPage || rec.Message != want {
		t.Errorf("failure record %+v, want code %s and the message", rec, capture.CodeNotAWebPage)
	}
}

// TestNormalPageCompletesBesideAHostileOne runs a worker with two slots: a trickling page holds
// one until its load timeout while a normal page sent after it completes in the other; then the
// freed slot takes the next page.
func TestNormalPageCompletesBesideAHostileOne(t *testing.T) {
	t.Parallel()
	site := serveHostile(t)
	h := hostileHarness(t, 2)
	// The trickling page holds its slot for the whole load budget, longer than a normal capture
	// takes on a busy machine.
	h.w.Config.LoadTimeout, h.w.Config.JobTimeout, h.w.Config.VisibilityTimeout = 60*time.Second, 2*hostileJob, 4*hostileJob
	send := func(id, path string) {
		msg := h.request(id, path, "", capture.Viewport{Width: 800, Height: 600}, 1)
		msg["source_url"] = site.URL + path
		h.send(t, msg)
	}
	const hostileID, normalID, nextID = "0193a1b2-c3d4-7e5f-8a9b-0000000b0001", "0193a1b2-c3d4-7e5f-8a9b-0000000b0002", "0193a1b2-c3d4-7e5f-8a9b-0000000b0003"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.w.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	send(hostileID, "/trickle")
	for p := range site.served { // the trickling page holds its slot from here
		if p == "/trickle" {
			break
		}
	}
	send(normalID, "/normal")
	first := h.rc.Wait(t, h.w.Config.LoadTimeout+slack)
	if first.PageImportID != normalID || first.Status != capture.StatusCompleted {
		t.Fatalf("first answer %s %s %q; want the normal page completed while the trickling one loads", first.PageImportID, first.Status, first.ErrorMessage)
	}
	second := h.rc.Wait(t, h.w.Config.LoadTimeout+slack)
	if want := "the page did not finish loading within 1m0s"; second.PageImportID != hostileID || second.ErrorMessage != want || second.ErrorCode != capture.CodeLoadTimeout {
		t.Fatalf("second answer %s %s %q; want the trickling page failed with %q", second.PageImportID, second.Status, second.ErrorMessage, want)
	}
	send(nextID, "/normal")
	if third := h.rc.Wait(t, hostileJob); third.PageImportID != nextID || third.Status != capture.StatusCompleted {
		t.Errorf("next page %s %s %q; want completed in the freed slot", third.PageImportID, third.Status, third.ErrorMessage)
	}
}

// TestRenderersRunUnderTheCeiling reads the data-segment limit (RLIMIT_DATA) of the hostile
// browser's renderers while a capture runs: each is the configured ceiling, so a page past it
// crashes its renderer alone (a bomb in the JavaScript heap meets the V8 limit first:
// MemoryBomb_Crashed).
func TestRenderersRunUnderTheCeiling(t *testing.T) {
	t.Parallel()
	b := mustHostileBrowser(t)
	site := serveHostile(t)
	ctx, cancel := context.WithTimeout(context.Background(), hostileJob)
	defer cancel()
	done := make(chan error, 1)
	go func() { // a capture that waits for a ready selector keeps its renderer running
		_, err := b.Capture(ctx, capture.PageSpec{URL: site.URL + "/crash", Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1, ReadySelector: "#never"},
			capture.Timeouts{Load: hostileLoad, Ready: 30 * time.Second, NetworkIdle: time.Second, Images: time.Second}, capture.ChromiumMaxScreenshotHeight)
		done <- err
	}()
	for p := range site.served {
		if p == "/crash" {
			break
		}
	}
	limits, err := capture.RendererDataLimits(b)
	cancel()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if len(limits) < 2 { // the browser's first tab's and the capture's
		t.Fatalf("renderers %v; want the capture's among them", limits)
	}
	for pid, limit := range limits {
		if limit != hostileMemoryMiB<<20 {
			t.Errorf("renderer %d runs with a data limit of %d bytes, want %d", pid, limit, hostileMemoryMiB<<20)
		}
	}
}
