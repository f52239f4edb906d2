package sqsqueue_test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.opentelemetry.io/otel/propagation"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sqsqueue"
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

// countingConn counts the writes of its connection.
type countingConn struct {
	net.Conn
	writes *atomic.Int64
}

func (c countingConn) Write(b []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(b)
}

// A SendMessage goes out in one write, headers and body together; the SDK's own client writes
// the body apart (two writes), which the control shows.
func TestSendWritesEachRequestOnce(t *testing.T) {
	env := testenv.SQS(t)
	ctx := context.Background()
	cfg, err := awslocal.Settings("", "").Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var writes atomic.Int64
	dialer := &net.Dialer{}
	cfg.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dialer.DialContext(ctx, network, addr)
		return countingConn{Conn: c, writes: &writes}, err
	}}}
	msg := models.QueueMessage{Type: "t", JobID: "j", Body: []byte(`{"a":"b"}`)}
	for name, tc := range map[string]struct {
		client *sqs.Client
		want   int64
	}{
		"Queue":      {sqsqueue.NewClient(cfg, awslocal.Settings("", env.Endpoint)), 1},
		"SDKControl": {sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.BaseEndpoint = aws.String(env.Endpoint) }), 2},
	} {
		q := sqsqueue.New(tc.client, env.QueueURL)
		for i := range 3 {
			writes.Store(0)
			if err := q.Send(ctx, msg); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := writes.Load(); got != tc.want {
				t.Errorf("%s, send %d: %d writes, want %d", name, i, got, tc.want)
			}
		}
	}
	if got := env.Receive(t, 10, 2*time.Second); len(got) != 6 {
		t.Errorf("%d messages received, want 6", len(got))
	}
}
