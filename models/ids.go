package models

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"github.com/google/uuid"
)

// NonceBytes is the number of random bytes in a job nonce (SPEC §2: at least 32).
const NonceBytes = 32

// NewID returns a new job id: a UUIDv7 in canonical lowercase text (SPEC §2). UUIDv7 ids sort by
// creation time, which keyset pagination relies on.
func NewID() (string, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return "", fmt.Errorf("new UUIDv7: %w", err)
	}
	return id.String(), nil
}

// NewNonce returns a fresh per-job callback fence: NonceBytes bytes from crypto/rand, encoded
// URL-safe base64 without padding (43 characters).
func NewNonce() (string, error) {
	b := make([]byte, NonceBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("read nonce: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ParseID reports whether s is a job id in canonical form (lowercase UUID text), returning it.
// Anything else is a CodeBadUserInput error on field.
func ParseID(field, s string) (string, error) {
	u, err := uuid.Parse(s)
	if err != nil || u.String() != s {
		return "", InputError(field, "must be a job id (lowercase UUID)")
	}
	return s, nil
}
