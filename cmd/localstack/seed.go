package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// Names of the seeded local organization and project, and the default member.
const (
	localOrganizationName = "Local organization"
	localProjectName      = "Local project"
	defaultSubject        = "local-user"
)

// seededIDs are the ids docs/walkthrough.md uses (printed in the start-up log).
type seededIDs struct {
	OrganizationID, ProjectID int64
	Subject                   string
}

// migrateAndSeed applies migrations and seeds the local organization, project and member.
func migrateAndSeed(ctx context.Context, dsn, subject string) (seededIDs, error) {
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return seededIDs{}, err
	}
	defer db.Close()
	if _, err := database.Migrate(ctx, db, database.Up); err != nil {
		return seededIDs{}, err
	}
	return seed(ctx, db, subject)
}

// seed makes sure the local organization (found by name), its project and subject's owner
// membership exist; it is idempotent.
func seed(ctx context.Context, db bun.IDB, subject string) (seededIDs, error) {
	ids := seededIDs{Subject: subject}
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		org := new(models.Organization)
		err := tx.NewSelect().Model(org).Where("name = ?", localOrganizationName).OrderExpr("id").Limit(1).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			org.Name = localOrganizationName
			_, err = tx.NewInsert().Model(org).Returning("id").Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("seed organization: %w", err)
		}
		proj := new(models.Project)
		err = tx.NewSelect().Model(proj).Where("organization_id = ? AND name = ?", org.ID, localProjectName).OrderExpr("id").Limit(1).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			proj.OrganizationID, proj.Name = org.ID, localProjectName
			_, err = tx.NewInsert().Model(proj).Returning("id").Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("seed project: %w", err)
		}
		m := &models.OrganizationMember{OrganizationID: org.ID, Subject: subject, Role: models.RoleOwner}
		if _, err := tx.NewInsert().Model(m).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("seed member: %w", err)
		}
		ids.OrganizationID, ids.ProjectID = org.ID, proj.ID
		return nil
	})
	return ids, err
}
