package auth

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
)

// Local issuer settings. The local stack trusts only tokens of LocalClientID from its own issuer.
const (
	// LocalClientID is the app client id the local issuer puts in `aud`.
	LocalClientID = "code2des-local"
	// LocalIssuerPath is the path of the local issuer URL; its JWKS is served at
	// LocalIssuerPath + "/.well-known/jwks.json", the layout of a Cognito user pool.
	LocalIssuerPath = "/local-pool"
	// LocalKeyBits is the RSA key size of a generated local key.
	LocalKeyBits = 2048
	// DefaultLocalTokenTTL is the lifetime of a minted local token.
	DefaultLocalTokenTTL = time.Hour
)

// LocalIssuer is a stand-in Cognito user pool for the local stack and tests: an RSA key pair, the
// JWKS of its public key, and ID tokens minted for any subject. Never used in production: the
// server only trusts the issuer named in its configuration.
type LocalIssuer struct {
	// Issuer is the `iss` of minted tokens, e.g. http://127.0.0.1:9400/local-pool.
	Issuer string
	// ClientID is the `aud` of minted tokens.
	ClientID string

	key  *rsa.PrivateKey
	kid  string
	jwks []byte
}

// NewLocalIssuer returns an issuer signing with key. Its kid is the RFC 7638 thumbprint of the
// public key, so every process that loads the same key file agrees on it.
func NewLocalIssuer(key *rsa.PrivateKey, issuer, clientID string) (*LocalIssuer, error) {
	pub, err := jwk.Import(&key.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("local issuer: import key: %w", err)
	}
	tp, err := pub.Thumbprint(crypto.SHA256)
	if err != nil {
		return nil, fmt.Errorf("local issuer: thumbprint: %w", err)
	}
	kid := fmt.Sprintf("%x", tp[:8])
	for _, kv := range []struct {
		k string
		v any
	}{{jwk.KeyIDKey, kid}, {jwk.AlgorithmKey, jwa.RS256()}, {jwk.KeyUsageKey, "sig"}} {
		if err := pub.Set(kv.k, kv.v); err != nil {
			return nil, fmt.Errorf("local issuer: set %s: %w", kv.k, err)
		}
	}
	set := jwk.NewSet()
	if err := set.AddKey(pub); err != nil {
		return nil, err
	}
	body, err := json.Marshal(set)
	if err != nil {
		return nil, err
	}
	return &LocalIssuer{Issuer: issuer, ClientID: clientID, key: key, kid: kid, jwks: body}, nil
}

// KeyID returns the kid of the signing key.
func (li *LocalIssuer) KeyID() string { return li.kid }

// PrivateKey returns the signing key (tests use it to forge tokens with the right key).
func (li *LocalIssuer) PrivateKey() *rsa.PrivateKey { return li.key }

// JWKSPath returns the path, under the issuer's host, of its JWKS.
func (li *LocalIssuer) JWKSPath() string {
	u, err := url.Parse(li.Issuer)
	if err != nil {
		return LocalIssuerPath + "/.well-known/jwks.json"
	}
	return u.Path + "/.well-known/jwks.json"
}

// ServeHTTP serves the JWKS at JWKSPath and 404 elsewhere.
func (li *LocalIssuer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != li.JWKSPath() || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(li.jwks)
}

// Mint returns an RS256 ID token for subject, valid for ttl, shaped like a Cognito ID token
// (`iss`, `sub`, `aud`, `token_use` = id, `iat`, `exp`, `auth_time`).
func (li *LocalIssuer) Mint(subject string, ttl time.Duration) (string, error) {
	now := time.Now()
	tok, err := jwt.NewBuilder().
		Issuer(li.Issuer).Subject(subject).Audience([]string{li.ClientID}).
		IssuedAt(now).Expiration(now.Add(ttl)).
		Claim("token_use", TokenUseID).Claim("auth_time", now.Unix()).
		Build()
	if err != nil {
		return "", err
	}
	return li.Sign(tok)
}

// Sign signs any token with the issuer's key and kid (tests use it for tokens with odd claims).
func (li *LocalIssuer) Sign(tok jwt.Token) (string, error) {
	hdr := jws.NewHeaders()
	if err := hdr.Set(jws.KeyIDKey, li.kid); err != nil {
		return "", err
	}
	b, err := jwt.Sign(tok, jwt.WithKey(jwa.RS256(), li.key, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return string(b), nil
}

// DefaultLocalKeyFile returns where the local stack keeps its issuer key:
// <user cache dir>/code2des/local-issuer-key.pem (e.g. ~/.cache/code2des/...).
func DefaultLocalKeyFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "code2des", "local-issuer-key.pem")
}

// LoadOrCreateKey reads an RSA private key (PKCS #8 PEM) from path, creating one (mode 0600, in a
// 0700 directory) when the file does not exist. The local stack and the `token` command share it.
func LoadOrCreateKey(path string) (*rsa.PrivateKey, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		key, err := rsa.GenerateKey(rand.Reader, LocalKeyBits)
		if err != nil {
			return nil, err
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("local issuer key: %w", err)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) { // created meanwhile by another process
			return LoadOrCreateKey(path)
		}
		if err != nil {
			return nil, fmt.Errorf("local issuer key: %w", err)
		}
		if err := pem.Encode(f, &pem.Block{Type: "PRIVATE KEY", Bytes: der}); err != nil {
			f.Close()
			return nil, fmt.Errorf("local issuer key: %w", err)
		}
		return key, f.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("local issuer key: %w", err)
	}
	block, _ := pem.Decode(b)
	if block == nil {
		return nil, fmt.Errorf("local issuer key %s: no PEM block", path)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("local issuer key %s: %w", path, err)
	}
	key, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("local issuer key %s: not an RSA key", path)
	}
	return key, nil
}
