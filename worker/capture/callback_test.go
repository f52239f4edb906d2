package capture

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// Signing, retries and what each backend answer does to the message are worker/internal/callback's
// (shared with the conversion worker) and tested there; the capture worker's own part is its body.

func TestCallbackBodyErrorMessageCappedAtLimit(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  string
		want int
	}{
		{"AtLimit_Kept", strings.Repeat("a", MaxErrorMessageLen), MaxErrorMessageLen},
		{"OnePast_Cut", strings.Repeat("a", MaxErrorMessageLen+1), MaxErrorMessageLen},
		{"CharacterAcrossLimit_CutBeforeIt", strings.Repeat("a", MaxErrorMessageLen-1) + "é", MaxErrorMessageLen - 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := CallbackBody{Status: StatusFailed, ErrorMessage: tc.msg}.encode()
			if err != nil {
				t.Fatal(err)
			}
			var got CallbackBody
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if len(got.ErrorMessage) != tc.want || !utf8.ValidString(got.ErrorMessage) {
				t.Errorf("error_message of %d bytes sent as %d bytes, want %d", len(tc.msg), len(got.ErrorMessage), tc.want)
			}
		})
	}
}

func TestFailedCallbackBodyCarriesNoResult(t *testing.T) {
	raw, err := CallbackBody{PageImportID: "id", Attempt: 1, Nonce: "n", Status: StatusFailed, ErrorMessage: "x", ErrorCode: CodePageCrashed}.encode()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"page_import_id":"id","attempt":1,"nonce":"n","status":"failed","error_message":"x","error_code":"PAGE_CRASHED"}`; string(raw) != want {
		t.Errorf("body %s, want %s", raw, want)
	}
}

// TestCodesAreWhatTheAPIAccepts: every code the worker sends passes the API's rule (the API
// answers 400 to any other, and the message would never be deleted).
func TestCodesAreWhatTheAPIAccepts(t *testing.T) {
	for _, c := range []string{CodeInvalidRequest, CodeAddressNotAllowed, CodeAddressUnresolved, CodePageUnreachable, CodeHTTPError,
		CodeNotAWebPage, CodeLoadTimeout, CodeReadySelector, CodePageCrashed, CodePageUnresponsive, CodePageClosed, CodeStepTimeout,
		CodePageUnreadable, CodePageTooLarge, CodeJobTimeout, CodeSnapshotInvalid, CodeInternal} {
		if !isErrorCode(c) {
			t.Errorf("code %q is not well-formed", c)
		}
	}
	for _, tc := range []struct {
		code string
		ok   bool
	}{
		{strings.Repeat("A", MaxErrorCodeLen), true}, {strings.Repeat("A", MaxErrorCodeLen+1), false},
		{"", false}, {"page_crashed", false}, {"9X", false}, {"_X", false}, {"A-B", false},
	} {
		if got := isErrorCode(tc.code); got != tc.ok {
			t.Errorf("isErrorCode(%q) = %v, want %v", tc.code, got, tc.ok)
		}
	}
}
