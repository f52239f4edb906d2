package results

import (
	"errors"
	"time"

	"github.com/code2des/backend/decodecost"
	"github.com/code2des/backend/server/artifacts"
)

// The result artifact's format and its rules (manifest, node tree, images and warnings entries,
// imageRef resolution, key scope) are defined once, in server/artifacts (result.go, tree.go);
// this package adds what is about reading a result: byte and time bounds, image bytes, and the
// conversions that make images Figma-safe.

// Limits of reading one result (SPEC §7: "reading is always bounded"). The byte limits and the
// fetch bounds are the defaults of Options and can be configured; the shape limits of the format
// are artifacts.MaxImages and its neighbours; the image limits below are fixed.
const (
	// DefaultMaxResultBytes bounds the result JSON artifact, in bytes: the limit the callback
	// applies (artifacts.DefaultResultMaxBytes, 8 MiB), so an accepted result can be read.
	DefaultMaxResultBytes = artifacts.DefaultResultMaxBytes
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
	// once in the process. Each allocates at most MaxConvertBytes to decode, plus the scaled copy
	// (at most MaxImageSide^2 NRGBA, 64 MiB) and the re-encoded bytes: under
	// 3*MaxConvertBytes (TestConvertMemoryBound), so 2 slots stay under 768 MiB.
	DefaultConvertConcurrency = 2

	// MaxImageSide is the longest side, in px, of a raster Figma's createImage accepts; larger
	// rasters are scaled down to fit.
	MaxImageSide = 4096
	// MaxConvertBytes bounds what the decoder may allocate for a raster the backend converts
	// or scales (128 MiB: the 32 Mi px of an 8192x4096 8-bit RGBA PNG). It is computed from the
	// headers before decoding (package decodecost, the table the conversion worker shares),
	// per format, in bytes a pixel: PNG 4 (8-bit, gray counted as colour), 8 (16-bit), 1
	// (paletted), twice that when interlaced; GIF 2; JPEG 1 a sample (4:2:0 YCbCr: 1.5,
	// rounded up to whole MCUs), plus 4 a sample when progressive (the coefficients of every
	// block), plus 4 for CMYK or RGB; WebP 1.5 lossy, plus 1 for alpha (plus 8 if compressed),
	// 8 lossless. So a progressive 4:2:0 JPEG may have 17 Mi px, a 16-bit PNG 16 Mi px, a
	// paletted PNG 128 Mi px. Decompression bombs are refused before decoding.
	MaxConvertBytes = decodecost.MaxBytes
	// maxCacheEntries bounds the entry count of the cache; the byte budget is the real bound.
	maxCacheEntries = 4096
)

// Warning codes the backend adds to a result when it changes an image to make it Figma-safe.
const (
	// WarningImageConverted: a WebP image was converted to PNG (or a large GIF to a PNG of its
	// first frame).
	WarningImageConverted = "IMAGE_CONVERTED"
	// WarningImageDownscaled: a raster larger than MaxImageSide px a side was scaled down to fit.
	WarningImageDownscaled = "IMAGE_DOWNSCALED"
)

// Reasons a result is refused while it is read. They travel as the cause (Err) of a
// models.Error, so they are logged and testable but never shown to clients. A broken format rule
// has one of the reasons of server/artifacts instead (artifacts.ErrMalformed, ErrManifest,
// ErrInvalidTree, ErrDanglingRef, ErrInvalidEntry, ErrWarningCount, ErrOutsidePrefix).
var (
	// ErrResultTooLarge: the result JSON exceeds Options.MaxResultBytes.
	ErrResultTooLarge = errors.New("result artifact over its size limit")
	// ErrImageTooLarge: an image exceeds Options.MaxImageBytes or its declared size, or
	// converting it would decode more than MaxConvertBytes.
	ErrImageTooLarge = errors.New("image over its size limit")
	// ErrImagesOverBudget: the images of one result exceed Options.MaxTotalImageBytes.
	ErrImagesOverBudget = errors.New("images over the per-result budget")
	// ErrDiffMapMismatch: the fidelity diff map is over artifacts.MaxDiffMapBytes or is not the
	// PNG its result declares (size, SHA-256, dimensions).
	ErrDiffMapMismatch = errors.New("diff map does not match its declaration")
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
