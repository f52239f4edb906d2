package auth

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
	"github.com/lestrrat-go/jwx/v3/jwk"

	"github.com/code2des/backend/models"
)

// MaxCachedTokens bounds the verified-token cache (entries, about 200 bytes each): a flood of
// distinct tokens evicts the least recently used ones and cannot grow it. Only tokens that passed
// every check are cached, so forged tokens never enter it.
const MaxCachedTokens = 10_000

// verifiedToken is a token that passed Verify: who it names, until when it may be accepted from
// the cache, and the signing key that verified it.
type verifiedToken struct {
	principal models.Principal
	// expires is the token's `exp`, without the leeway: from then on the token goes through the
	// full check again (which still applies the leeway), so the cache never accepts a token the
	// full check would refuse.
	expires time.Time
	kid     string
	// key is the very key object of the JWKS that verified the signature. A cached token is
	// accepted only while the current key set still holds this object under kid: a refetched set
	// (new objects) sends the token through the full check once more, a set without kid refuses it.
	key jwk.Key
}

// tokenCache maps the SHA-256 of a token to its verification, least recently used first out.
// Safe for concurrent use.
type tokenCache struct {
	mu  sync.Mutex
	lru *simplelru.LRU[[sha256.Size]byte, verifiedToken]
}

func newTokenCache(size int) *tokenCache {
	lru, _ := simplelru.NewLRU[[sha256.Size]byte, verifiedToken](size, nil)
	return &tokenCache{lru: lru}
}

func (c *tokenCache) get(k [sha256.Size]byte) (verifiedToken, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Get(k)
}

func (c *tokenCache) add(k [sha256.Size]byte, v verifiedToken) {
	c.mu.Lock()
	c.lru.Add(k, v)
	c.mu.Unlock()
}

func (c *tokenCache) remove(k [sha256.Size]byte) {
	c.mu.Lock()
	c.lru.Remove(k)
	c.mu.Unlock()
}

func (c *tokenCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// CachedTokens returns how many verified tokens the cache holds (at most MaxCachedTokens).
func (v *Verifier) CachedTokens() int { return v.tokens.len() }

// cached returns the caller of a token verified before, when its cache entry may still be used:
// before the token's expiry and while the key that verified it is still the current key of its
// kid (v.setKey also starts the periodic JWKS refresh, as the full check does).
func (v *Verifier) cached(ctx context.Context, sum [sha256.Size]byte) (models.Principal, bool) {
	e, ok := v.tokens.get(sum)
	if !ok {
		return models.Principal{}, false
	}
	if !v.cfg.Now().Before(e.expires) {
		v.tokens.remove(sum)
		return models.Principal{}, false
	}
	// e.key passed checkKey when it verified the token, and a key object of the set is never
	// changed (a refetch makes new ones): the same object needs no second check.
	k, err := v.setKey(ctx, e.kid)
	if err != nil || k != e.key {
		v.tokens.remove(sum)
		return models.Principal{}, false
	}
	return e.principal, true
}
