package jobs

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/httprate"
)

// SubjectLimiter allows each subject at most Limit calls per sliding Window (go-chi/httprate's
// sliding-window counter, in memory, per process).
type SubjectLimiter struct {
	limit  int
	window time.Duration
	rl     *httprate.RateLimiter
}

// NewSubjectLimiter returns a limiter of limit calls per window per subject; limit <= 0 means no
// limit (nil).
func NewSubjectLimiter(limit int, window time.Duration) *SubjectLimiter {
	if limit <= 0 || window <= 0 {
		return nil
	}
	return &SubjectLimiter{limit: limit, window: window,
		rl: httprate.NewRateLimiter(limit, window, httprate.WithResponseHeaders(httprate.ResponseHeaders{}))}
}

// Window returns the limiter's window (the retry hint of a refusal).
func (l *SubjectLimiter) Window() time.Duration { return l.window }

// Allow counts one call of subject and reports whether it is within the limit.
func (l *SubjectLimiter) Allow(ctx context.Context, subject string) bool {
	if l == nil {
		return true
	}
	// httprate reads only the request's context and, with no response headers configured, never
	// touches the writer.
	r := (&http.Request{}).WithContext(ctx)
	return !l.rl.OnLimit(noHeaders{}, r, "subject:"+subject)
}

type noHeaders struct{}

func (noHeaders) Header() http.Header         { return http.Header{} }
func (noHeaders) Write(b []byte) (int, error) { return len(b), nil }
func (noHeaders) WriteHeader(int)             {}
