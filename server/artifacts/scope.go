// Package artifacts checks what workers write to S3 (SPEC §7) before the backend trusts it: that
// every pointer and key lies in the one configured bucket under the job's own prefix, and that the
// capture and result JSON documents are well formed and repeat the job's identity. Reads go
// through models.BlobStore and are always bounded in size and time.
//
// Errors: an artifact that breaks a rule is a models.Error with CodeFailedPrecondition and a
// client-safe message (IsInvalid); storage that cannot be reached keeps CodeUnavailable, so callers
// can tell "the worker wrote something wrong" from "try again later".
package artifacts

import (
	"errors"
	"fmt"
	"strings"

	"github.com/code2des/backend/models"
)

// Scope is the set of object keys a job may point at: keys in Bucket starting with one of
// Prefixes (each ending in "/", as models.PageImportArtifactPrefix and
// models.Code2DesArtifactPrefix build them).
type Scope struct {
	Bucket   string
	Prefixes []string
}

// PageImportScope is the scope of one Page Import attempt: <keyPrefix>page-imports/<id>/attempt-<n>/.
func PageImportScope(bucket, keyPrefix, id string, attempt int) Scope {
	return Scope{Bucket: bucket, Prefixes: []string{models.PageImportArtifactPrefix(keyPrefix, id, attempt)}}
}

// Code2DesScope is the scope of one Code2Des attempt: <keyPrefix>code2des/<id>/attempt-<n>/.
func Code2DesScope(bucket, keyPrefix, id string, attempt int) Scope {
	return Scope{Bucket: bucket, Prefixes: []string{models.Code2DesArtifactPrefix(keyPrefix, id, attempt)}}
}

// With returns a scope that also admits the prefixes of other (for result images, which may lie
// under the job's own prefix or under its capture's prefix, SPEC §7).
func (s Scope) With(other Scope) Scope {
	out := Scope{Bucket: s.Bucket, Prefixes: append(append([]string(nil), s.Prefixes...), other.Prefixes...)}
	return out
}

// Pointer checks an s3://bucket/key pointer and returns its key. what names the pointer in the
// error message (e.g. "result_url").
//
// Errors (CodeFailedPrecondition): not an s3:// URI, an empty, "." or ".." segment, a forbidden
// character (models.ParseS3URI), another bucket, or a key outside every prefix of the scope.
func (s Scope) Pointer(what, pointer string) (string, error) {
	bucket, key, err := models.ParseS3URI(pointer)
	if err != nil {
		return "", invalid(err, "%s is not a valid s3:// pointer", what)
	}
	if bucket != s.Bucket {
		return "", invalid(nil, "%s is not in the configured bucket", what)
	}
	if err := s.Key(what, key); err != nil {
		return "", err
	}
	return key, nil
}

// Key checks an object key named inside an artifact (asset, screenshot or image key): the same
// segment rules as a pointer, and under one of the scope's prefixes.
//
// Errors (CodeFailedPrecondition): as Pointer.
func (s Scope) Key(what, key string) error {
	// Parse the key as a pointer into our own bucket so keys and pointers obey one rule set.
	if _, _, err := models.ParseS3URI(models.S3URI(s.Bucket, key)); err != nil {
		return invalid(err, "%s is not a valid object key", what)
	}
	for _, p := range s.Prefixes {
		if strings.HasPrefix(key, p) && len(key) > len(p) {
			return nil
		}
	}
	return invalid(nil, "%s is outside the job's artifact prefix", what)
}

// invalid returns a CodeFailedPrecondition error with a client-safe message and cause as its
// underlying error (for logs).
func invalid(cause error, format string, args ...any) error {
	return &models.Error{Code: models.CodeFailedPrecondition, Message: fmt.Sprintf(format, args...), Err: cause}
}

// IsInvalid reports whether err says the artifact broke a rule (as opposed to storage being
// unreachable or an internal failure).
func IsInvalid(err error) bool { return models.IsCode(err, models.CodeFailedPrecondition) }

// SafeMessage returns the client-safe message of an invalid-artifact error (what is stored as the
// job's error_message), or a generic text for anything else.
func SafeMessage(err error) string {
	var e *models.Error
	if errors.As(err, &e) && e.Code == models.CodeFailedPrecondition && e.Message != "" {
		return e.Message
	}
	return "artifact is invalid"
}
