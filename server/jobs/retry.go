package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

var _ models.JobRetryService = (*Service)(nil)

// RetryPageImport starts a new attempt of a failed (or swept) Page Import. In one transaction it
// locks the row (FOR UPDATE, so concurrent retries queue behind each other and all but the first
// find it processing), checks it is failed, and moves it to attempt + 1 with a fresh nonce, status
// processing and result_url, capture_hash, screenshot_url and error_message cleared; updated_at
// restarts the sweeper's deadline. It then publishes one capture message whose artifact_prefix is
// the new attempt's (page-imports/<id>/attempt-<n+1>/). Callbacks of earlier attempts no longer
// match the fence (attempt, nonce) and are answered 409. Retries count against the creation rate
// limit (CREATE_PAGE_IMPORT_RATE_LIMIT).
// Errors: CodeUnauthenticated, CodeBadUserInput (`id`), CodeNotFound, CodeFailedPrecondition
// (processing or completed), CodeUnavailable (rate limit, database or queue down: the new attempt
// is then failed with QueueFailureMessage).
func (s *Service) RetryPageImport(ctx context.Context, id string) (*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return nil, err
	}
	nonce, err := s.cfg.NewNonce()
	if err != nil {
		return nil, models.WrapError(models.CodeInternal, err, "internal error")
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	pi := new(models.PageImport)
	// snapshot is the accepted upload of a snapshot import (issue 19): a retry captures the same
	// file again, never the live page at its source_url.
	var snapshot *SnapshotMessage
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewSelect().Model(pi).
			Where("id = ?", id).
			Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
			For("UPDATE").
			Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return models.Errorf(models.CodeNotFound, "page import %s not found", id)
		}
		if err != nil {
			return fmt.Errorf("select page_import: %w", err)
		}
		switch pi.Status {
		case models.PageImportProcessing:
			return models.Errorf(models.CodeFailedPrecondition, "page import %s is still processing; only a failed import can be retried", id)
		case models.PageImportCompleted:
			return models.Errorf(models.CodeFailedPrecondition, "page import %s has completed; only a failed import can be retried", id)
		}
		if pi.SourceKind == models.SourceKindMHTMLSnapshot {
			if snapshot, err = s.acceptedSnapshot(ctx, tx, id); err != nil {
				return err
			}
		}
		if err := allow(ctx, s.cfg.CreateLimiter, p.Subject, "Page Imports"); err != nil {
			return err
		}
		// A fresh struct takes the RETURNING row: bun leaves a pointer field as it was when the
		// column comes back NULL.
		*pi = models.PageImport{}
		_, err = tx.NewUpdate().Model(pi).
			Set("attempt = attempt + 1").
			Set("nonce = ?", nonce).
			Set("status = ?", models.PageImportProcessing).
			Set("result_url = NULL").
			Set("capture_hash = NULL").
			Set("screenshot_url = NULL").
			Set("error_message = NULL").
			Set("updated_at = current_timestamp").
			Set("updated_by = ?", p.Subject).
			Where("id = ?", id).
			Where("status = ?", models.PageImportFailed).
			Returning("*").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("retry page_import: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, passDomain(dbCtx, err)
	}
	m := s.captureMessageBody(pi)
	if snapshot != nil {
		m.Version, m.Snapshot = SnapshotMessageVersion, snapshot
	}
	if err := s.publishCapture(ctx, pi, m); err != nil {
		return nil, err
	}
	return tidy(pi), nil
}

// acceptedSnapshot returns the snapshot member of a retried snapshot import: the file its
// completed upload stored (under attempt-1/, whatever the attempt). An upload that was never
// accepted (never completed, refused at completion, or swept) has no file to capture again: the
// client creates a new upload instead (CodeFailedPrecondition).
func (s *Service) acceptedSnapshot(ctx context.Context, tx bun.Tx, id string) (*SnapshotMessage, error) {
	up := new(models.PageImportUpload)
	err := tx.NewSelect().Model(up).Where("page_import_id = ?", id).Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("select page_import_upload: %w", err)
	}
	if err != nil || up.CompletedAt == nil {
		return nil, models.Errorf(models.CodeFailedPrecondition, "page import %s has no accepted snapshot to capture again; upload the page again with createPageImportUpload", id)
	}
	return s.snapshotMessage(up), nil
}

// RetryCode2Des starts a new attempt of a failed (or swept) Code2Des job, as RetryPageImport
// does: attempt + 1, a fresh nonce, status processing, result_url, warning_count and
// error_message cleared, and one conversion message with the new attempt's artifact prefix
// (code2des/<id>/attempt-<n+1>/). The job's Page Import is locked FOR SHARE and must still be
// visible and completed with a capture. Retries count against the trigger rate limit
// (TRIGGER_CODE2DES_RATE_LIMIT). A materialized job cannot be failed, so it is never retried.
// Errors: CodeUnauthenticated, CodeBadUserInput (`id`), CodeNotFound, CodeFailedPrecondition
// (processing or completed; the Page Import deleted or not completed), CodeUnavailable.
func (s *Service) RetryCode2Des(ctx context.Context, id string) (*models.Code2Des, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return nil, err
	}
	nonce, err := s.cfg.NewNonce()
	if err != nil {
		return nil, models.WrapError(models.CodeInternal, err, "internal error")
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	job := new(models.Code2Des)
	pi := new(models.PageImport)
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewSelect().Model(job).
			Where("id = ?", id).
			Where("organization_id IN (?)", s.memberOrgs(p.Subject)).
			For("UPDATE").
			Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return models.Errorf(models.CodeNotFound, "code2des %s not found", id)
		}
		if err != nil {
			return fmt.Errorf("select code2des: %w", err)
		}
		switch job.Status {
		case models.Code2DesProcessing:
			return models.Errorf(models.CodeFailedPrecondition, "code2des %s is still processing; only a failed job can be retried", id)
		case models.Code2DesCompleted:
			return models.Errorf(models.CodeFailedPrecondition, "code2des %s has completed; only a failed job can be retried", id)
		}
		err = tx.NewSelect().Model(pi).Where("id = ?", job.PageImportID).For("SHARE").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return models.Errorf(models.CodeFailedPrecondition, "the page import of code2des %s was deleted; import the page again", id)
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
		*job = models.Code2Des{}
		_, err = tx.NewUpdate().Model(job).
			Set("attempt = attempt + 1").
			Set("nonce = ?", nonce).
			Set("status = ?", models.Code2DesProcessing).
			Set("result_url = NULL").
			Set("warning_count = NULL").
			Set("error_message = NULL").
			Set("updated_at = current_timestamp").
			Set("updated_by = ?", p.Subject).
			Where("id = ?", id).
			Where("status = ?", models.Code2DesFailed).
			Returning("*").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("retry code2des: %w", err)
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
