package jobs

import (
	"context"
	"fmt"
	"math/bits"
	"reflect"
	"strings"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// The fields of a listed job and of its Page Import each column fills, in the order of the
// column bits (models.Code2DesColID..., models.PageImportColID...).
var (
	code2desColumnFields = []string{"ID", "OrganizationID", "ProjectID", "PageImportID", "FigmaFileKey", "ScreenID",
		"PlacementTarget", "Status", "Attempt", "WarningCount", "ErrorMessage", "MaterializedAt",
		"MaterializedNodeID", "CreatedAt", "UpdatedAt", "CreatedBy"}
	pageImportColumnFields = []string{"ID", "OrganizationID", "ProjectID", "SourceKind", "SourceURL", "ViewportWidth",
		"ViewportHeight", "DeviceScaleFactor", "ReadySelector", "Status", "Attempt", "CaptureHash",
		"ScreenshotURL", "ErrorMessage", "CreatedAt", "UpdatedAt", "CreatedBy"}
)

func TestColumnBitsMatchTheColumnLists(t *testing.T) {
	if n := bits.OnesCount32(uint32(models.AllCode2DesColumns)); n != len(code2desColumns) || n != len(code2desColumnFields) {
		t.Errorf("%d code2des column bits, %d columns, %d fields", n, len(code2desColumns), len(code2desColumnFields))
	}
	if n := bits.OnesCount32(uint32(models.AllPageImportColumns)); n != len(pageImportColumns) || n != len(pageImportColumnFields) {
		t.Errorf("%d page_import column bits, %d columns, %d fields", n, len(pageImportColumns), len(pageImportColumnFields))
	}
}

// A list read with a set of columns fills exactly those fields (and the ids it always needs) with
// what a whole read answers, and leaves every other field zero; a read that names no columns
// (zero sets) is the whole read. Every nullable column is set here, so a field left zero shows.
func TestCode2DesJobsWithColumns(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	live := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	gone := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	insertJob(t, f.db, live, models.Code2DesCompleted, "k")
	insertJob(t, f.db, gone, models.Code2DesCompleted, "k")
	for _, q := range []string{
		`UPDATE page_import SET ready_selector = '#app', screenshot_url = 's3://x', error_message = 'm'`,
		`UPDATE code2des SET materialized_at = current_timestamp, materialized_node_id = '1:2', placement_target = 'p', warning_count = 3, error_message = 'e'`,
	} {
		if _, err := f.db.ExecContext(f.alice, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.svc.DeletePageImport(f.alice, gone.ID); err != nil {
		t.Fatal(err)
	}
	whole, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Items) != 2 || whole.PageImports[live.ID] == nil {
		t.Fatalf("whole read: %d jobs, imports %v", len(whole.Items), whole.PageImports)
	}
	// check compares got with want field by field: the fields of the columns in cols equal,
	// every other field zero.
	check := func(t *testing.T, got, want any, fields []string, cols uint32) {
		t.Helper()
		g, w := reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem()
		filled := map[string]bool{}
		for i, name := range fields {
			if cols&(1<<i) != 0 {
				filled[name] = true
			}
		}
		for i := range g.NumField() {
			name := g.Type().Field(i).Name
			gf, wf := g.Field(i).Interface(), w.Field(i).Interface()
			if filled[name] {
				if !reflect.DeepEqual(gf, wf) || g.Field(i).IsZero() {
					t.Errorf("%s = %v; want %v (non-zero)", name, gf, wf)
				}
			} else if !g.Field(i).IsZero() {
				t.Errorf("%s = %v; want it zero (not read)", name, gf)
			}
		}
	}
	for bit := range len(code2desColumns) + len(pageImportColumns) {
		filter := models.Code2DesFilter{ProjectID: f.a1, WithPageImports: true, Columns: models.Code2DesColID, ImportColumns: models.PageImportColID}
		name := ""
		if bit < len(code2desColumns) {
			filter.Columns, name = models.Code2DesColumns(1)<<bit, "Job"+code2desColumnFields[bit]
		} else {
			bit -= len(code2desColumns)
			filter.ImportColumns, name = models.PageImportColumns(1)<<bit, "Import"+pageImportColumnFields[bit]
		}
		t.Run(name, func(t *testing.T) {
			page, err := f.svc.Code2DesJobs(f.alice, filter)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Items) != len(whole.Items) || !reflect.DeepEqual(page.Cursors, whole.Cursors) || page.HasNextPage != whole.HasNextPage {
				t.Fatalf("page %+v; want %+v", page, whole)
			}
			cols, icols := code2desReadColumns(filter)
			for k, job := range page.Items {
				check(t, job, whole.Items[k], code2desColumnFields, uint32(cols))
			}
			if len(page.PageImports) != 2 || page.PageImports[gone.ID] != nil {
				t.Fatalf("imports %v; want the live one and nil for the deleted one", page.PageImports)
			}
			check(t, page.PageImports[live.ID], whole.PageImports[live.ID], pageImportColumnFields, uint32(icols))
		})
	}
	t.Run("NoColumnsIsWhole", func(t *testing.T) {
		if cols, icols := code2desReadColumns(models.Code2DesFilter{WithPageImports: true}); cols != models.AllCode2DesColumns || icols != models.AllPageImportColumns {
			t.Errorf("columns %b, %b; want all", cols, icols)
		}
	})
}

// TestCode2DesJobsWithColumnsAuthorizeAndPageAsWhole: a read of only some columns sees exactly the
// rows, cursors and imports a whole read sees, for every filter, on every page and for every
// caller: another organization's project is NOT_FOUND, its own lists only its own jobs.
func TestCode2DesJobsWithColumnsAuthorizeAndPageAsWhole(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	pa := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	pb := insertImport(t, f.db, f.orgA, f.a1, models.PageImportFailed, false)
	other := insertImport(t, f.db, f.orgA, f.a2, models.PageImportCompleted, false)
	bobs := insertImport(t, f.db, f.orgB, f.b1, models.PageImportCompleted, false)
	for i := range 5 {
		insertJob(t, f.db, pa, models.Code2DesCompleted, "k1")
		insertJob(t, f.db, pb, models.Code2DesProcessing, fmt.Sprint("k", i%2))
	}
	insertJob(t, f.db, other, models.Code2DesCompleted, "k1")
	insertJob(t, f.db, bobs, models.Code2DesCompleted, "k1")
	pruned := func(fl models.Code2DesFilter) models.Code2DesFilter {
		fl.Columns, fl.ImportColumns = models.Code2DesColStatus, models.PageImportColStatus
		return fl
	}
	ids := func(p *models.Code2DesPage) string {
		var s []string
		for _, j := range p.Items {
			pi := p.PageImports[j.PageImportID]
			s = append(s, j.ID+"/"+j.PageImportID+"/"+string(j.Status)+fmt.Sprint("/", pi != nil))
			if pi != nil {
				s = append(s, pi.ID+"/"+string(pi.Status))
			}
		}
		return strings.Join(append(s, p.Cursors...), " ") + fmt.Sprint(p.HasNextPage, p.HasPreviousPage)
	}
	k1, completed, piID := "k1", models.Code2DesCompleted, pb.ID
	for name, base := range map[string]models.Code2DesFilter{
		"Project":    {ProjectID: f.a1},
		"FileKey":    {ProjectID: f.a1, FigmaFileKey: &k1},
		"Status":     {ProjectID: f.a1, Status: &completed},
		"PageImport": {ProjectID: f.a1, PageImportID: &piID},
	} {
		for _, with := range []bool{false, true} {
			t.Run(fmt.Sprint(name, "/imports=", with), func(t *testing.T) {
				wholeF := base
				wholeF.WithPageImports, wholeF.First = with, 3
				for page := 0; ; page++ {
					whole, err := f.svc.Code2DesJobs(f.alice, wholeF)
					if err != nil {
						t.Fatal(err)
					}
					got, err := f.svc.Code2DesJobs(f.alice, pruned(wholeF))
					if err != nil {
						t.Fatal(err)
					}
					if ids(got) != ids(whole) || len(got.Items) == 0 {
						t.Fatalf("page %d pruned %s; whole %s", page, ids(got), ids(whole))
					}
					for _, j := range got.Items {
						if j.ProjectID != 0 || j.OrganizationID != 0 {
							t.Fatalf("job %s read its project/organization (%d, %d); want only the ids and status", j.ID, j.ProjectID, j.OrganizationID)
						}
					}
					if !whole.HasNextPage {
						break
					}
					end := whole.Cursors[len(whole.Cursors)-1]
					wholeF.After = end
				}
			})
		}
	}
	for _, with := range []bool{false, true} {
		_, err := f.svc.Code2DesJobs(f.bob, pruned(models.Code2DesFilter{ProjectID: f.a1, WithPageImports: with}))
		if models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("bob lists alice's project with some columns: %v; want NOT_FOUND", err)
		}
		page, err := f.svc.Code2DesJobs(f.bob, pruned(models.Code2DesFilter{ProjectID: f.b1, WithPageImports: with}))
		if err != nil || len(page.Items) != 1 || page.Items[0].PageImportID != bobs.ID {
			t.Errorf("bob lists his project with some columns: %v, %v; want his one job", page, err)
		}
	}
}

// TestColumnSetsNeverCrowdOutWholeRowShapes: the column sets of a list read are named by the
// client (any subset of a job's and an import's fields), so a client can make as many shapes as it
// likes; once they have filled the statement cache, a list of whole rows (every selection with a
// resolver field, and every caller without the fast path) must still have its text cached.
func TestColumnSetsNeverCrowdOutWholeRowShapes(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	const max = 4
	saved := code2desStatements
	code2desStatements = database.NewStatements[code2desShape](max)
	t.Cleanup(func() { code2desStatements = saved })
	for bit := range max + 2 {
		cf := models.Code2DesFilter{ProjectID: f.a1, First: 7, Columns: models.Code2DesColumns(1) << bit}
		if _, err := f.svc.Code2DesJobs(f.alice, cf); err != nil {
			t.Fatal(err)
		}
	}
	whole := models.Code2DesFilter{ProjectID: f.a1, First: 7}
	if _, err := f.svc.Code2DesJobs(f.alice, whole); err != nil {
		t.Fatal(err)
	}
	if _, ok := code2desStatements.Text(newCode2DesShape(whole, "", 7)); !ok {
		t.Errorf("the whole-row list's text is not cached after %d column sets", max+2)
	}
}

// TestCode2DesJobsWithColumnsThroughPgxScan: where the raw decoding does not apply (the simple
// protocol sends every value as text), pgx scans a read of some columns into the same fields, and
// leaves the others zero.
func TestCode2DesJobsWithColumnsThroughPgxScan(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	live := insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
	insertJob(t, f.db, live, models.Code2DesCompleted, "k")
	insertJob(t, f.db, insertImport(t, f.db, f.orgA, f.a1, models.PageImportFailed, false), models.Code2DesProcessing, "k")
	var name string
	if err := f.db.QueryRowContext(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	dsn := testenv.DSNFor(name)
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	simple, err := database.Open(context.Background(), dsn+sep+"default_query_exec_mode=simple_protocol")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { simple.Close() })
	cfg := f.svc.cfg
	cfg.DB = simple
	svc := New(cfg)
	for _, with := range []bool{false, true} {
		whole, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, WithPageImports: with})
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range []models.Code2DesColumns{models.Code2DesColStatus, models.Code2DesColCreatedAt | models.Code2DesColWarningCount, 0} {
			filter := models.Code2DesFilter{ProjectID: f.a1, WithPageImports: with, Columns: cols, ImportColumns: models.PageImportColSourceURL | models.PageImportColCreatedAt}
			got, err := svc.Code2DesJobs(f.alice, filter)
			if err != nil {
				t.Fatal(err)
			}
			rc, ric := code2desReadColumns(filter)
			if len(got.Items) != len(whole.Items) || !reflect.DeepEqual(got.Cursors, whole.Cursors) {
				t.Fatalf("cols %b: %d jobs; want %d", cols, len(got.Items), len(whole.Items))
			}
			for k, j := range got.Items {
				w := onlyColumns(*whole.Items[k], code2desColumnFields, uint32(rc))
				if !reflect.DeepEqual(*j, w) {
					t.Errorf("cols %b, job %d: %+v; want %+v", cols, k, *j, w)
				}
			}
			for id, pi := range got.PageImports {
				if !with {
					t.Fatal("imports read without WithPageImports")
				}
				w := onlyColumns(*whole.PageImports[id], pageImportColumnFields, uint32(ric))
				if !reflect.DeepEqual(*pi, w) {
					t.Errorf("cols %b, import %s: %+v; want %+v", cols, id, *pi, w)
				}
			}
			if with && len(got.PageImports) != len(whole.PageImports) {
				t.Errorf("imports %v; want %v", got.PageImports, whole.PageImports)
			}
		}
	}
}

// TestColumnStatementsAtTheirBound: the column-set cache keeps MaxCode2DesStatements/2 shapes;
// at its bound a new column set is not kept, and its read, built by bun, is still right.
func TestColumnStatementsAtTheirBound(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	insertJob(t, f.db, insertImport(t, f.db, f.orgA, f.a1, models.PageImportCompleted, false), models.Code2DesCompleted, "k")
	const max = 2
	saved := code2desColumnStatements
	code2desColumnStatements = database.NewStatements[code2desShape](max)
	t.Cleanup(func() { code2desColumnStatements = saved })
	whole, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, First: 7})
	if err != nil || len(whole.Items) == 0 {
		t.Fatalf("whole rows: %v, %v", whole, err)
	}
	for n, cols := range []models.Code2DesColumns{models.Code2DesColStatus, models.Code2DesColFigmaFileKey, models.Code2DesColCreatedBy} {
		cf := models.Code2DesFilter{ProjectID: f.a1, First: 7, Columns: cols}
		got, err := f.svc.Code2DesJobs(f.alice, cf)
		if err != nil {
			t.Fatal(err)
		}
		_, kept := code2desColumnStatements.Text(newCode2DesShape(cf, "", 7))
		if wantKept := n < max; kept != wantKept || code2desColumnStatements.Len() != min(n+1, max) {
			t.Fatalf("column set %d: kept %v, %d kept; want %v, %d", n+1, kept, code2desColumnStatements.Len(), wantKept, min(n+1, max))
		}
		if len(got.Items) != len(whole.Items) {
			t.Fatalf("column set %d: %d jobs; want %d", n+1, len(got.Items), len(whole.Items))
		}
		rc, _ := code2desReadColumns(cf)
		for k, j := range got.Items {
			if w := onlyColumns(*whole.Items[k], code2desColumnFields, uint32(rc)); !reflect.DeepEqual(*j, w) {
				t.Errorf("column set %d, job %d: %+v; want %+v", n+1, k, *j, w)
			}
		}
	}
}

// onlyColumns is w with the fields (named in fields, one per column bit) of the columns not in
// mask set to zero: what a read of only mask's columns fills.
func onlyColumns[T any](w T, fields []string, mask uint32) T {
	keep := reflect.ValueOf(&w).Elem()
	for i, name := range fields {
		if mask&(1<<i) == 0 {
			keep.FieldByName(name).SetZero()
		}
	}
	return w
}
