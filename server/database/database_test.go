package database_test

import (
	"context"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/migrations"
	"github.com/code2des/backend/server/database"
)

func openEmpty(t *testing.T) *bun.DB {
	t.Helper()
	db, err := database.Open(context.Background(), testenv.MustCreateEmptyDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// addedIndexes are the indexes later migrations add beside the seeds' (never columns).
var addedIndexes = map[string][]string{
	// 20261130170001: projectJobStats; 20261201000001: the keyset lists pageImports and
	// code2desJobs.
	"page_import": {
		"page_import_project_created_idx: btree (project_id, created_at) INCLUDE (status) WHERE (deleted_at IS NULL)",
		"page_import_org_project_id_idx: btree (organization_id, project_id, id) WHERE (deleted_at IS NULL)",
	},
	"code2des": {
		"code2des_project_created_idx: btree (project_id, created_at) INCLUDE (status) WHERE (deleted_at IS NULL)",
		"code2des_org_project_id_idx: btree (organization_id, project_id, id) WHERE (deleted_at IS NULL)",
	},
}

// migrationCount is the number of embedded migrations.
func migrationCount() int { return len(migrations.Migrations.Sorted()) }

func TestMigrationsMatchSeeds(t *testing.T) {
	db := openEmpty(t)
	if _, err := database.Migrate(context.Background(), db, database.Up); err != nil {
		t.Fatalf("migrate up: %v", err)
	}
	got := readCatalog(t, db)
	for _, seed := range []seedTable{
		parseSeed(t, "testdata/seeds/page_import_table.txt", "page_import"),
		parseSeed(t, "testdata/seeds/code2des_table.txt", "code2des"),
	} {
		t.Run(seed.Name, func(t *testing.T) {
			if len(seed.Columns) < 20 {
				t.Fatalf("parsed only %d columns from the seed", len(seed.Columns))
			}
			if diff := cmp.Diff(seed.Columns, got.Columns[seed.Name]); diff != "" {
				t.Errorf("columns differ from the seed (-seed +database):\n%s", diff)
			}
			if diff := cmp.Diff(seed.EnumLabels, got.Enums[seed.Enum]); diff != "" || seed.Enum != seed.Name+"_status" {
				t.Errorf("enum %s labels differ (-seed +database):\n%s", seed.Enum, diff)
			}
			if diff := cmp.Diff(seed.ForeignKeys, got.ForeignKeys[seed.Name]); diff != "" {
				t.Errorf("foreign keys differ (-seed +database):\n%s", diff)
			}
			want := append(slices.Clone(seed.Indexes), addedIndexes[seed.Name]...)
			sort.Strings(want)
			if diff := cmp.Diff(want, got.Indexes[seed.Name]); diff != "" {
				t.Errorf("indexes differ (-seed and added +database):\n%s", diff)
			}
		})
	}
}

func TestMigrateDownUpRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := openEmpty(t)
	if _, err := database.Migrate(ctx, db, database.Up); err != nil {
		t.Fatalf("up: %v", err)
	}
	want := readCatalog(t, db)
	down, err := database.Migrate(ctx, db, database.Down)
	if err != nil {
		t.Fatalf("down: %v", err)
	}
	if len(down) != migrationCount() {
		t.Errorf("down rolled back %v, want all %d migrations", down, migrationCount())
	}
	empty := readCatalog(t, db)
	if len(empty.Columns) != 0 || len(empty.Enums) != 0 {
		t.Fatalf("after down the schema still has tables %v and enums %v", empty.Columns, empty.Enums)
	}
	status, err := database.Status(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range status {
		if s.Applied {
			t.Errorf("%s still marked applied after down", s.Name)
		}
	}
	if _, err := database.Migrate(ctx, db, database.Up); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if diff := cmp.Diff(want, readCatalog(t, db)); diff != "" {
		t.Errorf("schema after down+up differs:\n%s", diff)
	}
	again, err := database.Migrate(ctx, db, database.Up)
	if err != nil || len(again) != 0 {
		t.Errorf("a second up ran %v (err %v), want nothing", again, err)
	}
}

func TestConcurrentMigrators(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.MustCreateEmptyDB(t)
	const instances = 2
	var wg sync.WaitGroup
	ran := make([][]string, instances)
	errs := make([]error, instances)
	for i := range instances {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each instance has its own pool, as separate processes would.
			db, err := database.Open(ctx, dsn)
			if err != nil {
				errs[i] = err
				return
			}
			defer db.Close()
			ran[i], errs[i] = database.Migrate(ctx, db, database.Up)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
	}
	if total := len(ran[0]) + len(ran[1]); total != migrationCount() {
		t.Errorf("instances ran %v and %v; want the %d migrations applied once in all", ran[0], ran[1], migrationCount())
	}
	db := openDSN(t, dsn)
	var rows int
	if err := db.NewRaw("SELECT count(*) FROM bun_migrations").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	if rows != migrationCount() {
		t.Errorf("bun_migrations has %d rows, want %d", rows, migrationCount())
	}
}

func openDSN(t *testing.T, dsn string) *bun.DB {
	t.Helper()
	db, err := database.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
