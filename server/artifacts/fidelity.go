package artifacts

import (
	"bytes"
	"encoding/json"
	"math"
)

// The optional fidelity member of a result (docs/fidelity.md, docs/schemas/result.schema.json
// "fidelity"): how close the conversion worker's preview of its result came to the page's
// screenshot. A result without it (older workers, CONVERT_SELF_CHECK off) stays valid.

// Fidelity limits.
const (
	// FidelityVersion is the only fidelity version this backend reads; another version is
	// refused like any malformed member (a worker changing what a score means bumps it).
	FidelityVersion = 1
	// MaxFidelityScale bounds the compared scale (device pixels per px).
	MaxFidelityScale = 4
	// MaxDiffMapBytes bounds the diff map PNG a result may point at (8 MiB; the reference worker
	// writes at most 2 Mi px, worker/fidelity.MaxDiffMapPixels).
	MaxDiffMapBytes = 8 << 20
	// MaxComparedSide bounds compared_width, compared_height and the diff map's sides, in px.
	MaxComparedSide = 65535
)

// ResultFidelity is the fidelity member. The pixel measures (SSIM, DiffRatio, ComparedWidth,
// ComparedHeight, DiffMap) are present together or all absent (no preview was compared).
type ResultFidelity struct {
	// Version is FidelityVersion.
	Version int `json:"version"`
	// Scale is the device pixels per px the images were compared at, over 0 and at most
	// MaxFidelityScale.
	Scale float64 `json:"scale"`
	// SSIM is the mean structural similarity, -1 to 1 (1 = identical).
	SSIM *float64 `json:"ssim,omitempty"`
	// DiffRatio is the share of differing pixels, 0 to 1; DiffThreshold (0-255) defines
	// "differing".
	DiffRatio     *float64 `json:"diff_ratio,omitempty"`
	DiffThreshold int      `json:"diff_threshold"`
	// ComparedWidth and ComparedHeight are the compared area in device pixels, 1 to
	// MaxComparedSide.
	ComparedWidth  *int `json:"compared_width,omitempty"`
	ComparedHeight *int `json:"compared_height,omitempty"`
	// TextCoverage and ImageCoverage are shares, 0 to 1.
	TextCoverage  float64 `json:"text_coverage"`
	ImageCoverage float64 `json:"image_coverage"`
	// DiffMap is the stored diff map, a PNG under the job's own artifact prefix (CheckScope).
	DiffMap *ResultDiffMap `json:"diff_map,omitempty"`
}

// ResultDiffMap points at the diff map PNG.
type ResultDiffMap struct {
	// Key is the full object key, under the Code2Des job's own prefix.
	Key string `json:"key"`
	// MimeType is MimePNG.
	MimeType string `json:"mime_type"`
	// Sha256 is the lowercase hex SHA-256 of the bytes; ByteSize their count, 1 to
	// MaxDiffMapBytes.
	Sha256   string `json:"sha256"`
	ByteSize int64  `json:"byte_size"`
	// Width and Height are the PNG's pixels, 1 to MaxComparedSide.
	Width  int `json:"width"`
	Height int `json:"height"`
}

// fidelityRequired are the members a fidelity object must have (not null).
var fidelityRequired = []string{"version", "scale", "diff_threshold", "text_coverage", "image_coverage"}

// parseFidelity decodes a fidelity member strictly: unknown members refused, the required ones
// present, then check. A null member is absent (nil, no error).
func parseFidelity(raw json.RawMessage) (*ResultFidelity, error) {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var f *ResultFidelity
	if err := decodeStrict(raw, &f); err != nil {
		return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format (member %q)", "fidelity")
	}
	var members map[string]json.RawMessage
	_ = json.Unmarshal(raw, &members)
	for _, n := range fidelityRequired {
		if v, ok := members[n]; !ok || bytes.Equal(v, []byte("null")) {
			return nil, invalid(ErrMalformed, "result fidelity %s is missing", n)
		}
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

// Measured reports whether the pixel measures are present.
func (f *ResultFidelity) Measured() bool { return f != nil && f.SSIM != nil }

// check applies the fidelity rules that need no job.
//
// Errors (CodeFailedPrecondition, cause ErrInvalidEntry).
func (f *ResultFidelity) check() error {
	share := func(v float64) bool { return !math.IsNaN(v) && v >= 0 && v <= 1 }
	side := func(v int) bool { return v >= 1 && v <= MaxComparedSide }
	switch {
	case f.Version != FidelityVersion:
		return invalid(ErrInvalidEntry, "result fidelity version must be %d", FidelityVersion)
	case !(f.Scale > 0 && f.Scale <= MaxFidelityScale):
		return invalid(ErrInvalidEntry, "result fidelity scale must be over 0 and at most %d", MaxFidelityScale)
	case f.DiffThreshold < 0 || f.DiffThreshold > 255:
		return invalid(ErrInvalidEntry, "result fidelity diff_threshold must be 0 to 255")
	case !share(f.TextCoverage) || !share(f.ImageCoverage):
		return invalid(ErrInvalidEntry, "result fidelity text_coverage and image_coverage must be 0 to 1")
	}
	present := 0
	for _, p := range []bool{f.SSIM != nil, f.DiffRatio != nil, f.ComparedWidth != nil, f.ComparedHeight != nil, f.DiffMap != nil} {
		if p {
			present++
		}
	}
	switch {
	case present == 0:
		return nil
	case present != 5:
		return invalid(ErrInvalidEntry, "result fidelity ssim, diff_ratio, compared_width, compared_height and diff_map must be present together")
	case math.IsNaN(*f.SSIM) || *f.SSIM < -1 || *f.SSIM > 1:
		return invalid(ErrInvalidEntry, "result fidelity ssim must be -1 to 1")
	case !share(*f.DiffRatio):
		return invalid(ErrInvalidEntry, "result fidelity diff_ratio must be 0 to 1")
	case !side(*f.ComparedWidth) || !side(*f.ComparedHeight):
		return invalid(ErrInvalidEntry, "result fidelity compared_width and compared_height must be 1 to %d", MaxComparedSide)
	}
	m := f.DiffMap
	switch {
	case m.MimeType != MimePNG:
		return invalid(ErrInvalidEntry, "result fidelity diff_map mime_type must be %s", MimePNG)
	case !IsSHA256Hex(m.Sha256):
		return invalid(ErrInvalidEntry, "result fidelity diff_map sha256 must be 64 lowercase hex characters")
	case m.ByteSize < 1 || m.ByteSize > MaxDiffMapBytes:
		return invalid(ErrInvalidEntry, "result fidelity diff_map byte_size must be 1 to %d", MaxDiffMapBytes)
	case !side(m.Width) || !side(m.Height):
		return invalid(ErrInvalidEntry, "result fidelity diff_map width and height must be 1 to %d", MaxComparedSide)
	}
	return checkKey("result fidelity diff_map key", m.Key)
}
