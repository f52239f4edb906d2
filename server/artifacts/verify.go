package artifacts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/background"
)

// Default limits (configurable: CAPTURE_ARTIFACT_MAX_BYTES, RESULT_ARTIFACT_MAX_BYTES,
// ARTIFACT_READ_TIMEOUT).
const (
	// DefaultCaptureMaxBytes bounds the capture JSON read for a completed capture callback: 32 MiB.
	DefaultCaptureMaxBytes int64 = 32 << 20
	// DefaultResultMaxBytes bounds the result JSON read for a completed conversion callback, and
	// is also the default of the result reader (results.DefaultMaxResultBytes), so an accepted
	// result can be read: 8 MiB.
	DefaultResultMaxBytes int64 = 8 << 20
	// DefaultReadTimeout bounds all storage calls of one verification together.
	DefaultReadTimeout = 30 * time.Second
)

// Limits bound the storage reads of a verification.
type Limits struct {
	// CaptureMaxBytes and ResultMaxBytes are the largest capture and result JSON accepted, in
	// bytes; a larger object fails the job.
	CaptureMaxBytes int64
	ResultMaxBytes  int64
	// ReadTimeout bounds all storage calls of one verification; when it expires the storage
	// counts as unreachable (CodeUnavailable) and nothing is changed.
	ReadTimeout time.Duration
}

// Verifier checks the artifacts a worker reports before a completion is recorded (SPEC §6, §7).
type Verifier struct {
	// Blob is the artifact store; its Bucket is the only bucket pointers may name.
	Blob models.BlobStore
	// KeyPrefix is the configured ARTIFACT_KEY_PREFIX.
	KeyPrefix string
	Limits    Limits
}

// NewVerifier returns a Verifier over blob; zero limits take the defaults.
func NewVerifier(blob models.BlobStore, keyPrefix string, l Limits) *Verifier {
	if l.CaptureMaxBytes <= 0 {
		l.CaptureMaxBytes = DefaultCaptureMaxBytes
	}
	if l.ResultMaxBytes <= 0 {
		l.ResultMaxBytes = DefaultResultMaxBytes
	}
	if l.ReadTimeout <= 0 {
		l.ReadTimeout = DefaultReadTimeout
	}
	return &Verifier{Blob: blob, KeyPrefix: keyPrefix, Limits: l}
}

// PageImportScope returns the scope of one Page Import attempt in the configured bucket.
func (v *Verifier) PageImportScope(id string, attempt int) Scope {
	return PageImportScope(v.Blob.Bucket(), v.KeyPrefix, id, attempt)
}

// Code2DesScope returns the scope of one Code2Des attempt in the configured bucket.
func (v *Verifier) Code2DesScope(id string, attempt int) Scope {
	return Code2DesScope(v.Blob.Bucket(), v.KeyPrefix, id, attempt)
}

// CaptureClaim is what a completed capture callback asserts about its job's artifacts.
type CaptureClaim struct {
	PageImportID string
	Attempt      int
	Nonce        string
	// ResultURL points at the capture JSON, ScreenshotURL at the full-page screenshot.
	ResultURL     string
	ScreenshotURL string
	// CaptureHash is the lowercase hex SHA-256 of the capture JSON's exact bytes.
	CaptureHash string
}

// VerifyCapture checks a completed capture (SPEC §6): both pointers in the job's scope, the
// capture object read under CaptureMaxBytes, its SHA-256 equal to CaptureHash, its format, its
// manifest repeating the job's identity, its keys in scope, its screenshot key equal to the
// screenshot pointer's, and the screenshot object present. All storage calls share ReadTimeout.
//
// The capture is read into a pooled buffer (captureBuffers), then hashed in a goroutine of its own
// while it is parsed, and the screenshot's HEAD runs while the capture is read and checked; the
// hash is checked before the parse's verdict and the HEAD's answer counts only once every other
// check has passed, so the errors are those of checking one after the other (at one
// client the hash, about half a millisecond per MiB here, then costs no time of its own; hashing
// as the capture was read kept it on the reading goroutine). Nothing of the capture outlives the
// call, which is why it returns no Capture; nor do the hash and the HEAD (server/background
// tasks): an early return, a panic's included, cancels them and waits for them, and a panic of
// theirs is raised in the caller's goroutine.
//
// Errors: CodeFailedPrecondition (the artifact is invalid; the message is safe to store),
// CodeUnavailable (storage unreachable or too slow).
func (v *Verifier) VerifyCapture(ctx context.Context, c CaptureClaim) error {
	scope := v.PageImportScope(c.PageImportID, c.Attempt)
	captureKey, err := scope.Pointer("result_url", c.ResultURL)
	if err != nil {
		return err
	}
	screenshotKey, err := scope.Pointer("screenshot_url", c.ScreenshotURL)
	if err != nil {
		return err
	}
	if !IsSHA256Hex(c.CaptureHash) {
		return invalid(nil, "capture_hash must be 64 lowercase hex characters")
	}
	ctx, cancel := context.WithTimeout(ctx, v.Limits.ReadTimeout)
	defer cancel()
	screenshot := background.Start(ctx, func(ctx context.Context) error { return v.exists(ctx, "screenshot object", screenshotKey) })
	defer screenshot.Stop() // an early return cancels the HEAD and waits for it
	buf := getCaptureBuffer()
	b, err := v.getInto(ctx, "capture object", captureKey, v.Limits.CaptureMaxBytes, buf)
	if err != nil {
		putCaptureBuffer(buf)
		return err
	}
	defer putCaptureBuffer(b)
	// The hash and the parse both only read b; they run side by side, and the hash is checked
	// first, so the error is the one of checking one after the other. Stop runs before b goes
	// back to the pool, so even a panicking parse leaves no hash reading a reused buffer.
	sum := background.Start(ctx, func(context.Context) string { return HashHex(b) })
	defer sum.Stop()
	capture, parseErr := ParseCapture(b)
	if sum.Wait() != c.CaptureHash {
		return invalid(nil, "capture_hash does not match the SHA-256 of the capture object")
	}
	if parseErr != nil {
		return parseErr
	}
	if err := capture.Manifest.CheckIdentity(c.PageImportID, c.Attempt, c.Nonce); err != nil {
		return err
	}
	if err := capture.CheckScope(scope); err != nil {
		return err
	}
	if capture.Screenshot.Key != screenshotKey {
		return invalid(nil, "capture screenshot key does not match screenshot_url")
	}
	return screenshot.Wait()
}

// MaxPooledCaptureBuffer is the largest capacity, in bytes, of a capture read buffer kept for
// reuse: a capture up to this size is read without allocating (a 1 MiB capture allocated and
// cleared 1-2 MiB per callback, and the garbage collector's work with it), and a larger
// one (up to CaptureMaxBytes) gets a buffer of its own that is left to the garbage collector, so
// an idle pooled buffer never pins more than this.
const MaxPooledCaptureBuffer = 4 << 20

// captureBuffers holds capture read buffers (*[]byte) of at most MaxPooledCaptureBuffer.
var captureBuffers sync.Pool

func getCaptureBuffer() []byte {
	if p, ok := captureBuffers.Get().(*[]byte); ok {
		return *p
	}
	return nil
}

// putCaptureBuffer returns b's storage to captureBuffers when poolable(cap(b)). Nothing may use
// b afterwards.
func putCaptureBuffer(b []byte) {
	if poolable(cap(b)) {
		b = b[:0]
		captureBuffers.Put(&b)
	}
}

// poolable reports whether a capture buffer of capacity n is kept for reuse.
func poolable(n int) bool { return n > 0 && n <= MaxPooledCaptureBuffer }

// VerifyResult checks a completed conversion (SPEC §6): the pointer in the job's scope, the
// result object read under ResultMaxBytes (all storage calls within ReadTimeout), and every rule
// of CheckResult: its format and node tree with every imageRef resolving, its manifest repeating
// the job's and its capture's identity, its image keys under the job's or the capture's prefix,
// and WarningCount equal to the number of its warnings. Image bytes are not fetched here; they
// are verified when the result is read (server/results).
//
// Errors: CodeFailedPrecondition (invalid; the message is safe to store), CodeUnavailable.
func (v *Verifier) VerifyResult(ctx context.Context, c ResultClaim) (*Result, error) {
	key, err := c.ResultKey(v.Blob.Bucket(), v.KeyPrefix)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, v.Limits.ReadTimeout)
	defer cancel()
	b, err := v.get(ctx, "result object", key, v.Limits.ResultMaxBytes)
	if err != nil {
		return nil, err
	}
	return CheckResult(b, c, v.Blob.Bucket(), v.KeyPrefix)
}

// HashHex returns the lowercase hex SHA-256 of b.
func HashHex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// get reads key under maxBytes, turning "missing" and "too large" into invalid-artifact errors and
// leaving storage failures (CodeUnavailable) as they are.
func (v *Verifier) get(ctx context.Context, what, key string, maxBytes int64) ([]byte, error) {
	return v.getInto(ctx, what, key, maxBytes, nil)
}

// getInto is get reading into buf (models.BlobStore.GetInto).
func (v *Verifier) getInto(ctx context.Context, what, key string, maxBytes int64, buf []byte) ([]byte, error) {
	b, err := v.Blob.GetInto(ctx, key, maxBytes, buf, nil)
	switch {
	case err == nil:
		return b, nil
	case errors.Is(err, models.ErrTooLarge):
		return nil, invalid(err, "%s exceeds the %d-byte limit", what, maxBytes)
	case models.IsCode(err, models.CodeNotFound):
		return nil, invalid(err, "%s not found", what)
	default:
		return nil, storageError(err)
	}
}

func (v *Verifier) exists(ctx context.Context, what, key string) error {
	_, err := v.Blob.Size(ctx, key)
	switch {
	case err == nil:
		return nil
	case models.IsCode(err, models.CodeNotFound):
		return invalid(err, "%s not found", what)
	default:
		return storageError(err)
	}
}

// storageError makes sure anything that is not "the artifact is wrong" reads as unavailable:
// a timeout or a network failure must never fail the job.
func storageError(err error) error {
	if models.IsCode(err, models.CodeUnavailable) {
		return err
	}
	return models.WrapError(models.CodeUnavailable, fmt.Errorf("artifact storage: %w", err), "storage unavailable")
}
