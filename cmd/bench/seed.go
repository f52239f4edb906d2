package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/server/database"
)

// Seed sizes: the comparison runs over this many rows, spread over seedProjects
// projects of one organization, with ids UUIDv7-shaped and in time order.
const (
	seedPageImports = 100_000
	seedCode2Des    = 50_000
	seedProjects    = 10
	// benchOrg is the organization of every seeded row; benchSubject is its member.
	benchOrg     = 1
	benchSubject = "bench-user"
	// fixtureProject holds the callback and result fixtures, createProject the rows that
	// createPageImport adds, so neither changes the pages the list rounds read.
	fixtureProject = seedProjects + 1
	createProject  = seedProjects + 2
)

// freshDatabase drops and recreates the database of dsn, migrates it and returns it open.
func freshDatabase(ctx context.Context, dsn string) (*bun.DB, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return nil, err
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" || strings.ContainsAny(name, `"'`) {
		return nil, fmt.Errorf("bench database name %q", name)
	}
	admin := *u
	admin.Path = "/postgres"
	adb, err := sql.Open("pgx", admin.String())
	if err != nil {
		return nil, err
	}
	defer adb.Close()
	if _, err := adb.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS "%s" WITH (FORCE)`, name)); err != nil {
		return nil, fmt.Errorf("drop %s: %w", name, err)
	}
	if _, err := adb.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE "%s"`, name)); err != nil {
		return nil, fmt.Errorf("create %s: %w", name, err)
	}
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := database.Migrate(ctx, db, database.Up); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// seedSQL fills the database: one organization with its member, the projects, 100k Page Imports
// and 50k Code2Des jobs. Ids are UUIDv7-shaped (48-bit millisecond time, version 7, variant 10)
// from a creation time one second apart, so id order is time order as in production. Statuses:
// about 60% completed, 20% failed, 20% processing; 1% soft-deleted (the peer's README).
var seedSQL = []string{
	`INSERT INTO organization (id, name) VALUES (1, 'Bench organization')`,
	`INSERT INTO organization_member (organization_id, subject, role) VALUES (1, '` + benchSubject + `', 'member')`,
	fmt.Sprintf(`INSERT INTO project (id, organization_id, name)
	   SELECT p, 1, 'Bench project ' || p FROM generate_series(1, %d) AS p`, createProject),
	`CREATE FUNCTION pg_temp.bench_id(ts timestamptz, salt text) RETURNS text LANGUAGE sql AS $$
	   SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-' ||
	          substr('89ab', 1 + (get_byte(decode(substr(r, 4, 2), 'hex'), 0) % 4), 1) || substr(r, 6, 3) || '-' ||
	          substr(r, 9, 12)
	   FROM (SELECT lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint), 12, '0') AS h, md5(salt) AS r) AS x $$`,
	fmt.Sprintf(`INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height,
	     device_scale_factor, ready_selector, status, attempt, nonce, result_url, capture_hash, screenshot_url,
	     error_message, created_at, updated_at, deleted_at, created_by, updated_by, deleted_by)
	   SELECT pg_temp.bench_id(ts, 'pi' || i), 1, 1 + i %% %[2]d, 'https://example.com/pages/' || i || '?ref=bench',
	     1440, 900, 1, CASE WHEN i %% 7 = 0 THEN '#main' END, s::page_import_status, 1, md5('nonce' || i) || md5('n' || i),
	     CASE WHEN s = '1' THEN 's3://code2des-artifacts/page-imports/' || pg_temp.bench_id(ts, 'pi' || i) || '/attempt-1/capture.json' END,
	     CASE WHEN s = '1' THEN md5('c' || i) || md5('h' || i) END,
	     CASE WHEN s = '1' THEN 's3://code2des-artifacts/page-imports/' || pg_temp.bench_id(ts, 'pi' || i) || '/attempt-1/screenshot.png' END,
	     CASE WHEN s = '2' THEN 'the page did not become ready within 30s' END,
	     ts, ts, CASE WHEN i %% 100 = 0 THEN ts END, '%[3]s', '%[3]s', CASE WHEN i %% 100 = 0 THEN '%[3]s' END
	   FROM (SELECT i, timestamptz '2026-01-01' + i * interval '1 second' AS ts,
	           CASE WHEN abs(hashint4(i)::bigint) %% 10 < 6 THEN '1' WHEN abs(hashint4(i)::bigint) %% 10 < 8 THEN '2' ELSE '0' END AS s
	         FROM generate_series(1, %[1]d) AS i) AS g`, seedPageImports, seedProjects, benchSubject),
	// Job j converts Page Import 2j - j%2 (same project, so every project has jobs), created a day
	// after it.
	fmt.Sprintf(`INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key, screen_id,
	     status, attempt, nonce, result_url, warning_count, error_message, created_at, updated_at, deleted_at,
	     created_by, updated_by, deleted_by)
	   SELECT pg_temp.bench_id(ts, 'c2d' || j), 1, 1 + (2 * j - j %% 2) %% %[2]d,
	     pg_temp.bench_id(timestamptz '2026-01-01' + (2 * j - j %% 2) * interval '1 second', 'pi' || (2 * j - j %% 2)),
	     'file' || j %% 5, 'example-com-page-' || j || '-1440w', s::code2des_status, 1, md5('nonce' || j) || md5('n' || j),
	     CASE WHEN s = '1' THEN 's3://code2des-artifacts/code2des/' || pg_temp.bench_id(ts, 'c2d' || j) || '/attempt-1/result.json' END,
	     CASE WHEN s = '1' THEN j %% 3 END, CASE WHEN s = '2' THEN 'the conversion failed' END,
	     ts, ts, CASE WHEN j %% 100 = 0 THEN ts END, '%[3]s', '%[3]s', CASE WHEN j %% 100 = 0 THEN '%[3]s' END
	   FROM (SELECT j, timestamptz '2026-01-02' + 2 * j * interval '1 second' AS ts,
	           CASE WHEN abs(hashint4(j)::bigint) %% 10 < 6 THEN '1' WHEN abs(hashint4(j)::bigint) %% 10 < 8 THEN '2' ELSE '0' END AS s
	         FROM generate_series(1, %[1]d) AS j) AS g`, seedCode2Des, seedProjects, benchSubject),
	`SELECT setval(pg_get_serial_sequence('organization', 'id'), 1)`,
	fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('project', 'id'), %d)`, createProject),
	`ANALYZE`,
}

// seed runs seedSQL on one connection (pg_temp functions live per session).
func seed(ctx context.Context, db *bun.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, q := range seedSQL {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("seed: %w\n%s", err, q)
		}
	}
	return nil
}

// sampleIDs returns n visible Page Import ids of the seeded projects, spread over the table.
func sampleIDs(ctx context.Context, db *bun.DB, n int) ([]string, error) {
	var ids []string
	err := db.NewSelect().Table("page_import").Column("id").
		Where("deleted_at IS NULL AND project_id <= ?", seedProjects).
		OrderExpr("md5(id)").Limit(int64(n)).Scan(ctx, &ids)
	return ids, err
}
