package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
	"github.com/code2des/backend/server/sourceurl"
)

// CreatePageImport validates in (SPEC §4), inserts the processing row (UUIDv7 id, attempt 1, a
// fresh nonce, created_by = the caller) and publishes the capture message (SPEC §5). When the
// message cannot be published, the row is failed with QueueFailureMessage. The membership check
// is part of the INSERT (insertPageImportSQL), so the rate limit is counted before it: every valid
// call of the subject counts, one for a project it cannot see too; a call over the limit still
// answers NOT_FOUND for such a project (one lookup, on the refused path only).
// Errors: CodeUnauthenticated; CodeBadUserInput with the field; CodeNotFound for a project the
// caller cannot see; CodeUnavailable when the caller is over the creation rate limit or the
// database or queue is down.
func (s *Service) CreatePageImport(ctx context.Context, in models.PageImportRequest) (*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	in, err = validatePageImport(in, s.cfg.SourceURL)
	if err != nil {
		return nil, err
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	if d := s.cfg.CreateLimiter.Allow(ctx, "sub:"+p.Subject); !d.Allowed {
		// A refused call still answers NOT_FOUND for a project the caller cannot see.
		if _, err := s.projectOrganization(dbCtx, p.Subject, in.ProjectID); err != nil {
			return nil, err
		}
		return nil, models.Errorf(models.CodeUnavailable, "too many Page Imports; retry in %s", retryHint(d.RetryAfter))
	}
	id, nonce, err := s.newIDAndNonce()
	if err != nil {
		return nil, err
	}
	pi := &models.PageImport{
		ID:                id,
		ProjectID:         in.ProjectID,
		SourceKind:        models.SourceKindPublicURL,
		SourceURL:         in.SourceURL,
		ViewportWidth:     in.ViewportWidth,
		ViewportHeight:    in.ViewportHeight,
		DeviceScaleFactor: in.DeviceScaleFactor,
		ReadySelector:     in.ReadySelector,
		Status:            models.PageImportProcessing,
		Attempt:           1,
		Nonce:             nonce,
		CreatedBy:         p.Subject,
		UpdatedBy:         p.Subject,
	}
	err = s.insertPageImport(dbCtx, pi)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, models.Errorf(models.CodeNotFound, "project %d not found", in.ProjectID)
	}
	if err != nil {
		return nil, DatabaseError(dbCtx, fmt.Errorf("insert page_import: %w", err))
	}
	if err := s.publishCapture(ctx, pi, s.captureMessageBody(pi)); err != nil {
		return nil, err
	}
	return tidy(pi), nil
}

// publishCapture publishes the capture message m of the inserted row pi, failing the row with
// QueueFailureMessage when it cannot be published (SPEC §5).
// Errors: CodeInternal (m cannot be encoded), CodeUnavailable.
func (s *Service) publishCapture(ctx context.Context, pi *models.PageImport, m CaptureMessage) error {
	msg, err := s.encodeCaptureMessage(m)
	if err != nil {
		return models.WrapError(models.CodeInternal, err, "internal error")
	}
	return s.publishOrFail(ctx, s.cfg.CaptureQueue, msg, func(ctx context.Context) error {
		return s.failPageImport(ctx, pi, QueueFailureMessage)
	})
}

// insertPageImportSQL inserts one Page Import whose organization is its project's, in the same
// statement as the membership check (one round trip, not two): the SELECT yields the
// row only when the caller is a member of the project's organization (visibleProjectOrg, the
// last argument), so an invisible or unknown project inserts nothing and returns no row. The
// organization comes from the project, never from the client (SPEC §2); columns not named take
// their defaults, as bun's INSERT gives them.
//
// It returns only what PostgreSQL decides (insertedColumns); every other column holds what was
// sent or is NULL, and the Page Import already has those values (RETURNING * would
// make every create send, scan and convert all 22 columns).
const insertPageImportSQL = `INSERT INTO page_import (id, organization_id, project_id, source_kind, source_url,
  viewport_width, viewport_height, device_scale_factor, ready_selector, status, attempt, nonce,
  created_by, updated_by)
SELECT ?, m.organization_id, ?, ?, ?, ?, ?, ?, ?, ?::page_import_status, ?, ?, ?, ?
FROM (?) AS m
RETURNING ` + insertedColumns

// insertedColumns are the page_import columns whose values PostgreSQL decides on insert, in the
// order insertedTargets scans them: the organization (from the project), the timestamps (column
// defaults) and device_scale_factor as the `real` column keeps it (float32). The text columns
// keep what was sent: each value fits its column (validation; created_by and updated_by are the
// subject the membership check matched against organization_member.subject, varchar(50) too),
// and no trigger changes a row before it is stored (the job event trigger runs after).
const insertedColumns = "organization_id, device_scale_factor, created_at, updated_at"

// insertedTargets are pi's fields of insertedColumns, in order.
func insertedTargets(pi *models.PageImport) []any {
	return []any{&pi.OrganizationID, &pi.DeviceScaleFactor, &pi.CreatedAt, &pi.UpdatedAt}
}

// insertValues are pi's values for the placeholders of insertPageImportSQL before its
// membership subquery, in order.
func insertValues(pi *models.PageImport) []any {
	return []any{pi.ID, pi.ProjectID, pi.SourceKind, pi.SourceURL, pi.ViewportWidth, pi.ViewportHeight,
		pi.DeviceScaleFactor, pi.ReadySelector, pi.Status, pi.Attempt, pi.Nonce, pi.CreatedBy, pi.UpdatedBy}
}

// insertPageImport inserts pi (insertPageImportSQL) when its creator may create Page Imports in
// its project, and sets the fields PostgreSQL decided (insertedColumns). It returns
// sql.ErrNoRows when nothing was inserted (the project is not visible to pi.CreatedBy).
func (s *Service) insertPageImport(ctx context.Context, pi *models.PageImport) error {
	p := database.NewParams(s.cfg.DB)
	values := insertValues(pi)
	args := make([]any, 0, len(values)+1)
	for _, v := range values {
		args = append(args, p.Arg(v))
	}
	args = append(args, s.visibleProjectOrg(p, pi.CreatedBy, pi.ProjectID))
	return database.Bind(s.cfg.DB.NewRaw(insertPageImportSQL, args...), p).Scan(ctx, insertedTargets(pi)...)
}

// failPageImport moves a processing row to failed with a safe message, recording the system as
// the updater (the caller did not choose the failure). It updates pi in place.
func (s *Service) failPageImport(ctx context.Context, pi *models.PageImport, message string) error {
	_, err := s.cfg.DB.NewUpdate().Model(pi).
		Set("status = ?", models.PageImportFailed).
		Set("error_message = ?", message).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", SystemActor).
		Where("id = ?", pi.ID).
		Where("status = ?", models.PageImportProcessing).
		Returning("*").
		Exec(ctx)
	return err
}

// SystemActor is recorded in updated_by when the backend itself changes a job (a failed publish).
const SystemActor = "system"

// PageImport returns one non-deleted Page Import in one of the caller's organizations.
// Errors: CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound, CodeUnavailable.
func (s *Service) PageImport(ctx context.Context, id string) (*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return nil, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	pi := new(models.PageImport)
	args := database.NewParams(s.cfg.DB)
	err = database.Bind(s.cfg.DB.NewSelect().Model(pi).
		Where("id = ?", args.Arg(id)).
		Where("organization_id IN (?)", s.memberOrgsIn(args, p.Subject)), args).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, models.Errorf(models.CodeNotFound, "page import %s not found", id)
	}
	if err != nil {
		return nil, DatabaseError(ctx, fmt.Errorf("select page_import: %w", err))
	}
	return tidy(pi), nil
}

// PageImports lists a project's non-deleted Page Imports newest first, keyset-paginated on the
// UUIDv7 id (SPEC §3).
// Errors: CodeUnauthenticated, CodeBadUserInput (`first` or `after`), CodeNotFound (project not
// visible), CodeUnavailable.
func (s *Service) PageImports(ctx context.Context, f models.PageImportFilter) (*models.PageImportPage, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	size, err := PageSize("first", f.First)
	if err != nil {
		return nil, err
	}
	afterID, err := DecodeCursor(CursorPageImports, "after", f.After)
	if err != nil {
		return nil, err
	}
	if f.Status != nil && !f.Status.Valid() {
		return nil, models.InputError("status", "is not a valid status")
	}
	var sourceURL *string
	if f.SourceURL != nil {
		u, err := sourceurl.Normalize(*f.SourceURL, sourceurl.Options{AnyHost: true})
		if err != nil {
			return nil, models.InputError("sourceUrl", "%s", sourceurl.Reason(err))
		}
		sourceURL = &u
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	rows := make([]*models.PageImport, 0, size+1)
	args := database.NewParams(s.cfg.DB)
	org := s.visibleProjectOrg(args, p.Subject, f.ProjectID)
	err = database.Bind(pageImportsQuery(s.cfg.DB, args, org, f.ProjectID, f.Status, sourceURL, afterID, size).Model(&rows), args).Scan(ctx)
	if err != nil {
		return nil, DatabaseError(ctx, fmt.Errorf("list page_import: %w", err))
	}
	if len(rows) == 0 {
		// An empty page: an invisible project is NOT_FOUND, a visible one just has no rows here.
		if _, err := s.projectOrganization(ctx, p.Subject, f.ProjectID); err != nil {
			return nil, err
		}
	}
	page := &models.PageImportPage{HasPreviousPage: afterID != ""}
	page.Items, page.Cursors, page.HasNextPage = trimPage(rows, size, CursorPageImports, func(r *models.PageImport) string { return r.ID })
	for _, r := range page.Items {
		tidy(r)
	}
	return page, nil
}

// pageImportsQuery selects one page (plus one row, to tell whether there is a next page) of a
// project's Page Imports, newest first. org is the project's organization: an int64, or a
// one-row subquery (visibleProjectOrg, which also checks the membership; PostgreSQL runs it once,
// as an InitPlan). The organization and project predicates match the seed indexes
// page_import_org_project_idx and page_import_project_status_idx; bun adds `deleted_at IS NULL`
// (soft_delete). args collects the statement's parameters (nil: values written into the text).
func pageImportsQuery(db bun.IDB, args *database.Params, org any, projectID int64, status *models.PageImportStatus, sourceURL *string, afterID string, size int) *bun.SelectQuery {
	project := args.Arg(projectID)
	q := db.NewSelect().Model((*models.PageImport)(nil)).
		Where("organization_id = (?)", org).
		Where("project_id = ?", project)
	if status != nil {
		q = q.Where("status = ?", args.Arg(*status))
	}
	if sourceURL != nil {
		q = q.Where("source_url = ?", args.Arg(*sourceURL))
	}
	if afterID != "" {
		q = q.Where(keysetBound, bun.Ident("project_id"), bun.Ident("id"), project, args.Arg(afterID))
	}
	return q.OrderExpr("id DESC").Limit(int64(size + 1))
}

// DeletePageImport soft-deletes a Page Import of one of the caller's organizations, recording the
// caller in deleted_by (and updated_by). Deleting a deleted or invisible job is NOT_FOUND.
// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeUnavailable.
func (s *Service) DeletePageImport(ctx context.Context, id string) error {
	return s.softDelete(ctx, (*models.PageImport)(nil), "page import", id)
}

// softDelete marks one visible, non-deleted row of model's table deleted by the caller, in one
// UPDATE that also requires the row to belong to one of the caller's organizations (bun adds
// deleted_at IS NULL for soft-delete models). what names the kind of job in the NOT_FOUND message.
// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeUnavailable.
func (s *Service) softDelete(ctx context.Context, model any, what, id string) error {
	p, err := caller(ctx)
	if err != nil {
		return err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	res, err := s.cfg.DB.NewUpdate().Model(model).
		Set("deleted_at = current_timestamp").
		Set("deleted_by = ?", p.Subject).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", p.Subject).
		Where("id = ?", id).
		Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
		Exec(ctx)
	if err != nil {
		return DatabaseError(ctx, fmt.Errorf("soft-delete %s: %w", what, err))
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return models.Errorf(models.CodeNotFound, "%s %s not found", what, id)
	}
	return nil
}

// tidy shows device_scale_factor as it was given: the column is `real`, and a float32 read back
// as float64 would show 1.1 as 1.100000023841858.
func tidy(pi *models.PageImport) *models.PageImport {
	if v, err := strconv.ParseFloat(strconv.FormatFloat(pi.DeviceScaleFactor, 'g', -1, 32), 64); err == nil {
		pi.DeviceScaleFactor = v
	}
	return pi
}
