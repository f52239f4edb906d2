package models

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// SourceKindMHTMLSnapshot is the page_import.source_kind of a Page Import made from an uploaded
// MHTML snapshot of a page: the page as the user's browser saw it, behind a login or
// on an intranet, captured by the worker with no network at all.
const SourceKindMHTMLSnapshot = "mhtml_snapshot"

// Limits of snapshot uploads, checked by createPageImportUpload and
// completePageImportUpload.
const (
	// MaxSnapshotBytes is the largest snapshot upload, in bytes (50 MiB); the same number as
	// mhtml.MaxSnapshotBytes, which the worker enforces (a test keeps them equal).
	MaxSnapshotBytes = 50 << 20
	// MaxSnapshotFileNameLength is the longest fileName, in characters
	// (page_import_upload.file_name is varchar(255)).
	MaxSnapshotFileNameLength = 255
	// SnapshotUploadExpiry is how long the presigned PUT URL stays valid.
	SnapshotUploadExpiry = 10 * time.Minute
	// SnapshotObjectName is the object name of the snapshot under the Page Import's attempt
	// folder: page-imports/<id>/attempt-1/source.mhtml (SPEC §7 layout).
	SnapshotObjectName = "source.mhtml"
	// SnapshotContentType is the media type the upload is signed for.
	SnapshotContentType = "multipart/related"
)

// PageImportUpload is the page_import_upload side table: the declared snapshot of a Page Import
// with source_kind mhtml_snapshot, and whether its upload was completed.
type PageImportUpload struct {
	bun.BaseModel `bun:"table:page_import_upload"`

	PageImportID string `bun:"page_import_id,pk"`
	FileName     string `bun:"file_name,notnull"`
	// ByteSize is the declared size in bytes, 1..MaxSnapshotBytes.
	ByteSize int64 `bun:"byte_size,notnull"`
	// Sha256 is the declared lowercase hex SHA-256 of the file.
	Sha256 string `bun:"sha256,notnull"`
	// ObjectKey is the S3 key the presigned URL writes to.
	ObjectKey   string     `bun:"object_key,notnull"`
	ExpiresAt   time.Time  `bun:"expires_at,notnull"`
	CompletedAt *time.Time `bun:"completed_at"`
	CreatedAt   time.Time  `bun:"created_at,notnull,nullzero,default:current_timestamp"`
}

// PageImportUploadRequest is the createPageImportUpload argument.
type PageImportUploadRequest struct {
	ProjectID         int64
	ViewportWidth     int
	ViewportHeight    int
	DeviceScaleFactor float64
	// FileName is the client's name of the file, 1..MaxSnapshotFileNameLength characters; kept for
	// display only.
	FileName string
	// ByteSize is the file's size in bytes, 1..MaxSnapshotBytes.
	ByteSize int64
	// Sha256 is the file's SHA-256 as 64 hex digits (either case).
	Sha256 string
}

// PresignedUpload is a presigned S3 PUT: the client sends the file with exactly these method, URL
// and headers (the Content-Length and the x-amz-checksum-sha256 are part of the signature).
type PresignedUpload struct {
	Method string
	URL    string
	// Headers the request must carry, as signed (Host excluded: clients set it from the URL).
	Headers   []HTTPHeader
	ExpiresAt time.Time
}

// HTTPHeader is one header of a presigned request.
type HTTPHeader struct {
	Name  string
	Value string
}

// PageImportUploadTicket is what createPageImportUpload returns: the processing Page Import and
// where to put the file.
type PageImportUploadTicket struct {
	PageImport *PageImport
	Upload     PresignedUpload
}

// UploadPresigner presigns uploads into the artifact store.
type UploadPresigner interface {
	// PresignPut returns a PUT URL for key valid for expiry, bound to byteSize bytes with the
	// given SHA-256 (32 raw bytes) and content type.
	// Errors: CodeUnavailable when presigning fails.
	PresignPut(ctx context.Context, key string, byteSize int64, sha256 []byte, contentType string, expiry time.Duration) (PresignedUpload, error)
}

// PageImportUploadService is the snapshot upload flow of the GraphQL API.
type PageImportUploadService interface {
	// CreatePageImportUpload validates in, inserts a processing Page Import with source_kind
	// mhtml_snapshot and its upload row, and presigns the PUT.
	// Errors: CodeUnauthenticated, CodeBadUserInput (with Field; byteSize over MaxSnapshotBytes),
	// CodeNotFound (project), CodeUnavailable (storage or database down, rate limit).
	CreatePageImportUpload(ctx context.Context, in PageImportUploadRequest) (*PageImportUploadTicket, error)
	// CompletePageImportUpload checks the uploaded object (exists, declared size and SHA-256,
	// looks like MHTML), records its Snapshot-Content-Location as source_url and publishes the
	// capture message.
	// Errors: CodeUnauthenticated, CodeNotFound, CodeFailedPrecondition (nothing uploaded yet, or
	// not an upload waiting for completion), CodeBadUserInput (wrong size or hash, not MHTML: the
	// Page Import is then failed), CodeUnavailable (storage or queue down; a queue failure fails it).
	CompletePageImportUpload(ctx context.Context, id string) (*PageImport, error)
}
