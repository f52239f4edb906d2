package jobs

import (
	"context"
	"strings"
	"testing"

	"github.com/code2des/backend/models"
)

// The lists check the membership inside their own query (visibleProjectOrg). A project the caller
// cannot see must still read as NOT_FOUND, an empty visible one as an empty page.
func TestListsFoldTheMembershipCheck(t *testing.T) {
	f := newFixture(t)
	pi, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1))
	if err != nil {
		t.Fatal(err)
	}
	failed := models.PageImportFailed
	for name, tc := range map[string]struct {
		ctx     context.Context
		project int64
		status  *models.PageImportStatus
		want    []string
		code    models.ErrorCode
	}{
		"OK/OwnProject":               {f.alice, f.a1, nil, []string{pi.ID}, ""},
		"OK/OwnEmptyProject":          {f.alice, f.a2, nil, nil, ""},
		"OK/OwnProjectNothingMatches": {f.alice, f.a1, &failed, nil, ""},
		"NotFound/OtherOrganization":  {f.bob, f.a1, nil, nil, models.CodeNotFound},
		"NotFound/OtherEmptyProject":  {f.bob, f.a2, nil, nil, models.CodeNotFound},
		"NotFound/UnknownProject":     {f.alice, f.b1 + 1000, nil, nil, models.CodeNotFound},
		"Unauthenticated":             {f.anonymous, f.a1, nil, nil, models.CodeUnauthenticated},
	} {
		t.Run(name, func(t *testing.T) {
			page, err := f.svc.PageImports(tc.ctx, models.PageImportFilter{ProjectID: tc.project, Status: tc.status})
			if models.ErrorCodeOf(err) != tc.code {
				t.Fatalf("pageImports: %v, want code %q", err, tc.code)
			}
			if err == nil {
				var got []string
				for _, r := range page.Items {
					got = append(got, r.ID)
				}
				if strings.Join(got, ",") != strings.Join(tc.want, ",") {
					t.Errorf("pageImports = %v, want %v", got, tc.want)
				}
			}
			jobs, err := f.svc.Code2DesJobs(tc.ctx, models.Code2DesFilter{ProjectID: tc.project})
			if models.ErrorCodeOf(err) != tc.code {
				t.Fatalf("code2desJobs: %v, want code %q", err, tc.code)
			}
			if err == nil && len(jobs.Items) != 0 {
				t.Errorf("code2desJobs = %d jobs, want none", len(jobs.Items))
			}
		})
	}
}

// TestFoldedListQueryPlanUsesIndexes: with the membership subquery in place of a constant
// organization, the Page Import list still reads through an index (the subquery runs once, as an
// InitPlan).
func TestFoldedListQueryPlanUsesIndexes(t *testing.T) {
	f := newFixture(t)
	seedMany(t, f, 250)
	if _, err := f.db.ExecContext(context.Background(), "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	q := pageImportsQuery(f.db, nil, f.svc.visibleProjectOrg(nil, "alice", f.a1), f.a1, nil, nil, "", models.DefaultPageSize).String()
	plan := explain(t, f.db, q)
	if strings.Contains(plan, "Seq Scan on page_import") || !usesListIndex(plan) {
		t.Errorf("plan for %s does not use an index:\n%s", q, plan)
	}
}
