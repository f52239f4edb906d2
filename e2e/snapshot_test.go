package e2e_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// nodeCountTolerance is how far the node count of a snapshot's result may stray from the URL
// capture's, as a fraction ("node count within a small tolerance").
const nodeCountTolerance = 0.05

type presignedUpload struct {
	Method  string `json:"method"`
	URL     string `json:"url"`
	Headers []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"headers"`
	ExpiresAt string `json:"expiresAt"`
}

// graphqlErrors POSTs one operation and returns the GraphQL errors' codes (and decodes data into
// out when there are none).
func (s *stack) graphqlErrors(t *testing.T, query string, vars map[string]any, out any) []string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, s.api.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var res gqlResult
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("POST /graphql: HTTP %d %s", resp.StatusCode, raw)
	}
	var codes []string
	for _, e := range res.Errors {
		codes = append(codes, fmt.Sprint(e.Extensions["code"]))
	}
	if len(codes) == 0 && out != nil {
		if err := json.Unmarshal(res.Data, out); err != nil {
			t.Fatal(err)
		}
	}
	return codes
}

// createUpload starts a snapshot import of a file of size bytes with the given SHA-256.
func (s *stack) createUpload(t *testing.T, size int, sha string, vp capture.Viewport) (pageImport, presignedUpload) {
	t.Helper()
	var out struct {
		Create struct {
			PageImport pageImport      `json:"pageImport"`
			Upload     presignedUpload `json:"upload"`
		} `json:"createPageImportUpload"`
	}
	s.graphql(t, `mutation($in: CreatePageImportUploadInput!) { createPageImportUpload(input: $in) {
		pageImport { `+pageImportFields+` } upload { method url headers { name value } expiresAt } } }`,
		map[string]any{"in": map[string]any{"projectId": fmt.Sprint(s.projectID), "fileName": "page.mhtml",
			"viewport": map[string]int{"width": vp.Width, "height": vp.Height}, "byteSize": size, "sha256": sha}}, &out)
	return out.Create.PageImport, out.Create.Upload
}

// putFile uploads body with the presigned request and a plain HTTP client.
func putFile(t *testing.T, up presignedUpload, body []byte) {
	t.Helper()
	req, err := http.NewRequest(up.Method, up.URL, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range up.Headers {
		req.Header.Add(h.Name, h.Value)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("PUT to the presigned URL answered %d", resp.StatusCode)
	}
}

const completeUpload = `mutation($id: ID!) { completePageImportUpload(id: $id) { pageImport { ` + pageImportFields + ` } } }`

// importAndConvert imports path of the capture test site at 800x600, converts the completed
// import and returns its result (failing the test when either job fails).
func (s *stack) importAndConvert(t *testing.T, path string) code2desResult {
	t.Helper()
	pi := s.awaitOutcome(t, s.createPageImport(t, path, capture.Viewport{Width: 800, Height: 600}).ID)
	if pi.Status != "COMPLETED" {
		t.Fatalf("Page Import ended %s (%s)", pi.Status, deref(pi.ErrorMessage))
	}
	return s.convert(t, pi.ID)
}

// convert runs Code2Des on a completed import and returns its result.
func (s *stack) convert(t *testing.T, pageImportID string) code2desResult {
	t.Helper()
	job := s.awaitCode2Des(t, s.triggerCode2Des(t, pageImportID).ID)
	if job.Status != "COMPLETED" {
		t.Fatalf("Code2Des of %s ended %s: %s", pageImportID, job.Status, deref(job.ErrorMessage))
	}
	return s.code2desResult(t, job.ID)
}

// TestSnapshotImportEndToEnd: a page of the capture test site saved as MHTML by Chromium
// (Page.captureSnapshot), uploaded with the presigned URL by a plain HTTP client, completed, captured
// with no network and converted, gives the same result as the same page captured by URL: the same
// texts, the same images, and a node count within nodeCountTolerance. The site gets no request
// while the snapshot is captured.
func TestSnapshotImportEndToEnd(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	s.runConversionWorker(t)
	vp := capture.Viewport{Width: 800, Height: 600}

	byURL := s.awaitOutcome(t, s.createPageImport(t, capturetest.IndexPath, vp).ID)
	if byURL.Status != "COMPLETED" {
		t.Fatalf("URL import ended %s: %s", byURL.Status, deref(byURL.ErrorMessage))
	}
	urlResult := s.convert(t, byURL.ID)

	// The user's browser saves the page from a counting copy of the site.
	var hits atomic.Int64
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		s.site.Config.Handler.ServeHTTP(w, r)
	}))
	defer site.Close()
	archive := capturetest.SaveMHTML(t, site.URL+capturetest.IndexPath, capturetest.ReadySelector)
	hits.Store(0)

	created, up := s.createUpload(t, len(archive), capturetest.SHA256(archive), vp)
	if created.Status != "PROCESSING" || created.SourceURL != "" || up.Method != http.MethodPut {
		t.Fatalf("createPageImportUpload answered %+v %+v", created, up)
	}
	putFile(t, up, archive)
	var done struct {
		Complete struct {
			PageImport pageImport `json:"pageImport"`
		} `json:"completePageImportUpload"`
	}
	s.graphql(t, completeUpload, map[string]any{"id": created.ID}, &done)
	if done.Complete.PageImport.SourceURL != site.URL+"/" {
		t.Errorf("sourceUrl %q, want the snapshot's location %s", done.Complete.PageImport.SourceURL, site.URL+"/")
	}
	bySnapshot := s.awaitOutcome(t, created.ID)
	if bySnapshot.Status != "COMPLETED" || !bySnapshot.HasScreenshot {
		t.Fatalf("snapshot import ended %s: %s", bySnapshot.Status, deref(bySnapshot.ErrorMessage))
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the site got %d requests while its snapshot was captured, want 0", n)
	}
	snapResult := s.convert(t, bySnapshot.ID)

	t.Run("TreeHasTheSiteTexts", func(t *testing.T) { checkTexts(t, snapResult.Root) })
	t.Run("EveryImageInlinedWithItsBytes", func(t *testing.T) { checkImages(t, snapResult) })
	t.Run("SameTextsAsByURL", func(t *testing.T) {
		a, b := treeTexts(t, urlResult.Root), treeTexts(t, snapResult.Root)
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("texts differ\n by URL %q\nsnapshot %q", a, b)
		}
	})
	t.Run("SameImagesAsByURL", func(t *testing.T) {
		a, b := imageHashes(urlResult), imageHashes(snapResult)
		if strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("images differ\n by URL %v\nsnapshot %v", a, b)
		}
	})
	t.Run("NodeCountWithinTolerance", func(t *testing.T) {
		a, b := countNodes(t, urlResult.Root), countNodes(t, snapResult.Root)
		if math.Abs(float64(a-b)) > nodeCountTolerance*float64(a) {
			t.Errorf("%d nodes by URL, %d from the snapshot: more than %g%% apart", a, b, nodeCountTolerance*100)
		}
		t.Logf("nodes: %d by URL, %d from the snapshot", a, b)
	})
}

// TestSnapshotUploadRefusedThroughAPI: a file of another size or hash than declared is
// BAD_USER_INPUT at completion and the Page Import is FAILED; an oversize declaration is refused
// at creation.
func TestSnapshotUploadRefusedThroughAPI(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	vp := capture.Viewport{Width: 800, Height: 600}
	body := []byte("MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n\r\n--b--\r\n")
	for name, declare := range map[string]struct {
		size int
		sha  string
	}{
		"WrongSize": {len(body) + 1, capturetest.SHA256(body)},
		"WrongHash": {len(body), strings.Repeat("ab", 32)},
	} {
		t.Run(name, func(t *testing.T) {
			pi, up := s.createUpload(t, declare.size, declare.sha, vp)
			req, _ := http.NewRequest(up.Method, up.URL, bytes.NewReader(body))
			for _, h := range up.Headers {
				if !strings.EqualFold(h.Name, "Content-Length") {
					req.Header.Add(h.Name, h.Value)
				}
			}
			// The local S3 server does not enforce the signed length or checksum; AWS S3 would
			// refuse the PUT itself. Either way completion must refuse the file.
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
			codes := s.graphqlErrors(t, completeUpload, map[string]any{"id": pi.ID}, nil)
			if len(codes) != 1 || codes[0] != "BAD_USER_INPUT" {
				t.Fatalf("completion errors %v, want [BAD_USER_INPUT]", codes)
			}
			if got := s.awaitOutcome(t, pi.ID); got.Status != "FAILED" || got.ErrorMessage == nil {
				t.Errorf("import %s (%v), want FAILED with a message", got.Status, deref(got.ErrorMessage))
			}
		})
	}
	t.Run("Oversize", func(t *testing.T) {
		codes := s.graphqlErrors(t, `mutation($in: CreatePageImportUploadInput!) { createPageImportUpload(input: $in) { pageImport { id } } }`,
			map[string]any{"in": map[string]any{"projectId": fmt.Sprint(s.projectID), "fileName": "big.mhtml",
				"viewport": map[string]int{"width": 800, "height": 600}, "byteSize": 50<<20 + 1, "sha256": strings.Repeat("ab", 32)}}, nil)
		if len(codes) != 1 || codes[0] != "BAD_USER_INPUT" {
			t.Errorf("oversize declaration: errors %v, want [BAD_USER_INPUT]", codes)
		}
	})
}

// treeTexts lists the characters of every TEXT node, sorted.
func treeTexts(t *testing.T, root json.RawMessage) []string {
	var out []string
	walkNodes(t, root, func(n map[string]any) {
		if n["type"] == "TEXT" {
			out = append(out, fmt.Sprint(n["characters"]))
		}
	})
	sort.Strings(out)
	return out
}

func countNodes(t *testing.T, root json.RawMessage) int {
	n := 0
	walkNodes(t, root, func(map[string]any) { n++ })
	return n
}

func walkNodes(t *testing.T, root json.RawMessage, visit func(map[string]any)) {
	t.Helper()
	var tree map[string]any
	if err := json.Unmarshal(root, &tree); err != nil {
		t.Fatal(err)
	}
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		visit(n)
		kids, _ := n["children"].([]any)
		for _, k := range kids {
			if m, ok := k.(map[string]any); ok {
				walk(m)
			}
		}
	}
	walk(tree)
}

// imageHashes lists the SHA-256 of every inlined image, sorted.
func imageHashes(r code2desResult) []string {
	var out []string
	for _, im := range r.Images {
		out = append(out, im.MimeType+":"+im.SHA256)
	}
	sort.Strings(out)
	return out
}
