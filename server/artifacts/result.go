package artifacts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"
	"unicode/utf8"

	"github.com/code2des/backend/models"
)

// The result JSON of SPEC §7, as a conversion worker writes it (snake_case, like every worker wire
// format; docs/schemas/result.schema.json, docs/workers.md §4, docs/results.md):
//
//	{
//	  "manifest": {"kind": "code2des.result", "version": 1, "code2des_id": "...", "attempt": 1,
//	               "nonce": "...", "page_import_id": "...", "capture_hash": "..."},
//	  "root":     {"type": "FRAME", "id": "...", "name": "...", "children": [...]},
//	  "images":   [{"ref": "...", "key": "...", "mime_type": "image/png", "sha256": "...",
//	                "byte_size": 123, "width": 10, "height": 10}],
//	  "warnings": [{"code": "...", "message": "...", "node_id": "..."}],
//	  "fidelity": {"version": 1, "scale": 2, "ssim": 0.93, ...}   (optional, fidelity.go)
//	}
//
// This file and tree.go are the one definition of its rules: the completed-conversion callback
// (Verifier.VerifyResult) and the result reader (server/results) both apply them through
// CheckResult, so a result the callback accepts is one the reader can read, bounds and image
// bytes aside.

// Shape limits of one result (SPEC §7: "reading is always bounded"). They are fixed; the byte
// limits of reading a result are configurable (DefaultResultMaxBytes here, the image limits in
// server/results). Lengths are in characters (Unicode code points), as JSON Schema's maxLength
// counts them.
const (
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
	// MaxIdentifierLength bounds node ids, image refs and warning node ids, in characters (the
	// Figma identifier limit of SPEC §4).
	MaxIdentifierLength = models.MaxFigmaIdentifierLength
	// MaxWarningCodeLength bounds a warning code, in characters.
	MaxWarningCodeLength = 64
	// MaxWarningMessageLength bounds a warning message, in characters (the seeds' error message
	// limit).
	MaxWarningMessageLength = models.MaxErrorMessageLength
	// MaxDeclaredImageSide bounds the width and height an image entry may declare, in px.
	MaxDeclaredImageSide = 65535
)

// Image MIME types a result image may declare (SPEC §7). Figma's createImage takes PNG, JPEG and
// GIF; the reader converts WebP to PNG and returns SVG as text for createNodeFromSvg.
const (
	MimePNG  = "image/png"
	MimeJPEG = "image/jpeg"
	MimeGIF  = "image/gif"
	MimeWebP = "image/webp"
	MimeSVG  = "image/svg+xml"
)

// ResultImageTypes are the MIME types a result image may declare.
var ResultImageTypes = map[string]bool{MimePNG: true, MimeJPEG: true, MimeGIF: true, MimeWebP: true, MimeSVG: true}

// ResultManifest is the manifest of a result JSON; every identity field must repeat the job's
// row (CheckIdentity).
type ResultManifest struct {
	// Kind is ResultKind and Version is MinResultVersion to ResultVersion.
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	// Code2DesID, Attempt and Nonce repeat the conversion job's identity; PageImportID and
	// CaptureHash the capture it was made from.
	Code2DesID   string `json:"code2des_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	PageImportID string `json:"page_import_id"`
	CaptureHash  string `json:"capture_hash"`
	// ConvertedAt is optional (RFC 3339); the backend does not use it.
	ConvertedAt *time.Time `json:"converted_at,omitempty"`
}

// ResultImage is one image the node tree refers to by Ref (an IMAGE paint's or an SVG node's
// imageRef).
type ResultImage struct {
	// Ref is unique in a result, 1 to MaxIdentifierLength characters.
	Ref string `json:"ref"`
	// Key is the full object key in the artifact bucket (not an s3:// pointer), under the job's
	// or its capture's artifact prefix (CheckScope).
	Key string `json:"key"`
	// MimeType is one of ResultImageTypes.
	MimeType string `json:"mime_type"`
	// Sha256 is the lowercase hex SHA-256 of the stored bytes; ByteSize their count (at least 1).
	Sha256   string `json:"sha256"`
	ByteSize int64  `json:"byte_size"`
	// Width and Height are in pixels, 1 to MaxDeclaredImageSide (rasters: exactly the encoded
	// size; SVG: the intended size).
	Width  int `json:"width"`
	Height int `json:"height"`
}

// ResultWarning is one conversion warning of a result.
type ResultWarning struct {
	// Code is 1 to MaxWarningCodeLength characters, Message 1 to MaxWarningMessageLength.
	Code    string `json:"code"`
	Message string `json:"message"`
	// NodeID is absent (or null) or 1 to MaxIdentifierLength characters.
	NodeID *string `json:"node_id,omitempty"`
}

// Result is a result JSON that ParseResult accepted. Root holds the exact stored bytes of "root",
// so it can be passed to the plugin without re-encoding.
type Result struct {
	Manifest ResultManifest
	Root     json.RawMessage
	Images   []ResultImage
	Warnings []ResultWarning
	// Fidelity is the optional fidelity member (nil when absent).
	Fidelity *ResultFidelity
	// ImageRefs is every imageRef of the tree in first-use order; each resolves to an entry of
	// Images of the right kind.
	ImageRefs []ImageRefUse

	// Version 2 members (styles.go): nil or empty in a version 1 result. StyleRefs are the
	// tree's style references, each resolving to an entry of Styles of its type.
	Styles      []ResultStyle
	Variables   *ResultVariables
	Diagnostics []ResultWarning
	StyleRefs   []StyleRefUse
	styleTypes  map[string]string
	// variableTypes are the variables' resolved types by id, for the tree's paint bindings.
	variableTypes map[string]string
	// VariablesJSON holds the stored bytes of variables (nil when absent); StylesJSON returns
	// those of styles.
	VariablesJSON json.RawMessage
	stylesJSON    json.RawMessage
}

// resultMembers are the required top-level members of a result JSON; optionalResultMembers may
// be left out (or be null): the fidelity member of any version, and the styles, variables and
// diagnostics of version 2 (styles.go).
var (
	resultMembers         = []string{"manifest", "root", "images", "warnings"}
	optionalResultMembers = []string{"fidelity", "styles", "variables", "diagnostics"}
)

// ParseResult decodes and checks a result JSON on its own (without the job). The document is one
// JSON object with the members manifest, root, images and warnings, each once and not null,
// optionally fidelity (once; null counts as absent), and nothing after it; unknown fields are
// refused everywhere outside the node tree. It checks the manifest's kind, version and identity
// fields, every images and warnings entry and the list limits, the fidelity member (fidelity.go),
// the node tree (ValidateTree) and that every imageRef resolves.
//
// Errors (CodeFailedPrecondition, client-safe message): the first broken rule; the cause wraps
// ErrMalformed, ErrManifest, ErrInvalidEntry, ErrInvalidTree or ErrDanglingRef.
func ParseResult(b []byte) (*Result, error) {
	members, err := splitObject(b, resultMembers, optionalResultMembers)
	if err != nil {
		return nil, err
	}
	r := &Result{Root: members["root"]}
	for _, m := range []struct {
		name string
		dst  any
	}{{"manifest", &r.Manifest}, {"images", &r.Images}, {"warnings", &r.Warnings}} {
		if err := decodeStrict(members[m.name], m.dst); err != nil {
			return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format (member %q)", m.name)
		}
	}
	if raw, ok := members["fidelity"]; ok {
		if r.Fidelity, err = parseFidelity(raw); err != nil {
			return nil, err
		}
	}
	if err := r.Manifest.check(); err != nil {
		return nil, err
	}
	if err := checkImages(r.Images); err != nil {
		return nil, err
	}
	if err := checkWarnings(r.Warnings); err != nil {
		return nil, err
	}
	if err := r.parseVersion2(members); err != nil {
		return nil, err
	}
	if !isJSONObject(r.Root) {
		return nil, invalid(ErrInvalidTree, "result root must be a JSON object")
	}
	w, err := validateTree(r.Root, r.Manifest.Version)
	if err != nil {
		return nil, err
	}
	r.ImageRefs = w.uses
	if err := r.checkTreeVersion2(w); err != nil {
		return nil, err
	}
	if err := resolveImageRefs(r.ImageRefs, r.Images); err != nil {
		return nil, err
	}
	return r, nil
}

// splitObject splits one JSON object into the raw values of its members. Member names are
// matched exactly; each of names must appear once and not be null, each of optional at most
// once, and no other member may. Errors wrap ErrMalformed.
func splitObject(b []byte, names, optional []string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format")
	}
	known := make(map[string]bool, len(names)+len(optional))
	for _, n := range append(append([]string{}, names...), optional...) {
		known[n] = true
	}
	members := make(map[string]json.RawMessage, len(names))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format")
		}
		name := tok.(string) // inside an object, Token returns member names as strings
		switch _, dup := members[name]; {
		case !known[name]:
			return nil, invalid(ErrMalformed, "result has an unknown member %q", name)
		case dup:
			return nil, invalid(ErrMalformed, "result member %q appears twice", name)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format")
		}
		members[name] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, invalid(because(ErrMalformed, err), "result is not valid JSON of the result format")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid(ErrMalformed, "result is not valid JSON of the result format: data after the object")
	}
	for _, n := range names {
		if raw, ok := members[n]; !ok || bytes.Equal(raw, []byte("null")) {
			return nil, invalid(ErrMalformed, "result member %q is missing", n)
		}
	}
	return members, nil
}

// check applies the manifest rules that need no job: kind, version and well-formed identity
// fields (the shapes of docs/schemas/common.schema.json).
func (m ResultManifest) check() error {
	switch {
	case m.Kind != ResultKind:
		return invalid(ErrManifest, "result manifest kind must be %q", ResultKind)
	case m.Version < MinResultVersion || m.Version > ResultVersion:
		return invalid(ErrManifest, "result manifest version must be %d to %d", MinResultVersion, ResultVersion)
	case !isJobID(m.Code2DesID) || !isJobID(m.PageImportID):
		return invalid(ErrManifest, "result manifest code2des_id and page_import_id must be job ids (lowercase UUIDs)")
	case m.Attempt < 1 || m.Attempt > math.MaxInt32:
		return invalid(ErrManifest, "result manifest attempt must be an integer from 1 to %d", math.MaxInt32)
	case !IsNonceText(m.Nonce):
		return invalid(ErrManifest, "result manifest nonce must be 1 to %d URL-safe base64 characters", MaxNonceLength)
	case !IsSHA256Hex(m.CaptureHash):
		return invalid(ErrManifest, "result manifest capture_hash must be 64 lowercase hex characters")
	}
	return nil
}

// CheckIdentity checks that the manifest repeats the conversion job's id, attempt and nonce (the
// nonce in constant time) and the page import id and capture hash of its capture (SPEC §6).
//
// Errors (CodeFailedPrecondition, cause ErrManifest): "result manifest does not match the job".
func (m ResultManifest) CheckIdentity(id string, attempt int, nonce, pageImportID, captureHash string) error {
	// Evaluate every field before deciding, so the time taken does not tell which one differs.
	nonceOK := NonceEqual(m.Nonce, nonce)
	if !nonceOK || m.Code2DesID != id || m.Attempt != attempt || m.PageImportID != pageImportID || m.CaptureHash != captureHash {
		return invalid(ErrManifest, "result manifest does not match the job")
	}
	return nil
}

// checkImages applies the images rules: at most MaxImages entries, each with a unique ref of 1 to
// MaxIdentifierLength characters, a MIME type of ResultImageTypes, a lowercase hex sha256, a
// byte_size of at least 1, a width and height of 1 to MaxDeclaredImageSide and a well-formed key
// (checkKey, cause ErrOutsidePrefix). Where the keys may point is job-dependent (CheckScope).
func checkImages(images []ResultImage) error {
	if len(images) > MaxImages {
		return invalid(ErrInvalidEntry, "result has %d images, at most %d", len(images), MaxImages)
	}
	refs := make(map[string]bool, len(images))
	for i, img := range images {
		switch {
		case !lengthIn(img.Ref, 1, MaxIdentifierLength) || refs[img.Ref]:
			return invalid(ErrInvalidEntry, "result image %d has an empty, overlong (over %d characters) or repeated ref", i, MaxIdentifierLength)
		case !ResultImageTypes[img.MimeType]:
			return invalid(ErrInvalidEntry, "result image %q has an unsupported mime_type", img.Ref)
		case !IsSHA256Hex(img.Sha256):
			return invalid(ErrInvalidEntry, "result image %q sha256 must be 64 lowercase hex characters", img.Ref)
		case img.ByteSize < 1 || img.Width < 1 || img.Height < 1 ||
			img.Width > MaxDeclaredImageSide || img.Height > MaxDeclaredImageSide:
			return invalid(ErrInvalidEntry, "result image %q needs a positive byte_size and a width and height of 1 to %d",
				img.Ref, MaxDeclaredImageSide)
		}
		if err := checkKey(fmt.Sprintf("result image %q key", img.Ref), img.Key); err != nil {
			return err
		}
		refs[img.Ref] = true
	}
	return nil
}

// checkWarnings applies the warnings rules: at most MaxWarnings entries, each with a code of 1 to
// MaxWarningCodeLength characters, a message of 1 to MaxWarningMessageLength and an optional
// node_id of 1 to MaxIdentifierLength.
func checkWarnings(ws []ResultWarning) error {
	if len(ws) > MaxWarnings {
		return invalid(ErrInvalidEntry, "result has %d warnings, at most %d", len(ws), MaxWarnings)
	}
	for i, w := range ws {
		if !lengthIn(w.Code, 1, MaxWarningCodeLength) || !lengthIn(w.Message, 1, MaxWarningMessageLength) ||
			(w.NodeID != nil && !lengthIn(*w.NodeID, 1, MaxIdentifierLength)) {
			return invalid(ErrInvalidEntry, "result warning %d needs a code of 1 to %d characters, a message of 1 to %d characters and an optional node_id of 1 to %d characters",
				i, MaxWarningCodeLength, MaxWarningMessageLength, MaxIdentifierLength)
		}
	}
	return nil
}

// resolveImageRefs checks that every imageRef of the tree names an entry of images of the right
// kind: an IMAGE paint a raster, an SVG node an SVG.
func resolveImageRefs(uses []ImageRefUse, images []ResultImage) error {
	mime := make(map[string]string, len(images))
	for _, img := range images {
		mime[img.Ref] = img.MimeType
	}
	for _, u := range uses {
		m, ok := mime[u.Ref]
		switch {
		case !ok:
			return invalid(ErrDanglingRef, "imageRef %q of node %q names no entry of images", u.Ref, u.NodeID)
		case u.Raster && m == MimeSVG:
			return invalid(ErrDanglingRef, "imageRef %q of node %q names an SVG image, which an IMAGE paint cannot use", u.Ref, u.NodeID)
		case u.SVG && m != MimeSVG:
			return invalid(ErrDanglingRef, "imageRef %q of node %q names a raster image, which an SVG node cannot use", u.Ref, u.NodeID)
		}
	}
	return nil
}

// UsedImage is an entry of images that the tree uses, with the id of the first node that uses it
// (nodes count in the order their objects end, so a child before its parent).
type UsedImage struct {
	ResultImage
	NodeID string
}

// UsedImages returns the entries of images the tree uses, in the images list's order. Entries
// the tree never uses are left out (the reader neither fetches nor returns them).
func (r *Result) UsedImages() []UsedImage {
	node := make(map[string]string, len(r.ImageRefs))
	for _, u := range r.ImageRefs {
		node[u.Ref] = u.NodeID
	}
	used := make([]UsedImage, 0, len(r.ImageRefs))
	for _, img := range r.Images {
		if id, ok := node[img.Ref]; ok {
			used = append(used, UsedImage{ResultImage: img, NodeID: id})
		}
	}
	return used
}

// CheckScope checks that every image key lies in scope (the job's prefix and its capture's, SPEC
// §7).
//
// Errors (CodeFailedPrecondition, cause ErrOutsidePrefix): the first key outside it.
func (r *Result) CheckScope(s Scope) error {
	for _, img := range r.Images {
		if err := s.Key(fmt.Sprintf("result image %q key", img.Ref), img.Key); err != nil {
			return err
		}
	}
	return nil
}

// CheckWarningCount checks that the result has exactly n warnings (the callback's or the row's
// warning_count, SPEC §6).
//
// Errors (CodeFailedPrecondition, cause ErrWarningCount).
func (r *Result) CheckWarningCount(n int) error {
	if len(r.Warnings) != n {
		return invalid(ErrWarningCount, "warning_count is %d but the result has %d warnings", n, len(r.Warnings))
	}
	return nil
}

// ResultClaim is what a completed conversion asserts (its callback, or later its row), with the
// identity of the capture the job was made from (read from its page_import row).
type ResultClaim struct {
	Code2DesID string
	Attempt    int
	Nonce      string
	// PageImportID, PageImportAttempt and CaptureHash identify the job's capture.
	PageImportID      string
	PageImportAttempt int
	CaptureHash       string
	// ResultURL points at the result JSON; WarningCount is the callback's warning_count.
	ResultURL    string
	WarningCount int
}

// ResultKey checks that ResultURL lies in the job's scope (bucket, and the job's prefix under
// keyPrefix) and returns its key.
//
// Errors (CodeFailedPrecondition, cause ErrOutsidePrefix): as Scope.Pointer.
func (c ResultClaim) ResultKey(bucket, keyPrefix string) (string, error) {
	return Code2DesScope(bucket, keyPrefix, c.Code2DesID, c.Attempt).Pointer("result_url", c.ResultURL)
}

// CheckResult applies every rule of the result format to the bytes b read from the claim's
// ResultKey: ParseResult, the manifest repeating the claim's identity, every image key under the
// job's or its capture's prefix, and WarningCount equal to the number of warnings. Image bytes
// are not read.
//
// Errors (CodeFailedPrecondition, client-safe message): the first broken rule; the cause wraps
// one of the Err* reasons of this package.
func CheckResult(b []byte, c ResultClaim, bucket, keyPrefix string) (*Result, error) {
	result, err := ParseResult(b)
	if err != nil {
		return nil, err
	}
	if err := result.Manifest.CheckIdentity(c.Code2DesID, c.Attempt, c.Nonce, c.PageImportID, c.CaptureHash); err != nil {
		return nil, err
	}
	scope := Code2DesScope(bucket, keyPrefix, c.Code2DesID, c.Attempt).
		With(PageImportScope(bucket, keyPrefix, c.PageImportID, c.PageImportAttempt))
	if err := result.CheckScope(scope); err != nil {
		return nil, err
	}
	if f := result.Fidelity; f.Measured() {
		own := Code2DesScope(bucket, keyPrefix, c.Code2DesID, c.Attempt)
		if err := own.Key("result fidelity diff_map key", f.DiffMap.Key); err != nil {
			return nil, err
		}
	}
	if err := result.CheckWarningCount(c.WarningCount); err != nil {
		return nil, err
	}
	return result, nil
}

// lengthIn reports whether s has min to max characters (Unicode code points).
func lengthIn(s string, min, max int) bool {
	n := utf8.RuneCountInString(s)
	return n >= min && n <= max
}
