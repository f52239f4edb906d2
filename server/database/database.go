// Package database opens the PostgreSQL connection pool through bun and applies the embedded
// migrations under a Postgres advisory lock.
package database

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // also registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/migrate"

	"github.com/code2des/backend/migrations"
)

// Pool settings. A small pool is plenty: every statement is short and indexed. Idle connections
// are kept up to the pool size: with fewer, every burst above them opened and closed connections
// (TCP, startup, authentication) for each request.
const (
	maxOpenConns    = 20
	maxIdleConns    = maxOpenConns
	connMaxLifetime = 30 * time.Minute
)

// queryExecMode is how pgx sends statements unless the URL sets default_query_exec_mode. bun
// writes arguments into the SQL text, so nearly every statement (an id, a cursor, a batch of ids)
// is a new text: pgx's default, a per-connection cache of prepared statements, then prepared each
// one in an extra round trip and evicted another. The extended protocol without a named prepared
// statement sends it in one round trip.
const queryExecMode = pgx.QueryExecModeExec

// Open connects to the PostgreSQL server at dsn (a postgres:// URL) and checks the connection.
func Open(ctx context.Context, dsn string) (*bun.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	urlMode := strings.Contains(dsn, "default_query_exec_mode")
	if !urlMode {
		cfg.DefaultQueryExecMode = queryExecMode
	}
	sqldb := stdlib.OpenDB(*cfg)
	registerPrepared(sqldb, cfg.DefaultQueryExecMode, urlMode)
	sqldb.SetMaxOpenConns(maxOpenConns)
	sqldb.SetMaxIdleConns(maxIdleConns)
	sqldb.SetConnMaxLifetime(connMaxLifetime)
	db := bun.NewDB(sqldb, pgdialect.New())
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return db, nil
}

// MigrationLockID is the key of the session-level advisory lock that serializes migrators, so
// several instances can start (and migrate) at once. bun/migrate's own lock is a row, not a wait.
const MigrationLockID int64 = 0x0c0de2de5

// Direction says which way Migrate goes.
type Direction string

// The migration directions of the `migrate` subcommand.
const (
	Up   Direction = "up"
	Down Direction = "down"
)

// Migrate applies every pending migration (Up) or rolls back the last applied group (Down),
// holding MigrationLockID for the duration. It returns the names of the migrations it ran.
func Migrate(ctx context.Context, db *bun.DB, dir Direction) ([]string, error) {
	var names []string
	err := withMigrationLock(ctx, db, func(m *migrate.Migrator) error {
		var group *migrate.MigrationGroup
		var err error
		switch dir {
		case Up:
			group, err = m.Migrate(ctx)
		case Down:
			group, err = m.Rollback(ctx)
		default:
			return fmt.Errorf("unknown migration direction %q", dir)
		}
		if err != nil {
			return fmt.Errorf("migrate %s: %w", dir, err)
		}
		for _, mg := range group.Migrations {
			names = append(names, mg.Name)
		}
		return nil
	})
	return names, err
}

// MigrationStatus is one migration and whether it is applied.
type MigrationStatus struct {
	Name    string
	Applied bool
}

// Status lists every known migration, oldest first, with whether it has been applied.
func Status(ctx context.Context, db *bun.DB) ([]MigrationStatus, error) {
	var out []MigrationStatus
	err := withMigrationLock(ctx, db, func(m *migrate.Migrator) error {
		ms, err := m.MigrationsWithStatus(ctx)
		if err != nil {
			return fmt.Errorf("migration status: %w", err)
		}
		for _, mg := range ms {
			out = append(out, MigrationStatus{Name: mg.Name, Applied: mg.IsApplied()})
		}
		return nil
	})
	return out, err
}

// withMigrationLock runs fn with a migrator while this session holds the advisory lock. The lock
// is taken on a dedicated connection and released (or dropped with the connection) afterwards.
func withMigrationLock(ctx context.Context, db *bun.DB, fn func(*migrate.Migrator) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migration lock connection: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(?)", MigrationLockID); err != nil {
		return fmt.Errorf("take migration lock: %w", err)
	}
	defer func() {
		// A fresh context: the lock must be released even when ctx is already cancelled.
		unlockCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = conn.ExecContext(unlockCtx, "SELECT pg_advisory_unlock(?)", MigrationLockID)
	}()
	m := migrate.NewMigrator(db, migrations.Migrations, migrate.WithMarkAppliedOnSuccess(true))
	if err := m.Init(ctx); err != nil {
		return fmt.Errorf("init migrations: %w", err)
	}
	return fn(m)
}

// EnsureDatabase creates the database named in dsn if it does not exist, connecting to the
// server's `postgres` database to do so. The local stack uses it; production databases are made
// by their operators.
func EnsureDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return fmt.Errorf("parse database URL: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return fmt.Errorf("database URL names no database")
	}
	admin := *u
	admin.Path = "/postgres"
	db, err := Open(ctx, admin.String())
	if err != nil {
		return err
	}
	defer db.Close()
	var exists bool
	if err := db.NewRaw("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ?)", name).Scan(ctx, &exists); err != nil {
		return fmt.Errorf("look up database %s: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE ?", bun.Ident(name)); err != nil && !strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}
