// Package auth authenticates GraphQL callers and answers membership questions.
//
//   - Verifier checks Cognito JWTs (SPEC §3): RS256 signatures against the user pool's JWKS
//     (fetched over HTTP, cached, refreshed on an unknown `kid` at most once per
//     Config.MinRefreshInterval), issuer, expiry and not-before with a small leeway, `token_use`,
//     and the app client id (`aud` of ID tokens, `client_id` of access tokens).
//   - Middleware puts the verified models.Principal into the request context.
//   - LocalIssuer is a stand-in user pool for the local stack: its own RSA key pair, a JWKS
//     endpoint and a way to mint tokens, so the very same Verifier runs locally.
//   - MemberOrganizations and ProjectOrganization answer "which organizations may this subject see"
//     from the organization_member table.
//
// JWT parsing and signature checks are done by github.com/lestrrat-go/jwx/v3.
package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/code2des/backend/models"
)

// Defaults of Config, used when a field is zero.
const (
	// DefaultLeeway is the clock skew tolerated on exp, nbf and iat.
	DefaultLeeway = 30 * time.Second
	// DefaultMinRefreshInterval is the shortest time between two JWKS fetches caused by tokens with
	// an unknown kid, so a flood of forged kids cannot turn into a flood of JWKS requests.
	DefaultMinRefreshInterval = 30 * time.Second
	// DefaultJWKSMaxAge is how long a fetched key set is used before it is fetched again.
	DefaultJWKSMaxAge = time.Hour
	// DefaultFetchTimeout bounds one JWKS fetch.
	DefaultFetchTimeout = 5 * time.Second
)

// MaxTokenBytes is the longest bearer token read, in bytes. Cognito tokens are 1-4 KiB; anything
// far larger is refused before parsing.
const MaxTokenBytes = 16 * 1024

// Token uses of Cognito tokens (the `token_use` claim).
const (
	TokenUseID     = "id"
	TokenUseAccess = "access"
)

// Config configures a Verifier.
type Config struct {
	// Issuer is the user pool's issuer, https://cognito-idp.<region>.amazonaws.com/<pool id>
	// (or a LocalIssuer's URL). Tokens must carry exactly this `iss`.
	Issuer string
	// JWKSURL is where the signing keys are fetched; empty means Issuer + "/.well-known/jwks.json".
	JWKSURL string
	// ClientIDs are the accepted app client ids: the `aud` of an ID token, the `client_id` of an
	// access token. At least one is required.
	ClientIDs []string
	// TokenUses are the accepted `token_use` values (TokenUseID, TokenUseAccess); empty means both.
	TokenUses []string
	// Leeway is the tolerated clock skew; 0 means DefaultLeeway.
	Leeway time.Duration
	// MinRefreshInterval: see DefaultMinRefreshInterval; 0 means the default.
	MinRefreshInterval time.Duration
	// JWKSMaxAge: see DefaultJWKSMaxAge; 0 means the default.
	JWKSMaxAge time.Duration
	// HTTPClient fetches the JWKS; nil means a client with DefaultFetchTimeout.
	HTTPClient *http.Client
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// TokenCacheSize bounds the verified-token cache in entries; 0 means MaxCachedTokens.
	TokenCacheSize int
}

// Verifier verifies bearer tokens. It is safe for concurrent use.
type Verifier struct {
	cfg Config

	// mu guards the fields below; it is never held during a fetch, so a slow JWKS endpoint only
	// delays the callers that need the fetched keys.
	mu          sync.Mutex
	set         jwk.Set
	fetchedAt   time.Time
	lastAttempt time.Time
	inflight    *flight // the JWKS fetch under way, nil when none

	// tokens caches verified tokens by their SHA-256 (tokencache.go): a repeat of a token skips
	// parsing and the RSA signature check, never the expiry or the key's presence in the JWKS.
	tokens *tokenCache
}

// flight is one JWKS fetch; done is closed when it has ended, after err is set.
type flight struct {
	done chan struct{}
	err  error
}

// Errors of Verify. Each is wrapped in a models.Error with CodeUnauthenticated (or
// CodeUnavailable for ErrKeysUnavailable); their text is for logs only.
var (
	ErrMalformed       = errors.New("malformed token")
	ErrAlgorithm       = errors.New("token algorithm is not RS256")
	ErrUnknownKey      = errors.New("token signed by an unknown key")
	ErrTokenUse        = errors.New("token_use not accepted")
	ErrClient          = errors.New("token issued to another app client")
	ErrSubject         = errors.New("token subject missing or too long")
	ErrKeysUnavailable = errors.New("signing keys unavailable")
)

// NewVerifier returns a Verifier for cfg.
func NewVerifier(cfg Config) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, errors.New("auth: issuer is required")
	}
	if len(cfg.ClientIDs) == 0 {
		return nil, errors.New("auth: at least one app client id is required")
	}
	if cfg.JWKSURL == "" {
		cfg.JWKSURL = cfg.Issuer + "/.well-known/jwks.json"
	}
	if len(cfg.TokenUses) == 0 {
		cfg.TokenUses = []string{TokenUseID, TokenUseAccess}
	}
	for _, u := range cfg.TokenUses {
		if u != TokenUseID && u != TokenUseAccess {
			return nil, fmt.Errorf("auth: unknown token use %q (want id or access)", u)
		}
	}
	if cfg.Leeway == 0 {
		cfg.Leeway = DefaultLeeway
	}
	if cfg.MinRefreshInterval == 0 {
		cfg.MinRefreshInterval = DefaultMinRefreshInterval
	}
	if cfg.JWKSMaxAge == 0 {
		cfg.JWKSMaxAge = DefaultJWKSMaxAge
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: DefaultFetchTimeout}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.TokenCacheSize <= 0 {
		cfg.TokenCacheSize = MaxCachedTokens
	}
	return &Verifier{cfg: cfg, tokens: newTokenCache(cfg.TokenCacheSize)}, nil
}

func unauthenticated(err error) error {
	return models.WrapError(models.CodeUnauthenticated, err, "a valid bearer token is required")
}

// Verify checks token and returns its caller.
// Errors: CodeUnauthenticated (wrapping one of the Err values or a jwx validation error) for any
// token that is not valid; CodeUnavailable when the JWKS cannot be fetched and no key is cached.
func (v *Verifier) Verify(ctx context.Context, token string) (models.Principal, error) {
	if token == "" || len(token) > MaxTokenBytes {
		return models.Principal{}, unauthenticated(ErrMalformed)
	}
	sum := sha256.Sum256([]byte(token))
	if p, ok := v.cached(ctx, sum); ok {
		return p, nil
	}
	var (
		keyErr  error
		usedKid string
		usedKey jwk.Key
	)
	provider := jws.KeyProviderFunc(func(ctx context.Context, sink jws.KeySink, sig *jws.Signature, _ *jws.Message) error {
		hdr := sig.ProtectedHeaders()
		// RS256 only: this refuses `none`, and HS256 tokens "signed" with the public key.
		if alg, ok := hdr.Algorithm(); !ok || alg.String() != jwa.RS256().String() {
			keyErr = ErrAlgorithm
			return keyErr
		}
		// RFC 7515 §4.1.11: a recipient must refuse critical extensions it does not understand, and
		// we understand none (Cognito never sets "crit"). jwt.Parse only enforces this on its
		// WithKey path, not with a key provider.
		if _, ok := hdr.Critical(); ok {
			keyErr = ErrMalformed
			return keyErr
		}
		kid, ok := hdr.KeyID()
		if !ok || kid == "" {
			keyErr = ErrUnknownKey
			return keyErr
		}
		key, err := v.key(ctx, kid)
		if err != nil {
			keyErr = err
			return err
		}
		usedKid, usedKey = kid, key
		sink.Key(jwa.RS256(), key)
		return nil
	})
	tok, err := jwt.Parse([]byte(token),
		jwt.WithKeyProvider(provider),
		jwt.WithValidate(true),
		jwt.WithIssuer(v.cfg.Issuer),
		jwt.WithAcceptableSkew(v.cfg.Leeway),
		jwt.WithClock(jwt.ClockFunc(v.cfg.Now)),
		jwt.WithRequiredClaim("exp"),
		jwt.WithRequiredClaim("sub"),
		jwt.WithRequiredClaim("token_use"),
		jwt.WithContext(ctx),
	)
	if err != nil {
		if errors.Is(keyErr, ErrKeysUnavailable) {
			return models.Principal{}, models.WrapError(models.CodeUnavailable, keyErr, "authentication is temporarily unavailable; please retry")
		}
		if keyErr != nil {
			return models.Principal{}, unauthenticated(keyErr)
		}
		return models.Principal{}, unauthenticated(fmt.Errorf("%w: %w", ErrMalformed, err))
	}
	var use string
	if err := tok.Get("token_use", &use); err != nil || !slices.Contains(v.cfg.TokenUses, use) {
		return models.Principal{}, unauthenticated(ErrTokenUse)
	}
	if !v.clientAccepted(tok, use) {
		return models.Principal{}, unauthenticated(ErrClient)
	}
	sub, _ := tok.Subject()
	if sub == "" || len(sub) > models.MaxSubjectLength {
		return models.Principal{}, unauthenticated(ErrSubject)
	}
	exp, hasExp := tok.Expiration()
	p := models.Principal{Subject: sub, ExpiresAt: exp}
	if hasExp && usedKey != nil {
		v.tokens.add(sum, verifiedToken{principal: p, expires: exp, kid: usedKid, key: usedKey})
	}
	return p, nil
}

// clientAccepted checks the app client: Cognito ID tokens name it in `aud`, access tokens in
// `client_id` (and carry no `aud`).
func (v *Verifier) clientAccepted(tok jwt.Token, use string) bool {
	if use == TokenUseID {
		aud, _ := tok.Audience()
		for _, a := range aud {
			if slices.Contains(v.cfg.ClientIDs, a) {
				return true
			}
		}
		return false
	}
	var clientID string
	if err := tok.Get("client_id", &clientID); err != nil {
		return false
	}
	return slices.Contains(v.cfg.ClientIDs, clientID)
}

// key returns the RSA public key with kid. The JWKS is fetched when there is none yet, when it
// is older than JWKSMaxAge, or when kid is unknown (Cognito rotates keys by publishing the new one
// first); apart from the very first fetch, at most once per MinRefreshInterval. Fetches run
// outside the lock, one at a time: callers whose kid is in the cached set (even a stale one,
// being refreshed) are answered at once, callers that need the fetched set join the fetch under
// way, bounded by their own ctx.
func (v *Verifier) key(ctx context.Context, kid string) (jwk.Key, error) {
	k, err := v.setKey(ctx, kid)
	if err != nil {
		return nil, err
	}
	return checkKey(k)
}

// setKey is key without checkKey: the key object the JWKS holds under kid, whatever its type.
func (v *Verifier) setKey(ctx context.Context, kid string) (jwk.Key, error) {
	v.mu.Lock()
	now := v.cfg.Now()
	var (
		k     jwk.Key
		known bool
	)
	if v.set != nil {
		k, known = v.set.LookupKeyID(kid)
	}
	stale := v.set == nil || now.Sub(v.fetchedAt) > v.cfg.JWKSMaxAge
	f := v.inflight
	if f == nil && (stale || !known) && (v.set == nil || now.Sub(v.lastAttempt) >= v.cfg.MinRefreshInterval) {
		v.lastAttempt = now
		f = &flight{done: make(chan struct{})}
		v.inflight = f
		go v.fetch(f)
	}
	v.mu.Unlock()
	if known {
		return k, nil
	}
	if f == nil {
		return nil, ErrUnknownKey
	}
	select {
	case <-f.done:
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: %w", ErrKeysUnavailable, ctx.Err())
	}
	v.mu.Lock()
	set := v.set
	v.mu.Unlock()
	if set == nil {
		return nil, fmt.Errorf("%w: %w", ErrKeysUnavailable, f.err)
	}
	if k, ok := set.LookupKeyID(kid); ok {
		return k, nil
	}
	return nil, ErrUnknownKey
}

// fetch fetches the JWKS for f, detached from any caller's context (other callers may be
// waiting on it) and bounded by DefaultFetchTimeout. On failure the old set stays in use.
func (v *Verifier) fetch(f *flight) {
	ctx, cancel := context.WithTimeout(context.Background(), DefaultFetchTimeout)
	set, err := jwk.Fetch(ctx, v.cfg.JWKSURL, jwk.WithHTTPClient(v.cfg.HTTPClient))
	cancel()
	v.mu.Lock()
	if err == nil {
		v.set, v.fetchedAt = set, v.cfg.Now()
	}
	f.err = err
	v.inflight = nil
	v.mu.Unlock()
	close(f.done)
}

// checkKey accepts only RSA signing keys whose declared algorithm, if any, is RS256.
func checkKey(k jwk.Key) (jwk.Key, error) {
	if k.KeyType().String() != "RSA" {
		return nil, ErrUnknownKey
	}
	if alg, ok := k.Algorithm(); ok && alg.String() != jwa.RS256().String() {
		return nil, ErrAlgorithm
	}
	if use, ok := k.KeyUsage(); ok && use != "sig" {
		return nil, ErrUnknownKey
	}
	return k, nil
}
