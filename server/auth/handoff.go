package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

// The plugin's sign-in handoff (docs/signin.md "The plugin's handoff"), the way Figma documents
// OAuth for plugins: the plugin gets a read key and a write key, opens the sign-in page with the
// write key, the signed-in page stores the user's tokens under it, and the plugin polls with the
// read key until it takes them, once.
const (
	// HandoffTTL is how long a key pair lives from its creation: the time a person has to sign in
	// in the browser. Past it both keys read as unknown and the row is swept.
	HandoffTTL = 10 * time.Minute
	// HandoffKeyBytes is the randomness of each key: 256 bits from crypto/rand.
	HandoffKeyBytes = 32
	// HandoffKeyLength is the length of a key as sent: HandoffKeyBytes in unpadded base64url.
	HandoffKeyLength = 43
)

// HandoffTokens are what a handoff carries from the sign-in page to the plugin: only what the
// plugin needs to call the API and to refresh.
type HandoffTokens struct {
	// Token is the bearer token the API accepts (a Cognito access token, or the local issuer's ID
	// token); at most MaxTokenBytes.
	Token string `json:"token"`
	// RefreshToken refreshes Token at the user pool's token endpoint; empty when there is none
	// (the local sign-in), at most MaxTokenBytes.
	RefreshToken string `json:"refreshToken,omitempty"`
	// ExpiresAt is when Token expires, in Unix seconds (its `exp`).
	ExpiresAt int64 `json:"expiresAt"`
}

// HandoffKeys is a new key pair.
type HandoffKeys struct {
	// ReadKey is the plugin's: it takes the tokens with it. Never shown to the browser.
	ReadKey string
	// WriteKey goes to the sign-in page, which stores the tokens under it.
	WriteKey string
	// ExpiresAt is when both keys stop working.
	ExpiresAt time.Time
}

// Handoffs keeps handoffs in the auth_handoff table, so any API instance can serve any step. Only
// SHA-256 digests of the keys are stored: a read of the table does not give the keys. Times are
// the database's, so instances with skewed clocks agree on expiry.
type Handoffs struct {
	DB bun.IDB
	// TTL is the life of a key pair; 0 means HandoffTTL. Tests shorten it.
	TTL time.Duration
}

// Create stores a new key pair, after deleting the pairs that have expired (so the table holds at
// most the pairs of the last TTL).
// Errors: database failures, wrapped.
func (h Handoffs) Create(ctx context.Context) (HandoffKeys, error) {
	ttl := h.TTL
	if ttl <= 0 {
		ttl = HandoffTTL
	}
	if _, err := h.DB.NewRaw("DELETE FROM auth_handoff WHERE expires_at <= now()").Exec(ctx); err != nil {
		return HandoffKeys{}, fmt.Errorf("sweep expired handoffs: %w", err)
	}
	readKey, err := newHandoffKey()
	if err != nil {
		return HandoffKeys{}, err
	}
	writeKey, err := newHandoffKey()
	if err != nil {
		return HandoffKeys{}, err
	}
	keys := HandoffKeys{ReadKey: readKey, WriteKey: writeKey}
	err = h.DB.NewRaw(`INSERT INTO auth_handoff (read_key_hash, write_key_hash, expires_at)
		VALUES (?, ?, now() + make_interval(secs => ?)) RETURNING expires_at`,
		keyHash(readKey), keyHash(writeKey), ttl.Seconds()).Scan(ctx, &keys.ExpiresAt)
	if err != nil {
		return HandoffKeys{}, fmt.Errorf("create handoff: %w", err)
	}
	return keys, nil
}

// Deliver stores tokens under writeKey. A write key works once.
// Errors: CodeBadUserInput for a key that is not HandoffKeyLength base64url characters;
// CodeNotFound for a key that is unknown, expired or already read; CodeConflict when tokens were
// already delivered under it (the first ones stay); database failures, wrapped.
func (h Handoffs) Deliver(ctx context.Context, writeKey string, tokens HandoffTokens) error {
	if err := checkHandoffKey(writeKey, "writeKey"); err != nil {
		return err
	}
	body, err := json.Marshal(tokens)
	if err != nil {
		return err
	}
	hash := keyHash(writeKey)
	res, err := h.DB.NewRaw(`UPDATE auth_handoff SET tokens = ?
		WHERE write_key_hash = ? AND tokens IS NULL AND expires_at > now()`, string(body), hash).Exec(ctx)
	if err != nil {
		return fmt.Errorf("deliver handoff: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("deliver handoff: %w", err)
	} else if n == 1 {
		return nil
	}
	var delivered bool
	err = h.DB.NewRaw("SELECT tokens IS NOT NULL FROM auth_handoff WHERE write_key_hash = ? AND expires_at > now()", hash).
		Scan(ctx, &delivered)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return models.Errorf(models.CodeNotFound, "the sign-in handoff is unknown or has expired")
	case err != nil:
		return fmt.Errorf("deliver handoff: %w", err)
	case delivered:
		return models.Errorf(models.CodeConflict, "the sign-in handoff has already been completed")
	}
	// Not delivered and not expired, yet the UPDATE matched nothing: the row expired in between.
	return models.Errorf(models.CodeNotFound, "the sign-in handoff is unknown or has expired")
}

// Take returns the tokens delivered under readKey and deletes the pair in the same statement, so
// exactly one reader gets them. pending is true (with no tokens) while the pair exists but nothing
// was delivered yet.
// Errors: CodeBadUserInput for a malformed key; CodeNotFound for a key that is unknown, expired
// or already read; database failures, wrapped.
func (h Handoffs) Take(ctx context.Context, readKey string) (tokens HandoffTokens, pending bool, err error) {
	if err := checkHandoffKey(readKey, "readKey"); err != nil {
		return HandoffTokens{}, false, err
	}
	hash := keyHash(readKey)
	var body []byte
	err = h.DB.NewRaw(`DELETE FROM auth_handoff
		WHERE read_key_hash = ? AND tokens IS NOT NULL AND expires_at > now() RETURNING tokens`, hash).Scan(ctx, &body)
	if err == nil {
		if err := json.Unmarshal(body, &tokens); err != nil {
			return HandoffTokens{}, false, fmt.Errorf("read handoff tokens: %w", err)
		}
		return tokens, false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return HandoffTokens{}, false, fmt.Errorf("take handoff: %w", err)
	}
	var exists bool
	err = h.DB.NewRaw("SELECT EXISTS (SELECT 1 FROM auth_handoff WHERE read_key_hash = ? AND tokens IS NULL AND expires_at > now())", hash).
		Scan(ctx, &exists)
	if err != nil {
		return HandoffTokens{}, false, fmt.Errorf("take handoff: %w", err)
	}
	if !exists {
		return HandoffTokens{}, false, models.Errorf(models.CodeNotFound, "the sign-in handoff is unknown, has expired or was already read")
	}
	return HandoffTokens{}, true, nil
}

// newHandoffKey returns HandoffKeyBytes random bytes in unpadded base64url.
func newHandoffKey() (string, error) {
	b := make([]byte, HandoffKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("handoff key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// checkHandoffKey refuses anything but HandoffKeyLength characters of unpadded base64url.
func checkHandoffKey(key, field string) error {
	if len(key) != HandoffKeyLength {
		return models.InputError(field, "a handoff key is %d base64url characters", HandoffKeyLength)
	}
	if _, err := base64.RawURLEncoding.Strict().DecodeString(key); err != nil {
		return models.InputError(field, "a handoff key is %d base64url characters", HandoffKeyLength)
	}
	return nil
}

// keyHash is what the table keeps of a key. The keys carry 256 random bits, so a plain SHA-256
// (no salt, no slow hash) cannot be reversed and still lets the row be found by the key.
func keyHash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}
