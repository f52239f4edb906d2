package models

// Column sets: a list read that is written straight to the response (the GraphQL fast
// path) needs only the columns of the fields it writes; selecting only those costs PostgreSQL and
// the API less than the whole row. The zero value of each set means every column, so a read that
// names none gets whole rows.

// Code2DesColumns is a set of code2des columns, one bit each (Code2DesColID...); the zero value
// means every column.
type Code2DesColumns uint32

// The code2des columns a list read can fill, one bit each, in the order server/jobs selects them.
const (
	Code2DesColID Code2DesColumns = 1 << iota
	Code2DesColOrganizationID
	Code2DesColProjectID
	Code2DesColPageImportID
	Code2DesColFigmaFileKey
	Code2DesColScreenID
	Code2DesColPlacementTarget
	Code2DesColStatus
	Code2DesColAttempt
	Code2DesColWarningCount
	Code2DesColErrorMessage
	Code2DesColMaterializedAt
	Code2DesColMaterializedNodeID
	Code2DesColCreatedAt
	Code2DesColUpdatedAt
	Code2DesColCreatedBy

	// AllCode2DesColumns is every column above.
	AllCode2DesColumns = Code2DesColCreatedBy<<1 - 1
)

// Has reports whether every column of want is in s (the zero s has them all).
func (s Code2DesColumns) Has(want Code2DesColumns) bool { return s == 0 || s&want == want }

// PageImportColumns is a set of page_import columns, one bit each (PageImportColID...); the zero
// value means every column.
type PageImportColumns uint32

// The page_import columns a read can fill, one bit each, in the order server/jobs selects them.
const (
	PageImportColID PageImportColumns = 1 << iota
	PageImportColOrganizationID
	PageImportColProjectID
	PageImportColSourceKind
	PageImportColSourceURL
	PageImportColViewportWidth
	PageImportColViewportHeight
	PageImportColDeviceScaleFactor
	PageImportColReadySelector
	PageImportColStatus
	PageImportColAttempt
	PageImportColCaptureHash
	PageImportColScreenshotURL
	PageImportColErrorMessage
	PageImportColCreatedAt
	PageImportColUpdatedAt
	PageImportColCreatedBy

	// AllPageImportColumns is every column above.
	AllPageImportColumns = PageImportColCreatedBy<<1 - 1
)

// Has reports whether every column of want is in s (the zero s has them all).
func (s PageImportColumns) Has(want PageImportColumns) bool { return s == 0 || s&want == want }
