package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/code2des/backend/server/sqsqueue"
)

// A createPageImport request carrying a W3C traceparent publishes a capture message whose
// attributes carry the same trace id (SPEC §5: attributes carry the type, job id and trace context).
func TestCreatePageImportPropagatesTraceContext(t *testing.T) {
	s := newStack(t, nil)
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	body, _ := json.Marshal(map[string]any{"query": createMutation, "variables": createInput(s.a1)})
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.token(t, "alice"))
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("create answered %d", resp.StatusCode)
	}
	msgs := s.queue.Receive(t, 10, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages on the queue, want 1", len(msgs))
	}
	got := aws.ToString(msgs[0].MessageAttributes[sqsqueue.AttrTraceParent].StringValue)
	if want := "00-" + traceID + "-00f067aa0ba902b7-01"; got != want {
		t.Errorf("traceparent attribute %q, want %q", got, want)
	}
}
