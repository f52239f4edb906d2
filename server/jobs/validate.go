package jobs

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sourceurl"
)

// The input rules of SPEC §4 live here (and the URL rules in package sourceurl). Each limit is a
// named constant of models/limits.go; field names are GraphQL argument paths.

// validatePageImport checks a createPageImport request and returns it normalized: the source URL
// in its normalized form, a blank ready selector as none.
// Errors: CodeBadUserInput naming the first offending field.
func validatePageImport(in models.PageImportRequest, urlOpts sourceurl.Options) (models.PageImportRequest, error) {
	if in.ProjectID <= 0 {
		return in, models.InputError("input.projectId", "must be a positive integer id")
	}
	u, err := sourceurl.Normalize(in.SourceURL, urlOpts)
	if err != nil {
		return in, models.InputError("input.sourceUrl", "%s", sourceurl.Reason(err))
	}
	in.SourceURL = u
	if err := validateRendering(in.ViewportWidth, in.ViewportHeight, in.DeviceScaleFactor); err != nil {
		return in, err
	}
	if in.ReadySelector != nil {
		sel := strings.TrimSpace(*in.ReadySelector)
		switch {
		case sel == "":
			in.ReadySelector = nil
		case !utf8.ValidString(sel) || strings.ContainsFunc(sel, unicode.IsControl):
			return in, models.InputError("input.readySelector", "must not contain control characters")
		case utf8.RuneCountInString(sel) > models.MaxReadySelectorLength:
			return in, models.InputError("input.readySelector", "must be at most %d characters", models.MaxReadySelectorLength)
		default:
			in.ReadySelector = &sel
		}
	}
	return in, nil
}

// validateRendering checks the viewport and device scale factor of SPEC §4 (createPageImport and
// createPageImportUpload share them).
// Errors: CodeBadUserInput naming the field.
func validateRendering(width, height int, dsf float64) error {
	if width < models.MinViewportWidth || width > models.MaxViewportWidth {
		return models.InputError("input.viewport.width", "must be between %d and %d CSS px",
			models.MinViewportWidth, models.MaxViewportWidth)
	}
	if height < models.MinViewportHeight || height > models.MaxViewportHeight {
		return models.InputError("input.viewport.height", "must be between %d and %d CSS px",
			models.MinViewportHeight, models.MaxViewportHeight)
	}
	if math.IsNaN(dsf) || dsf < models.MinDeviceScaleFactor || dsf > models.MaxDeviceScaleFactor {
		return models.InputError("input.deviceScaleFactor", "must be between %g and %g",
			models.MinDeviceScaleFactor, models.MaxDeviceScaleFactor)
	}
	return nil
}
