package callbacks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// Actors recorded in updated_by for transitions made by worker callbacks (the seeds'
// "backend actor", varchar(50)).
const (
	CaptureWorkerActor    = "worker:capture"
	ConversionWorkerActor = "worker:conversion"
)

// fence is the part of a callback every conditional UPDATE repeats (SPEC §6): the row must still
// have this id, attempt and nonce, be processing and not be deleted.
type fence struct {
	id      string
	attempt int
	nonce   string
}

// where adds the fence to q; p collects the statement's parameters (nil: values in the text).
func (f fence) where(q *bun.UpdateQuery, p *database.Params) *bun.UpdateQuery {
	return q.Where("id = ?", p.Arg(f.id)).
		Where("attempt = ?", p.Arg(f.attempt)).
		Where("nonce = ?", p.Arg(f.nonce)).
		Where("status = ?", models.PageImportProcessing). // '0' in both enums
		Where("deleted_at IS NULL")
}

// pageImportOutcome is the terminal state a page import callback asks for.
type pageImportOutcome struct {
	completed     bool
	resultURL     *string
	captureHash   *string
	screenshotURL *string
	errorMessage  *string
	// errorCode is a failed callback's error_code (page_import_failure), nil without one.
	errorCode *string
}

// code2desOutcome is the terminal state a code2des callback asks for.
type code2desOutcome struct {
	completed    bool
	resultURL    *string
	warningCount *int
	errorMessage *string
	// fidelity is the accepted result's fidelity scores (code2des_fidelity), nil when the result
	// has no fidelity member.
	fidelity *models.Code2DesFidelityScore
}

// loadPageImport reads the row with id, deleted or not, so a deleted job can answer 409 rather
// than 404. Returns (nil, nil) when there is no such row.
func loadPageImport(ctx context.Context, db bun.IDB, id string) (*models.PageImport, error) {
	var row models.PageImport
	p := database.NewParams(db)
	err := database.Bind(db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", p.Arg(id)), p).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("select page_import %s: %w", id, err)
	}
	return &row, nil
}

// loadCode2Des reads the row with id, deleted or not; (nil, nil) when there is none.
func loadCode2Des(ctx context.Context, db bun.IDB, id string) (*models.Code2Des, error) {
	var row models.Code2Des
	p := database.NewParams(db)
	err := database.Bind(db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", p.Arg(id)), p).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("select code2des %s: %w", id, err)
	}
	return &row, nil
}

// finishPageImport moves a processing page import to its outcome in one conditional UPDATE and
// reports whether the row matched (false: another delivery, the sweeper or a deletion got there
// first, or the fence no longer holds). A failure with a code records it in page_import_failure
// in the same transaction (the row of an earlier attempt is replaced).
func finishPageImport(ctx context.Context, db bun.IDB, f fence, o pageImportOutcome) (bool, error) {
	if o.errorCode == nil {
		return updatePageImport(ctx, db, f, o)
	}
	var ok bool
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if ok, err = updatePageImport(ctx, tx, f, o); err != nil || !ok {
			return err
		}
		row := &models.PageImportFailure{PageImportID: f.id, Attempt: f.attempt, ErrorCode: *o.errorCode}
		if _, err := tx.NewInsert().Model(row).
			On("CONFLICT (page_import_id) DO UPDATE").
			Set("attempt = EXCLUDED.attempt, error_code = EXCLUDED.error_code, created_at = EXCLUDED.created_at").
			Exec(ctx); err != nil {
			return fmt.Errorf("insert page_import_failure: %w", err)
		}
		return nil
	})
	return ok, err
}

// updatePageImport is finishPageImport's conditional UPDATE.
func updatePageImport(ctx context.Context, db bun.IDB, f fence, o pageImportOutcome) (bool, error) {
	status := models.PageImportFailed
	if o.completed {
		status = models.PageImportCompleted
	}
	p := database.NewParams(db)
	q := db.NewUpdate().Model((*models.PageImport)(nil)).
		Set("status = ?", status).
		Set("result_url = ?", p.Arg(o.resultURL)).
		Set("capture_hash = ?", p.Arg(o.captureHash)).
		Set("screenshot_url = ?", p.Arg(o.screenshotURL)).
		Set("error_message = ?", p.Arg(o.errorMessage)).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", CaptureWorkerActor)
	return returned(ctx, database.Bind(f.where(q, p), p))
}

// finishCode2Des moves a processing code2des job to its outcome in one conditional UPDATE and,
// when it applied and the result has fidelity scores, records them in code2des_fidelity in the
// same transaction (the dashboard's fidelityScore reads them without the artifacts).
func finishCode2Des(ctx context.Context, db bun.IDB, f fence, o code2desOutcome) (bool, error) {
	if o.fidelity == nil {
		return updateCode2Des(ctx, db, f, o)
	}
	var ok bool
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if ok, err = updateCode2Des(ctx, tx, f, o); err != nil || !ok {
			return err
		}
		if _, err := tx.NewInsert().Model(o.fidelity).On("CONFLICT (code2des_id) DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("insert code2des_fidelity: %w", err)
		}
		return nil
	})
	return ok, err
}

// updateCode2Des is finishCode2Des's conditional UPDATE.
func updateCode2Des(ctx context.Context, db bun.IDB, f fence, o code2desOutcome) (bool, error) {
	status := models.Code2DesFailed
	if o.completed {
		status = models.Code2DesCompleted
	}
	p := database.NewParams(db)
	q := db.NewUpdate().Model((*models.Code2Des)(nil)).
		Set("status = ?", status).
		Set("result_url = ?", p.Arg(o.resultURL)).
		Set("warning_count = ?", p.Arg(o.warningCount)).
		Set("error_message = ?", p.Arg(o.errorMessage)).
		Set("updated_at = current_timestamp").
		Set("updated_by = ?", ConversionWorkerActor)
	return returned(ctx, database.Bind(f.where(q, p), p))
}

// returned runs q with RETURNING id and reports whether a row came back: an UPDATE that matches
// nothing is not an error in bun, so the returned id is what tells "applied" from "lost the race".
func returned(ctx context.Context, q *bun.UpdateQuery) (bool, error) {
	var id string
	err := q.Returning("id").Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("conditional update: %w", err)
	}
	return true, nil
}
