package jobs

import (
	"context"
	"time"

	"github.com/code2des/backend/models"
)

// QueueFailureMessage is the safe error_message of a job whose queue message could not be
// published (SPEC §5).
const QueueFailureMessage = "the job could not be queued; please retry"

// failTimeout bounds the UPDATE that fails a job after a publish error. It runs on a context
// detached from the caller's, so a client that hangs up cannot leave the job processing.
const failTimeout = 5 * time.Second

// publishOrFail publishes msg to q. When publishing fails, fail moves the job (already inserted)
// to failed, and the caller gets CodeUnavailable: no job stays processing with no message behind
// it (SPEC §5).
// Errors: CodeUnavailable.
func (s *Service) publishOrFail(ctx context.Context, q models.Queue, msg models.QueueMessage, fail func(context.Context) error) error {
	sendCtx, cancel := s.bounded(ctx)
	err := q.Send(sendCtx, msg)
	cancel()
	if err == nil {
		return nil
	}
	failCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), failTimeout)
	defer cancel()
	if ferr := fail(failCtx); ferr != nil {
		// The sweeper fails it later (SPEC §6); log both causes (never the message, which holds
		// the nonce).
		s.cfg.Logger.ErrorContext(ctx, "job stays processing: publish and fail both failed",
			"job_id", msg.JobID, "type", msg.Type, "publish_err", err.Error(), "fail_err", ferr.Error())
	} else {
		s.cfg.Logger.WarnContext(ctx, "job failed: queue message not published",
			"job_id", msg.JobID, "type", msg.Type, "err", err.Error())
	}
	return models.WrapError(models.CodeUnavailable, err, "the job queue is unavailable; please retry")
}
