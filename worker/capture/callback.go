package capture

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Callback headers and statuses (SPEC §6).
const (
	HeaderTimestamp = "X-Code2Des-Timestamp"
	HeaderSignature = "X-Code2Des-Signature"
	// SignatureVersion prefixes the hex signature: "v1=<hex>".
	SignatureVersion = "v1"

	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// Callback bounds.
const (
	// MaxCallbackBytes is the backend's callback body limit (SPEC §6: 1 MiB); a larger body is a
	// bug, refused before sending.
	MaxCallbackBytes = 1 << 20
	// MaxErrorMessageLen caps error_message, in bytes, so a long browser error never bloats the body.
	MaxErrorMessageLen = 500
	// callbackAttempts is how often one receive of a message tries the callback when the backend
	// answers 5xx or is unreachable, before leaving the message for SQS to redeliver.
	callbackAttempts = 3
	// callbackRetryPause is the pause before the second try; it doubles for each further try.
	callbackRetryPause = 500 * time.Millisecond
	// maxCallbackAnswerBytes bounds how much of the backend's answer is read.
	maxCallbackAnswerBytes = 64 << 10
)

// CallbackBody is the JSON body POSTed to the request's callback_url (SPEC §6, snake_case).
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
}

// Sign returns the X-Code2Des-Signature value for body sent at ts: "v1=" and the lowercase hex
// HMAC-SHA256, keyed with secret, of the decimal unix timestamp, ".", and the raw body (SPEC §6).
func Sign(secret []byte, ts time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(strconv.FormatInt(ts.Unix(), 10)))
	mac.Write([]byte("."))
	mac.Write(body)
	return SignatureVersion + "=" + hex.EncodeToString(mac.Sum(nil))
}

// CallbackOutcome is what the backend's answer means for the queue message.
type CallbackOutcome int

const (
	// CallbackAccepted: the backend took the result (2xx, including a duplicate), or has decided
	// the job otherwise (409 fence mismatch, 422 artifact invalid); the message is deleted.
	CallbackAccepted CallbackOutcome = iota
	// CallbackRetry: the backend could not take it now (5xx, unreachable) or refused it for a
	// reason a later delivery may not have (other 4xx); the message stays for redelivery.
	CallbackRetry
)

// ClassifyCallbackStatus maps the backend's HTTP status to what happens with the message.
func ClassifyCallbackStatus(status int) CallbackOutcome {
	switch {
	case status >= 200 && status < 300:
		return CallbackAccepted
	case status == http.StatusConflict, status == http.StatusUnprocessableEntity:
		return CallbackAccepted
	default:
		return CallbackRetry
	}
}

// Callback posts signed callbacks.
type Callback struct {
	// Secret is the shared worker secret (SPEC §6).
	Secret []byte
	// Client sends the request; its Timeout bounds each try.
	Client *http.Client
	// Now returns the signing time (time.Now when nil).
	Now func() time.Time
}

// Post sends body to url, retrying 5xx answers and transport errors up to callbackAttempts times
// within ctx. It returns the outcome and the last HTTP status (0 when none arrived).
func (c Callback) Post(ctx context.Context, url string, body CallbackBody) (CallbackOutcome, int, error) {
	if len(body.ErrorMessage) > MaxErrorMessageLen {
		body.ErrorMessage = truncateUTF8(body.ErrorMessage, MaxErrorMessageLen)
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return CallbackRetry, 0, fmt.Errorf("encode callback: %w", err)
	}
	if len(raw) > MaxCallbackBytes {
		return CallbackRetry, 0, fmt.Errorf("callback body of %d bytes over the %d-byte limit", len(raw), MaxCallbackBytes)
	}
	pause := callbackRetryPause
	var lastErr error
	status := 0
	for try := 1; try <= callbackAttempts; try++ {
		if try > 1 {
			select {
			case <-ctx.Done():
				return CallbackRetry, status, fmt.Errorf("callback: %w (last: %v)", ctx.Err(), lastErr)
			case <-time.After(pause):
			}
			pause *= 2
		}
		status, lastErr = c.postOnce(ctx, url, raw)
		if lastErr == nil && status < 500 {
			break
		}
	}
	if lastErr != nil {
		return CallbackRetry, status, lastErr
	}
	outcome := ClassifyCallbackStatus(status)
	if outcome == CallbackRetry {
		return outcome, status, fmt.Errorf("callback answered HTTP %d", status)
	}
	return outcome, status, nil
}

func (c Callback) postOnce(ctx context.Context, url string, raw []byte) (int, error) {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	ts := now()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return 0, fmt.Errorf("callback request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	req.Header.Set(HeaderSignature, Sign(c.Secret, ts, raw))
	resp, err := c.Client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("callback: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxCallbackAnswerBytes))
	return resp.StatusCode, nil
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
