package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

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
	id, err := s.cfg.NewID()
	if err != nil {
		return nil, models.WrapError(models.CodeInternal, err, "internal error")
	}
	nonce, err := s.cfg.NewNonce()
	if err != nil {
		return nil, models.WrapError(models.CodeInternal, err, "internal error")
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
		if err != nil {
			return nil, err
		}
	} else if err := s.code2desJobs(ctx, p.Subject, &rows, f, afterID, size); err != nil {
		return nil, DatabaseError(ctx, fmt.Errorf("list code2des: %w", err))
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

// code2desJobs reads one page of code2desJobsQuery as a prepared statement (database.Params),
// scanning its rows straight into their fields (database.QueryRows).
func (s *Service) code2desJobs(ctx context.Context, subject string, rows *[]*models.Code2Des, f models.Code2DesFilter, afterID string, size int) error {
	shape := newCode2DesShape(f, afterID, size)
	row := newCode2DesRow(shape.cols, false, 0)
	row.reserve(size + 1) // the page and the row that tells whether another follows
	err := code2desStatementsFor(shape).QueryRows(ctx, s.cfg.DB, shape, code2desValues(subject, f, afterID), func(args *database.Params) database.Builder {
		return code2desJobsQuery(s.cfg.DB, args, s.visibleProjectOrgIn(args, subject, f.ProjectID), f, afterID, size)
	}, func(r database.RowScanner) error {
		c, _, err := row.scan(r)
		if err != nil {
			return err
		}
		*rows = append(*rows, c)
		return nil
	})
	if err != nil {
		return DatabaseError(ctx, fmt.Errorf("list code2des: %w", err))
	}
	return nil
}

// code2desReadColumns are the columns a list selects for f: the ones f asks for (every column
// when it names none) and always the job's id (its cursor) and page_import_id (the key of its
// import), and the import's id (which tells a joined import from none). Authorization, the
// filters and the order are in the statement's WHERE and ORDER BY, which need no column selected;
// nothing else the service does with a listed row reads one.
func code2desReadColumns(f models.Code2DesFilter) (models.Code2DesColumns, models.PageImportColumns) {
	cols, icols := f.Columns, f.ImportColumns
	if cols == 0 {
		cols = models.AllCode2DesColumns
	}
	if icols == 0 || !f.WithPageImports {
		icols = models.AllPageImportColumns
	}
	return (cols & models.AllCode2DesColumns) | models.Code2DesColID | models.Code2DesColPageImportID,
		(icols & models.AllPageImportColumns) | models.PageImportColID
}

// selectedColumns are the names of the columns of list (in its order) whose bits are set in mask,
// each prefixed with table and a dot when table is not empty.
func selectedColumns(list []string, mask uint32, table string) []string {
	idx := columnIndexes(mask, len(list))
	names := make([]string, len(idx))
	for k, i := range idx {
		names[k] = table + list[i]
	}
	return names
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
	imports := make(map[string]*models.PageImport, size+1)
	shape := newCode2DesShape(f, afterID, size)
	row := newCode2DesRow(shape.cols, true, shape.icols)
	row.reserve(size + 1)
	rows := make([]*models.Code2Des, 0, size+1)
	err := code2desStatementsFor(shape).QueryRows(ctx, s.cfg.DB, shape, code2desValues(subject, f, afterID), func(args *database.Params) database.Builder {
		return code2desJobsWithImportsQuery(s.cfg.DB, args, s.visibleProjectOrgIn(args, subject, f.ProjectID), f, afterID, size)
	}, func(r database.RowScanner) error {
		c, pi, err := row.scan(r)
		if err != nil {
			return err
		}
		rows = append(rows, c)
		if pi != nil {
			imports[c.PageImportID] = tidy(pi)
		}
		return nil
	})
	if err != nil {
		return nil, nil, DatabaseError(ctx, fmt.Errorf("list code2des with page imports: %w", err))
	}
	return rows, imports, nil
}

// code2desJobsWithImportsQuery is code2desJobsQuery with each job's Page Import LEFT JOINed
// (code2desJobsWithImports).
func code2desJobsWithImportsQuery(db bun.IDB, args *database.Params, org any, f models.Code2DesFilter, afterID string, size int) *bun.SelectQuery {
	_, icols := code2desReadColumns(f)
	return code2desJobsQuery(db, args, org, f, afterID, size).
		ColumnExpr(strings.Join(selectedColumns(pageImportColumns, uint32(icols), "page_import."), ", ")).
		Join("LEFT JOIN page_import ON page_import.id = code2_des.page_import_id AND page_import.deleted_at IS NULL AND page_import.organization_id = code2_des.organization_id")
}

// code2desShape is what the text of code2desJobsQuery (with visibleProjectOrg, and joined with
// the imports or not) depends on: the optional filters present, the join, the page size (its
// LIMIT) and the columns selected (code2desReadColumns).
type code2desShape struct {
	fileKey, status, pageImport, after, withImports bool
	size                                            int
	cols                                            models.Code2DesColumns
	icols                                           models.PageImportColumns
}

func newCode2DesShape(f models.Code2DesFilter, afterID string, size int) code2desShape {
	cols, icols := code2desReadColumns(f)
	return code2desShape{fileKey: f.FigmaFileKey != nil, status: f.Status != nil, pageImport: f.PageImportID != nil,
		after: afterID != "", withImports: f.WithPageImports, size: size, cols: cols, icols: icols}
}

// MaxCode2DesStatements is the most code2desShape texts kept: every combination of the four
// optional filters, the join and the page size for whole rows (code2desStatements), and as many
// again for the column sets of the GraphQL fast path (code2desColumnStatements). A column set is
// a bitmask the client's selection names (at most 2^16 * 2^17 of them), so the two are kept apart:
// however many sets a client names, every whole-row shape still has its place. A shape past its
// half is built by bun on each request, as without the cache: slower, never wrong.
const MaxCode2DesStatements = 2 * (2 * 2 * 2 * 2 * 2 * models.MaxPageSize)

// code2desStatements keeps the texts of whole-row code2desShapes (every one: there are at most
// MaxCode2DesStatements/2); code2desColumnStatements those of column sets, at most as many.
var (
	code2desStatements       = database.NewStatements[code2desShape](MaxCode2DesStatements / 2)
	code2desColumnStatements = database.NewStatements[code2desShape](MaxCode2DesStatements / 2)
)

// code2desStatementsFor is the cache of shape's text: code2desStatements for whole rows,
// code2desColumnStatements for a column set.
func code2desStatementsFor(shape code2desShape) *database.Statements[code2desShape] {
	if shape.cols == models.AllCode2DesColumns && shape.icols == models.AllPageImportColumns {
		return code2desStatements
	}
	return code2desColumnStatements
}

// code2desValues are the values of code2desJobsQuery's placeholders with visibleProjectOrg, in
// order.
func code2desValues(subject string, f models.Code2DesFilter, afterID string) []any {
	vals := make([]any, 0, 7)
	vals = append(vals, subject, f.ProjectID, f.ProjectID)
	if f.FigmaFileKey != nil {
		vals = append(vals, *f.FigmaFileKey)
	}
	if f.Status != nil {
		vals = append(vals, *f.Status)
	}
	if f.PageImportID != nil {
		vals = append(vals, *f.PageImportID)
	}
	if afterID != "" {
		vals = append(vals, afterID)
	}
	return vals
}

// code2desUnread are the code2des columns the list (Code2DesJobs) does not select: nothing the
// API answers for a listed job is made from them (the nonce is never exposed, SPEC §3; the result
// is read through code2desResult). The rows the list returns are never written back.
var code2desUnread = []string{"nonce", "result_url", "updated_by", "deleted_at", "deleted_by"}

// code2desJobsQuery selects one page (plus one row, to tell whether there is a next page) of a
// project's jobs, newest first. org is the project's organization (derived from the project,
// never from the client; an int64 or the one-row subquery of visibleProjectOrg, as for
// pageImportsQuery): code2des_org_project_file_status_idx leads with organization_id, so the
// discovery query (project + figma file key + status) can use all four of its columns. The other
// filters match code2des_project_status_idx and code2des_page_import_idx; bun adds
// `deleted_at IS NULL` (soft_delete). args collects the statement's parameters (nil: values
// written into the text).
func code2desJobsQuery(db bun.IDB, args *database.Params, org any, f models.Code2DesFilter, afterID string, size int) *bun.SelectQuery {
	cols, _ := code2desReadColumns(f)
	project := args.Arg(f.ProjectID)
	q := db.NewSelect().Model((*models.Code2Des)(nil)).Column(selectedColumns(code2desColumns, uint32(cols), "")...).
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
