package graph

import (
	"time"

	"github.com/code2des/backend/models"
)

// CostScreenshot is the extra cost of PageImport.screenshot: a storage call to find the
// thumbnail, and on first use reading the screenshot and storing its thumbnail (bounded by
// screenshots.ThumbnailConcurrency).
const CostScreenshot = 20

// extraCosts sets the field costs of schema_jobs_extra.graphqls (issue 18).
func extraCosts(c *ComplexityRoot) {
	c.Mutation.RetryPageImport = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.RetryCode2Des = func(child int, _ string) int { return CostMutation + child }
	// One write and one queue message per viewport, and the list of imports.
	c.Mutation.CreatePageImports = func(child int, _ CreatePageImportsInput) int {
		return models.MaxViewportsPerRequest * (CostMutation + child)
	}
	// A storage check, maybe a thumbnail made; a page of 100 imports with thumbnails fits.
	c.PageImport.Screenshot = func(child int, _ *int) int { return CostScreenshot + child }
	// Two grouped counts.
	c.Query.ProjectJobStats = func(child int, _ string, _, _ *time.Time) int { return 2*CostDatabaseRead + child }
}
