// Package consumer is the queue side of every reference worker (docs/workers.md §8): long-poll
// loops on one SQS queue, the receive count of a message, and the rule that a message is deleted
// only once the backend has accepted the job's callback (worker/internal/callback).
package consumer

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

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

// Loop consumes one queue.
type Loop struct {
	SQS      *sqs.Client
	QueueURL string
	// WaitTime is the long-poll wait of each receive (0 to MaxWaitTime).
	WaitTime time.Duration
	// VisibilityTimeout hides a received message from other consumers while it is handled.
	VisibilityTimeout time.Duration
	// Concurrency is how many poll loops run, each handling one message at a time.
	Concurrency int
	Logger      *slog.Logger
	// Handle processes one message. Its context is not cancelled when Run's ends: a job in
	// progress finishes (it is bounded by the worker's job timeout), so its callback is not lost
	// to a shutdown.
	Handle func(ctx context.Context, m types.Message)
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
			l.Handle(context.WithoutCancel(ctx), m)
		}
	}
}

// Answer posts raw, the job's callback body, signed to url and deletes m once the backend has
// accepted it (2xx, 404, 409, 422: docs/workers.md §8); otherwise m stays for redelivery. log
// should already name the job and its outcome; reported is the line logged on acceptance. It
// reports whether m was deleted.
func (l Loop) Answer(ctx context.Context, log *slog.Logger, m types.Message, p callback.Poster, url string, raw []byte, reported string) bool {
	outcome, status, err := p.Post(ctx, url, raw)
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
