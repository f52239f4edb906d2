package capture

import (
	"encoding/json"
	"fmt"

	"github.com/code2des/backend/worker/internal/callback"
)

// Callback statuses (SPEC §6).
const (
	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// MaxErrorMessageLen caps error_message, in bytes, so a long browser error never bloats the body.
const MaxErrorMessageLen = 500

// CallbackBody is the JSON body POSTed to the request's callback_url (SPEC §6, snake_case). It is
// signed and posted by worker/internal/callback, shared with the conversion worker.
type CallbackBody struct {
	PageImportID string `json:"page_import_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	// Status is StatusCompleted or StatusFailed.
	Status string `json:"status"`
	// ResultURL is the s3:// pointer of the capture JSON (completed only).
	ResultURL string `json:"result_url,omitempty"`
	// CaptureHash is the lowercase hex SHA-256 of the capture JSON's bytes (completed only).
	CaptureHash string `json:"capture_hash,omitempty"`
	// ScreenshotURL is the s3:// pointer of the full-page screenshot PNG (completed only).
	ScreenshotURL string `json:"screenshot_url,omitempty"`
	// ErrorMessage says, safely for end users, why the capture failed (failed only).
	ErrorMessage string `json:"error_message,omitempty"`
	// ErrorCode names the class of the failure (failed only): one of the Code* constants
	// (failures.go), the same for every failure of its class, for clients to act on; the API
	// stores it and shows it as PageImport.errorCode (docs/workers.md §5).
	ErrorCode string `json:"error_code,omitempty"`
}

// MaxErrorCodeLen is the longest error_code the API accepts, in bytes (docs/workers.md §5).
const MaxErrorCodeLen = 64

// isErrorCode reports whether c is an error_code the API accepts: 1 to MaxErrorCodeLen
// characters of A-Z, 0-9 and _, starting with a letter.
func isErrorCode(c string) bool {
	if c == "" || len(c) > MaxErrorCodeLen || c[0] < 'A' || c[0] > 'Z' {
		return false
	}
	for i := 0; i < len(c); i++ {
		if b := c[i]; (b < 'A' || b > 'Z') && (b < '0' || b > '9') && b != '_' {
			return false
		}
	}
	return true
}

// encode returns the JSON of b with ErrorMessage cut to MaxErrorMessageLen bytes (never inside a
// character).
func (b CallbackBody) encode() ([]byte, error) {
	b.ErrorMessage = callback.TruncateUTF8(b.ErrorMessage, MaxErrorMessageLen)
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("encode callback: %w", err)
	}
	return raw, nil
}
