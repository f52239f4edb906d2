// Package periodic lets several API instances share a periodic task (the sweeper, SPEC §6) so that
// it runs once per interval between them, not once per instance: before each run an instance
// claims the task's row in periodic_task, and the claim succeeds only when the last run (by any
// instance) is at least one interval old on the database clock. The claim is one INSERT ... ON
// CONFLICT DO UPDATE ... WHERE statement, so two instances claiming at once are serialized by the
// row lock and exactly one wins.
package periodic

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/uptrace/bun"
)

// MaxNameLength is the longest task name (periodic_task.name is varchar(100)).
const MaxNameLength = 100

// Claim reports whether the caller, identified by instance (recorded in last_run_by), runs task
// name now: true for at most one caller per interval across every instance sharing db. A task
// never run before is claimed at once. Errors are the database's.
func Claim(ctx context.Context, db bun.IDB, name, instance string, interval time.Duration) (bool, error) {
	if name == "" || len(name) > MaxNameLength || interval <= 0 {
		return false, fmt.Errorf("periodic: invalid task %q or interval %s", name, interval)
	}
	var claimed string
	err := db.NewRaw(`
		INSERT INTO periodic_task AS t (name, last_run_at, last_run_by, runs)
		VALUES (?, current_timestamp, ?, 1)
		ON CONFLICT (name) DO UPDATE
		SET last_run_at = excluded.last_run_at, last_run_by = excluded.last_run_by, runs = t.runs + 1
		WHERE t.last_run_at <= current_timestamp - ?::interval
		RETURNING name`,
		name, instance, fmt.Sprintf("%d microseconds", interval.Microseconds()),
	).Scan(ctx, &claimed)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim periodic task %s: %w", name, err)
	}
	return true, nil
}

// Runs returns how often task name has run across all instances, and by whom last (0 and "" if
// never). For tests and diagnostics.
func Runs(ctx context.Context, db bun.IDB, name string) (int64, string, error) {
	var row struct {
		Runs      int64  `bun:"runs"`
		LastRunBy string `bun:"last_run_by"`
	}
	err := db.NewRaw("SELECT runs, last_run_by FROM periodic_task WHERE name = ?", name).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return row.Runs, row.LastRunBy, err
}

// InstanceName names this process in last_run_by: host name and process id.
func InstanceName() string {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown"
	}
	return host + "/" + strconv.Itoa(os.Getpid())
}
