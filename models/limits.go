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
	// MaxSubjectLength is the longest actor recorded in created_by/updated_by/deleted_by (the seeds'
	// varchar(50)).
	MaxSubjectLength = 50
	// DefaultPageSize is the page size of a connection when `first` is not given (SPEC §3).
	DefaultPageSize = 20
	// MaxPageSize is the largest accepted `first` of a connection (SPEC §3).
	MaxPageSize = 100
)
