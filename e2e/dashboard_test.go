package e2e_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// Seeded rows of the dashboard's paging test.
const (
	// dashboardSeeded is how many Page Imports the test writes straight into the database: 45 to
	// page through and filter, and 5 more so the 50-row page is full.
	dashboardSeeded = 50
	// dashboardPaged is how many of the seeded imports the list pages through and filters.
	dashboardPaged = 45
	// dashboardFilteredURL is the source URL of every third of the first 45 seeded imports (15 of
	// them), of which every third again (5) is FAILED: the filters' expected counts.
	dashboardFilteredURL = "http://seeded.example/filtered"
)

// hostileMarkup is a page title and an element id that would run script if shown as HTML.
const hostileMarkup = `<img src=x onerror="window.__xss=1">`

// TestDashboardEndToEnd drives the web dashboard the API serves at /dashboard/ in headless
// Chromium (dashboard/e2e/driver.ts, Playwright) against the whole stack with the real capture
// and conversion workers: sign in, open the project, import a page of the test site and watch
// its row go PROCESSING -> COMPLETED live, convert it from the import's page and see the
// screenshot, preview and diff map, retry a failed import, page through 45 seeded imports with
// filters, delete one, a hostile page title and warning shown as text, an unknown id shown as not
// found, the API-down banner and its recovery, axe-core with no serious violation, 390 px wide.
// Screenshots of each step go to the test's artifact directory (go test -artifacts); the time the
// 50-row list takes to render is logged.
func TestDashboardEndToEnd(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	driver := mustDriver(t, root, "dashboard/e2e/driver.ts")
	s := newStack(t)
	s.runConversionWorker(t)

	// A page whose title and an element id are markup: the title becomes the result's root name,
	// the id appears in a FORM_CONTROL warning.
	hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title></head><body><h1>Hostile</h1><input id='%s' value="x"><div id="app-ready"></div></body></html>`, hostileMarkup, hostileMarkup)
	}))
	t.Cleanup(hostile.Close)

	seeded := seedDashboardImports(t, s)
	artifacts := t.ArtifactDir()
	// The dashboard driver reports the import and the conversion it made.
	var res struct {
		PageImportID string `json:"pageImportId"`
		Code2DesID   string `json:"code2desId"`
	}
	runDriver(t, driver, map[string]string{
		"C2D_E2E_API_URL":         s.api.URL,
		"C2D_E2E_TOKEN":           s.token,
		"C2D_E2E_MEMBER":          member,
		"C2D_E2E_PROJECT_ID":      fmt.Sprint(s.projectID),
		"C2D_E2E_PAGE_URL":        s.site.URL + capturetest.IndexPath,
		"C2D_E2E_READY_SELECTOR":  capturetest.ReadySelector,
		"C2D_E2E_NEVER_READY_URL": s.site.URL + capturetest.NeverReadyPath,
		"C2D_E2E_HOSTILE_URL":     hostile.URL + "/",
		"C2D_E2E_HOSTILE_TEXT":    hostileMarkup,
		"C2D_E2E_FILTER_URL":      dashboardFilteredURL,
		"C2D_E2E_DELETE_ID":       seeded[0],
		"C2D_E2E_ARTIFACTS":       artifacts,
	}, &res)
	t.Logf("screenshots in %s", artifacts)

	// What the dashboard deleted is gone for the API too.
	var out struct {
		PageImport *struct{ ID string } `json:"pageImport"`
	}
	codes := s.graphqlErrors(t, `query($id: ID!) { pageImport(id: $id) { id } }`, map[string]any{"id": seeded[0]}, &out)
	if out.PageImport != nil || len(codes) != 1 || codes[0] != "NOT_FOUND" {
		t.Errorf("pageImport(%s) after the dashboard deleted it: %+v, errors %v; want null and NOT_FOUND", seeded[0], out.PageImport, codes)
	}
	if res.PageImportID == "" || res.Code2DesID == "" {
		t.Errorf("the driver reported %+v; want the import and the conversion it made", res)
	}
	if entries, err := os.ReadDir(artifacts); err != nil || len(entries) == 0 {
		t.Errorf("no screenshots in %s (%v)", artifacts, err)
	}
}

// seedDashboardImports writes dashboardSeeded Page Imports of the stack's project into the
// database, oldest first (one second apart, so their order is their creation order): every third
// of the first 45 of dashboardFilteredURL (every third of those FAILED, the others COMPLETED), the
// others of a URL of their own, FAILED or COMPLETED in turn. It returns their ids, newest first.
func seedDashboardImports(t *testing.T, s *stack) []string {
	t.Helper()
	var org int64
	if err := s.db.NewSelect().Model((*models.Project)(nil)).Column("organization_id").Where("id = ?", s.projectID).Scan(context.Background(), &org); err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(-time.Hour)
	ids := make([]string, dashboardSeeded)
	for i := range dashboardSeeded {
		id, err := models.NewID()
		if err != nil {
			t.Fatal(err)
		}
		url := fmt.Sprintf("http://seeded.example/page-%02d", i)
		if i%3 == 0 && i < dashboardPaged {
			url = dashboardFilteredURL
		}
		status, msg := models.PageImportCompleted, (*string)(nil)
		if url == dashboardFilteredURL && (i/3)%3 == 0 || i%3 == 1 {
			reason := fmt.Sprintf("seeded failure %d", i%2)
			status, msg = models.PageImportFailed, &reason
		}
		at := start.Add(time.Duration(i) * time.Second)
		pi := &models.PageImport{
			ID: id, OrganizationID: org, ProjectID: s.projectID, SourceURL: url, ViewportWidth: 1280, ViewportHeight: 800,
			Status: status, Nonce: "seeded-nonce-" + id, ErrorMessage: msg, CreatedAt: at, UpdatedAt: at, CreatedBy: member, UpdatedBy: member,
		}
		if _, err := s.db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		ids[dashboardSeeded-1-i] = id
	}
	return ids
}
