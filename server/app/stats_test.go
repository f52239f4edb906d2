package app_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"

	"github.com/code2des/backend/models"
)

const statsQ = `query($p: ID!, $since: Time, $until: Time) { projectJobStats(projectId: $p, since: $since, until: $until) {
  projectId since until pageImports { processing completed failed total } code2desJobs { processing completed failed total } } }`

type statsOut struct {
	ProjectJobStats struct {
		ProjectID, Since, Until   string
		PageImports, Code2desJobs struct{ Processing, Completed, Failed, Total int }
	}
}

func TestProjectJobStats(t *testing.T) {
	s := newAPIStack(t, nil)
	alice := s.client(t, "alice")
	ctx := context.Background()
	until := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) // far from now: the default window holds none of these
	since := until.Add(-24 * time.Hour)
	// Page Imports of project a1: in the window 2 processing, 3 completed, 1 failed; outside it
	// (before since, at until) and deleted ones are not counted; b1's never.
	add := func(project, org int64, status models.PageImportStatus, at time.Time, deleted bool) *models.PageImport {
		pi := completedImport(t, s.db, org, project, s.s3.Bucket)
		q := s.db.NewUpdate().Model((*models.PageImport)(nil)).Set("status = ?", status).Set("created_at = ?", at).Where("id = ?", pi.ID)
		if deleted {
			q = q.Set("deleted_at = ?", at).Set("deleted_by = 'alice'")
		}
		if _, err := q.Exec(ctx); err != nil {
			t.Fatal(err)
		}
		return pi
	}
	in := since.Add(time.Hour)
	for _, st := range []models.PageImportStatus{"0", "0", "1", "1", "2"} {
		add(s.a1, s.orgA, st, in, false)
	}
	pi := add(s.a1, s.orgA, "1", since, false) // at since: counted
	add(s.a1, s.orgA, "1", since.Add(-time.Microsecond), false)
	add(s.a1, s.orgA, "1", until, false)
	add(s.a1, s.orgA, "2", in, true)
	add(s.b1, s.orgB, "1", in, false)
	for _, st := range []models.Code2DesStatus{"0", "1", "1", "2", "2", "2"} {
		j := job(t, s.db, pi, st, s.s3.Bucket, 0)
		if _, err := s.db.NewRaw("UPDATE code2des SET created_at = ? WHERE id = ?", in, j.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	job(t, s.db, pi, "1", s.s3.Bucket, 0) // created now: outside the window

	var out statsOut
	vars := []client.Option{client.Var("p", fmt.Sprint(s.a1)), client.Var("since", since.Format(time.RFC3339)), client.Var("until", until.Format(time.RFC3339))}
	if err := alice.Post(statsQ, &out, vars...); err != nil {
		t.Fatal(err)
	}
	st := out.ProjectJobStats
	if p := st.PageImports; p.Processing != 2 || p.Completed != 3 || p.Failed != 1 || p.Total != 6 {
		t.Errorf("page imports %+v, want 2 processing, 3 completed, 1 failed", p)
	}
	if c := st.Code2desJobs; c.Processing != 1 || c.Completed != 2 || c.Failed != 3 || c.Total != 6 {
		t.Errorf("code2des %+v, want 1, 2, 3", c)
	}
	if st.ProjectID != fmt.Sprint(s.a1) || st.Since != since.Format(time.RFC3339) || st.Until != until.Format(time.RFC3339) {
		t.Errorf("window %s..%s of %s", st.Since, st.Until, st.ProjectID)
	}

	t.Run("DefaultWindowIsSevenDays", func(t *testing.T) {
		if err := alice.Post(statsQ, &out, client.Var("p", fmt.Sprint(s.a1))); err != nil {
			t.Fatal(err)
		}
		a, _ := time.Parse(time.RFC3339, out.ProjectJobStats.Since)
		b, _ := time.Parse(time.RFC3339, out.ProjectJobStats.Until)
		if b.Sub(a) != models.DefaultStatsWindow || out.ProjectJobStats.Code2desJobs.Total != 1 || out.ProjectJobStats.PageImports.Total != 0 {
			t.Errorf("default window %s..%s, %+v", a, b, out.ProjectJobStats.Code2desJobs)
		}
	})
	t.Run("LongestWindow", func(t *testing.T) {
		from := until.Add(-models.MaxStatsWindow)
		if err := alice.Post(statsQ, &out, client.Var("p", fmt.Sprint(s.a1)), client.Var("since", from.Format(time.RFC3339Nano)),
			client.Var("until", until.Format(time.RFC3339))); err != nil {
			t.Errorf("a window of exactly %s: %v", models.MaxStatsWindow, err)
		}
	})
	for _, tc := range []struct {
		name         string
		since, until time.Time
	}{
		{"ErrWindowOneSecondTooLong", until.Add(-models.MaxStatsWindow - time.Second), until},
		{"ErrEmptyWindow", until, until},
		{"ErrSinceAfterUntil", until.Add(time.Hour), until},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := errorOf(t, alice.Post(statsQ, &out, client.Var("p", fmt.Sprint(s.a1)), client.Var("since", tc.since.Format(time.RFC3339)),
				client.Var("until", tc.until.Format(time.RFC3339))))
			if e.Code != "BAD_USER_INPUT" || e.Field != "since" {
				t.Errorf("got %+v", e)
			}
		})
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		if e := errorOf(t, s.client(t, "bob").Post(statsQ, &out, vars...)); e.Code != "NOT_FOUND" {
			t.Errorf("bob reads alice's project: %+v", e)
		}
	})
}
