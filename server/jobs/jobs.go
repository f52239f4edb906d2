// Package jobs is the job lifecycle seen by the GraphQL API, over bun: it implements
// models.PageImportService (pageimports.go) and models.Code2DesService (code2des.go) on the same
// Service, plus the batch reads the GraphQL dataloaders use (code2des_batch.go).
//
// Shared pieces every job kind uses:
//   - authz.go: the caller, the project's organization (NOT_FOUND unless the caller is a member),
//     and the "visible to the caller" filter (jobs of other organizations read as NOT_FOUND);
//   - page.go: page-size validation and opaque keyset cursors over UUIDv7 ids;
//   - publish.go: publish-then-fail-on-error (SPEC §5): the row is inserted first, and when the
//     message cannot be published the row is failed with a safe message and the caller gets
//     UNAVAILABLE;
//   - messages.go: the queue message bodies (SPEC §5);
//   - validate.go: the input rules of SPEC §4;
//   - ratelimit.go: per-subject limits on job creation;
//   - dberr.go: turning database failures into client-safe errors.
package jobs

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/ratelimit"
	"github.com/code2des/backend/server/sourceurl"
)

// DefaultDependencyTimeout bounds each database or queue call when Config.DependencyTimeout is 0.
const DefaultDependencyTimeout = 10 * time.Second

// Config wires a Service.
type Config struct {
	// DB is the database.
	DB bun.IDB
	// CaptureQueue receives page_import.requested messages.
	CaptureQueue models.Queue
	// ConversionQueue receives code2des.requested messages.
	ConversionQueue models.Queue
	// Blob reads uploaded snapshots at completePageImportUpload; nil disables uploads.
	Blob models.BlobStore
	// Uploads presigns snapshot uploads; nil disables uploads.
	Uploads models.UploadPresigner
	// Bucket is the artifact bucket; artifact prefixes in messages are s3://Bucket/... URIs.
	Bucket string
	// ArtifactKeyPrefix is the configured ARTIFACT_KEY_PREFIX (may be empty).
	ArtifactKeyPrefix string
	// PublicBaseURL is how workers reach this API; callback URLs are built from it.
	PublicBaseURL string
	// SourceURL are the sourceUrl rules' options (ALLOW_LOOPBACK_SOURCES).
	SourceURL sourceurl.Options
	// DependencyTimeout bounds each database or queue call; 0 means DefaultDependencyTimeout.
	DependencyTimeout time.Duration
	// CreateLimiter limits createPageImport calls per subject (shared between instances through
	// Redis when configured); nil means no limit.
	CreateLimiter *ratelimit.Limiter
	// TriggerLimiter limits triggerCode2Des calls per subject; nil means no limit.
	TriggerLimiter *ratelimit.Limiter
	// NewID and NewNonce make job ids and nonces; nil means models.NewID and models.NewNonce
	// (tests inject fixed ones for golden files).
	NewID, NewNonce func() (string, error)
	// Logger receives warnings about failed jobs; nil means slog.Default().
	Logger *slog.Logger
}

// Service implements models.PageImportService and models.Code2DesService.
type Service struct {
	cfg Config
}

var _ models.PageImportService = (*Service)(nil)

// New returns a Service for cfg.
func New(cfg Config) *Service {
	if cfg.DependencyTimeout <= 0 {
		cfg.DependencyTimeout = DefaultDependencyTimeout
	}
	if cfg.NewID == nil {
		cfg.NewID = models.NewID
	}
	if cfg.NewNonce == nil {
		cfg.NewNonce = models.NewNonce
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.PublicBaseURL = strings.TrimRight(cfg.PublicBaseURL, "/")
	return &Service{cfg: cfg}
}

// bounded returns ctx limited by the dependency timeout.
func (s *Service) bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.cfg.DependencyTimeout)
}

// newIDAndNonce makes a new job's id and nonce. Errors: CodeInternal.
func (s *Service) newIDAndNonce() (id, nonce string, err error) {
	if id, err = s.cfg.NewID(); err != nil {
		return "", "", models.WrapError(models.CodeInternal, err, "internal error")
	}
	if nonce, err = s.cfg.NewNonce(); err != nil {
		return "", "", models.WrapError(models.CodeInternal, err, "internal error")
	}
	return id, nonce, nil
}

// retryHint renders a rate limiter's retry delay for a client message, in whole seconds (at
// least one).
// allow counts one call of subject against l (a creation or trigger limit). Past the limit it
// returns CodeUnavailable naming what is limited and when to retry.
func allow(ctx context.Context, l *ratelimit.Limiter, subject, what string) error {
	if d := l.Allow(ctx, "sub:"+subject); !d.Allowed {
		return models.Errorf(models.CodeUnavailable, "too many %s; retry in %s", what, retryHint(d.RetryAfter))
	}
	return nil
}

func retryHint(d time.Duration) time.Duration {
	return max((d+time.Second-1)/time.Second*time.Second, time.Second)
}
