package jobs

import (
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// pageImportColumns are the page_import columns the API's reads select (every column but
// pageImportUnread, which a test checks), in the order pageImportTargets scans them
// (database.QueryRows: issue 17).
var pageImportColumns = []string{
	"id", "organization_id", "project_id", "source_kind", "source_url", "viewport_width",
	"viewport_height", "device_scale_factor", "ready_selector", "status", "attempt", "capture_hash",
	"screenshot_url", "error_message", "created_at", "updated_at", "created_by",
}

// pageImportTargets are the fields of pi in the order of pageImportColumns.
func pageImportTargets(pi *models.PageImport) []any {
	return []any{
		&pi.ID, &pi.OrganizationID, &pi.ProjectID, &pi.SourceKind, &pi.SourceURL, &pi.ViewportWidth,
		&pi.ViewportHeight, &pi.DeviceScaleFactor, &pi.ReadySelector, &pi.Status, &pi.Attempt, &pi.CaptureHash,
		&pi.ScreenshotURL, &pi.ErrorMessage, &pi.CreatedAt, &pi.UpdatedAt, &pi.CreatedBy,
	}
}

// scanPageImport reads one row of pageImportColumns.
func scanPageImport(r database.RowScanner) (*models.PageImport, error) {
	pi := new(models.PageImport)
	if err := r.Scan(pageImportTargets(pi)...); err != nil {
		return nil, err
	}
	return pi, nil
}

// code2desColumns are the code2des columns the list selects (every column but code2desUnread), in
// the order code2desTargets scans them.
var code2desColumns = []string{
	"id", "organization_id", "project_id", "page_import_id", "figma_file_key", "screen_id",
	"placement_target", "status", "attempt", "warning_count", "error_message", "materialized_at",
	"materialized_node_id", "created_at", "updated_at", "created_by",
}

// code2desTargets are the fields of c in the order of code2desColumns.
func code2desTargets(c *models.Code2Des) []any {
	return []any{
		&c.ID, &c.OrganizationID, &c.ProjectID, &c.PageImportID, &c.FigmaFileKey, &c.ScreenID,
		&c.PlacementTarget, &c.Status, &c.Attempt, &c.WarningCount, &c.ErrorMessage, &c.MaterializedAt,
		&c.MaterializedNodeID, &c.CreatedAt, &c.UpdatedAt, &c.CreatedBy,
	}
}

// joinedPageImport receives the pageImportColumns of a LEFT JOIN, which are all NULL when the
// join found no row: the NOT NULL columns scan into pointers, the nullable ones into pi.
type joinedPageImport struct {
	id, sourceKind, sourceURL, createdBy *string
	organizationID, projectID            *int64
	viewportWidth, viewportHeight        *int
	attempt                              *int
	deviceScaleFactor                    *float64
	status                               *models.PageImportStatus
	createdAt, updatedAt                 *time.Time
	pi                                   models.PageImport
}

// targets are j's fields in the order of pageImportColumns.
func (j *joinedPageImport) targets() []any {
	return []any{
		&j.id, &j.organizationID, &j.projectID, &j.sourceKind, &j.sourceURL, &j.viewportWidth,
		&j.viewportHeight, &j.deviceScaleFactor, &j.pi.ReadySelector, &j.status, &j.attempt, &j.pi.CaptureHash,
		&j.pi.ScreenshotURL, &j.pi.ErrorMessage, &j.createdAt, &j.updatedAt, &j.createdBy,
	}
}

// pageImport is the joined row, or nil when the join found none (every NOT NULL column NULL).
func (j *joinedPageImport) pageImport() *models.PageImport {
	if j.id == nil || j.organizationID == nil || j.projectID == nil || j.sourceKind == nil || j.sourceURL == nil ||
		j.viewportWidth == nil || j.viewportHeight == nil || j.deviceScaleFactor == nil || j.status == nil ||
		j.attempt == nil || j.createdAt == nil || j.updatedAt == nil || j.createdBy == nil {
		return nil
	}
	pi := j.pi
	pi.ID, pi.OrganizationID, pi.ProjectID = *j.id, *j.organizationID, *j.projectID
	pi.SourceKind, pi.SourceURL = *j.sourceKind, *j.sourceURL
	pi.ViewportWidth, pi.ViewportHeight, pi.DeviceScaleFactor = *j.viewportWidth, *j.viewportHeight, *j.deviceScaleFactor
	pi.Status, pi.Attempt = *j.status, *j.attempt
	pi.CreatedAt, pi.UpdatedAt, pi.CreatedBy = *j.createdAt, *j.updatedAt, *j.createdBy
	return &pi
}
