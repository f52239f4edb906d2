package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// pluginUIBound bounds the whole browser run of the plugin's UI (capture, conversion with its
// self-check, materialization); it is a bound, not a wait: the driver waits for what the UI shows.
const pluginUIBound = 4 * time.Minute

// pluginUIResultPrefix starts the one line of the UI driver's output that reports what it did
// (plugin/e2e/driver.ts).
const pluginUIResultPrefix = "C2D_E2E_RESULT "

// pluginUIResult is what the UI driver reports: the job the UI materialized and the id of the
// root node the figma stand-in created for it.
type pluginUIResult struct {
	PageImportID string `json:"pageImportId"`
	Code2DesID   string `json:"code2desId"`
	NodeID       string `json:"nodeId"`
	// NodesDone and NodesTotal are the last progress the UI showed.
	NodesDone  int `json:"nodesDone"`
	NodesTotal int `json:"nodesTotal"`
	// Recorded is what the UI showed of materializeCode2Des's answer.
	Recorded bool `json:"recorded"`
}

// TestPluginUIEndToEnd drives the Figma plugin's UI (plugin/dist/ui.html, with the built main
// thread plugin/dist/code.js running on the recording stand-in of the `figma` global, bridged as
// Figma bridges them) in headless Chromium against the whole stack: the UI's settings get the API
// URL, a token and the project; a never-ready page fails with the API's message and is retried;
// it imports the test site through createPageImports, follows the import and the Code2Des job it
// triggers through subscriptions, shows the fidelity, materializes into the stand-in with its
// progress bar and records the root through materializeCode2Des, places it again, and re-opens
// jobs from the recent lists. The test then reads the job back through the API: the recorded node
// is the stand-in's root.
//
// The driver is plugin/e2e/driver.ts (Playwright on /usr/bin/chromium, run with tsx); it needs the npm workspace
// installed (`npm ci`, which `make plugin` runs) and the built plugin.
func TestPluginUIEndToEnd(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	driver := mustDriver(t, root, "plugin/e2e/driver.ts")
	// The plugin iframe's Origin is `null`; the API allows it by default (CORS_ALLOW_NULL_ORIGIN).
	s := newStack(t, func(c *app.Config) { c.CORSAllowNullOrigin = true })
	s.runConversionWorker(t)

	pageURL := s.site.URL + capturetest.IndexPath
	res := runPluginUI(t, driver, map[string]string{
		"C2D_E2E_API_URL":             s.api.URL,
		"C2D_E2E_TOKEN":               s.token,
		"C2D_E2E_PROJECT_ID":          fmt.Sprint(s.projectID),
		"C2D_E2E_PAGE_URL":            pageURL,
		"C2D_E2E_READY_SELECTOR":      capturetest.ReadySelector,
		"C2D_E2E_NEVER_READY_URL":     s.site.URL + capturetest.NeverReadyPath,
		"C2D_E2E_NEVER_READY_MESSAGE": fmt.Sprintf("the ready selector %q did not appear within %s", capturetest.ReadySelector, readyTimeout),
	})

	if res.NodeID == "" || res.NodesTotal == 0 || res.NodesDone != res.NodesTotal || !res.Recorded {
		t.Fatalf("the UI reported %+v; want a root node, progress at its total and the root recorded", res)
	}
	var out struct {
		Code2Des *struct {
			code2des
			PageImport struct {
				SourceURL string `json:"sourceUrl"`
			} `json:"pageImport"`
		} `json:"code2des"`
	}
	s.graphql(t, `query($id: ID!) { code2des(id: $id) { `+code2desFields+` pageImport { sourceUrl } } }`,
		map[string]any{"id": res.Code2DesID}, &out)
	job := out.Code2Des
	if job == nil {
		t.Fatalf("code2des(%s) is null", res.Code2DesID)
	}
	if job.Status != "COMPLETED" || job.PageImportID != res.PageImportID || job.PageImport.SourceURL != pageURL {
		t.Errorf("job %s: status %s, import %s of %s; want COMPLETED, import %s of %s", job.ID, job.Status,
			job.PageImportID, job.PageImport.SourceURL, res.PageImportID, pageURL)
	}
	if deref(job.MaterializedNodeID) != res.NodeID || job.MaterializedAt == nil {
		t.Errorf("the API recorded node %s at %s; want the stand-in's root %s", deref(job.MaterializedNodeID),
			deref(job.MaterializedAt), res.NodeID)
	}
}

// mustDriver returns the path of a browser driver (rel, under the repository root) once what the
// drivers need is there: Chromium, Node.js, the npm workspace's packages (installed with `npm ci`
// on first use) and the built plugin. Without them the test fails in CI (CI=true) and is skipped
// elsewhere.
func mustDriver(t *testing.T, root, rel string) string {
	t.Helper()
	mustBrowser(t) // Chromium, as the capture worker needs it
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed: the browser drivers need Node.js 20.10 or later")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "playwright-core")); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			missing("npm ci: %v\n%s", err, out)
		}
	}
	for _, f := range []string{"plugin/dist/code.js", "plugin/dist/ui.html"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			missing("%s is missing: build the plugin first (make plugin): %v", f, err)
		}
	}
	return filepath.Join(root, rel)
}

// runPluginUI runs the UI driver with env added to the test's environment, passes its output
// on to the test log and returns the result it reports. A driver that fails fails the test.
func runPluginUI(t *testing.T, driver string, env map[string]string) pluginUIResult {
	t.Helper()
	var res pluginUIResult
	runDriver(t, driver, env, &res)
	return res
}

// runDriver runs a browser driver (plugin/e2e or dashboard/e2e, node with tsx) with env added to the test's
// environment, passes its output on to the test log and decodes the result line it reports
// into res. A driver that fails, or reports nothing, fails the test.
func runDriver(t *testing.T, driver string, env map[string]string, res any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), pluginUIBound)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "--import", "tsx", driver)
	cmd.Dir = filepath.Dir(filepath.Dir(driver)) // plugin/, where tsx and playwright-core resolve
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reported := false
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		line := lines.Text()
		t.Log("ui:", line)
		if rest, ok := strings.CutPrefix(line, pluginUIResultPrefix); ok {
			reported = true
			if err := json.Unmarshal([]byte(rest), res); err != nil {
				t.Errorf("driver result %q: %v", rest, err)
			}
		}
	}
	_, _ = io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("UI driver after %s: %v\n%s", time.Since(start).Round(time.Millisecond), err, stderr.String())
	}
	t.Logf("UI driver done in %s", time.Since(start).Round(time.Millisecond))
	if !reported {
		t.Fatalf("the UI driver reported no result\n%s", stderr.String())
	}
}
