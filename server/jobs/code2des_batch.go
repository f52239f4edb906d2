package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// Batch reads for the GraphQL dataloaders (graph/loaders.go): one SQL statement per batch of
// keys, whatever the number of rows, and the same visibility rules as the single reads (the
// caller's organizations, deleted_at IS NULL).

// MaxBatchKeys is the most keys one batch read accepts; the dataloaders never send more.
const MaxBatchKeys = 1000

// PageImportsByID returns the visible, non-deleted Page Imports among ids, keyed by id, in one
// statement. Ids not in the map are unknown, deleted or in another organization.
// Errors: CodeUnauthenticated, CodeBadUserInput (more than MaxBatchKeys ids), CodeUnavailable.
func (s *Service) PageImportsByID(ctx context.Context, ids []string) (map[string]*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkBatch(ids); err != nil || len(ids) == 0 {
		return map[string]*models.PageImport{}, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	var rows []*models.PageImport
	err = s.cfg.DB.NewSelect().Model(&rows).
		Where("id IN (?)", bun.In(ids)).
		Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
		Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, DatabaseError(ctx, fmt.Errorf("batch select page_import: %w", err))
	}
	out := make(map[string]*models.PageImport, len(rows))
	for _, r := range rows {
		out[r.ID] = tidy(r)
	}
	return out, nil
}

// Code2DesJobsByPageImport returns, for each of the Page Import ids, its visible, non-deleted
// Code2Des jobs newest first, at most models.MaxPageSize per import (PageImport.code2desJobs),
// in one statement: a LATERAL join that reads each import's newest jobs through
// code2des_page_import_idx. Imports without jobs are absent from the map.
// Errors: CodeUnauthenticated, CodeBadUserInput (more than MaxBatchKeys ids), CodeUnavailable.
func (s *Service) Code2DesJobsByPageImport(ctx context.Context, ids []string) (map[string][]*models.Code2Des, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkBatch(ids); err != nil || len(ids) == 0 {
		return map[string][]*models.Code2Des{}, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	var rows []*models.Code2Des
	err = s.cfg.DB.NewRaw(`SELECT c.* FROM unnest(?::varchar[]) AS k(id)
CROSS JOIN LATERAL (
  SELECT * FROM code2des
  WHERE code2des.page_import_id = k.id AND code2des.deleted_at IS NULL
    AND code2des.organization_id IN (?)
  ORDER BY code2des.id DESC
  LIMIT ?
) AS c`, pgdialect.Array(ids), s.memberOrgs(p.Subject), models.MaxPageSize).Scan(ctx, &rows)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, DatabaseError(ctx, fmt.Errorf("batch select code2des: %w", err))
	}
	out := make(map[string][]*models.Code2Des, len(ids))
	for _, r := range rows {
		out[r.PageImportID] = append(out[r.PageImportID], r)
	}
	return out, nil
}

// Code2DesFidelityScores returns the fidelity score (SSIM) recorded in code2des_fidelity for each
// visible, non-deleted job among ids, for the job's current attempt, in one statement through the
// side table's primary key; jobs without a recorded SSIM are absent.
// Errors: CodeUnauthenticated, CodeBadUserInput (more than MaxBatchKeys ids), CodeUnavailable.
func (s *Service) Code2DesFidelityScores(ctx context.Context, ids []string) (map[string]float64, error) {
	return batchSideValues[float64](ctx, s, ids, "code2des_fidelity", func(orgs *bun.SelectQuery) (string, []any) {
		return `SELECT f.code2des_id AS id, f.ssim AS value FROM code2des_fidelity AS f
JOIN code2des AS c ON c.id = f.code2des_id AND c.attempt = f.attempt
WHERE f.code2des_id IN (?) AND f.ssim IS NOT NULL
  AND c.deleted_at IS NULL AND c.organization_id IN (?)`, []any{bun.In(ids), orgs}
	})
}

// PageImportErrorCodes returns the failure code recorded in page_import_failure for each
// visible, non-deleted, failed Page Import among ids, for its current attempt, in one statement
// through the side table's primary key; imports without one are absent.
// Errors: CodeUnauthenticated, CodeBadUserInput (more than MaxBatchKeys ids), CodeUnavailable.
func (s *Service) PageImportErrorCodes(ctx context.Context, ids []string) (map[string]string, error) {
	return batchSideValues[string](ctx, s, ids, "page_import_failure", func(orgs *bun.SelectQuery) (string, []any) {
		return `SELECT f.page_import_id AS id, f.error_code AS value FROM page_import_failure AS f
JOIN page_import AS p ON p.id = f.page_import_id AND p.attempt = f.attempt
WHERE f.page_import_id IN (?) AND p.status = ?
  AND p.deleted_at IS NULL AND p.organization_id IN (?)`, []any{bun.In(ids), models.PageImportFailed, orgs}
	})
}

// batchSideValues runs the batch read of one side table that query builds (its rows are id and
// value; orgs is the caller's organizations) and returns the values by id.
func batchSideValues[V any](ctx context.Context, s *Service, ids []string, table string, query func(orgs *bun.SelectQuery) (string, []any)) (map[string]V, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkBatch(ids); err != nil || len(ids) == 0 {
		return map[string]V{}, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	var rows []struct {
		ID    string `bun:"id"`
		Value V      `bun:"value"`
	}
	q, args := query(s.memberOrgs(p.Subject))
	if err := s.cfg.DB.NewRaw(q, args...).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, DatabaseError(ctx, fmt.Errorf("batch select %s: %w", table, err))
	}
	out := make(map[string]V, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Value
	}
	return out, nil
}

func checkBatch(ids []string) error {
	if len(ids) > MaxBatchKeys {
		return models.InputError("ids", "at most %d ids per batch", MaxBatchKeys)
	}
	return nil
}

// Code2DesForResult loads what the result reader (server/results) needs for code2desResult: the
// visible, non-deleted job, and, when it is completed, its Page Import. The import is read even
// if it has been soft-deleted since the job was made: the job is still visible and its result
// still valid, and the import row only supplies the capture identity (id, attempt, capture_hash)
// the result manifest is checked against. It is never shown to the caller. A nil import with a
// completed job makes the reader answer NOT_FOUND.
// Errors: CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound, CodeUnavailable.
func (s *Service) Code2DesForResult(ctx context.Context, id string) (*models.Code2Des, *models.PageImport, error) {
	job, err := s.Code2Des(ctx, id)
	if err != nil || job.Status != models.Code2DesCompleted {
		// The reader answers FAILED_PRECONDITION for a processing or failed job without it.
		return job, nil, err
	}
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	pi := new(models.PageImport)
	args := database.NewParams(s.cfg.DB)
	err = database.Bind(s.cfg.DB.NewSelect().Model(pi).WhereAllWithDeleted().
		Where("id = ?", args.Arg(job.PageImportID)).
		Where("organization_id = ?", args.Arg(job.OrganizationID)), args).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return job, nil, nil
	}
	if err != nil {
		return nil, nil, DatabaseError(ctx, fmt.Errorf("select page_import of code2des: %w", err))
	}
	return job, pi, nil
}
