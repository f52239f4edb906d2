package capture

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/code2des/backend/mhtml"
)

// Captures of uploaded MHTML snapshots (docs/workers.md §12). The message (version 2)
// points at the archive in the job's own artifact folder; the worker reads it (bounded, checked
// against the declared size and SHA-256), parses it as untrusted input (package mhtml: size,
// part-count and header limits, no file: or other schemes), and renders it in a fresh browser
// context where every request is answered from the archive or refused (snapshot_serve.go):
// nothing reaches the network, a resource not in the archive stays missing with a warning, and
// page scripts do not run. Then the page is captured exactly as a URL is.

// SnapshotFormatMHTML is the only `snapshot.format` so far.
const SnapshotFormatMHTML = "mhtml"

// SnapshotObjectName is the archive's object name in the job's attempt folder.
const SnapshotObjectName = "source.mhtml"

// SnapshotRef is the `snapshot` member of a version 2 capture message.
type SnapshotRef struct {
	Format string `json:"format"`
	// URL is s3://<bucket>/<artifact prefix>source.mhtml.
	URL string `json:"url"`
	// ByteSize is the archive's size in bytes, 1..mhtml.MaxSnapshotBytes.
	ByteSize int64 `json:"byte_size"`
	// Sha256 is the archive's lowercase hex SHA-256.
	Sha256 string `json:"sha256"`
}

// validateSnapshot checks the snapshot member against the version: required in version 2,
// absent in version 1, and always inside the job's own artifact folder. Its error text is safe
// for the failed callback.
func (r Request) validateSnapshot() error {
	if r.Version == RequestVersion {
		if r.Snapshot != nil {
			return errors.New("a version 1 message has no snapshot")
		}
		return nil
	}
	s := r.Snapshot
	if s == nil {
		return errors.New("a version 2 message needs its snapshot")
	}
	if s.Format != SnapshotFormatMHTML {
		return fmt.Errorf("snapshot format %q is not %q", s.Format, SnapshotFormatMHTML)
	}
	if s.ByteSize < 1 || s.ByteSize > mhtml.MaxSnapshotBytes {
		return fmt.Errorf("snapshot byte_size %d is outside 1-%d", s.ByteSize, mhtml.MaxSnapshotBytes)
	}
	if b, err := hex.DecodeString(s.Sha256); err != nil || len(b) != sha256.Size || s.Sha256 != strings.ToLower(s.Sha256) {
		return errors.New("snapshot sha256 is not 64 lowercase hex digits")
	}
	bucket, keyPrefix, _ := r.Artifacts()
	if s.URL != "s3://"+bucket+"/"+keyPrefix+SnapshotObjectName {
		return errors.New("snapshot url is not this job's " + SnapshotObjectName)
	}
	return nil
}

// captureSnapshot renders and stores the snapshot of req (a validated version 2 request).
func (w *Worker) captureSnapshot(ctx context.Context, req Request, t Timeouts) (*Page, error) {
	bucket, keyPrefix, _ := req.Artifacts()
	a, err := readSnapshot(ctx, w.S3, bucket, keyPrefix+SnapshotObjectName, req.Snapshot)
	if err != nil {
		return nil, err
	}
	return w.Browser.CaptureSnapshot(ctx, PageSpec{
		URL: req.SourceURL, Viewport: req.Viewport,
		DeviceScaleFactor: req.DeviceScaleFactor, ReadySelector: req.ReadySelector,
		ArchiveScripts: w.Config.SnapshotScripts,
	}, a, t, w.Config.MaxScreenshotHeight)
}

// readSnapshot downloads the archive (at most ref.ByteSize+1 bytes are read), checks its size and
// SHA-256 and parses it. A storage fault is returned as is (the message is retried); everything
// about the file itself is a *PageError.
func readSnapshot(ctx context.Context, client *s3.Client, bucket, key string, ref *SnapshotRef) (*mhtml.Archive, error) {
	out, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		if strings.Contains(err.Error(), "NoSuchKey") || strings.Contains(err.Error(), "StatusCode: 404") {
			return nil, pageErrorf(CodeSnapshotInvalid, "the snapshot file is missing from storage")
		}
		return nil, fmt.Errorf("read snapshot: %w", err)
	}
	defer out.Body.Close()
	body, err := io.ReadAll(io.LimitReader(out.Body, ref.ByteSize+1))
	if err != nil {
		return nil, fmt.Errorf("read snapshot: %w", err)
	}
	if int64(len(body)) != ref.ByteSize {
		return nil, pageErrorf(CodeSnapshotInvalid, "the snapshot file is not the size its message declares")
	}
	sum := sha256.Sum256(body)
	if hex.EncodeToString(sum[:]) != ref.Sha256 {
		return nil, pageErrorf(CodeSnapshotInvalid, "the snapshot file does not match its SHA-256")
	}
	a, err := mhtml.Parse(bytes.NewReader(body))
	if err != nil {
		var me *mhtml.Error
		if errors.As(err, &me) {
			return nil, pageErrorf(CodeSnapshotInvalid, "the snapshot could not be read: %s", me.Message)
		}
		return nil, pageErrorf(CodeSnapshotInvalid, "the snapshot could not be read")
	}
	return a, nil
}

// CaptureSnapshot renders the archive a as the page at spec.URL (which is never fetched) with no
// network, and records it as Capture does. Failures of the snapshot are *PageError.
func (b *Browser) CaptureSnapshot(ctx context.Context, spec PageSpec, a *mhtml.Archive, t Timeouts, maxScreenshotHeight int) (*Page, error) {
	spec.Archive = a
	if a.Root.Location != "" {
		// The page is served at the URL it was saved from, so its relative references resolve
		// inside the archive; spec.URL is the same URL as the API normalized it.
		spec.URL = a.Root.Location
	}
	return b.render(ctx, spec, t, maxScreenshotHeight)
}
