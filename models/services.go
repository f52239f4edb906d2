package models

import (
	"context"
	"time"
)

// PageImportRequest is the createPageImport argument (SPEC §3, §4).
type PageImportRequest struct {
	ProjectID         int64
	SourceURL         string
	ViewportWidth     int
	ViewportHeight    int
	DeviceScaleFactor float64
	ReadySelector     *string
}

// PageImportFilter selects one page of a project's Page Imports, newest first.
type PageImportFilter struct {
	ProjectID int64
	Status    *PageImportStatus
	// SourceURL keeps the imports of this URL, compared after sourceurl.Normalize (any host:
	// it is never fetched); nil for every URL.
	SourceURL *string
	// First is the page size, 1..MaxPageSize; 0 means DefaultPageSize.
	First int
	// After is the opaque cursor of the last row of the previous page; empty for the first page.
	After string
}

// PageImportPage is one page of Page Imports with the cursor of every row.
type PageImportPage struct {
	Items       []*PageImport
	Cursors     []string
	HasNextPage bool
	// HasPreviousPage is true when the page was requested with a cursor.
	HasPreviousPage bool
}

// PageImportService is the Page Import lifecycle seen by the GraphQL API. Every method reads the
// caller from the context (PrincipalFrom) and sees only the caller's organizations' jobs.
type PageImportService interface {
	// CreatePageImport validates in, inserts a processing row and publishes the capture message.
	// Errors: CodeUnauthenticated, CodeBadUserInput (with Field), CodeNotFound (project not visible),
	// CodeUnavailable (queue down: the row is then failed).
	CreatePageImport(ctx context.Context, in PageImportRequest) (*PageImport, error)
	// PageImport returns one visible, non-deleted Page Import.
	// Errors: CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound.
	PageImport(ctx context.Context, id string) (*PageImport, error)
	// PageImports lists a project's Page Imports newest first.
	// Errors: CodeUnauthenticated, CodeBadUserInput (bad cursor or page size), CodeNotFound (project).
	PageImports(ctx context.Context, f PageImportFilter) (*PageImportPage, error)
	// DeletePageImport soft-deletes a Page Import, recording the caller in deleted_by.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound.
	DeletePageImport(ctx context.Context, id string) error
}

// Code2DesRequest is the triggerCode2Des argument (SPEC §3).
type Code2DesRequest struct {
	PageImportID    string
	FigmaFileKey    string
	ScreenID        *string
	PlacementTarget *string
}

// MaterializeRequest is the materializeCode2Des argument (SPEC §3).
type MaterializeRequest struct {
	Code2DesID string
	NodeID     string
}

// Code2DesFilter selects one page of a project's Code2Des jobs, newest first.
type Code2DesFilter struct {
	ProjectID    int64
	FigmaFileKey *string
	PageImportID *string
	Status       *Code2DesStatus
	// First is the page size, 1..MaxPageSize; 0 means DefaultPageSize.
	First int
	// After is the opaque cursor of the last row of the previous page; empty for the first page.
	After string
	// WithPageImports asks for the page's Page Imports too (Code2DesPage.PageImports), read in
	// the same statement as the jobs (code2desJobs { pageImport }).
	WithPageImports bool
}

// Code2DesPage is one page of Code2Des jobs with the cursor of every row.
type Code2DesPage struct {
	Items           []*Code2Des
	Cursors         []string
	HasNextPage     bool
	HasPreviousPage bool
	// PageImports, when the filter asked WithPageImports, holds the Page Import of every job in
	// Items keyed by page_import_id, nil when it is deleted or not visible to the caller (the
	// rules of a single read); nil otherwise.
	PageImports map[string]*PageImport
}

// Code2DesService is the Code2Des lifecycle seen by the GraphQL API. Every method reads the caller
// from the context and sees only the caller's organizations' jobs.
type Code2DesService interface {
	// TriggerCode2Des inserts a processing Code2Des row for a completed Page Import and publishes
	// the conversion message.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeFailedPrecondition (import not
	// completed), CodeUnavailable (queue down: the row is then failed).
	TriggerCode2Des(ctx context.Context, in Code2DesRequest) (*Code2Des, error)
	// Code2Des returns one visible, non-deleted job.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound.
	Code2Des(ctx context.Context, id string) (*Code2Des, error)
	// Code2DesJobs lists a project's jobs newest first.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound (project).
	Code2DesJobs(ctx context.Context, f Code2DesFilter) (*Code2DesPage, error)
	// MaterializeCode2Des records the first Figma root node of a completed job; later calls return
	// the row unchanged. The bool reports whether this call recorded it.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeFailedPrecondition.
	MaterializeCode2Des(ctx context.Context, in MaterializeRequest) (*Code2Des, bool, error)
	// DeleteCode2Des soft-deletes a job, recording the caller in deleted_by.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound.
	DeleteCode2Des(ctx context.Context, id string) error
}

// Code2DesWarning is one conversion warning of a result artifact (SPEC §7).
type Code2DesWarning struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	NodeID  *string `json:"node_id,omitempty"`
}

// Code2DesImage is one hydrated, Figma-safe image of a result (SPEC §3, §7).
type Code2DesImage struct {
	Ref      string
	MimeType string
	// ByteSize is the size in bytes of the returned image (after any transcoding).
	ByteSize int
	// Sha256 is the lowercase hex SHA-256 of the returned bytes.
	Sha256 string
	// Width and Height are in pixels.
	Width  int
	Height int
	// Base64 holds the raster bytes (PNG, JPEG or GIF) in standard base64; nil for SVG.
	Base64 *Base64Text
	// Svg holds the SVG document text; nil for rasters.
	Svg *string
}

// Code2DesResult is the validated result of a completed job with its images inlined (SPEC §1
// step 6).
type Code2DesResult struct {
	Code2DesID   string
	PageImportID string
	CaptureHash  string
	WarningCount int
	Warnings     []*Code2DesWarning
	// Root is the node tree exactly as stored in the result artifact.
	Root   RawJSON
	Images []*Code2DesImage
	// Styles is the result's styles list exactly as stored ("[]" when absent), Variables its
	// variable collection (nil when absent): result version 2, docs/results.md.
	Styles    RawJSON
	Variables RawJSON
	// Diagnostics say why parts were converted as they were (auto layout skipped, ...): entries
	// shaped as warnings, not counted in WarningCount, at most artifacts.MaxDiagnostics; empty
	// when the result has none (docs/results.md).
	Diagnostics []*Code2DesWarning
	// Fidelity is the result's fidelity member (docs/fidelity.md); nil when it has none.
	Fidelity *Code2DesFidelity
}

// Code2DesFidelity is the fidelity of a result (docs/fidelity.md): the pixel measures (Ssim,
// DiffRatio, ComparedWidth, ComparedHeight, DiffMap) are all nil when the worker could not
// compare its preview with the screenshot.
type Code2DesFidelity struct {
	Version       int
	Scale         float64
	Ssim          *float64
	DiffRatio     *float64
	DiffThreshold int
	// ComparedWidth and ComparedHeight are device pixels.
	ComparedWidth  *int
	ComparedHeight *int
	// TextCoverage and ImageCoverage are shares, 0-1.
	TextCoverage  float64
	ImageCoverage float64
	// DiffMap points at the stored diff map, already checked to lie under the job's own prefix;
	// ResultService.Code2DesDiffMap reads it when the API is asked for it.
	DiffMap *DiffMapObject
}

// DiffMapObject is a stored diff map PNG as the result declares it.
type DiffMapObject struct {
	// Key is the object key in the artifact bucket; Sha256 and ByteSize what the bytes must
	// match; Width and Height the PNG's pixels.
	Key      string
	Sha256   string
	ByteSize int64
	Width    int
	Height   int
}

// ResultService fetches validated results.
type ResultService interface {
	// Code2DesResult returns the validated result of a completed, visible job.
	// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeFailedPrecondition (job not
	// completed, or the artifact is invalid), CodeUnavailable (storage unreachable).
	Code2DesResult(ctx context.Context, id string) (*Code2DesResult, error)
	// Code2DesDiffMap reads a result's diff map (the f of a Code2DesResult this service returned,
	// so already authorized) and returns it as an inlined PNG image, its bytes checked against
	// the declared SHA-256, size and PNG dimensions; nil when f has no diff map.
	// Errors: CodeFailedPrecondition (missing, over its limit or not matching), CodeUnavailable.
	Code2DesDiffMap(ctx context.Context, f *Code2DesFidelity) (*Code2DesImage, error)
}

// MaxViewportsPerRequest is the most viewports one createPageImports call accepts (desktop,
// tablet and mobile in one call, with room for two more).
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
