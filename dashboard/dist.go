// Package dashboard holds the built web dashboard (dist/, made by build.mjs from src/ and
// committed; `make plugin` checks it is current) for the API binary to serve at /dashboard/
// (server/dashboard).
package dashboard

import "embed"

// Dist is dist/: index.html and assets/ with content-hashed file names.
//
//go:embed dist/index.html dist/assets
var Dist embed.FS
