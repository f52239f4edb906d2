package capture

import (
	"fmt"
)

// Page failures (docs/workers.md "Page failures"): everything that goes wrong because of the page,
// or inside the job's own tab, fails the job at once with a message for the user and a code; the
// message is not sent for redelivery, and a redelivered message of such a job is answered from
// the failure record without rendering again (worker.go). Only the worker's own faults (the
// browser process gone, storage, the queue, the callback) are left for redelivery.

// Codes of page failures, one per class (docs/workers.md lists each with its message).
const (
	// CodeInvalidRequest: the message breaks the limits of SPEC §4.
	CodeInvalidRequest = "INVALID_REQUEST"
	// CodeAddressNotAllowed: the page's address is in a private or reserved network.
	CodeAddressNotAllowed = "ADDRESS_NOT_ALLOWED"
	// CodeAddressUnresolved: the page's host name does not resolve.
	CodeAddressUnresolved = "ADDRESS_UNRESOLVED"
	// CodePageUnreachable: the page could not be loaded (a network error).
	CodePageUnreachable = "PAGE_UNREACHABLE"
	// CodeHTTPError: the page answered with an HTTP error status.
	CodeHTTPError = "HTTP_ERROR"
	// CodeNotAWebPage: the address serves a download, a PDF, an image or another type that is
	// not HTML, XHTML or SVG.
	CodeNotAWebPage = "NOT_A_WEB_PAGE"
	// CodeLoadTimeout: the page did not finish loading within the load budget.
	CodeLoadTimeout = "LOAD_TIMEOUT"
	// CodeReadySelector: the ready selector never appeared, or is not valid CSS.
	CodeReadySelector = "READY_SELECTOR"
	// CodePageCrashed: the page's renderer crashed (out of memory past its ceiling, or a bug).
	CodePageCrashed = "PAGE_CRASHED"
	// CodePageUnresponsive: the page's main thread stopped answering (a script that never yields).
	CodePageUnresponsive = "PAGE_UNRESPONSIVE"
	// CodePageClosed: the page closed its own window.
	CodePageClosed = "PAGE_CLOSED"
	// CodeStepTimeout: one step of the capture got no answer from the page within its own
	// timeout.
	CodeStepTimeout = "STEP_TIMEOUT"
	// CodePageUnreadable: the page broke a step of the capture (its scripts replaced what the
	// capture relies on, or DevTools refused what the page holds).
	CodePageUnreadable = "PAGE_UNREADABLE"
	// CodePageTooLarge: the page's document is over MaxDocumentBytes.
	CodePageTooLarge = "PAGE_TOO_LARGE"
	// CodeJobTimeout: the whole capture ran past CAPTURE_JOB_TIMEOUT.
	CodeJobTimeout = "JOB_TIMEOUT"
	// CodeSnapshotInvalid: an uploaded snapshot is missing, not as declared, or unreadable.
	CodeSnapshotInvalid = "SNAPSHOT_INVALID"
	// CodeInternal: the worker's own fault outlasted the message's deliveries
	// (CAPTURE_MAX_RECEIVES): the job failed with the worker's internal-error message.
	CodeInternal = "INTERNAL_ERROR"
)

// PageError is a failure of the page itself, or of the job's tab. Its Message is safe to show
// to end users and becomes the callback's error_message; Code names its class. Err, when set,
// is the underlying error, for the worker's log only.
type PageError struct {
	Code    string
	Message string
	Err     error
}

func (e *PageError) Error() string { return e.Message }

// Unwrap returns the underlying error (nil for most page failures).
func (e *PageError) Unwrap() error { return e.Err }

func pageErrorf(code, format string, args ...any) error {
	return &PageError{Code: code, Message: fmt.Sprintf(format, args...)}
}
