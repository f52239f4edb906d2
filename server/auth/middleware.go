package auth

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/code2des/backend/models"
)

// TokenVerifier is what Middleware needs: *Verifier in production and the local stack.
type TokenVerifier interface {
	Verify(ctx context.Context, token string) (models.Principal, error)
}

type failureKey struct{}

// Failure returns why the request's bearer token was refused, or nil when it carried none or a
// valid one. Errors are *models.Error (CodeUnauthenticated or CodeUnavailable).
func Failure(ctx context.Context) error {
	err, _ := ctx.Value(failureKey{}).(error)
	return err
}

// Middleware verifies the `Authorization: Bearer` token of each request. A valid token puts its
// models.Principal into the context; a missing or refused one leaves the request anonymous (the
// refusal is kept for Failure and logged without the token), so every resolver that needs a caller
// answers UNAUTHENTICATED through models.PrincipalFrom. With a nil verifier (authentication not
// configured) every request is anonymous.
func Middleware(v TokenVerifier, logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token, present := bearerToken(r.Header.Get("Authorization"))
			if !present {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			var err error
			var p models.Principal
			if v == nil {
				err = models.Errorf(models.CodeUnauthenticated, "authentication is not configured")
			} else {
				p, err = v.Verify(ctx, token)
			}
			if err != nil {
				level := slog.LevelInfo
				if models.IsCode(err, models.CodeUnavailable) {
					level = slog.LevelWarn
				}
				logger.Log(ctx, level, "bearer token refused", "err", err.Error(),
					"request_id", middleware.GetReqID(ctx))
				next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, failureKey{}, err)))
				return
			}
			next.ServeHTTP(w, r.WithContext(models.WithPrincipal(ctx, p)))
		})
	}
}

// bearerToken returns the token of an `Authorization: Bearer <token>` header (scheme
// case-insensitive). present is false when the header is absent; a header with another scheme or
// no token counts as present with an empty (invalid) token.
func bearerToken(h string) (token string, present bool) {
	if h == "" {
		return "", false
	}
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", true
	}
	return strings.TrimSpace(tok), true
}

// Caller returns the authenticated caller of ctx. When the request carried a token that was
// refused it returns that refusal (so an unreachable JWKS reads as UNAVAILABLE, not as a bad
// token).
// Errors: CodeUnauthenticated, CodeUnavailable.
func Caller(ctx context.Context) (models.Principal, error) {
	if err := Failure(ctx); err != nil {
		return models.Principal{}, err
	}
	return models.PrincipalFrom(ctx)
}
