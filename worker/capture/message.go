package capture

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/internal/consumer"
)

// Wire constants of the capture message (SPEC §5) and the capture JSON (SPEC §7).
const (
	// RequestType is the `type` of a capture message.
	RequestType = "page_import.requested"
	// RequestVersion is the message `version` of a capture by URL.
	RequestVersion = 1
	// SnapshotRequestVersion is the message `version` of a capture of an uploaded MHTML snapshot:
	// version 1 plus the `snapshot` member (snapshot.go).
	SnapshotRequestVersion = 2
	// CaptureKind is the manifest `kind` of the capture JSON.
	CaptureKind = "page_import.capture"
	// CaptureVersion is the manifest `version` of the capture JSON this worker writes.
	CaptureVersion = 1
)

// Request limits. They repeat SPEC §4 so that a message the API could never have sent is refused
// with a clear failed callback instead of being rendered.
const (
	MinViewportWidth  = 320
	MaxViewportWidth  = 3840
	MinViewportHeight = 240
	MaxViewportHeight = 4320
	MinDeviceScale    = 1.0
	MaxDeviceScale    = 4.0
	// MaxReadySelectorLen is the longest ready selector, in characters.
	MaxReadySelectorLen = 512
	// MaxSourceURLLen is the longest source URL, in characters.
	MaxSourceURLLen = 2048
)

// Viewport is the CSS-pixel size of the browser window (SPEC §4).
type Viewport struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Request is the body of a page_import.requested message (SPEC §5).
type Request struct {
	Type              string   `json:"type"`
	Version           int      `json:"version"`
	PageImportID      string   `json:"page_import_id"`
	Attempt           int      `json:"attempt"`
	Nonce             string   `json:"nonce"`
	SourceURL         string   `json:"source_url"`
	Viewport          Viewport `json:"viewport"`
	DeviceScaleFactor float64  `json:"device_scale_factor"`
	// ReadySelector is a CSS selector; empty (or null) means "no selector to wait for".
	ReadySelector string `json:"ready_selector"`
	// ArtifactPrefix is s3://<bucket>/<key prefix>page-imports/<id>/attempt-<n>/.
	ArtifactPrefix string `json:"artifact_prefix"`
	CallbackURL    string `json:"callback_url"`
	// Snapshot, in version 2 messages only, is the uploaded MHTML snapshot to render instead of
	// loading SourceURL (which is then recorded, never fetched).
	Snapshot *SnapshotRef `json:"snapshot,omitempty"`
}

// ErrUnanswerable marks a message the worker cannot report on: without a job id, attempt, nonce and
// callback URL no callback can be signed and fenced, so the message is dropped (and logged).
var ErrUnanswerable = errors.New("capture message cannot be answered")

// ErrOtherVersion marks a message of another type or version, left on the queue for a worker that
// understands it (it wraps consumer.ErrOtherVersion, which the shared loop looks for).
var ErrOtherVersion = fmt.Errorf("capture %w", consumer.ErrOtherVersion)

// ParseRequest decodes a message body. It returns ErrUnanswerable (wrapped) when the body does not
// name the job well enough to call back, ErrOtherVersion for a different type or version, and
// otherwise a Request that still needs Validate.
func ParseRequest(body []byte) (Request, error) {
	var r Request
	if err := json.Unmarshal(body, &r); err != nil {
		return Request{}, fmt.Errorf("%w: body is not a capture message: %v", ErrUnanswerable, err)
	}
	if r.Type != RequestType || (r.Version != RequestVersion && r.Version != SnapshotRequestVersion) {
		return r, fmt.Errorf("%w: type %q version %d", ErrOtherVersion, r.Type, r.Version)
	}
	if r.PageImportID == "" || r.Attempt < 1 || r.Nonce == "" {
		return r, fmt.Errorf("%w: page_import_id, attempt or nonce missing", ErrUnanswerable)
	}
	if u, err := url.Parse(r.CallbackURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return r, fmt.Errorf("%w: callback_url is not an http(s) URL", ErrUnanswerable)
	}
	return r, nil
}

// Validate checks the rendering fields against SPEC §4 and the artifact prefix against SPEC §7.
// Its error text is safe to send back as the failed callback's error_message.
func (r Request) Validate() error {
	if len(r.SourceURL) > MaxSourceURLLen {
		return fmt.Errorf("source_url is longer than %d characters", MaxSourceURLLen)
	}
	u, err := url.Parse(r.SourceURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("source_url is not an absolute http(s) URL")
	}
	if r.Viewport.Width < MinViewportWidth || r.Viewport.Width > MaxViewportWidth {
		return fmt.Errorf("viewport width %d is outside %d-%d", r.Viewport.Width, MinViewportWidth, MaxViewportWidth)
	}
	if r.Viewport.Height < MinViewportHeight || r.Viewport.Height > MaxViewportHeight {
		return fmt.Errorf("viewport height %d is outside %d-%d", r.Viewport.Height, MinViewportHeight, MaxViewportHeight)
	}
	if r.DeviceScaleFactor < MinDeviceScale || r.DeviceScaleFactor > MaxDeviceScale {
		return fmt.Errorf("device scale factor %g is outside %g-%g", r.DeviceScaleFactor, MinDeviceScale, MaxDeviceScale)
	}
	if len([]rune(r.ReadySelector)) > MaxReadySelectorLen {
		return fmt.Errorf("ready selector is longer than %d characters", MaxReadySelectorLen)
	}
	if _, _, err := r.Artifacts(); err != nil {
		return err
	}
	return r.validateSnapshot()
}

// Artifacts splits ArtifactPrefix into the bucket and the key prefix (ending in "/"). The key
// prefix must end in page-imports/<id>/attempt-<n>/ for this job (SPEC §7), so a worker never writes
// outside the job's own folder.
func (r Request) Artifacts() (bucket, keyPrefix string, err error) {
	if bucket, keyPrefix, err = consumer.SplitS3(r.ArtifactPrefix, true); err != nil {
		return "", "", fmt.Errorf("artifact_prefix %v", err)
	}
	if !strings.HasSuffix(keyPrefix, "page-imports/"+r.PageImportID+"/attempt-"+strconv.Itoa(r.Attempt)+"/") {
		return "", "", errors.New("artifact_prefix does not name this job's attempt folder")
	}
	return bucket, keyPrefix, nil
}
