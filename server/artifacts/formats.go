package artifacts

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"time"

	"github.com/code2des/backend/models"
)

// The artifact kinds and versions of SPEC §7 (manifest.kind and manifest.version). A worker that
// changes a format bumps the version; the backend refuses versions it does not know.
const (
	CaptureKind    = "page_import.capture"
	CaptureVersion = 1
	ResultKind     = "code2des.result"
	// ResultVersion is the newest result version: 2 added styledTextSegments on TEXT nodes
	// (docs/results.md "Styled text") and the auto layout, scroll behaviour and style members
	// of nodes with the styles, variables and diagnostics members of the result
	// (docs/results.md "Version 2"). Versions from MinResultVersion on are read.
	ResultVersion = 2
	// MinResultVersion is the oldest result version the backend still reads (results stored by
	// earlier workers stay readable).
	MinResultVersion = 1
)

// sha256Hex matches a SHA-256 in lowercase hex, the form of capture_hash and of every sha256
// field of the artifacts.
var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// IsSHA256Hex reports whether s is 64 lowercase hex characters.
func IsSHA256Hex(s string) bool { return sha256Hex.MatchString(s) }

// MaxNonceLength is the longest nonce a callback or manifest may carry (the seeds' varchar(255)).
const MaxNonceLength = 255

// IsNonceText reports whether s looks like a nonce (models.NewNonce: URL-safe base64 without
// padding) of 1 to MaxNonceLength characters, so no odd bytes reach the database or a comparison.
func IsNonceText(s string) bool {
	if s == "" || len(s) > MaxNonceLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isJobID reports whether s is a job id in canonical form (lowercase UUID text, models.ParseID).
func isJobID(s string) bool {
	_, err := models.ParseID("", s)
	return err == nil
}

// Viewport is the CSS-pixel viewport a capture was rendered at.
type Viewport struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// CaptureManifest is the manifest of a capture JSON (SPEC §7; docs/schemas/capture.schema.json).
type CaptureManifest struct {
	// Kind is CaptureKind and Version is CaptureVersion.
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	// PageImportID, Attempt and Nonce repeat the job's identity (the capture message's fields).
	PageImportID string `json:"page_import_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	// SourceURL is the URL the worker was asked to capture; FinalURL the one it ended on after
	// redirects. Both absolute http(s).
	SourceURL         string    `json:"source_url"`
	FinalURL          string    `json:"final_url"`
	Viewport          Viewport  `json:"viewport"`
	DeviceScaleFactor float64   `json:"device_scale_factor"`
	CapturedAt        time.Time `json:"captured_at"`
}

// CaptureAsset is one file a capture stored beside the capture JSON (an image the page showed, a
// font, a stylesheet...).
type CaptureAsset struct {
	// ID is unique within the capture; the document refers to assets by it.
	ID string `json:"id"`
	// SourceURL is where the page loaded it from; absent for inline content (e.g. inline SVG).
	SourceURL *string `json:"source_url,omitempty"`
	// Key is the full object key, under the job's artifact prefix.
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	// Sha256 is the lowercase hex SHA-256 of the stored bytes; ByteSize their count.
	Sha256   string `json:"sha256"`
	ByteSize *int64 `json:"byte_size"`
}

// CaptureScreenshot is the full-page screenshot of a capture.
type CaptureScreenshot struct {
	// Key is the full object key; it must equal the key of the callback's screenshot_url.
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	// Width and Height are in image pixels.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Capped is true when the page was taller than the worker's screenshot limit and the
	// screenshot shows only its top part.
	Capped bool `json:"capped,omitempty"`
}

// Capture is the capture JSON of SPEC §7. Document (the DOM and computed styles) is opaque to
// the backend and kept as raw bytes.
type Capture struct {
	Manifest   CaptureManifest   `json:"manifest"`
	Document   json.RawMessage   `json:"document"`
	Assets     []CaptureAsset    `json:"assets"`
	Screenshot CaptureScreenshot `json:"screenshot"`
}

// ParseCapture decodes and checks a capture JSON on its own (without the job): unknown fields,
// trailing data, a wrong kind or version, missing or malformed fields, duplicate asset ids.
//
// Errors (CodeFailedPrecondition): the first broken rule, with a client-safe message.
func ParseCapture(b []byte) (*Capture, error) {
	var c Capture
	if err := decodeCapture(b, &c); err != nil {
		return nil, invalid(because(ErrMalformed, err), "capture is not valid JSON of the capture format")
	}
	m := c.Manifest
	switch {
	case m.Kind != CaptureKind:
		return nil, invalid(nil, "capture manifest kind must be %q", CaptureKind)
	case m.Version != CaptureVersion:
		return nil, invalid(nil, "capture manifest version must be %d", CaptureVersion)
	case m.PageImportID == "" || m.Attempt < 1 || m.Nonce == "":
		return nil, invalid(nil, "capture manifest lacks page_import_id, attempt or nonce")
	case !isHTTPURL(m.SourceURL) || !isHTTPURL(m.FinalURL):
		return nil, invalid(nil, "capture manifest source_url and final_url must be absolute http(s) URLs")
	case m.Viewport.Width < 1 || m.Viewport.Height < 1:
		return nil, invalid(nil, "capture manifest viewport must have a positive width and height")
	case m.DeviceScaleFactor <= 0:
		return nil, invalid(nil, "capture manifest device_scale_factor must be positive")
	case m.CapturedAt.IsZero():
		return nil, invalid(nil, "capture manifest captured_at is required")
	case !isJSONObject(c.Document):
		return nil, invalid(nil, "capture document must be a JSON object")
	case c.Assets == nil:
		return nil, invalid(nil, "capture assets must be an array")
	case c.Screenshot.Key == "" || c.Screenshot.MimeType == "" || c.Screenshot.Width < 1 || c.Screenshot.Height < 1:
		return nil, invalid(nil, "capture screenshot needs key, mime_type and a positive width and height")
	}
	seen := make(map[string]bool, len(c.Assets))
	for i, a := range c.Assets {
		switch {
		case a.ID == "" || seen[a.ID]:
			return nil, invalid(nil, "capture asset %d has an empty or repeated id", i)
		case a.Key == "" || a.MimeType == "":
			return nil, invalid(nil, "capture asset %q needs key and mime_type", a.ID)
		case !IsSHA256Hex(a.Sha256):
			return nil, invalid(nil, "capture asset %q sha256 must be 64 lowercase hex characters", a.ID)
		case a.ByteSize == nil || *a.ByteSize < 0:
			return nil, invalid(nil, "capture asset %q needs a byte_size of at least 0", a.ID)
		case a.SourceURL != nil && *a.SourceURL == "":
			return nil, invalid(nil, "capture asset %q source_url is empty", a.ID)
		}
		seen[a.ID] = true
	}
	return &c, nil
}

// CheckIdentity checks that the manifest repeats the job's id, attempt and nonce (the nonce in
// constant time).
//
// Errors (CodeFailedPrecondition): "capture manifest does not match the job".
func (m CaptureManifest) CheckIdentity(id string, attempt int, nonce string) error {
	if m.PageImportID != id || m.Attempt != attempt || !NonceEqual(m.Nonce, nonce) {
		return invalid(ErrManifest, "capture manifest does not match the job")
	}
	return nil
}

// CheckScope checks that the screenshot and every asset key lie in scope.
//
// Errors (CodeFailedPrecondition): the first key outside it.
func (c *Capture) CheckScope(s Scope) error {
	if err := s.Key("capture screenshot key", c.Screenshot.Key); err != nil {
		return err
	}
	for _, a := range c.Assets {
		if err := s.Key(fmt.Sprintf("capture asset %q key", a.ID), a.Key); err != nil {
			return err
		}
	}
	return nil
}

// NonceEqual compares two nonces in constant time (for equal lengths; nonces all have one length,
// so the length reveals nothing).
func NonceEqual(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and trailing data.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

func isJSONObject(raw json.RawMessage) bool {
	t := bytes.TrimLeft(raw, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
