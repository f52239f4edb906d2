package app

import (
	"context"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/screenshots"
)

// newScreenshots serves PageImport.screenshot from the artifact store, which must presign URLs
// (s3store does); without one (tests that give no storage) the field answers UNAVAILABLE.
func (a *App) newScreenshots() models.ScreenshotService {
	presign, ok := a.deps.Blob.(models.URLPresigner)
	if !ok || a.deps.Blob == nil {
		return noScreenshots{}
	}
	return screenshots.New(a.deps.Blob, presign, a.cfg.DependencyTimeout*3)
}

type noScreenshots struct{}

func (noScreenshots) Screenshot(context.Context, *models.PageImport, *int) (*models.Screenshot, error) {
	return nil, models.Errorf(models.CodeUnavailable, "storage is not configured")
}
