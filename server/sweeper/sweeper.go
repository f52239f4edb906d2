// Package sweeper fails jobs that stayed processing past their deadline (SPEC §6: "Jobs left
// processing past a configurable deadline are failed by a sweeper with a safe message"), so a
// worker that crashed or lost its message does not leave a job processing forever.
//
// It is safe to run on every API instance at once: Run sweeps only when it claims the task for
// this interval (server/periodic: one sweep per interval across all instances), and each sweep is
// a conditional UPDATE per table that only touches rows still processing, picked with FOR UPDATE
// SKIP LOCKED, so two sweeps (or a sweep and a callback) never fail the same row twice or wait on
// each other.
package sweeper

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/periodic"
)

// Defaults of the configuration (CAPTURE_DEADLINE, CONVERSION_DEADLINE, SWEEP_INTERVAL).
const (
	// DefaultCaptureDeadline is how long a Page Import may stay processing.
	DefaultCaptureDeadline = 15 * time.Minute
	// DefaultConversionDeadline is how long a Code2Des job may stay processing.
	DefaultConversionDeadline = 15 * time.Minute
	// DefaultInterval is the pause between sweeps (plus up to 10% random jitter, so instances
	// started together spread out).
	DefaultInterval = time.Minute
	// BatchSize bounds the rows one statement fails; a sweep repeats until a batch comes back
	// short, so a backlog is cleared in bounded transactions.
	BatchSize = 500
)

// Actor is recorded in updated_by for rows the sweeper fails (the seeds' "backend actor").
const Actor = "system:sweeper"

// Messages stored as error_message (safe to show; %s is the deadline).
const (
	captureTimeoutMessage    = "the capture did not finish within %s"
	conversionTimeoutMessage = "the conversion did not finish within %s"
)

// Sweeper fails overdue processing jobs. A job's age is measured from its updated_at, which for a
// processing row is the time it was created (or, once retries exist, last re-queued).
type Sweeper struct {
	DB                 bun.IDB
	CaptureDeadline    time.Duration
	ConversionDeadline time.Duration
	Interval           time.Duration
	// UploadDeadline is how long a snapshot upload may stay incomplete (uploads.go); 0 means
	// DefaultUploadDeadline.
	UploadDeadline time.Duration
	Logger         *slog.Logger
	// Timeout bounds each statement; 0 means 30 s.
	Timeout time.Duration
	// Instance names this process in periodic_task.last_run_by; empty means
	// periodic.InstanceName().
	Instance string
}

// TaskName is the sweeper's row in periodic_task.
const TaskName = "sweeper"

// Counts says how many jobs one sweep failed.
type Counts struct {
	PageImports int
	Code2Des    int
}

// Run tries to sweep at once and then every Interval (with jitter) until ctx is done; a try
// sweeps only when it claims the task (periodic.Claim: no instance swept within the last
// Interval), so N instances sweep once per Interval between them. Errors are logged and do not
// stop the loop.
func (s *Sweeper) Run(ctx context.Context) {
	interval := s.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	instance := s.Instance
	if instance == "" {
		instance = periodic.InstanceName()
	}
	for {
		if claimed, err := s.claim(ctx, instance, interval); err != nil {
			if ctx.Err() != nil {
				return
			}
			s.logger().ErrorContext(ctx, "sweep not claimed", "err", err.Error())
		} else if !claimed {
			s.logger().DebugContext(ctx, "sweep skipped: another instance swept within the interval")
		} else if n, err := s.Sweep(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			s.logger().ErrorContext(ctx, "sweep failed", "err", err.Error())
		} else if n.PageImports+n.Code2Des > 0 {
			s.logger().InfoContext(ctx, "swept overdue jobs", "page_imports", n.PageImports, "code2des", n.Code2Des)
		}
		jitter := time.Duration(rand.Int64N(int64(interval)/10 + 1))
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval + jitter):
		}
	}
}

func (s *Sweeper) claim(ctx context.Context, instance string, interval time.Duration) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	return periodic.Claim(ctx, s.DB, TaskName, instance, interval)
}

func (s *Sweeper) timeout() time.Duration {
	if s.Timeout <= 0 {
		return 30 * time.Second
	}
	return s.Timeout
}

func (s *Sweeper) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}

// Sweep fails every snapshot import whose upload stayed incomplete past UploadDeadline, every Page Import processing for longer than CaptureDeadline and every Code2Des job
// processing for longer than ConversionDeadline, and returns how many it failed.
func (s *Sweeper) Sweep(ctx context.Context) (Counts, error) {
	var c Counts
	var err error
	if c.PageImports, err = s.sweepUploads(ctx); err != nil {
		return c, err
	}
	var n int
	capture := deadline(s.CaptureDeadline, DefaultCaptureDeadline)
	n, err = s.sweepTable(ctx, "page_import", capture, fmt.Sprintf(captureTimeoutMessage, capture))
	c.PageImports += n
	if err != nil {
		return c, err
	}
	conversion := deadline(s.ConversionDeadline, DefaultConversionDeadline)
	c.Code2Des, err = s.sweepTable(ctx, "code2des", conversion, fmt.Sprintf(conversionTimeoutMessage, conversion))
	return c, err
}

func deadline(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// sweepTable fails overdue processing rows of table in batches. Each batch is one statement: the
// inner SELECT skips rows another transaction holds (a callback's UPDATE or another sweeper), and
// the outer WHERE repeats the status test so a row finished meanwhile is left alone.
func (s *Sweeper) sweepTable(ctx context.Context, table string, age time.Duration, msg string) (int, error) {
	total := 0
	for {
		n, err := s.sweepBatch(ctx, table, age, msg)
		total += n
		if err != nil || n < BatchSize {
			return total, err
		}
	}
}

func (s *Sweeper) sweepBatch(ctx context.Context, table string, age time.Duration, msg string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	// The status codes are the same in both enums ('0' processing, '2' failed).
	var ids []string
	err := s.DB.NewRaw(`
		UPDATE ? AS t
		SET status = ?, error_message = ?, updated_at = current_timestamp, updated_by = ?
		WHERE t.id IN (
			SELECT id FROM ?
			WHERE status = ? AND deleted_at IS NULL AND updated_at < current_timestamp - ?::interval
			ORDER BY updated_at
			LIMIT ?
			FOR UPDATE SKIP LOCKED)
		AND t.status = ? AND t.deleted_at IS NULL
		RETURNING t.id`,
		bun.Ident(table), string(models.PageImportFailed), msg, Actor,
		bun.Ident(table), string(models.PageImportProcessing), interval(age), BatchSize,
		string(models.PageImportProcessing),
	).Scan(ctx, &ids)
	if err != nil {
		return 0, fmt.Errorf("sweep %s: %w", table, err)
	}
	return len(ids), nil
}

// interval renders d as a PostgreSQL interval literal in microseconds.
func interval(d time.Duration) string {
	return fmt.Sprintf("%d microseconds", d.Microseconds())
}
