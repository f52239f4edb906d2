package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

var _ models.Code2DesService = (*Service)(nil)

// TriggerCode2Des validates in (SPEC §4), checks that the Page Import is visible, not deleted,
// completed and has a capture (result_url and capture_hash), inserts a processing Code2Des row
// (organization and project copied from the import, UUIDv7 id, attempt 1, a fresh nonce,
// created_by = the caller) and publishes the conversion message (SPEC §5). When in.ScreenID is
// absent or blank, GenerateScreenID names the screen. The Page Import row is never modified: it
// is only locked FOR SHARE while the job is inserted, so a concurrent deletePageImport cannot
// slip between the check and the insert. When the message cannot be published, the row is failed
// with QueueFailureMessage.
// Errors: CodeUnauthenticated; CodeBadUserInput with the field; CodeNotFound for an import the
// caller cannot see or that is deleted; CodeFailedPrecondition naming why the import cannot be
// converted (processing, failed, no capture); CodeUnavailable when the caller is over the trigger
// rate limit or the database or queue is down.
func (s *Service) TriggerCode2Des(ctx context.Context, in models.Code2DesRequest) (*models.Code2Des, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if in, err = validateTrigger(in); err != nil {
		return nil, err
	}
	id, nonce, err := s.newIDAndNonce()
	if err != nil {
		return nil, err
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	var job *models.Code2Des
	pi := new(models.PageImport)
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewSelect().Model(pi).
			Where("id = ?", in.PageImportID).
			Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
			For("SHARE").
			Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return models.Errorf(models.CodeNotFound, "page import %s not found", in.PageImportID)
		}
		if err != nil {
			return fmt.Errorf("select page_import: %w", err)
		}
		if err := convertible(pi); err != nil {
			return err
		}
		if err := allow(ctx, s.cfg.TriggerLimiter, p.Subject, "Code2Des triggers"); err != nil {
			return err
		}
		screenID := GenerateScreenID(pi.SourceURL, pi.ViewportWidth, id)
		if in.ScreenID != nil {
			screenID = *in.ScreenID
		}
		job = &models.Code2Des{
			ID:              id,
			OrganizationID:  pi.OrganizationID,
			ProjectID:       pi.ProjectID,
			PageImportID:    pi.ID,
			FigmaFileKey:    in.FigmaFileKey,
			ScreenID:        screenID,
			PlacementTarget: in.PlacementTarget,
			Status:          models.Code2DesProcessing,
			Attempt:         1,
			Nonce:           nonce,
			CreatedBy:       p.Subject,
			UpdatedBy:       p.Subject,
		}
		if _, err := tx.NewInsert().Model(job).Returning("*").Exec(ctx); err != nil {
			return fmt.Errorf("insert code2des: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, passDomain(dbCtx, err)
	}
	msg, err := s.conversionMessage(job, pi)
	if err != nil {
		return nil, models.WrapError(models.CodeInternal, err, "internal error")
	}
	err = s.publishOrFail(ctx, s.cfg.ConversionQueue, msg, func(ctx context.Context) error {
		return s.failCode2Des(ctx, job, QueueFailureMessage)
	})
	if err != nil {
		return nil, err
	}
	return job, nil
}

// convertible reports why pi cannot be the source of a Code2Des job (code2des seed notes: a
// completed import with non-null result_url and capture_hash).
// Errors: CodeFailedPrecondition naming the reason.
func convertible(pi *models.PageImport) error {
	switch {
	case pi.Status == models.PageImportProcessing:
		return models.Errorf(models.CodeFailedPrecondition, "page import %s is still processing; trigger Code2Des once it has completed", pi.ID)
	case pi.Status == models.PageImportFailed:
		return models.Errorf(models.CodeFailedPrecondition, "page import %s failed; import the page again", pi.ID)
	case pi.Status != models.PageImportCompleted:
		return models.Errorf(models.CodeFailedPrecondition, "page import %s is not completed", pi.ID)
	case pi.ResultURL == nil || pi.CaptureHash == nil:
		return models.Errorf(models.CodeFailedPrecondition, "page import %s has no capture to convert", pi.ID)
	}
	return nil
}

// failCode2Des moves a processing job to failed with a safe message, recording the system as the
// updater. It updates job in place.
func (s *Service) failCode2Des(ctx context.Context, job *models.Code2Des, message string) error {
	_, err := s.cfg.DB.NewUpdate().Model(job).
		Set("status = ?", models.Code2DesFailed).
		Set("error_message = ?", message).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", SystemActor).
		Where("id = ?", job.ID).
		Where("status = ?", models.Code2DesProcessing).
		Returning("*").
		Exec(ctx)
	return err
}

// Code2Des returns one non-deleted Code2Des job in one of the caller's organizations.
// Errors: CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound, CodeUnavailable.
func (s *Service) Code2Des(ctx context.Context, id string) (*models.Code2Des, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return nil, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	return s.visibleCode2Des(ctx, p.Subject, id)
}

// visibleCode2Des selects job id when it is not deleted and in one of subject's organizations.
func (s *Service) visibleCode2Des(ctx context.Context, subject, id string) (*models.Code2Des, error) {
	job := new(models.Code2Des)
	args := database.NewParams(s.cfg.DB)
	err := database.Bind(s.cfg.DB.NewSelect().Model(job).
		Where("id = ?", args.Arg(id)).
		Where("organization_id IN (?)", s.memberOrgsIn(args, subject)), args).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, models.Errorf(models.CodeNotFound, "code2des %s not found", id)
	}
	if err != nil {
		return nil, DatabaseError(ctx, fmt.Errorf("select code2des: %w", err))
	}
	return job, nil
}

// Code2DesJobs lists a project's non-deleted Code2Des jobs newest first, keyset-paginated on the
// UUIDv7 id, optionally filtered by Figma file key, Page Import and status (SPEC §3). The plugin's
// discovery query (project + file key + status) is served by code2des_org_project_file_status_idx.
// Errors: CodeUnauthenticated, CodeBadUserInput (`first`, `after`, `figmaFileKey`,
// `pageImportId`, `status`), CodeNotFound (project not visible), CodeUnavailable.
func (s *Service) Code2DesJobs(ctx context.Context, f models.Code2DesFilter) (*models.Code2DesPage, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	size, err := PageSize("first", f.First)
	if err != nil {
		return nil, err
	}
	afterID, err := DecodeCursor(CursorCode2Des, "after", f.After)
	if err != nil {
		return nil, err
	}
	if f.FigmaFileKey != nil {
		if err := validateFileKey("figmaFileKey", *f.FigmaFileKey); err != nil {
			return nil, err
		}
	}
	if f.PageImportID != nil {
		if _, err := models.ParseID("pageImportId", *f.PageImportID); err != nil {
			return nil, err
		}
	}
	if f.Status != nil && !f.Status.Valid() {
		return nil, models.InputError("status", "is not a valid status")
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	var rows []*models.Code2Des
	var imports map[string]*models.PageImport
	if f.WithPageImports {
		rows, imports, err = s.code2desJobsWithImports(ctx, p.Subject, f, afterID, size)
	} else {
		rows, err = s.code2desJobs(ctx, p.Subject, f, afterID, size)
	}
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		// An empty page: an invisible project is NOT_FOUND, a visible one just has no rows here.
		if _, err := s.projectOrganization(ctx, p.Subject, f.ProjectID); err != nil {
			return nil, err
		}
	}
	page := &models.Code2DesPage{HasPreviousPage: afterID != ""}
	page.Items, page.Cursors, page.HasNextPage = trimPage(rows, size, CursorCode2Des, func(r *models.Code2Des) string { return r.ID })
	if f.WithPageImports {
		page.PageImports = make(map[string]*models.PageImport, len(page.Items))
		for _, j := range page.Items {
			page.PageImports[j.PageImportID] = imports[j.PageImportID]
		}
	}
	return page, nil
}

// code2desJobs reads one page of code2desJobsQuery.
func (s *Service) code2desJobs(ctx context.Context, subject string, f models.Code2DesFilter, afterID string, size int) ([]*models.Code2Des, error) {
	rows := make([]*models.Code2Des, 0, size+1)
	args := database.NewParams(s.cfg.DB)
	q := code2desJobsQuery(s.cfg.DB, args, s.visibleProjectOrg(args, subject, f.ProjectID), f, afterID, size).Model(&rows)
	if err := database.Bind(q, args).Scan(ctx); err != nil {
		return nil, DatabaseError(ctx, fmt.Errorf("list code2des: %w", err))
	}
	return rows, nil
}

// code2desWithImport is a listed job with its Page Import LEFT JOINed (nil when the join found
// none): bun scans the joined columns into PageImport.
type code2desWithImport struct {
	models.Code2Des `bun:",extend"`

	PageImport *models.PageImport `bun:"rel:belongs-to,join:page_import_id=id"`
}

// code2desJobsWithImports is code2desJobsQuery with each job's Page Import LEFT JOINed in the
// same statement, with the rules of PageImportsByID (not deleted, in one of the subject's
// organizations): an import those rules hide is absent from the map, as a batch read answers.
//
// The organization rule is written as "the job's organization": the listed jobs are already in
// the project's organization, which the subject is a member of (visibleProjectOrg), and a job is
// always in its import's organization (TriggerCode2Des copies it; neither ever changes), so the
// two rules keep the same imports, and this one costs PostgreSQL no membership lookup per row
// (about 0.27 -> 0.23 ms per page of 21 in pgbench).
func (s *Service) code2desJobsWithImports(ctx context.Context, subject string, f models.Code2DesFilter, afterID string, size int) ([]*models.Code2Des, map[string]*models.PageImport, error) {
	var joined []code2desWithImport
	args := database.NewParams(s.cfg.DB)
	q := code2desJobsQuery(s.cfg.DB, args, s.visibleProjectOrg(args, subject, f.ProjectID), f, afterID, size).
		Model(&joined).
		Relation("PageImport", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.JoinOn("page_import.organization_id = code2_des.organization_id")
		})
	if err := database.Bind(q, args).Scan(ctx); err != nil {
		return nil, nil, DatabaseError(ctx, fmt.Errorf("list code2des with page imports: %w", err))
	}
	rows := make([]*models.Code2Des, len(joined))
	imports := make(map[string]*models.PageImport, len(joined))
	for i := range joined {
		rows[i] = &joined[i].Code2Des
		if pi := joined[i].PageImport; pi != nil {
			imports[pi.ID] = tidy(pi)
		}
	}
	return rows, imports, nil
}

// code2desJobsQuery selects one page (plus one row, to tell whether there is a next page) of a
// project's jobs, newest first. org is the project's organization (derived from the project,
// never from the client; an int64 or the one-row subquery of visibleProjectOrg, as for
// pageImportsQuery): code2des_org_project_file_status_idx leads with organization_id, so the
// discovery query (project + figma file key + status) can use all four of its columns. The other
// filters match code2des_project_status_idx and code2des_page_import_idx; bun adds
// `deleted_at IS NULL` (soft_delete). args collects the statement's parameters (nil: values
// written into the text).
func code2desJobsQuery(db bun.IDB, args *database.Params, org any, f models.Code2DesFilter, afterID string, size int) *bun.SelectQuery {
	project := args.Arg(f.ProjectID)
	q := db.NewSelect().Model((*models.Code2Des)(nil)).
		Where("code2_des.organization_id = (?)", org).
		Where("code2_des.project_id = ?", project)
	if f.FigmaFileKey != nil {
		q = q.Where("code2_des.figma_file_key = ?", args.Arg(*f.FigmaFileKey))
	}
	if f.Status != nil {
		q = q.Where("code2_des.status = ?", args.Arg(*f.Status))
	}
	if f.PageImportID != nil {
		q = q.Where("code2_des.page_import_id = ?", args.Arg(*f.PageImportID))
	}
	if afterID != "" {
		if f.FigmaFileKey == nil && f.PageImportID == nil {
			q = q.Where(keysetBound, bun.Ident("code2_des.project_id"), bun.Ident("code2_des.id"), project, args.Arg(afterID))
		} else {
			// The file key and Page Import filters have narrower indexes of their own
			// (TestCode2DesDiscoveryQueryUsesItsSeedIndex), which keysetBound would draw the
			// planner away from.
			q = q.Where("code2_des.id < ?", args.Arg(afterID))
		}
	}
	return q.OrderExpr("code2_des.id DESC").Limit(int64(size + 1))
}

// MaterializeCode2Des records the Figma root node the plugin created for a completed job (SPEC §1
// step 7). The first successful call sets materialized_at and materialized_node_id in one
// conditional UPDATE (completed, not deleted, not yet materialized); every later call, with the
// same or another node id, changes nothing and returns the row with the recorded root, so
// concurrent calls record exactly one root. The bool reports whether this call recorded it.
// Errors: CodeUnauthenticated, CodeBadUserInput (`input.code2desId`, `input.nodeId`),
// CodeNotFound (not visible or deleted), CodeFailedPrecondition (processing or failed),
// CodeUnavailable.
func (s *Service) MaterializeCode2Des(ctx context.Context, in models.MaterializeRequest) (*models.Code2Des, bool, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, false, err
	}
	if _, err := models.ParseID("input.code2desId", in.Code2DesID); err != nil {
		return nil, false, err
	}
	if err := validateNodeID("input.nodeId", in.NodeID); err != nil {
		return nil, false, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	job := new(models.Code2Des)
	res, err := s.cfg.DB.NewUpdate().Model(job).
		Set("materialized_at = current_timestamp").
		Set("materialized_node_id = ?", in.NodeID).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", p.Subject).
		Where("id = ?", in.Code2DesID).
		Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
		Where("status = ?", models.Code2DesCompleted).
		Where("materialized_at IS NULL").
		Returning("*").
		Exec(ctx)
	if err != nil {
		return nil, false, DatabaseError(ctx, fmt.Errorf("materialize code2des: %w", err))
	}
	if n, err := res.RowsAffected(); err == nil && n == 1 {
		return job, true, nil
	}
	// Nothing changed: say why, or return the root recorded earlier.
	job, err = s.visibleCode2Des(ctx, p.Subject, in.Code2DesID)
	if err != nil {
		return nil, false, err
	}
	switch job.Status {
	case models.Code2DesProcessing:
		return nil, false, models.Errorf(models.CodeFailedPrecondition, "code2des %s is still processing; materialize it once it has completed", job.ID)
	case models.Code2DesFailed:
		return nil, false, models.Errorf(models.CodeFailedPrecondition, "code2des %s failed and cannot be materialized", job.ID)
	}
	if job.MaterializedAt == nil {
		// Completed and not materialized, yet the UPDATE matched nothing: it was deleted or
		// changed in between. Report it as not found rather than guess.
		return nil, false, models.Errorf(models.CodeNotFound, "code2des %s not found", job.ID)
	}
	return job, false, nil
}

// DeleteCode2Des soft-deletes a job of one of the caller's organizations, recording the caller in
// deleted_by (and updated_by). A deleted job is invisible to every read, cannot be materialized,
// and its worker callbacks are refused (their UPDATE requires deleted_at IS NULL). Deleting a
// deleted or invisible job is NOT_FOUND.
// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound, CodeUnavailable.
func (s *Service) DeleteCode2Des(ctx context.Context, id string) error {
	return s.softDelete(ctx, (*models.Code2Des)(nil), "code2des", id)
}
