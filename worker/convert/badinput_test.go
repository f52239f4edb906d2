package convert_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Bad input (docs/conversion.md "Page extent and bad input"): a page that uses every property of
// the audit at once, and a page of manyControls decorated form controls, are each captured by the
// real capture worker within its default job budget and converted within the result's limits.

// manyControls is how many decorated form controls the page of many controls holds.
const manyControls = 10000

// controlKinds are the controls of the page of many controls, in the order they repeat: the
// markup of control i (%[1]d is i, %[2]d a value that varies with it).
var controlKinds = []string{
	`<input type="checkbox" class="c" id="c%[1]d" aria-label="Control %[1]d" checked>`,
	`<input type="checkbox" class="c" id="c%[1]d" aria-label="Control %[1]d">`,
	`<input type="radio" class="c" id="c%[1]d" aria-label="Control %[1]d" name="r%[1]d" checked>`,
	`<input type="range" class="c wide" id="c%[1]d" aria-label="Control %[1]d" value="%[2]d">`,
	`<select class="c wide" id="c%[1]d" aria-label="Control %[1]d"><option>First</option><option selected>Option %[2]d</option></select>`,
	`<input class="c wide" id="c%[1]d" aria-label="Control %[1]d" placeholder="Hint %[2]d">`,
	`<input type="checkbox" class="c toggle" id="c%[1]d" aria-label="Control %[1]d"%[3]s>`,
	`<textarea class="c wide" id="c%[1]d" aria-label="Control %[1]d" placeholder="Note %[2]d"></textarea>`,
}

// manyControlsPage is the page of n decorated controls: each with a background, an outline with
// its offset, a shadow and a transform; the appearance: none toggles draw a ::before knob and an
// ::after mark; text fields show a placeholder in its own colour.
func manyControlsPage(n int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Many controls</title>
<style>
body { margin: 0; padding: 8px; font: 12px/16px Inter, sans-serif; color: #222; background: #fafafa; }
main { display: flex; flex-wrap: wrap; gap: 6px; }
.c { width: 18px; height: 18px; margin: 0; background: linear-gradient(#fff, #dde); outline: 1px dashed #06c;
  outline-offset: 1px; box-shadow: 0 1px 2px rgba(0, 0, 0, .3); transform: rotate(4deg); }
.c:nth-child(3n) { transform: scale(.9); }
.c:nth-child(5n) { transform: skewX(6deg); }
.wide { width: 64px; height: 18px; font-size: 11px; }
.c::placeholder { color: #c00; }
.toggle { appearance: none; position: relative; width: 30px; border-radius: 9px; background: #ccd; }
.toggle::before { content: ""; position: absolute; left: 2px; top: 2px; width: 14px; height: 14px;
  border-radius: 7px; background: #fff; box-shadow: 0 1px 1px rgba(0, 0, 0, .4); }
.toggle:checked { background: #2a7; }
.toggle:checked::before { left: 14px; }
.toggle::after { content: "✓"; position: absolute; right: 3px; top: 0; font-size: 10px; color: #fff; }
</style></head><body><main>
`)
	for i := 1; i <= n; i++ {
		checked := ""
		if i%3 == 0 {
			checked = " checked"
		}
		fmt.Fprintf(&b, controlKinds[(i-1)%len(controlKinds)]+"\n", i, i%100, checked)
	}
	b.WriteString("</main></body></html>\n")
	return b.String()
}

// auditPageParts matches an audit page: its rules after the body's, and its body.
var auditPageParts = regexp.MustCompile(`(?s)<style>body\{[^}]*\}(.*)</style>.*<body>\n(.*)</body>`)

// pageIDs matches an id attribute of an audit page.
var pageIDs = regexp.MustCompile(`id="([^"]+)"`)

// everythingPage is one document holding every audit page of auditSite at once: each page's rules
// and body, each of its ids (and the #id selectors of its rules) prefixed with the page's name (the
// element with id "target" of page p becomes "<p>-target"), each page's body inside a section of its own.
func everythingPage(t *testing.T) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(auditSite, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("audit pages: %v", err)
	}
	var style, body strings.Builder
	for _, f := range files {
		page := strings.TrimSuffix(filepath.Base(f), ".html")
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := auditPageParts.FindSubmatch(raw)
		if m == nil {
			t.Fatalf("%s: no style and body", f)
		}
		ids := pageIDs.FindAllStringSubmatch(string(m[2]), -1)
		rename := func(s string) string {
			for _, id := range ids {
				s = regexp.MustCompile(`#`+regexp.QuoteMeta(id[1])+`\b`).ReplaceAllString(s, "#"+page+"-"+id[1])
			}
			return pageIDs.ReplaceAllString(s, `id="`+page+`-$1"`)
		}
		style.WriteString(rename(string(m[1])) + "\n")
		fmt.Fprintf(&body, "<section id=%q>\n%s</section>\n", "p-"+page, rename(string(m[2])))
	}
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Everything</title>
<style>body{margin:0;padding:20px;font:16px/24px Inter,sans-serif;color:#222;background:#fff} section{margin:8px 0}
` + style.String() + `</style></head>
<body>
` + body.String() + `</body></html>
`
}

// TestBadInputPagesConvert captures the page of everything and the page of manyControls
// controls with the capture worker's default job budget (captureJobTimeout) and converts them:
// both captures complete, each capture and result is within the limits the backend reads them
// with, and the warnings are on the right nodes: on the page of everything each audit row's
// warning on its target; on the page of many controls the first MaxCrops native controls drawn
// from their crops (ELEMENT_RASTERIZED), the next without one (a placeholder,
// UNSUPPORTED_ELEMENT), the crop limit's warning counting the controls past it, the result
// trimmed to its size limit saying how many nodes it kept, and the warnings cut at MaxWarnings
// with the last one counting the rest.
func TestBadInputPagesConvert(t *testing.T) {
	dir := t.TempDir()
	for _, src := range []string{"brand-regular.ttf", "icon.svg", "pattern.png", "photo.jpg"} {
		b, err := os.ReadFile(filepath.Join(auditSite, src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, src), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const everything, controls = "/everything.html", "/controls.html"
	pages := map[string]string{everything: everythingPage(t), controls: manyControlsPage(manyControls)}
	ids := map[string]string{}
	for path, html := range pages {
		if err := os.WriteFile(filepath.Join(dir, path), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		ids[path] = uuid.Must(uuid.NewV7()).String()
	}
	start := time.Now()
	captured := captureSites(t, dir, ids)
	t.Logf("both pages captured in %s", time.Since(start).Round(time.Millisecond))
	results := map[string]*convert.Output{}
	for path, id := range ids {
		raw := captured[path][capture.CaptureObject]
		if len(raw) > int(artifacts.DefaultCaptureMaxBytes) {
			t.Errorf("%s: capture JSON of %d bytes, over the backend's %d", path, len(raw), artifacts.DefaultCaptureMaxBytes)
		}
		out := capturedFixture(t, path, id, captured[path]).convert(t)
		checkResultLimits(t, path, id, raw, out)
		results[path] = out
		t.Logf("%s: capture %d bytes, result %d bytes, %d warnings", path, len(raw), len(out.JSON), len(out.Result.Warnings))
	}
	t.Run("Everything", func(t *testing.T) { checkEverything(t, results[everything].Result) })
	t.Run("ManyControls", func(t *testing.T) { checkManyControls(t, results[controls].Result) })
}

// checkResultLimits holds a conversion's result to the rules the backend reads it with
// (server/artifacts CheckResult: its size, node, depth and warning limits, the identity of the
// job and its capture, every image key in scope, the warning count).
func checkResultLimits(t *testing.T, path, pageImportID string, captureRaw []byte, out *convert.Output) {
	t.Helper()
	if len(out.JSON) > resultjson.MaxResultBytes {
		t.Errorf("%s: result of %d bytes, over %d", path, len(out.JSON), resultjson.MaxResultBytes)
	}
	_, err := artifacts.CheckResult(out.JSON, artifacts.ResultClaim{
		Code2DesID: fixtureJob.Code2DesID, Attempt: fixtureJob.Attempt, Nonce: fixtureJob.Nonce,
		PageImportID: pageImportID, PageImportAttempt: 1, CaptureHash: sha256Hex(captureRaw),
		WarningCount: len(out.Result.Warnings),
	}, "code2des-artifacts", "")
	if err != nil {
		t.Errorf("%s: the backend refuses the result: %v (cause: %v)", path, err, errCause(err))
	}
}

// checkEverything checks the page of everything: every warning names a node of the tree, no node
// carries two warnings that contradict each other, and each audit row that names a warning code
// has it on its page's target (where the target's name can be told: an id with digits names no
// layer) or, failing that, somewhere below the root.
func checkEverything(t *testing.T, r *resultjson.Result) {
	checkWarnedNodes(t, r)
	for _, row := range readAuditTable(t) {
		if row.code == "" {
			continue
		}
		check := auditChecks[row.page]
		target := everythingTarget(row.page, check.target)
		var n *resultjson.Node
		if target != "" {
			n = auditTarget(r.Root, target)
		}
		if n != nil {
			if on := warningsOn(r.Warnings, n.ID); !slices.ContainsFunc(on, func(w string) bool { return strings.HasPrefix(w, row.code+": ") }) {
				t.Errorf("%s: node %s %q has warnings %v, want %s", row.page, n.ID, n.Name, on, row.code)
			}
			continue
		}
		if !slices.ContainsFunc(r.Warnings, func(w resultjson.Warning) bool { return w.Code == row.code && *w.NodeID != r.Root.ID }) {
			t.Errorf("%s: no %s warning on a node (target %q not found)", row.page, row.code, target)
		}
	}
}

// everythingTarget is the name of an audit check's target on the page of everything, where the
// element with id "target" of page p has the id "<p>-target" (its layer named after the id's
// words); "" when it cannot be told (no node, or an id with digits, which names no layer).
func everythingTarget(p, target string) string {
	id := p + "-target"
	switch {
	case target == "none" || strings.ContainsAny(p, "0123456789"):
		return ""
	case strings.HasPrefix(target, "text:"):
		return target
	case strings.HasPrefix(target, "Target"):
		return strings.ToUpper(id[:1]) + strings.ReplaceAll(id[1:], "-", " ") + strings.TrimPrefix(target, "Target")
	}
	return ""
}

// limitWarnings are the page-wide warnings of the result's own limits.
var limitWarnings = []string{warnings.Truncated, warnings.ResultTrimmed, warnings.NodeLimit}

// checkWarnedNodes checks that every warning names a node of the tree (page-wide ones the root:
// only the capture's and limitWarnings), and that no node carries two warnings that
// contradict each other.
func checkWarnedNodes(t *testing.T, r *resultjson.Result) {
	t.Helper()
	ids := map[string]bool{}
	r.Root.Walk(func(n *resultjson.Node) { ids[n.ID] = true })
	byNode := map[string][]string{}
	for _, w := range r.Warnings {
		switch {
		case w.NodeID == nil || !ids[*w.NodeID]:
			t.Errorf("warning %s names no node of the tree: %s", w.Code, w.Message)
		case *w.NodeID == r.Root.ID && !strings.HasPrefix(w.Code, convert.CaptureWarningPrefix) && !slices.Contains(limitWarnings, w.Code):
			t.Errorf("warning %s names the page, not the node that shows it: %s", w.Code, w.Message)
		default:
			byNode[*w.NodeID] = append(byNode[*w.NodeID], w.Code)
		}
	}
	for id, codes := range byNode {
		for _, pair := range contradicting {
			if slices.Contains(codes, pair[0]) && slices.Contains(codes, pair[1]) {
				t.Errorf("node %s has both %s and %s", id, pair[0], pair[1])
			}
		}
	}
}

// nativeControlKinds is how many kinds of controlKinds, the first ones, the browser draws itself
// (checkboxes, a radio, a range): each asks the capture for a crop.
const nativeControlKinds = 4

// nthNativeControl is the number (its id c<n>) of the k-th control (from 1) of the page of many
// controls that the browser draws itself.
func nthNativeControl(k int) int {
	return (k-1)/nativeControlKinds*len(controlKinds) + (k-1)%nativeControlKinds + 1
}

// controlNode finds the node of control i of the page of many controls, named after its
// aria-label ("Control <i>", after its class: "C / Control <i>", or "Control <i> (placeholder)").
func controlNode(root *resultjson.Node, i int) *resultjson.Node {
	label := fmt.Sprintf("Control %d", i)
	var found *resultjson.Node
	root.Walk(func(n *resultjson.Node) {
		if found == nil && (strings.HasSuffix(n.Name, "/ "+label) || n.Name == label+" (placeholder)") {
			found = n
		}
	})
	return found
}

// checkManyControls checks the page of many controls (TestBadInputPagesConvert): the crops at and
// just past MaxCrops, the crop limit's warning, the trimmed result and the cut warnings.
func checkManyControls(t *testing.T, r *resultjson.Result) {
	checkWarnedNodes(t, r)
	native := manyControls / len(controlKinds) * nativeControlKinds
	over := native - capture.MaxCrops
	want := fmt.Sprintf("%d elements drawn from the page's pixels", over)
	if !slices.ContainsFunc(r.Warnings, func(w resultjson.Warning) bool {
		return w.Code == convert.CaptureWarningPrefix+capture.WarnCropsLimited && *w.NodeID == r.Root.ID && strings.HasPrefix(w.Message, want)
	}) {
		t.Errorf("no page-wide %s%s %q... (page-wide: %v)", convert.CaptureWarningPrefix, capture.WarnCropsLimited, want, warningsOn(r.Warnings, r.Root.ID))
	}
	for k, code := range map[int]string{1: warnings.ElementRasterized, capture.MaxCrops: warnings.ElementRasterized, capture.MaxCrops + 1: warnings.UnsupportedElement} {
		i := nthNativeControl(k)
		n := controlNode(r.Root, i)
		if n == nil {
			t.Errorf("no node of control %d (native control %d)", i, k)
			continue
		}
		if on := codesOn(r.Warnings, n.ID); !slices.Contains(on, code) {
			t.Errorf("control %d (native control %d) %s %q: warnings %v, want %s", i, k, n.ID, n.Name, on, code)
		}
	}
	// The page is larger than one result holds: the first nodes are kept, the limit says how many.
	if !slices.ContainsFunc(r.Warnings, func(w resultjson.Warning) bool {
		return w.Code == warnings.ResultTrimmed && regexp.MustCompile(`its first \d+ of \d+ nodes were kept`).MatchString(w.Message)
	}) {
		t.Errorf("no %s counting the nodes kept", warnings.ResultTrimmed)
	}
	if len(r.Warnings) != resultjson.MaxWarnings {
		t.Fatalf("%d warnings, want the page's many cut at %d", len(r.Warnings), resultjson.MaxWarnings)
	}
	last := r.Warnings[len(r.Warnings)-1]
	var left int
	if _, err := fmt.Sscanf(last.Message, resultjson.TruncatedMessageFormat, &left); last.Code != warnings.Truncated || err != nil || left <= 0 {
		t.Errorf("last warning %s %q, want %s counting the left-out ones", last.Code, last.Message, warnings.Truncated)
	}
}
