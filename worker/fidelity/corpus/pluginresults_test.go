package corpus_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/results"
)

// pluginResultsDir is where TestWritePluginResults writes the corpus results for the plugin's
// round-trip tests (plugin/test/roundtrip.test.ts).
const pluginResultsDir = "../../../plugin/testdata/results"

// resultSchema is the result format's JSON Schema.
const resultSchema = "../../../docs/schemas/result.schema.json"

// pluginResult is what the plugin's materialize reads of code2desResult, with the API's member
// names (schema.graphqls: Code2DesResult). The job identity (ids, capture hash) is left out: it
// changes at every run and the plugin does not read it.
type pluginResult struct {
	Warnings  []pluginWarning `json:"warnings"`
	Root      json.RawMessage `json:"root"`
	Images    []pluginImage   `json:"images"`
	Styles    json.RawMessage `json:"styles"`
	Variables json.RawMessage `json:"variables"`
}

type pluginWarning struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	NodeID  *string `json:"nodeId"`
}

type pluginImage struct {
	Ref      string  `json:"ref"`
	MimeType string  `json:"mimeType"`
	ByteSize int     `json:"byteSize"`
	Sha256   string  `json:"sha256"`
	Width    int     `json:"width"`
	Height   int     `json:"height"`
	Base64   *string `json:"base64"`
	Svg      *string `json:"svg"`
}

// pluginRealPages are the real pages (RealPages) whose results the plugin round-trips beside ours:
// pico-preview holds what no page of ours does together (a light and a dark variable mode of 139
// custom properties, styles bound and unbound, grids, switches and form controls), at the real
// pages' 1440 px.
var pluginRealPages = []string{"pico-preview"}

// pluginResultsOrigin stands for the loopback test server's origin (a random port each run) in the
// written results (links to the page's own anchors), so regenerating them changes the files only
// where the result changed.
const pluginResultsOrigin = "http://corpus.test"

// TestWritePluginResults (`make plugin-results`, PLUGIN_RESULTS=1) runs every corpus page and
// pluginRealPages through the real capture and conversion workers, checks each result against the result format's JSON
// Schema (which types the members the plugin applies), reads it through the API's own reader
// (server/results: validation, images made Figma-safe and inlined) and writes it as
// code2desResult returns it to plugin/testdata/results/<page>.json, with the test server's origin
// written as pluginResultsOrigin.
func TestWritePluginResults(t *testing.T) {
	if os.Getenv("PLUGIN_RESULTS") == "" {
		t.Skip("writes plugin/testdata/results with `make plugin-results` (PLUGIN_RESULTS=1)")
	}
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(resultSchema)
	if err != nil {
		t.Fatal(err)
	}
	p := startPipeline(t)
	svc := results.New(p.s3.Store, results.Options{CacheBytes: -1})
	if err := os.MkdirAll(pluginResultsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	type source struct {
		page, url     string
		width, height int
	}
	var sources []source
	for _, page := range Pages {
		sources = append(sources, source{page, p.site.URL + "/" + page + ".html", viewportWidth, viewportHeight})
	}
	for _, page := range pluginRealPages {
		sources = append(sources, source{page, p.real.URL + "/" + page + "/index.html", desktopWidth, desktopHeight})
	}
	for _, src := range sources {
		page := src.page
		r := p.runURL(t, page, src.url, src.width, src.height)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.ResultJSON))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("%s: the result breaks result.schema.json: %v", page, err)
		}
		m := r.Result.Manifest
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		key := "code2des/" + m.Code2DesID + "/attempt-1/plugin-result.json"
		if err := p.s3.Store.Put(ctx, key, r.ResultJSON, "application/json"); err != nil {
			t.Fatal(err)
		}
		url := models.S3URI(p.s3.Bucket, key)
		warnings := len(r.Result.Warnings)
		hash := m.CaptureHash
		job := &models.Code2Des{ID: m.Code2DesID, PageImportID: m.PageImportID, Status: models.Code2DesCompleted,
			Attempt: 1, Nonce: m.Nonce, ResultURL: &url, WarningCount: &warnings}
		pi := &models.PageImport{ID: m.PageImportID, Status: models.PageImportCompleted, Attempt: 1, Nonce: m.Nonce, CaptureHash: &hash}
		res, err := svc.Result(ctx, job, pi)
		cancel()
		if err != nil {
			t.Fatalf("%s: the API's reader refuses the result: %v", page, err)
		}
		out := pluginResult{Root: json.RawMessage(res.Root), Styles: json.RawMessage(res.Styles), Variables: json.RawMessage("null")}
		if len(res.Variables) > 0 {
			out.Variables = json.RawMessage(res.Variables)
		}
		for _, w := range res.Warnings {
			out.Warnings = append(out.Warnings, pluginWarning{Code: w.Code, Message: w.Message, NodeID: w.NodeID})
		}
		for _, im := range res.Images {
			pim := pluginImage{Ref: im.Ref, MimeType: im.MimeType, ByteSize: im.ByteSize, Sha256: im.Sha256, Width: im.Width, Height: im.Height, Svg: im.Svg}
			if im.Base64 != nil {
				s := string(*im.Base64)
				pim.Base64 = &s
			}
			out.Images = append(out.Images, pim)
		}
		b, err := json.MarshalIndent(out, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.ReplaceAll(b, []byte(p.site.URL+"/"), []byte(pluginResultsOrigin+"/"))
		b = bytes.ReplaceAll(b, []byte(p.real.URL+"/"), []byte(pluginResultsOrigin+"/"))
		writeFile(t, filepath.Join(pluginResultsDir, page+".json"), append(b, '\n'))
	}
}
