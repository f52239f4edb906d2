package jobs

import (
	"syscall"
	"testing"

	"github.com/code2des/backend/models"
)

// BenchmarkReads measures the database layer of the API's small reads without the
// HTTP and GraphQL layers: PageImport by id, a page of 20 Page Imports, and a page of 20 Code2Des
// jobs with their Page Imports joined (the bench's `code2desJobs(first: 20) { pageImport }`).
// cpu-ns/op is this process's CPU time per read (the database runs in another process).
func BenchmarkReads(b *testing.B) {
	f := newCode2DesFixture(b, nil)
	var first *models.PageImport
	for range 25 {
		pi := insertImport(b, f.db, f.orgA, f.a1, models.PageImportCompleted, false)
		insertJob(b, f.db, pi, models.Code2DesCompleted, "AbC123")
		if first == nil {
			first = pi
		}
	}
	first20 := 20
	for _, tc := range []struct {
		name string
		read func() (int, error)
	}{
		{"PageImport", func() (int, error) {
			_, err := f.svc.PageImport(f.alice, first.ID)
			return 1, err
		}},
		{"PageImports", func() (int, error) {
			p, err := f.svc.PageImports(f.alice, models.PageImportFilter{ProjectID: f.a1, First: first20})
			if err != nil {
				return 0, err
			}
			return len(p.Items), nil
		}},
		{"Code2DesJobsWithImports", func() (int, error) {
			p, err := f.svc.Code2DesJobs(f.alice, models.Code2DesFilter{ProjectID: f.a1, First: first20, WithPageImports: true})
			if err != nil {
				return 0, err
			}
			return len(p.Items) + len(p.PageImports), nil
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := processCPU()
			for b.Loop() {
				n, err := tc.read()
				if err != nil || n == 0 {
					b.Fatal(n, err)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU is the CPU time this process has used (user and system, all threads) in ns.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
