package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"sync"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/s3store"
)

// Fixture sizes: a 1 MiB capture per callback job, 8 MiB of images in one result.
const (
	captureBytes = 1 << 20
	resultImages = 8
	// resultImageSide gives 512x512 RGBA noise PNGs: incompressible, about 1 MiB each.
	resultImageSide = 512
)

// callbackJob is a processing Page Import with a 1 MiB capture and a screenshot stored under its
// prefix, and the completed callback body that reports them.
type callbackJob struct {
	pi   *models.PageImport
	body []byte
}

// newCallbackJobs inserts n processing Page Imports in fixtureProject, stores their artifacts and
// returns them with their callback bodies.
func newCallbackJobs(ctx context.Context, db *bun.DB, store *s3store.Store, n int) ([]callbackJob, error) {
	jobs := make([]callbackJob, n)
	for i := range jobs {
		id, _ := models.NewID()
		nonce, _ := models.NewNonce()
		pi := &models.PageImport{ID: id, OrganizationID: benchOrg, ProjectID: fixtureProject,
			SourceURL: "https://example.com/", ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1,
			Attempt: 1, Nonce: nonce, CreatedBy: benchSubject, UpdatedBy: benchSubject}
		if _, err := db.NewInsert().Model(pi).Returning("*").Exec(ctx); err != nil {
			return nil, err
		}
		prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
		capture, err := bigCapture(pi, captureBytes)
		if err != nil {
			return nil, err
		}
		if err := store.Put(ctx, prefix+"capture.json", capture, "application/json"); err != nil {
			return nil, err
		}
		if err := store.Put(ctx, prefix+"screenshot.png", []byte("\x89PNG screenshot"), "image/png"); err != nil {
			return nil, err
		}
		body, _ := json.Marshal(map[string]any{
			"page_import_id": pi.ID, "attempt": pi.Attempt, "nonce": pi.Nonce, "status": "completed",
			"result_url":     models.S3URI(store.Bucket(), prefix+"capture.json"),
			"capture_hash":   artifacts.HashHex(capture),
			"screenshot_url": models.S3URI(store.Bucket(), prefix+"screenshot.png"),
		})
		jobs[i] = callbackJob{pi: pi, body: body}
	}
	return jobs, nil
}

// bigCapture returns a capture JSON for pi of at least n bytes whose document is a flat list of
// small element objects, as a DOM dump is. The document is built once and shared.
func bigCapture(pi *models.PageImport, n int) ([]byte, error) {
	prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
	manifest, err := json.Marshal(map[string]any{
		"kind": "page_import.capture", "version": 1, "page_import_id": pi.ID, "attempt": pi.Attempt,
		"nonce": pi.Nonce, "source_url": "https://example.com/", "final_url": "https://example.com/",
		"viewport": map[string]any{"width": 1440, "height": 900}, "device_scale_factor": 1,
		"captured_at": "2026-01-01T00:00:05Z",
	})
	if err != nil {
		return nil, err
	}
	screenshot, err := json.Marshal(map[string]any{"key": prefix + "screenshot.png", "mime_type": "image/png", "width": 1440, "height": 2000})
	if err != nil {
		return nil, err
	}
	doc := domDump(n)
	out := make([]byte, 0, len(doc)+len(manifest)+len(screenshot)+64)
	out = append(append(append(out, `{"manifest":`...), manifest...), `,"document":`...)
	out = append(append(append(out, doc...), `,"assets":[],"screenshot":`...), screenshot...)
	return append(out, '}'), nil
}

var (
	domOnce sync.Once
	domDoc  []byte
)

// domDump returns a document object of at least n bytes: {"root":{"tag":"body","children":[...]}}.
func domDump(n int) []byte {
	domOnce.Do(func() {
		var b bytes.Buffer
		b.WriteString(`{"root":{"tag":"body","children":[`)
		for i := 0; b.Len() < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"box":{"height":24,"width":640,"x":%d,"y":%d},"id":"n%d","style":{"color":"rgb(17, 17, 17)","display":"block","font-family":"Inter","font-size":"16px"},"tag":"div","text":"Lorem ipsum dolor sit amet, consectetur adipiscing elit."}`, i%1440, i*24, i)
		}
		b.WriteString(`]}}`)
		domDoc = b.Bytes()
	})
	return domDoc
}

// resultJob is a completed Code2Des job whose result references 8 MiB of PNG images.
type resultJob struct {
	job       *models.Code2Des
	resultKey string
	payload   int64 // stored image bytes
}

// newResultJob inserts a completed Page Import and a completed Code2Des job of it in
// fixtureProject and stores the job's result and images.
func newResultJob(ctx context.Context, db *bun.DB, store *s3store.Store) (*resultJob, error) {
	piID, _ := models.NewID()
	piNonce, _ := models.NewNonce()
	captureHash := artifacts.HashHex([]byte("capture of " + piID))
	pi := &models.PageImport{ID: piID, OrganizationID: benchOrg, ProjectID: fixtureProject,
		SourceURL: "https://example.com/", ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1,
		Status: models.PageImportCompleted, Attempt: 1, Nonce: piNonce, CaptureHash: &captureHash,
		CreatedBy: benchSubject, UpdatedBy: benchSubject}
	if _, err := db.NewInsert().Model(pi).Exec(ctx); err != nil {
		return nil, err
	}
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	prefix := models.Code2DesArtifactPrefix("", id, 1)
	resultURL := models.S3URI(store.Bucket(), prefix+"result.json")
	warnings := 0
	job := &models.Code2Des{ID: id, OrganizationID: benchOrg, ProjectID: fixtureProject, PageImportID: piID,
		FigmaFileKey: "benchFile", ScreenID: "bench-screen", Status: models.Code2DesCompleted, Attempt: 1,
		Nonce: nonce, ResultURL: &resultURL, WarningCount: &warnings, CreatedBy: benchSubject, UpdatedBy: benchSubject}
	if _, err := db.NewInsert().Model(job).Exec(ctx); err != nil {
		return nil, err
	}
	rj := &resultJob{job: job, resultKey: prefix + "result.json"}
	var images []artifacts.ResultImage
	var children bytes.Buffer
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range resultImages {
		img := image.NewNRGBA(image.Rect(0, 0, resultImageSide, resultImageSide))
		for j := range img.Pix {
			img.Pix[j] = byte(rng.Uint32())
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return nil, err
		}
		key := fmt.Sprintf("%simages/%d.png", prefix, i)
		if err := store.Put(ctx, key, buf.Bytes(), "image/png"); err != nil {
			return nil, err
		}
		ref := fmt.Sprintf("img%d", i)
		images = append(images, artifacts.ResultImage{Ref: ref, Key: key, MimeType: "image/png",
			Sha256: artifacts.HashHex(buf.Bytes()), ByteSize: int64(buf.Len()), Width: resultImageSide, Height: resultImageSide})
		rj.payload += int64(buf.Len())
		if i > 0 {
			children.WriteByte(',')
		}
		fmt.Fprintf(&children, `{"type":"RECTANGLE","id":"2:%d","name":"image %d","x":0,"y":%d,"width":512,"height":512,"fills":[{"type":"IMAGE","imageRef":%q,"scaleMode":"FILL"}]}`, i, i, i*512, ref)
	}
	manifest, _ := json.Marshal(artifacts.ResultManifest{Kind: "code2des.result", Version: 1, Code2DesID: id,
		Attempt: 1, Nonce: nonce, PageImportID: piID, CaptureHash: captureHash})
	imgs, _ := json.Marshal(images)
	doc := `{"manifest":` + string(manifest) +
		`,"root":{"type":"FRAME","id":"1:1","name":"page","x":0,"y":0,"width":1440,"height":4096,"children":[` + children.String() + `]}` +
		`,"images":` + string(imgs) + `,"warnings":[]}`
	if err := store.Put(ctx, rj.resultKey, []byte(doc), "application/json"); err != nil {
		return nil, err
	}
	return rj, nil
}
