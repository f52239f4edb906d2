package graph

import (
	"time"

	"github.com/code2des/backend/models"
)

// extraCosts sets the field costs of schema_jobs_extra.graphqls (issue 18).
func extraCosts(c *ComplexityRoot) {
	c.Mutation.RetryPageImport = func(child int, _ string) int { return CostMutation + child }
	c.Mutation.RetryCode2Des = func(child int, _ string) int { return CostMutation + child }
	// One write and one queue message per viewport, and the list of imports.
	c.Mutation.CreatePageImports = func(child int, _ CreatePageImportsInput) int {
		return models.MaxViewportsPerRequest * (CostMutation + child)
	}
	// Two grouped counts.
	c.Query.ProjectJobStats = func(child int, _ string, _, _ *time.Time) int { return 2*CostDatabaseRead + child }
}
