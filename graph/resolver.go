// Package graph is the GraphQL API (SPEC §3): gqlgen's generated executor plus thin resolvers that
// call the domain services of package models. It never touches SQL or AWS.
package graph

//go:generate go -C .. tool gqlgen generate

import "github.com/code2des/backend/models"

// Resolver holds the domain services the resolvers call.
type Resolver struct {
	PageImportService models.PageImportService
	Code2DesService   models.Code2DesService
	ResultService     models.ResultService
	// RetryService serves retryPageImport and retryCode2Des.
	RetryService models.JobRetryService
	// BatchService serves createPageImports.
	BatchService models.PageImportBatchService
	// StatsService serves projectJobStats.
	StatsService models.JobStatsService
	// Screenshots serves PageImport.screenshot.
	Screenshots models.ScreenshotService
	// Events feeds the subscriptions.
	Events models.JobEventSource
	// UploadService serves the snapshot imports (createPageImportUpload, completePageImportUpload).
	UploadService models.PageImportUploadService
}
