package models

// Input limits of SPEC §4. Every limit is checked in one place (the validators in this package and
// the URL normalizer) and tested at and just past its edge.
const (
	// MaxSourceURLLength is the longest accepted sourceUrl, in characters, after normalization.
	MaxSourceURLLength = 2048
	// MinViewportWidth and MaxViewportWidth bound the capture viewport width, in CSS px.
	MinViewportWidth = 320
	MaxViewportWidth = 3840
	// MinViewportHeight and MaxViewportHeight bound the capture viewport height, in CSS px.
	MinViewportHeight = 240
	MaxViewportHeight = 4320
	// MinDeviceScaleFactor and MaxDeviceScaleFactor bound the browser device scale factor.
	MinDeviceScaleFactor = 1.0
	MaxDeviceScaleFactor = 4.0
	// DefaultDeviceScaleFactor is the seed default of page_import.device_scale_factor.
	DefaultDeviceScaleFactor = 1.0
	// MaxReadySelectorLength is the longest ready selector, in characters (page_import.ready_selector
	// is varchar(512)).
	MaxReadySelectorLength = 512
	// MaxFigmaIdentifierLength is the longest Figma file key, screen id, placement target or node
	// id, in characters (the varchar(255) columns of the code2des seed).
	MaxFigmaIdentifierLength = 255
	// MaxErrorMessageLength caps a stored error_message, in characters; longer worker messages are
	// truncated.
	MaxErrorMessageLength = 1000
	// MaxErrorCodeLength is the longest error_code a worker may send with a failed callback, in
	// characters (page_import_failure.error_code is varchar(64)); see IsErrorCode.
	MaxErrorCodeLength = 64
	// MaxSubjectLength is the longest actor recorded in created_by/updated_by/deleted_by (the seeds'
	// varchar(50)).
	MaxSubjectLength = 50
	// DefaultPageSize is the page size of a connection when `first` is not given (SPEC §3).
	DefaultPageSize = 20
	// MaxPageSize is the largest accepted `first` of a connection (SPEC §3).
	MaxPageSize = 100
)

// IsErrorCode reports whether s is a well-formed failure code of a worker callback: 1 to
// MaxErrorCodeLength characters of A-Z, 0-9 and _, starting with a letter (PAGE_CRASHED,
// NOT_A_WEB_PAGE; docs/workers.md §5). The database checks the same rule.
func IsErrorCode(s string) bool {
	if s == "" || len(s) > MaxErrorCodeLength || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}
