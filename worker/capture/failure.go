package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// A job that failed on its page is not rendered again. Before its failed callback the worker
// records the failure under the job's own artifact prefix (FailureObject; the file names below
// the prefix are the worker's choice, docs/workers.md §2). When the callback is not accepted
// (the API down) the message is delivered again, to this worker or another, and the delivery
// answers from the record instead of rendering the page a second time.

// FailureObject is the failure record's name under the job's artifact prefix.
const FailureObject = "failure.json"

// failureRecordTimeout bounds reading or writing the failure record: a failed callback does not
// depend on storage (docs/workers.md §10), so storage that does not answer is passed over.
const failureRecordTimeout = 5 * time.Second

// maxFailureRecordBytes bounds the failure record read back.
const maxFailureRecordBytes = 16 << 10

// FailureRecord is what the failure record holds.
type FailureRecord struct {
	// Code is the PageError code; Message the error_message sent.
	Code     string    `json:"code"`
	Message  string    `json:"message"`
	FailedAt time.Time `json:"failed_at"`
}

// recordFailure stores pe as the job's failure record.
func (w *Worker) recordFailure(ctx context.Context, req Request, pe *PageError) error {
	bucket, keyPrefix, err := req.Artifacts()
	if err != nil {
		return err
	}
	raw, err := json.Marshal(FailureRecord{Code: pe.Code, Message: pe.Message, FailedAt: w.now().UTC()})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), failureRecordTimeout)
	defer cancel()
	return putObject(ctx, w.S3, bucket, keyPrefix+FailureObject, raw, "application/json")
}

// recordedFailure reads the job's failure record: nil when there is none (or storage does not
// answer: the job is then rendered).
func (w *Worker) recordedFailure(ctx context.Context, req Request) (*FailureRecord, error) {
	bucket, keyPrefix, err := req.Artifacts()
	if err != nil {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, failureRecordTimeout)
	defer cancel()
	out, err := w.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(keyPrefix + FailureObject)})
	if err != nil {
		var nk *types.NoSuchKey
		if errors.As(err, &nk) {
			return nil, nil
		}
		return nil, fmt.Errorf("read failure record: %w", err)
	}
	defer out.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(out.Body, maxFailureRecordBytes))
	if err != nil {
		return nil, fmt.Errorf("read failure record: %w", err)
	}
	var rec FailureRecord
	if err := json.Unmarshal(raw, &rec); err != nil || rec.Message == "" {
		return nil, fmt.Errorf("read failure record: not a failure record")
	}
	return &rec, nil
}
