package graph

import (
	"time"

	"github.com/code2des/backend/models"
)

// Field costs for the complexity limit (extension.FixedComplexityLimit). A plain field costs 1 (the
// gqlgen default); a field that reads the database or a queue costs more, and a list costs its
// worst-case length times its children.
const (
	// CostDatabaseRead is the extra cost of a field that runs a query.
	CostDatabaseRead = 10
	// CostMutation is the extra cost of a mutation (a write and often a queue message).
	CostMutation = 50
	// CostResult is the extra cost of code2desResult: it reads the result artifact and every
	// image from storage (up to 32 MiB by default), so aliases must not multiply it. It is half
	// of the default complexity limit (GRAPHQL_COMPLEXITY_LIMIT, 5,000): one result with all its
	// fields fits in an operation, two do not, and a query with many aliases of it is refused
	// before any resolver runs (before any storage request).
	CostResult = 2500
	// CostDiffMap is the extra cost of Code2DesFidelity.diffMap: one more storage read of up to
	// 8 MiB inside a result.
	CostDiffMap = 100
	// CostScreenshot is the extra cost of PageImport.screenshot: a storage call to find the
	// thumbnail, and on first use reading the screenshot and storing its thumbnail (bounded by
	// screenshots.ThumbnailConcurrency). A page of 100 imports with thumbnails fits the limit.
	CostScreenshot = 20
)

// NewConfig returns the executable schema's configuration: the resolvers and the field costs.
func NewConfig(r *Resolver) Config {
	cfg := Config{Resolvers: r}
	c := &cfg.Complexity
	one := func(extra int) func(int) int { return func(child int) int { return extra + child } }
	c.Query.PageImport = func(child int, _ string) int { return CostDatabaseRead + child }
	c.Query.Code2des = func(child int, _ string) int { return CostDatabaseRead + child }
	c.Query.Code2desResult = func(child int, _ string) int { return CostResult + child }
	c.Query.PageImports = func(child int, _ string, _ *models.PageImportStatus, _ *string, first *int, _ *string) int {
		return CostDatabaseRead + pageCost(first)*child
	}
	c.Query.Code2desJobs = func(child int, _ string, _, _ *string, _ *models.Code2DesStatus, first *int, _ *string) int {
		return CostDatabaseRead + pageCost(first)*child
	}
	// PageImport.code2desJobs returns at most models.MaxPageSize jobs.
	c.PageImport.Code2desJobs = func(child int) int { return CostDatabaseRead + models.MaxPageSize*child }
	c.Code2Des.PageImport = one(CostDatabaseRead)
	// Code2Des.fidelityScore is one batched read per request (a dataloader), like pageImport.
	c.Code2Des.FidelityScore = one(CostDatabaseRead)
	// PageImport.errorCode is one batched read per request (a dataloader), and none for imports
	// that are not failed.
	c.PageImport.ErrorCode = one(CostDatabaseRead)
	c.Code2DesFidelity.DiffMap = one(CostDiffMap)
	c.Mutation.CreatePageImport = func(child int, _ CreatePageImportInput) int { return CostMutation + child }
	c.Mutation.TriggerCode2Des = func(child int, _ TriggerCode2DesInput) int { return CostMutation + child }
	c.Mutation.MaterializeCode2Des = func(child int, _ MaterializeCode2DesInput) int { return CostMutation + child }
	c.Mutation.DeletePageImport = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.DeleteCode2Des = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.RetryPageImport = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.RetryCode2Des = func(child int, _ string) int { return CostMutation + child }
	// One write and one queue message per viewport, and the list of imports.
	c.Mutation.CreatePageImports = func(child int, _ CreatePageImportsInput) int {
		return models.MaxViewportsPerRequest * (CostMutation + child)
	}
	c.PageImport.Screenshot = func(child int, _ *int) int { return CostScreenshot + child }
	// Two grouped counts.
	c.Query.ProjectJobStats = func(child int, _ string, _, _ *time.Time) int { return 2*CostDatabaseRead + child }
	return cfg
}

// pageCost is the number of rows a connection may return: `first`, its default, or the maximum
// for an out-of-range value (which the resolver then refuses anyway).
func pageCost(first *int) int {
	switch {
	case first == nil || *first == 0:
		return models.DefaultPageSize
	case *first < 0 || *first > models.MaxPageSize:
		return models.MaxPageSize
	}
	return *first
}
