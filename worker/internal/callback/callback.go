// Package callback signs and posts worker callbacks (SPEC §6) for every reference worker: the
// body is sent as given, signed with the shared worker secret, retried on 5xx answers and
// transport errors, and the backend's answer is mapped to what happens with the queue message.
//
// worker/capture and worker/convert both post through it, so the two reference workers sign and
// treat the backend's answers the same way.
package callback

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"go.opentelemetry.io/otel/propagation"
)

// Callback headers (SPEC §6).
const (
	HeaderTimestamp = "X-Code2Des-Timestamp"
	HeaderSignature = "X-Code2Des-Signature"
	// SignatureVersion prefixes the hex signature: "v1=<hex>".
	SignatureVersion = "v1"
)

// Bounds of one callback.
const (
	// MinSecretLength is the shortest worker secret, in bytes: the API refuses shorter
	// WORKER_SECRETS (docs/workers.md §6), so a shorter one could never sign an accepted callback.
	MinSecretLength = 32
	// MaxBodyBytes is the backend's callback body limit (SPEC §6: 1 MiB); a larger body is a bug,
	// refused before sending.
	MaxBodyBytes = 1 << 20
	// Attempts is how often one Post tries when the backend answers 5xx or is unreachable,
	// before leaving the message for the queue to redeliver.
	Attempts = 3
	// RetryPause is the pause before the second try; it doubles for each further try.
	RetryPause = 500 * time.Millisecond
	// maxAnswerBytes bounds how much of the backend's answer is read.
	maxAnswerBytes = 64 << 10
)

// Sign returns the X-Code2Des-Signature value for body sent at ts: "v1=" and the lowercase hex
// HMAC-SHA256, keyed with secret, of the decimal unix timestamp, ".", and the raw body (SPEC §6).
func Sign(secret []byte, ts time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(strconv.FormatInt(ts.Unix(), 10)))
	mac.Write([]byte("."))
	mac.Write(body)
	return SignatureVersion + "=" + hex.EncodeToString(mac.Sum(nil))
}

// Outcome is what the backend's answer means for the queue message.
type Outcome int

const (
	// Accepted: the backend took the outcome (2xx, including a duplicate), or has decided the job
	// otherwise (404 no such job, 409 fence mismatch or a finished job, 422 artifact invalid: the
	// job is then failed by the backend). No later delivery can change that, so the message is
	// deleted (docs/workers.md §8: "drop the message").
	Accepted Outcome = iota
	// Retry: the backend could not take it now (5xx, unreachable) or refused it for a reason a
	// later delivery may not have (400, 401, 413: configuration or deployment skew); the message
	// stays for redelivery.
	Retry
)

// Classify maps the backend's HTTP status (SPEC §6 answers) to an Outcome.
func Classify(status int) Outcome {
	switch {
	case status >= 200 && status < 300:
		return Accepted
	case status == http.StatusNotFound, status == http.StatusConflict, status == http.StatusUnprocessableEntity:
		return Accepted
	default:
		return Retry
	}
}

// Poster posts signed callbacks.
type Poster struct {
	// Secret is the shared worker secret (SPEC §6).
	Secret []byte
	// Client sends the request; its Timeout bounds each try.
	Client *http.Client
	// Now returns the signing time (time.Now when nil).
	Now func() time.Time
}

// Post sends the raw JSON body to url, retrying 5xx answers and transport errors up to Attempts
// times within ctx. It returns the outcome and the last HTTP status (0 when none arrived); the
// error says why the outcome is Retry.
func (p Poster) Post(ctx context.Context, url string, body []byte) (Outcome, int, error) {
	if len(body) > MaxBodyBytes {
		return Retry, 0, fmt.Errorf("callback body of %d bytes over the %d-byte limit", len(body), MaxBodyBytes)
	}
	pause := RetryPause
	var lastErr error
	status := 0
	for try := 1; try <= Attempts; try++ {
		if try > 1 {
			select {
			case <-ctx.Done():
				return Retry, status, fmt.Errorf("callback: %w (last: %v)", ctx.Err(), lastErr)
			case <-time.After(pause):
			}
			pause *= 2
		}
		status, lastErr = p.postOnce(ctx, url, body)
		if lastErr == nil && status < 500 {
			break
		}
	}
	if lastErr != nil {
		return Retry, status, lastErr
	}
	if Classify(status) == Retry {
		return Retry, status, fmt.Errorf("callback answered HTTP %d", status)
	}
	return Accepted, status, nil
}

func (p Poster) postOnce(ctx context.Context, url string, body []byte) (int, error) {
	now := time.Now
	if p.Now != nil {
		now = p.Now
	}
	ts := now()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("callback request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	req.Header.Set(HeaderSignature, Sign(p.Secret, ts, body))
	// The job's trace continues into the API's handling of the callback.
	propagation.TraceContext{}.Inject(ctx, propagation.HeaderCarrier(req.Header))
	client := p.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("callback: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswerBytes))
	return resp.StatusCode, nil
}

// TruncateUTF8 cuts s to at most n bytes without splitting a character.
func TruncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
