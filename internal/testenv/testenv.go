// Package testenv gives tests the real dependencies the service runs on: a fresh, migrated
// PostgreSQL database per test (copied from a migrated template, so it is fast), and S3- and
// SQS-protocol servers on loopback with a bucket and a queue per test. Tests then reach them
// through the service's own clients (s3store, sqsqueue), the same code paths production uses.
//
// The PostgreSQL server is the one at TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable); `.ci/postgres-up` starts it.
package testenv

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/uptrace/bun"

	"github.com/code2des/backend/migrations"
	"github.com/code2des/backend/server/database"
)

// DefaultAdminDSN is the maintenance database used to create and drop test databases.
const DefaultAdminDSN = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// AdminDSN returns TEST_DATABASE_URL or DefaultAdminDSN.
func AdminDSN() string {
	if v := os.Getenv("TEST_DATABASE_URL"); v != "" {
		return v
	}
	return DefaultAdminDSN
}

var admin struct {
	once sync.Once
	db   *sql.DB
	err  error
}

func adminDB(tb testing.TB) *sql.DB {
	tb.Helper()
	admin.once.Do(func() {
		admin.db, admin.err = sql.Open("pgx", AdminDSN())
		if admin.err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			admin.err = admin.db.PingContext(ctx)
		}
	})
	if admin.err != nil {
		tb.Fatalf("testenv: PostgreSQL at %s is not reachable (run .ci/postgres-up): %v", AdminDSN(), admin.err)
	}
	return admin.db
}

// DSNFor returns the DSN of database name on the test server.
func DSNFor(name string) string {
	u, err := url.Parse(AdminDSN())
	if err != nil {
		panic(err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomName(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// MustCreateEmptyDB creates an empty database, drops it when the test ends, and returns its DSN.
func MustCreateEmptyDB(tb testing.TB) string {
	tb.Helper()
	return createDB(tb, "")
}

func createDB(tb testing.TB, template string) string {
	tb.Helper()
	db := adminDB(tb)
	name := randomName("c2d_test_")
	q := fmt.Sprintf("CREATE DATABASE %s", name)
	if template != "" {
		q += " TEMPLATE " + template
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, q); err != nil {
		tb.Fatalf("testenv: %s: %v", q, err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := db.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			tb.Logf("testenv: drop %s: %v", name, err)
		}
	})
	return DSNFor(name)
}

// MustOpenDB returns a fresh database with every migration applied, closed and dropped when the
// test ends.
func MustOpenDB(tb testing.TB) *bun.DB {
	tb.Helper()
	db, _ := MustOpenDBWithDSN(tb)
	return db
}

// MustOpenDBWithDSN is MustOpenDB that also returns the database's DSN, so a test can open more
// pools on it (several API instances on one database).
func MustOpenDBWithDSN(tb testing.TB) (*bun.DB, string) {
	tb.Helper()
	dsn := createDB(tb, migratedTemplate(tb))
	db, err := database.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatalf("testenv: open test database: %v", err)
	}
	// Registered after createDB's cleanup, so it runs first: close before drop.
	tb.Cleanup(func() { _ = db.Close() })
	return db, dsn
}

var template struct {
	once sync.Once
	name string
	err  error
}

// templateLockID serializes template builds across test binaries running at once.
const templateLockID int64 = 0x7e57c2d

// migratedTemplate returns the name of a database holding the current migrations, building it
// once. Its name carries a hash of the migration files, so a changed migration gets a new
// template, and concurrent test binaries share one.
func migratedTemplate(tb testing.TB) string {
	tb.Helper()
	template.once.Do(func() { template.name, template.err = buildTemplate(adminDB(tb)) })
	if template.err != nil {
		tb.Fatalf("testenv: build migrated template: %v", template.err)
	}
	return template.name
}

func buildTemplate(db *sql.DB) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.Files(), path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	name := "c2d_tmpl_" + hex.EncodeToString(h.Sum(nil))[:16]

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", templateLockID); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1)", templateLockID) //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	// Build under a temporary name and rename when complete, so a crash never leaves a
	// half-migrated template behind under the real name.
	building := randomName("c2d_build_")
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	bdb, err := database.Open(ctx, DSNFor(building))
	if err != nil {
		return "", err
	}
	_, err = database.Migrate(ctx, bdb, database.Up)
	_ = bdb.Close()
	if err != nil {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)")
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", err
	}
	return name, nil
}
