package models

import (
	"context"
	"io"
	"time"
)

// BlobStore is the artifact store (S3 in production, an S3-protocol server locally). Keys are
// object keys inside the configured bucket.
type BlobStore interface {
	// Bucket returns the bucket name, used to build and check s3:// pointers.
	Bucket() string
	// Put stores body under key.
	// Errors: CodeUnavailable when storage cannot be reached.
	Put(ctx context.Context, key string, body []byte, contentType string) error
	// Get reads the object under key, refusing objects larger than maxBytes.
	// Errors: CodeNotFound for a missing object, ErrTooLarge (CodeFailedPrecondition) past maxBytes,
	// CodeUnavailable when storage cannot be reached.
	Get(ctx context.Context, key string, maxBytes int64) ([]byte, error)
	// GetInto reads the object under key as Get does, into buf's storage when the object fits in
	// it (so a caller can reuse buffers; the result then aliases buf), and writes every chunk of
	// it to also (nil: none; e.g. a hash) as it arrives. Errors: as Get.
	GetInto(ctx context.Context, key string, maxBytes int64, buf []byte, also io.Writer) ([]byte, error)
	// Stream writes the object under key to w as it arrives, without holding it whole, and
	// returns how many bytes it wrote. It refuses objects larger than maxBytes: past them it
	// writes at most one byte more before it stops. Errors: as Get (w's errors are
	// CodeUnavailable).
	Stream(ctx context.Context, key string, maxBytes int64, w io.Writer) (int64, error)
	// Size returns the object's size in bytes.
	// Errors: CodeNotFound for a missing object, CodeUnavailable when storage cannot be reached.
	Size(ctx context.Context, key string) (int64, error)
}

// ErrTooLarge is returned (wrapped) by BlobStore.Get when an object exceeds the caller's limit.
var ErrTooLarge = &Error{Code: CodeFailedPrecondition, Message: "object exceeds its size limit"}

// QueueMessage is one job message (SPEC §5): a JSON body plus the attributes SQS carries beside it.
type QueueMessage struct {
	// Type is the message type, e.g. "page_import.requested"; sent as the `type` attribute.
	Type string
	// JobID is the page import or code2des id; sent as the `job_id` attribute, and used as the FIFO
	// message group and deduplication id.
	JobID string
	// Attempt makes the FIFO deduplication id stable per job attempt.
	Attempt int
	// Body is the JSON message body (at most 256 KiB with its attributes).
	Body []byte
}

// Queue publishes job messages to one SQS queue.
type Queue interface {
	// Send publishes msg once.
	// Errors: CodeUnavailable when the queue cannot be reached or refuses the message.
	Send(ctx context.Context, msg QueueMessage) error
}

// RawJSON is a JSON value passed through GraphQL without decoding and re-encoding (the node tree of
// a Code2Des result, SPEC §3). It must hold valid JSON.
type RawJSON []byte

// MarshalGQL writes the bytes as they are.
func (j RawJSON) MarshalGQL(w io.Writer) {
	if len(j) == 0 {
		_, _ = io.WriteString(w, "null")
		return
	}
	_, _ = w.Write(j)
}

// UnmarshalGQL refuses input: RawJSON is an output-only scalar.
func (j *RawJSON) UnmarshalGQL(v any) error {
	return Errorf(CodeBadUserInput, "JSON is an output-only scalar")
}

// URLPresigner makes short-lived read URLs of stored objects (S3 presigned GETs), so a browser
// can show an artifact without credentials and without the API relaying its bytes.
type URLPresigner interface {
	// PresignGet returns a URL reading key until ttl has passed.
	// Errors: CodeInternal when it cannot be signed.
	PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error)
}
