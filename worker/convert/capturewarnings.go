package convert

import (
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/warnings"
)

// CaptureWarningPrefix prefixes the code of each capture warning passed on in the result
// (CAPTURE_PAGE_NOT_SETTLED, CAPTURE_INFINITE_ANIMATION_PAUSED, CAPTURE_JAVASCRIPT_DIALOGS), so
// the plugin can tell what the page did while captured from what the conversion approximated.
const CaptureWarningPrefix = "CAPTURE_"

// maxCaptureWarningCode bounds a passed-on code, prefix included (the backend's warning code
// limit, server/artifacts MaxWarningCodeLength).
const maxCaptureWarningCode = 64

// passOnCaptureWarnings adds the capture's own warnings as page-wide result warnings, in their
// order, after the conversion's. Codes that are empty, too long or not upper-case snake case are
// skipped: the capture JSON is input, not trusted to be well formed.
func passOnCaptureWarnings(c *capturemodel.Capture, warn *warnings.List) {
	for _, w := range c.Document.Warnings {
		code := CaptureWarningPrefix + w.Code
		if w.Code == "" || len(code) > maxCaptureWarningCode || !isWarningCode(w.Code) || w.Message == "" {
			continue
		}
		warn.Add(code, "", "%s", w.Message)
	}
}

// isWarningCode reports upper-case snake case (A-Z, 0-9, _).
func isWarningCode(s string) bool {
	return strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}
