package s3store

import (
	"context"
	"encoding/base64"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/code2des/backend/models"
)

var _ models.URLPresigner = (*Store)(nil)

// PresignGet returns a URL that reads the object under key with a GET until ttl has passed,
// signed locally (SigV4 query parameters, aws-sdk-go-v2's presign client) with the store's
// credentials: no request is made, and the URL reveals no credentials.
// Errors: CodeInternal when it cannot be signed (no credentials).
func (s *Store) PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error) {
	req, err := s3.NewPresignClient(s.client).PresignGetObject(ctx,
		&s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", models.WrapError(models.CodeInternal, err, "internal error")
	}
	return req.URL, nil
}

var _ models.UploadPresigner = (*Store)(nil)

// PresignPut presigns a PutObject of key (snapshot uploads) with aws-sdk-go-v2's presign
// client. Content-Length, Content-Type and x-amz-checksum-sha256 are signed, so S3 refuses a body of
// another size or hash before storing it; the API still checks size and SHA-256 itself at
// completion, because S3-protocol servers used locally may not enforce either. The URL is valid
// for expiry (S3 allows at most 7 days; callers use a few minutes).
// Errors: CodeUnavailable when presigning fails.
func (s *Store) PresignPut(ctx context.Context, key string, byteSize int64, sha256 []byte, contentType string, expiry time.Duration) (models.PresignedUpload, error) {
	req, err := s3.NewPresignClient(s.client).PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket:         aws.String(s.bucket),
		Key:            aws.String(key),
		ContentLength:  aws.Int64(byteSize),
		ContentType:    aws.String(contentType),
		ChecksumSHA256: aws.String(base64.StdEncoding.EncodeToString(sha256)),
	}, s3.WithPresignExpires(expiry))
	if err != nil {
		return models.PresignedUpload{}, &models.Error{Code: models.CodeUnavailable, Message: "storage unavailable", Err: fmt.Errorf("presign put %s: %w", key, err)}
	}
	up := models.PresignedUpload{Method: req.Method, URL: req.URL, ExpiresAt: time.Now().Add(expiry)}
	names := make([]string, 0, len(req.SignedHeader))
	for k := range req.SignedHeader {
		if !strings.EqualFold(k, "Host") { // set by every HTTP client from the URL
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range req.SignedHeader.Values(k) {
			up.Headers = append(up.Headers, models.HTTPHeader{Name: k, Value: v})
		}
	}
	return up, nil
}
