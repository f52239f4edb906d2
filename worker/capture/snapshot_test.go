package capture_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/code2des/backend/mhtml"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// snapshotRequest is a version 2 message for an archive stored at the job's source.mhtml.
func (h *harness) snapshotRequest(t *testing.T, id, sourceURL string, archive []byte) map[string]any {
	t.Helper()
	prefix := "test/page-imports/" + id + "/attempt-1/"
	_, err := h.s3.Client.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(h.s3.Bucket),
		Key: aws.String(prefix + capture.SnapshotObjectName), Body: bytes.NewReader(archive), ContentLength: aws.Int64(int64(len(archive)))})
	if err != nil {
		t.Fatal(err)
	}
	msg := h.request(id, "/", "", capture.Viewport{Width: 800, Height: 600}, 1)
	msg["version"] = 2
	msg["source_url"] = sourceURL
	msg["snapshot"] = map[string]any{"format": "mhtml", "url": "s3://" + h.s3.Bucket + "/" + prefix + capture.SnapshotObjectName,
		"byte_size": len(archive), "sha256": capturetest.SHA256(archive)}
	return msg
}

// TestCaptureSnapshotOfTestSite: the test site saved as MHTML by Chromium (Page.captureSnapshot)
// is captured as the site itself is (every text, every image with its bytes, the screenshot)
// after the site is shut down, by a worker whose egress guard refuses loopback anyway.
func TestCaptureSnapshotOfTestSite(t *testing.T) {
	t.Parallel()
	h := newHarness(t, http.StatusOK, false, true)
	siteURL := h.site.URL
	archive := capturetest.SaveMHTML(t, siteURL+capturetest.IndexPath, capturetest.ReadySelector)
	h.site.Close()
	const id = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a01"
	h.send(t, h.snapshotRequest(t, id, siteURL+"/", archive))
	cb := h.run(t, 60*time.Second)
	if cb.Status != capture.StatusCompleted {
		t.Fatalf("callback %q: %s", cb.Status, cb.ErrorMessage)
	}
	prefix := "test/page-imports/" + id + "/attempt-1/"
	raw := h.object(t, prefix+"capture.json")
	c := capturetest.Check(t, siteURL, raw, cb.CaptureHash, prefix, 800, func(key string) []byte { return h.object(t, key) })
	if c.Manifest.SourceURL != siteURL+"/" {
		t.Errorf("manifest source_url %q", c.Manifest.SourceURL)
	}
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, raw) })
}

// TestSnapshotMakesNoRequests: a snapshot whose page points at a loopback server in every way a
// page can (image, style sheet, CSS background, font, frame, script, fetch, prefetch) makes no
// request to it, even with the worker's local-only switch on; what the archive holds is shown,
// what it lacks stays missing with a warning, and the page's scripts do not run unless
// CAPTURE_SNAPSHOT_SCRIPTS turns them on, and then still reach no network.
func TestSnapshotMakesNoRequests(t *testing.T) {
	t.Parallel()
	t.Run("ScriptsOff", func(t *testing.T) { t.Parallel(); snapshotMakesNoRequests(t, false) })
	t.Run("ScriptsOn", func(t *testing.T) { t.Parallel(); snapshotMakesNoRequests(t, true) })
}

func snapshotMakesNoRequests(t *testing.T, scripts bool) {
	var mu sync.Mutex
	var hits []string
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits = append(hits, r.URL.Path)
		mu.Unlock()
		w.Write([]byte("x"))
	}))
	defer target.Close()
	lo := target.URL
	logo := capturetest.File(t, "logo.png")
	html := `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="` + lo + `/style.css"><link rel="prefetch" href="` + lo + `/prefetch">
<style>@font-face{font-family:F;src:url(` + lo + `/font.woff2)} body{font-family:F} .bg{background:url(` + lo + `/bg.png);width:10px;height:10px}</style>
</head><body><h1>Intranet dashboard</h1>
<img src="logo.png" alt="in archive"><img src="` + lo + `/img.png" alt="loopback"><img src="file:///etc/hostname" alt="file">
<img src="cid:nowhere@mhtml.blink" alt="cid"><div class="bg"></div>
<iframe src="` + lo + `/frame"></iframe>
<script src="` + lo + `/script.js"></script>
<script>document.body.insertAdjacentText("beforeend", "SCRIPT RAN"); fetch("` + lo + `/fetch");</script>
</body></html>`
	raw := "From: <Saved by Blink>\r\nSnapshot-Content-Location: https://intranet.example.com/dash\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/related;\r\n\ttype=\"text/html\";\r\n\tboundary=\"----B----\"\r\n\r\n\r\n" +
		"------B----\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: binary\r\nContent-Location: https://intranet.example.com/dash\r\n\r\n" + html + "\r\n" +
		"------B----\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://intranet.example.com/logo.png\r\n\r\n" +
		base64.StdEncoding.EncodeToString(logo) + "\r\n------B------\r\n"
	a, err := mhtml.Parse(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	b := mustBrowser(t, true)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.CaptureSnapshot(ctx, capture.PageSpec{URL: "https://intranet.example.com/dash", Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1, ArchiveScripts: scripts},
		a, capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: 3 * time.Second, Images: 3 * time.Second}, capture.ChromiumMaxScreenshotHeight)
	if err != nil {
		t.Fatal(err)
	}
	// An absence window: no event marks "no request will come", so the loopback server is
	// watched for a while after the capture has finished.
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	if len(hits) != 0 {
		t.Errorf("the loopback server got %d requests: %v", len(hits), hits)
	}
	mu.Unlock()
	if p.FinalURL != "https://intranet.example.com/dash" {
		t.Errorf("final URL %q", p.FinalURL)
	}
	var logoShown bool
	for _, img := range p.Images {
		if bytes.Equal(img.Bytes, logo) && img.SourceURL == "https://intranet.example.com/logo.png" {
			logoShown = true
		}
		if strings.HasPrefix(img.SourceURL, lo) {
			t.Errorf("an image from the loopback server was recorded: %s", img.SourceURL)
		}
	}
	if !logoShown {
		t.Errorf("the archive's image was not recorded: %+v", p.Images)
	}
	doc := string(p.Document)
	if !strings.Contains(doc, "Intranet dashboard") || strings.Contains(doc, "SCRIPT RAN") != scripts {
		t.Errorf("document: heading present %v, script ran %v (scripts on: %v)", strings.Contains(doc, "Intranet dashboard"), strings.Contains(doc, "SCRIPT RAN"), scripts)
	}
	var warned bool
	for _, w := range p.Warnings {
		if w.Code == capture.WarnSnapshotMissing {
			warned = strings.Contains(w.Message, lo+"/img.png") || strings.Contains(w.Message, lo+"/")
			if !strings.Contains(w.Message, "stay missing") {
				t.Errorf("warning message %q", w.Message)
			}
		}
	}
	if !warned {
		t.Errorf("no %s warning naming the loopback resources: %+v", capture.WarnSnapshotMissing, p.Warnings)
	}
	for _, m := range p.SnapshotMissing {
		if strings.HasPrefix(m, "file:") {
			t.Errorf("a file: URL was requested from the browser: %s", m)
		}
	}
	t.Logf("missing: %v", p.SnapshotMissing)
}

// TestSnapshotRefused: a snapshot that is not what the message declares, or cannot be parsed,
// fails the job with a clear message (no browser work).
func TestSnapshotRefused(t *testing.T) {
	t.Parallel()
	good := capturetest.File(t, "logo.png") // any bytes: refused before parsing or at parsing
	cases := []struct {
		name string
		edit func(msg map[string]any)
		body []byte
		want string
		code string
	}{
		{"NotMHTML", func(map[string]any) {}, good, "the snapshot could not be read: the file is not an MHTML snapshot", capture.CodeSnapshotInvalid},
		{"FileLocation", func(map[string]any) {}, []byte("MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/html\r\nContent-Location: file:///etc/passwd\r\n\r\n<p>x</p>\r\n--b--\r\n"),
			"file: location, which is not allowed", capture.CodeSnapshotInvalid},
		{"WrongHash", func(m map[string]any) { m["snapshot"].(map[string]any)["sha256"] = strings.Repeat("0", 64) }, good, "does not match its SHA-256", capture.CodeSnapshotInvalid},
		{"WrongSize", func(m map[string]any) { m["snapshot"].(map[string]any)["byte_size"] = len(good) - 1 }, good, "not the size its message declares", capture.CodeSnapshotInvalid},
		{"OutsideTheJobFolder", func(m map[string]any) { m["snapshot"].(map[string]any)["url"] = "s3://other/source.mhtml" }, good, "invalid capture request: snapshot url is not this job's source.mhtml", capture.CodeInvalidRequest},
		{"OverTheLimit", func(m map[string]any) { m["snapshot"].(map[string]any)["byte_size"] = mhtml.MaxSnapshotBytes + 1 }, good,
			fmt.Sprintf("snapshot byte_size %d is outside 1-%d", mhtml.MaxSnapshotBytes+1, mhtml.MaxSnapshotBytes), capture.CodeInvalidRequest},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, http.StatusOK, false, true)
			id := fmt.Sprintf("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f5b%02d", i)
			msg := h.snapshotRequest(t, id, "https://intranet.example.com/", tc.body)
			tc.edit(msg)
			h.send(t, msg)
			cb := h.run(t, 30*time.Second)
			if cb.Status != capture.StatusFailed || !strings.Contains(cb.ErrorMessage, tc.want) || cb.ErrorCode != tc.code {
				t.Fatalf("callback %q %s %q, want failed %s with %q", cb.Status, cb.ErrorCode, cb.ErrorMessage, tc.code, tc.want)
			}
		})
	}
}

// snapshotOf is a one-page MHTML archive of html saved from https://intranet.example.com/dash.
func snapshotOf(t *testing.T, html string) *mhtml.Archive {
	t.Helper()
	raw := "From: <Saved by Blink>\r\nSnapshot-Content-Location: https://intranet.example.com/dash\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/related;\r\n\ttype=\"text/html\";\r\n\tboundary=\"----B----\"\r\n\r\n\r\n" +
		"------B----\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: binary\r\nContent-Location: https://intranet.example.com/dash\r\n\r\n" +
		html + "\r\n------B------\r\n"
	a, err := mhtml.Parse(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSnapshotPageHeldAsAURLPage: a snapshot's page is guarded as a page loaded by URL is
// (guard.go): its own navigations of the main frame (a meta refresh, which needs no script; a
// reload by script) are refused and it is captured as it first loaded, with NAVIGATION_BLOCKED;
// a script that never yields fails the capture with PAGE_UNRESPONSIVE within its budget.
func TestSnapshotPageHeldAsAURLPage(t *testing.T) {
	t.Parallel()
	b := mustBrowser(t, true)
	const body = `<h1>Saved dashboard</h1>`
	for _, tc := range []struct {
		name, html string
		scripts    bool
		// code is the failure's (empty: captured with NAVIGATION_BLOCKED).
		code, message string
	}{
		{name: "MetaRefresh_CapturedAsLoaded", html: `<meta http-equiv="refresh" content="0;url=https://intranet.example.com/elsewhere">` + body},
		{name: "ReloadByScript_CapturedAsLoaded", scripts: true, html: body + `<script>addEventListener("load", () => location.reload());</script>`},
		{name: "SpinLoop_Unresponsive", scripts: true, html: body + `<script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>`,
			code: capture.CodePageUnresponsive, message: "the page stopped responding: its scripts kept the browser busy for more than 3s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			start := time.Now()
			p, err := b.CaptureSnapshot(ctx, capture.PageSpec{URL: "https://intranet.example.com/dash", Viewport: capture.Viewport{Width: 800, Height: 600}, DeviceScaleFactor: 1, ArchiveScripts: tc.scripts},
				snapshotOf(t, "<!doctype html><html><head><meta charset=utf-8>"+tc.html+"</head></html>"),
				capture.Timeouts{Load: 10 * time.Second, Ready: time.Second, NetworkIdle: time.Second, Images: time.Second, Unresponsive: 3 * time.Second}, capture.ChromiumMaxScreenshotHeight)
			if tc.code != "" {
				var pe *capture.PageError
				if !errors.As(err, &pe) || pe.Code != tc.code || pe.Message != tc.message {
					t.Fatalf("CaptureSnapshot: %v; want %s %q", err, tc.code, tc.message)
				}
				// The load budget bounds it (loosely: the machine may be busy).
				if elapsed := time.Since(start); elapsed > 10*time.Second+slack {
					t.Errorf("failed after %s; want within the 10s load budget", elapsed)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(p.Document), "Saved dashboard") || p.FinalURL != "https://intranet.example.com/dash" {
				t.Errorf("final URL %q; heading recorded %v; want the page as it first loaded", p.FinalURL, strings.Contains(string(p.Document), "Saved dashboard"))
			}
			if p.NavigationsBlocked < 1 {
				t.Errorf("%d navigations refused, want at least 1", p.NavigationsBlocked)
			}
			var warned bool
			for _, w := range p.Warnings {
				warned = warned || w.Code == capture.WarnNavigationBlocked
			}
			if !warned {
				t.Errorf("warnings %+v, want %s", p.Warnings, capture.WarnNavigationBlocked)
			}
		})
	}
}
