package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// HoldTableLock takes an ACCESS EXCLUSIVE lock on table in a transaction of its own connection
// of db, so every statement of the code under test that touches the table waits. release rolls
// the transaction back (also done when the test ends).
func HoldTableLock(tb testing.TB, db *bun.DB, table string) (release func()) {
	tb.Helper()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		tb.Fatalf("testenv: begin: %v", err)
	}
	if _, err := tx.ExecContext(ctx, "LOCK TABLE ? IN ACCESS EXCLUSIVE MODE", bun.Ident(table)); err != nil {
		_ = tx.Rollback()
		tb.Fatalf("testenv: lock %s: %v", table, err)
	}
	release = func() { _ = tx.Rollback() }
	tb.Cleanup(release)
	return release
}

// TerminateLockWaiter waits until a backend of db's database waits on a lock (a statement of the
// code under test, held up by HoldTableLock), then ends it with pg_terminate_backend, as a
// PostgreSQL restart or an administrator would: its client gets SQLSTATE 57P01
// (admin_shutdown) and a closed connection. It fails the test after 10 s without a waiter.
func TerminateLockWaiter(tb testing.TB, db *bun.DB) {
	tb.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var pids []int
		err := db.NewRaw(`SELECT pid FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`).Scan(ctx, &pids)
		if err != nil {
			tb.Fatalf("testenv: find lock waiters: %v", err)
		}
		if len(pids) > 0 {
			for _, pid := range pids {
				if _, err := db.ExecContext(ctx, "SELECT pg_terminate_backend(?)", pid); err != nil {
					tb.Fatalf("testenv: terminate backend %d: %v", pid, err)
				}
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	tb.Fatal("testenv: no statement waited on a lock within 10 s")
}
