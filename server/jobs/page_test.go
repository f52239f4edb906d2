package jobs

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

func TestPageSize(t *testing.T) {
	for _, tc := range []struct {
		first, want int
		ok          bool
	}{
		{0, models.DefaultPageSize, true},
		{1, 1, true},
		{models.MaxPageSize, models.MaxPageSize, true},
		{models.MaxPageSize + 1, 0, false},
		{-1, 0, false},
	} {
		got, err := PageSize("first", tc.first)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("PageSize(%d) = %d, %v", tc.first, got, err)
		}
		if err != nil && models.ErrorCodeOf(err) != models.CodeBadUserInput {
			t.Errorf("PageSize(%d) code %s", tc.first, models.ErrorCodeOf(err))
		}
	}
}

func TestCursorRoundTripAndRefusals(t *testing.T) {
	id, _ := models.NewID()
	c := EncodeCursor(CursorPageImports, id)
	if got, err := DecodeCursor(CursorPageImports, "after", c); err != nil || got != id {
		t.Fatalf("round trip: %q, %v", got, err)
	}
	if got, err := DecodeCursor(CursorPageImports, "after", ""); err != nil || got != "" {
		t.Errorf("empty cursor: %q, %v", got, err)
	}
	for name, bad := range map[string]string{
		"OtherList":     EncodeCursor(CursorCode2Des, id),
		"NotBase64":     "!!!",
		"NoKind":        EncodeCursor("", id)[4:],
		"NotAnID":       EncodeCursor(CursorPageImports, "1 OR 1=1"),
		"UppercaseID":   EncodeCursor(CursorPageImports, strings.ToUpper(id)),
		"PastMaxLength": strings.Repeat("A", MaxCursorLength+1),
	} {
		_, err := DecodeCursor(CursorPageImports, "after", bad)
		var de *models.Error
		if !asDomain(err, &de) || de.Code != models.CodeBadUserInput || de.Field != "after" {
			t.Errorf("%s: %v; want BAD_USER_INPUT on after", name, err)
		}
	}
}

// seedMany inserts n rows, alternating over the given projects and the three statuses, with
// increasing UUIDv7 ids, and returns their ids per project, newest first.
func seedMany(t *testing.T, f *fixture, n int) map[int64][]*models.PageImport {
	t.Helper()
	projects := []int64{f.a1, f.a2}
	statuses := []models.PageImportStatus{models.PageImportProcessing, models.PageImportCompleted, models.PageImportFailed}
	rows := make([]*models.PageImport, n)
	for i := range rows {
		id, _ := models.NewID()
		rows[i] = &models.PageImport{ID: id, OrganizationID: f.orgA, ProjectID: projects[i%2], SourceURL: fmt.Sprintf("https://example.com/%d", i),
			ViewportWidth: 1440, ViewportHeight: 900, Status: statuses[i%3], Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
	}
	if _, err := f.db.NewInsert().Model(&rows).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	byProject := map[int64][]*models.PageImport{}
	for i := len(rows) - 1; i >= 0; i-- {
		byProject[rows[i].ProjectID] = append(byProject[rows[i].ProjectID], rows[i])
	}
	return byProject
}

func TestPageImportsKeysetPagination(t *testing.T) {
	f := newFixture(t)
	byProject := seedMany(t, f, 250)
	// One deleted row in each project must never appear.
	for _, rows := range byProject {
		if err := f.svc.DeletePageImport(f.alice, rows[5].ID); err != nil {
			t.Fatal(err)
		}
	}
	statuses := []*models.PageImportStatus{nil, ptr(models.PageImportProcessing), ptr(models.PageImportCompleted), ptr(models.PageImportFailed)}
	for _, project := range []int64{f.a1, f.a2} {
		for _, status := range statuses {
			var want []string
			for i, r := range byProject[project] {
				if i != 5 && (status == nil || r.Status == *status) {
					want = append(want, r.ID)
				}
			}
			for _, size := range []int{0, 7, models.MaxPageSize} {
				name := fmt.Sprintf("project%d/status%v/first%d", project, deref(status), size)
				t.Run(name, func(t *testing.T) {
					got := walk(t, f, models.PageImportFilter{ProjectID: project, Status: status, First: size})
					if strings.Join(got, ",") != strings.Join(want, ",") {
						t.Fatalf("walked %d ids, want %d (newest first, no duplicates or gaps)", len(got), len(want))
					}
				})
			}
		}
	}

	t.Run("SourceURL", func(t *testing.T) {
		row := byProject[f.a1][9]
		// The filter is normalized as createPageImport normalizes: scheme and host case, fragment.
		asked := strings.Replace(row.SourceURL, "https://example.com", "HTTPS://Example.COM", 1) + "#top"
		got := walk(t, f, models.PageImportFilter{ProjectID: f.a1, SourceURL: &asked, First: 1})
		if len(got) != 1 || got[0] != row.ID {
			t.Errorf("sourceUrl %q: %v; want [%s]", asked, got, row.ID)
		}
		other := models.PageImportFailed
		if other == row.Status {
			other = models.PageImportCompleted
		}
		if got := walk(t, f, models.PageImportFilter{ProjectID: f.a1, SourceURL: &asked, Status: &other}); len(got) != 0 {
			t.Errorf("sourceUrl %q with status %v: %v; want none", asked, other, got)
		}
		nobody := "https://example.com/nobody"
		if got := walk(t, f, models.PageImportFilter{ProjectID: f.a1, SourceURL: &nobody}); len(got) != 0 {
			t.Errorf("sourceUrl %q: %v; want none", nobody, got)
		}
		for _, bad := range []string{"ftp://example.com/", "", "not a url", strings.Repeat("a", models.MaxSourceURLLength+1)} {
			_, err := f.svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1, SourceURL: &bad})
			var me *models.Error
			if !errors.As(err, &me) || me.Code != models.CodeBadUserInput || me.Field != "sourceUrl" {
				t.Errorf("sourceUrl %.40q: %v; want BAD_USER_INPUT on sourceUrl", bad, err)
			}
		}
	})
	t.Run("NotFound/OtherOrganizationsProject", func(t *testing.T) {
		if _, err := f.svc.PageImports(f.bob, models.PageImportFilter{ProjectID: f.a1}); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("%v", err)
		}
	})
	t.Run("BadUserInput/FirstPastMax", func(t *testing.T) {
		if _, err := f.svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1, First: models.MaxPageSize + 1}); models.ErrorCodeOf(err) != models.CodeBadUserInput {
			t.Errorf("%v", err)
		}
	})
	t.Run("BadUserInput/Cursor", func(t *testing.T) {
		if _, err := f.svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1, After: "garbage"}); models.ErrorCodeOf(err) != models.CodeBadUserInput {
			t.Errorf("%v", err)
		}
	})
}

// walk pages forward through a whole list, checking the page flags, and returns the ids seen.
func walk(t *testing.T, f *fixture, filter models.PageImportFilter) []string {
	t.Helper()
	size := filter.First
	if size == 0 {
		size = models.DefaultPageSize
	}
	var ids []string
	for pages := 0; ; pages++ {
		if pages > 300 {
			t.Fatal("pagination does not end")
		}
		page, err := f.svc.PageImports(f.alice, filter)
		if err != nil {
			t.Fatal(err)
		}
		if page.HasPreviousPage != (filter.After != "") {
			t.Errorf("page %d: hasPreviousPage %v", pages, page.HasPreviousPage)
		}
		if len(page.Items) > size || (page.HasNextPage && len(page.Items) != size) {
			t.Fatalf("page %d: %d items, hasNextPage %v, size %d", pages, len(page.Items), page.HasNextPage, size)
		}
		for i, it := range page.Items {
			if page.Cursors[i] != EncodeCursor(CursorPageImports, it.ID) || it.ProjectID != filter.ProjectID || it.DeletedAt != nil {
				t.Fatalf("item %+v cursor %q", it, page.Cursors[i])
			}
			ids = append(ids, it.ID)
		}
		if !page.HasNextPage {
			return ids
		}
		filter.After = page.Cursors[len(page.Cursors)-1]
	}
}

func ptr[T any](v T) *T { return &v }

func deref[T any](p *T) any {
	if p == nil {
		return "any"
	}
	return *p
}

// TestPageImportsQueryPlanUsesIndexes checks, with sequential scans disabled for the statement
// (250 rows are too few for the planner to prefer an index otherwise), that the list query can be
// answered through an index; a query no index can serve would still show a Seq Scan.
func TestPageImportsQueryPlanUsesIndexes(t *testing.T) {
	f := newFixture(t)
	seedMany(t, f, 250)
	ctx := context.Background()
	if _, err := f.db.ExecContext(ctx, "ANALYZE page_import"); err != nil {
		t.Fatal(err)
	}
	afterID, _ := models.NewID()
	for _, tc := range []struct {
		name   string
		status *models.PageImportStatus
		after  string
	}{
		{"AllStatuses", nil, ""},
		{"OneStatus", ptr(models.PageImportCompleted), ""},
		{"OneStatusAfterCursor", ptr(models.PageImportFailed), afterID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := pageImportsQuery(f.db, nil, f.orgA, f.a1, tc.status, nil, tc.after, models.DefaultPageSize).String()
			plan := explain(t, f.db, q)
			if strings.Contains(plan, "Seq Scan") || !usesListIndex(plan) {
				t.Errorf("plan for %s does not use an index:\n%s", q, plan)
			}
		})
	}
}

// usesListIndex reports whether plan reads through one of the page_import indexes a list can use:
// the keyset index (organization, project, id; migration 20261201000001), the primary key (a
// backward scan gives newest-first order directly) or the seed's project indexes.
func usesListIndex(plan string) bool {
	for _, idx := range []string{"page_import_org_project_id_idx", "page_import_pkey", "page_import_project_status_idx", "page_import_org_project_idx"} {
		if strings.Contains(plan, idx) {
			return true
		}
	}
	return false
}

func explain(t *testing.T, db *bun.DB, q string) string {
	t.Helper()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
		t.Fatal(err)
	}
	rows, err := tx.QueryContext(ctx, "EXPLAIN "+q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// EncodeCursor is base64url without padding of "<kind>:<id>", for ids of every length (0-200
// bytes, every byte value).
func TestEncodeCursorIsBase64OfKindAndID(t *testing.T) {
	for _, kind := range []string{CursorPageImports, CursorCode2Des, "", "a-longer-kind"} {
		for n := range 201 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(n*7 + i*31)
			}
			id := string(b)
			want := base64.RawURLEncoding.EncodeToString([]byte(kind + ":" + id))
			if got := EncodeCursor(kind, id); got != want {
				t.Fatalf("%q, %d bytes: %q, want %q", kind, n, got, want)
			}
		}
	}
}
