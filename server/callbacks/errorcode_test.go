package callbacks_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/callbacks"
)

// failureRow reads the page_import_failure row of id (nil when there is none).
func (e *env) failureRow(id string) *models.PageImportFailure {
	e.t.Helper()
	var row models.PageImportFailure
	err := e.db.NewSelect().Model(&row).Where("page_import_id = ?", id).Scan(context.Background())
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return &row
}

// TestFailedCallbackStoresItsErrorCode: a failed callback's optional error_code is stored with
// the failure (page_import_failure, for the job's attempt) when it is 1 to MaxErrorCodeLength
// characters of A-Z, 0-9 and _ starting with a letter; any other answers 400 and changes
// nothing; a completed callback may not carry one.
func TestFailedCallbackStoresItsErrorCode(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	atLimit := "P" + strings.Repeat("_9", (models.MaxErrorCodeLength-2)/2) + "Z"
	if len(atLimit) != models.MaxErrorCodeLength {
		t.Fatalf("code of %d characters, want %d", len(atLimit), models.MaxErrorCodeLength)
	}
	for _, tc := range []struct {
		name string
		code any
		// want is the stored code ("": no row); malformed answers 400.
		want      string
		malformed bool
	}{
		{name: "PageCrashed_Stored", code: "PAGE_CRASHED", want: "PAGE_CRASHED"},
		{name: "OneLetter_Stored", code: "X", want: "X"},
		{name: "AtTheLengthLimit_Stored", code: atLimit, want: atLimit},
		{name: "OnePastTheLengthLimit_Malformed", code: atLimit + "X", malformed: true},
		{name: "Absent_NoCode"},
		{name: "Null_NoCode", code: nil},
		{name: "Empty_Malformed", code: "", malformed: true},
		{name: "Lowercase_Malformed", code: "page_crashed", malformed: true},
		{name: "LeadingDigit_Malformed", code: "9LIVES", malformed: true},
		{name: "LeadingUnderscore_Malformed", code: "_X", malformed: true},
		{name: "Hyphen_Malformed", code: "PAGE-CRASHED", malformed: true},
		{name: "Space_Malformed", code: "PAGE CRASHED", malformed: true},
		{name: "NonASCII_Malformed", code: "PAGE_CRASHÉD", malformed: true},
		{name: "Number_Malformed", code: 42, malformed: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pi := e.pageImport()
			cb := failedPageImportCallback(pi, "the page crashed; it may use too much memory")
			if tc.name != "Absent_NoCode" {
				cb["error_code"] = tc.code
			}
			before := e.readPageImport(pi.ID)
			a := e.postJSON(callbacks.PageImportsPath, cb)
			if tc.malformed {
				if a.status != 400 || a.errorCode() != "malformed" {
					t.Fatalf("got %v, want 400 malformed", a)
				}
				if s, ok := tc.code.(string); ok && !strings.Contains(a.body.Error.Message, "error_code must be 1 to 64 characters of A-Z, 0-9 and _, starting with a letter") {
					t.Errorf("message %q for code %q", a.body.Error.Message, s)
				}
				unchanged(t, before, e.readPageImport(pi.ID))
				if row := e.failureRow(pi.ID); row != nil {
					t.Errorf("failure row %+v after a malformed callback", row)
				}
				return
			}
			if a.status != 200 || a.body.Result != callbacks.Applied {
				t.Fatalf("got %v, want applied", a)
			}
			if row := e.readPageImport(pi.ID); row.Status != models.PageImportFailed || deref(row.ErrorMessage) != "the page crashed; it may use too much memory" {
				t.Errorf("row %+v", row)
			}
			row := e.failureRow(pi.ID)
			switch {
			case tc.want == "" && row != nil:
				t.Errorf("failure row %+v, want none", row)
			case tc.want != "" && (row == nil || row.ErrorCode != tc.want || row.Attempt != pi.Attempt):
				t.Errorf("failure row %+v, want code %s for attempt %d", row, tc.want, pi.Attempt)
			}
		})
	}

	t.Run("CompletedWithCode_Malformed", func(t *testing.T) {
		pi := e.pageImport()
		cb := e.storeCapture(pi, newCapture(pi))
		cb["error_code"] = "PAGE_CRASHED"
		before := e.readPageImport(pi.ID)
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.status != 400 || !strings.Contains(a.body.Error.Message, "error_code is not allowed when status is completed") {
			t.Errorf("got %v, want 400", a)
		}
		unchanged(t, before, e.readPageImport(pi.ID))
	})
	t.Run("RepeatWithAnotherCode_DuplicateKeepsTheFirst", func(t *testing.T) {
		pi := e.pageImport()
		cb := failedPageImportCallback(pi, "the page crashed; it may use too much memory")
		cb["error_code"] = "PAGE_CRASHED"
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.body.Result != callbacks.Applied {
			t.Fatalf("got %v", a)
		}
		cb["error_code"] = "PAGE_UNRESPONSIVE"
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.status != 200 || a.body.Result != callbacks.Duplicate {
			t.Errorf("repeat: %v, want duplicate", a)
		}
		if row := e.failureRow(pi.ID); row == nil || row.ErrorCode != "PAGE_CRASHED" {
			t.Errorf("failure row %+v, want PAGE_CRASHED kept", row)
		}
	})
	t.Run("StaleAttempt_Conflict_NoCode", func(t *testing.T) {
		pi := e.pageImport()
		cb := failedPageImportCallback(pi, "boom")
		cb["attempt"], cb["error_code"] = 2, "PAGE_CRASHED"
		if a := e.postJSON(callbacks.PageImportsPath, cb); a.status != 409 {
			t.Errorf("got %v, want 409", a)
		}
		if row := e.failureRow(pi.ID); row != nil {
			t.Errorf("failure row %+v after a refused callback", row)
		}
	})
}
