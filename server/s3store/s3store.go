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

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/code2des/backend/models"
)

// Options configure the S3 client.
type Options struct {
	// Bucket holds every artifact (SPEC §7).
	Bucket string
	// Endpoint, when set, replaces the AWS endpoint (an S3-protocol server such as the local stack's).
	Endpoint string
	// UsePathStyle addresses buckets as http://host/bucket/key (needed by most local servers).
	UsePathStyle bool
	// ChecksumWhenRequired sets the SDK's request checksum calculation and response checksum
	// validation to "when required", which S3-compatible servers need (LOCAL-STACK.md).
	ChecksumWhenRequired bool
}

// NewClient builds an S3 client from the shared AWS config and o.
func NewClient(cfg aws.Config, o Options) *s3.Client {
	return s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.Endpoint != "" {
			so.BaseEndpoint = aws.String(o.Endpoint)
		}
		so.UsePathStyle = o.UsePathStyle
		if o.ChecksumWhenRequired {
			so.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	})
}

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
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		return nil, classify(err, "get", key)
	}
	defer out.Body.Close()
	if out.ContentLength != nil && *out.ContentLength > maxBytes {
		return nil, fmt.Errorf("get %s: %d bytes over the %d-byte limit: %w", key, *out.ContentLength, maxBytes, models.ErrTooLarge)
	}
	b, err := io.ReadAll(io.LimitReader(out.Body, maxBytes+1))
	if err != nil {
		return nil, classify(err, "read", key)
	}
	if int64(len(b)) > maxBytes {
		return nil, fmt.Errorf("get %s: over the %d-byte limit: %w", key, maxBytes, models.ErrTooLarge)
	}
	return b, nil
}

// GetInto reads the object under key into buf and returns its length, refusing objects larger
// than len(buf) (a bounded read: at most len(buf)+1 bytes are read whatever the server claims).
// The body is read to its end, so the SDK's response checksum validation runs as it does for Get.
func (s *Store) GetInto(ctx context.Context, key string, buf []byte) (int, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		return 0, classify(err, "get", key)
	}
	defer out.Body.Close()
	if out.ContentLength != nil && *out.ContentLength > int64(len(buf)) {
		return 0, fmt.Errorf("get %s: %d bytes over the %d-byte limit: %w", key, *out.ContentLength, len(buf), models.ErrTooLarge)
	}
	n, err := io.ReadFull(out.Body, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return n, nil
	case err != nil:
		return 0, classify(err, "read", key)
	}
	// buf is full: the object must end here.
	var one [1]byte
	if m, err := io.ReadFull(out.Body, one[:]); m > 0 {
		return 0, fmt.Errorf("get %s: over the %d-byte limit: %w", key, len(buf), models.ErrTooLarge)
	} else if err != io.EOF {
		return 0, classify(err, "read", key)
	}
	return n, nil
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
