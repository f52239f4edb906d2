// Package capture is the reference capture worker of Code2Des. It speaks only the contract of
// SPEC §5-§7, as an outside worker team would: it long-polls the capture queue for
// page_import.requested messages, renders each page in headless Chromium (through chromedp),
// records the DOM with computed styles, layout boxes, text and every image shown, stores the
// images, a full-page screenshot and the capture JSON under the job's artifact prefix, and posts a
// signed callback. A message is deleted only once the callback is accepted.
//
// Entry point: build a Config (LoadConfig), the AWS clients (NewAWSClients) and a Browser
// (NewBrowser), then run Worker.Run until its context ends.
package capture

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
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
		SQS: w.SQS, QueueURL: w.Config.QueueURL, WaitTime: w.Config.WaitTime,
		VisibilityTimeout: w.Config.VisibilityTimeout, Concurrency: w.Config.Concurrency,
		Logger: w.logger(), Handle: func(ctx context.Context, m types.Message) { w.Handle(ctx, m) },
	}
}

// Handle processes one message: capture, store, call back, and delete the message when the
// callback was accepted. It reports whether the message was deleted.
func (w *Worker) Handle(ctx context.Context, m types.Message) (deleted bool) {
	log := w.logger().With("message_id", aws.ToString(m.MessageId))
	req, err := ParseRequest([]byte(aws.ToString(m.Body)))
	switch {
	case errors.Is(err, ErrOtherVersion):
		log.Warn("capture message of another type or version left on the queue", "err", err)
		return false
	case err != nil:
		log.Error("capture message dropped: it cannot be answered", "err", err)
		return w.loop().Delete(ctx, log, m)
	}
	log = log.With("page_import_id", req.PageImportID, "attempt", req.Attempt)
	started := w.now()

	body := CallbackBody{PageImportID: req.PageImportID, Attempt: req.Attempt, Nonce: req.Nonce}
	stored, err := w.capture(ctx, req)
	var pe *PageError
	switch {
	case err == nil:
		body.Status = StatusCompleted
		body.ResultURL, body.CaptureHash, body.ScreenshotURL = stored.ResultURL, stored.CaptureHash, stored.ScreenshotURL
	case errors.As(err, &pe):
		body.Status, body.ErrorMessage = StatusFailed, pe.Message
	default:
		receives := consumer.ReceiveCount(m)
		if receives < w.Config.MaxReceives {
			log.Error("capture failed; message left for redelivery", "err", err, "receive_count", receives)
			return false
		}
		log.Error("capture failed on its last delivery; reporting failed", "err", err, "receive_count", receives)
		body.Status, body.ErrorMessage = StatusFailed, "the capture failed because of an internal error"
	}
	raw, err := body.encode()
	if err != nil {
		log.Error("callback not sent; message left for redelivery", "err", err)
		return false
	}
	poster := callback.Poster{Secret: []byte(w.Config.CallbackSecret), Client: w.httpClient(), Now: w.Now}
	log = log.With("status", body.Status, "error_message", body.ErrorMessage, "duration", w.now().Sub(started).Round(time.Millisecond))
	return w.loop().Answer(ctx, log, m, poster, req.CallbackURL, raw, "capture reported")
}

func (w *Worker) capture(ctx context.Context, req Request) (Stored, error) {
	if err := req.Validate(); err != nil {
		return Stored{}, &PageError{Message: "invalid capture request: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, w.Config.JobTimeout)
	defer cancel()
	p, err := w.Browser.Capture(ctx, PageSpec{
		URL: req.SourceURL, Viewport: req.Viewport,
		DeviceScaleFactor: req.DeviceScaleFactor, ReadySelector: req.ReadySelector,
	}, Timeouts{
		Load: w.Config.LoadTimeout, Ready: w.Config.ReadyTimeout,
		NetworkIdle: w.Config.NetworkIdleTimeout, Images: w.Config.ImageTimeout,
	}, w.Config.MaxScreenshotHeight)
	if err != nil {
		if ctx.Err() != nil && !errors.As(err, new(*PageError)) {
			return Stored{}, &PageError{Message: fmt.Sprintf("the capture did not finish within %s", w.Config.JobTimeout)}
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
