// Package artifacts checks what workers write to S3 (SPEC §7) before the backend trusts it: that
// every pointer and key lies in the one configured bucket under the job's own prefix, and that the
// capture and result JSON documents are well formed and repeat the job's identity. Reads go
// through models.BlobStore and are always bounded in size and time.
//
// It is the one definition of the artifact formats and their rules: the worker callbacks
// (server/callbacks) apply them when a job completes, and the result reader (server/results)
// applies the same rules again when it serves a result.
//
// Errors: an artifact that breaks a rule is a models.Error with CodeFailedPrecondition and a
// client-safe message (IsInvalid), whose cause wraps one of the Err* reasons below for logs and
// tests; storage that cannot be reached keeps CodeUnavailable, so callers can tell "the worker
// wrote something wrong" from "try again later".
package artifacts

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/code2des/backend/models"
)

// MaxObjectKeyLength bounds an object key named inside an artifact (asset, screenshot and image
// keys), in characters: the seeds' varchar(1000) of a pointer, which a key must fit in.
const MaxObjectKeyLength = 1000

// Reasons an artifact is refused. They travel as the cause (Err) of the models.Error, so they are
// logged and testable; the client-safe message says the same in words.
var (
	// ErrMalformed: the artifact is not one JSON object of its format (syntax, a missing,
	// repeated or unknown member, a wrong type, trailing data).
	ErrMalformed = errors.New("malformed artifact")
	// ErrManifest: the manifest kind, version or identity is wrong or does not match the job.
	ErrManifest = errors.New("manifest does not match the job")
	// ErrInvalidTree: the node tree of a result breaks a rule or limit of tree.go.
	ErrInvalidTree = errors.New("invalid node tree")
	// ErrDanglingRef: an imageRef names no image, or names an image of the wrong kind.
	ErrDanglingRef = errors.New("imageRef does not resolve")
	// ErrInvalidEntry: an images or warnings entry of a result breaks a field rule or the list
	// is too long.
	ErrInvalidEntry = errors.New("invalid images or warnings entry")
	// ErrWarningCount: the warnings list length differs from warning_count.
	ErrWarningCount = errors.New("warnings do not match warning_count")
	// ErrOutsidePrefix: a pointer or key is malformed or lies outside the bucket and prefixes
	// the job may use.
	ErrOutsidePrefix = errors.New("artifact outside the job's prefixes")
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
		return "", invalid(because(ErrOutsidePrefix, err), "%s is not a valid s3:// pointer", what)
	}
	if bucket != s.Bucket {
		return "", invalid(ErrOutsidePrefix, "%s is not in the configured bucket", what)
	}
	if err := s.Key(what, key); err != nil {
		return "", err
	}
	return key, nil
}

// Key checks an object key named inside an artifact (asset, screenshot or image key): the same
// segment rules as a pointer, at most MaxObjectKeyLength characters, and under one of the scope's
// prefixes.
//
// Errors (CodeFailedPrecondition): as Pointer.
func (s Scope) Key(what, key string) error {
	if err := checkKey(what, key); err != nil {
		return err
	}
	for _, p := range s.Prefixes {
		if strings.HasPrefix(key, p) && len(key) > len(p) {
			return nil
		}
	}
	return invalid(ErrOutsidePrefix, "%s is outside the job's artifact prefix", what)
}

// checkKey checks the form of an object key, whatever the job: the segment and character rules
// of a pointer's key (models.ParseS3URI) and at most MaxObjectKeyLength characters.
func checkKey(what, key string) error {
	// Parse the key as a pointer into some bucket so keys and pointers obey one rule set.
	if _, _, err := models.ParseS3URI(models.S3URI("bucket", key)); err != nil {
		return invalid(because(ErrOutsidePrefix, err), "%s is not a valid object key", what)
	}
	if utf8.RuneCountInString(key) > MaxObjectKeyLength {
		return invalid(ErrOutsidePrefix, "%s is longer than %d characters", what, MaxObjectKeyLength)
	}
	return nil
}

// invalid returns a CodeFailedPrecondition error with a client-safe message and cause (a reason,
// its detail, or both: because) as its underlying error, for logs.
func invalid(cause error, format string, args ...any) error {
	return &models.Error{Code: models.CodeFailedPrecondition, Message: fmt.Sprintf(format, args...), Err: cause}
}

// because joins a reason with the detail that caused it (nil if none).
func because(reason, detail error) error {
	if detail == nil {
		return reason
	}
	return fmt.Errorf("%w: %w", reason, detail)
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
