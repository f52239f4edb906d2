package jobs

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

var _ models.PageImportBatchService = (*Service)(nil)

// CreatePageImports creates one Page Import per viewport of one URL (desktop, tablet
// and mobile in one call), all or none:
//   - every viewport is checked first (SPEC §4 rules, fields "input.viewports[i].width" ...);
//     at most models.MaxViewportsPerRequest;
//   - each import counts against the creation rate limit; a refusal creates nothing;
//   - the rows are inserted in one transaction, then one capture message each is published in
//     order; when one cannot be published, every import of the call is failed with
//     QueueFailureMessage (a worker that already got an earlier message finds its job failed, and
//     its callback is answered 409) and the caller gets CodeUnavailable.
//
// The imports are returned in the order of the viewports.
// Errors: CodeUnauthenticated, CodeBadUserInput, CodeNotFound (project), CodeUnavailable.
func (s *Service) CreatePageImports(ctx context.Context, in models.PageImportsRequest) ([]*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	reqs, err := validatePageImports(in, s)
	if err != nil {
		return nil, err
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	orgID, err := s.projectOrganization(dbCtx, p.Subject, in.ProjectID)
	if err != nil {
		return nil, err
	}
	for range reqs {
		if err := allow(ctx, s.cfg.CreateLimiter, p.Subject, "Page Imports"); err != nil {
			return nil, err
		}
	}
	rows := make([]*models.PageImport, len(reqs))
	for i, r := range reqs {
		id, nonce, err := s.newIDAndNonce()
		if err != nil {
			return nil, err
		}
		rows[i] = &models.PageImport{
			ID: id, OrganizationID: orgID, ProjectID: r.ProjectID, SourceKind: models.SourceKindPublicURL,
			SourceURL: r.SourceURL, ViewportWidth: r.ViewportWidth, ViewportHeight: r.ViewportHeight,
			DeviceScaleFactor: r.DeviceScaleFactor, ReadySelector: r.ReadySelector,
			Status: models.PageImportProcessing, Attempt: 1, Nonce: nonce, CreatedBy: p.Subject, UpdatedBy: p.Subject,
		}
	}
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(&rows).Returning("*").Exec(ctx)
		return err
	})
	if err != nil {
		return nil, DatabaseError(dbCtx, fmt.Errorf("insert page_import batch: %w", err))
	}
	for _, pi := range rows {
		msg, err := s.captureMessage(pi)
		if err != nil {
			return nil, models.WrapError(models.CodeInternal, err, "internal error")
		}
		err = s.publishOrFail(ctx, s.cfg.CaptureQueue, msg, func(ctx context.Context) error {
			return s.failPageImports(ctx, rows, QueueFailureMessage)
		})
		if err != nil {
			return nil, err
		}
	}
	for _, pi := range rows {
		tidy(pi)
	}
	return rows, nil
}

// validatePageImports checks a createPageImports request viewport by viewport with the rules of
// createPageImport and returns one normalized single-viewport request per viewport.
// Errors: CodeBadUserInput naming the field ("input.viewports", "input.viewports[1].height").
func validatePageImports(in models.PageImportsRequest, s *Service) ([]models.PageImportRequest, error) {
	switch n := len(in.Viewports); {
	case n == 0:
		return nil, models.InputError("input.viewports", "must list at least one viewport")
	case n > models.MaxViewportsPerRequest:
		return nil, models.InputError("input.viewports", "must list at most %d viewports", models.MaxViewportsPerRequest)
	}
	out := make([]models.PageImportRequest, len(in.Viewports))
	for i, v := range in.Viewports {
		r, err := validatePageImport(models.PageImportRequest{
			ProjectID: in.ProjectID, SourceURL: in.SourceURL, ViewportWidth: v.Width, ViewportHeight: v.Height,
			DeviceScaleFactor: v.DeviceScaleFactor, ReadySelector: in.ReadySelector,
		}, s.cfg.SourceURL)
		if err != nil {
			return nil, viewportField(err, i)
		}
		out[i] = r
	}
	return out, nil
}

// viewportField renames the single-viewport fields of err ("input.viewport.width",
// "input.deviceScaleFactor") to the i-th entry of input.viewports.
func viewportField(err error, i int) error {
	var de *models.Error
	if !errors.As(err, &de) {
		return err
	}
	e := *de
	entry := fmt.Sprintf("input.viewports[%d]", i)
	switch {
	case strings.HasPrefix(e.Field, "input.viewport."):
		e.Field = entry + strings.TrimPrefix(e.Field, "input.viewport")
	case e.Field == "input.deviceScaleFactor":
		e.Field = entry + ".deviceScaleFactor"
	}
	return &e
}

// failPageImports fails every still-processing row of rows with a safe message, in one UPDATE.
func (s *Service) failPageImports(ctx context.Context, rows []*models.PageImport, message string) error {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	_, err := s.cfg.DB.NewUpdate().Model((*models.PageImport)(nil)).
		Set("status = ?", models.PageImportFailed).
		Set("error_message = ?", message).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", SystemActor).
		Where("id IN (?)", bun.In(ids)).
		Where("status = ?", models.PageImportProcessing).
		Exec(ctx)
	return err
}
