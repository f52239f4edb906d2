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

	v1 := newFixture(t)
	v1.upload(t)
	r, err = newService(v1.env.Store, results.Options{}).Result(context.Background(), v1.job, v1.pi)
	if err != nil {
		t.Fatalf("Result (version 1): %v", err)
	}
	if string(r.Styles) != "[]" || r.Variables != nil {
		t.Errorf("version 1: styles %s variables %s, want [] and nil", r.Styles, r.Variables)
	}
}
