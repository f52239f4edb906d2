package models

import (
	"time"

	"github.com/uptrace/bun"
)

// SourceKindPublicURL is the page_import.source_kind of a capture by URL (the seed default); the
// other kind is SourceKindMHTMLSnapshot (uploads.go).
const SourceKindPublicURL = "public_url"

// Organization owns projects and members. Minimal on purpose: the backend only needs it to scope
// and authorize jobs (SPEC §2).
type Organization struct {
	bun.BaseModel `bun:"table:organization"`

	ID        int64     `bun:"id,pk,autoincrement"`
	Name      string    `bun:"name,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull,nullzero,default:current_timestamp"`
	UpdatedAt time.Time `bun:"updated_at,notnull,nullzero,default:current_timestamp"`
}

// Project belongs to exactly one organization. The API takes a project id and derives the
// organization from it (SPEC §2).
type Project struct {
	bun.BaseModel `bun:"table:project"`

	ID             int64     `bun:"id,pk,autoincrement"`
	OrganizationID int64     `bun:"organization_id,notnull"`
	Name           string    `bun:"name,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull,nullzero,default:current_timestamp"`
	UpdatedAt      time.Time `bun:"updated_at,notnull,nullzero,default:current_timestamp"`
}

// Member roles. Every role may create and read jobs; the role is stored for the dashboard and for
// rules to come.
const (
	RoleOwner  = "owner"
	RoleAdmin  = "admin"
	RoleMember = "member"
)

// OrganizationMember grants a Cognito subject access to one organization's projects.
type OrganizationMember struct {
	bun.BaseModel `bun:"table:organization_member"`

	OrganizationID int64     `bun:"organization_id,pk"`
	Subject        string    `bun:"subject,pk"`
	Role           string    `bun:"role,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull,nullzero,default:current_timestamp"`
}

// PageImport is one capture of a public URL: the page_import seed table, column for column.
type PageImport struct {
	bun.BaseModel `bun:"table:page_import"`

	// ID is a UUIDv7 in canonical text (API pageImportId, worker page_import_id).
	ID                string           `bun:"id,pk"`
	OrganizationID    int64            `bun:"organization_id,notnull"`
	ProjectID         int64            `bun:"project_id,notnull"`
	SourceKind        string           `bun:"source_kind,notnull,nullzero,default:'public_url'"`
	SourceURL         string           `bun:"source_url,notnull"`
	ViewportWidth     int              `bun:"viewport_width,notnull"`
	ViewportHeight    int              `bun:"viewport_height,notnull"`
	DeviceScaleFactor float64          `bun:"device_scale_factor,type:real,notnull,nullzero,default:1"`
	ReadySelector     *string          `bun:"ready_selector"`
	Status            PageImportStatus `bun:"status,type:page_import_status,notnull,nullzero,default:'0'"`
	Attempt           int              `bun:"attempt,notnull,nullzero,default:1"`
	// Nonce is the per-job callback fence; never exposed through GraphQL and never logged.
	Nonce         string     `bun:"nonce,notnull"`
	ResultURL     *string    `bun:"result_url"`
	CaptureHash   *string    `bun:"capture_hash"`
	ScreenshotURL *string    `bun:"screenshot_url"`
	ErrorMessage  *string    `bun:"error_message"`
	CreatedAt     time.Time  `bun:"created_at,notnull,nullzero,default:current_timestamp"`
	UpdatedAt     time.Time  `bun:"updated_at,notnull,nullzero,default:current_timestamp"`
	DeletedAt     *time.Time `bun:"deleted_at,soft_delete,nullzero"`
	CreatedBy     string     `bun:"created_by,notnull"`
	UpdatedBy     string     `bun:"updated_by,notnull"`
	DeletedBy     *string    `bun:"deleted_by"`
}

// Code2Des is one conversion of a completed Page Import into native Figma nodes: the code2des seed
// table, column for column.
type Code2Des struct {
	bun.BaseModel `bun:"table:code2des"`

	// ID is a UUIDv7 in canonical text (API code2desId, worker code2des_id).
	ID              string         `bun:"id,pk"`
	OrganizationID  int64          `bun:"organization_id,notnull"`
	ProjectID       int64          `bun:"project_id,notnull"`
	PageImportID    string         `bun:"page_import_id,notnull"`
	FigmaFileKey    string         `bun:"figma_file_key,notnull"`
	ScreenID        string         `bun:"screen_id,notnull"`
	PlacementTarget *string        `bun:"placement_target"`
	Status          Code2DesStatus `bun:"status,type:code2des_status,notnull,nullzero,default:'0'"`
	Attempt         int            `bun:"attempt,notnull,nullzero,default:1"`
	// Nonce is the per-job callback fence; never exposed through GraphQL and never logged.
	Nonce              string     `bun:"nonce,notnull"`
	ResultURL          *string    `bun:"result_url"`
	WarningCount       *int       `bun:"warning_count"`
	ErrorMessage       *string    `bun:"error_message"`
	MaterializedAt     *time.Time `bun:"materialized_at"`
	MaterializedNodeID *string    `bun:"materialized_node_id"`
	CreatedAt          time.Time  `bun:"created_at,notnull,nullzero,default:current_timestamp"`
	UpdatedAt          time.Time  `bun:"updated_at,notnull,nullzero,default:current_timestamp"`
	DeletedAt          *time.Time `bun:"deleted_at,soft_delete,nullzero"`
	CreatedBy          string     `bun:"created_by,notnull"`
	UpdatedBy          string     `bun:"updated_by,notnull"`
	DeletedBy          *string    `bun:"deleted_by"`
}

// PageImportFailure is a row of page_import_failure, the side table of page_import that holds
// the failure code a capture worker sent with its failed callback (error_code, docs/workers.md
// §5; the seed table stays as it is). It is written in the transaction that applies the failed
// callback and read as PageImport.errorCode. Failures without a code (the sweeper's, a publish
// failure, a worker that sends none) leave no row.
type PageImportFailure struct {
	bun.BaseModel `bun:"table:page_import_failure"`

	PageImportID string `bun:"page_import_id,pk"`
	// Attempt is the job attempt that failed with ErrorCode.
	Attempt int `bun:"attempt,notnull"`
	// ErrorCode is the worker's code (IsErrorCode).
	ErrorCode string    `bun:"error_code,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull,nullzero,default:current_timestamp"`
}

// Code2DesFidelityScore is a row of code2des_fidelity, the side table of code2des that holds the
// fidelity scores of a completed job's result (docs/fidelity.md; the seed tables stay as they
// are). It is written with the completed-conversion callback and read by
// Code2Des.fidelityScore without touching the artifacts.
type Code2DesFidelityScore struct {
	bun.BaseModel `bun:"table:code2des_fidelity"`

	Code2DesID string `bun:"code2des_id,pk"`
	// Attempt is the job attempt whose result the scores are of.
	Attempt int `bun:"attempt,notnull"`
	// Version is the result's fidelity version.
	Version int `bun:"version,notnull"`
	// Ssim and DiffRatio are nil when the worker could not compare its preview.
	Ssim          *float64  `bun:"ssim"`
	DiffRatio     *float64  `bun:"diff_ratio"`
	TextCoverage  float64   `bun:"text_coverage,notnull"`
	ImageCoverage float64   `bun:"image_coverage,notnull"`
	CreatedAt     time.Time `bun:"created_at,notnull,nullzero,default:current_timestamp"`
}
