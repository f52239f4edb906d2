package models

import (
	"fmt"
	"strconv"
	"strings"
)

// Artifact layout of SPEC §7: every job writes under
//
//	<key prefix>page-imports/<id>/attempt-<n>/...
//	<key prefix>code2des/<id>/attempt-<n>/...
//
// in the one configured bucket, and pointers are stored as s3://<bucket>/<key>.

// PageImportArtifactPrefix returns the key prefix (ending in "/") of one Page Import attempt.
// keyPrefix is the configured ARTIFACT_KEY_PREFIX (may be empty).
func PageImportArtifactPrefix(keyPrefix, id string, attempt int) string {
	return keyPrefix + "page-imports/" + id + "/attempt-" + strconv.Itoa(attempt) + "/"
}

// Code2DesArtifactPrefix returns the key prefix (ending in "/") of one Code2Des attempt.
func Code2DesArtifactPrefix(keyPrefix, id string, attempt int) string {
	return keyPrefix + "code2des/" + id + "/attempt-" + strconv.Itoa(attempt) + "/"
}

// S3URI returns the pointer s3://bucket/key.
func S3URI(bucket, key string) string { return "s3://" + bucket + "/" + key }

// ParseS3URI splits an s3://bucket/key pointer. It refuses anything else, an empty key, and keys
// with empty, "." or ".." segments or a backslash, so a key can be compared with a prefix safely.
func ParseS3URI(uri string) (bucket, key string, err error) {
	rest, ok := strings.CutPrefix(uri, "s3://")
	if !ok {
		return "", "", fmt.Errorf("pointer %q is not an s3:// URI", uri)
	}
	bucket, key, ok = strings.Cut(rest, "/")
	if !ok || bucket == "" || key == "" {
		return "", "", fmt.Errorf("pointer %q has no bucket or key", uri)
	}
	if strings.ContainsAny(key, "\\?#\x00") {
		return "", "", fmt.Errorf("pointer %q has a forbidden character in its key", uri)
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", "", fmt.Errorf("pointer %q has an empty, . or .. segment", uri)
		}
	}
	return bucket, key, nil
}
