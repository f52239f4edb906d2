package callbacks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The signature scheme of SPEC §6 (docs/workers.md, "Signing a callback").
const (
	// TimestampHeader carries the signing time in Unix seconds, decimal ASCII.
	TimestampHeader = "X-Code2Des-Timestamp"
	// SignatureHeader carries one or more comma-separated "v1=<64 lowercase hex>" entries.
	SignatureHeader = "X-Code2Des-Signature"
	// SignatureScheme is the only scheme: HMAC-SHA256 over timestamp + "." + raw body.
	SignatureScheme = "v1"
	// SignatureTolerance is how far the timestamp may lie from the server's clock, either way.
	SignatureTolerance = 5 * time.Minute
	// MaxSignatureEntries bounds the entries of one signature header (a worker signs with each
	// secret it holds during a rotation; two are enough, a few more are tolerated).
	MaxSignatureEntries = 4
	// MaxTimestampDigits bounds the timestamp header (Unix seconds fit in 10 digits until 2286).
	MaxTimestampDigits = 12
	// MinSecretLength is the shortest worker secret accepted by the configuration, in bytes.
	MinSecretLength = 32
	// MaxSecrets is how many worker secrets may be configured at once (current and next, for
	// rotation).
	MaxSecrets = 2
)

// Sign returns the SignatureHeader value for body signed with secret at ts:
// "v1=" + hex(HMAC-SHA256(secret, "<unix seconds>." + body)).
func Sign(secret []byte, ts time.Time, body []byte) string {
	return SignatureScheme + "=" + hex.EncodeToString(mac(secret, strconv.FormatInt(ts.Unix(), 10), body))
}

// SignRequest sets both signature headers on r for body, one v1 entry per secret.
func SignRequest(r *http.Request, ts time.Time, body []byte, secrets ...[]byte) {
	entries := make([]string, len(secrets))
	for i, s := range secrets {
		entries[i] = Sign(s, ts, body)
	}
	r.Header.Set(TimestampHeader, strconv.FormatInt(ts.Unix(), 10))
	r.Header.Set(SignatureHeader, strings.Join(entries, ","))
}

func mac(secret []byte, ts string, body []byte) []byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(ts))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}

// Reasons a signature is refused. They are logged, never sent: the client only learns 401.
var (
	errNoTimestamp  = errors.New("missing timestamp header")
	errBadTimestamp = errors.New("malformed timestamp header")
	errStale        = errors.New("timestamp outside the tolerance")
	errNoSignature  = errors.New("missing signature header")
	errBadSignature = errors.New("malformed signature header")
	errNoV1         = errors.New("no v1 signature entry")
	errMismatch     = errors.New("no signature matches")
	errNoSecrets    = errors.New("no worker secret configured")
)

// SignatureVerifier checks callback signatures against the configured worker secrets.
type SignatureVerifier struct {
	// Secrets are the accepted secrets (one, or two during a rotation).
	Secrets [][]byte
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Verify checks the headers of a callback against its raw body. Every entry is compared with
// every secret in constant time; any match is enough. Entries of another scheme ("v0=...") are
// ignored, but at least one v1 entry is required, and every v1 entry must be 64 lowercase hex
// characters.
func (v *SignatureVerifier) Verify(h http.Header, body []byte) error {
	if len(v.Secrets) == 0 {
		return errNoSecrets
	}
	tsText := h.Get(TimestampHeader)
	if tsText == "" {
		return errNoTimestamp
	}
	if len(tsText) > MaxTimestampDigits || strings.Trim(tsText, "0123456789") != "" {
		return errBadTimestamp
	}
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return errBadTimestamp
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	if d := now().Sub(time.Unix(ts, 0)); d > SignatureTolerance || d < -SignatureTolerance {
		return errStale
	}
	sigText := h.Get(SignatureHeader)
	if sigText == "" {
		return errNoSignature
	}
	entries := strings.Split(sigText, ",")
	if len(entries) > MaxSignatureEntries {
		return errBadSignature
	}
	var sigs [][]byte
	for _, e := range entries {
		scheme, value, ok := strings.Cut(strings.TrimSpace(e), "=")
		if !ok {
			return errBadSignature
		}
		if scheme != SignatureScheme {
			continue
		}
		if !isLowerHex(value, sha256.Size*2) {
			return errBadSignature
		}
		sig, _ := hex.DecodeString(value)
		sigs = append(sigs, sig)
	}
	if len(sigs) == 0 {
		return errNoV1
	}
	matched := false
	for _, secret := range v.Secrets {
		want := mac(secret, tsText, body)
		for _, sig := range sigs {
			// No early exit: the time spent does not depend on which entry or secret matched.
			if hmac.Equal(sig, want) {
				matched = true
			}
		}
	}
	if !matched {
		return errMismatch
	}
	return nil
}

func isLowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
