package sweeper_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sweeper"
)

type fixture struct {
	t       *testing.T
	db      *bun.DB
	org     *models.Organization
	project *models.Project
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, db: testenv.MustOpenDB(t)}
	ctx := context.Background()
	f.org = &models.Organization{Name: "Acme"}
	if _, err := f.db.NewInsert().Model(f.org).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	f.project = &models.Project{OrganizationID: f.org.ID, Name: "Site"}
	if _, err := f.db.NewInsert().Model(f.project).Returning("*").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return f
}

// pageImport inserts a page import in status, last changed age ago.
func (f *fixture) pageImport(status models.PageImportStatus, age time.Duration) string {
	f.t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: f.org.ID, ProjectID: f.project.ID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce, Status: status, CreatedBy: "s", UpdatedBy: "s"}
	if status == models.PageImportCompleted {
		h := "ab"
		pi.CaptureHash = &h
	}
	ctx := context.Background()
	if _, err := f.db.NewInsert().Model(pi).Exec(ctx); err != nil {
		f.t.Fatal(err)
	}
	f.age("page_import", id, age)
	return id
}

func (f *fixture) code2des(pageImportID string, age time.Duration) string {
	f.t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	job := &models.Code2Des{ID: id, OrganizationID: f.org.ID, ProjectID: f.project.ID, PageImportID: pageImportID,
		FigmaFileKey: "k", ScreenID: "s", Nonce: nonce, CreatedBy: "s", UpdatedBy: "s"}
	if _, err := f.db.NewInsert().Model(job).Exec(context.Background()); err != nil {
		f.t.Fatal(err)
	}
	f.age("code2des", id, age)
	return id
}

func (f *fixture) age(table, id string, age time.Duration) {
	f.t.Helper()
	_, err := f.db.NewRaw("UPDATE ? SET updated_at = current_timestamp - ?::interval, created_at = current_timestamp - ?::interval WHERE id = ?",
		bun.Ident(table), secs(age), secs(age), id).Exec(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) pageImportRow(id string) models.PageImport {
	f.t.Helper()
	var row models.PageImport
	if err := f.db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		f.t.Fatal(err)
	}
	return row
}

func (f *fixture) code2desRow(id string) models.Code2Des {
	f.t.Helper()
	var row models.Code2Des
	if err := f.db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", id).Scan(context.Background()); err != nil {
		f.t.Fatal(err)
	}
	return row
}

// TestSweepFailsOverdueJobsOnly: an old processing job is failed with a safe message; a fresh one,
// a finished one and a deleted one are left alone, with separate deadlines per kind.
func TestSweepFailsOverdueJobsOnly(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	oldCapture := f.pageImport(models.PageImportProcessing, 20*time.Minute)
	freshCapture := f.pageImport(models.PageImportProcessing, time.Minute)
	// 12 minutes: past the conversion deadline below, within the capture deadline.
	midCapture := f.pageImport(models.PageImportProcessing, 12*time.Minute)
	oldCompleted := f.pageImport(models.PageImportCompleted, time.Hour)
	oldDeleted := f.pageImport(models.PageImportProcessing, time.Hour)
	if _, err := f.db.NewUpdate().Model((*models.PageImport)(nil)).Set("deleted_at = current_timestamp - interval '1 hour'").
		Where("id = ?", oldDeleted).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	midConversion := f.code2des(oldCompleted, 12*time.Minute)
	freshConversion := f.code2des(oldCompleted, 9*time.Minute)
	before := map[string]models.PageImport{}
	for _, id := range []string{freshCapture, midCapture, oldCompleted, oldDeleted} {
		before[id] = f.pageImportRow(id)
	}
	freshConversionBefore := f.code2desRow(freshConversion)

	s := &sweeper.Sweeper{DB: f.db, CaptureDeadline: 15 * time.Minute, ConversionDeadline: 10 * time.Minute}
	n, err := s.Sweep(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n != (sweeper.Counts{PageImports: 1, Code2Des: 1}) {
		t.Errorf("swept %+v, want 1 page import and 1 code2des", n)
	}
	old := f.pageImportRow(oldCapture)
	if old.Status != models.PageImportFailed || old.ErrorMessage == nil ||
		*old.ErrorMessage != "the capture did not finish within 15m0s" || old.UpdatedBy != sweeper.Actor ||
		time.Since(old.UpdatedAt) > time.Minute {
		t.Errorf("overdue capture after the sweep: status %q message %v by %q at %v", old.Status, old.ErrorMessage, old.UpdatedBy, old.UpdatedAt)
	}
	conv := f.code2desRow(midConversion)
	if conv.Status != models.Code2DesFailed || conv.ErrorMessage == nil || *conv.ErrorMessage != "the conversion did not finish within 10m0s" {
		t.Errorf("overdue conversion after the sweep: status %q message %v", conv.Status, conv.ErrorMessage)
	}
	for id, b := range before {
		if after := f.pageImportRow(id); after.Status != b.Status || !after.UpdatedAt.Equal(b.UpdatedAt) {
			t.Errorf("page import %s was touched: %q -> %q", id, b.Status, after.Status)
		}
	}
	if after := f.code2desRow(freshConversion); after.Status != models.Code2DesProcessing || !after.UpdatedAt.Equal(freshConversionBefore.UpdatedAt) {
		t.Errorf("fresh conversion was touched: %+v", after)
	}

	// A second sweep finds nothing more.
	if n, err := s.Sweep(context.Background()); err != nil || n != (sweeper.Counts{}) {
		t.Errorf("second sweep: %+v, %v", n, err)
	}
}

// TestSweepersInParallelFailEachJobOnce: several instances sweeping at once fail every overdue job
// exactly once between them, across more than one batch.
func TestSweepersInParallelFailEachJobOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	const jobs = sweeper.BatchSize + 50
	_, err := f.db.NewRaw(`
		INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height, nonce,
			created_by, updated_by, created_at, updated_at)
		SELECT gen_random_uuid()::text, ?, ?, 'https://example.com/', 1440, 900, md5(g::text), 's', 's',
			current_timestamp - interval '1 hour', current_timestamp - interval '1 hour'
		FROM generate_series(1, ?) g`, f.org.ID, f.project.ID, jobs).Exec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	counts := make([]sweeper.Counts, 4)
	errs := make([]error, 4)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &sweeper.Sweeper{DB: f.db, CaptureDeadline: time.Minute, ConversionDeadline: time.Minute}
			counts[i], errs[i] = s.Sweep(context.Background())
		}()
	}
	wg.Wait()
	total := 0
	for i := range counts {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		total += counts[i].PageImports
	}
	if total != jobs {
		t.Errorf("the sweepers failed %d jobs between them (%v), want %d", total, counts, jobs)
	}
	var processing int
	if err := f.db.NewRaw("SELECT count(*) FROM page_import WHERE status = '0'").Scan(context.Background(), &processing); err != nil {
		t.Fatal(err)
	}
	if processing != 0 {
		t.Errorf("%d jobs still processing", processing)
	}
}

// TestRunStopsWithItsContext: Run sweeps at once and returns when its context ends.
func TestRunStopsWithItsContext(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	id := f.pageImport(models.PageImportProcessing, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		(&sweeper.Sweeper{DB: f.db, CaptureDeadline: time.Minute, Interval: time.Hour}).Run(ctx)
	}()
	testenv.WaitFor(t, 10*time.Second, "Run sweeps at start", func() bool {
		return f.pageImportRow(id).Status == models.PageImportFailed
	})
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

func secs(d time.Duration) string { return fmt.Sprintf("%d seconds", int64(d.Seconds())) }
