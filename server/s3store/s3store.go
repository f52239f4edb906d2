// Package s3store is the artifact store over S3 (or any S3-protocol server): it implements
// models.BlobStore with bounded reads and maps S3 failures to domain error codes.
package s3store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/code2des/backend/models"
)

// Store implements models.BlobStore on one bucket.
type Store struct {
	client *s3.Client
	bucket string
}

var _ models.BlobStore = (*Store)(nil)

// New returns a Store for bucket.
func New(client *s3.Client, bucket string) *Store { return &Store{client: client, bucket: bucket} }

// Client returns the underlying S3 client.
func (s *Store) Client() *s3.Client { return s.client }

// Bucket returns the bucket name.
func (s *Store) Bucket() string { return s.bucket }

// Put stores body under key. The body is a seekable reader, which plain-HTTP endpoints need.
func (s *Store) Put(ctx context.Context, key string, body []byte, contentType string) error {
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(s.bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))),
		ContentType:   aws.String(contentType),
	})
	if err != nil {
		return classify(err, "put", key)
	}
	return nil
}

// Get reads the object under key, refusing objects larger than maxBytes (a bounded read: at most
// maxBytes+1 bytes are read whatever the server claims).
func (s *Store) Get(ctx context.Context, key string, maxBytes int64) ([]byte, error) {
	return s.GetInto(ctx, key, maxBytes, nil, nil)
}

// GetInto reads the object under key as Get does, into buf's storage when the object fits in it
// (a caller can reuse buffers; the result then aliases buf) or else into one buffer of the size the
// server announced (Content-Length, at most maxBytes+1), and writes every chunk to also (nil: none,
// e.g. a hash) as it arrives, so the bytes need no second pass.
func (s *Store) GetInto(ctx context.Context, key string, maxBytes int64, buf []byte, also io.Writer) ([]byte, error) {
	out, err := s.open(ctx, key, maxBytes)
	if err != nil {
		return nil, err
	}
	defer out.Body.Close()
	size := int64(bytes.MinRead)
	if out.ContentLength != nil {
		size = max(*out.ContentLength, 0) + 1 // room for the read that sees the end
	}
	b := buf[:0]
	if int64(cap(b)) < size {
		b = make([]byte, 0, size)
	}
	b, err = readAll(io.LimitReader(out.Body, maxBytes+1), b, also)
	if err != nil {
		return nil, classify(err, "read", key)
	}
	if int64(len(b)) > maxBytes {
		return nil, fmt.Errorf("get %s: over the %d-byte limit: %w", key, maxBytes, models.ErrTooLarge)
	}
	return b, nil
}

// open starts GetInto's and Stream's read of the object under key: it refuses one whose announced
// size (Content-Length) is over maxBytes before reading any of it (models.ErrTooLarge); the
// caller closes the body and bounds the read itself, whatever the server claims.
func (s *Store) open(ctx context.Context, key string, maxBytes int64) (*s3.GetObjectOutput, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		return nil, classify(err, "get", key)
	}
	if out.ContentLength != nil && *out.ContentLength > maxBytes {
		out.Body.Close()
		return nil, fmt.Errorf("get %s: %d bytes over the %d-byte limit: %w", key, *out.ContentLength, maxBytes, models.ErrTooLarge)
	}
	return out, nil
}

// streamBufSize is the size of Stream's copy buffer, in bytes: a read from the connection takes
// up to this much at once. io.Copy's 32 KiB made 4 times the read calls of reading into one
// buffer of the object's size (strace); 256 KiB makes about as many.
const streamBufSize = 256 << 10

// streamBufs holds Stream's copy buffers (*[]byte of streamBufSize) between reads, so a process
// keeps about one per stream in flight.
var streamBufs = sync.Pool{New: func() any { b := make([]byte, streamBufSize); return &b }}

// Stream implements models.BlobStore.Stream: a bounded read (at most maxBytes+1 bytes, whatever
// the server claims) copied to w in chunks of at most streamBufSize bytes.
func (s *Store) Stream(ctx context.Context, key string, maxBytes int64, w io.Writer) (int64, error) {
	out, err := s.open(ctx, key, maxBytes)
	if err != nil {
		return 0, err
	}
	defer out.Body.Close()
	buf := streamBufs.Get().(*[]byte)
	defer streamBufs.Put(buf)
	n, err := io.CopyBuffer(w, io.LimitReader(out.Body, maxBytes+1), *buf)
	if err != nil {
		return n, classify(err, "read", key)
	}
	if n > maxBytes {
		return n, fmt.Errorf("get %s: over the %d-byte limit: %w", key, maxBytes, models.ErrTooLarge)
	}
	return n, nil
}

// readAll appends what r yields to b, as io.ReadAll does, writing each chunk to also (when not
// nil) as it arrives.
func readAll(r io.Reader, b []byte, also io.Writer) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		if n > 0 && also != nil {
			if _, werr := also.Write(b[len(b) : len(b)+n]); werr != nil {
				return b, werr
			}
		}
		b = b[:len(b)+n]
		if errors.Is(err, io.EOF) {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// Size returns the object's size in bytes.
func (s *Store) Size(ctx context.Context, key string) (int64, error) {
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		return 0, classify(err, "head", key)
	}
	return aws.ToInt64(out.ContentLength), nil
}

// classify maps an S3 failure to a domain error: a missing object (or bucket) is CodeNotFound,
// everything else (network, timeouts, 5xx, access) CodeUnavailable so callers answer "retry later".
func classify(err error, op, key string) error {
	if isNotFound(err) {
		return &models.Error{Code: models.CodeNotFound, Message: "artifact not found", Err: fmt.Errorf("s3 %s %s: %w", op, key, err)}
	}
	return &models.Error{Code: models.CodeUnavailable, Message: "storage unavailable", Err: fmt.Errorf("s3 %s %s: %w", op, key, err)}
}

func isNotFound(err error) bool {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "NoSuchKey", "NotFound", "NoSuchBucket":
			return true
		}
	}
	var respErr *smithyhttp.ResponseError
	if errors.As(err, &respErr) && respErr.HTTPStatusCode() == http.StatusNotFound {
		return true
	}
	return strings.Contains(err.Error(), "StatusCode: 404")
}
