package jobs

import (
	"encoding/json"
	"errors"

	"github.com/code2des/backend/models"
)

// Queue message wire format (SPEC §5). The bodies are JSON with snake_case keys; version 1.
const (
	// CaptureMessageType is the `type` of a capture message.
	CaptureMessageType = "page_import.requested"
	// ConversionMessageType is the `type` of a conversion message.
	ConversionMessageType = "code2des.requested"
	// MessageVersion is the `version` of both message bodies (a capture message of a snapshot
	// import is SnapshotMessageVersion).
	MessageVersion = 1
	// CaptureCallbackPath is where capture workers POST their callback (SPEC §6); the callback
	// URL is PUBLIC_BASE_URL + CaptureCallbackPath.
	CaptureCallbackPath = "/webhooks/page-imports"
	// ConversionCallbackPath is the conversion workers' callback path (SPEC §6).
	ConversionCallbackPath = "/webhooks/code2des"
)

// ViewportMessage is a viewport in CSS pixels.
type ViewportMessage struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// CaptureMessage is the body of a page_import.requested message: everything a capture worker
// needs, and the fences (id, attempt, nonce) its callback must repeat.
type CaptureMessage struct {
	Type              string          `json:"type"`
	Version           int             `json:"version"`
	PageImportID      string          `json:"page_import_id"`
	Attempt           int             `json:"attempt"`
	Nonce             string          `json:"nonce"`
	SourceURL         string          `json:"source_url"`
	Viewport          ViewportMessage `json:"viewport"`
	DeviceScaleFactor float64         `json:"device_scale_factor"`
	// ReadySelector is null when the capture should not wait for a selector.
	ReadySelector *string `json:"ready_selector"`
	// ArtifactPrefix is s3://<bucket>/<key prefix>page-imports/<id>/attempt-<n>/ (SPEC §7).
	ArtifactPrefix string `json:"artifact_prefix"`
	// CallbackURL is PUBLIC_BASE_URL + CaptureCallbackPath.
	CallbackURL string `json:"callback_url"`
	// Snapshot is the uploaded MHTML snapshot to render instead of fetching SourceURL; present
	// only in version 2 messages (source_kind mhtml_snapshot, uploads.go).
	Snapshot *SnapshotMessage `json:"snapshot,omitempty"`
}

// captureMessage builds the queue message of pi.
func (s *Service) captureMessage(pi *models.PageImport) (models.QueueMessage, error) {
	return s.encodeCaptureMessage(s.captureMessageBody(pi))
}

func (s *Service) encodeCaptureMessage(m CaptureMessage) (models.QueueMessage, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return models.QueueMessage{}, err
	}
	return models.QueueMessage{Type: CaptureMessageType, JobID: m.PageImportID, Attempt: m.Attempt, Body: body}, nil
}

// captureMessageBody is the version 1 capture message of pi.
func (s *Service) captureMessageBody(pi *models.PageImport) CaptureMessage {
	return CaptureMessage{
		Type:              CaptureMessageType,
		Version:           MessageVersion,
		PageImportID:      pi.ID,
		Attempt:           pi.Attempt,
		Nonce:             pi.Nonce,
		SourceURL:         pi.SourceURL,
		Viewport:          ViewportMessage{Width: pi.ViewportWidth, Height: pi.ViewportHeight},
		DeviceScaleFactor: pi.DeviceScaleFactor,
		ReadySelector:     pi.ReadySelector,
		ArtifactPrefix:    models.S3URI(s.cfg.Bucket, models.PageImportArtifactPrefix(s.cfg.ArtifactKeyPrefix, pi.ID, pi.Attempt)),
		CallbackURL:       s.cfg.PublicBaseURL + CaptureCallbackPath,
	}
}

// ConversionMessage is the body of a code2des.requested message (SPEC §5): the capture to
// convert (pointer and hash), the Figma destination, where to write the result, and the fences
// (id, attempt, nonce) the callback and the result manifest must repeat.
type ConversionMessage struct {
	Type         string `json:"type"`
	Version      int    `json:"version"`
	Code2DesID   string `json:"code2des_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	PageImportID string `json:"page_import_id"`
	// CaptureURL is the Page Import's result_url: s3://<bucket>/<key> of the capture JSON.
	CaptureURL string `json:"capture_url"`
	// CaptureHash is the lowercase hex SHA-256 of the capture JSON; the result manifest repeats it.
	CaptureHash  string `json:"capture_hash"`
	FigmaFileKey string `json:"figma_file_key"`
	ScreenID     string `json:"screen_id"`
	// PlacementTarget is null when the plugin gave none.
	PlacementTarget *string `json:"placement_target"`
	// ArtifactPrefix is s3://<bucket>/<key prefix>code2des/<id>/attempt-<n>/ (SPEC §7).
	ArtifactPrefix string `json:"artifact_prefix"`
	// CallbackURL is PUBLIC_BASE_URL + ConversionCallbackPath.
	CallbackURL string `json:"callback_url"`
}

// conversionMessage builds the queue message of job, made from the completed Page Import pi.
func (s *Service) conversionMessage(job *models.Code2Des, pi *models.PageImport) (models.QueueMessage, error) {
	if pi.ResultURL == nil || pi.CaptureHash == nil {
		return models.QueueMessage{}, errors.New("conversion message: the page import has no capture")
	}
	body, err := json.Marshal(ConversionMessage{
		Type:            ConversionMessageType,
		Version:         MessageVersion,
		Code2DesID:      job.ID,
		Attempt:         job.Attempt,
		Nonce:           job.Nonce,
		PageImportID:    pi.ID,
		CaptureURL:      *pi.ResultURL,
		CaptureHash:     *pi.CaptureHash,
		FigmaFileKey:    job.FigmaFileKey,
		ScreenID:        job.ScreenID,
		PlacementTarget: job.PlacementTarget,
		ArtifactPrefix:  models.S3URI(s.cfg.Bucket, models.Code2DesArtifactPrefix(s.cfg.ArtifactKeyPrefix, job.ID, job.Attempt)),
		CallbackURL:     s.cfg.PublicBaseURL + ConversionCallbackPath,
	})
	if err != nil {
		return models.QueueMessage{}, err
	}
	return models.QueueMessage{Type: ConversionMessageType, JobID: job.ID, Attempt: job.Attempt, Body: body}, nil
}
