// Package consumer is the queue side of every reference worker (docs/workers.md §8): long-poll
// loops on one SQS queue, the receive count of a message, and the rule that a message is deleted
// only once the backend has accepted the job's callback (worker/internal/callback).
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/code2des/backend/worker/internal/callback"
)

// Bounds of the queue side.
const (
	// MaxWaitTime is SQS's longest long-poll wait.
	MaxWaitTime = 20 * time.Second
	// ReceiveRetryPause is the pause after a failed receive (queue unreachable) before polling
	// again.
	ReceiveRetryPause = 2 * time.Second
	// DeleteTimeout bounds the deletion of a handled message.
	DeleteTimeout = 10 * time.Second
)

// ErrOtherVersion marks a message of another type or version (Job.Parse wraps it): it is left on
// the queue for a consumer that reads it.
var ErrOtherVersion = errors.New("message of another type or version")

// Job is one worker's part in handling one message; Loop.Process does the rest, the same for
// every worker (docs/workers.md §8). Loop.NewJob makes one per message.
type Job interface {
	// Parse reads the message body. An error wrapping ErrOtherVersion leaves the message on the
	// queue; any other error means the message cannot be answered, and it is dropped.
	Parse(body []byte) error
	// Attrs name the parsed job in logs.
	Attrs() []any
	// Run does the job. A non-empty failure is why the job failed, safe for end users; err is a
	// fault of the worker itself (storage down, browser crash), for which the message is left for
	// redelivery until its MaxReceives-th receive, which reports the job failed with
	// Loop.InternalFailure.
	Run(ctx context.Context) (failure string, err error)
	// Callback returns where to post the outcome and its body (SPEC §6): completed when failure
	// is empty, else failed with failure as error_message, plus attributes to log.
	Callback(failure string) (url string, body []byte, attrs []any, err error)
}

// Loop consumes one queue.
type Loop struct {
	// Name names the work in logs ("capture", "conversion").
	Name     string
	SQS      *sqs.Client
	QueueURL string
	// WaitTime is the long-poll wait of each receive (0 to MaxWaitTime).
	WaitTime time.Duration
	// VisibilityTimeout hides a received message from other consumers while it is handled.
	VisibilityTimeout time.Duration
	// Concurrency is how many poll loops run, each handling one message at a time.
	Concurrency int
	// MaxReceives is the receive on which a worker fault is reported as a failed job instead
	// of leaving the message for redelivery.
	MaxReceives int
	// InternalFailure is the error_message of a job failed by a worker fault.
	InternalFailure string
	// Poster signs and posts the callbacks.
	Poster callback.Poster
	Logger *slog.Logger
	// NewJob returns the worker's part for one message.
	NewJob func() Job
}

// Run polls the queue with Concurrency loops until ctx ends, then waits for the messages in hand
// to be handled.
func (l Loop) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for range l.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.poll(ctx)
		}()
	}
	wg.Wait()
}

func (l Loop) poll(ctx context.Context) {
	for ctx.Err() == nil {
		out, err := l.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(l.QueueURL),
			MaxNumberOfMessages:         1,
			WaitTimeSeconds:             int32(l.WaitTime / time.Second),
			VisibilityTimeout:           int32(l.VisibilityTimeout / time.Second),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
			MessageAttributeNames:       []string{AttrTraceParent, AttrTraceState},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			l.logger().Error("queue: receive failed", "queue", l.QueueURL, "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(ReceiveRetryPause):
			}
			continue
		}
		for _, m := range out.Messages {
			// A job in progress finishes even when ctx ends (it is bounded by the worker's job
			// timeout), so its callback is not lost to a shutdown.
			l.Process(context.WithoutCancel(ctx), m)
		}
	}
}

// Process handles one message: parse it, run the job, post the callback, and delete the message
// once the backend has accepted it. It reports whether the message was deleted.
func (l Loop) Process(ctx context.Context, m types.Message) (deleted bool) {
	// Continue the trace of the request that queued the job (SPEC §5: the attributes carry the
	// trace context); the callback carries it back to the API.
	ctx = traceContext.Extract(ctx, attributeCarrier(m.MessageAttributes))
	ctx, span := otel.GetTracerProvider().Tracer(TracerName).Start(ctx, l.Name+" process",
		trace.WithSpanKind(trace.SpanKindConsumer))
	defer span.End()
	log := l.logger().With("message_id", aws.ToString(m.MessageId))
	job := l.NewJob()
	if err := job.Parse([]byte(aws.ToString(m.Body))); err != nil {
		if errors.Is(err, ErrOtherVersion) {
			log.Warn(l.Name+" message of another type or version left on the queue", "err", err)
			return false
		}
		log.Error(l.Name+" message dropped: it cannot be answered", "err", err)
		return l.Delete(ctx, log, m)
	}
	log = log.With(job.Attrs()...)
	started := time.Now()
	failure, err := job.Run(ctx)
	if err != nil {
		receives := ReceiveCount(m)
		if receives < l.MaxReceives {
			log.Error(l.Name+" failed; message left for redelivery", "err", err, "receive_count", receives)
			return false
		}
		log.Error(l.Name+" failed on its last delivery; reporting failed", "err", err, "receive_count", receives)
		failure = l.InternalFailure
	}
	url, raw, attrs, err := job.Callback(failure)
	if err != nil {
		log.Error("callback not sent; message left for redelivery", "err", err)
		return false
	}
	log = log.With(attrs...).With("error_message", failure, "duration", time.Since(started).Round(time.Millisecond))
	return l.Answer(ctx, log, m, url, raw, l.Name+" reported")
}

// Answer posts raw, the job's callback body, signed with l.Poster to url and deletes m once the backend has
// accepted it (2xx, 404, 409, 422: docs/workers.md §8); otherwise m stays for redelivery. log
// should already name the job and its outcome; reported is the line logged on acceptance. It
// reports whether m was deleted.
func (l Loop) Answer(ctx context.Context, log *slog.Logger, m types.Message, url string, raw []byte, reported string) bool {
	outcome, status, err := l.Poster.Post(ctx, url, raw)
	log = log.With("callback_status", status)
	if outcome != callback.Accepted {
		log.Error("callback not accepted; message left for redelivery", "err", err)
		return false
	}
	log.Info(reported)
	return l.Delete(ctx, log, m)
}

// Delete removes a handled message from the queue. A failed delete is logged: the message will
// then be delivered again, and the backend answers the repeated callback as a duplicate.
func (l Loop) Delete(ctx context.Context, log *slog.Logger, m types.Message) bool {
	dctx, cancel := context.WithTimeout(ctx, DeleteTimeout)
	defer cancel()
	if _, err := l.SQS.DeleteMessage(dctx, &sqs.DeleteMessageInput{
		QueueUrl: aws.String(l.QueueURL), ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.Error("queue: delete failed; the message will be delivered again", "err", err)
		return false
	}
	return true
}

// Trace context of a message (the API's server/sqsqueue writes these attributes).
const (
	AttrTraceParent = "traceparent"
	AttrTraceState  = "tracestate"
	// TracerName names the workers' spans' instrumentation scope.
	TracerName = "github.com/code2des/backend/worker"
)

var traceContext = propagation.TraceContext{}

// attributeCarrier reads W3C trace context from SQS message attributes.
type attributeCarrier map[string]types.MessageAttributeValue

func (c attributeCarrier) Get(key string) string { return aws.ToString(c[key].StringValue) }
func (c attributeCarrier) Set(string, string)    {}
func (c attributeCarrier) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	return keys
}

// ReceiveCount is how often m has been received, this time included (1 when SQS does not say).
func ReceiveCount(m types.Message) int {
	n, err := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	if err != nil || n < 1 {
		return 1
	}
	return n
}

func (l Loop) logger() *slog.Logger {
	if l.Logger != nil {
		return l.Logger
	}
	return slog.Default()
}

// Settings are what every worker configures about its queue, its job bound and its callbacks,
// each from its own environment variables: QueueVar names the queue's variable
// (SQS_CAPTURE_QUEUE_URL), Prefix the worker's own (CAPTURE_ for CAPTURE_WAIT_TIME, ...).
type Settings struct {
	QueueVar, Prefix  string
	QueueURL          string
	CallbackSecret    string
	CallbackTimeout   time.Duration
	JobTimeout        time.Duration
	WaitTime          time.Duration
	VisibilityTimeout time.Duration
	MaxReceives       int
	Concurrency       int
}

// Problems lists what is wrong with s, in words naming the environment variables; none when it
// is usable. The secret must be at least callback.MinSecretLength bytes (the API refuses shorter
// WORKER_SECRETS), and the visibility timeout must outlast a job plus all its callback tries, or
// a second worker would take the message while the first still works on it.
func (s Settings) Problems() []string {
	var problems []string
	if s.QueueURL == "" {
		problems = append(problems, s.QueueVar+" is required")
	}
	switch {
	case s.CallbackSecret == "":
		problems = append(problems, "WORKER_CALLBACK_SECRET is required")
	case len(s.CallbackSecret) < callback.MinSecretLength:
		problems = append(problems, fmt.Sprintf("WORKER_CALLBACK_SECRET must be at least %d bytes (as the API's WORKER_SECRETS)", callback.MinSecretLength))
	}
	if s.WaitTime < 0 || s.WaitTime > MaxWaitTime {
		problems = append(problems, fmt.Sprintf("%sWAIT_TIME must be within 0-%s", s.Prefix, MaxWaitTime))
	}
	if s.Concurrency < 1 {
		problems = append(problems, s.Prefix+"CONCURRENCY must be at least 1")
	}
	if s.MaxReceives < 1 {
		problems = append(problems, s.Prefix+"MAX_RECEIVES must be at least 1")
	}
	if s.JobTimeout <= 0 {
		problems = append(problems, s.Prefix+"JOB_TIMEOUT must be positive")
	}
	if s.CallbackTimeout <= 0 {
		problems = append(problems, s.Prefix+"CALLBACK_TIMEOUT must be positive")
	}
	if s.VisibilityTimeout < s.JobTimeout+callback.Attempts*s.CallbackTimeout {
		problems = append(problems, fmt.Sprintf("%sVISIBILITY_TIMEOUT must exceed %sJOB_TIMEOUT plus the callback tries", s.Prefix, s.Prefix))
	}
	return problems
}

// SplitS3 splits an s3://bucket/key pointer of a queue message (SPEC §7), refusing empty, "."
// and ".." segments and the characters \ ? # and NUL; a prefix (isPrefix) must end in "/", a key
// must not. The error completes a sentence that names the member ("is not an s3:// URI").
func SplitS3(uri string, isPrefix bool) (bucket, key string, err error) {
	rest, ok := strings.CutPrefix(uri, "s3://")
	if !ok {
		return "", "", errors.New("is not an s3:// URI")
	}
	bucket, key, ok = strings.Cut(rest, "/")
	if !ok || bucket == "" || key == "" {
		return "", "", errors.New("has no bucket or key")
	}
	if isPrefix != strings.HasSuffix(key, "/") {
		return "", "", errors.New("does not end as expected")
	}
	if strings.ContainsAny(key, "\\?#\x00") {
		return "", "", errors.New("has a forbidden character")
	}
	for _, seg := range strings.Split(strings.TrimSuffix(key, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", "", errors.New("has an empty, . or .. segment")
		}
	}
	return bucket, key, nil
}
