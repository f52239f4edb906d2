package app_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/sqsqueue"
)

const createManyQ = `mutation($in: CreatePageImportsInput!) { createPageImports(input: $in) {
  pageImports { id status attempt sourceUrl deviceScaleFactor readySelector viewport { width height } } } }`

type createdMany struct {
	CreatePageImports struct {
		PageImports []struct {
			ID, Status, SourceURL string
			Attempt               int
			DeviceScaleFactor     float64
			ReadySelector         *string
			Viewport              struct{ Width, Height int }
		}
	}
}

func viewports(n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"width": 1440 - 200*i, "height": 900}
	}
	return out
}

func manyInput(projectID int64, vps []map[string]any) map[string]any {
	return map[string]any{"projectId": fmt.Sprint(projectID), "sourceUrl": "https://Example.com/pricing#top",
		"readySelector": "#app", "viewports": vps}
}

func countImports(t *testing.T, s *apiStack) int64 {
	t.Helper()
	n, err := s.db.NewSelect().Model((*models.PageImport)(nil)).WhereAllWithDeleted().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCreatePageImports(t *testing.T) {
	s := newAPIStack(t, nil)
	alice := s.client(t, "alice")

	t.Run("OK", func(t *testing.T) {
		vps := []map[string]any{{"width": 1440, "height": 900}, {"width": 768, "height": 1024, "deviceScaleFactor": 2},
			{"width": 390, "height": 844, "deviceScaleFactor": 3}}
		var out createdMany
		if err := alice.Post(createManyQ, &out, client.Var("in", manyInput(s.a1, vps))); err != nil {
			t.Fatal(err)
		}
		got := out.CreatePageImports.PageImports
		if len(got) != 3 {
			t.Fatalf("%d imports, want 3", len(got))
		}
		wantDSF := []float64{1, 2, 3}
		for i, pi := range got {
			if pi.Viewport.Width != vps[i]["width"] || pi.Viewport.Height != vps[i]["height"] || pi.DeviceScaleFactor != wantDSF[i] ||
				pi.Status != "PROCESSING" || pi.Attempt != 1 || pi.SourceURL != "https://example.com/pricing" ||
				pi.ReadySelector == nil || *pi.ReadySelector != "#app" {
				t.Errorf("import %d: %+v", i, pi)
			}
			if i > 0 && pi.ID <= got[i-1].ID {
				t.Errorf("imports not in order of creation: %s after %s", pi.ID, got[i-1].ID)
			}
		}
		msgs := drain(t, s.capture, 2*time.Second)
		if len(msgs) != 3 {
			t.Fatalf("%d messages, want one per viewport", len(msgs))
		}
		byID := map[string]queued{}
		for _, m := range msgs {
			byID[m.PageImportID] = m
		}
		for _, pi := range got {
			m, ok := byID[pi.ID]
			if !ok || m.Viewport.Width != pi.Viewport.Width || m.Attempt != 1 {
				t.Errorf("message of %s: %+v", pi.ID, m)
			}
		}
	})

	before := countImports(t, s)
	for _, tc := range []struct {
		name, field string
		vps         []map[string]any
	}{
		{"ErrNoViewport", "input.viewports", []map[string]any{}},
		{"ErrSixViewports", "input.viewports", viewports(models.MaxViewportsPerRequest + 1)},
		{"ErrSecondWidthTooSmall", "input.viewports[1].width", []map[string]any{{"width": 1440, "height": 900}, {"width": models.MinViewportWidth - 1, "height": 900}}},
		{"ErrThirdHeightTooLarge", "input.viewports[2].height", []map[string]any{{"width": 1440, "height": 900}, {"width": 1440, "height": 900}, {"width": 1440, "height": models.MaxViewportHeight + 1}}},
		{"ErrScaleFactor", "input.viewports[0].deviceScaleFactor", []map[string]any{{"width": 1440, "height": 900, "deviceScaleFactor": 4.5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out createdMany
			e := errorOf(t, alice.Post(createManyQ, &out, client.Var("in", manyInput(s.a1, tc.vps))))
			if e.Code != "BAD_USER_INPUT" || e.Field != tc.field {
				t.Errorf("got %+v, want BAD_USER_INPUT on %s", e, tc.field)
			}
		})
	}
	if after := countImports(t, s); after != before || len(drain(t, s.capture, 0)) != 0 {
		t.Errorf("refused calls created %d imports or queued messages", after-before)
	}

	t.Run("FiveViewportsAtTheEdge", func(t *testing.T) {
		var out createdMany
		if err := alice.Post(createManyQ, &out, client.Var("in", manyInput(s.a1, viewports(models.MaxViewportsPerRequest)))); err != nil {
			t.Fatal(err)
		}
		if n := len(out.CreatePageImports.PageImports); n != models.MaxViewportsPerRequest {
			t.Errorf("%d imports", n)
		}
		if n := len(drain(t, s.capture, 2*time.Second)); n != models.MaxViewportsPerRequest {
			t.Errorf("%d messages", n)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		var out createdMany
		if e := errorOf(t, s.client(t, "bob").Post(createManyQ, &out, client.Var("in", manyInput(s.a1, viewports(2))))); e.Code != "NOT_FOUND" {
			t.Errorf("bob creates in alice's project: %+v", e)
		}
	})
}

// Each import counts against CREATE_PAGE_IMPORT_RATE_LIMIT: with 4 left, 5 viewports create nothing.
func TestCreatePageImportsRateLimited(t *testing.T) {
	s := newAPIStack(t, func(c *app.Config, _ *app.Deps) { c.CreatePageImportRateLimit = 4 })
	var out createdMany
	e := errorOf(t, s.client(t, "alice").Post(createManyQ, &out, client.Var("in", manyInput(s.a1, viewports(5)))))
	if e.Code != "UNAVAILABLE" || countImports(t, s) != 0 {
		t.Errorf("5 imports over a limit of 4: %+v, %d rows", e, countImports(t, s))
	}
}

// When the second of three messages cannot be published (the queue's network fails), every import
// of the call ends failed, none stays processing, and the caller gets UNAVAILABLE.
func TestCreatePageImportsAllOrNoneOnQueueFailure(t *testing.T) {
	var sends atomic.Int64
	var capture *testenv.SQSEnv
	s := newAPIStack(t, func(_ *app.Config, d *app.Deps) {
		capture = testenv.SQS(t)
		target, _ := url.Parse(capture.Endpoint)
		proxy := httputil.NewSingleHostReverseProxy(target)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if sends.Add(1) == 2 {
				http.Error(w, `{"__type":"InternalError","message":"injected"}`, http.StatusInternalServerError)
				return
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		cfg, err := awslocal.Settings("", "").Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		cfg.RetryMaxAttempts = 1
		d.CaptureQueue = sqsqueue.New(sqsqueue.NewClient(cfg, awslocal.Settings("", srv.URL)), capture.QueueURL)
	})
	var out createdMany
	if e := errorOf(t, s.client(t, "alice").Post(createManyQ, &out, client.Var("in", manyInput(s.a1, viewports(3))))); e.Code != "UNAVAILABLE" {
		t.Fatalf("create with the second publish failing: %+v", e)
	}
	var rows []models.PageImport
	if err := s.db.NewSelect().Model(&rows).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if r.Status != models.PageImportFailed || r.ErrorMessage == nil || !strings.Contains(*r.ErrorMessage, "queued") {
			t.Errorf("import %s: status %s error %v; want failed", r.ID, r.Status, r.ErrorMessage)
		}
	}
	if n := sends.Load(); n != 2 {
		t.Errorf("%d sends, want 2 (stop at the first failure)", n)
	}
	// The worker that got the first message finds its job failed: its callback is answered 409.
	msgs := drain(t, capture, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages got through, want 1", len(msgs))
	}
	code := s.callback(t, "/webhooks/page-imports", map[string]any{"page_import_id": msgs[0].PageImportID, "attempt": 1,
		"nonce": msgs[0].Nonce, "status": "completed", "result_url": "s3://" + s.s3.Bucket + "/page-imports/" + msgs[0].PageImportID + "/attempt-1/capture.json",
		"capture_hash": strings.Repeat("a", 64), "screenshot_url": "s3://" + s.s3.Bucket + "/page-imports/" + msgs[0].PageImportID + "/attempt-1/screenshot.png"})
	if code != http.StatusConflict {
		t.Errorf("completed callback of a job failed by its batch: %d, want 409", code)
	}
}
