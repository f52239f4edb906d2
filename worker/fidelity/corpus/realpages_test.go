package corpus_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
)

// realThresholdsFile holds the real pages' thresholds, by run name, in thresholdsFile's format.
const realThresholdsFile = "../../../testdata/fidelity/real/thresholds.json"

// realNotice records each real page's source, commit, licence and local changes.
const realNotice = "../../../testdata/fidelity/real/NOTICE.md"

// The real pages' viewports: a laptop screen for every page, a phone for one.
const (
	desktopWidth, desktopHeight = 1440, 900
	phoneWidth, phoneHeight     = 390, 844
)

// realRun is one run of the real-page gate: a page (a folder of realDir, opened at its
// index.html) in a viewport.
type realRun struct {
	Page          string
	Width, Height int
}

// Name is the run's name in the table, the thresholds file and the PNG's file name: the page,
// with "@<width>" for a viewport other than the desktop one.
func (r realRun) Name() string {
	if r.Width == desktopWidth {
		return r.Page
	}
	return fmt.Sprintf("%s@%d", r.Page, r.Width)
}

// RealPages are the real-page corpus's pages (testdata/fidelity/real/<page>/, NOTICE.md there),
// in the table's order.
var RealPages = []string{
	"bootstrap-dashboard", "bootstrap-album-rtl", "bootstrap-cover", "bulma-admin", "bulma-forum",
	"tailwind-landing", "mdl-dashboard", "mdl-text-only", "mdl-blog", "markdown-article", "typo-cjk", "mdn-grid",
	"pico-preview",
}

// realPhonePage is the real page also run in the phone viewport.
const realPhonePage = "bootstrap-album-rtl"

// realRuns are the real-page gate's runs: every page at the desktop viewport, then
// realPhonePage at the phone's.
func realRuns() []realRun {
	var out []realRun
	for _, p := range RealPages {
		out = append(out, realRun{Page: p, Width: desktopWidth, Height: desktopHeight})
	}
	return append(out, realRun{Page: realPhonePage, Width: phoneWidth, Height: phoneHeight})
}

// realDarkThemes are the real pages with a dark theme, whose results must have the modes Light
// and Dark: markdown-article's prefers-color-scheme block, pico-preview's theme its script
// chooses when the page loads (read from a second load, docs/workers.md "The dark theme").
var realDarkThemes = []string{"markdown-article", "pico-preview"}

// requestLog records the requests of the real-page server that did not succeed, by path.
type requestLog struct {
	mu     sync.Mutex
	failed map[string]int // path -> status
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// wrap serves h and records each request h answers with a status of 400 or more.
func (l *requestLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		if sw.status >= 400 {
			l.mu.Lock()
			if l.failed == nil {
				l.failed = map[string]int{}
			}
			l.failed[r.URL.Path] = sw.status
			l.mu.Unlock()
		}
	})
}

// failedUnder lists the failed requests whose path is under prefix, sorted.
func (l *requestLog) failedUnder(prefix string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for p, status := range l.failed {
		if strings.HasPrefix(p, prefix) {
			out = append(out, fmt.Sprintf("%s (%d)", p, status))
		}
	}
	sort.Strings(out)
	return out
}

// TestRealPagesGate is the real-page half of `make fidelity`: every real page through the main
// job at 1440 px and realPhonePage at 390 px, the table, the side-by-side PNGs, and a failure for
// each run below its thresholds (realThresholdsFile), for any request of the page that the
// loopback server could not answer (a missing vendored file) and for any image the capture
// recorded from outside the page's folder. It runs only when FIDELITY_GATE is set.
func TestRealPagesGate(t *testing.T) {
	if os.Getenv("FIDELITY_GATE") == "" {
		t.Skip("the fidelity gate runs with `make fidelity` (FIDELITY_GATE=1)")
	}
	limits := loadThresholdsFile(t, realThresholdsFile)
	p := startPipeline(t)
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var rows []row
	var grids, flexes []layoutCount
	var comps []componentCount
	var times, faces strings.Builder
	for _, rr := range realRuns() {
		// Each run is a subtest: a job that fails ends that run only, and its row says so.
		rw := row{page: rr.Name(), warnings: "not run (-run names other runs)"}
		start := time.Now()
		t.Run(rr.Name(), func(t *testing.T) {
			rw.warnings = "the run failed (see its errors)"
			r := p.runURL(t, rr.Name(), p.real.URL+"/"+rr.Page+"/index.html", rr.Width, rr.Height)
			rw = p.gatePage(t, r, limits, realThresholdsFile)
			grids = append(grids, countLayouts(rr.Name(), r, layout.GridContainer))
			flexes = append(flexes, countLayouts(rr.Name(), r, flexContainer))
			for _, o := range overlappingTexts(r.Result.Root) {
				t.Errorf("TEXT nodes drawn over each other: %s", o)
			}
			fc := facesNotAsDrawn(r.Capture, r.Result.Root)
			for _, w := range fc.wrong {
				t.Errorf("a run not set in the face the capture drew: %s", w)
			}
			fmt.Fprintf(&faces, "%s %d, ", rr.Name(), fc.checked)
			comps = append(comps, countComponents(rr.Name(), r))
			if failed := p.realLog.failedUnder("/" + rr.Page + "/"); len(failed) > 0 {
				t.Errorf("requests the loopback server could not answer: %s", strings.Join(failed, ", "))
			}
			for _, u := range foreignSources(r, p.real.URL+"/"+rr.Page+"/") {
				t.Errorf("the capture recorded an image from outside the page's folder: %s", u)
			}
			if slices.Contains(realDarkThemes, rr.Page) && (r.Result.Variables == nil || len(r.Result.Variables.Modes) < 2) {
				t.Errorf("the page's dark theme is not in the result (no Light and Dark modes); capture warnings %v", r.Capture.Document.Warnings)
			}
			fmt.Fprintf(&times, "%s %.1fs (%d×%d px compared), ", rr.Name(), time.Since(start).Seconds(),
				r.Result.Fidelity.ComparedWidth, r.Result.Fidelity.ComparedHeight)
		})
		rows = append(rows, rw)
	}
	tbl := table(rows)
	fmt.Print("\n" + tbl + "\n" + strings.TrimSuffix(times.String(), ", ") + "\n")
	fmt.Print("\nText runs checked against the face the capture drew them in: " + strings.TrimSuffix(faces.String(), ", ") + "\n")
	fmt.Print("\nGrid containers (display: grid), by the frame of the same box:\n\n" + layoutTable(grids) + "\n")
	fmt.Print("\nFlex containers (display: flex), by the frame of the same box:\n\n" + layoutTable(flexes) + "\n")
	fmt.Print("\nComponents (repeated subtrees as one main component and its instances):\n\n" + componentTable(comps) + "\n")
	if *outDir != "" {
		writeFile(t, filepath.Join(*outDir, "table-real.md"), []byte(tbl))
	}
}

// foreignSources lists the source URLs of the run's captured and unresolved images that are
// neither inline (empty, data:, blob:) nor under base, the page's folder on the loopback server.
func foreignSources(r *run, base string) []string {
	var urls []string
	for _, a := range r.Capture.Assets {
		urls = append(urls, a.SourceURL)
	}
	for _, u := range append(r.Capture.UnresolvedImages, r.Capture.Document.UnresolvedImages...) {
		urls = append(urls, u.SourceURL)
	}
	var out []string
	for _, u := range urls {
		lower := strings.ToLower(u)
		if u == "" || strings.HasPrefix(lower, "data:") || strings.HasPrefix(lower, "blob:") || strings.HasPrefix(u, base) {
			continue
		}
		out = append(out, u)
	}
	return out
}

// loadedBy are the elements whose URL attributes the browser loads (an <a>'s href is only
// followed when clicked; a <link>'s only for the relations in linkLoads).
var loadedBy = map[string][]string{
	"img": {"src", "srcset"}, "script": {"src"}, "iframe": {"src"}, "frame": {"src"},
	"source": {"src", "srcset"}, "video": {"src", "poster"}, "audio": {"src"}, "track": {"src"},
	"embed": {"src"}, "object": {"data"}, "input": {"src"}, "image": {"href", "xlink:href"},
	"use": {"href", "xlink:href"}, "feimage": {"href", "xlink:href"}, "body": {"background"},
}

// linkLoads are the <link> relations whose href the browser loads.
var linkLoads = map[string]bool{
	"stylesheet": true, "icon": true, "shortcut": true, "apple-touch-icon": true,
	"apple-touch-icon-precomposed": true, "preload": true, "prefetch": true, "modulepreload": true,
	"manifest": true, "mask-icon": true,
}

// cssURL finds url(...) and @import "..." in a style sheet or style attribute.
var cssURL = regexp.MustCompile(`(?i)url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')`)

// offlineProblem says why ref, found in file (a path under the page folder dir), would not be
// served from the page's own folder, or "" when it is: a data URL, a fragment, or a relative
// reference to a file inside dir that exists.
func offlineProblem(dir, file, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(strings.ToLower(ref), "data:") {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return fmt.Sprintf("%q is not a URL", ref)
	}
	if u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/") {
		return fmt.Sprintf("%q leaves the page's folder", ref)
	}
	if u.Path == "" {
		return ""
	}
	target := filepath.Join(filepath.Dir(file), filepath.FromSlash(u.Path))
	if rel, err := filepath.Rel(dir, target); err != nil || strings.HasPrefix(rel, "..") {
		return fmt.Sprintf("%q leaves the page's folder", ref)
	}
	if _, err := os.Stat(target); err != nil {
		return fmt.Sprintf("%q is not in the page's folder", ref)
	}
	return ""
}

// cssRefs are the URLs a style sheet (or style attribute) loads.
func cssRefs(css string) []string {
	var out []string
	for _, m := range cssURL.FindAllStringSubmatch(css, -1) {
		for _, g := range m[1:] {
			if g != "" {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// srcsetURLs are the URLs of a srcset attribute.
func srcsetURLs(v string) []string {
	var out []string
	for _, c := range strings.Split(v, ",") {
		if f := strings.Fields(c); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// htmlRefs are the URLs an HTML document loads: elements' loaded attributes, loading <link>s,
// <style> contents and style attributes.
func htmlRefs(doc []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(doc))
	inStyle := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.TextToken:
			if inStyle {
				out = append(out, cssRefs(string(z.Text()))...)
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "style" {
				inStyle = false
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			name := strings.ToLower(tok.Data)
			if name == "style" {
				inStyle = true
			}
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				key := strings.ToLower(a.Key)
				if a.Namespace != "" {
					key = strings.ToLower(a.Namespace) + ":" + key
				}
				attrs[key] = a.Val
				if key == "style" {
					out = append(out, cssRefs(a.Val)...)
				}
			}
			if name == "link" {
				for _, rel := range strings.Fields(strings.ToLower(attrs["rel"])) {
					if linkLoads[rel] {
						out = append(out, attrs["href"])
						break
					}
				}
			}
			for _, attr := range loadedBy[name] {
				v, ok := attrs[attr]
				if !ok {
					continue
				}
				if attr == "srcset" {
					out = append(out, srcsetURLs(v)...)
				} else {
					out = append(out, v)
				}
			}
		}
	}
}

// TestRealPagesAreOffline checks every real page's HTML and CSS: each URL the browser would load
// (src, loading <link>s, srcset, url() and @import) is a relative reference to a file in the
// page's own folder, so no request of the gate leaves loopback (scripts are checked when the
// gate runs: a request the loopback server cannot answer fails the page). It also checks that
// the folders, RealPages and NOTICE.md name the same pages.
func TestRealPagesAreOffline(t *testing.T) {
	notice, err := os.ReadFile(realNotice)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, page := range RealPages {
		listed[page] = true
		if !bytes.Contains(notice, []byte("## "+page+"\n")) {
			t.Errorf("%s: no section \"## %s\" in %s", page, page, realNotice)
		}
	}
	entries, err := os.ReadDir(realDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "licenses" && !listed[e.Name()] {
			t.Errorf("%s/%s is not in RealPages", realDir, e.Name())
		}
	}
	for _, page := range RealPages {
		dir := filepath.Join(realDir, page)
		if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
			t.Errorf("%s: %v", page, err)
			continue
		}
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			var refs []string
			switch strings.ToLower(filepath.Ext(path)) {
			case ".html":
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				refs = htmlRefs(b)
			case ".css":
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				refs = cssRefs(string(b))
			}
			for _, ref := range refs {
				if msg := offlineProblem(dir, path, ref); msg != "" {
					rel, _ := filepath.Rel(realDir, path)
					t.Errorf("%s: %s", rel, msg)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestOfflineCheckFindsWhatLoads: the offline check's URL finding and judging on known markup.
func TestOfflineCheckFindsWhatLoads(t *testing.T) {
	doc := `<link rel="stylesheet" href="a.css"><link rel="canonical" href="https://x.test/">
<a href="https://x.test/">link</a><img src="i.png" srcset="i1.png 1x, i2.png 2x">
<script src="//cdn.test/s.js"></script><div style="background: url('b.png')"></div>
<style>@import "c.css"; p { background: url(d.png) }</style><svg><use xlink:href="#s"/></svg>`
	got := strings.Join(htmlRefs([]byte(doc)), " ")
	if want := "a.css i.png i1.png i2.png //cdn.test/s.js b.png c.css d.png #s"; got != want {
		t.Errorf("htmlRefs = %q, want %q", got, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "here.png"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "index.html")
	for ref, ok := range map[string]bool{
		"here.png": true, "./here.png?v=1#x": true, "data:image/png;base64,AA": true, "#frag": true,
		"gone.png": false, "../here.png": false, "/here.png": false, "//cdn.test/a.css": false,
		"https://cdn.test/a.css": false,
	} {
		if msg := offlineProblem(dir, file, ref); (msg == "") != ok {
			t.Errorf("offlineProblem(%q) = %q, want ok=%v", ref, msg, ok)
		}
	}
}

// TestForeignSourcesNamesOtherAddresses: captured and unresolved images from the page's own
// folder or inline pass; any other address is listed.
func TestForeignSourcesNamesOtherAddresses(t *testing.T) {
	base := "http://127.0.0.1:1/page/"
	r := &run{Capture: &capturemodel.Capture{
		Assets: []capturemodel.Asset{{SourceURL: base + "a.png"}, {SourceURL: ""}, {SourceURL: "data:image/png;base64,AA"},
			{SourceURL: "https://cdn.test/b.png"}, {SourceURL: "http://127.0.0.1:1/other/c.png"}},
		UnresolvedImages: []capturemodel.UnresolvedImage{{SourceURL: "blob:http://127.0.0.1:1/x"}},
		Document:         capturemodel.Document{UnresolvedImages: []capturemodel.UnresolvedImage{{SourceURL: "https://cdn.test/d.png"}}},
	}}
	got := strings.Join(foreignSources(r, base), " ")
	if want := "https://cdn.test/b.png http://127.0.0.1:1/other/c.png https://cdn.test/d.png"; got != want {
		t.Errorf("foreignSources = %q, want %q", got, want)
	}
}
