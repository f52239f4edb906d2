package models_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
)

// seedProject inserts an organization with one project and returns them.
func seedProject(t *testing.T, db bun.IDB) (*models.Organization, *models.Project) {
	t.Helper()
	ctx := context.Background()
	org := &models.Organization{Name: "Acme"}
	if _, err := db.NewInsert().Model(org).Returning("*").Exec(ctx); err != nil {
		t.Fatalf("insert organization: %v", err)
	}
	proj := &models.Project{OrganizationID: org.ID, Name: "Site"}
	if _, err := db.NewInsert().Model(proj).Returning("*").Exec(ctx); err != nil {
		t.Fatalf("insert project: %v", err)
	}
	return org, proj
}

func TestOrganizationProjectMemberRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := testenv.MustOpenDB(t)
	org, proj := seedProject(t, db)
	if org.ID == 0 || proj.ID == 0 || org.CreatedAt.IsZero() || proj.UpdatedAt.IsZero() {
		t.Fatalf("defaults not returned: %+v %+v", org, proj)
	}
	m := &models.OrganizationMember{OrganizationID: org.ID, Subject: "sub-1", Role: models.RoleAdmin}
	if _, err := db.NewInsert().Model(m).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var got models.OrganizationMember
	if err := db.NewSelect().Model(&got).Where("organization_id = ? AND subject = ?", org.ID, "sub-1").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if got.Role != models.RoleAdmin || got.CreatedAt.IsZero() {
		t.Errorf("member read back as %+v", got)
	}
	bad := &models.OrganizationMember{OrganizationID: org.ID, Subject: "sub-2", Role: "root"}
	if _, err := db.NewInsert().Model(bad).Exec(ctx); err == nil {
		t.Error("a role outside owner/admin/member was accepted")
	}
	// Deleting the organization cascades to its projects and members.
	if _, err := db.NewDelete().Model(org).WherePK().Exec(ctx); err != nil {
		t.Fatal(err)
	}
	for _, model := range []any{(*models.Project)(nil), (*models.OrganizationMember)(nil)} {
		n, err := db.NewSelect().Model(model).Count(ctx)
		if err != nil || n != 0 {
			t.Errorf("%T rows after organization delete: %d (err %v), want 0", model, n, err)
		}
	}
}

func newPageImport(t *testing.T, org *models.Organization, proj *models.Project) *models.PageImport {
	t.Helper()
	id, err := models.NewID()
	if err != nil {
		t.Fatal(err)
	}
	nonce, err := models.NewNonce()
	if err != nil {
		t.Fatal(err)
	}
	return &models.PageImport{
		ID: id, OrganizationID: org.ID, ProjectID: proj.ID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce, CreatedBy: "sub-1", UpdatedBy: "sub-1",
	}
}

// softDelete marks a row deleted the way the services do: deleted_at and deleted_by in one UPDATE.
func softDelete(t *testing.T, db bun.IDB, model any, id string) {
	t.Helper()
	res, err := db.NewUpdate().Model(model).
		Set("deleted_at = current_timestamp").Set("deleted_by = ?", "sub-2").
		Where("id = ?", id).Exec(context.Background())
	if err != nil {
		t.Fatalf("soft delete: %v", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("soft delete touched %d rows", n)
	}
}

func TestPageImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := testenv.MustOpenDB(t)
	org, proj := seedProject(t, db)
	pi := newPageImport(t, org, proj)
	if _, err := db.NewInsert().Model(pi).Exec(ctx); err != nil {
		t.Fatalf("insert: %v", err)
	}
	var got models.PageImport
	if err := db.NewSelect().Model(&got).Where("id = ?", pi.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	// The seed defaults.
	if got.SourceKind != models.SourceKindPublicURL || got.Status != models.PageImportProcessing ||
		got.Attempt != 1 || got.DeviceScaleFactor != 1 || got.CreatedAt.IsZero() || got.UpdatedAt.IsZero() {
		t.Errorf("defaults: %+v", got)
	}
	if got.Nonce != pi.Nonce || got.ViewportWidth != 1440 || got.ReadySelector != nil || got.DeletedAt != nil {
		t.Errorf("read back %+v", got)
	}

	softDelete(t, db, (*models.PageImport)(nil), pi.ID)
	err := db.NewSelect().Model(&models.PageImport{}).Where("id = ?", pi.ID).Scan(ctx)
	if !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("a soft-deleted row is still read: err %v", err)
	}
	var deleted models.PageImport
	if err := db.NewSelect().Model(&deleted).WhereAllWithDeleted().Where("id = ?", pi.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if deleted.DeletedAt == nil || time.Since(*deleted.DeletedAt) > time.Minute || deleted.DeletedBy == nil || *deleted.DeletedBy != "sub-2" {
		t.Errorf("deleted_at %v deleted_by %v", deleted.DeletedAt, deleted.DeletedBy)
	}
}

func TestCode2DesRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := testenv.MustOpenDB(t)
	org, proj := seedProject(t, db)
	pi := newPageImport(t, org, proj)
	if _, err := db.NewInsert().Model(pi).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	job := &models.Code2Des{ID: id, OrganizationID: org.ID, ProjectID: proj.ID, PageImportID: pi.ID,
		FigmaFileKey: "AbC123", ScreenID: "example-com", Nonce: nonce, CreatedBy: "sub-1", UpdatedBy: "sub-1"}
	if _, err := db.NewInsert().Model(job).Exec(ctx); err != nil {
		t.Fatalf("insert: %v", err)
	}
	var got models.Code2Des
	if err := db.NewSelect().Model(&got).Where("id = ?", id).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if got.Status != models.Code2DesProcessing || got.Attempt != 1 || got.WarningCount != nil ||
		got.MaterializedAt != nil || got.CreatedAt.IsZero() || got.PageImportID != pi.ID {
		t.Errorf("defaults: %+v", got)
	}
	// A status update through a bulk statement needs the enum type in the tag (LOCAL-STACK.md).
	got.Status = models.Code2DesCompleted
	if _, err := db.NewUpdate().Model(&got).Column("status").WherePK().Exec(ctx); err != nil {
		t.Fatalf("update status: %v", err)
	}
	softDelete(t, db, (*models.Code2Des)(nil), id)
	n, err := db.NewSelect().Model((*models.Code2Des)(nil)).Where("id = ?", id).Count(ctx)
	if err != nil || n != 0 {
		t.Errorf("soft-deleted job counted %d times (err %v)", n, err)
	}
	var deleted models.Code2Des
	if err := db.NewSelect().Model(&deleted).WhereAllWithDeleted().Where("id = ?", id).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if deleted.Status != models.Code2DesCompleted || deleted.DeletedAt == nil || deleted.DeletedBy == nil || *deleted.DeletedBy != "sub-2" {
		t.Errorf("after delete: status %q deleted_at %v deleted_by %v", deleted.Status, deleted.DeletedAt, deleted.DeletedBy)
	}
}
