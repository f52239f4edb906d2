package s3store

import (
	"context"
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
