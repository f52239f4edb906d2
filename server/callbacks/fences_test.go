package callbacks_test

import (
	"context"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/callbacks"
)

// TestPageImportFences is the fence table of SPEC §6 for page imports.
func TestPageImportFences(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})

	t.Run("UnknownIDIs404", func(t *testing.T) {
		pi := &models.PageImport{Attempt: 1, Nonce: "nonce"}
		pi.ID, _ = models.NewID()
		a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, "boom"))
		if a.status != 404 || a.errorCode() != "not_found" {
			t.Errorf("got %v, want 404 not_found", a)
		}
	})

	var fenceMessages []string
	for _, tc := range []struct {
		name       string
		breakFence func(cb map[string]any, pi *models.PageImport)
	}{
		{"StaleAttemptIs409", func(cb map[string]any, _ *models.PageImport) { cb["attempt"] = 2 }},
		{"WrongNonceIs409", func(cb map[string]any, _ *models.PageImport) { cb["nonce"] = otherNonce(cb["nonce"].(string)) }},
		{"ShorterNonceIs409", func(cb map[string]any, _ *models.PageImport) { cb["nonce"] = cb["nonce"].(string)[1:] }},
		{"DeletedJobIs409", func(_ map[string]any, pi *models.PageImport) {
			_, err := e.db.NewUpdate().Model((*models.PageImport)(nil)).Set("deleted_at = current_timestamp").
				Set("deleted_by = 'sub-2'").Where("id = ?", pi.ID).Exec(context.Background())
			if err != nil {
				t.Fatal(err)
			}
		}},
	} {
		for _, status := range []string{"completed", "failed"} {
			t.Run(tc.name+"/"+status, func(t *testing.T) {
				pi := e.pageImport()
				cb := failedPageImportCallback(pi, "boom")
				if status == "completed" {
					cb = e.storeCapture(pi, newCapture(pi))
				}
				tc.breakFence(cb, pi)
				before := e.readPageImport(pi.ID)
				a := e.postJSON(callbacks.PageImportsPath, cb)
				if a.status != 409 || a.errorCode() != "conflict" {
					t.Errorf("got %v, want 409 conflict", a)
				} else {
					fenceMessages = append(fenceMessages, a.body.Error.Message)
				}
				unchanged(t, before, e.readPageImport(pi.ID))
			})
		}
	}
	t.Run("FenceAnswersDoNotTellWhichFenceFailed", func(t *testing.T) {
		for _, m := range fenceMessages {
			if m != fenceMessages[0] {
				t.Errorf("fence messages differ: %q and %q", fenceMessages[0], m)
			}
		}
	})

	t.Run("CompletedTwiceIsDuplicate", func(t *testing.T) {
		pi := e.pageImport()
		cb := e.storeCapture(pi, newCapture(pi))
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Fatalf("first delivery: %v", a)
		}
		after := e.readPageImport(pi.ID)
		if after.Status != models.PageImportCompleted || deref(after.CaptureHash) != cb["capture_hash"] ||
			deref(after.ResultURL) != cb["result_url"] || deref(after.ScreenshotURL) != cb["screenshot_url"] ||
			after.ErrorMessage != nil || after.UpdatedBy != callbacks.CaptureWorkerActor {
			t.Errorf("completed row: %+v", after)
		}
		a := e.postJSON(callbacks.PageImportsPath, cb)
		if a.status != 200 || a.body.Result != callbacks.Duplicate {
			t.Errorf("second delivery: %v, want 200 duplicate", a)
		}
		unchanged(t, after, e.readPageImport(pi.ID))
	})

	t.Run("FailedTwiceIsDuplicateAndKeepsTheFirstMessage", func(t *testing.T) {
		pi := e.pageImport()
		if a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, "first")); a.body.Result != callbacks.Applied {
			t.Fatalf("first delivery: %v", a)
		}
		after := e.readPageImport(pi.ID)
		a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, "second"))
		if a.status != 200 || a.body.Result != callbacks.Duplicate {
			t.Errorf("second failure: %v, want 200 duplicate", a)
		}
		unchanged(t, after, e.readPageImport(pi.ID))
	})

	for _, tc := range []struct {
		name   string
		second func(pi *models.PageImport, first map[string]any) map[string]any
	}{
		{"FailedAfterCompletedIs409", func(pi *models.PageImport, _ map[string]any) map[string]any {
			return failedPageImportCallback(pi, "late failure")
		}},
		{"OtherScreenshotAfterCompletedIs409", func(pi *models.PageImport, first map[string]any) map[string]any {
			cb := clone(first)
			cb["screenshot_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 1) + "other.png")
			return cb
		}},
		{"OtherHashAfterCompletedIs409", func(pi *models.PageImport, first map[string]any) map[string]any {
			cb := clone(first)
			cb["capture_hash"] = "0000000000000000000000000000000000000000000000000000000000000000"
			return cb
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pi := e.pageImport()
			first := e.storeCapture(pi, newCapture(pi))
			if a := e.postJSON(callbacks.PageImportsPath, first); a.body.Result != callbacks.Applied {
				t.Fatalf("first delivery: %v", a)
			}
			after := e.readPageImport(pi.ID)
			a := e.postJSON(callbacks.PageImportsPath, tc.second(pi, first))
			if a.status != 409 || a.errorCode() != "conflict" || a.body.Error.Message == fenceMessages[0] {
				t.Errorf("got %v, want 409 with the conflicting-outcome message", a)
			}
			unchanged(t, after, e.readPageImport(pi.ID))
		})
	}

	t.Run("CompletedAfterFailedIs409", func(t *testing.T) {
		pi := e.pageImport()
		cb := e.storeCapture(pi, newCapture(pi))
		if a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, "boom")); a.body.Result != callbacks.Applied {
			t.Fatalf("failure: %v", a)
		}
		after := e.readPageImport(pi.ID)
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.status != 409 {
			t.Errorf("completion after failure: %v, want 409", a)
		}
		unchanged(t, after, e.readPageImport(pi.ID))
	})
}

// TestCode2DesFences is the fence table for conversions.
func TestCode2DesFences(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	source := e.completedPageImport("1111111111111111111111111111111111111111111111111111111111111111")
	failed := func(job *models.Code2Des) map[string]any {
		return map[string]any{"code2des_id": job.ID, "attempt": job.Attempt, "nonce": job.Nonce, "status": "failed", "error_message": "boom"}
	}

	t.Run("UnknownIDIs404", func(t *testing.T) {
		job := &models.Code2Des{Attempt: 1, Nonce: "nonce"}
		job.ID, _ = models.NewID()
		if a := e.postJSON(callbacks.Code2DesPath, failed(job)); a.status != 404 {
			t.Errorf("got %v, want 404", a)
		}
	})
	t.Run("StaleAttemptIs409", func(t *testing.T) {
		job := e.code2des(source)
		cb := e.storeResult(job, newResult(job, source, 0))
		cb["attempt"] = 3
		before := e.readCode2Des(job.ID)
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.status != 409 {
			t.Errorf("got %v, want 409", a)
		}
		unchanged(t, before, e.readCode2Des(job.ID))
	})
	t.Run("WrongNonceIs409", func(t *testing.T) {
		job := e.code2des(source)
		cb := failed(job)
		cb["nonce"] = otherNonce(job.Nonce)
		before := e.readCode2Des(job.ID)
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.status != 409 {
			t.Errorf("got %v, want 409", a)
		}
		unchanged(t, before, e.readCode2Des(job.ID))
	})
	t.Run("DeletedJobIs409", func(t *testing.T) {
		job := e.code2des(source)
		_, err := e.db.NewUpdate().Model((*models.Code2Des)(nil)).Set("deleted_at = current_timestamp").
			Where("id = ?", job.ID).Exec(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		before := e.readCode2Des(job.ID)
		if a := e.postJSON(callbacks.Code2DesPath, failed(job)); a.status != 409 {
			t.Errorf("got %v, want 409", a)
		}
		unchanged(t, before, e.readCode2Des(job.ID))
	})
	t.Run("CompletedTwiceIsDuplicate", func(t *testing.T) {
		job := e.code2des(source)
		cb := e.storeResult(job, newResult(job, source, 2))
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.status != 200 || a.body.Result != callbacks.Applied {
			t.Fatalf("first: %v", a)
		}
		after := e.readCode2Des(job.ID)
		if after.Status != models.Code2DesCompleted || deref(after.WarningCount) != 2 || deref(after.ResultURL) != cb["result_url"] ||
			after.UpdatedBy != callbacks.ConversionWorkerActor {
			t.Errorf("completed row: %+v", after)
		}
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.status != 200 || a.body.Result != callbacks.Duplicate {
			t.Errorf("second: %v, want duplicate", a)
		}
		unchanged(t, after, e.readCode2Des(job.ID))
	})
	t.Run("ConflictingOutcomeIs409", func(t *testing.T) {
		job := e.code2des(source)
		cb := e.storeResult(job, newResult(job, source, 0))
		if a := e.postJSON(callbacks.Code2DesPath, cb); a.body.Result != callbacks.Applied {
			t.Fatalf("first: %v", a)
		}
		after := e.readCode2Des(job.ID)
		if a := e.postJSON(callbacks.Code2DesPath, failed(job)); a.status != 409 {
			t.Errorf("failure after completion: %v, want 409", a)
		}
		other := clone(cb)
		other["warning_count"] = 1
		if a := e.postJSON(callbacks.Code2DesPath, other); a.status != 409 {
			t.Errorf("other warning count after completion: %v, want 409", a)
		}
		unchanged(t, after, e.readCode2Des(job.ID))
	})
	t.Run("PageImportRowIsNeverTouched", func(t *testing.T) {
		unchanged(t, source, e.readPageImport(source.ID))
	})
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// otherNonce returns n with its first character changed: same length, different value.
func otherNonce(n string) string {
	if n[0] == 'A' {
		return "B" + n[1:]
	}
	return "A" + n[1:]
}
