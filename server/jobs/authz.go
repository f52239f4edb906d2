package jobs

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/database"
)

// caller returns the authenticated caller.
// Errors: CodeUnauthenticated, CodeUnavailable (the token could not be checked).
func caller(ctx context.Context) (models.Principal, error) { return auth.Caller(ctx) }

// projectOrganization returns the organization of projectID when the subject is a member of it.
// Errors: CodeNotFound (no such project, or not a member), CodeUnavailable, CodeInternal.
func (s *Service) projectOrganization(ctx context.Context, subject string, projectID int64) (int64, error) {
	orgID, err := auth.ProjectOrganization(ctx, s.cfg.DB, subject, projectID)
	if err != nil {
		return 0, passDomain(ctx, err)
	}
	return orgID, nil
}

// memberOrgs is the subquery of the organizations subject belongs to. Every job query (select,
// update) filters `organization_id IN (?)` with it, so other organizations' jobs read as NOT_FOUND
// (SPEC §3), not FORBIDDEN.
func (s *Service) memberOrgs(subject string) *bun.SelectQuery {
	return s.memberOrgsIn(nil, subject)
}

// memberOrgsIn is memberOrgs for a statement whose parameters p collects (database.Params).
func (s *Service) memberOrgsIn(p *database.Params, subject string) *bun.SelectQuery {
	return auth.MemberOrganizations(s.cfg.DB, p.Arg(subject))
}

// visibleProjectOrg is the subquery of projectID's organization when the subject is a member of
// it: a list query filters `organization_id = (?)` with it, so the membership check costs no round
// trip of its own. The query returns no row for a project the subject cannot see; a caller that
// must tell that from an empty page asks projectOrganization when the page is empty. p collects
// the statement's parameters.
func (s *Service) visibleProjectOrg(p *database.Params, subject string, projectID int64) *bun.SelectQuery {
	return auth.ProjectOrganizationQuery(s.cfg.DB, p.Arg(subject), p.Arg(projectID))
}
