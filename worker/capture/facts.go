package capture

import _ "embed"

// factsJS defines window.__c2dFacts, the structure facts page.js's collect records beside the DOM:
// layout properties, the custom properties behind colours, the root's custom properties and the
// scroll position the boxes were taken at (always 0: it scrolls to the top at once first).
//
//go:embed facts.js
var factsJS string
