package convertworker

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/internal/consumer"
)

// Wire constants of the conversion message (SPEC §5).
const (
	// RequestType is the `type` of a conversion message.
	RequestType = "code2des.requested"
	// RequestVersion is the only message `version` this worker understands.
	RequestVersion = 1
)

// Request is the body of a code2des.requested message (SPEC §5).
type Request struct {
	Type         string `json:"type"`
	Version      int    `json:"version"`
	Code2DesID   string `json:"code2des_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	PageImportID string `json:"page_import_id"`
	// CaptureURL is the s3:// pointer of the capture JSON; CaptureHash its lowercase hex SHA-256.
	CaptureURL  string `json:"capture_url"`
	CaptureHash string `json:"capture_hash"`
	// FigmaFileKey, ScreenID and PlacementTarget say where the plugin will place the result;
	// the conversion does not depend on them.
	FigmaFileKey    string `json:"figma_file_key"`
	ScreenID        string `json:"screen_id"`
	PlacementTarget string `json:"placement_target"`
	// ArtifactPrefix is s3://<bucket>/<key prefix>code2des/<id>/attempt-<n>/.
	ArtifactPrefix string `json:"artifact_prefix"`
	CallbackURL    string `json:"callback_url"`
}

// ErrUnanswerable marks a message the worker cannot report on: without a job id, attempt, nonce
// and callback URL no callback can be signed and fenced, so the message is dropped (and logged).
var ErrUnanswerable = errors.New("conversion message cannot be answered")

// ErrOtherVersion marks a message of another type or version, left on the queue for a worker that
// understands it (it wraps consumer.ErrOtherVersion, which the shared loop looks for).
var ErrOtherVersion = fmt.Errorf("conversion %w", consumer.ErrOtherVersion)

// ParseRequest decodes a message body. It returns ErrUnanswerable (wrapped) when the body does not
// name the job well enough to call back, ErrOtherVersion for a different type or version, and
// otherwise a Request that still needs Locate.
func ParseRequest(body []byte) (Request, error) {
	var r Request
	if err := json.Unmarshal(body, &r); err != nil {
		return Request{}, fmt.Errorf("%w: body is not a conversion message: %v", ErrUnanswerable, err)
	}
	if r.Type != RequestType || r.Version != RequestVersion {
		return r, fmt.Errorf("%w: type %q version %d", ErrOtherVersion, r.Type, r.Version)
	}
	if r.Code2DesID == "" || r.Attempt < 1 || r.Nonce == "" {
		return r, fmt.Errorf("%w: code2des_id, attempt or nonce missing", ErrUnanswerable)
	}
	if u, err := url.Parse(r.CallbackURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return r, fmt.Errorf("%w: callback_url is not an http(s) URL", ErrUnanswerable)
	}
	return r, nil
}

// Locations are the storage places of one job, derived from its message.
type Locations struct {
	// Bucket holds the capture and the result.
	Bucket string
	// JobPrefix is this attempt's key prefix (ends in code2des/<id>/attempt-<n>/).
	JobPrefix string
	// CaptureKey is the capture JSON's key.
	CaptureKey string
	// ImportPrefix is the capture's page import folder (ends in page-imports/<id>/attempt-<k>/);
	// empty when the capture lies elsewhere (its images are then copied).
	ImportPrefix string
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Locate checks the message's pointers (SPEC §5, §7) and returns where the job reads and
// writes. Its error text is safe to send back as the failed callback's error_message.
func (r Request) Locate() (Locations, error) {
	var l Locations
	if r.PageImportID == "" {
		return l, errors.New("page_import_id is missing")
	}
	if !sha256Hex.MatchString(r.CaptureHash) {
		return l, errors.New("capture_hash is not a lowercase hex SHA-256")
	}
	bucket, prefix, err := consumer.SplitS3(r.ArtifactPrefix, true)
	if err != nil {
		return l, fmt.Errorf("artifact_prefix %v", err)
	}
	if !strings.HasSuffix(prefix, "code2des/"+r.Code2DesID+"/attempt-"+strconv.Itoa(r.Attempt)+"/") {
		return l, errors.New("artifact_prefix does not name this job's attempt folder")
	}
	cbucket, ckey, err := consumer.SplitS3(r.CaptureURL, false)
	if err != nil {
		return l, fmt.Errorf("capture_url %v", err)
	}
	if cbucket != bucket {
		// Result images reference capture assets by key in the artifact bucket (SPEC §7).
		return l, errors.New("capture_url is not in the artifact bucket")
	}
	l = Locations{Bucket: bucket, JobPrefix: prefix, CaptureKey: ckey}
	folder := "page-imports/" + r.PageImportID + "/attempt-"
	if i := strings.LastIndex(ckey, folder); i >= 0 && (i == 0 || ckey[i-1] == '/') {
		rest := ckey[i+len(folder):]
		if n, _, ok := strings.Cut(rest, "/"); ok {
			if k, err := strconv.Atoi(n); err == nil && k >= 1 && strconv.Itoa(k) == n {
				l.ImportPrefix = ckey[:i+len(folder)+len(n)+1]
			}
		}
	}
	return l, nil
}
