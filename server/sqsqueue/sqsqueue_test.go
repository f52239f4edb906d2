package sqsqueue_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"go.opentelemetry.io/otel/propagation"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sqsqueue"
	"github.com/code2des/backend/server/testenv"
)

func TestSendReceive(t *testing.T) {
	env := testenv.SQS(t)
	msg := models.QueueMessage{Type: "page_import.requested", JobID: "0190f3a2-7b1c-7d3e-8f00-000000000001", Attempt: 1,
		Body: []byte(`{"type":"page_import.requested","version":1}`)}
	if err := env.Queue.Send(context.Background(), msg); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := env.Receive(t, 10, 2*time.Second)
	if len(got) != 1 {
		t.Fatalf("received %d messages, want 1", len(got))
	}
	if aws.ToString(got[0].Body) != string(msg.Body) {
		t.Errorf("body %q", aws.ToString(got[0].Body))
	}
	attrs := got[0].MessageAttributes
	if aws.ToString(attrs[sqsqueue.AttrType].StringValue) != msg.Type || aws.ToString(attrs[sqsqueue.AttrJobID].StringValue) != msg.JobID {
		t.Errorf("attributes %+v", attrs)
	}
	if more := env.Receive(t, 10, 0); len(more) != 0 {
		t.Errorf("%d extra messages", len(more))
	}
}

func TestSendLimits(t *testing.T) {
	env := testenv.SQS(t)
	ctx := context.Background()
	at := models.QueueMessage{Type: "t", JobID: "j", Body: bytes.Repeat([]byte("a"), sqsqueue.MaxMessageBytes-200)}
	if err := env.Queue.Send(ctx, at); err != nil {
		t.Errorf("a message under the limit: %v", err)
	}
	past := models.QueueMessage{Type: "t", JobID: "j", Body: bytes.Repeat([]byte("a"), sqsqueue.MaxMessageBytes+1)}
	if err := env.Queue.Send(ctx, past); err == nil {
		t.Error("a message one byte past the limit was sent")
	}
}

func TestSendUnavailable(t *testing.T) {
	q := testenv.UnreachableQueue(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := q.Send(ctx, models.QueueMessage{Type: "t", JobID: "j", Body: []byte("{}")})
	if models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Errorf("send to a down server: %v, want UNAVAILABLE", err)
	}
}

func TestSendCarriesTraceContext(t *testing.T) {
	env := testenv.SQS(t)
	const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	ctx := propagation.TraceContext{}.Extract(context.Background(), propagation.MapCarrier{"traceparent": traceparent})
	if err := env.Queue.Send(ctx, models.QueueMessage{Type: "t", JobID: "j", Body: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	if err := env.Queue.Send(context.Background(), models.QueueMessage{Type: "t", JobID: "k", Body: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range env.Receive(t, 10, 2*time.Second) {
		got[aws.ToString(m.MessageAttributes[sqsqueue.AttrJobID].StringValue)] =
			aws.ToString(m.MessageAttributes[sqsqueue.AttrTraceParent].StringValue)
	}
	if got["j"] != traceparent {
		t.Errorf("traceparent %q, want %q", got["j"], traceparent)
	}
	if v, ok := got["k"]; !ok || v != "" {
		t.Errorf("a message sent without trace context has traceparent %q (received %v)", v, ok)
	}
}
