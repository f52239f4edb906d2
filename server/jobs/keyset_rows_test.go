package jobs

import (
	"context"
	"slices"
	"testing"

	"github.com/code2des/backend/models"
)

// TestLaterPagesSameRows: walking every page of both lists, in every shape (status, Figma file
// key and Page Import filters, with the imports joined or not, several page sizes, each shape
// three times so that prepared statements reach their generic plan), through the statement cache
// (a pool) and through a transaction (values written in the text), returns exactly the project's
// non-deleted rows, newest first, each once: the keyset bound (project_id, id) < (project, cursor)
// keeps what id < cursor kept. The rows of two projects of one organization and of another
// organization interleave in id order, and some rows are deleted.
func TestLaterPagesSameRows(t *testing.T) {
	f := newCode2DesFixture(t, nil)
	ctx := context.Background()
	type imp struct {
		pi      *models.PageImport
		deleted bool
	}
	var imps []imp
	var jobs []*models.Code2Des
	deletedJob := map[string]bool{}
	istat := []models.PageImportStatus{models.PageImportCompleted, models.PageImportProcessing, models.PageImportFailed}
	jstat := []models.Code2DesStatus{models.Code2DesCompleted, models.Code2DesProcessing}
	for i := 0; i < 60; i++ {
		proj := []int64{f.a1, f.a2}[i%2]
		if i%7 == 3 {
			proj = f.a1
		}
		org := f.orgA
		pi := insertImport(t, f.db, org, proj, istat[i%3], false)
		del := i%11 == 5
		imps = append(imps, imp{pi, del})
		for k := 0; k < 1+i%3; k++ {
			j := insertJob(t, f.db, pi, jstat[(i+k)%2], []string{"fileA", "fileB"}[(i/2+k)%2])
			jobs = append(jobs, j)
			if (i+k)%9 == 4 {
				deletedJob[j.ID] = true
			}
		}
		// A row of another organization between them in id order.
		insertJob(t, f.db, insertImport(t, f.db, f.orgB, f.b1, istat[i%3], false), jstat[i%2], "fileA")
	}
	for _, im := range imps {
		if im.deleted {
			if _, err := f.db.NewDelete().Model(im.pi).WherePK().Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	for id := range deletedJob {
		if _, err := f.db.NewDelete().Model((*models.Code2Des)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck
	txSvc := New(Config{DB: tx, ConversionQueue: f.queue.Queue, Bucket: f.bucket, ArtifactKeyPrefix: "env/",
		PublicBaseURL: f.base + "/", Logger: f.svc.cfg.Logger})

	for _, svc := range []struct {
		name string
		s    *Service
	}{{"pool", f.svc}, {"tx", txSvc}} {
		for _, proj := range []int64{f.a1, f.a2} {
			for _, st := range []*models.PageImportStatus{nil, &istat[0], &istat[1], &istat[2]} {
				var want []string
				for _, im := range imps {
					if im.pi.ProjectID == proj && !im.deleted && (st == nil || im.pi.Status == *st) {
						want = append(want, im.pi.ID)
					}
				}
				slices.Sort(want)
				slices.Reverse(want)
				for _, size := range []int{1, 2, 3, 7} {
					for rep := 0; rep < 3; rep++ { // the statement cache's generic plan after five runs
						got := allPages(t, 200, func(after string) ([]string, []string, bool, error) {
							page, err := svc.s.PageImports(f.alice, models.PageImportFilter{ProjectID: proj, Status: st, First: size, After: after})
							if err != nil {
								return nil, nil, false, err
							}
							ids := make([]string, len(page.Items))
							for i, it := range page.Items {
								ids[i] = it.ID
							}
							return ids, page.Cursors, page.HasNextPage, nil
						})
						if !slices.Equal(got, want) {
							t.Fatalf("%s PageImports project %d status %v size %d: got %v want %v", svc.name, proj, st, size, got, want)
						}
					}
				}
			}
			jobDeleted := func(j *models.Code2Des) bool { return deletedJob[j.ID] }
			fileA, fileB := "fileA", "fileB"
			for _, fk := range []*string{nil, &fileA, &fileB} {
				for _, js := range []*models.Code2DesStatus{nil, &jstat[0], &jstat[1]} {
					for _, piFilter := range []*string{nil, &imps[4].pi.ID, &imps[5].pi.ID} {
						for _, with := range []bool{false, true} {
							var want []string
							for _, j := range jobs {
								if j.ProjectID == proj && !jobDeleted(j) && (fk == nil || j.FigmaFileKey == *fk) &&
									(js == nil || j.Status == *js) && (piFilter == nil || j.PageImportID == *piFilter) {
									want = append(want, j.ID)
								}
							}
							slices.Sort(want)
							slices.Reverse(want)
							for _, size := range []int{1, 3} {
								got := allPages(t, 300, func(after string) ([]string, []string, bool, error) {
									page, err := svc.s.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: proj, FigmaFileKey: fk, Status: js,
										PageImportID: piFilter, WithPageImports: with, First: size, After: after})
									if err != nil {
										return nil, nil, false, err
									}
									ids := make([]string, len(page.Items))
									for i, it := range page.Items {
										ids[i] = it.ID
									}
									return ids, page.Cursors, page.HasNextPage, nil
								})
								if !slices.Equal(got, want) {
									t.Fatalf("%s Code2DesJobs project %d fk %v st %v pi %v with %v size %d: got %d %v want %d %v",
										svc.name, proj, fk, js, piFilter, with, size, len(got), got, len(want), want)
								}
							}
						}
					}
				}
			}
		}
	}
}

// allPages follows a list from its first page through each page's last cursor until a page says
// there is no next one (at most max pages), and returns the ids in the order the pages gave them.
func allPages(t *testing.T, max int, page func(after string) (ids, cursors []string, hasNext bool, err error)) []string {
	t.Helper()
	var got []string
	after := ""
	for range max {
		ids, cursors, hasNext, err := page(after)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ids...)
		if !hasNext {
			break
		}
		after = cursors[len(cursors)-1]
	}
	return got
}
