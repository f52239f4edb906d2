package capture

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Object names under the job's artifact prefix (SPEC §7).
const (
	CaptureObject    = "capture.json"
	ScreenshotObject = "screenshot.png"
	// AssetFolder holds images as <sha256><extension>, so an image shown twice is stored once.
	AssetFolder = "assets/"
)

// CaptureJSON is the capture artifact (SPEC §7). Its members are exactly those of the contract,
// docs/schemas/capture.schema.json: the backend refuses unknown members everywhere except inside
// the document, so what only the conversion worker needs travels in the document (DocumentNotes).
type CaptureJSON struct {
	Manifest Manifest `json:"manifest"`
	// Document is the DOM with computed styles, layout boxes (CSS px, page coordinates) and text,
	// plus the members of DocumentNotes; opaque to the backend, read by the conversion worker.
	Document   json.RawMessage `json:"document"`
	Assets     []Asset         `json:"assets"`
	Screenshot ScreenshotRef   `json:"screenshot"`
}

// Manifest repeats the job identity so the backend can fence the artifact (SPEC §6, §7).
type Manifest struct {
	Kind              string    `json:"kind"`
	Version           int       `json:"version"`
	PageImportID      string    `json:"page_import_id"`
	Attempt           int       `json:"attempt"`
	Nonce             string    `json:"nonce"`
	SourceURL         string    `json:"source_url"`
	FinalURL          string    `json:"final_url"`
	Viewport          Viewport  `json:"viewport"`
	DeviceScaleFactor float64   `json:"device_scale_factor"`
	CapturedAt        time.Time `json:"captured_at"`
}

// Asset is one stored image.
type Asset struct {
	// ID is the reference used in the document ("img-<n>"); DocumentNotes.AssetKinds gives its kind.
	ID string `json:"id"`
	// SourceURL is the image's absolute URL; omitted for an inline SVG (the contract refuses an
	// empty one).
	SourceURL string `json:"source_url,omitempty"`
	// Key is the object key in the artifact bucket.
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	// SHA256 is the lowercase hex SHA-256 of the stored bytes.
	SHA256   string `json:"sha256"`
	ByteSize int    `json:"byte_size"`
}

// ScreenshotRef points at the full-page screenshot.
type ScreenshotRef struct {
	Key string `json:"key"`
	// MimeType is always image/png.
	MimeType string `json:"mime_type"`
	// Width and Height are the PNG's size in device pixels (viewport width × device scale factor).
	Width  int `json:"width"`
	Height int `json:"height"`
	// Capped says the page was taller than the cap (DocumentNotes.Screenshot) and the PNG shows
	// only its top part.
	Capped bool `json:"capped"`
}

// DocumentNotes are the worker's own members of the capture document, beside those page.js
// records (title, lang, url, viewport, scroll_size, device_scale_factor, node_count, truncated,
// root). The backend does not read them; the conversion worker does.
type DocumentNotes struct {
	// ReadySelector is the selector the capture waited for; omitted when none.
	ReadySelector string `json:"ready_selector,omitempty"`
	// AssetKinds maps each asset id to "img", "background", "inline-svg", "mask" (a CSS
	// mask-image), "crop" (a PNG of an element's box, svg.go) or "canvas" (a canvas's bitmap).
	AssetKinds map[string]string `json:"asset_kinds"`
	// UnresolvedImages lists images the page shows whose bytes were not recorded.
	UnresolvedImages []UnresolvedImage `json:"unresolved_images"`
	// Diagnostics say how the page behaved while it was recorded.
	Diagnostics Diagnostics `json:"diagnostics"`
	// Screenshot records the page height and the cap behind the screenshot's Capped.
	Screenshot ScreenshotNotes `json:"screenshot"`
	// Warnings list what the capture could not record as a visitor sees it (a page that never
	// settled, infinite animations paused, dialogs answered); empty when none.
	Warnings []CaptureWarning `json:"warnings"`
}

// ScreenshotNotes are the heights behind a screenshot, in device pixels.
type ScreenshotNotes struct {
	// FullHeight is the page height; when the screenshot is capped, the PNG stops at MaxHeight.
	FullHeight int `json:"full_height"`
	MaxHeight  int `json:"max_height"`
}

// Diagnostics record how the page behaved while captured.
type Diagnostics struct {
	NetworkSettled bool `json:"network_settled"`
	PendingImages  int  `json:"pending_images"`
	// DialogsAnswered counts the JavaScript dialogs the page opened, each answered at once
	// (dialogs.go).
	DialogsAnswered int `json:"dialogs_answered"`
	// Settle is what bringing the page to rest did (settle.go).
	Settle Settling `json:"settle"`
	// ClosedShadowRoots counts closed shadow roots captured through the DevTools protocol (-1:
	// the page could not be searched for them, warning CLOSED_SHADOW_ROOTS_UNREAD);
	// HiddenTexts counts text runs left out as hidden from sighted users (composed.go).
	ClosedShadowRoots int `json:"closed_shadow_roots"`
	HiddenTexts       int `json:"hidden_texts"`
}

// Stored is what the callback reports of a stored capture.
type Stored struct {
	ResultURL     string
	CaptureHash   string
	ScreenshotURL string
}

// storeCapture writes the assets, the screenshot and then the capture JSON under keyPrefix, and
// returns the pointers and the capture's SHA-256. The capture JSON is written last, so a pointer to
// it always finds its assets.
func storeCapture(ctx context.Context, client *s3.Client, bucket, keyPrefix string, req Request, p *Page, now time.Time) (Stored, error) {
	c := CaptureJSON{
		Manifest: Manifest{
			Kind: CaptureKind, Version: CaptureVersion,
			PageImportID: req.PageImportID, Attempt: req.Attempt, Nonce: req.Nonce,
			SourceURL: req.SourceURL, FinalURL: p.FinalURL, Viewport: req.Viewport,
			DeviceScaleFactor: req.DeviceScaleFactor, CapturedAt: now.UTC(),
		},
		Assets: []Asset{},
	}
	notes := DocumentNotes{
		ReadySelector:    req.ReadySelector,
		AssetKinds:       make(map[string]string, len(p.Images)),
		UnresolvedImages: p.Unresolved,
		Diagnostics: Diagnostics{NetworkSettled: p.NetworkSettled, PendingImages: p.PendingImages,
			DialogsAnswered: p.DialogsAnswered, Settle: p.Settling,
			ClosedShadowRoots: p.ClosedShadowRoots, HiddenTexts: p.HiddenTexts},
		Warnings:   p.Warnings,
		Screenshot: ScreenshotNotes{FullHeight: p.Screenshot.FullHeight, MaxHeight: p.Screenshot.MaxHeight},
	}
	if notes.Warnings == nil {
		notes.Warnings = []CaptureWarning{}
	}
	if notes.UnresolvedImages == nil {
		notes.UnresolvedImages = []UnresolvedImage{}
	}
	written := map[string]bool{}
	for _, img := range p.Images {
		sum := sha256.Sum256(img.Bytes)
		hexSum := hex.EncodeToString(sum[:])
		key := keyPrefix + AssetFolder + hexSum + extensionOf(img.MimeType)
		if !written[key] {
			if err := putObject(ctx, client, bucket, key, img.Bytes, img.MimeType); err != nil {
				return Stored{}, err
			}
			written[key] = true
		}
		c.Assets = append(c.Assets, Asset{ID: img.ID, SourceURL: img.SourceURL, Key: key,
			MimeType: img.MimeType, SHA256: hexSum, ByteSize: len(img.Bytes)})
		notes.AssetKinds[img.ID] = img.Kind
	}
	shotKey := keyPrefix + ScreenshotObject
	if err := putObject(ctx, client, bucket, shotKey, p.Screenshot.PNG, "image/png"); err != nil {
		return Stored{}, err
	}
	c.Screenshot = ScreenshotRef{Key: shotKey, MimeType: "image/png", Width: p.Screenshot.Width, Height: p.Screenshot.Height,
		Capped: p.Screenshot.Capped}
	doc, err := withNotes(p.Document, notes)
	if err != nil {
		return Stored{}, err
	}
	c.Document = doc
	raw, err := json.Marshal(c)
	if err != nil {
		return Stored{}, fmt.Errorf("encode capture JSON: %w", err)
	}
	captureKey := keyPrefix + CaptureObject
	if err := putObject(ctx, client, bucket, captureKey, raw, "application/json"); err != nil {
		return Stored{}, err
	}
	sum := sha256.Sum256(raw)
	return Stored{
		ResultURL:     "s3://" + bucket + "/" + captureKey,
		CaptureHash:   hex.EncodeToString(sum[:]),
		ScreenshotURL: "s3://" + bucket + "/" + shotKey,
	}, nil
}

// putObject stores body with a seekable reader (plain-HTTP S3 endpoints need one).
func putObject(ctx context.Context, client *s3.Client, bucket, key string, body []byte, contentType string) error {
	_, err := client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))),
		ContentType:   aws.String(contentType),
	})
	if err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	return nil
}

func extensionOf(mime string) string {
	switch mime {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	case "image/svg+xml":
		return ".svg"
	case "image/avif":
		return ".avif"
	case "image/x-icon", "image/vnd.microsoft.icon":
		return ".ico"
	case "image/bmp":
		return ".bmp"
	}
	return ""
}

// withNotes returns the document object doc with the members of notes appended. The document can
// be large (up to MaxDocumentBytes), so it is spliced rather than decoded; page.js never writes the
// notes' member names, so no member repeats.
func withNotes(doc json.RawMessage, notes DocumentNotes) (json.RawMessage, error) {
	extra, err := json.Marshal(notes)
	if err != nil {
		return nil, fmt.Errorf("encode document notes: %w", err)
	}
	body := bytes.TrimSpace(doc)
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, fmt.Errorf("capture document is not a JSON object")
	}
	out := make([]byte, 0, len(body)+len(extra))
	out = append(out, body[:len(body)-1]...)
	if len(bytes.TrimSpace(body[1:len(body)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, extra[1:]...)
	return out, nil
}
