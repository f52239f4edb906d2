package results

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/code2des/backend/models"
)

// The result artifact of SPEC §7, as a conversion worker writes it (snake_case, like every worker
// wire format):
//
//	{
//	  "manifest": {"kind": "code2des.result", "version": 1, "code2des_id": "...", "attempt": 1,
//	               "nonce": "...", "page_import_id": "...", "capture_hash": "..."},
//	  "root":     {"type": "FRAME", "id": "...", "name": "...", "children": [...]},
//	  "images":   [{"ref": "...", "key": "...", "mime_type": "image/png", "sha256": "...",
//	                "byte_size": 123, "width": 10, "height": 10}],
//	  "warnings": [{"code": "...", "message": "...", "node_id": "..."}]
//	}
//
// The node tree rules are in tree.go and docs/results.md; they must agree with the JSON Schemas in
// docs/schemas.

// ManifestKind and ManifestVersion identify a result artifact (SPEC §7).
const (
	ManifestKind    = "code2des.result"
	ManifestVersion = 1
)

// Limits of one result (SPEC §7: "reading is always bounded"). The byte limits and the fetch
// bounds are the defaults of Options and can be configured; the shape limits are fixed.
const (
	// DefaultMaxResultBytes bounds the result JSON artifact, in bytes.
	DefaultMaxResultBytes = 8 << 20
	// DefaultMaxImageBytes bounds one stored image, in bytes.
	DefaultMaxImageBytes = 10 << 20
	// DefaultMaxTotalImageBytes bounds the images of one result, in bytes: the sum of the stored
	// images, and separately the sum of the returned images (after any conversion).
	DefaultMaxTotalImageBytes = 32 << 20
	// DefaultFetchConcurrency caps the concurrent image reads of one result.
	DefaultFetchConcurrency = 8
	// DefaultFetchTimeout bounds loading one result: the artifact, every image and any conversion.
	DefaultFetchTimeout = 30 * time.Second
	// DefaultCacheBytes is the byte budget of the process-wide cache of hydrated results.
	DefaultCacheBytes = 256 << 20
	// DefaultConvertConcurrency caps the image decodes (WebP transcoding, downscaling) running at
	// once in the process; each may hold up to MaxConvertPixels*4 bytes of pixels.
	DefaultConvertConcurrency = 2

	// MaxImages is the most entries the images list of a result may hold.
	MaxImages = 1000
	// MaxWarnings is the most entries the warnings list of a result may hold.
	MaxWarnings = 10000
	// MaxTreeDepth is the deepest node nesting of the tree; the root is at depth 1.
	MaxTreeDepth = 128
	// MaxNodeCount is the most nodes the tree may hold, the root included.
	MaxNodeCount = 50000
	// MaxValueNesting bounds the JSON nesting of a node member the backend does not interpret (for
	// example an effect list), counted from the member's value.
	MaxValueNesting = 32
	// MaxIdentifierLength bounds node ids, image refs and warning node ids, in bytes (the Figma
	// identifier limit of SPEC §4).
	MaxIdentifierLength = models.MaxFigmaIdentifierLength
	// MaxWarningCodeLength bounds a warning code, in bytes.
	MaxWarningCodeLength = 64
	// MaxWarningMessageLength bounds a warning message, in bytes.
	MaxWarningMessageLength = models.MaxErrorMessageLength
	// MaxImageSide is the longest side, in px, of a raster Figma's createImage accepts; larger
	// rasters are scaled down to fit.
	MaxImageSide = 4096
	// MaxDeclaredImageSide bounds the width and height an image entry may declare, in px.
	MaxDeclaredImageSide = 65535
	// MaxConvertPixels bounds width*height of a raster the backend decodes to convert or scale it
	// (32 Mi px, 128 MiB of RGBA): decompression bombs are refused before decoding.
	MaxConvertPixels = 32 << 20
	// maxCacheEntries bounds the entry count of the cache; the byte budget is the real bound.
	maxCacheEntries = 4096
)

// Image MIME types of SPEC §7. Figma's createImage takes PNG, JPEG and GIF; WebP is converted to
// PNG; SVG is returned as text for createNodeFromSvg.
const (
	MimePNG  = "image/png"
	MimeJPEG = "image/jpeg"
	MimeGIF  = "image/gif"
	MimeWebP = "image/webp"
	MimeSVG  = "image/svg+xml"
)

// Warning codes the backend adds to a result when it changes an image to make it Figma-safe.
const (
	// WarningImageConverted: a WebP image was converted to PNG (or a large GIF to a PNG of its
	// first frame).
	WarningImageConverted = "IMAGE_CONVERTED"
	// WarningImageDownscaled: a raster larger than MaxImageSide px a side was scaled down to fit.
	WarningImageDownscaled = "IMAGE_DOWNSCALED"
)

// Manifest is the identity of a result artifact; every field must repeat the job's row.
type Manifest struct {
	Kind         string `json:"kind"`
	Version      int    `json:"version"`
	Code2DesID   string `json:"code2des_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	PageImportID string `json:"page_import_id"`
	CaptureHash  string `json:"capture_hash"`
}

// ImageEntry is one image a result references by ref.
type ImageEntry struct {
	// Ref is the name image fills and SVG nodes use (imageRef); unique in a result.
	Ref string `json:"ref"`
	// Key is the object key in the artifact bucket (not an s3:// pointer); it must lie under the
	// job's artifact prefix or its Page Import's.
	Key string `json:"key"`
	// MimeType is one of MimePNG, MimeJPEG, MimeGIF, MimeWebP, MimeSVG.
	MimeType string `json:"mime_type"`
	// Sha256 is the lowercase hex SHA-256 of the stored bytes.
	Sha256 string `json:"sha256"`
	// ByteSize is the stored size in bytes.
	ByteSize int64 `json:"byte_size"`
	// Width and Height are the pixel size (rasters: exactly the encoded size; SVG: the intended
	// size).
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Warning is one conversion warning of a result.
type Warning struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	NodeID  *string `json:"node_id"`
}

// Document is a result artifact split into its members. Root holds the exact bytes of the stored
// "root" value.
type Document struct {
	Manifest Manifest
	Root     json.RawMessage
	Images   []ImageEntry
	Warnings []Warning
}

// Reasons an artifact is refused. They travel as the cause (Err) of a models.Error, so they are
// logged and testable but never shown to clients.
var (
	// ErrMalformed: the artifact is not a JSON object with the four members of SPEC §7.
	ErrMalformed = errors.New("malformed result document")
	// ErrManifest: the manifest kind, version or identity does not match the job.
	ErrManifest = errors.New("manifest does not match the job")
	// ErrInvalidTree: the node tree breaks a shape rule or limit of tree.go.
	ErrInvalidTree = errors.New("invalid node tree")
	// ErrDanglingRef: an imageRef names no image, or names an image of the wrong kind.
	ErrDanglingRef = errors.New("imageRef does not resolve")
	// ErrInvalidImageEntry: an images entry or warnings entry breaks a field rule.
	ErrInvalidImageEntry = errors.New("invalid images or warnings entry")
	// ErrWarningCount: the warnings list length differs from the row's warning_count.
	ErrWarningCount = errors.New("warnings do not match warning_count")
	// ErrOutsidePrefix: a pointer or key lies outside the prefixes the job may use.
	ErrOutsidePrefix = errors.New("artifact outside the job's prefixes")
	// ErrResultTooLarge: the result JSON exceeds Options.MaxResultBytes.
	ErrResultTooLarge = errors.New("result artifact over its size limit")
	// ErrImageTooLarge: an image exceeds Options.MaxImageBytes, its declared size, or
	// MaxConvertPixels.
	ErrImageTooLarge = errors.New("image over its size limit")
	// ErrImagesOverBudget: the images of one result exceed Options.MaxTotalImageBytes.
	ErrImagesOverBudget = errors.New("images over the per-result budget")
	// ErrMissingObject: the result artifact or an image is not in storage.
	ErrMissingObject = errors.New("artifact object missing")
	// ErrHashMismatch: an image's SHA-256 or byte size differs from its entry.
	ErrHashMismatch = errors.New("image bytes do not match their sha256 or byte_size")
	// ErrTypeMismatch: an image's sniffed type differs from its declared mime type.
	ErrTypeMismatch = errors.New("image bytes do not match their mime type")
	// ErrInvalidImage: an image does not decode, or its size differs from its entry, or an SVG
	// is not well-formed.
	ErrInvalidImage = errors.New("image is not valid")
)
