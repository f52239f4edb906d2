// Package sqsqueue publishes job messages to SQS (or any SQS-protocol server): it implements
// models.Queue for standard and FIFO queues.
package sqsqueue

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.opentelemetry.io/otel/propagation"

	"github.com/code2des/backend/awsclient"
	"github.com/code2des/backend/models"
)

// MaxMessageBytes is the largest message body accepted by SQS (256 KiB, body plus attributes on
// most emulators). Job messages are a few hundred bytes; a larger one is a bug, refused before
// sending.
const MaxMessageBytes = 256 * 1024

// Message attribute names carried beside every body (SPEC §5).
const (
	AttrType  = "type"
	AttrJobID = "job_id"
	// AttrTraceParent and AttrTraceState carry the W3C trace context of the request that created
	// the job, when it had one, so a worker can continue the trace.
	AttrTraceParent = "traceparent"
	AttrTraceState  = "tracestate"
)

// traceContext is the W3C Trace Context propagator (go.opentelemetry.io/otel/propagation).
var traceContext = propagation.TraceContext{}

// NewClient builds the API's SQS client of cfg and s (awsclient). Its requests go out in one
// write each (oneWrite).
func NewClient(cfg aws.Config, s awsclient.Settings) *sqs.Client {
	return s.SQS(cfg, func(so *sqs.Options) { so.HTTPClient = oneWrite{next: so.HTTPClient} })
}

// Queue implements models.Queue for one queue URL.
type Queue struct {
	client *sqs.Client
	url    string
}

var _ models.Queue = (*Queue)(nil)

// New returns a Queue publishing to queueURL. A URL ending in ".fifo" is a FIFO queue.
func New(client *sqs.Client, queueURL string) *Queue { return &Queue{client: client, url: queueURL} }

// URL returns the queue URL.
func (q *Queue) URL() string { return q.url }

// Send publishes msg. On a FIFO queue the job id is the message group (per-job ordering) and
// "<job id>-<attempt>" the deduplication id, so a retried publish of one attempt is sent once.
func (q *Queue) Send(ctx context.Context, msg models.QueueMessage) error {
	if len(msg.Body) > MaxMessageBytes {
		return &models.Error{Code: models.CodeInternal, Message: "queue message too large",
			Err: fmt.Errorf("message of %d bytes over the %d-byte limit", len(msg.Body), MaxMessageBytes)}
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(q.url),
		MessageBody: aws.String(string(msg.Body)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			AttrType:  {DataType: aws.String("String"), StringValue: aws.String(msg.Type)},
			AttrJobID: {DataType: aws.String("String"), StringValue: aws.String(msg.JobID)},
		},
	}
	carrier := propagation.MapCarrier{}
	traceContext.Inject(ctx, carrier)
	for _, name := range []string{AttrTraceParent, AttrTraceState} {
		if v := carrier.Get(name); v != "" {
			in.MessageAttributes[name] = types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
		}
	}
	if strings.HasSuffix(q.url, ".fifo") {
		in.MessageGroupId = aws.String(msg.JobID)
		in.MessageDeduplicationId = aws.String(msg.JobID + "-" + strconv.Itoa(msg.Attempt))
	}
	if _, err := q.client.SendMessage(ctx, in); err != nil {
		return &models.Error{Code: models.CodeUnavailable, Message: "queue unavailable",
			Err: fmt.Errorf("sqs send %s: %w", msg.Type, err)}
	}
	return nil
}
