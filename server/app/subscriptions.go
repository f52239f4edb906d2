package app

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/coder/websocket"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
)

// GraphQL subscriptions over WebSocket: gqlgen's websocket transport on
// coder/websocket, speaking graphql-transport-ws (and the older graphql-ws), on GET /graphql.
const (
	// DefaultSubscriptionsPerConnection is SUBSCRIPTIONS_PER_CONNECTION: the most live
	// subscriptions of one connection; one more is refused with FAILED_PRECONDITION and ends alone.
	DefaultSubscriptionsPerConnection = 20
	// DefaultSubscriptionConnectionsPerSubject is SUBSCRIPTION_CONNECTIONS_PER_SUBJECT: the most
	// open connections of one subject on one instance; one more is closed at connection_init with
	// CloseTooManyConnections.
	DefaultSubscriptionConnectionsPerSubject = 10
	// WebsocketInitTimeout is how long a connection may stay open without connection_init.
	WebsocketInitTimeout = 10 * time.Second
	// DefaultSubscriptionPingInterval is SUBSCRIPTION_PING_INTERVAL, the server's keep-alive: a
	// graphql-transport-ws `ping` (a client that does not answer `pong` within two intervals is
	// dropped) or a graphql-ws `ka`; below the usual 30-60 s idle timeouts of load balancers.
	DefaultSubscriptionPingInterval = 25 * time.Second
	// WebsocketMaxMessageBytes bounds one client message (connection_init or subscribe).
	WebsocketMaxMessageBytes = 64 * 1024
)

// Close codes of refused connections (graphql-transport-ws reserves 4400-4499 for the server).
const (
	// CloseUnauthorized: connection_init without a valid token.
	CloseUnauthorized = 4403
	// CloseTooManyConnections: the subject already has its connections open.
	CloseTooManyConnections = 4429
)

// tokenExpiredReason is sent when a connection is closed because its token expired.
const tokenExpiredReason = "the token expired; reconnect with a fresh token"

// subscriptionTransport returns the WebSocket transport: the token comes in connection_init (a
// browser cannot set headers on a WebSocket), is verified as an HTTP request's is, and the
// connection closes when it expires.
func (a *App) subscriptionTransport(verifier auth.TokenVerifier) transport.Websocket {
	limit := int64(WebsocketMaxMessageBytes)
	conns := &subjectConnections{max: a.cfg.SubscriptionConnectionsPerSubject, open: map[string]int{}}
	return transport.Websocket{
		// Origins are checked by originAllowed before the upgrade (Origin `null` included).
		Implementation:        transport.CoderWebsocketImplementation{AcceptOptions: websocket.AcceptOptions{InsecureSkipVerify: true}},
		InitTimeout:           WebsocketInitTimeout,
		KeepAlivePingInterval: a.cfg.SubscriptionPingInterval,
		PingPongInterval:      a.cfg.SubscriptionPingInterval,
		PayloadReadLimit:      &limit,
		InitFunc: func(ctx context.Context, p transport.InitPayload) (context.Context, *transport.InitPayload, error) {
			return a.initConnection(ctx, verifier, conns, p)
		},
		CloseFunc: func(ctx context.Context, _ int) {
			if c, ok := ctx.Value(connStateKey{}).(*connState); ok {
				c.close()
			}
		},
	}
}

type connStateKey struct{}

// connState is what a connection holds until it closes: its subject's connection slot and the
// timer of its token's expiry.
type connState struct {
	once    sync.Once
	release func()
	cancel  context.CancelFunc
}

func (c *connState) close() { c.once.Do(func() { c.release(); c.cancel() }) }

// initConnection authenticates connection_init: payload `Authorization: Bearer <JWT>` (or
// `authorization`). It refuses a missing or invalid token (CloseUnauthorized) and a subject over
// its connection limit (CloseTooManyConnections).
func (a *App) initConnection(ctx context.Context, verifier auth.TokenVerifier, conns *subjectConnections, payload transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	refuse := func(code int, err error) (context.Context, *transport.InitPayload, error) {
		return transport.WithWebsocketCloseCode(ctx, code), nil, err
	}
	scheme, token, _ := strings.Cut(payload.Authorization(), " ")
	if !strings.EqualFold(scheme, "Bearer") || token == "" || verifier == nil {
		return refuse(CloseUnauthorized, models.Errorf(models.CodeUnauthenticated, "connection_init needs payload.Authorization: Bearer <token>"))
	}
	p, err := verifier.Verify(ctx, strings.TrimSpace(token))
	if err != nil {
		a.logger.InfoContext(ctx, "subscription token refused", "err", err.Error())
		return refuse(CloseUnauthorized, models.Errorf(models.CodeUnauthenticated, "the token was refused"))
	}
	release, ok := conns.acquire(p.Subject)
	if !ok {
		return refuse(CloseTooManyConnections, models.Errorf(models.CodeUnavailable, "at most %d subscription connections per user", conns.max))
	}
	ctx = models.WithPrincipal(ctx, p)
	ctx = graph.WithSubscriptionLimit(ctx, a.cfg.SubscriptionsPerConnection)
	// The connection context ends when the token expires; gqlgen then closes the connection,
	// sending this reason first.
	ctx = transport.AppendCloseReason(ctx, tokenExpiredReason)
	cancel := context.CancelFunc(func() {})
	if !p.ExpiresAt.IsZero() {
		ctx, cancel = context.WithDeadline(ctx, p.ExpiresAt.Add(a.cfg.AuthLeeway))
	}
	return context.WithValue(ctx, connStateKey{}, &connState{release: release, cancel: cancel}), nil, nil
}

// subjectConnections counts open subscription connections per subject on this instance.
type subjectConnections struct {
	mu   sync.Mutex
	max  int
	open map[string]int
}

func (s *subjectConnections) acquire(subject string) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[subject] >= s.max {
		return nil, false
	}
	s.open[subject]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.open[subject]--; s.open[subject] <= 0 {
			delete(s.open, subject)
		}
	}, true
}

// websocketUpgrade prepares a WebSocket upgrade of /graphql: the Origin must be allowed as for
// HTTP (`null` for the Figma plugin when CORS_ALLOW_NULL_ORIGIN, the dashboard origins; no Origin
// for non-browser clients), else 403; and the server's read and write deadlines are lifted from
// the connection, which outlives the HTTP request (keep-alive pings bound it instead).
func (a *App) websocketUpgrade(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") == "" {
			next.ServeHTTP(w, r)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !a.originAllowed(origin) && !sameOrigin(origin, r) {
			writeGraphQLError(w, r, http.StatusForbidden, models.CodeForbidden, "origin not allowed")
			return
		}
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Time{})
		_ = rc.SetWriteDeadline(time.Time{})
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether origin is the API's own (its host is the request's Host): the
// dashboard the API serves at /dashboard/ opens its WebSocket from there.
func sameOrigin(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// originAllowed is the CORS rule of /graphql.
func (a *App) originAllowed(origin string) bool {
	if origin == "null" {
		return a.cfg.CORSAllowNullOrigin
	}
	return slices.Contains(a.cfg.CORSAllowedOrigins, origin)
}
