package sweeper

import (
	"context"
	"fmt"
	"time"

	"github.com/code2des/backend/models"
)

// DefaultUploadDeadline is how long a snapshot import may wait for
// completePageImportUpload before the sweeper fails it (UPLOAD_DEADLINE): the presigned URL's
// expiry (models.SnapshotUploadExpiry, 10 minutes) plus time for an upload started just before
// it to finish.
const DefaultUploadDeadline = 15 * time.Minute

// uploadTimeoutMessage is the error_message of a snapshot import whose upload was never
// completed (%s is the deadline).
const uploadTimeoutMessage = "the snapshot upload was not completed within %s"

// sweepUploads fails processing snapshot imports whose upload row is still incomplete past the
// upload deadline, in batches like sweepTable. It runs before the capture sweep so such a job gets
// the message that says what happened.
func (s *Sweeper) sweepUploads(ctx context.Context) (int, error) {
	age := deadline(s.UploadDeadline, DefaultUploadDeadline)
	msg := fmt.Sprintf(uploadTimeoutMessage, age)
	total := 0
	for {
		n, err := s.sweepUploadBatch(ctx, age, msg)
		total += n
		if err != nil || n < BatchSize {
			return total, err
		}
	}
}

func (s *Sweeper) sweepUploadBatch(ctx context.Context, age time.Duration, msg string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	var ids []string
	err := s.DB.NewRaw(`
		UPDATE page_import AS t
		SET status = ?, error_message = ?, updated_at = current_timestamp, updated_by = ?
		WHERE t.id IN (
			SELECT p.id FROM page_import AS p
			JOIN page_import_upload AS u ON u.page_import_id = p.id
			WHERE u.completed_at IS NULL AND u.created_at < current_timestamp - ?::interval
			AND p.status = ? AND p.deleted_at IS NULL
			ORDER BY u.created_at
			LIMIT ?
			FOR UPDATE OF p SKIP LOCKED)
		AND t.status = ? AND t.deleted_at IS NULL
		RETURNING t.id`,
		string(models.PageImportFailed), msg, Actor,
		interval(age), string(models.PageImportProcessing), BatchSize,
		string(models.PageImportProcessing),
	).Scan(ctx, &ids)
	if err != nil {
		return 0, fmt.Errorf("sweep page_import_upload: %w", err)
	}
	return len(ids), nil
}
