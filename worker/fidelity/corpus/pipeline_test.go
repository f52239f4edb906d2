// Package corpus_test runs the fidelity corpus (testdata/fidelity/site) through the whole main
// job: the capture worker in headless Chromium, the conversion worker with its self-check, and
// the preview again for the side-by-side images (docs/fidelity.md).
package corpus_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
	"github.com/sirupsen/logrus"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convertworker"
	"github.com/code2des/backend/worker/internal/workertest"
	"github.com/code2des/backend/worker/preview"
)

// siteDir is the corpus, served on loopback.
const siteDir = "../../../testdata/fidelity/site"

// realDir is the real-page corpus (realpages_test.go), one folder a page, served on loopback.
const realDir = "../../../testdata/fidelity/real"

// Corpus capture settings: every page at this viewport and scale.
const (
	viewportWidth  = 1280
	viewportHeight = 800
	scale          = 1
)

const secret = "fidelity-corpus-secret-32-bytes!!"

// jobBound bounds each capture and each conversion of the corpus.
const jobBound = 90 * time.Second

var quiet = flag.Bool("fidelity.quiet", true, "leave the workers' logs out of the test output")

var dumpDir = flag.String("fidelity.dump", "", "directory to write each page's capture (capture.json, assets, screenshot.png), result.json and job.json to, for converting the same captures again")

// pipeline is the main job's machinery: storage, both queues, both workers and their callback
// receivers, and the loopback site.
type pipeline struct {
	s3       *testenv.S3Env
	site     *httptest.Server
	real     *httptest.Server
	realLog  *requestLog
	capQ     *testenv.SQSEnv
	convQ    *testenv.SQSEnv
	capRC    *workertest.Receiver[capture.CallbackBody]
	convRC   *workertest.Receiver[convertworker.CallbackBody]
	renderer *preview.Renderer
	convert  *convertworker.Worker
}

// startPipeline starts both workers until the test ends.
func startPipeline(t *testing.T) *pipeline {
	t.Helper()
	p := &pipeline{s3: testenv.S3(t), capQ: testenv.SQS(t), convQ: testenv.SQS(t)}
	if *quiet {
		logrus.SetLevel(logrus.ErrorLevel) // goaws logs every empty long poll at warning level
	}
	p.site = httptest.NewServer(http.FileServer(http.Dir(siteDir)))
	t.Cleanup(p.site.Close)
	p.realLog = &requestLog{}
	p.real = httptest.NewServer(p.realLog.wrap(http.FileServer(http.Dir(realDir))))
	t.Cleanup(p.real.Close)
	p.capRC = workertest.NewReceiver[capture.CallbackBody](t, secret, "/webhooks/page-imports", http.StatusOK, p.capQ)
	p.convRC = workertest.NewReceiver[convertworker.CallbackBody](t, secret, "/webhooks/code2des", http.StatusOK, p.convQ)
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	if *quiet {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}

	capCfg := capture.Config{
		QueueURL: p.capQ.QueueURL, Settings: awslocal.Settings(p.s3.Endpoint, p.capQ.Endpoint),
		CallbackSecret: secret, CallbackTimeout: 5 * time.Second, AllowPrivateNetworks: true,
		LoadTimeout: 20 * time.Second, ReadyTimeout: 5 * time.Second, NetworkIdleTimeout: 5 * time.Second,
		ImageTimeout: 5 * time.Second, JobTimeout: jobBound, MaxScreenshotHeight: capture.ChromiumMaxScreenshotHeight,
		WaitTime: time.Second, VisibilityTimeout: 3 * time.Minute, MaxReceives: 1, Concurrency: 1,
	}
	sqsC, s3C, err := capCfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	browser, err := capture.NewBrowser(capture.BrowserOptions{AllowPrivateNetworks: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { browser.Close() })
	capW := &capture.Worker{Config: capCfg, SQS: sqsC, S3: s3C, Browser: browser, Logger: logger}

	p.renderer, err = preview.NewRenderer(preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.renderer.Close() })
	convCfg := convertworker.Config{
		QueueURL: p.convQ.QueueURL, Settings: awslocal.Settings(p.s3.Endpoint, p.convQ.Endpoint),
		CallbackSecret: secret, CallbackTimeout: 5 * time.Second, JobTimeout: jobBound,
		MaxCaptureBytes: 80 << 20, WaitTime: time.Second, VisibilityTimeout: 3 * time.Minute, MaxReceives: 1, Concurrency: 1,
		SelfCheck: true,
	}
	sqsV, s3V, err := convCfg.Clients(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p.convert = &convertworker.Worker{Config: convCfg, SQS: sqsV, S3: s3V, Preview: p.renderer, Logger: logger}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, 2)
	go func() { _ = capW.Run(ctx); done <- struct{}{} }()
	go func() { _ = p.convert.Run(ctx); done <- struct{}{} }()
	t.Cleanup(func() { cancel(); <-done; <-done })
	return p
}

// run is one page through the main job.
type run struct {
	Page       string
	Capture    *capturemodel.Capture
	Screenshot []byte
	ResultJSON []byte
	Result     *resultjson.Result
	DiffMap    []byte
	Images     map[string][]byte
}

// runPage captures page (a file of the site) at the corpus's viewport and converts it; it fails
// the test when either job fails.
func (p *pipeline) runPage(t *testing.T, page string) *run {
	t.Helper()
	return p.runURL(t, page, p.site.URL+"/"+page+".html", viewportWidth, viewportHeight)
}

// runURL captures the page at url in a width × height viewport (scale 1) and converts it; the
// run is named name. It fails the test when either job fails.
func (p *pipeline) runURL(t *testing.T, name, url string, width, height int) *run {
	t.Helper()
	pageImportID, code2desID := uuid.Must(uuid.NewV7()).String(), uuid.Must(uuid.NewV7()).String()
	importPrefix := "page-imports/" + pageImportID + "/attempt-1/"
	workertest.Send(t, p.capQ, map[string]any{
		"type": "page_import.requested", "version": 1, "page_import_id": pageImportID, "attempt": 1,
		"nonce": "corpus-nonce", "source_url": url,
		"viewport": map[string]int{"width": width, "height": height}, "device_scale_factor": scale,
		"ready_selector": "", "artifact_prefix": "s3://" + p.s3.Bucket + "/" + importPrefix,
		"callback_url": p.capRC.URL(),
	})
	cb := p.capRC.Wait(t, jobBound)
	if cb.Status != capture.StatusCompleted || cb.PageImportID != pageImportID {
		t.Fatalf("%s: capture %s %q", name, cb.Status, cb.ErrorMessage)
	}
	workertest.Send(t, p.convQ, map[string]any{
		"type": "code2des.requested", "version": 1, "code2des_id": code2desID, "attempt": 1,
		"nonce": "corpus-nonce", "page_import_id": pageImportID, "capture_url": cb.ResultURL,
		"capture_hash": cb.CaptureHash, "figma_file_key": "corpus", "screen_id": "1:1", "placement_target": "page",
		"artifact_prefix": "s3://" + p.s3.Bucket + "/code2des/" + code2desID + "/attempt-1/",
		"callback_url":    p.convRC.URL(),
	})
	cc := p.convRC.Wait(t, jobBound)
	if cc.Status != convertworker.StatusCompleted || cc.Code2DesID != code2desID {
		t.Fatalf("%s: conversion %s %q", name, cc.Status, cc.ErrorMessage)
	}
	r := &run{Page: name, Images: map[string][]byte{}}
	r.ResultJSON = p.object(t, strings.TrimPrefix(cc.ResultURL, "s3://"+p.s3.Bucket+"/"))
	if err := json.Unmarshal(r.ResultJSON, &r.Result); err != nil {
		t.Fatal(err)
	}
	// The backend accepts the result, fidelity member included.
	claim := artifacts.ResultClaim{Code2DesID: code2desID, Attempt: 1, Nonce: "corpus-nonce", PageImportID: pageImportID,
		PageImportAttempt: 1, CaptureHash: cb.CaptureHash, ResultURL: cc.ResultURL, WarningCount: *cc.WarningCount}
	if _, err := artifacts.CheckResult(r.ResultJSON, claim, p.s3.Bucket, ""); err != nil {
		t.Fatalf("%s: the backend refuses the result: %v", name, err)
	}
	rawCapture := p.object(t, strings.TrimPrefix(cb.ResultURL, "s3://"+p.s3.Bucket+"/"))
	c, err := capturemodel.Parse(rawCapture, pageImportID)
	if err != nil {
		t.Fatal(err)
	}
	r.Capture = c
	r.Screenshot = p.object(t, strings.TrimPrefix(cb.ScreenshotURL, "s3://"+p.s3.Bucket+"/"))
	for _, im := range r.Result.Images {
		r.Images[im.Ref] = p.object(t, im.Key)
	}
	if f := r.Result.Fidelity; f != nil && f.DiffMap != nil {
		r.DiffMap = p.object(t, f.DiffMap.Key)
	}
	if *dumpDir != "" {
		p.dump(t, r, rawCapture, importPrefix, cc.ResultURL)
	}
	return r
}

// dump writes what one page's conversion read and wrote under *dumpDir/<page>/: the capture JSON,
// its assets and screenshot (by key under the import prefix), the result JSON and job.json (the
// result's s3:// pointer and the import prefix), so the same capture can be converted again.
func (p *pipeline) dump(t *testing.T, r *run, rawCapture []byte, importPrefix, resultURL string) {
	t.Helper()
	dir := filepath.Join(*dumpDir, r.Page)
	put := func(rel string, b []byte) {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, path, b)
	}
	put("capture.json", rawCapture)
	put("result.json", r.ResultJSON)
	for _, a := range r.Capture.Assets {
		if rel, ok := strings.CutPrefix(a.Key, importPrefix); ok {
			put(rel, p.object(t, a.Key))
		}
	}
	put("screenshot.png", r.Screenshot)
	job, err := json.Marshal(map[string]string{"import_prefix": importPrefix, "result_url": resultURL})
	if err != nil {
		t.Fatal(err)
	}
	put("job.json", job)
}

func (p *pipeline) object(t *testing.T, key string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := p.s3.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(p.s3.Bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sideBySide is one PNG: the screenshot, the preview and the diff map (scaled to the same
// height), left to right.
func sideBySide(t *testing.T, shot, drawn, diff []byte) []byte {
	t.Helper()
	var imgs []image.Image
	for _, b := range [][]byte{shot, drawn, diff} {
		if b == nil {
			continue
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, im)
	}
	h := imgs[0].Bounds().Dy()
	w := 0
	scaled := make([]image.Image, len(imgs))
	for i, im := range imgs {
		scaled[i] = scaleTo(im, h)
		w += scaled[i].Bounds().Dx() + 8
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.Black, image.Point{}, draw.Src)
	x := 0
	for _, im := range scaled {
		draw.Draw(out, image.Rect(x, 0, x+im.Bounds().Dx(), h), im, im.Bounds().Min, draw.Src)
		x += im.Bounds().Dx() + 8
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// scaleTo scales im to height h (nearest neighbour; the diff map is smaller than the page).
func scaleTo(im image.Image, h int) image.Image {
	b := im.Bounds()
	if b.Dy() == h || b.Dy() == 0 {
		return im
	}
	w := b.Dx() * h / b.Dy()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out.Set(x, y, im.At(b.Min.X+x*b.Dx()/w, b.Min.Y+y*b.Dy()/h))
		}
	}
	return out
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
