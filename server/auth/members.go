package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
)

// MemberOrganizations returns the subquery of the organization ids subject belongs to, for
// `organization_id IN (?)` filters: a job outside them reads as NOT_FOUND (SPEC §3). It is served
// by organization_member_subject_idx.
//
// subject is the subject, or its placeholder from database.Params.Arg.
func MemberOrganizations(db bun.IDB, subject any) *bun.SelectQuery {
	return db.NewSelect().Model((*models.OrganizationMember)(nil)).
		Column("organization_id").Where("subject = ?", subject)
}

// ProjectOrganizationQuery returns the subquery of the organization of projectID when subject is
// a member of it (no row otherwise), for `organization_id = (?)` filters: a list can check the
// membership in its own statement instead of a round trip of its own.
//
// subject and projectID are the values, or their placeholders from database.Params.Arg.
func ProjectOrganizationQuery(db bun.IDB, subject, projectID any) *bun.SelectQuery {
	return db.NewSelect().Model((*models.Project)(nil)).Column("project.organization_id").
		Join("JOIN organization_member AS m ON m.organization_id = project.organization_id AND m.subject = ?", subject).
		Where("project.id = ?", projectID)
}

// ProjectOrganization returns the organization of projectID when subject is a member of it. The
// organization always comes from the project, never from the client (SPEC §2).
// Errors: CodeNotFound when the project does not exist or subject is not a member of its
// organization (the two are not told apart); database failures are returned wrapped, unclassified.
func ProjectOrganization(ctx context.Context, db bun.IDB, subject string, projectID int64) (int64, error) {
	var orgID int64
	err := ProjectOrganizationQuery(db, subject, projectID).Scan(ctx, &orgID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, models.Errorf(models.CodeNotFound, "project %d not found", projectID)
	}
	if err != nil {
		return 0, fmt.Errorf("look up project %d: %w", projectID, err)
	}
	return orgID, nil
}
