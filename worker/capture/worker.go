// Package capture is the reference capture worker of Code2Des. It speaks only the contract of
// SPEC §5-§7, as an outside worker team would: it long-polls the capture queue for
// page_import.requested messages, renders each page in headless Chromium (through chromedp),
// records the DOM with computed styles, layout boxes, text and every image shown, stores the
// images, a full-page screenshot and the capture JSON under the job's artifact prefix, and posts a
// signed callback. A message is deleted only once the callback is accepted.
//
// Entry point: build a Config (LoadConfig), the AWS clients (Config.Clients) and a Browser
// (NewBrowser), then run Worker.Run until its context ends.
package capture

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/consumer"
)

// Worker consumes the capture queue.
type Worker struct {
	Config  Config
	SQS     *sqs.Client
	S3      *s3.Client
	Browser *Browser
	// HTTPClient posts callbacks; nil means a client with Config.CallbackTimeout.
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Run polls the queue with Config.Concurrency loops until ctx ends, then waits for the captures in
// progress to finish (each is bounded by JobTimeout). It returns nil after a clean stop, or the
// configuration error.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.Config.Validate(); err != nil {
		return err
	}
	w.loop().Run(ctx)
	return nil
}

func (w *Worker) loop() consumer.Loop {
	return consumer.Loop{
		Name: "capture", SQS: w.SQS, QueueURL: w.Config.QueueURL, WaitTime: w.Config.WaitTime,
		VisibilityTimeout: w.Config.VisibilityTimeout, Concurrency: w.Config.Concurrency,
		MaxReceives: w.Config.MaxReceives, InternalFailure: "the capture failed because of an internal error",
		Poster: callback.Poster{Secret: []byte(w.Config.CallbackSecret), Client: w.httpClient(), Now: w.Now},
		Logger: w.logger(), NewJob: func() consumer.Job { return &job{w: w} },
	}
}

// Handle processes one message: capture, store, call back, and delete the message when the
// callback was accepted (consumer.Loop.Process). It reports whether the message was deleted.
func (w *Worker) Handle(ctx context.Context, m types.Message) (deleted bool) {
	return w.loop().Process(ctx, m)
}

// job is the capture of one message (consumer.Job).
type job struct {
	w      *Worker
	req    Request
	stored Stored
	// code is the class of the page failure Run returned (empty otherwise).
	code string
}

func (j *job) Parse(body []byte) (err error) {
	j.req, err = ParseRequest(body)
	return err
}

func (j *job) Attrs() []any {
	return []any{"page_import_id", j.req.PageImportID, "attempt", j.req.Attempt}
}

func (j *job) Run(ctx context.Context) (string, error) {
	// A redelivered job that already failed on its page is answered from its record.
	if rec, err := j.w.recordedFailure(ctx, j.req); err != nil {
		j.w.logger().Warn("capture: failure record unreadable; rendering", append(j.Attrs(), "err", err)...)
	} else if rec != nil {
		j.w.logger().Info("capture: failed before; answering from the failure record", append(j.Attrs(), "code", rec.Code)...)
		j.code = rec.Code
		return rec.Message, nil
	}
	var err error
	j.stored, err = j.w.capture(ctx, j.req)
	if pe := (*PageError)(nil); errors.As(err, &pe) {
		attrs := append(j.Attrs(), "code", pe.Code)
		if pe.Err != nil {
			attrs = append(attrs, "cause", pe.Err)
		}
		j.w.logger().Info("capture: the page failed", attrs...)
		if pe.Code != CodeInvalidRequest {
			if err := j.w.recordFailure(ctx, j.req, pe); err != nil {
				j.w.logger().Warn("capture: failure record not stored", append(j.Attrs(), "err", err)...)
			}
		}
		j.code = pe.Code
		return pe.Message, nil
	}
	return "", err
}

func (j *job) Callback(failure string) (string, []byte, []any, error) {
	body := CallbackBody{PageImportID: j.req.PageImportID, Attempt: j.req.Attempt, Nonce: j.req.Nonce, Status: StatusCompleted}
	if failure != "" {
		// A failure without a page failure's code is the worker's own fault on the message's
		// last delivery (consumer.Loop.InternalFailure).
		body.Status, body.ErrorMessage, body.ErrorCode = StatusFailed, failure, j.code
		if !isErrorCode(body.ErrorCode) { // none, or a failure record's the API would refuse
			body.ErrorCode = CodeInternal
		}
	} else {
		body.ResultURL, body.CaptureHash, body.ScreenshotURL = j.stored.ResultURL, j.stored.CaptureHash, j.stored.ScreenshotURL
	}
	raw, err := body.encode()
	attrs := []any{"status", body.Status}
	if body.ErrorCode != "" {
		attrs = append(attrs, "error_code", body.ErrorCode)
	}
	return j.req.CallbackURL, raw, attrs, err
}

func (w *Worker) capture(ctx context.Context, req Request) (Stored, error) {
	if err := req.Validate(); err != nil {
		return Stored{}, &PageError{Code: CodeInvalidRequest, Message: "invalid capture request: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, w.Config.JobTimeout)
	defer cancel()
	t := Timeouts{
		Load: w.Config.LoadTimeout, Ready: w.Config.ReadyTimeout,
		NetworkIdle: w.Config.NetworkIdleTimeout, Images: w.Config.ImageTimeout, Settle: w.Config.SettleTimeout,
		Unresponsive: w.Config.UnresponsiveTimeout,
	}
	var p *Page
	var err error
	if req.Snapshot != nil {
		p, err = w.captureSnapshot(ctx, req, t)
	} else {
		p, err = w.Browser.Capture(ctx, PageSpec{
			URL: req.SourceURL, Viewport: req.Viewport,
			DeviceScaleFactor: req.DeviceScaleFactor, ReadySelector: req.ReadySelector,
		}, t, w.Config.MaxScreenshotHeight)
	}
	if err != nil {
		if ctx.Err() != nil && !errors.As(err, new(*PageError)) {
			return Stored{}, &PageError{Code: CodeJobTimeout, Message: fmt.Sprintf("the capture did not finish within %s", w.Config.JobTimeout), Err: err}
		}
		return Stored{}, err
	}
	bucket, keyPrefix, _ := req.Artifacts()
	return storeCapture(ctx, w.S3, bucket, keyPrefix, req, p, w.now())
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

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}
