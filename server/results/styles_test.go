package results_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/code2des/backend/server/results"
)

// TestResultVersion2StylesPassThrough: the styles and variables of a version 2 result reach the
// plugin exactly as stored (no re-encoding), beside the tree; a version 1 result gives [] and
// null.
func TestResultVersion2StylesPassThrough(t *testing.T) {
	t.Parallel()
	const styles = `[ {"id":"S:1","type":"PAINT","name":"Color/brand","paints":[{"type":"SOLID","color":{"r":1.0,"g":0,"b":0}}]} ]`
	const variables = `{"collection":"CSS custom properties", "variables":[{"id":"V:1","name":"size/gap","resolvedType":"FLOAT","value":1e1}]}`
	f := newFixture(t)
	f.manifest.Version = 2
	doc := f.document(t)
	doc = append(bytes.TrimSuffix(doc, []byte("}\n")), []byte(`,"styles": `+styles+`,"variables":`+variables+"}\n")...)
	f.raw = doc
	f.upload(t)
	r, err := newService(f.env.Store, results.Options{}).Result(context.Background(), f.job, f.pi)
	if err != nil {
		t.Fatalf("Result: %v", err)
	}
	if string(r.Styles) != styles || string(r.Variables) != variables {
		t.Errorf("styles %s variables %s, want the stored bytes", r.Styles, r.Variables)
	}
	if len(r.Diagnostics) != 0 {
		t.Errorf("diagnostics %v, want none", r.Diagnostics)
	}

	v1 := newFixture(t)
	v1.upload(t)
	r, err = newService(v1.env.Store, results.Options{}).Result(context.Background(), v1.job, v1.pi)
	if err != nil {
		t.Fatalf("Result (version 1): %v", err)
	}
	if string(r.Styles) != "[]" || r.Variables != nil || r.Diagnostics == nil || len(r.Diagnostics) != 0 {
		t.Errorf("version 1: styles %s variables %s diagnostics %v, want [], nil and an empty list", r.Styles, r.Variables, r.Diagnostics)
	}
}

// TestResultDiagnostics: a result's diagnostics are returned in their order with their codes,
// messages and node ids, and are not counted as warnings.
func TestResultDiagnostics(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.manifest.Version = 2
	doc := f.document(t)
	f.raw = append(bytes.TrimSuffix(doc, []byte("}\n")), []byte(`,"diagnostics":[`+
		`{"code":"AUTO_LAYOUT_SKIPPED","message":"1:8 keeps absolute positions: its children overlap","node_id":"1:8"},`+
		`{"code":"LAYOUT_NOTE","message":"no node"}]}`+"\n")...)
	f.upload(t)
	r, err := newService(f.env.Store, results.Options{}).Result(context.Background(), f.job, f.pi)
	if err != nil {
		t.Fatalf("Result: %v", err)
	}
	if len(r.Diagnostics) != 2 {
		t.Fatalf("diagnostics %v, want 2", r.Diagnostics)
	}
	d0, d1 := r.Diagnostics[0], r.Diagnostics[1]
	if d0.Code != "AUTO_LAYOUT_SKIPPED" || d0.Message != "1:8 keeps absolute positions: its children overlap" || d0.NodeID == nil || *d0.NodeID != "1:8" {
		t.Errorf("first diagnostic %+v", d0)
	}
	if d1.Code != "LAYOUT_NOTE" || d1.Message != "no node" || d1.NodeID != nil {
		t.Errorf("second diagnostic %+v", d1)
	}
	if r.WarningCount != len(r.Warnings) {
		t.Errorf("warningCount %d for %d warnings", r.WarningCount, len(r.Warnings))
	}
	for _, w := range r.Warnings {
		if w.Code == "AUTO_LAYOUT_SKIPPED" || w.Code == "LAYOUT_NOTE" {
			t.Errorf("a diagnostic counted as a warning: %+v", w)
		}
	}
}
