package callbacks_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
	captureworker "github.com/code2des/backend/worker/capture"
)

// goldenBucket is the bucket the golden examples point into (the default S3_BUCKET).
const goldenBucket = "code2des-artifacts"

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

func readGolden(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(goldenDir + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func validate(s *jsonschema.Schema, b []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// TestGoldenExamplesMatchSchemasAndDecoders: every golden example is valid under its JSON Schema
// and accepted by the Go decoder; every example under invalid/ is refused by both, so the schemas
// in docs/ and the code cannot drift apart.
func TestGoldenExamplesMatchSchemasAndDecoders(t *testing.T) {
	t.Parallel()
	type kind struct {
		schema *jsonschema.Schema
		decode func([]byte) error
	}
	kinds := map[string]kind{
		"page-import-callback": {compileSchema(t, "page-import-callback.schema.json"), func(b []byte) error {
			_, err := callbacks.DecodePageImportCallback(b)
			return err
		}},
		"code2des-callback": {compileSchema(t, "code2des-callback.schema.json"), func(b []byte) error {
			_, err := callbacks.DecodeCode2DesCallback(b)
			return err
		}},
		"capture": {compileSchema(t, "capture.schema.json"), func(b []byte) error { _, err := artifacts.ParseCapture(b); return err }},
		"result":  {compileSchema(t, "result.schema.json"), func(b []byte) error { _, err := artifacts.ParseResult(b); return err }},
		// The capture message is decoded by the reference capture worker (the API only writes it).
		"capture-message": {compileSchema(t, "capture-message.schema.json"), func(b []byte) error {
			r, err := captureworker.ParseRequest(b)
			if err != nil {
				return err
			}
			return r.Validate()
		}},
		"callback-response": {compileSchema(t, "callback-response.schema.json"), func(b []byte) error {
			var r callbacks.Response
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.DisallowUnknownFields()
			return dec.Decode(&r)
		}},
	}
	kindOf := func(name string) kind {
		k, ok := kinds[strings.SplitN(filepath.Base(name), ".", 2)[0]]
		if !ok {
			t.Fatalf("no schema for %s", name)
		}
		return k
	}
	valid, _ := filepath.Glob(goldenDir + "*.json")
	invalid, _ := filepath.Glob(goldenDir + "invalid/*.json")
	if len(valid) < 10 || len(invalid) < 10 {
		t.Fatalf("found %d golden and %d invalid examples", len(valid), len(invalid))
	}
	for _, path := range valid {
		name := filepath.Base(path)
		if name == "signature-example.json" {
			continue
		}
		t.Run("Valid/"+name, func(t *testing.T) {
			b, _ := os.ReadFile(path)
			k := kindOf(name)
			if err := validate(k.schema, b); err != nil {
				t.Errorf("schema refuses the golden example: %v", err)
			}
			if err := k.decode(b); err != nil {
				t.Errorf("decoder refuses the golden example: %v", err)
			}
		})
	}
	for _, path := range invalid {
		name := filepath.Base(path)
		t.Run("Invalid/"+name, func(t *testing.T) {
			b, _ := os.ReadFile(path)
			k := kindOf(name)
			if err := validate(k.schema, b); err == nil {
				t.Error("schema accepts an invalid example")
			}
			if err := k.decode(b); err == nil {
				t.Error("decoder accepts an invalid example")
			}
		})
	}
	// invalid/beyond-schema/ holds examples that break a rule JSON Schema cannot express (the
	// schema names it in a description): the schema accepts them, the decoder refuses them.
	beyond, _ := filepath.Glob(goldenDir + "invalid/beyond-schema/*.json")
	if len(beyond) < 5 {
		t.Fatalf("found %d beyond-schema examples", len(beyond))
	}
	for _, path := range beyond {
		name := filepath.Base(path)
		t.Run("BeyondSchema/"+name, func(t *testing.T) {
			b, _ := os.ReadFile(path)
			k := kindOf(name)
			if err := validate(k.schema, b); err != nil {
				t.Errorf("schema refuses it (move it to invalid/): %v", err)
			}
			if err := k.decode(b); err == nil {
				t.Error("decoder accepts an invalid example")
			}
		})
	}
}

// TestGoldenExamplesAreConsistent: the golden callback's capture_hash is the SHA-256 of the golden
// capture JSON's bytes, the result repeats it, and the counts agree.
func TestGoldenExamplesAreConsistent(t *testing.T) {
	t.Parallel()
	captureBytes := readGolden(t, "capture.json")
	var pic callbacks.PageImportCallback
	if err := json.Unmarshal(readGolden(t, "page-import-callback.completed.json"), &pic); err != nil {
		t.Fatal(err)
	}
	if h := artifacts.HashHex(captureBytes); deref(pic.CaptureHash) != h {
		t.Errorf("capture_hash %s, SHA-256 of capture.json %s", deref(pic.CaptureHash), h)
	}
	capture, err := artifacts.ParseCapture(captureBytes)
	if err != nil {
		t.Fatal(err)
	}
	result, err := artifacts.ParseResult(readGolden(t, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c2d callbacks.Code2DesCallback
	if err := json.Unmarshal(readGolden(t, "code2des-callback.completed.json"), &c2d); err != nil {
		t.Fatal(err)
	}
	if result.Manifest.CaptureHash != deref(pic.CaptureHash) || result.Manifest.PageImportID != pic.PageImportID ||
		capture.Manifest.PageImportID != pic.PageImportID || capture.Manifest.Nonce != pic.Nonce ||
		result.Manifest.Code2DesID != c2d.Code2DesID || result.Manifest.Nonce != c2d.Nonce ||
		len(result.Warnings) != deref(c2d.WarningCount) {
		t.Error("golden examples disagree on identity, capture hash or warning count")
	}
}

// TestGoldenCallbacksApply runs the golden examples through the real handler, database and S3:
// the capture and result are stored at the keys the golden callbacks point at, and both
// completions are applied. The failure examples are applied on a second, fresh database.
func TestGoldenCallbacksApply(t *testing.T) {
	t.Parallel()
	response := compileSchema(t, "callback-response.schema.json")
	load := func(name string, e *env) []byte {
		// The golden pointers name the default bucket; the test bucket has another name.
		return bytes.ReplaceAll(readGolden(t, name), []byte("s3://"+goldenBucket+"/"), []byte("s3://"+e.s3.Bucket+"/"))
	}
	var pic callbacks.PageImportCallback
	var c2d callbacks.Code2DesCallback
	_ = json.Unmarshal(readGolden(t, "page-import-callback.completed.json"), &pic)
	_ = json.Unmarshal(readGolden(t, "code2des-callback.completed.json"), &c2d)
	key := func(ptr string) string { return strings.TrimPrefix(ptr, "s3://"+goldenBucket+"/") }

	checkAnswer := func(t *testing.T, a answer, want callbacks.Result) {
		t.Helper()
		if a.status != 200 || a.body.Result != want {
			t.Errorf("got %v, want %s", a, want)
		}
		if err := validate(response, mustJSON(t, a.body)); err != nil {
			t.Errorf("the answer does not match callback-response.schema.json: %v", err)
		}
	}

	t.Run("Completed", func(t *testing.T) {
		e := newEnv(t, envOptions{})
		pi := e.insertPageImport(pic.PageImportID, pic.Nonce)
		e.put(key(*pic.ResultURL), readGolden(t, "capture.json"))
		e.put(key(*pic.ScreenshotURL), []byte("\x89PNG"))
		checkAnswer(t, e.post(callbacks.PageImportsPath, load("page-import-callback.completed.json", e)), callbacks.Applied)
		checkAnswer(t, e.post(callbacks.PageImportsPath, load("page-import-callback.completed.json", e)), callbacks.Duplicate)
		pi = e.readPageImport(pi.ID)
		if pi.Status != models.PageImportCompleted || deref(pi.CaptureHash) != *pic.CaptureHash {
			t.Fatalf("page import %+v", pi)
		}

		e.insertCode2Des(c2d.Code2DesID, c2d.Nonce, pi)
		e.put(key(*c2d.ResultURL), readGolden(t, "result.json"))
		checkAnswer(t, e.post(callbacks.Code2DesPath, load("code2des-callback.completed.json", e)), callbacks.Applied)
		if job := e.readCode2Des(c2d.Code2DesID); job.Status != models.Code2DesCompleted || deref(job.WarningCount) != 1 {
			t.Errorf("code2des %+v", job)
		}
	})
	t.Run("Failed", func(t *testing.T) {
		e := newEnv(t, envOptions{})
		pi := e.insertPageImport(pic.PageImportID, pic.Nonce)
		checkAnswer(t, e.post(callbacks.PageImportsPath, load("page-import-callback.failed.json", e)), callbacks.Applied)
		if row := e.readPageImport(pi.ID); row.Status != models.PageImportFailed || deref(row.ErrorMessage) != "the page did not finish loading within 30s" {
			t.Errorf("page import %+v", row)
		}
		if f := e.failureRow(pi.ID); f == nil || f.ErrorCode != "LOAD_TIMEOUT" {
			t.Errorf("failure row %+v, want LOAD_TIMEOUT", f)
		}
		source := e.completedPageImport(strings.Repeat("f", 64))
		e.insertCode2Des(c2d.Code2DesID, c2d.Nonce, source)
		checkAnswer(t, e.post(callbacks.Code2DesPath, load("code2des-callback.failed.json", e)), callbacks.Applied)
	})
	t.Run("ErrorAnswersMatchTheSchema", func(t *testing.T) {
		e := newEnv(t, envOptions{})
		for _, a := range []answer{
			e.postWith(callbacks.PageImportsPath, []byte("{}"), nil),
			e.post(callbacks.PageImportsPath, []byte("{}")),
			e.post(callbacks.PageImportsPath, load("page-import-callback.failed.json", e)),
		} {
			if a.status == 200 {
				t.Errorf("got %v", a)
			}
			if err := validate(response, mustJSON(t, a.body)); err != nil {
				t.Errorf("%v does not match callback-response.schema.json: %v", a, err)
			}
		}
	})
}
