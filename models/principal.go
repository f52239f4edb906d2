package models

import (
	"context"
	"time"
)

// Principal is the authenticated caller: a Cognito user (from a verified JWT).
type Principal struct {
	// Subject is the Cognito `sub` claim; it is recorded in created_by/updated_by/deleted_by.
	Subject string
	// ExpiresAt is the token's `exp` (zero when unknown); a subscription connection closes then.
	ExpiresAt time.Time
}

type principalKey struct{}

// WithPrincipal returns a context carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the caller of ctx.
// Errors: CodeUnauthenticated when the request carried no valid token.
func PrincipalFrom(ctx context.Context) (Principal, error) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	if !ok || p.Subject == "" {
		return Principal{}, Errorf(CodeUnauthenticated, "a valid bearer token is required")
	}
	return p, nil
}
