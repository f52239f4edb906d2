// Package convertworker is the reference conversion worker of Code2Des. It speaks only the
// contract of SPEC §5-§7, as an outside worker team would: it long-polls the conversion queue for
// code2des.requested messages, reads the capture JSON the capture worker stored (checking its
// SHA-256 against the message), converts the captured page into a tree of native Figma nodes
// (worker/convert; docs/conversion.md), optionally measures the result against the page
// (SelfCheck), stores the result JSON under the job's artifact prefix, and posts a signed
// callback. A message is deleted only once the callback is accepted.
//
// Entry point: build a Config (LoadConfig, or env.ParseAs[Config] then override the queue and
// endpoints), the AWS clients (Config.Clients), then run Worker.Run until its context ends.
package convertworker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/aws/smithy-go"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/consumer"
	"github.com/code2des/backend/worker/preview"
)

// Callback statuses (SPEC §6).
const (
	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// ResultObject is the result JSON's name under the job's artifact prefix.
const ResultObject = "result.json"

// MaxErrorMessageLen caps error_message, in bytes.
const MaxErrorMessageLen = 500

// CallbackBody is the JSON body POSTed to the request's callback_url (SPEC §6, snake_case).
type CallbackBody struct {
	Code2DesID string `json:"code2des_id"`
	Attempt    int    `json:"attempt"`
	Nonce      string `json:"nonce"`
	// Status is StatusCompleted or StatusFailed.
	Status string `json:"status"`
	// ResultURL is the s3:// pointer of the result JSON (completed only).
	ResultURL string `json:"result_url,omitempty"`
	// WarningCount is the length of the result's warnings list (completed only).
	WarningCount *int `json:"warning_count,omitempty"`
	// ErrorMessage says, safely for end users, why the conversion failed (failed only).
	ErrorMessage string `json:"error_message,omitempty"`
}

// JobError is a failure of the job itself (bad request, capture missing or not matching its
// hash, page too large). Its Message is safe for end users and becomes error_message.
type JobError struct{ Message string }

func (e *JobError) Error() string { return e.Message }

func jobErrorf(format string, args ...any) error {
	return &JobError{Message: fmt.Sprintf(format, args...)}
}

// Worker consumes the conversion queue.
type Worker struct {
	Config Config
	SQS    *sqs.Client
	S3     *s3.Client
	// HTTPClient posts callbacks; nil means a client with Config.CallbackTimeout.
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Now is the clock used to sign callbacks (time.Now when nil).
	Now func() time.Time
	// Preview draws results for the self-check (Config.SelfCheck); nil means the worker starts
	// its own Chromium on the first job and stops it in Close.
	Preview *preview.Renderer

	own renderer
}

// Close stops the Chromium the worker started for the self-check, if any. Run calls it when it
// returns; a caller of Handle calls it when done.
func (w *Worker) Close() { w.own.close() }

func (w *Worker) previewRenderer() *preview.Renderer {
	if w.Preview != nil {
		return w.Preview
	}
	return w.own.get(w.Config.ChromiumPath)
}

// Run polls the queue with Config.Concurrency loops until ctx ends, then waits for the
// conversions in progress to finish (each is bounded by JobTimeout). It returns nil after a
// clean stop, or the configuration error.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.Config.Validate(); err != nil {
		return err
	}
	defer w.Close()
	w.loop().Run(ctx)
	return nil
}

func (w *Worker) loop() consumer.Loop {
	return consumer.Loop{
		Name: "conversion", SQS: w.SQS, QueueURL: w.Config.QueueURL, WaitTime: w.Config.WaitTime,
		VisibilityTimeout: w.Config.VisibilityTimeout, Concurrency: w.Config.Concurrency,
		MaxReceives: w.Config.MaxReceives, InternalFailure: "the conversion failed because of an internal error",
		Poster: callback.Poster{Secret: []byte(w.Config.CallbackSecret), Client: w.httpClient(), Now: w.Now},
		Logger: w.logger(), NewJob: func() consumer.Job { return &job{w: w} },
	}
}

// Handle processes one message: convert, store, call back, and delete the message when the
// callback was accepted (consumer.Loop.Process). It reports whether the message was deleted.
func (w *Worker) Handle(ctx context.Context, m types.Message) (deleted bool) {
	return w.loop().Process(ctx, m)
}

// job is the conversion of one message (consumer.Job).
type job struct {
	w            *Worker
	req          Request
	resultURL    string
	warningCount int
}

func (j *job) Parse(body []byte) (err error) {
	j.req, err = ParseRequest(body)
	return err
}

func (j *job) Attrs() []any { return []any{"code2des_id", j.req.Code2DesID, "attempt", j.req.Attempt} }

func (j *job) Run(ctx context.Context) (string, error) {
	var err error
	j.resultURL, j.warningCount, err = j.w.convert(ctx, j.req)
	if je := (*JobError)(nil); errors.As(err, &je) {
		return je.Message, nil
	}
	return "", err
}

func (j *job) Callback(failure string) (string, []byte, []any, error) {
	body := CallbackBody{Code2DesID: j.req.Code2DesID, Attempt: j.req.Attempt, Nonce: j.req.Nonce, Status: StatusCompleted}
	if failure != "" {
		body.Status, body.ErrorMessage = StatusFailed, callback.TruncateUTF8(failure, MaxErrorMessageLen)
	} else {
		body.ResultURL, body.WarningCount = j.resultURL, &j.warningCount
	}
	raw, err := json.Marshal(body)
	return j.req.CallbackURL, raw, []any{"status", body.Status, "warning_count", j.warningCount}, err
}

// convert runs one job and returns the result pointer and warning count. Failures of the job are
// *JobError; anything else is a worker fault (storage) worth a retry.
func (w *Worker) convert(ctx context.Context, req Request) (string, int, error) {
	loc, err := req.Locate()
	if err != nil {
		return "", 0, jobErrorf("invalid conversion request: %s", err.Error())
	}
	ctx, cancel := context.WithTimeout(ctx, w.Config.JobTimeout)
	defer cancel()
	timedOut := func(err error) error {
		if ctx.Err() != nil {
			return jobErrorf("the conversion did not finish within %s", w.Config.JobTimeout)
		}
		return err
	}

	raw, err := w.get(ctx, loc.Bucket, loc.CaptureKey, w.Config.MaxCaptureBytes)
	switch {
	case errors.Is(err, errNotFound):
		return "", 0, jobErrorf("the capture artifact was not found")
	case errors.Is(err, errTooLarge):
		return "", 0, jobErrorf("the capture artifact is larger than %d bytes", w.Config.MaxCaptureBytes)
	case err != nil:
		return "", 0, timedOut(err)
	}
	sum := sha256.Sum256(raw)
	if hex.EncodeToString(sum[:]) != req.CaptureHash {
		return "", 0, jobErrorf("the capture artifact's SHA-256 does not match capture_hash")
	}
	c, err := capturemodel.Parse(raw, req.PageImportID)
	if err != nil {
		return "", 0, jobErrorf("the capture cannot be converted: %s", err.Error())
	}
	load := func(ctx context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		b, err := w.get(ctx, loc.Bucket, a.Key, maxBytes)
		switch {
		case errors.Is(err, errNotFound):
			return nil, convert.ErrAssetMissing
		case errors.Is(err, errTooLarge):
			return b, nil // the size check that follows reports it
		}
		return b, err
	}
	job := convert.Job{Code2DesID: req.Code2DesID, Attempt: req.Attempt, Nonce: req.Nonce, PageImportID: req.PageImportID, CaptureHash: req.CaptureHash}
	out, err := convert.Convert(ctx, c, job, convert.Options{ImportPrefix: loc.ImportPrefix, JobPrefix: loc.JobPrefix}, load)
	switch {
	case errors.Is(err, resultjson.ErrTooLarge):
		return "", 0, jobErrorf("the converted page is too large: its result is over %d MiB", resultjson.MaxResultBytes>>20)
	case err != nil:
		return "", 0, timedOut(err)
	}
	if w.Config.SelfCheck {
		SelfCheck(ctx, w.previewRenderer(), c, loc.JobPrefix, out, func(ctx context.Context, key string, maxBytes int64) ([]byte, error) {
			return w.get(ctx, loc.Bucket, key, maxBytes)
		})
	}
	for _, cp := range out.Copies {
		if err := w.put(ctx, loc.Bucket, cp.Key, cp.Bytes, cp.MimeType); err != nil {
			return "", 0, timedOut(err)
		}
	}
	key := loc.JobPrefix + ResultObject
	if err := w.put(ctx, loc.Bucket, key, out.JSON, "application/json"); err != nil {
		return "", 0, timedOut(err)
	}
	return "s3://" + loc.Bucket + "/" + key, len(out.Result.Warnings), nil
}

var (
	errNotFound = errors.New("object not found")
	errTooLarge = errors.New("object over its size limit")
)

// get reads an object of at most maxBytes. An object over the limit returns its first
// maxBytes+1 bytes with errTooLarge.
func (w *Worker) get(ctx context.Context, bucket, key string, maxBytes int64) ([]byte, error) {
	out, err := w.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		var api smithy.APIError
		if errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound") {
			return nil, fmt.Errorf("%w: %s", errNotFound, key)
		}
		return nil, fmt.Errorf("read %s: %w", key, err)
	}
	defer out.Body.Close()
	if out.ContentLength != nil && *out.ContentLength > maxBytes {
		return nil, fmt.Errorf("%w: %s is %d bytes", errTooLarge, key, *out.ContentLength)
	}
	b, err := io.ReadAll(io.LimitReader(out.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", key, err)
	}
	if int64(len(b)) > maxBytes {
		return b, fmt.Errorf("%w: %s", errTooLarge, key)
	}
	return b, nil
}

// put stores body with a seekable reader (plain-HTTP S3 endpoints need one).
func (w *Worker) put(ctx context.Context, bucket, key string, body []byte, contentType string) error {
	_, err := w.S3.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(bucket), Key: aws.String(key), Body: bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))), ContentType: aws.String(contentType),
	})
	if err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	return nil
}

func (w *Worker) httpClient() *http.Client {
	if w.HTTPClient != nil {
		return w.HTTPClient
	}
	return &http.Client{Timeout: w.Config.CallbackTimeout}
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}
