package jobs

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestProjectJobStatsPlan: the dashboard counts are index-only scans of the partial indexes
// page_import_project_created_idx and code2des_project_created_idx (migration
// 20261130170001), not scans of the tables. 100 projects with 200 Page Imports and 200 Code2Des
// jobs each, analysed and vacuumed as autovacuum would leave them. The plan is printed with -v and
// shown in docs/api.md.
func TestProjectJobStatsPlan(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO project (organization_id, name) SELECT ?, 'p' || g FROM generate_series(1, 99) g`,
		`INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height, status, nonce, created_at, created_by, updated_by)
		 SELECT gen_random_uuid()::text, p.organization_id, p.id, 'https://example.com/', 1440, 900, ((g % 3)::text)::page_import_status, 'n',
		        now() - (g || ' hours')::interval, 'alice', 'alice'
		 FROM project p, generate_series(1, 200) g WHERE p.organization_id = ?`,
		`INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key, screen_id, status, nonce, created_at, created_by, updated_by)
		 SELECT gen_random_uuid()::text, organization_id, project_id, id, 'F', 's', status::text::code2des_status, 'n', created_at, 'alice', 'alice'
		 FROM page_import`,
		`VACUUM ANALYZE page_import`,
		`VACUUM ANALYZE code2des`,
	} {
		var args []any
		if strings.Contains(q, "?") {
			args = append(args, f.orgA)
		}
		if _, err := f.db.NewRaw(q, args...).Exec(ctx); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	until := time.Now()
	since := until.Add(-7 * 24 * time.Hour)
	for table, index := range map[string]string{"page_import": "page_import_project_created_idx", "code2des": "code2des_project_created_idx"} {
		var lines []string
		if err := f.db.NewRaw("EXPLAIN ?", StatsQuery(f.db, table, f.a1, since, until)).Scan(ctx, &lines); err != nil {
			t.Fatal(err)
		}
		plan := strings.Join(lines, "\n")
		t.Logf("EXPLAIN of the %s count:\n%s", table, plan)
		if !strings.Contains(plan, "Index Only Scan using "+index) || strings.Contains(plan, "Seq Scan") {
			t.Errorf("the %s count is not an index-only scan of %s:\n%s", table, index, plan)
		}
	}
}
