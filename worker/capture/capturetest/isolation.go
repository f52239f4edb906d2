package capturetest

// Pages of the test site for the capture's isolation and settling rules (docs/workers.md).
const (
	// VisitorPath shows "FIRST VISIT" unless an earlier visit left a cookie, a localStorage or
	// sessionStorage item or an IndexedDB database on the site's origin ("RETURNING VISITOR"),
	// then leaves all four. #seen lists what it found. With ?signal=<url> it then requests <url>
	// (no-cors). VisitorReadySelector appears once the page has decided.
	VisitorPath = "/visitor.html"
	// VisitorReadySelector appears on VisitorPath once it has written its marks.
	VisitorReadySelector = "#visitor-ready"
	// FirstVisit and ReturningVisitor are the texts VisitorPath shows.
	FirstVisit       = "FIRST VISIT"
	ReturningVisitor = "RETURNING VISITOR"
)
