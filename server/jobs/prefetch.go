package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/code2des/backend/models"
)

// PageImportsOfCode2DesJobs returns the visible, non-deleted Page Imports of the jobs that
// Code2DesJobs(f) lists, keyed by id, in one statement that repeats the list as a subquery. It
// does not need the list's answer, so a caller can run it at the same time as the list:
// `code2desJobs { pageImport }` then costs one round trip of waiting, not two (issue 17).
// Imports of jobs that were not on the page when this statement ran are absent, as are invisible
// ones: callers must read an absent id as "not known here", never as "not visible". Arguments the
// list refuses (a bad cursor, page size or status) give an empty map; the list reports them.
// Errors: CodeUnauthenticated, CodeUnavailable.
func (s *Service) PageImportsOfCode2DesJobs(ctx context.Context, f models.Code2DesFilter) (map[string]*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	size, err := PageSize("first", f.First)
	if err != nil {
		return map[string]*models.PageImport{}, nil
	}
	afterID, err := DecodeCursor(CursorCode2Des, "after", f.After)
	if err != nil || (f.Status != nil && !f.Status.Valid()) {
		return map[string]*models.PageImport{}, nil
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	var jobs []*models.Code2Des
	page := code2desJobsQuery(s.cfg.DB, &jobs, s.visibleProjectOrg(p.Subject, f.ProjectID), f, afterID, size)
	var rows []*models.PageImport
	err = s.cfg.DB.NewSelect().Model(&rows).
		Where("id IN (?)", s.cfg.DB.NewSelect().TableExpr("(?) AS page", page).ColumnExpr("page.page_import_id")).
		Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
		Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, DatabaseError(ctx, fmt.Errorf("select page_import of a code2des page: %w", err))
	}
	out := make(map[string]*models.PageImport, len(rows))
	for _, r := range rows {
		out[r.ID] = tidy(r)
	}
	return out, nil
}
