package jobs

import (
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// pageImportColumns are the page_import columns the API's reads select (every column but
// pageImportUnread, which a test checks), in the order pageImportRow scans them
// (database.QueryRows: issue 17).
var pageImportColumns = []string{
	"id", "organization_id", "project_id", "source_kind", "source_url", "viewport_width",
	"viewport_height", "device_scale_factor", "ready_selector", "status", "attempt", "capture_hash",
	"screenshot_url", "error_message", "created_at", "updated_at", "created_by",
}

// pageImportRow is the reused scan target of pageImportColumns rows: one set of targets for a
// whole result, each row copied out (issue 17: a []any of targets per row was a tenth of a list's
// allocation).
type pageImportRow struct {
	pi      models.PageImport
	targets []any
}

func newPageImportRow() *pageImportRow {
	r := new(pageImportRow)
	pi := &r.pi
	r.targets = []any{
		&pi.ID, &pi.OrganizationID, &pi.ProjectID, &pi.SourceKind, &pi.SourceURL, &pi.ViewportWidth,
		&pi.ViewportHeight, &pi.DeviceScaleFactor, &pi.ReadySelector, &pi.Status, &pi.Attempt, &pi.CaptureHash,
		&pi.ScreenshotURL, &pi.ErrorMessage, &pi.CreatedAt, &pi.UpdatedAt, &pi.CreatedBy,
	}
	return r
}

// scan reads one row and returns a copy of it. Nullable columns scan into fresh pointers (pgx and
// database/sql allocate each), so copies share nothing.
func (r *pageImportRow) scan(rs database.RowScanner) (*models.PageImport, error) {
	r.pi = models.PageImport{}
	if err := rs.Scan(r.targets...); err != nil {
		return nil, err
	}
	pi := r.pi
	return &pi, nil
}

// code2desColumns are the code2des columns the list selects (every column but code2desUnread), in
// the order code2desRow scans them.
var code2desColumns = []string{
	"id", "organization_id", "project_id", "page_import_id", "figma_file_key", "screen_id",
	"placement_target", "status", "attempt", "warning_count", "error_message", "materialized_at",
	"materialized_node_id", "created_at", "updated_at", "created_by",
}

// code2desRow is the reused scan target of code2desColumns rows, followed by pageImportColumns of
// a LEFT JOIN when joined: those are all NULL when the join found no row, so they scan into
// pgtype values (no allocation per column) and become a PageImport only when the id is there.
type code2desRow struct {
	c       models.Code2Des
	pi      joinedPageImport
	targets []any
}

// joinedPageImport holds pageImportColumns of a LEFT JOIN.
type joinedPageImport struct {
	id, sourceKind, sourceURL, readySelector, status pgtype.Text
	captureHash, screenshotURL, errorMessage         pgtype.Text
	createdBy                                        pgtype.Text
	organizationID, projectID                        pgtype.Int8
	viewportWidth, viewportHeight, attempt           pgtype.Int4
	deviceScaleFactor                                pgtype.Float4
	createdAt, updatedAt                             pgtype.Timestamptz
}

func newCode2DesRow(joined bool) *code2desRow {
	r := new(code2desRow)
	c := &r.c
	r.targets = []any{
		&c.ID, &c.OrganizationID, &c.ProjectID, &c.PageImportID, &c.FigmaFileKey, &c.ScreenID,
		&c.PlacementTarget, &c.Status, &c.Attempt, &c.WarningCount, &c.ErrorMessage, &c.MaterializedAt,
		&c.MaterializedNodeID, &c.CreatedAt, &c.UpdatedAt, &c.CreatedBy,
	}
	if joined {
		j := &r.pi
		r.targets = append(r.targets,
			&j.id, &j.organizationID, &j.projectID, &j.sourceKind, &j.sourceURL, &j.viewportWidth,
			&j.viewportHeight, &j.deviceScaleFactor, &j.readySelector, &j.status, &j.attempt, &j.captureHash,
			&j.screenshotURL, &j.errorMessage, &j.createdAt, &j.updatedAt, &j.createdBy)
	}
	return r
}

// scan reads one row and returns a copy of the job and, when joined and found, of its import.
func (r *code2desRow) scan(rs database.RowScanner) (*models.Code2Des, *models.PageImport, error) {
	r.c, r.pi = models.Code2Des{}, joinedPageImport{}
	if err := rs.Scan(r.targets...); err != nil {
		return nil, nil, err
	}
	c := r.c
	return &c, r.pi.pageImport(), nil
}

// pageImport is the joined row, or nil when the join found none (the id is NULL).
func (j *joinedPageImport) pageImport() *models.PageImport {
	if !j.id.Valid {
		return nil
	}
	return &models.PageImport{
		ID: j.id.String, OrganizationID: j.organizationID.Int64, ProjectID: j.projectID.Int64,
		SourceKind: j.sourceKind.String, SourceURL: j.sourceURL.String,
		ViewportWidth: int(j.viewportWidth.Int32), ViewportHeight: int(j.viewportHeight.Int32),
		DeviceScaleFactor: float64(j.deviceScaleFactor.Float32), ReadySelector: textPtr(j.readySelector),
		Status: models.PageImportStatus(j.status.String), Attempt: int(j.attempt.Int32),
		CaptureHash: textPtr(j.captureHash), ScreenshotURL: textPtr(j.screenshotURL), ErrorMessage: textPtr(j.errorMessage),
		CreatedAt: j.createdAt.Time, UpdatedAt: j.updatedAt.Time, CreatedBy: j.createdBy.String,
	}
}

// textPtr is t's string, or nil for NULL.
func textPtr(t pgtype.Text) *string {
	if !t.Valid {
		return nil
	}
	v := t.String
	return &v
}
