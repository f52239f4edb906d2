package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestCaptureWarningsPassedOn: the capture worker's warnings follow the conversion's own, page
// wide (on the root), with the CAPTURE_ prefix and their messages; malformed ones are skipped.
func TestCaptureWarningsPassedOn(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "unsupported")
	own := len(f.convert(t).Result.Warnings)
	f.capture.Document.Warnings = []capturemodel.CaptureWarning{
		{Code: "PAGE_NOT_SETTLED", Message: "the page was still changing after 5s"},
		{Code: "not-a-code", Message: "skipped"},
		{Code: "INFINITE_ANIMATION_PAUSED", Message: ""},
		{Code: strings.Repeat("X", 64-len(convert.CaptureWarningPrefix)+1), Message: "skipped: too long"},
		{Code: strings.Repeat("Y", 64-len(convert.CaptureWarningPrefix)), Message: "at the code limit"},
		{Code: "JAVASCRIPT_DIALOGS", Message: "the page opened 2 JavaScript dialogs; each was dismissed"},
	}
	out := f.convert(t)
	got := out.Result.Warnings[own:]
	want := []struct{ code, msg string }{
		{"CAPTURE_PAGE_NOT_SETTLED", "the page was still changing after 5s"},
		{"CAPTURE_" + strings.Repeat("Y", 64-len(convert.CaptureWarningPrefix)), "at the code limit"},
		{"CAPTURE_JAVASCRIPT_DIALOGS", "the page opened 2 JavaScript dialogs; each was dismissed"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d capture warnings passed on (%v), want %d", len(got), got, len(want))
	}
	for i, w := range want {
		if got[i].Code != w.code || got[i].Message != w.msg || got[i].NodeID == nil || *got[i].NodeID != out.Result.Root.ID {
			t.Errorf("warning %d = %s %q on %v, want %s %q on the root %s", i, got[i].Code, got[i].Message, got[i].NodeID, w.code, w.msg, out.Result.Root.ID)
		}
	}
}
