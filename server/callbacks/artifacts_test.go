package callbacks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// captureLimit is the capture size limit of the artifact table, small enough to test its edge.
const captureLimit = 64 << 10

// TestPageImportArtifactRefused is the artifact table for captures: every broken artifact answers
// 422, and the job is then failed with a safe message naming the problem.
func TestPageImportArtifactRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{limits: artifacts.Limits{CaptureMaxBytes: captureLimit}})
	otherJob, _ := models.NewID()

	for _, tc := range []struct {
		name string
		// capture breaks the capture JSON before it is stored (and its hash computed); callback
		// breaks the callback (and may store objects of its own).
		capture  func(pi *models.PageImport, c capture)
		callback func(pi *models.PageImport, cb map[string]any)
		message  string
	}{
		{name: "HashMismatch", callback: func(_ *models.PageImport, cb map[string]any) {
			cb["capture_hash"] = strings.Repeat("0", 64)
		}, message: "capture_hash does not match"},
		{name: "ManifestWithAnotherID", capture: func(_ *models.PageImport, c capture) {
			c.manifest()["page_import_id"] = otherJob
		}, message: "capture manifest does not match the job"},
		{name: "ManifestWithAnotherNonce", capture: func(pi *models.PageImport, c capture) {
			c.manifest()["nonce"] = otherNonce(pi.Nonce)
		}, message: "capture manifest does not match the job"},
		{name: "ManifestWithAnotherAttempt", capture: func(_ *models.PageImport, c capture) {
			c.manifest()["attempt"] = 2
		}, message: "capture manifest does not match the job"},
		{name: "ManifestWithoutNonce", capture: func(_ *models.PageImport, c capture) {
			delete(c.manifest(), "nonce")
		}, message: "lacks page_import_id, attempt or nonce"},
		{name: "ManifestOfAnotherKind", capture: func(_ *models.PageImport, c capture) {
			c.manifest()["kind"] = "code2des.result"
		}, message: "kind must be"},
		{name: "ManifestOfAnUnknownVersion", capture: func(_ *models.PageImport, c capture) {
			c.manifest()["version"] = 2
		}, message: "version must be 1"},
		{name: "UnknownFieldInManifest", capture: func(_ *models.PageImport, c capture) {
			c.manifest()["extra"] = true
		}, message: "not valid JSON of the capture format"},
		{name: "DocumentIsNotAnObject", capture: func(_ *models.PageImport, c capture) {
			c["document"] = []any{}
		}, message: "capture document must be a JSON object"},
		{name: "AssetKeyOutOfScope", capture: func(_ *models.PageImport, c capture) {
			c["assets"].([]any)[0].(map[string]any)["key"] = models.PageImportArtifactPrefix("", otherJob, 1) + "a.png"
		}, message: `capture asset "a1" key is outside the job's artifact prefix`},
		{name: "ScreenshotKeyDiffersFromPointer", capture: func(pi *models.PageImport, c capture) {
			c["screenshot"].(map[string]any)["key"] = models.PageImportArtifactPrefix("", pi.ID, 1) + "other.png"
		}, message: "screenshot key does not match screenshot_url"},
		{name: "OversizeObject", capture: func(_ *models.PageImport, c capture) {
			padTo(c, captureLimit+1)
		}, message: "capture object exceeds the 65536-byte limit"},
		{name: "PointerInAnotherBucket", callback: func(pi *models.PageImport, cb map[string]any) {
			cb["result_url"] = models.S3URI("other-bucket", models.PageImportArtifactPrefix("", pi.ID, 1)+"capture.json")
		}, message: "result_url is not in the configured bucket"},
		{name: "PointerUnderAnotherJobsPrefix", callback: func(_ *models.PageImport, cb map[string]any) {
			cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", otherJob, 1) + "capture.json")
		}, message: "result_url is outside the job's artifact prefix"},
		{name: "PointerUnderAnotherAttemptsPrefix", callback: func(pi *models.PageImport, cb map[string]any) {
			cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 2) + "capture.json")
		}, message: "result_url is outside the job's artifact prefix"},
		{name: "DotDotInTheKey", callback: func(pi *models.PageImport, cb map[string]any) {
			cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 1) + "../../" + otherJob + "/attempt-1/capture.json")
		}, message: "result_url is not a valid s3:// pointer"},
		{name: "PointerIsThePrefixItself", callback: func(pi *models.PageImport, cb map[string]any) {
			cb["result_url"] = e.uri(strings.TrimSuffix(models.PageImportArtifactPrefix("", pi.ID, 1), "/"))
		}, message: "result_url is outside the job's artifact prefix"},
		{name: "ScreenshotPointerOutOfScope", callback: func(_ *models.PageImport, cb map[string]any) {
			cb["screenshot_url"] = e.uri(models.PageImportArtifactPrefix("", otherJob, 1) + "screenshot.png")
		}, message: "screenshot_url is outside the job's artifact prefix"},
		{name: "NotJSON", callback: func(pi *models.PageImport, cb map[string]any) {
			body := []byte("<html>not json</html>")
			e.put(models.PageImportArtifactPrefix("", pi.ID, 1)+"capture.json", body)
			cb["capture_hash"] = artifacts.HashHex(body)
		}, message: "capture is not valid JSON"},
		{name: "TrailingDataAfterTheJSON", callback: func(pi *models.PageImport, cb map[string]any) {
			body := append(mustJSON(t, newCapture(pi)), []byte(" {}")...)
			e.put(models.PageImportArtifactPrefix("", pi.ID, 1)+"capture.json", body)
			cb["capture_hash"] = artifacts.HashHex(body)
		}, message: "capture is not valid JSON"},
		{name: "MissingScreenshot", capture: func(pi *models.PageImport, c capture) {
			c["screenshot"].(map[string]any)["key"] = models.PageImportArtifactPrefix("", pi.ID, 1) + "never-written.png"
		}, callback: func(pi *models.PageImport, cb map[string]any) {
			cb["screenshot_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 1) + "never-written.png")
		}, message: "screenshot object not found"},
		{name: "MissingCaptureObject", callback: func(pi *models.PageImport, cb map[string]any) {
			cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 1) + "never-written.json")
		}, message: "capture object not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pi := e.pageImport()
			c := newCapture(pi)
			if tc.capture != nil {
				tc.capture(pi, c)
			}
			cb := e.storeCapture(pi, c)
			if tc.callback != nil {
				tc.callback(pi, cb)
			}
			a := e.postJSON(callbacks.PageImportsPath, cb)
			if a.status != 422 || a.errorCode() != "artifact_invalid" || !strings.Contains(a.body.Error.Message, tc.message) {
				t.Errorf("got %v, want 422 artifact_invalid with %q", a, tc.message)
			}
			row := e.readPageImport(pi.ID)
			if row.Status != models.PageImportFailed || a.body.Error == nil || deref(row.ErrorMessage) != a.body.Error.Message ||
				row.ResultURL != nil || row.CaptureHash != nil || row.ScreenshotURL != nil {
				t.Errorf("job after 422: status %q message %q result %v hash %v screenshot %v",
					row.Status, deref(row.ErrorMessage), row.ResultURL, row.CaptureHash, row.ScreenshotURL)
			}
			// A repeat of the refused completion conflicts with the recorded failure.
			if again := e.postJSON(callbacks.PageImportsPath, cb); again.status != 409 {
				t.Errorf("repeat after 422: %v, want 409", again)
			}
		})
	}
}

// padTo grows the capture document until the capture JSON is exactly n bytes.
func padTo(c capture, n int) {
	c["document"].(map[string]any)["pad"] = ""
	b, _ := json.Marshal(c)
	size := len(b)
	c["document"].(map[string]any)["pad"] = strings.Repeat("x", n-size)
}

// TestPageImportCaptureAtTheSizeLimit: a capture of exactly the limit is accepted.
func TestPageImportCaptureAtTheSizeLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{limits: artifacts.Limits{CaptureMaxBytes: captureLimit}})
	pi := e.pageImport()
	c := newCapture(pi)
	padTo(c, captureLimit)
	if n := len(mustJSON(t, c)); n != captureLimit {
		t.Fatalf("capture is %d bytes", n)
	}
	a := e.postJSON(callbacks.PageImportsPath, e.storeCapture(pi, c))
	if a.status != 200 || a.body.Result != callbacks.Applied {
		t.Errorf("capture at the limit: %v, want applied", a)
	}
}

// TestCode2DesArtifactRefused is the artifact table for conversion results.
func TestCode2DesArtifactRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	source := e.completedPageImport(strings.Repeat("1", 64))
	otherJob, _ := models.NewID()
	for _, tc := range []struct {
		name    string
		breakIt func(job *models.Code2Des, r map[string]any, cb map[string]any)
		message string
	}{
		{"WarningCountMismatch", func(_ *models.Code2Des, _ map[string]any, cb map[string]any) {
			cb["warning_count"] = 3
		}, "warning_count is 3 but the result has 2 warnings"},
		{"ManifestWithAnotherNonce", func(job *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["nonce"] = otherNonce(job.Nonce)
		}, "result manifest does not match the job"},
		{"ManifestWithAnotherID", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["code2des_id"] = otherJob
		}, "result manifest does not match the job"},
		{"ManifestWithAnotherCaptureHash", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["capture_hash"] = strings.Repeat("2", 64)
		}, "result manifest does not match the job"},
		{"ManifestWithAnotherPageImport", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["page_import_id"] = otherJob
		}, "result manifest does not match the job"},
		{"PointerInAnotherBucket", func(job *models.Code2Des, _ map[string]any, cb map[string]any) {
			cb["result_url"] = models.S3URI("other-bucket", models.Code2DesArtifactPrefix("", job.ID, 1)+"result.json")
		}, "result_url is not in the configured bucket"},
		{"PointerUnderTheCapturePrefix", func(_ *models.Code2Des, _ map[string]any, cb map[string]any) {
			cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", source.ID, 1) + "capture.json")
		}, "result_url is outside the job's artifact prefix"},
		{"ImageKeyUnderAnotherJob", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["images"].([]any)[0].(map[string]any)["key"] = models.Code2DesArtifactPrefix("", otherJob, 1) + "i.png"
		}, `result image "img-1" key is outside the job's artifact prefix`},
		{"ImageOfAnUnsupportedType", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["images"].([]any)[0].(map[string]any)["mime_type"] = "text/html"
		}, "unsupported mime_type"},
		{"RootIsNotAnObject", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["root"] = "FRAME"
		}, "result root must be a JSON object"},
		// The node tree and its imageRefs are checked when the callback arrives, not only when
		// the plugin reads the result.
		{"DanglingImageRef", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["root"].(map[string]any)["fills"] = []any{map[string]any{"type": "IMAGE", "imageRef": "img-2"}}
		}, `imageRef "img-2" of node "1:1" names no entry of images`},
		{"UnknownNodeType", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["root"].(map[string]any)["children"] = []any{map[string]any{"id": "1:2", "type": "WIDGET", "name": "w"}}
		}, `result node tree: a node has no known type (got "WIDGET")`},
		{"TreePastTheDepthLimit", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["root"] = frameChain(artifacts.MaxTreeDepth + 1)
		}, "result node tree: nodes nested deeper than 128"},
		// Styled text segments (result version 2) must cover the characters in order.
		{"StyledTextSegmentsOverlap", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["version"] = 2
			r["root"].(map[string]any)["children"] = []any{styledText(0, 6, 5, 11)}
		}, `result node tree: TEXT node "1:2": styled text segment 1 starts at 5, inside the segment before it`},
		{"StyledTextSegmentsLeaveAGap", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["version"] = 2
			r["root"].(map[string]any)["children"] = []any{styledText(0, 5, 6, 11)}
		}, "leaving units 5 to 6 uncovered"},
		{"StyledTextSegmentPastTheCharacters", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["manifest"].(map[string]any)["version"] = 2
			r["root"].(map[string]any)["children"] = []any{styledText(0, 6, 6, 12)}
		}, "past the 11 UTF-16 units"},
		{"StyledTextSegmentsInAVersion1Result", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["root"].(map[string]any)["children"] = []any{styledText(0, 6, 6, 11)}
		}, "need result version 2"},
		{"UnknownTopLevelMember", func(_ *models.Code2Des, r map[string]any, _ map[string]any) {
			r["extra"] = true
		}, `result has an unknown member "extra"`},
		{"NotJSON", func(job *models.Code2Des, _ map[string]any, _ map[string]any) {
			e.put(models.Code2DesArtifactPrefix("", job.ID, 1)+"result.json", []byte("not json"))
		}, "result is not valid JSON"},
		{"MissingObject", func(job *models.Code2Des, _ map[string]any, cb map[string]any) {
			cb["result_url"] = e.uri(models.Code2DesArtifactPrefix("", job.ID, 1) + "never-written.json")
		}, "result object not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job := e.code2des(source)
			r := newResult(job, source, 2)
			cb := e.storeResult(job, r)
			tc.breakIt(job, r, cb)
			if tc.name != "NotJSON" {
				e.put(models.Code2DesArtifactPrefix("", job.ID, 1)+"result.json", mustJSON(t, r))
			}
			a := e.postJSON(callbacks.Code2DesPath, cb)
			if a.status != 422 || a.errorCode() != "artifact_invalid" || !strings.Contains(a.body.Error.Message, tc.message) {
				t.Errorf("got %v, want 422 with %q", a, tc.message)
			}
			row := e.readCode2Des(job.ID)
			if row.Status != models.Code2DesFailed || deref(row.ErrorMessage) != a.body.Error.Message ||
				row.ResultURL != nil || row.WarningCount != nil {
				t.Errorf("job after 422: %+v", row)
			}
		})
	}
	t.Run("StyledTextSegmentsCoveringTheCharactersAreAccepted", func(t *testing.T) {
		job := e.code2des(source)
		r := newResult(job, source, 0)
		r["manifest"].(map[string]any)["version"] = 2
		r["root"].(map[string]any)["children"] = []any{styledText(0, 6, 6, 11)}
		if a := e.postJSON(callbacks.Code2DesPath, e.storeResult(job, r)); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Errorf("got %v, want applied", a)
		}
	})
	t.Run("TreeAtTheDepthLimitIsAccepted", func(t *testing.T) {
		job := e.code2des(source)
		r := newResult(job, source, 0)
		r["root"] = frameChain(artifacts.MaxTreeDepth)
		r["root"].(map[string]any)["fills"] = []any{map[string]any{"type": "IMAGE", "imageRef": "img-1"}}
		if a := e.postJSON(callbacks.Code2DesPath, e.storeResult(job, r)); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Errorf("got %v, want applied", a)
		}
	})
	t.Run("ImageUnderTheCapturePrefixIsAccepted", func(t *testing.T) {
		job := e.code2des(source)
		r := newResult(job, source, 0)
		r["images"].([]any)[0].(map[string]any)["key"] = models.PageImportArtifactPrefix("", source.ID, 1) + "assets/a1.png"
		if a := e.postJSON(callbacks.Code2DesPath, e.storeResult(job, r)); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Errorf("got %v, want applied", a)
		}
	})
}

// frameChain is a node tree of depth frames, each the only child of the one before.
func frameChain(depth int) map[string]any {
	root := map[string]any{"id": "n0", "type": "FRAME", "name": ""}
	for node, i := root, 1; i < depth; i++ {
		child := map[string]any{"id": fmt.Sprintf("n%d", i), "type": "FRAME", "name": ""}
		node["children"] = []any{child}
		node = child
	}
	return root
}

// TestStorageDownAnswers503: when the artifact storage cannot be reached, or errs, or hangs past
// the read timeout, the callback answers 503 with Retry-After and nothing changes.
func TestStorageDownAnswers503(t *testing.T) {
	t.Parallel()
	failing, hanging := brokenStorage(t)

	for _, tc := range []struct {
		name     string
		endpoint string
	}{
		{"ClosedPort", testenv.ClosedEndpoint},
		{"ServerErrors", failing},
		{"ServerHangsPastTheReadTimeout", hanging},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// Artifacts are written to a live bucket; the service reads the same bucket name
			// through the misbehaving endpoint.
			e := newEnv(t, envOptions{
				blobFor: func(bucket string) models.BlobStore { return testenv.StoreAt(t, tc.endpoint, bucket) },
				limits:  artifacts.Limits{ReadTimeout: 300 * time.Millisecond},
			})
			pi := e.pageImport()
			cb := e.storeCapture(pi, newCapture(pi))
			before := e.readPageImport(pi.ID)
			a := e.postJSON(callbacks.PageImportsPath, cb)
			if a.status != 503 || a.errorCode() != "unavailable" || a.header.Get("Retry-After") == "" {
				t.Errorf("got %v (Retry-After %q), want 503 unavailable", a, a.header.Get("Retry-After"))
			}
			unchanged(t, before, e.readPageImport(pi.ID))

			source := e.completedPageImport(strings.Repeat("1", 64))
			job := e.code2des(source)
			jobBefore := e.readCode2Des(job.ID)
			if a := e.postJSON(callbacks.Code2DesPath, e.storeResult(job, newResult(job, source, 0))); a.status != 503 {
				t.Errorf("conversion: got %v, want 503", a)
			}
			unchanged(t, jobBefore, e.readCode2Des(job.ID))

			// A failure report needs no storage, so it is still applied.
			if a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, "gave up")); a.body.Result != callbacks.Applied {
				t.Errorf("failure while storage is down: %v, want applied", a)
			}
		})
	}
}

// styledText is a TEXT node "1:2" with the characters "Hello world" (11 UTF-16 units) and two
// styled segments [s1, e1) and [s2, e2).
func styledText(s1, e1, s2, e2 int) map[string]any {
	seg := func(start, end int) map[string]any {
		return map[string]any{"start": start, "end": end, "fontName": map[string]any{"family": "Inter", "style": "Regular"},
			"fills": []any{map[string]any{"type": "SOLID", "color": map[string]any{"r": 0, "g": 0, "b": 0}}}, "hyperlink": nil}
	}
	return map[string]any{"id": "1:2", "type": "TEXT", "name": "Hello world", "characters": "Hello world",
		"styledTextSegments": []any{seg(s1, e1), seg(s2, e2)}}
}

// TestSettledCallbackNeedsNoStorage: a completed capture callback that the job's row answers by
// itself (a second delivery, an unknown job, a stale nonce) gets the row's answer while the
// artifact storage errs or hangs: the artifact check, which runs while the row is read, is stopped
// and its verdict ignored, and the answer does not wait for the storage's read timeout.
func TestSettledCallbackNeedsNoStorage(t *testing.T) {
	t.Parallel()
	failing, hanging := brokenStorage(t)
	const readTimeout = 20 * time.Second // far longer than any answer below may take

	at := func(endpoint string) func(*testing.T, string) models.BlobStore {
		return func(t *testing.T, bucket string) models.BlobStore { return testenv.StoreAt(t, endpoint, bucket) }
	}
	for _, tc := range []struct {
		name string
		blob func(t *testing.T, bucket string) models.BlobStore
	}{
		{"ServerErrors", at(failing)},
		{"ServerHangs", at(hanging)},
		// A check that panics (run in its own goroutine) must neither end the process nor
		// change the row's answer.
		{"CheckPanics", func(_ *testing.T, bucket string) models.BlobStore { return panickingStore{bucket} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, envOptions{
				blobFor: func(bucket string) models.BlobStore { return tc.blob(t, bucket) },
				limits:  artifacts.Limits{ReadTimeout: readTimeout},
			})
			pi := e.pageImport()
			cb := e.storeCapture(pi, newCapture(pi))
			// The job completed with exactly what cb reports, as a first delivery would have left it.
			_, err := e.db.NewUpdate().Model((*models.PageImport)(nil)).
				Set("status = ?", models.PageImportCompleted).
				Set("result_url = ?", cb["result_url"]).Set("capture_hash = ?", cb["capture_hash"]).
				Set("screenshot_url = ?", cb["screenshot_url"]).
				Where("id = ?", pi.ID).Exec(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			before := e.readPageImport(pi.ID)

			unknown, _ := models.NewID()
			staleNonce := maps.Clone(cb)
			staleNonce["nonce"] = strings.Repeat("0", len(pi.Nonce))
			for _, c := range []struct {
				name   string
				cb     map[string]any
				status int
				want   string // the result of a 200, or the error code
			}{
				{"Duplicate", cb, 200, string(callbacks.Duplicate)},
				{"StaleNonce", staleNonce, 409, "conflict"},
				{"UnknownJob", forJob(cb, pi.ID, unknown), 404, "not_found"},
			} {
				start := time.Now()
				a := e.postJSON(callbacks.PageImportsPath, c.cb)
				got := a.errorCode()
				if a.status == 200 {
					got = string(a.body.Result)
				}
				if a.status != c.status || got != c.want {
					t.Errorf("%s: got %v, want %d %s", c.name, a, c.status, c.want)
				}
				if took := time.Since(start); took >= readTimeout/2 {
					t.Errorf("%s: answered after %v, waiting on the storage", c.name, took)
				}
			}
			unchanged(t, before, e.readPageImport(pi.ID))
		})
	}
}

// forJob returns a copy of cb, the callback of job from, that names job to, with its pointers in
// to's scope (so the storage is asked for to's artifacts).
func forJob(cb map[string]any, from, to string) map[string]any {
	c := maps.Clone(cb)
	c["page_import_id"] = to
	for _, k := range []string{"result_url", "screenshot_url"} {
		c[k] = strings.ReplaceAll(c[k].(string), from, to)
	}
	return c
}

// brokenStorage starts two storage endpoints for the test: one that answers every request with a
// 500 InternalError, one that never answers (until the request is cancelled or the test ends).
func brokenStorage(t *testing.T) (failing, hanging string) {
	t.Helper()
	f := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "<Error><Code>InternalError</Code></Error>", http.StatusInternalServerError)
	}))
	t.Cleanup(f.Close)
	release := make(chan struct{})
	h := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); h.Close() })
	return f.URL, h.URL
}

// panickingStore is a storage whose reads panic, as a defect in the artifact check would.
type panickingStore struct{ bucket string }

func (s panickingStore) Bucket() string { return s.bucket }
func (panickingStore) Put(context.Context, string, []byte, string) error {
	panic("panickingStore: Put")
}
func (panickingStore) Get(context.Context, string, int64) ([]byte, error) {
	panic("panickingStore: Get")
}
func (panickingStore) GetInto(context.Context, string, int64, []byte, io.Writer) ([]byte, error) {
	panic("panickingStore: GetInto")
}
func (panickingStore) Stream(context.Context, string, int64, io.Writer) (int64, error) {
	panic("panickingStore: Stream")
}

func (panickingStore) Size(context.Context, string) (int64, error) {
	panic("panickingStore: Size")
}
