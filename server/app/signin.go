package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
)

// Sign-in routes (docs/signin.md). Every answer carries Cache-Control: no-store (tokens and keys
// must not be kept by caches), and errors have the GraphQL shape {"errors":[{message, extensions:
// {code}}]} the clients already read.
const (
	// SignInConfigPath serves the sign-in settings to the dashboard and the plugin (GET).
	SignInConfigPath = "/auth/config"
	// HandoffsPath creates a plugin handoff key pair (POST, no token, rate-limited per client IP).
	HandoffsPath = "/auth/handoffs"
	// HandoffDeliverPath stores a signed-in user's tokens under a write key (POST).
	HandoffDeliverPath = "/auth/handoffs/deliver"
	// HandoffTakePath hands the tokens to the holder of the read key, once (POST).
	HandoffTakePath = "/auth/handoffs/take"
	// LocalUsersPath lists the members the development sign-in offers (GET; local stack only).
	LocalUsersPath = "/auth/local/users"
	// LocalTokenPath mints a member's token for the development sign-in (POST; local stack only).
	LocalTokenPath = "/auth/local/token"
)

// Bodies of the sign-in routes.
const (
	// MaxSignInRequestBytes bounds the body of a handoff creation, a take and a local token
	// request: a key or a subject in a small JSON object.
	MaxSignInRequestBytes = 1024
	// MaxHandoffDeliveryBytes bounds a delivery: a write key, a token and a refresh token of at
	// most auth.MaxTokenBytes each, in a JSON object.
	MaxHandoffDeliveryBytes = 2*auth.MaxTokenBytes + MaxSignInRequestBytes
	// MaxSubjectLength is the longest subject the local sign-in takes
	// (organization_member.subject is varchar(50)).
	MaxSubjectLength = 50
)

// Defaults of the sign-in settings, used when a Config field is zero.
const (
	DefaultSignInRedirectPath = "/dashboard/signin/callback"
	DefaultSignInScopes       = "openid email profile"
	DefaultHandoffRateLimit   = 10
	DefaultHandoffRateWindow  = time.Minute
	// HandoffPollInterval is how often the plugin should ask for its tokens (the Retry-After of a
	// pending take, in seconds).
	HandoffPollInterval = 2 * time.Second
)

// SignInConfig is the body of GET /auth/config.
type SignInConfig struct {
	// Issuer is COGNITO_ISSUER: the OpenID Connect issuer (its discovery document is at Issuer +
	// "/.well-known/openid-configuration"); "" when sign-in is not configured.
	Issuer string `json:"issuer"`
	// ClientID is the app client the pages sign in with.
	ClientID string `json:"clientId"`
	// RedirectPath is the callback path on the API's origin.
	RedirectPath string `json:"redirectPath"`
	// Scopes are the requested scopes, space-separated.
	Scopes string `json:"scopes"`
	// LogoutURL is the user pool's logout endpoint, "" when none is configured.
	LogoutURL string `json:"logoutUrl"`
	// LocalSignIn is true when the development sign-in (/auth/local/*) is on.
	LocalSignIn bool `json:"localSignIn"`
	// HandoffTTLSeconds is the life of a plugin handoff key pair.
	HandoffTTLSeconds int `json:"handoffTtlSeconds"`
}

// handoffCreated is the body of a 201 from POST /auth/handoffs.
type handoffCreated struct {
	ReadKey   string    `json:"readKey"`
	WriteKey  string    `json:"writeKey"`
	ExpiresAt time.Time `json:"expiresAt"`
	// PollIntervalSeconds is how often the plugin should ask with the read key.
	PollIntervalSeconds int `json:"pollIntervalSeconds"`
}

// handoffDelivery is the body of POST /auth/handoffs/deliver.
type handoffDelivery struct {
	WriteKey     string `json:"writeKey"`
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
}

// handoffTake is the body of POST /auth/handoffs/take.
type handoffTake struct {
	ReadKey string `json:"readKey"`
}

// localTokenRequest is the body of POST /auth/local/token.
type localTokenRequest struct {
	Subject string `json:"subject"`
}

// localToken is the body of a 200 from POST /auth/local/token.
type localToken struct {
	Token     string `json:"token"`
	ExpiresAt int64  `json:"expiresAt"`
}

// signInConfig returns what GET /auth/config serves.
func (a *App) signInConfig() SignInConfig {
	c := SignInConfig{
		Issuer: a.cfg.CognitoIssuer, ClientID: a.cfg.SignInClientID, RedirectPath: a.cfg.SignInRedirectPath,
		Scopes: a.cfg.SignInScopes, LogoutURL: a.cfg.SignInLogoutURL, LocalSignIn: a.cfg.LocalIssuer != nil,
		HandoffTTLSeconds: int(auth.HandoffTTL / time.Second),
	}
	if c.ClientID == "" && len(a.cfg.CognitoClientIDs) > 0 {
		c.ClientID = a.cfg.CognitoClientIDs[0]
	}
	if c.RedirectPath == "" {
		c.RedirectPath = DefaultSignInRedirectPath
	}
	if c.Scopes == "" {
		c.Scopes = DefaultSignInScopes
	}
	return c
}

// SignInConnectOrigins are the origins the dashboard's pages fetch from when they sign in, for
// its Content-Security-Policy connect-src: the issuer's (discovery document, JWKS) and the user
// pool domain's of SIGNIN_LOGOUT_URL (Cognito serves its token endpoint there too). Empty
// without an issuer; the local sign-in needs none beyond the API's own origin.
func (c Config) SignInConnectOrigins() []string {
	if c.LocalIssuer != nil {
		return nil
	}
	var out []string
	for _, raw := range []string{c.CognitoIssuer, c.SignInLogoutURL} {
		u, err := url.Parse(raw)
		if raw == "" || err != nil || u.Host == "" {
			continue
		}
		if o := u.Scheme + "://" + u.Host; !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// checkLocalSignIn refuses a configuration that would mint tokens outside the local stack.
func (c Config) checkLocalSignIn() error {
	if c.LocalIssuer == nil {
		return nil
	}
	if err := auth.CheckLocalSignIn(c.LocalIssuer, c.CognitoIssuer); err != nil {
		return fmt.Errorf("the development sign-in cannot be enabled: %w", err)
	}
	return nil
}

// mountSignIn mounts the sign-in routes behind the same CORS rules as /graphql (the plugin
// iframe's Origin `null` takes part in the handoff).
func (a *App) mountSignIn(r chi.Router, verifier auth.TokenVerifier) {
	handoffs := auth.Handoffs{DB: a.deps.DB}
	limit, window := a.cfg.HandoffRateLimit, a.cfg.HandoffRateWindow
	if limit == 0 {
		limit = DefaultHandoffRateLimit
	}
	if window <= 0 {
		window = DefaultHandoffRateWindow
	}
	creations := a.limiter("handoff", limit, window)
	r.Group(func(r chi.Router) {
		r.Use(a.cors().Handler)
		r.Use(noStore)
		r.Get(SignInConfigPath, func(w http.ResponseWriter, _ *http.Request) {
			writeJSON(w, http.StatusOK, a.signInConfig())
		})
		r.Post(HandoffsPath, func(w http.ResponseWriter, r *http.Request) {
			if d := creations.Allow(r.Context(), "ip:"+clientIP(r)); !d.Allowed {
				w.Header().Set("Retry-After", strconv.Itoa(max(int((d.RetryAfter+time.Second-1)/time.Second), 1)))
				writeGraphQLError(w, r, http.StatusTooManyRequests, models.CodeUnavailable, "too many sign-in requests; retry later")
				return
			}
			// The body is empty or {}; it is read (and bounded) so a huge one is refused.
			if _, ok := readLimitedBody(w, r, MaxSignInRequestBytes); !ok {
				return
			}
			keys, err := handoffs.Create(r.Context())
			if err != nil {
				a.writeSignInError(w, r, err)
				return
			}
			writeJSON(w, http.StatusCreated, handoffCreated{ReadKey: keys.ReadKey, WriteKey: keys.WriteKey,
				ExpiresAt: keys.ExpiresAt.UTC(), PollIntervalSeconds: int(HandoffPollInterval / time.Second)})
		})
		r.Post(HandoffDeliverPath, func(w http.ResponseWriter, r *http.Request) {
			var in handoffDelivery
			if !decodeSignInBody(w, r, MaxHandoffDeliveryBytes, &in) {
				return
			}
			if len(in.RefreshToken) > auth.MaxTokenBytes {
				writeGraphQLError(w, r, http.StatusBadRequest, models.CodeBadUserInput,
					fmt.Sprintf("refreshToken: longer than %d bytes", auth.MaxTokenBytes))
				return
			}
			// Only a token this API accepts is handed on: the page proves the sign-in with it.
			if verifier == nil {
				writeGraphQLError(w, r, http.StatusUnauthorized, models.CodeUnauthenticated, "authentication is not configured")
				return
			}
			p, err := verifier.Verify(r.Context(), in.Token)
			if err != nil {
				a.writeSignInError(w, r, err)
				return
			}
			err = handoffs.Deliver(r.Context(), in.WriteKey, auth.HandoffTokens{
				Token: in.Token, RefreshToken: in.RefreshToken, ExpiresAt: p.ExpiresAt.Unix()})
			if err != nil {
				a.writeSignInError(w, r, err)
				return
			}
			w.WriteHeader(http.StatusNoContent)
		})
		r.Post(HandoffTakePath, func(w http.ResponseWriter, r *http.Request) {
			var in handoffTake
			if !decodeSignInBody(w, r, MaxSignInRequestBytes, &in) {
				return
			}
			tokens, pending, err := handoffs.Take(r.Context(), in.ReadKey)
			if err != nil {
				a.writeSignInError(w, r, err)
				return
			}
			if pending {
				w.Header().Set("Retry-After", strconv.Itoa(int(HandoffPollInterval/time.Second)))
				writeJSON(w, http.StatusAccepted, map[string]string{"status": "pending"})
				return
			}
			writeJSON(w, http.StatusOK, tokens)
		})
		paths := []string{SignInConfigPath, HandoffsPath, HandoffDeliverPath, HandoffTakePath}
		if a.cfg.LocalIssuer != nil {
			a.mountLocalSignIn(r)
			paths = append(paths, LocalUsersPath, LocalTokenPath)
		}
		// Preflight requests are answered by the CORS middleware; the routes make chi run it.
		for _, p := range paths {
			r.Options(p, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
		}
	})
}

// mountLocalSignIn mounts the development sign-in: the members to choose from, and a token for
// one of them from the local issuer. Only New's check (Config.checkLocalSignIn) lets it run.
func (a *App) mountLocalSignIn(r chi.Router) {
	li := a.cfg.LocalIssuer
	r.Get(LocalUsersPath, func(w http.ResponseWriter, r *http.Request) {
		users, err := auth.LocalUsers(r.Context(), a.deps.DB)
		if err != nil {
			a.writeSignInError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"users": users})
	})
	r.Post(LocalTokenPath, func(w http.ResponseWriter, r *http.Request) {
		var in localTokenRequest
		if !decodeSignInBody(w, r, MaxSignInRequestBytes, &in) {
			return
		}
		if in.Subject == "" || len(in.Subject) > MaxSubjectLength {
			a.writeSignInError(w, r, models.InputError("subject", "a subject is 1 to %d bytes", MaxSubjectLength))
			return
		}
		ok, err := auth.IsMember(r.Context(), a.deps.DB, in.Subject)
		if err == nil && !ok {
			err = models.Errorf(models.CodeNotFound, "%q is not a member of any organization", in.Subject)
		}
		if err != nil {
			a.writeSignInError(w, r, err)
			return
		}
		tok, err := li.Mint(in.Subject, auth.DefaultLocalTokenTTL)
		if err != nil {
			a.writeSignInError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, localToken{Token: tok, ExpiresAt: time.Now().Add(auth.DefaultLocalTokenTTL).Unix()})
	})
}

// noStore keeps every sign-in answer out of caches.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// decodeSignInBody reads one JSON object of at most max bytes into v, refusing unknown members
// and anything after the object with 400.
func decodeSignInBody(w http.ResponseWriter, r *http.Request, max int64, v any) bool {
	body, ok := readLimitedBody(w, r, max)
	if !ok {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("data after the JSON object")
		}
	}
	if err != nil {
		writeGraphQLError(w, r, http.StatusBadRequest, models.CodeBadUserInput, "the body is not the expected JSON object")
		return false
	}
	return true
}

// signInStatus is the HTTP status of each error code a sign-in route answers with (others: 400).
var signInStatus = map[models.ErrorCode]int{
	models.CodeBadUserInput: http.StatusBadRequest, models.CodeUnauthenticated: http.StatusUnauthorized,
	models.CodeNotFound: http.StatusNotFound, models.CodeConflict: http.StatusConflict,
	models.CodeUnavailable: http.StatusServiceUnavailable, models.CodeForbidden: http.StatusForbidden,
}

// writeSignInError answers with the HTTP status of err's code; an unclassified error is logged
// and answered as INTERNAL without its text.
func (a *App) writeSignInError(w http.ResponseWriter, r *http.Request, err error) {
	var me *models.Error
	if !errors.As(err, &me) || me.Code == models.CodeInternal {
		a.logger.ErrorContext(r.Context(), "sign-in request failed", "err", err.Error(), "path", r.URL.Path)
		writeGraphQLError(w, r, http.StatusInternalServerError, models.CodeInternal, "internal error")
		return
	}
	status := signInStatus[me.Code]
	if status == 0 {
		status = http.StatusBadRequest
	}
	msg := me.Message
	if me.Field != "" {
		msg = me.Field + ": " + msg
	}
	writeGraphQLError(w, r, status, me.Code, msg)
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
