package callbacks_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// TestFailedCallbackStoresASafeMessage: a failure stores its message cleaned and capped, and its
// failure artifact pointer when in scope.
func TestFailedCallbackStoresASafeMessage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	atCap := strings.Repeat("é", models.MaxErrorMessageLength)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"PlainMessageKept", "navigation timed out after 30s", "navigation timed out after 30s"},
		{"LineBreaksAndTabsBecomeSpaces", "line one\nline two\r\n\tthree", "line one line two   three"},
		{"ControlCharactersStripped", "bell\x07 escape\x1b[31m red \x00nul\x7f", "bell escape[31m red nul"},
		{"BidiOverridesStripped", "abc\u202edef\u200b", "abcdef"},
		{"InvalidUTF8Replaced", "bad \xff byte", "bad \uFFFD byte"},
		{"AtTheCapKept", atCap, atCap},
		{"PastTheCapCut", atCap + "x", atCap},
		{"OnlyControlCharactersGetTheFallback", "\x00\x01\n", "the worker reported a failure without a message"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pi := e.pageImport()
			a := e.postJSON(callbacks.PageImportsPath, failedPageImportCallback(pi, tc.in))
			if a.status != 200 || a.body.Result != callbacks.Applied {
				t.Fatalf("got %v", a)
			}
			row := e.readPageImport(pi.ID)
			if got := deref(row.ErrorMessage); got != tc.want {
				t.Errorf("stored %q, want %q", got, tc.want)
			}
			if n := utf8.RuneCountInString(deref(row.ErrorMessage)); n > models.MaxErrorMessageLength {
				t.Errorf("stored %d characters", n)
			}
			if row.Status != models.PageImportFailed || row.ResultURL != nil || row.UpdatedBy != callbacks.CaptureWorkerActor {
				t.Errorf("row %+v", row)
			}
		})
	}

	t.Run("FailurePointerInScopeIsStored", func(t *testing.T) {
		pi := e.pageImport()
		cb := failedPageImportCallback(pi, "boom")
		cb["result_url"] = e.uri(models.PageImportArtifactPrefix("", pi.ID, 1) + "failure.json")
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.body.Result != callbacks.Applied {
			t.Fatalf("got %v", a)
		}
		if row := e.readPageImport(pi.ID); deref(row.ResultURL) != cb["result_url"] || row.Status != models.PageImportFailed {
			t.Errorf("row %+v", row)
		}
	})
	t.Run("FailurePointerOutOfScopeIsDroppedWith422", func(t *testing.T) {
		pi := e.pageImport()
		cb := failedPageImportCallback(pi, "boom")
		cb["result_url"] = models.S3URI("elsewhere", models.PageImportArtifactPrefix("", pi.ID, 1)+"failure.json")
		a := e.postJSON(callbacks.PageImportsPath, cb)
		if a.status != 422 || !strings.Contains(a.body.Error.Message, "recorded without its result_url") {
			t.Errorf("got %v, want 422", a)
		}
		row := e.readPageImport(pi.ID)
		if row.Status != models.PageImportFailed || row.ResultURL != nil || deref(row.ErrorMessage) != "boom" {
			t.Errorf("row %+v", row)
		}
		if again := e.postJSON(callbacks.PageImportsPath, cb); again.body.Result != callbacks.Duplicate {
			t.Errorf("repeat: %v, want duplicate", again)
		}
	})
	t.Run("Code2DesFailureStoresMessageAndPointer", func(t *testing.T) {
		source := e.completedPageImport(strings.Repeat("a", 64))
		job := e.code2des(source)
		ptr := e.uri(models.Code2DesArtifactPrefix("", job.ID, 1) + "failure.log")
		a := e.postJSON(callbacks.Code2DesPath, map[string]any{"code2des_id": job.ID, "attempt": 1, "nonce": job.Nonce,
			"status": "failed", "error_message": "font\x00 missing", "result_url": ptr})
		if a.body.Result != callbacks.Applied {
			t.Fatalf("got %v", a)
		}
		row := e.readCode2Des(job.ID)
		if row.Status != models.Code2DesFailed || deref(row.ErrorMessage) != "font missing" || deref(row.ResultURL) != ptr ||
			row.WarningCount != nil || row.UpdatedBy != callbacks.ConversionWorkerActor {
			t.Errorf("row %+v", row)
		}
	})
}

// TestMalformedBodies: bodies that break their schema answer 400 and change nothing.
func TestMalformedBodies(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	pi := e.pageImport()
	valid := failedPageImportCallback(pi, "boom")
	for _, tc := range []struct {
		name string
		body string
	}{
		{"Empty", ""},
		{"NotJSON", "status=failed"},
		{"Array", "[]"},
		{"TwoObjects", string(mustJSON(t, valid)) + string(mustJSON(t, valid))},
		{"Truncated", string(mustJSON(t, valid))[:20]},
		{"UnknownField", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + pi.Nonce + `","status":"failed","error_message":"x","debug":true}`},
		{"AttemptAsString", `{"page_import_id":"` + pi.ID + `","attempt":"1","nonce":"` + pi.Nonce + `","status":"failed","error_message":"x"}`},
		{"AttemptAsFraction", `{"page_import_id":"` + pi.ID + `","attempt":1.5,"nonce":"` + pi.Nonce + `","status":"failed","error_message":"x"}`},
		{"UppercaseID", `{"page_import_id":"` + strings.ToUpper(pi.ID) + `","attempt":1,"nonce":"` + pi.Nonce + `","status":"failed","error_message":"x"}`},
		{"NonceWithSpace", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"a b","status":"failed","error_message":"x"}`},
		{"NonceTooLong", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + strings.Repeat("a", artifacts.MaxNonceLength+1) + `","status":"failed","error_message":"x"}`},
		{"UnknownStatus", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + pi.Nonce + `","status":"processing"}`},
		{"FailedWithoutMessage", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + pi.Nonce + `","status":"failed"}`},
		{"PointerTooLong", `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + pi.Nonce + `","status":"failed","error_message":"x","result_url":"s3://b/` + strings.Repeat("k", callbacks.MaxPointerLength) + `"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.readPageImport(pi.ID)
			a := e.post(callbacks.PageImportsPath, []byte(tc.body))
			if a.status != 400 || a.errorCode() != "malformed" {
				t.Errorf("got %v, want 400 malformed", a)
			}
			if a.body.Error != nil && pi.Nonce != "" && strings.Contains(a.body.Error.Message, pi.Nonce) {
				t.Error("the answer echoes the nonce")
			}
			unchanged(t, before, e.readPageImport(pi.ID))
		})
	}
	t.Run("NonceAtItsLengthLimitIsWellFormed", func(t *testing.T) {
		body := `{"page_import_id":"` + pi.ID + `","attempt":1,"nonce":"` + strings.Repeat("a", artifacts.MaxNonceLength) + `","status":"failed","error_message":"x"}`
		if a := e.post(callbacks.PageImportsPath, []byte(body)); a.status != 409 {
			t.Errorf("got %v, want 409 (well formed, wrong nonce)", a)
		}
	})
}
