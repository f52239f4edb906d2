package models

// Viewport is a Page Import's capture viewport in CSS px (GraphQL type Viewport; limits
// MinViewportWidth..MaxViewportHeight). It is derived from the viewport_width and viewport_height
// columns of the page_import seed table.
type Viewport struct {
	Width  int
	Height int
}

// Viewport returns the capture viewport. gqlgen binds PageImport.viewport to this method, so the
// field is computed inline with the row's other fields instead of by a resolver that gqlgen would
// run concurrently (a goroutine per Page Import).
func (p *PageImport) Viewport() Viewport {
	return Viewport{Width: p.ViewportWidth, Height: p.ViewportHeight}
}

// HasScreenshot reports whether the capture stored a full-page screenshot (screenshot_url is set);
// the pointer itself is never exposed (SPEC §3). Bound by gqlgen like Viewport.
func (p *PageImport) HasScreenshot() bool { return p.ScreenshotURL != nil }
