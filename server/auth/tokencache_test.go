package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/code2des/backend/server/auth"
)

// The verified-token cache must never accept what the full check would refuse: a token past its
// expiry, or one whose signing key has left the key set.

func TestTokenCacheNeverAcceptsAnExpiredToken(t *testing.T) {
	keyA, _ := testKeys(t)
	_, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	ctx := context.Background()
	exp := c.Now().Add(10 * time.Minute)
	tok := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Expiration(exp) }))

	if p, err := v.Verify(ctx, tok); err != nil || p.Subject != "user-1" {
		t.Fatalf("Verify = %+v, %v", p, err)
	}
	if n := v.CachedTokens(); n != 1 {
		t.Fatalf("%d cached tokens after one valid token, want 1", n)
	}
	// A second of validity left: served (from the cache) as the same caller.
	c.Advance(exp.Sub(c.Now()) - time.Second)
	if p, err := v.Verify(ctx, tok); err != nil || p.Subject != "user-1" {
		t.Fatalf("a second before expiry: %+v, %v", p, err)
	}
	// Past exp plus the leeway the full check allows: refused, and dropped from the cache.
	c.Advance(time.Second + auth.DefaultLeeway)
	if _, err := v.Verify(ctx, tok); err == nil {
		t.Fatal("a token past its expiry and the leeway was accepted")
	}
	if n := v.CachedTokens(); n != 0 {
		t.Errorf("%d cached tokens after the expired token was refused, want 0", n)
	}
}

func TestTokenCacheRefusesATokenWhoseKeyWasRemoved(t *testing.T) {
	keyA, keyB := testKeys(t)
	p, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	ctx := context.Background()
	// Valid for three hours, so only the key removal can end it.
	tok := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Expiration(c.Now().Add(3 * time.Hour)) }))
	if _, err := v.Verify(ctx, tok); err != nil {
		t.Fatal(err)
	}

	// The pool drops key A (only B is published). Once the key set is older than its maximum
	// age, the next check refreshes it; after that the cached A token must be refused.
	p.serve(p.issuer(t, keyB))
	if err := verifyAfterRefresh(ctx, t, v, c, tok); !errors.Is(err, auth.ErrUnknownKey) {
		t.Fatalf("after the key was removed from the JWKS: %v, want ErrUnknownKey", err)
	}
	if n := p.fetches.Load(); n != 2 {
		t.Errorf("%d JWKS fetches, want 2", n)
	}
	if _, err := v.Verify(ctx, tok); !errors.Is(err, auth.ErrUnknownKey) {
		t.Fatalf("asked again: %v, want ErrUnknownKey", err)
	}
}

func TestTokenCacheKeepsTokensOfARefetchedKey(t *testing.T) {
	keyA, _ := testKeys(t)
	p, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	v := newVerifier(t, li, c)
	ctx := context.Background()
	tok := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Expiration(c.Now().Add(3 * time.Hour)) }))
	if _, err := v.Verify(ctx, tok); err != nil {
		t.Fatal(err)
	}
	// The set is refetched with the same key: the token is checked again and still accepted.
	c.Advance(auth.DefaultJWKSMaxAge + time.Second)
	if _, err := v.Verify(ctx, tok); err != nil {
		t.Fatalf("while the key set is refreshed: %v", err)
	}
	awaitFetch(t, v)
	if n := p.fetches.Load(); n != 2 {
		t.Fatalf("%d JWKS fetches, want 2", n)
	}
	if got, err := v.Verify(ctx, tok); err != nil || got.Subject != "user-1" {
		t.Fatalf("after the refresh: %+v, %v", got, err)
	}
}

func TestTokenCacheIsBounded(t *testing.T) {
	keyA, _ := testKeys(t)
	_, li := newPool(t, keyA)
	c := &clock{now: time.Now()}
	const size = 3
	v, err := auth.NewVerifier(auth.Config{Issuer: li.Issuer, ClientIDs: []string{auth.LocalClientID}, Now: c.Now, TokenCacheSize: size})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	verify := func(sub string) {
		t.Helper()
		tok := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Subject(sub) }))
		if p, err := v.Verify(ctx, tok); err != nil || p.Subject != sub {
			t.Fatalf("Verify(%s) = %+v, %v", sub, p, err)
		}
	}
	for i := range size {
		verify(fmt.Sprintf("user-%d", i))
	}
	if n := v.CachedTokens(); n != size {
		t.Fatalf("%d cached tokens at the bound, want %d", n, size)
	}
	verify("one-more")
	if n := v.CachedTokens(); n != size {
		t.Fatalf("%d cached tokens just past the bound, want %d", n, size)
	}
	// Refused tokens never enter the cache.
	bad := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Claim("token_use", "refresh") }))
	if _, err := v.Verify(ctx, bad); err == nil {
		t.Fatal("a refresh token was accepted")
	}
	if n := v.CachedTokens(); n != size {
		t.Errorf("%d cached tokens after a refused token, want %d", n, size)
	}
}

// A cached token is accepted on the key object that verified it, unchecked; a refetched set whose
// key under the same kid is no longer fit for RS256 signatures (its use or its algorithm changed)
// sends the token through the full check, which refuses it.
func TestTokenCacheChecksARefetchedKeyAgain(t *testing.T) {
	keyA, _ := testKeys(t)
	for _, tc := range []struct {
		name string
		from string
		to   string
		want error
	}{
		{"ErrUnknownKey/UseEnc", `"use":"sig"`, `"use":"enc"`, auth.ErrUnknownKey},
		{"ErrAlgorithm/RS512", `"alg":"RS256"`, `"alg":"RS512"`, auth.ErrAlgorithm},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, li := newPool(t, keyA)
			c := &clock{now: time.Now()}
			v := newVerifier(t, li, c)
			ctx := context.Background()
			tok := sign(t, li, claims(t, li, c.Now(), func(b *jwt.Builder) { b.Expiration(c.Now().Add(3 * time.Hour)) }))
			for range 2 { // the second time from the cache
				if _, err := v.Verify(ctx, tok); err != nil {
					t.Fatal(err)
				}
			}
			if n := v.CachedTokens(); n != 1 {
				t.Fatalf("%d cached tokens after one valid token, want 1", n)
			}
			edit := func(jwks string) string {
				if !strings.Contains(jwks, tc.from) {
					t.Errorf("JWKS without %s: %s", tc.from, jwks)
				}
				return strings.Replace(jwks, tc.from, tc.to, 1)
			}
			p.edit.Store(&edit)
			if err := verifyAfterRefresh(ctx, t, v, c, tok); !errors.Is(err, tc.want) {
				t.Fatalf("after the key changed: %v, want %v", err, tc.want)
			}
			if _, err := v.Verify(ctx, tok); !errors.Is(err, tc.want) {
				t.Fatalf("asked again: %v, want %v", err, tc.want)
			}
		})
	}
}

// verifyAfterRefresh moves c past the key set's maximum age, so that the next check refreshes it
// (in the background: that check is still answered from the stale set), waits for the refresh to
// end, and verifies tok again: its error, nil if tok was accepted.
func verifyAfterRefresh(ctx context.Context, t *testing.T, v *auth.Verifier, c *clock, tok string) error {
	t.Helper()
	c.Advance(auth.DefaultJWKSMaxAge + time.Second)
	_, _ = v.Verify(ctx, tok)
	awaitFetch(t, v)
	_, err := v.Verify(ctx, tok)
	return err
}

// awaitFetch returns once the JWKS fetch under way, if any, has ended. A token naming a kid no
// set holds joins the fetch under way and returns when it ends; with c unchanged since that fetch
// began (within MinRefreshInterval) it starts none of its own.
func awaitFetch(t *testing.T, v *auth.Verifier) {
	t.Helper()
	if _, err := v.Verify(context.Background(), unknownKidToken); !errors.Is(err, auth.ErrUnknownKey) {
		t.Fatalf("a token of an unknown kid: %v, want ErrUnknownKey", err)
	}
}

// unknownKidToken is an RS256 token whose kid no key set holds (its signature is never checked:
// there is no key to check it with).
var unknownKidToken = strings.Join([]string{
	base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"no-such-key","typ":"JWT"}`)),
	base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"user-1","token_use":"id"}`)),
	base64.RawURLEncoding.EncodeToString([]byte("not a signature")),
}, ".")
