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
	// snapshot is the accepted upload of a snapshot import: a retry captures the same
	// file again, never the live page at its source_url.
	var snapshot *SnapshotMessage
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := s.lockFailed(ctx, tx, pageImportRetry, pi, func() string { return string(pi.Status) }, p.Subject, id)
		if err != nil {
			return err
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
		return newAttempt(ctx, tx, pageImportRetry, pi, nonce, p.Subject, id)
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
		err := s.lockFailed(ctx, tx, code2desRetry, job, func() string { return string(job.Status) }, p.Subject, id)
		if err != nil {
			return err
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
		return newAttempt(ctx, tx, code2desRetry, job, nonce, p.Subject, id)
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

// retryKind is what the two retries differ in: the job table, how messages name a job, and the
// result columns a new attempt clears.
type retryKind struct {
	table      string   // page_import, code2des
	what, noun string   // "page import", "import"; "code2des", "job"
	clear      []string // columns set to NULL for the new attempt
}

var (
	pageImportRetry = retryKind{table: "page_import", what: "page import", noun: "import",
		clear: []string{"result_url", "capture_hash", "screenshot_url", "error_message"}}
	code2desRetry = retryKind{table: "code2des", what: "code2des", noun: "job",
		clear: []string{"result_url", "warning_count", "error_message"}}
)

// The status codes both seeds' Type Codes tables share (models.PageImportProcessing and
// models.Code2DesProcessing are both "0", and so on).
const (
	statusProcessing = string(models.PageImportProcessing)
	statusCompleted  = string(models.PageImportCompleted)
	statusFailed     = string(models.PageImportFailed)
)

// lockFailed selects the visible job id into model (*models.PageImport or *models.Code2Des) FOR
// UPDATE in tx, so concurrent retries queue behind each other, and refuses it unless status()
// (the scanned row's status) is failed.
// Errors: CodeNotFound, CodeFailedPrecondition (processing or completed), database errors wrapped.
func (s *Service) lockFailed(ctx context.Context, tx bun.Tx, k retryKind, model any, status func() string, subject, id string) error {
	err := tx.NewSelect().Model(model).
		Where("id = ?", id).
		Where("organization_id IN (?)", s.memberOrgs(subject)).
		For("UPDATE").
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return models.Errorf(models.CodeNotFound, "%s %s not found", k.what, id)
	}
	if err != nil {
		return fmt.Errorf("select %s: %w", k.table, err)
	}
	switch status() {
	case statusProcessing:
		return models.Errorf(models.CodeFailedPrecondition, "%s %s is still processing; only a failed %s can be retried", k.what, id, k.noun)
	case statusCompleted:
		return models.Errorf(models.CodeFailedPrecondition, "%s %s has completed; only a failed %s can be retried", k.what, id, k.noun)
	}
	return nil
}

// newAttempt moves the failed job id to attempt + 1 with nonce, status processing and k's result
// columns cleared, updated by subject (updated_at restarts the sweeper's deadline), and scans
// the updated row into model.
func newAttempt(ctx context.Context, tx bun.Tx, k retryKind, model any, nonce, subject, id string) error {
	q := tx.NewUpdate().Model(model).
		Set("attempt = attempt + 1").
		Set("nonce = ?", nonce).
		Set("status = ?", statusProcessing)
	for _, c := range k.clear {
		q = q.Set("? = NULL", bun.Ident(c))
	}
	_, err := q.Set("updated_at = current_timestamp").
		Set("updated_by = ?", subject).
		Where("id = ?", id).
		Where("status = ?", statusFailed).
		Returning("*").
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("retry %s: %w", k.table, err)
	}
	return nil
}
