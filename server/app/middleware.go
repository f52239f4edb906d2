package app

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

// MaxRequestIDLength is the longest client-supplied X-Request-Id kept as the request id; a longer
// one, or one with characters outside [A-Za-z0-9._:-], is replaced by a fresh id, so a client cannot
// forge log lines or bloat every log entry and INTERNAL error with it.
const MaxRequestIDLength = 64

// requestID puts a request id in the context (read with middleware.GetReqID): the client's
// X-Request-Id when it is well-formed, otherwise a new UUIDv7.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(middleware.RequestIDHeader)
		if !validRequestID(id) {
			id = uuid.Must(uuid.NewV7()).String()
		}
		ctx := context.WithValue(r.Context(), middleware.RequestIDKey, id)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func validRequestID(id string) bool {
	if id == "" || len(id) > MaxRequestIDLength {
		return false
	}
	for _, c := range []byte(id) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == ':' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}

// requestLogger logs one structured line per request with its request id, status and duration.
func requestLogger(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !logger.Enabled(r.Context(), slog.LevelInfo) {
				// No line to write (LOG_LEVEL above info): no writer to wrap.
				w.Header().Set("X-Request-Id", middleware.GetReqID(r.Context()))
				next.ServeHTTP(w, r)
				return
			}
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			ww.Header().Set("X-Request-Id", middleware.GetReqID(r.Context()))
			next.ServeHTTP(ww, r)
			logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("request_id", middleware.GetReqID(r.Context())),
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", ww.Status()),
				slog.Int("bytes", ww.BytesWritten()),
				slog.Duration("duration", time.Since(start)),
			)
		})
	}
}

// recoverer turns a handler panic into a 500 with the request id, logging the panic.
func recoverer(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if p := recover(); p != nil {
					if p == http.ErrAbortHandler {
						panic(p)
					}
					logger.ErrorContext(r.Context(), "handler panic", "panic", p,
						"request_id", middleware.GetReqID(r.Context()))
					writeText(w, http.StatusInternalServerError, "internal error")
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// httpMetrics counts requests and their durations by route pattern and status.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// observers keeps each label set's counter and histogram (WithLabelValues hashes the labels
	// and looks them up under a lock on every call), at most maxObserverLabelSets.
	mu        sync.RWMutex
	observers map[observerKey]routeObservers
}

// maxObserverLabelSets bounds httpMetrics' cache of label sets (routes are the router's, but the
// method is the client's): past it, a new label set is looked up on every request, as before.
const maxObserverLabelSets = 256

type observerKey struct {
	route, method string
	status        int
}

type routeObservers struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "code2des_http_requests_total", Help: "HTTP requests by route and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "code2des_http_request_duration_seconds", Help: "HTTP request duration by route.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method"}),
		observers: map[observerKey]routeObservers{},
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

func (m *httpMetrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		route := chi.RouteContext(r.Context()).RoutePattern()
		if route == "" {
			route = "unmatched"
		}
		o := m.observersFor(observerKey{route: route, method: r.Method, status: ww.Status()})
		o.requests.Inc()
		o.duration.Observe(time.Since(start).Seconds())
	})
}

// observersFor returns the counter and histogram of k's labels.
func (m *httpMetrics) observersFor(k observerKey) routeObservers {
	m.mu.RLock()
	o, ok := m.observers[k]
	m.mu.RUnlock()
	if ok {
		return o
	}
	o = routeObservers{
		requests: m.requests.WithLabelValues(k.route, k.method, strconv.Itoa(k.status)),
		duration: m.duration.WithLabelValues(k.route, k.method),
	}
	m.mu.Lock()
	if len(m.observers) < maxObserverLabelSets {
		m.observers[k] = o
	}
	m.mu.Unlock()
	return o
}
