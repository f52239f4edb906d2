package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
)

var keys struct {
	once sync.Once
	a, b *rsa.PrivateKey
}

// testKeys returns two RSA keys, generated once per test binary (generation is slow).
func testKeys(t *testing.T) (*rsa.PrivateKey, *rsa.PrivateKey) {
	t.Helper()
	keys.once.Do(func() {
		keys.a, _ = rsa.GenerateKey(rand.Reader, 2048)
		keys.b, _ = rsa.GenerateKey(rand.Reader, 2048)
	})
	return keys.a, keys.b
}

// pool is a user pool on an httptest server: its issuer URL serves the JWKS of whichever issuer
// is current, and counts fetches.
type pool struct {
	srv     *httptest.Server
	mu      sync.Mutex
	current *auth.LocalIssuer
	fetches atomic.Int32
	down    atomic.Bool
	// edit, when set, rewrites the JWKS served (a key's parameters changed under its kid).
	edit atomic.Pointer[func(string) string]
}

func newPool(t *testing.T, key *rsa.PrivateKey) (*pool, *auth.LocalIssuer) {
	t.Helper()
	p := &pool{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.fetches.Add(1)
		if p.down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		p.mu.Lock()
		li := p.current
		p.mu.Unlock()
		if edit := p.edit.Load(); edit != nil {
			rec := httptest.NewRecorder()
			li.ServeHTTP(rec, r)
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, (*edit)(rec.Body.String()))
			return
		}
		li.ServeHTTP(w, r)
	}))
	t.Cleanup(p.srv.Close)
	li := p.issuer(t, key)
	p.serve(li)
	return p, li
}

func (p *pool) issuer(t *testing.T, key *rsa.PrivateKey) *auth.LocalIssuer {
	t.Helper()
	li, err := auth.NewLocalIssuer(key, p.srv.URL+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	return li
}

func (p *pool) serve(li *auth.LocalIssuer) {
	p.mu.Lock()
	p.current = li
	p.mu.Unlock()
}

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newVerifier(t *testing.T, li *auth.LocalIssuer, c *clock) *auth.Verifier {
	t.Helper()
	v, err := auth.NewVerifier(auth.Config{Issuer: li.Issuer, ClientIDs: []string{auth.LocalClientID}, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// claims builds a valid Cognito-shaped ID token around now; edit changes it before it is built.
func claims(t *testing.T, li *auth.LocalIssuer, now time.Time, edit func(*jwt.Builder)) jwt.Token {
	t.Helper()
	b := jwt.NewBuilder().Issuer(li.Issuer).Subject("user-1").Audience([]string{auth.LocalClientID}).
		IssuedAt(now.Add(-time.Minute)).Expiration(now.Add(time.Hour)).Claim("token_use", "id")
	if edit != nil {
		edit(b)
	}
	tok, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func sign(t *testing.T, li *auth.LocalIssuer, tok jwt.Token) string {
	t.Helper()
	s, err := li.Sign(tok)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerifyAccepts(t *testing.T) {
	keyA, _ := testKeys(t)
	_, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	ctx := context.Background()

	t.Run("OK/IDToken", func(t *testing.T) {
		p, err := v.Verify(ctx, sign(t, li, claims(t, li, c.Now(), nil)))
		if err != nil || p.Subject != "user-1" {
			t.Fatalf("Verify = %+v, %v", p, err)
		}
	})
	t.Run("OK/AccessTokenWithClientID", func(t *testing.T) {
		tok := claims(t, li, c.Now(), func(b *jwt.Builder) {
			b.Audience(nil).Claim("token_use", "access").Claim("client_id", auth.LocalClientID)
		})
		if p, err := v.Verify(ctx, sign(t, li, tok)); err != nil || p.Subject != "user-1" {
			t.Fatalf("Verify = %+v, %v", p, err)
		}
	})
	t.Run("OK/ExpiredWithinLeeway", func(t *testing.T) {
		tok := claims(t, li, c.Now(), func(b *jwt.Builder) {
			b.Expiration(c.Now().Add(-auth.DefaultLeeway + time.Second))
		})
		if _, err := v.Verify(ctx, sign(t, li, tok)); err != nil {
			t.Fatalf("a token expired %v ago (leeway %v) was refused: %v", auth.DefaultLeeway-time.Second, auth.DefaultLeeway, err)
		}
	})
	t.Run("OK/SubjectAtLengthLimit", func(t *testing.T) {
		sub := strings.Repeat("s", models.MaxSubjectLength)
		tok := claims(t, li, c.Now(), func(b *jwt.Builder) { b.Subject(sub) })
		if p, err := v.Verify(ctx, sign(t, li, tok)); err != nil || p.Subject != sub {
			t.Fatalf("Verify = %+v, %v", p, err)
		}
	})
	t.Run("OK/MintedLocalToken", func(t *testing.T) {
		v := newVerifier(t, li, &clock{now: time.Now()})
		tok, err := li.Mint("local-user", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := v.Verify(ctx, tok); err != nil || p.Subject != "local-user" {
			t.Fatalf("Verify(minted) = %+v, %v", p, err)
		}
	})
}

func TestVerifyRefuses(t *testing.T) {
	keyA, keyB := testKeys(t)
	p, li := newPool(t, keyA)
	other := p.issuer(t, keyB) // same issuer URL, a key the pool does not publish
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	now := c.Now()

	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: must(x509.MarshalPKIXPublicKey(&keyA.PublicKey))})
	valid := sign(t, li, claims(t, li, now, nil))
	parts := strings.Split(valid, ".")

	for _, tc := range []struct {
		name  string
		token string
		cause error
	}{
		{"Expired", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.Expiration(now.Add(-auth.DefaultLeeway - time.Second))
		})), auth.ErrMalformed},
		{"NotYetValid", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.NotBefore(now.Add(auth.DefaultLeeway + time.Second))
		})), auth.ErrMalformed},
		{"IssuedInTheFuture", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.IssuedAt(now.Add(auth.DefaultLeeway + time.Minute))
		})), auth.ErrMalformed},
		{"NoExpiry", sign(t, li, func() jwt.Token {
			tok := claims(t, li, now, nil)
			_ = tok.Remove(jwt.ExpirationKey)
			return tok
		}()), auth.ErrMalformed},
		{"WrongIssuer", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.Issuer("https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other")
		})), auth.ErrMalformed},
		{"WrongAudience", sign(t, li, claims(t, li, now, func(b *jwt.Builder) { b.Audience([]string{"other-client"}) })), auth.ErrClient},
		{"AccessTokenWrongClientID", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.Audience(nil).Claim("token_use", "access").Claim("client_id", "other-client")
		})), auth.ErrClient},
		{"AccessTokenAudienceInsteadOfClientID", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.Claim("token_use", "access")
		})), auth.ErrClient},
		{"RefreshTokenUse", sign(t, li, claims(t, li, now, func(b *jwt.Builder) { b.Claim("token_use", "refresh") })), auth.ErrTokenUse},
		{"SubjectTooLong", sign(t, li, claims(t, li, now, func(b *jwt.Builder) {
			b.Subject(strings.Repeat("s", models.MaxSubjectLength+1))
		})), auth.ErrSubject},
		{"AlgNone", unsignedToken(t, claims(t, li, now, nil), li.KeyID()), auth.ErrAlgorithm},
		{"HS256WithThePublicKey", hmacToken(t, claims(t, li, now, nil), li.KeyID(), pubPEM), auth.ErrAlgorithm},
		{"UnknownKid", sign(t, other, claims(t, li, now, nil)), auth.ErrUnknownKey},
		{"KnownKidWrongKey", forgeKid(t, claims(t, li, now, nil), li.KeyID(), keyB), auth.ErrMalformed},
		// RFC 7515 §4.1.11: a critical extension the recipient does not understand (we understand
		// none) makes the token invalid, even with a good signature from the pool's key.
		{"CriticalExtensionNotUnderstood", critToken(t, claims(t, li, now, nil), li.KeyID(), keyA), auth.ErrMalformed},
		{"TamperedPayload", parts[0] + "." + base64.RawURLEncoding.EncodeToString(
			[]byte(strings.Replace(string(must(base64.RawURLEncoding.DecodeString(parts[1]))), "user-1", "user-2", 1))) +
			"." + parts[2], auth.ErrMalformed},
		{"TruncatedSignature", valid[:len(valid)-10], auth.ErrMalformed},
		{"Garbage", "not.a.jwt", auth.ErrMalformed},
		{"Empty", "", auth.ErrMalformed},
		{"TooLong", valid + strings.Repeat("A", auth.MaxTokenBytes), auth.ErrMalformed},
	} {
		t.Run("Unauthenticated/"+tc.name, func(t *testing.T) {
			got, err := v.Verify(context.Background(), tc.token)
			if models.ErrorCodeOf(err) != models.CodeUnauthenticated {
				t.Fatalf("Verify = %+v, %v; want UNAUTHENTICATED", got, err)
			}
			if !errors.Is(err, tc.cause) {
				t.Errorf("cause %v; want %v", err, tc.cause)
			}
		})
	}
}

func TestUnknownKidRefreshesTheKeySetAtMostOncePerInterval(t *testing.T) {
	keyA, keyB := testKeys(t)
	p, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	ctx := context.Background()
	if _, err := v.Verify(ctx, sign(t, li, claims(t, li, c.Now(), nil))); err != nil {
		t.Fatal(err)
	}
	if n := p.fetches.Load(); n != 1 {
		t.Fatalf("%d JWKS fetches for the first token, want 1", n)
	}

	// The pool rotates to key B. Right after the first fetch, a B token cannot trigger a refetch.
	rotated := p.issuer(t, keyB)
	p.serve(rotated)
	tokB := sign(t, rotated, claims(t, rotated, c.Now(), nil))
	for range 20 {
		if _, err := v.Verify(ctx, tokB); !errors.Is(err, auth.ErrUnknownKey) {
			t.Fatalf("a token with an unknown kid inside the refresh interval: %v", err)
		}
	}
	if n := p.fetches.Load(); n != 1 {
		t.Errorf("%d JWKS fetches after 20 unknown kids inside the interval, want 1", n)
	}

	c.Advance(auth.DefaultMinRefreshInterval)
	if got, err := v.Verify(ctx, tokB); err != nil || got.Subject != "user-1" {
		t.Fatalf("after the interval, the rotated key was not picked up: %+v, %v", got, err)
	}
	if n := p.fetches.Load(); n != 2 {
		t.Errorf("%d JWKS fetches, want 2", n)
	}
}

func TestKeySetUnreachable(t *testing.T) {
	keyA, _ := testKeys(t)
	p, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	tok := sign(t, li, claims(t, li, c.Now(), nil))

	t.Run("UnavailableWithNoCachedKeys", func(t *testing.T) {
		p.down.Store(true)
		if _, err := v.Verify(context.Background(), tok); models.ErrorCodeOf(err) != models.CodeUnavailable {
			t.Fatalf("JWKS down, nothing cached: %v; want UNAVAILABLE", err)
		}
	})
	t.Run("OKWithCachedKeysWhenRefreshFails", func(t *testing.T) {
		p.down.Store(false)
		c.Advance(auth.DefaultMinRefreshInterval)
		if _, err := v.Verify(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
		p.down.Store(true)
		c.Advance(auth.DefaultJWKSMaxAge + time.Second) // stale: refetched, fails, old keys kept
		if _, err := v.Verify(context.Background(), sign(t, li, claims(t, li, c.Now(), nil))); err != nil {
			t.Fatalf("a failed refresh dropped the cached keys: %v", err)
		}
	})
}

func TestNewVerifierNeedsIssuerAndClient(t *testing.T) {
	for _, cfg := range []auth.Config{
		{ClientIDs: []string{"c"}},
		{Issuer: "https://issuer"},
		{Issuer: "https://issuer", ClientIDs: []string{"c"}, TokenUses: []string{"refresh"}},
	} {
		if _, err := auth.NewVerifier(cfg); err == nil {
			t.Errorf("NewVerifier(%+v) accepted", cfg)
		}
	}
}

// unsignedToken builds an `alg: none` token by hand (jwx refuses to make one).
func unsignedToken(t *testing.T, tok jwt.Token, kid string) string {
	t.Helper()
	payload := must(jwt.NewSerializer().Serialize(tok))
	hdr := `{"alg":"none","typ":"JWT","kid":"` + kid + `"}`
	return base64.RawURLEncoding.EncodeToString([]byte(hdr)) + "." + base64.RawURLEncoding.EncodeToString(payload) + "."
}

// hmacToken signs tok with HS256 using secret (the classic key-confusion attack: the RSA public
// key used as an HMAC secret).
func hmacToken(t *testing.T, tok jwt.Token, kid string, secret []byte) string {
	t.Helper()
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, kid)
	return string(must(jwt.Sign(tok, jwt.WithKey(jwa.HS256(), secret, jws.WithProtectedHeaders(hdr)))))
}

// forgeKid signs tok with key but claims the published kid.
func forgeKid(t *testing.T, tok jwt.Token, kid string, key *rsa.PrivateKey) string {
	t.Helper()
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, kid)
	return string(must(jwt.Sign(tok, jwt.WithKey(jwa.RS256(), key, jws.WithProtectedHeaders(hdr)))))
}

// critToken signs tok with the pool's key and a protected header that marks an extension critical.
func critToken(t *testing.T, tok jwt.Token, kid string, key *rsa.PrivateKey) string {
	t.Helper()
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, kid)
	_ = hdr.Set("exp-ext", 1)
	_ = hdr.Set(jws.CriticalKey, []string{"exp-ext"})
	return string(must(jwt.Sign(tok, jwt.WithKey(jwa.RS256(), key, jws.WithProtectedHeaders(hdr)))))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// slowPool serves li's JWKS, but while gate is set every fetch waits until the gate is opened
// (a JWKS endpoint that hangs); started receives one value per fetch that begins waiting.
type slowPool struct {
	srv     *httptest.Server
	li      *auth.LocalIssuer
	fetches atomic.Int32
	mu      sync.Mutex
	gate    chan struct{}
	started chan struct{}
}

func newSlowPool(t *testing.T, key *rsa.PrivateKey) *slowPool {
	t.Helper()
	p := &slowPool{started: make(chan struct{}, 100)}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.fetches.Add(1)
		p.mu.Lock()
		gate := p.gate
		p.mu.Unlock()
		if gate != nil {
			p.started <- struct{}{}
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		p.li.ServeHTTP(w, r)
	}))
	t.Cleanup(p.srv.Close)
	li, err := auth.NewLocalIssuer(key, p.srv.URL+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	p.li = li
	return p
}

// hang makes the following fetches wait; the returned func lets them finish.
func (p *slowPool) hang(t *testing.T) (release func()) {
	gate := make(chan struct{})
	p.mu.Lock()
	p.gate = gate
	p.mu.Unlock()
	var once sync.Once
	release = func() {
		once.Do(func() {
			p.mu.Lock()
			p.gate = nil
			p.mu.Unlock()
			close(gate)
		})
	}
	t.Cleanup(release)
	return release
}

// verifyWithin runs Verify and fails the test if it does not return within d.
func verifyWithin(t *testing.T, v *auth.Verifier, token string, d time.Duration) (models.Principal, error) {
	t.Helper()
	type answer struct {
		p   models.Principal
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		p, err := v.Verify(context.Background(), token)
		ch <- answer{p, err}
	}()
	select {
	case a := <-ch:
		return a.p, a.err
	case <-time.After(d):
		t.Fatalf("Verify did not return within %v while the JWKS endpoint hangs", d)
		return models.Principal{}, nil
	}
}

// A slow JWKS endpoint must not stall tokens whose key is already cached: a fetch for an unknown
// kid, or the refresh of a stale key set, runs without holding up other callers.
func TestSlowKeySetFetchDoesNotStallKnownKeys(t *testing.T) {
	keyA, keyB := testKeys(t)
	p := newSlowPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, p.li, c)
	if _, err := v.Verify(context.Background(), sign(t, p.li, claims(t, p.li, c.Now(), nil))); err != nil {
		t.Fatal(err)
	}
	other, err := auth.NewLocalIssuer(keyB, p.li.Issuer, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("KnownKidAnsweredWhileUnknownKidFetches", func(t *testing.T) {
		c.Advance(auth.DefaultMinRefreshInterval)
		release := p.hang(t)
		unknownTok := sign(t, other, claims(t, other, c.Now(), nil))
		unknown := make(chan error, 1)
		go func() {
			_, err := v.Verify(context.Background(), unknownTok)
			unknown <- err
		}()
		<-p.started // the unknown kid's fetch is under way and hangs
		got, err := verifyWithin(t, v, sign(t, p.li, claims(t, p.li, c.Now(), nil)), 2*time.Second)
		if err != nil || got.Subject != "user-1" {
			t.Fatalf("known kid during a hanging fetch: %+v, %v", got, err)
		}
		release()
		if err := <-unknown; !errors.Is(err, auth.ErrUnknownKey) {
			t.Errorf("unknown kid after the fetch: %v; want ErrUnknownKey", err)
		}
	})

	t.Run("StaleSetServesKnownKidWhileRefreshing", func(t *testing.T) {
		c.Advance(auth.DefaultJWKSMaxAge + time.Second)
		release := p.hang(t)
		before := p.fetches.Load()
		got, err := verifyWithin(t, v, sign(t, p.li, claims(t, p.li, c.Now(), nil)), 2*time.Second)
		if err != nil || got.Subject != "user-1" {
			t.Fatalf("known kid with a stale set and a hanging refresh: %+v, %v", got, err)
		}
		<-p.started // the stale set is being refreshed in the background
		for range 10 {
			if _, err := verifyWithin(t, v, sign(t, p.li, claims(t, p.li, c.Now(), nil)), 2*time.Second); err != nil {
				t.Fatal(err)
			}
		}
		release()
		if n := p.fetches.Load() - before; n != 1 {
			t.Errorf("%d JWKS fetches for 11 tokens on a stale set, want 1", n)
		}
	})

	t.Run("ConcurrentUnknownKidsShareOneFetch", func(t *testing.T) {
		c := &clock{now: time.Now()}
		v := newVerifier(t, p.li, c)
		if _, err := v.Verify(context.Background(), sign(t, p.li, claims(t, p.li, c.Now(), nil))); err != nil {
			t.Fatal(err)
		}
		c.Advance(auth.DefaultMinRefreshInterval)
		release := p.hang(t)
		before := p.fetches.Load()
		tok := sign(t, other, claims(t, other, c.Now(), nil))
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for range 10 {
			wg.Go(func() {
				_, err := v.Verify(context.Background(), tok)
				errs <- err
			})
		}
		<-p.started
		// Every caller waits on the one fetch under way, and none has returned before it ends.
		testenv.WaitParked(t, 10*time.Second, 10, "server/auth.(*Verifier).setKey")
		if n := len(errs); n != 0 {
			t.Fatalf("%d callers returned while the fetch was under way", n)
		}
		release()
		wg.Wait()
		close(errs)
		for err := range errs {
			if !errors.Is(err, auth.ErrUnknownKey) {
				t.Errorf("unknown kid: %v; want ErrUnknownKey", err)
			}
		}
		if n := p.fetches.Load() - before; n != 1 {
			t.Errorf("%d JWKS fetches for 10 concurrent unknown kids, want 1", n)
		}
	})
}
