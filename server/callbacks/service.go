package callbacks

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/background"
)

// Result is the answer to an accepted callback.
type Result string

// The two 200 answers of SPEC §6.
const (
	// Applied: this delivery moved the job to its outcome.
	Applied Result = "applied"
	// Duplicate: the job already has this outcome; nothing changed.
	Duplicate Result = "duplicate"
)

// Client-safe messages of the fence and conflict errors. A stale attempt, a wrong nonce and a
// deleted job share one message so a caller cannot tell which fence failed.
const (
	msgFence      = "the callback does not match the job's current attempt"
	msgConflict   = "the job already finished with a different outcome"
	msgNotFound   = "no such job"
	msgNoMessage  = "the worker reported a failure without a message"
	msgPointerOut = "; the failure was recorded without its result_url"
)

// Service applies worker callbacks to the page_import and code2des tables.
type Service struct {
	DB        bun.IDB
	Artifacts *artifacts.Verifier
	Logger    *slog.Logger
	// DBTimeout bounds each database statement (DEPENDENCY_TIMEOUT); 0 means 10 s.
	DBTimeout time.Duration
}

func (s *Service) dbCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	d := s.DBTimeout
	if d <= 0 {
		d = 10 * time.Second
	}
	return context.WithTimeout(ctx, d)
}

// ApplyPageImport applies a decoded page import callback (SPEC §6).
//
// Errors: CodeNotFound (no such job), CodeConflict (fence mismatch, deleted job, or another
// outcome already recorded), CodeFailedPrecondition (the artifact is invalid: the job has been
// failed with the error's message), CodeUnavailable (storage unreachable: nothing changed), and
// anything else for database failures.
func (s *Service) ApplyPageImport(ctx context.Context, cb *PageImportCallback) (Result, error) {
	f := fence{id: cb.PageImportID, attempt: cb.Attempt, nonce: cb.Nonce}
	want := pageImportOutcome{completed: cb.Status == StatusCompleted, resultURL: cb.ResultURL,
		captureHash: cb.CaptureHash, screenshotURL: cb.ScreenshotURL}
	// A completed capture's artifact check (storage reads and a syntax check: milliseconds) runs
	// while the row is read (one round trip); its verdict counts only when the row is processing.
	// A callback the row alone answers (404, 409, duplicate) stops it and answers as before,
	// whatever the storage does.
	var check *background.Task[error]
	if want.completed {
		check = background.Start(ctx, func(ctx context.Context) error {
			return s.Artifacts.VerifyCapture(ctx, artifacts.CaptureClaim{
				PageImportID: f.id, Attempt: f.attempt, Nonce: f.nonce,
				ResultURL: *cb.ResultURL, ScreenshotURL: *cb.ScreenshotURL, CaptureHash: *cb.CaptureHash,
			})
		})
		defer check.Stop()
	}
	row, err := s.readPageImport(ctx, f.id)
	if err != nil {
		return "", err
	}
	if res, err, done := settledPageImport(row, f, want); done {
		return res, err
	}
	apply := want
	var rejected error
	if want.completed {
		msg, refused, err := refusal(check.Wait(), "capture artifact is invalid")
		if err != nil {
			return "", err
		}
		if refused != nil {
			apply, rejected = pageImportOutcome{errorMessage: msg}, refused
		}
	} else {
		want.errorMessage, want.resultURL, rejected = failure(*cb.ErrorMessage, cb.ResultURL, s.Artifacts.PageImportScope(f.id, f.attempt))
		want.errorCode = cb.ErrorCode
		apply = want
	}
	ctx2, cancel := s.dbCtx(ctx)
	defer cancel()
	ok, err := finishPageImport(ctx2, s.DB, f, apply)
	if err != nil {
		return "", err
	}
	if !ok {
		// Lost a race (another delivery, the sweeper, a deletion): answer as the row now says.
		row, err := s.readPageImport(ctx, f.id)
		if err != nil {
			return "", err
		}
		return afterRace(settledPageImport(row, f, want))
	}
	s.log(ctx, "page import callback applied", f.id, apply.completed, rejected)
	return Applied, rejected
}

// refusal sorts the outcome of the artifact check of a completed callback: nil (accepted); an
// invalid artifact, which is recorded as a failure instead (SPEC §6: 422) with msg, the stored
// message, and answered with refused, whose message is exactly what is stored (it may quote
// worker-chosen text); or any other error (storage unreachable: nothing may change), returned as
// err.
func refusal(checked error, fallback string) (msg *string, refused, err error) {
	switch {
	case checked == nil:
		return nil, nil, nil
	case !artifacts.IsInvalid(checked):
		return nil, nil, checked
	}
	m := SafeErrorMessage(artifacts.SafeMessage(checked), fallback)
	return &m, models.WrapError(models.CodeFailedPrecondition, checked, m), nil
}

// failure returns what a failed callback records: its cleaned error message, and its optional
// result_url when that lies in the job's scope. A pointer outside it is dropped and answered with
// rejected (422) while the failure is still recorded.
func failure(errorMessage string, resultURL *string, scope artifacts.Scope) (msg, keptURL *string, rejected error) {
	m := SafeErrorMessage(errorMessage, msgNoMessage)
	if resultURL != nil {
		if _, err := scope.Pointer("result_url", *resultURL); err != nil {
			return &m, nil, models.WrapError(models.CodeFailedPrecondition, err, artifacts.SafeMessage(err)+msgPointerOut)
		}
	}
	return &m, resultURL, nil
}

// afterRace answers a callback whose UPDATE matched nothing, from the row re-read: a row that is
// still processing (so the fence no longer held) conflicts.
func afterRace(res Result, err error, _ bool) (Result, error) {
	if res == "" && err == nil {
		err = models.Errorf(models.CodeConflict, msgFence)
	}
	return res, err
}

func (s *Service) readPageImport(ctx context.Context, id string) (*models.PageImport, error) {
	ctx, cancel := s.dbCtx(ctx)
	defer cancel()
	return loadPageImport(ctx, s.DB, id)
}

// settledPageImport answers a callback from the row alone when it can: no row (404), a fence
// mismatch or deleted row (409), or a finished row (duplicate or 409). done is false when the row
// is processing and the callback may change it.
func settledPageImport(row *models.PageImport, f fence, want pageImportOutcome) (Result, error, bool) {
	if row == nil {
		return "", models.Errorf(models.CodeNotFound, msgNotFound), true
	}
	// Evaluate every fence before deciding, so the time taken does not tell which one failed.
	nonceOK := artifacts.NonceEqual(row.Nonce, f.nonce)
	if !nonceOK || row.Attempt != f.attempt || row.DeletedAt != nil {
		return "", models.Errorf(models.CodeConflict, msgFence), true
	}
	switch row.Status {
	case models.PageImportProcessing:
		return "", nil, false
	case models.PageImportCompleted:
		if want.completed && eqPtr(row.ResultURL, want.resultURL) && eqPtr(row.CaptureHash, want.captureHash) &&
			eqPtr(row.ScreenshotURL, want.screenshotURL) {
			return Duplicate, nil, true
		}
	case models.PageImportFailed:
		if !want.completed {
			return Duplicate, nil, true
		}
	}
	return "", models.Errorf(models.CodeConflict, msgConflict), true
}

// ApplyCode2Des applies a decoded code2des callback (SPEC §6). Errors as ApplyPageImport.
func (s *Service) ApplyCode2Des(ctx context.Context, cb *Code2DesCallback) (Result, error) {
	f := fence{id: cb.Code2DesID, attempt: cb.Attempt, nonce: cb.Nonce}
	want := code2desOutcome{completed: cb.Status == StatusCompleted, resultURL: cb.ResultURL, warningCount: cb.WarningCount}
	row, err := s.readCode2Des(ctx, f.id)
	if err != nil {
		return "", err
	}
	if res, err, done := settledCode2Des(row, f, want); done {
		return res, err
	}
	apply := want
	var rejected error
	if want.completed {
		result, checked := s.verifyResult(ctx, row, f, *cb.ResultURL, *cb.WarningCount)
		msg, refused, err := refusal(checked, "result artifact is invalid")
		if err != nil {
			return "", err
		}
		if refused != nil {
			apply, rejected = code2desOutcome{errorMessage: msg}, refused
		} else {
			apply.fidelity = fidelityRow(f, result.Fidelity)
		}
	} else {
		want.errorMessage, want.resultURL, rejected = failure(*cb.ErrorMessage, cb.ResultURL, s.Artifacts.Code2DesScope(f.id, f.attempt))
		apply = want
	}
	ctx2, cancel := s.dbCtx(ctx)
	defer cancel()
	ok, err := finishCode2Des(ctx2, s.DB, f, apply)
	if err != nil {
		return "", err
	}
	if !ok {
		row, err := s.readCode2Des(ctx, f.id)
		if err != nil {
			return "", err
		}
		return afterRace(settledCode2Des(row, f, want))
	}
	s.log(ctx, "code2des callback applied", f.id, apply.completed, rejected)
	return Applied, rejected
}

// verifyResult reads the job's capture identity from its page_import row and checks the result
// artifact against it; it returns the accepted result.
func (s *Service) verifyResult(ctx context.Context, row *models.Code2Des, f fence, resultURL string, warnings int) (*artifacts.Result, error) {
	pi, err := s.readPageImport(ctx, row.PageImportID)
	if err != nil {
		return nil, err
	}
	if pi == nil || pi.Status != models.PageImportCompleted || pi.CaptureHash == nil {
		return nil, models.Errorf(models.CodeFailedPrecondition, "the job's page import has no completed capture")
	}
	return s.Artifacts.VerifyResult(ctx, artifacts.ResultClaim{
		Code2DesID: f.id, Attempt: f.attempt, Nonce: f.nonce,
		PageImportID: pi.ID, PageImportAttempt: pi.Attempt, CaptureHash: *pi.CaptureHash,
		ResultURL: resultURL, WarningCount: warnings,
	})
}

// fidelityRow is the code2des_fidelity row of an accepted result's fidelity member (nil without
// one).
func fidelityRow(f fence, fid *artifacts.ResultFidelity) *models.Code2DesFidelityScore {
	if fid == nil {
		return nil
	}
	return &models.Code2DesFidelityScore{Code2DesID: f.id, Attempt: f.attempt, Version: fid.Version, Ssim: fid.SSIM,
		DiffRatio: fid.DiffRatio, TextCoverage: fid.TextCoverage, ImageCoverage: fid.ImageCoverage}
}

func (s *Service) readCode2Des(ctx context.Context, id string) (*models.Code2Des, error) {
	ctx, cancel := s.dbCtx(ctx)
	defer cancel()
	return loadCode2Des(ctx, s.DB, id)
}

// settledCode2Des is settledPageImport for code2des rows.
func settledCode2Des(row *models.Code2Des, f fence, want code2desOutcome) (Result, error, bool) {
	if row == nil {
		return "", models.Errorf(models.CodeNotFound, msgNotFound), true
	}
	nonceOK := artifacts.NonceEqual(row.Nonce, f.nonce)
	if !nonceOK || row.Attempt != f.attempt || row.DeletedAt != nil {
		return "", models.Errorf(models.CodeConflict, msgFence), true
	}
	switch row.Status {
	case models.Code2DesProcessing:
		return "", nil, false
	case models.Code2DesCompleted:
		if want.completed && eqPtr(row.ResultURL, want.resultURL) && eqPtr(row.WarningCount, want.warningCount) {
			return Duplicate, nil, true
		}
	case models.Code2DesFailed:
		if !want.completed {
			return Duplicate, nil, true
		}
	}
	return "", models.Errorf(models.CodeConflict, msgConflict), true
}

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// log records an applied transition. The nonce is never logged.
func (s *Service) log(ctx context.Context, msg, id string, completed bool, rejected error) {
	if s.Logger == nil {
		return
	}
	attrs := []any{"job_id", id, "status", map[bool]string{true: StatusCompleted, false: StatusFailed}[completed]}
	if rejected != nil {
		attrs = append(attrs, "rejected", rejected.Error())
	}
	s.Logger.InfoContext(ctx, msg, attrs...)
}
