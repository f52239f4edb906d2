package callbacks

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
)

// MaxBodyBytes is the largest callback body accepted, in bytes (SPEC §6: 1 MiB). One byte more
// answers 413.
const MaxBodyBytes = 1 << 20

// MaxPointerLength is the longest result_url or screenshot_url (the seeds' varchar(1000)).
const MaxPointerLength = 1000

// The callback status values (SPEC §6).
const (
	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// PageImportCallback is the body of POST /webhooks/page-imports
// (docs/schemas/page-import-callback.schema.json). Optional fields may be omitted or null.
type PageImportCallback struct {
	PageImportID string `json:"page_import_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	// Status is StatusCompleted or StatusFailed.
	Status string `json:"status"`
	// ResultURL is the capture JSON (completed) or an optional failure artifact (failed).
	ResultURL *string `json:"result_url"`
	// CaptureHash and ScreenshotURL are required when completed and refused when failed.
	CaptureHash   *string `json:"capture_hash"`
	ScreenshotURL *string `json:"screenshot_url"`
	// ErrorMessage is required when failed and refused when completed.
	ErrorMessage *string `json:"error_message"`
	// ErrorCode optionally names the class of a failure (PAGE_CRASHED, NOT_A_WEB_PAGE, ...;
	// docs/workers.md §13), models.IsErrorCode; refused when completed. Stored in
	// page_import_failure and shown as PageImport.errorCode.
	ErrorCode *string `json:"error_code"`
}

// Code2DesCallback is the body of POST /webhooks/code2des
// (docs/schemas/code2des-callback.schema.json). Optional fields may be omitted or null.
type Code2DesCallback struct {
	Code2DesID string `json:"code2des_id"`
	Attempt    int    `json:"attempt"`
	Nonce      string `json:"nonce"`
	Status     string `json:"status"`
	// ResultURL is the result JSON (completed) or an optional failure artifact (failed).
	ResultURL *string `json:"result_url"`
	// WarningCount is required when completed and refused when failed.
	WarningCount *int    `json:"warning_count"`
	ErrorMessage *string `json:"error_message"`
}

// errMalformed is a CodeBadUserInput error: the body breaks its schema (answered 400).
func errMalformed(format string, args ...any) error {
	return models.Errorf(models.CodeBadUserInput, format, args...)
}

// DecodePageImportCallback decodes and checks a page import callback body.
//
// Errors (CodeBadUserInput, message safe for the worker): not one JSON object, an unknown field,
// a missing or malformed field, or a field that does not belong to the status.
func DecodePageImportCallback(body []byte) (*PageImportCallback, error) {
	var cb PageImportCallback
	if err := decodeStrict(body, &cb); err != nil {
		return nil, err
	}
	if err := checkIdentity("page_import_id", cb.PageImportID, cb.Attempt, cb.Nonce); err != nil {
		return nil, err
	}
	completed := func() error {
		if err := requirePointer("screenshot_url", cb.ScreenshotURL); err != nil {
			return err
		}
		if cb.CaptureHash == nil || !artifacts.IsSHA256Hex(*cb.CaptureHash) {
			return errMalformed("capture_hash must be 64 lowercase hex characters when status is completed")
		}
		if cb.ErrorCode != nil {
			return errMalformed("error_code is not allowed when status is completed")
		}
		return nil
	}
	failed := func() error {
		if cb.CaptureHash != nil || cb.ScreenshotURL != nil {
			return errMalformed("capture_hash and screenshot_url are not allowed when status is failed")
		}
		if cb.ErrorCode != nil && !models.IsErrorCode(*cb.ErrorCode) {
			return errMalformed("error_code must be 1 to %d characters of A-Z, 0-9 and _, starting with a letter", models.MaxErrorCodeLength)
		}
		return nil
	}
	if err := checkOutcome(cb.Status, cb.ResultURL, cb.ErrorMessage, completed, failed); err != nil {
		return nil, err
	}
	return &cb, nil
}

// DecodeCode2DesCallback decodes and checks a code2des callback body.
//
// Errors (CodeBadUserInput): as DecodePageImportCallback.
func DecodeCode2DesCallback(body []byte) (*Code2DesCallback, error) {
	var cb Code2DesCallback
	if err := decodeStrict(body, &cb); err != nil {
		return nil, err
	}
	if err := checkIdentity("code2des_id", cb.Code2DesID, cb.Attempt, cb.Nonce); err != nil {
		return nil, err
	}
	completed := func() error {
		if cb.WarningCount == nil || *cb.WarningCount < 0 || *cb.WarningCount > math.MaxInt32 {
			return errMalformed("warning_count must be an integer from 0 to %d when status is completed", math.MaxInt32)
		}
		return nil
	}
	failed := func() error {
		if cb.WarningCount != nil {
			return errMalformed("warning_count is not allowed when status is failed")
		}
		return nil
	}
	if err := checkOutcome(cb.Status, cb.ResultURL, cb.ErrorMessage, completed, failed); err != nil {
		return nil, err
	}
	return &cb, nil
}

// checkOutcome checks the status and the fields both callbacks share for it: completed requires
// result_url and refuses error_message; failed requires error_message and allows result_url.
// completed and failed check the kind's own fields, between the shared ones (the order in which
// the first problem of a body is reported).
func checkOutcome(status string, resultURL, errorMessage *string, completed, failed func() error) error {
	switch status {
	case StatusCompleted:
		if err := requirePointer("result_url", resultURL); err != nil {
			return err
		}
		if err := completed(); err != nil {
			return err
		}
		if errorMessage != nil {
			return errMalformed("error_message is not allowed when status is completed")
		}
		return nil
	case StatusFailed:
		if err := requireMessage(errorMessage); err != nil {
			return err
		}
		if err := optionalPointer("result_url", resultURL); err != nil {
			return err
		}
		return failed()
	default:
		return errMalformed("status must be %q or %q", StatusCompleted, StatusFailed)
	}
}

// decodeStrict decodes exactly one JSON object, refusing unknown fields and trailing data. The
// messages name the problem without echoing the body.
func decodeStrict(body []byte, v any) error {
	t := bytes.TrimLeft(body, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return errMalformed("body must be one JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return errMalformed("field %s has the wrong type", typeErr.Field)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return errMalformed("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
		default:
			return errMalformed("body is not valid JSON")
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errMalformed("body must be one JSON object with nothing after it")
	}
	return nil
}

func checkIdentity(idField, id string, attempt int, nonce string) error {
	if _, err := models.ParseID(idField, id); err != nil {
		return errMalformed("%s must be a job id (lowercase UUID)", idField)
	}
	if attempt < 1 || attempt > math.MaxInt32 {
		return errMalformed("attempt must be an integer from 1 to %d", math.MaxInt32)
	}
	if !artifacts.IsNonceText(nonce) {
		return errMalformed("nonce must be 1 to %d URL-safe base64 characters", artifacts.MaxNonceLength)
	}
	return nil
}

func requirePointer(field string, p *string) error {
	if p == nil {
		return errMalformed("%s is required when status is completed", field)
	}
	return optionalPointer(field, p)
}

// optionalPointer checks only the shape (an s3:// URI of bounded length); the scope is checked
// against the job later, where a pointer out of scope fails the job (422) instead of being merely
// malformed.
func optionalPointer(field string, p *string) error {
	if p == nil {
		return nil
	}
	if !strings.HasPrefix(*p, "s3://") || utf8.RuneCountInString(*p) > MaxPointerLength {
		return errMalformed("%s must be an s3:// URI of at most %d characters", field, MaxPointerLength)
	}
	return nil
}

func requireMessage(p *string) error {
	if p == nil || *p == "" {
		return errMalformed("error_message is required when status is failed")
	}
	return nil
}

// SafeErrorMessage makes a worker's error_message fit to store and show (SPEC §6, seeds' "safe
// terminal failure detail"): invalid UTF-8 replaced, tabs and line breaks turned into spaces,
// other control and format characters (including bidirectional overrides) removed, spaces
// trimmed, and the result cut to models.MaxErrorMessageLength characters. An empty result becomes
// fallback.
func SafeErrorMessage(s, fallback string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	n := 0
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			r = ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			continue
		}
		if n == models.MaxErrorMessageLength {
			break
		}
		b.WriteRune(r)
		n++
	}
	out := strings.TrimSpace(b.String())
	if out == "" {
		return fallback
	}
	return out
}
