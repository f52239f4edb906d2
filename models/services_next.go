package models

import (
	"context"
	"time"
)

// Services of issue 18 (what the plugin and the dashboard want next: retries, several viewports,
// project statistics, screenshots, live updates). Kept apart from services.go so the core
// lifecycle interfaces stay small.

// MaxViewportsPerRequest is the most viewports one createPageImports call accepts (issue 18:
// desktop, tablet and mobile in one call, with room for two more).
const MaxViewportsPerRequest = 5

// ViewportRequest is one viewport of a createPageImports call.
type ViewportRequest struct {
	Width, Height int
	// DeviceScaleFactor is 1-4 (the GraphQL layer fills in DefaultDeviceScaleFactor).
	DeviceScaleFactor float64
}

// PageImportsRequest is the createPageImports argument: one URL captured at several viewports.
type PageImportsRequest struct {
	ProjectID     int64
	SourceURL     string
	ReadySelector *string
	// Viewports are 1..MaxViewportsPerRequest viewports; one Page Import is made per viewport, in
	// this order.
	Viewports []ViewportRequest
}

// JobRetryService starts new attempts of failed jobs.
type JobRetryService interface {
	// RetryPageImport starts a new attempt of a failed Page Import: attempt + 1, a fresh nonce,
	// status processing, result fields cleared, a new artifact prefix, and one new capture message.
	// Callbacks of earlier attempts are then refused (409). Concurrent retries of one job make one
	// new attempt; the others get CodeFailedPrecondition.
	// Errors: CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound,
	// CodeFailedPrecondition (processing or completed), CodeUnavailable (rate limit, database or
	// queue down: the new attempt is then failed).
	RetryPageImport(ctx context.Context, id string) (*PageImport, error)
	// RetryCode2Des is RetryPageImport for a failed Code2Des job; its Page Import must still be
	// visible and completed.
	// Errors: as RetryPageImport; CodeFailedPrecondition also when the Page Import was deleted or
	// is not completed.
	RetryCode2Des(ctx context.Context, id string) (*Code2Des, error)
}

// PageImportBatchService creates several Page Imports of one URL at once.
type PageImportBatchService interface {
	// CreatePageImports validates every viewport, then inserts one processing Page Import per
	// viewport in one transaction and publishes one capture message each, in order. All or none:
	// a bad viewport creates nothing; a message that cannot be published fails every import of
	// the call and the caller gets CodeUnavailable. Each import counts against the creation rate
	// limit.
	// Errors: CodeUnauthenticated, CodeBadUserInput (with the field, e.g. "input.viewports[2].width"),
	// CodeNotFound (project), CodeUnavailable.
	CreatePageImports(ctx context.Context, in PageImportsRequest) ([]*PageImport, error)
}

// Statistics windows of projectJobStats.
const (
	// DefaultStatsWindow is the window of projectJobStats when `since` is not given: the last 7 days.
	DefaultStatsWindow = 7 * 24 * time.Hour
	// MaxStatsWindow is the longest accepted window (until - since): 92 days, one quarter.
	MaxStatsWindow = 92 * 24 * time.Hour
)

// JobStatusCounts counts jobs by status.
type JobStatusCounts struct {
	Processing int
	Completed  int
	Failed     int
}

// Total is the sum of the counts.
func (c JobStatusCounts) Total() int { return c.Processing + c.Completed + c.Failed }

// ProjectJobStats counts a project's non-deleted jobs created in [Since, Until).
type ProjectJobStats struct {
	ProjectID    int64
	Since, Until time.Time
	PageImports  JobStatusCounts
	Code2DesJobs JobStatusCounts
}

// JobStatsService serves the dashboard summary.
type JobStatsService interface {
	// ProjectJobStats counts the project's non-deleted Page Imports and Code2Des jobs by status,
	// created in [since, until). A nil until means now; a nil since means until -
	// DefaultStatsWindow.
	// Errors: CodeUnauthenticated, CodeBadUserInput (`since` not before `until`, or the window
	// longer than MaxStatsWindow), CodeNotFound (project), CodeUnavailable.
	ProjectJobStats(ctx context.Context, projectID int64, since, until *time.Time) (*ProjectJobStats, error)
}

// Job kinds of a JobEvent: the table names.
const (
	JobKindPageImport = "page_import"
	JobKindCode2Des   = "code2des"
)

// JobEvent says that one job row changed (inserted, moved to another status or attempt, deleted,
// materialized). It names the job only: a subscriber re-reads the job with its own authorization.
type JobEvent struct {
	// Kind is JobKindPageImport or JobKindCode2Des.
	Kind           string `json:"kind"`
	ID             string `json:"id"`
	OrganizationID int64  `json:"organization_id"`
	ProjectID      int64  `json:"project_id"`
	// Status is the seed code ('0', '1', '2') after the change.
	Status  string `json:"status"`
	Attempt int    `json:"attempt"`
	Deleted bool   `json:"deleted"`
}

// JobEventFilter selects events: by job (Kind and ID) or by project (ProjectID, both kinds).
type JobEventFilter struct {
	Kind      string
	ID        string
	ProjectID int64
}

// Match reports whether e passes f.
func (f JobEventFilter) Match(e JobEvent) bool {
	if f.ID != "" {
		return e.Kind == f.Kind && e.ID == f.ID
	}
	return e.ProjectID == f.ProjectID
}

// ErrEventsLagged ends a subscription whose reader fell behind (its buffer filled up): it missed
// events and must subscribe again (and re-read what it shows).
var ErrEventsLagged = &Error{Code: CodeUnavailable, Message: "the subscription fell behind and missed updates; subscribe again"}

// JobEventStream is one subscription's events.
type JobEventStream struct {
	// C delivers the events in commit order; it is closed when the stream ends.
	C <-chan JobEvent
	// Err says, once C is closed, why: nil when the subscriber's context ended, ErrEventsLagged,
	// or CodeUnavailable when the database connection was lost.
	Err func() error
}

// JobEventSource delivers job events committed by any API instance (PostgreSQL LISTEN/NOTIFY).
type JobEventSource interface {
	// Subscribe returns the events passing f committed from the moment it returns until ctx ends.
	// Errors: CodeUnavailable when the database cannot be listened to.
	Subscribe(ctx context.Context, f JobEventFilter) (*JobEventStream, error)
}

// Screenshot is a short-lived presigned URL of a Page Import's screenshot or of a thumbnail of it.
type Screenshot struct {
	// URL reads the image with a plain GET until ExpiresAt.
	URL       string
	ExpiresAt time.Time
}

// ScreenshotService serves PageImport.screenshot.
type ScreenshotService interface {
	// Screenshot returns a presigned URL of pi's screenshot, or of its thumbnail width pixels wide,
	// or nil when pi has no screenshot. pi must already be visible to the caller.
	// Errors: CodeBadUserInput (`width`), CodeFailedPrecondition (missing, unreadable or too large
	// screenshot), CodeUnavailable (storage).
	Screenshot(ctx context.Context, pi *PageImport, width *int) (*Screenshot, error)
}
