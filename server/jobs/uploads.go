package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/mhtml"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sourceurl"
)

// Snapshot imports: a Page Import whose source is an MHTML snapshot the client uploads
// (source_kind mhtml_snapshot). createPageImportUpload inserts the processing row and its
// page_import_upload row and presigns the PUT; completePageImportUpload checks the object and
// publishes a version 2 capture message whose `snapshot` member points at it. The worker renders
// the archive with no network. An upload never completed is failed by the sweeper.

// SnapshotMessageVersion is the `version` of a capture message that carries a `snapshot` member.
// A worker that understands only version 1 leaves it alone instead of fetching source_url (which
// for a snapshot is recorded, never fetched).
const SnapshotMessageVersion = 2

// SnapshotFormatMHTML is the only `snapshot.format` so far.
const SnapshotFormatMHTML = "mhtml"

// SnapshotMessage is the `snapshot` member of a version 2 capture message.
type SnapshotMessage struct {
	// Format is SnapshotFormatMHTML.
	Format string `json:"format"`
	// URL is s3://<bucket>/<the job's artifact prefix>source.mhtml.
	URL string `json:"url"`
	// ByteSize is the file's size in bytes (at most models.MaxSnapshotBytes).
	ByteSize int64 `json:"byte_size"`
	// Sha256 is the lowercase hex SHA-256 of the file; the worker checks it before parsing.
	Sha256 string `json:"sha256"`
}

// Safe error_message values of snapshot imports that fail before any worker sees them.
const (
	snapshotSizeMismatch  = "the uploaded snapshot is %d bytes, not the declared %d"
	snapshotHashMismatch  = "the uploaded snapshot does not match its declared SHA-256"
	snapshotUploadFailure = "the snapshot upload could not be prepared; please retry"
)

// completeTimeout bounds reading and hashing an uploaded snapshot (up to models.MaxSnapshotBytes).
const completeTimeout = 2 * time.Minute

// CreatePageImportUpload validates in, inserts a processing Page Import (source_kind
// mhtml_snapshot, source_url empty until completion) with its upload row, and returns the Page
// Import with a PUT URL presigned for page-imports/<id>/attempt-1/source.mhtml, valid for
// models.SnapshotUploadExpiry and bound to the declared size and SHA-256.
// Errors: CodeUnauthenticated; CodeBadUserInput with the field; CodeNotFound (project);
// CodeUnavailable (rate limit, database or storage down).
func (s *Service) CreatePageImportUpload(ctx context.Context, in models.PageImportUploadRequest) (*models.PageImportUploadTicket, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if s.cfg.Uploads == nil || s.cfg.Blob == nil {
		return nil, models.Errorf(models.CodeUnavailable, "snapshot uploads are not configured")
	}
	in, sum, err := validateUpload(in)
	if err != nil {
		return nil, err
	}
	dbCtx, cancel := s.bounded(ctx)
	defer cancel()
	orgID, err := s.projectOrganization(dbCtx, p.Subject, in.ProjectID)
	if err != nil {
		return nil, err
	}
	if err := allow(ctx, s.cfg.CreateLimiter, p.Subject, "Page Imports"); err != nil {
		return nil, err
	}
	id, nonce, err := s.newIDAndNonce()
	if err != nil {
		return nil, err
	}
	pi := &models.PageImport{
		ID: id, OrganizationID: orgID, ProjectID: in.ProjectID,
		SourceKind: models.SourceKindMHTMLSnapshot, SourceURL: "",
		ViewportWidth: in.ViewportWidth, ViewportHeight: in.ViewportHeight, DeviceScaleFactor: in.DeviceScaleFactor,
		Status: models.PageImportProcessing, Attempt: 1, Nonce: nonce, CreatedBy: p.Subject, UpdatedBy: p.Subject,
	}
	key := models.PageImportArtifactPrefix(s.cfg.ArtifactKeyPrefix, id, pi.Attempt) + models.SnapshotObjectName
	// Presigning is a local computation; doing it first means no row exists without its URL.
	put, err := s.cfg.Uploads.PresignPut(ctx, key, in.ByteSize, sum, models.SnapshotContentType, models.SnapshotUploadExpiry)
	if err != nil {
		return nil, models.WrapError(models.CodeUnavailable, err, snapshotUploadFailure)
	}
	up := &models.PageImportUpload{
		PageImportID: id, FileName: in.FileName, ByteSize: in.ByteSize, Sha256: in.Sha256,
		ObjectKey: key, ExpiresAt: put.ExpiresAt,
	}
	err = s.cfg.DB.RunInTx(dbCtx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(pi).Returning("*").Exec(ctx); err != nil {
			return fmt.Errorf("insert page_import: %w", err)
		}
		if _, err := tx.NewInsert().Model(up).Returning("*").Exec(ctx); err != nil {
			return fmt.Errorf("insert page_import_upload: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, DatabaseError(dbCtx, err)
	}
	return &models.PageImportUploadTicket{PageImport: tidy(pi), Upload: put}, nil
}

// validateUpload checks a createPageImportUpload request and returns it normalized (file name
// trimmed, SHA-256 lowercased) with the SHA-256 as raw bytes.
// Errors: CodeBadUserInput naming the first offending field.
func validateUpload(in models.PageImportUploadRequest) (models.PageImportUploadRequest, []byte, error) {
	if in.ProjectID <= 0 {
		return in, nil, models.InputError("input.projectId", "must be a positive integer id")
	}
	if err := validateRendering(in.ViewportWidth, in.ViewportHeight, in.DeviceScaleFactor); err != nil {
		return in, nil, err
	}
	in.FileName = strings.TrimSpace(in.FileName)
	switch {
	case in.FileName == "":
		return in, nil, models.InputError("input.fileName", "must not be empty")
	case !utf8.ValidString(in.FileName) || strings.ContainsFunc(in.FileName, unicode.IsControl):
		return in, nil, models.InputError("input.fileName", "must not contain control characters")
	case utf8.RuneCountInString(in.FileName) > models.MaxSnapshotFileNameLength:
		return in, nil, models.InputError("input.fileName", "must be at most %d characters", models.MaxSnapshotFileNameLength)
	}
	if in.ByteSize < 1 || in.ByteSize > models.MaxSnapshotBytes {
		return in, nil, models.InputError("input.byteSize", "must be between 1 and %d bytes (%d MiB)", models.MaxSnapshotBytes, models.MaxSnapshotBytes>>20)
	}
	in.Sha256 = strings.ToLower(in.Sha256)
	sum, err := hex.DecodeString(in.Sha256)
	if err != nil || len(sum) != sha256.Size {
		return in, nil, models.InputError("input.sha256", "must be the file's SHA-256 as 64 hex digits")
	}
	return in, sum, nil
}

// CompletePageImportUpload checks the uploaded snapshot of a processing snapshot import (the
// object exists, has the declared size and SHA-256, at most models.MaxSnapshotBytes, and looks like
// MHTML), stores its Snapshot-Content-Location, normalized but never fetched, as source_url, and
// publishes the version 2 capture message. A completed upload is returned as it is (a retried call
// publishes nothing twice).
// Errors: CodeUnauthenticated; CodeBadUserInput (malformed id; wrong size, wrong hash or not
// MHTML: the Page Import is then failed with a safe message); CodeNotFound; CodeFailedPrecondition
// (not a snapshot import, no longer processing, or nothing uploaded yet); CodeUnavailable (storage,
// database or queue down; a queue failure fails the Page Import, SPEC §5).
func (s *Service) CompletePageImportUpload(ctx context.Context, id string) (*models.PageImport, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := models.ParseID("id", id); err != nil {
		return nil, err
	}
	if s.cfg.Blob == nil {
		return nil, models.Errorf(models.CodeUnavailable, "snapshot uploads are not configured")
	}
	pi, up, err := s.uploadOf(ctx, p.Subject, id)
	if err != nil {
		return nil, err
	}
	if up.CompletedAt != nil {
		return tidy(pi), nil
	}
	if pi.Status != models.PageImportProcessing {
		return nil, models.Errorf(models.CodeFailedPrecondition, "page import %s is no longer waiting for its upload", id)
	}
	sctx, cancel := context.WithTimeout(ctx, completeTimeout)
	defer cancel()
	location, refusal, err := s.checkUpload(sctx, up)
	if err != nil {
		return nil, err
	}
	if refusal != "" {
		failCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), failTimeout)
		defer cancel()
		if ferr := s.failPageImport(failCtx, pi, refusal); ferr != nil {
			return nil, DatabaseError(failCtx, fmt.Errorf("fail page_import: %w", ferr))
		}
		return nil, models.InputError("id", "%s", refusal)
	}
	done, err := s.markUploaded(ctx, pi, up, location)
	if err != nil || !done {
		return tidy(pi), err
	}
	m := s.captureMessageBody(pi)
	m.Version = SnapshotMessageVersion
	m.Snapshot = s.snapshotMessage(up)
	if err := s.publishCapture(ctx, pi, m); err != nil {
		return nil, err
	}
	return tidy(pi), nil
}

// uploadOf reads a visible Page Import and its upload row.
// Errors: CodeNotFound, CodeFailedPrecondition (not a snapshot import), CodeUnavailable.
func (s *Service) uploadOf(ctx context.Context, subject, id string) (*models.PageImport, *models.PageImportUpload, error) {
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	pi := new(models.PageImport)
	err := s.cfg.DB.NewSelect().Model(pi).Where("id = ?", id).Where("organization_id IN (?)", s.memberOrgs(subject)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, models.Errorf(models.CodeNotFound, "page import %s not found", id)
	}
	if err != nil {
		return nil, nil, DatabaseError(ctx, fmt.Errorf("select page_import: %w", err))
	}
	up := new(models.PageImportUpload)
	err = s.cfg.DB.NewSelect().Model(up).Where("page_import_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || pi.SourceKind != models.SourceKindMHTMLSnapshot {
		return nil, nil, models.Errorf(models.CodeFailedPrecondition, "page import %s is not a snapshot upload", id)
	}
	if err != nil {
		return nil, nil, DatabaseError(ctx, fmt.Errorf("select page_import_upload: %w", err))
	}
	return pi, up, nil
}

// checkUpload reads the uploaded object and returns its normalized Snapshot-Content-Location, or
// a refusal (a safe error_message) when the file is not what was declared or not MHTML.
// Errors: CodeFailedPrecondition (nothing uploaded yet: the row is left as it is), CodeUnavailable.
func (s *Service) checkUpload(ctx context.Context, up *models.PageImportUpload) (location, refusal string, err error) {
	size, err := s.cfg.Blob.Size(ctx, up.ObjectKey)
	if models.ErrorCodeOf(err) == models.CodeNotFound {
		return "", "", models.Errorf(models.CodeFailedPrecondition, "nothing has been uploaded yet; PUT the file to the upload URL first")
	}
	if err != nil {
		return "", "", err
	}
	if size != up.ByteSize {
		return "", fmt.Sprintf(snapshotSizeMismatch, size, up.ByteSize), nil
	}
	body, err := s.cfg.Blob.Get(ctx, up.ObjectKey, min(up.ByteSize, models.MaxSnapshotBytes))
	if errors.Is(err, models.ErrTooLarge) {
		return "", fmt.Sprintf(snapshotSizeMismatch, up.ByteSize+1, up.ByteSize), nil
	}
	if err != nil {
		return "", "", err
	}
	sum := sha256.Sum256(body)
	if hex.EncodeToString(sum[:]) != up.Sha256 {
		return "", snapshotHashMismatch, nil
	}
	h, err := mhtml.Sniff(body[:min(len(body), mhtml.SniffBytes)])
	if err != nil {
		var me *mhtml.Error
		if errors.As(err, &me) {
			return "", me.Message, nil
		}
		return "", "", err
	}
	if !bytes.Contains(body, []byte("--"+h.Boundary+"--")) {
		return "", "the file is not a complete MHTML snapshot (no closing boundary)", nil
	}
	if h.Location == "" {
		return "", "the snapshot has no Snapshot-Content-Location header", nil
	}
	loc, err := sourceurl.Normalize(h.Location, sourceurl.Options{AnyHost: true})
	if err != nil {
		return "", "the snapshot's Snapshot-Content-Location " + sourceurl.Reason(err), nil
	}
	return loc, "", nil
}

// markUploaded records the completed upload and the source URL in one transaction. done is false
// when another call completed it first (pi then holds the current row).
func (s *Service) markUploaded(ctx context.Context, pi *models.PageImport, up *models.PageImportUpload, location string) (done bool, err error) {
	ctx, cancel := s.bounded(ctx)
	defer cancel()
	err = s.cfg.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model(up).Set("completed_at = current_timestamp").
			Where("page_import_id = ?", up.PageImportID).Where("completed_at IS NULL").Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		done = true
		// updated_at restarts the capture deadline: the job is queued now (sweeper).
		_, err = tx.NewUpdate().Model(pi).Set("source_url = ?", location).Set("updated_at = current_timestamp").
			Where("id = ?", pi.ID).Where("status = ?", models.PageImportProcessing).Returning("*").Exec(ctx)
		return err
	})
	if err != nil {
		return false, DatabaseError(ctx, fmt.Errorf("complete upload: %w", err))
	}
	if !done {
		if err := s.cfg.DB.NewSelect().Model(pi).Where("id = ?", pi.ID).Scan(ctx); err != nil {
			return false, DatabaseError(ctx, fmt.Errorf("select page_import: %w", err))
		}
	}
	return done, nil
}

// snapshotMessage is the `snapshot` member pointing at up's uploaded file.
func (s *Service) snapshotMessage(up *models.PageImportUpload) *SnapshotMessage {
	return &SnapshotMessage{Format: SnapshotFormatMHTML, URL: models.S3URI(s.cfg.Bucket, up.ObjectKey), ByteSize: up.ByteSize, Sha256: up.Sha256}
}
