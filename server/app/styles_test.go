package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/code2des/backend/models"
)

// TestGraphQLCode2DesResultStyles: code2desResult returns a version 2 result's styles and
// variables byte for byte beside the tree, and [] and null for a version 1 result.
func TestGraphQLCode2DesResultStyles(t *testing.T) {
	s := newCode2DesStack(t)
	alice := s.token(t, "alice")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	const query = `query($id: ID!) { code2desResult(id: $id) { styles variables } }`

	v1 := newResultFixture(t, s, pi)
	r := s.do(t, alice, query, map[string]any{"id": v1.job.ID})
	if r.code() != "" || !bytes.Contains([]byte(r.Raw), []byte(`{"styles":[],"variables":null}`)) {
		t.Errorf("version 1: %s, want styles [] and variables null", r.Raw)
	}

	const styles = `[{"id":"S:1","type":"TEXT","name":"Text/Body 16","fontName":{"family":"Inter","style":"Regular"},"fontSize":16.0}]`
	const variables = `{"collection":"CSS custom properties","variables":[{"id":"V:1","name":"size/gap","resolvedType":"FLOAT","value":8}]}`
	v2 := newResultFixture(t, s, pi)
	_, key, _ := models.ParseS3URI(*v2.job.ResultURL)
	ctx := context.Background()
	doc, err := s.s3.Store.Get(ctx, key, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	doc = bytes.Replace(doc, []byte(`"version":1`), []byte(`"version":2`), 1)
	doc = append(bytes.TrimRight(bytes.TrimSpace(doc), "}"), []byte(`,"styles":`+styles+`,"variables":`+variables+"}\n")...)
	if err := s.s3.Store.Put(ctx, key, doc, "application/json"); err != nil {
		t.Fatal(err)
	}
	r = s.do(t, alice, query, map[string]any{"id": v2.job.ID})
	if r.code() != "" || !bytes.Contains([]byte(r.Raw), []byte(`{"styles":`+styles+`,"variables":`+variables+`}`)) {
		t.Errorf("version 2: %s, want the stored styles and variables byte for byte", r.Raw)
	}
}
