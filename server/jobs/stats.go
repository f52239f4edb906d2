package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

var _ models.JobStatsService = (*Service)(nil)

// ProjectJobStats counts the project's non-deleted Page Imports and Code2Des jobs by status,
// created in [since, until) (the dashboard summary). Each count is one GROUP BY over the
// window, served by the partial indexes page_import_project_created_idx and
// code2des_project_created_idx (project_id, created_at) INCLUDE (status) WHERE deleted_at IS
// NULL (an index-only scan; docs/api.md shows the plan). The organization is checked once, from
// the project, so the counts need no organization predicate.
// Errors: CodeUnauthenticated, CodeBadUserInput (`since`, `until`), CodeNotFound (project),
// CodeUnavailable.
func (s *Service) ProjectJobStats(ctx context.Context, projectID int64, since, until *time.Time) (*models.ProjectJobStats, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if projectID <= 0 {
		return nil, models.InputError("projectId", "must be a positive integer id")
	}
	st := &models.ProjectJobStats{ProjectID: projectID, Until: time.Now().UTC()}
	if until != nil {
		st.Until = until.UTC()
	}
	st.Since = st.Until.Add(-models.DefaultStatsWindow)
	if since != nil {
		st.Since = since.UTC()
	}
	switch {
	case !st.Since.Before(st.Until):
		return nil, models.InputError("since", "must be before until")
	case st.Until.Sub(st.Since) > models.MaxStatsWindow:
		return nil, models.InputError("since", "the window must be at most %s (%d days)",
			models.MaxStatsWindow, int(models.MaxStatsWindow/(24*time.Hour)))
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	if _, err := s.projectOrganization(ctx, p.Subject, projectID); err != nil {
		return nil, err
	}
	if st.PageImports, err = countByStatus(ctx, s.cfg.DB, "page_import", projectID, st.Since, st.Until); err != nil {
		return nil, DatabaseError(ctx, err)
	}
	if st.Code2DesJobs, err = countByStatus(ctx, s.cfg.DB, "code2des", projectID, st.Since, st.Until); err != nil {
		return nil, DatabaseError(ctx, err)
	}
	return st, nil
}

// StatsQuery is the count of one table's window, exported for the plan test (EXPLAIN).
func StatsQuery(db bun.IDB, table string, projectID int64, since, until time.Time) *bun.RawQuery {
	return db.NewRaw(`SELECT status::text AS status, count(*) AS n FROM ?
		WHERE project_id = ? AND deleted_at IS NULL AND created_at >= ? AND created_at < ?
		GROUP BY status`, bun.Ident(table), projectID, since, until)
}

func countByStatus(ctx context.Context, db bun.IDB, table string, projectID int64, since, until time.Time) (models.JobStatusCounts, error) {
	var rows []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
	}
	var c models.JobStatusCounts
	if err := StatsQuery(db, table, projectID, since, until).Scan(ctx, &rows); err != nil {
		return c, fmt.Errorf("count %s: %w", table, err)
	}
	// The status codes are the same in both enums ('0' processing, '1' completed, '2' failed).
	for _, r := range rows {
		switch models.PageImportStatus(r.Status) {
		case models.PageImportProcessing:
			c.Processing = r.N
		case models.PageImportCompleted:
			c.Completed = r.N
		case models.PageImportFailed:
			c.Failed = r.N
		}
	}
	return c, nil
}
