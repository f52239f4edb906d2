package capture_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// The worker imports nothing from server/ (it speaks the contract as an outside team would); its
// tests do, to hold what it sends and stores to the backend's own checks and to the published
// schemas (docs/workers.md, docs/schemas/).

// schemasDir holds the published JSON Schemas of the worker contract.
const schemasDir = "../../docs/schemas/"

func compileSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile(schemasDir + name)
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	return s
}

func validateSchema(t *testing.T, s *jsonschema.Schema, what string, b []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s is not JSON: %v", what, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s breaks its schema: %#v", what, err)
	}
}

// checkContract holds callback i (and, for a completion, the capture JSON raw it points at) to the
// worker contract: the signature headers pass the backend's verifier, the body passes
// page-import-callback.schema.json and the backend's decoder, and the capture passes
// capture.schema.json and the backend's artifact verification (hash, format, manifest identity,
// key scope, screenshot) over the bucket the worker wrote to.
func (h *harness) checkContract(t *testing.T, i int, raw []byte) {
	t.Helper()
	call := h.rc.Calls()[i]
	body, header := call.Raw, call.Header

	sv := callbacks.SignatureVerifier{Secrets: [][]byte{[]byte(testSecret)}}
	if err := sv.Verify(header, body); err != nil {
		t.Errorf("the backend refuses the callback's signature: %v", err)
	}
	if ct := header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("callback Content-Type %q, want application/json", ct)
	}
	validateSchema(t, compileSchema(t, "page-import-callback.schema.json"), "callback body", body)
	cb, err := callbacks.DecodePageImportCallback(body)
	if err != nil {
		t.Fatalf("the backend's decoder refuses the callback body: %v\n%s", err, body)
	}
	if raw == nil {
		return
	}

	validateSchema(t, compileSchema(t, "capture.schema.json"), "capture JSON", raw)
	if _, err := artifacts.ParseCapture(raw); err != nil {
		t.Errorf("the backend's parser refuses the capture JSON: %v", err)
	}
	v := artifacts.NewVerifier(h.s3.Store, "test/", artifacts.Limits{ReadTimeout: 10 * time.Second})
	claim := artifacts.CaptureClaim{PageImportID: cb.PageImportID, Attempt: cb.Attempt, Nonce: cb.Nonce}
	if cb.ResultURL != nil && cb.ScreenshotURL != nil && cb.CaptureHash != nil {
		claim.ResultURL, claim.ScreenshotURL, claim.CaptureHash = *cb.ResultURL, *cb.ScreenshotURL, *cb.CaptureHash
	}
	if err := v.VerifyCapture(context.Background(), claim); err != nil {
		t.Errorf("the backend's artifact check refuses the capture: %v", err)
	}
}
