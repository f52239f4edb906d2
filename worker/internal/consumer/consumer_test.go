package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/workertest"
)

func validSettings() Settings {
	return Settings{
		QueueVar: "SQS_X_QUEUE_URL", Prefix: "X_", QueueURL: "http://q",
		CallbackSecret: strings.Repeat("s", callback.MinSecretLength), CallbackTimeout: 10 * time.Second,
		JobTimeout: time.Minute, WaitTime: MaxWaitTime, VisibilityTimeout: time.Minute + callback.Attempts*10*time.Second,
		MaxReceives: 1, Concurrency: 1,
	}
}

func TestSettingsProblems(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Settings)
		want   string
	}{
		{"AtEveryEdge_OK", func(*Settings) {}, ""},
		{"NoQueue_Refused", func(s *Settings) { s.QueueURL = "" }, "SQS_X_QUEUE_URL is required"},
		{"NoSecret_Refused", func(s *Settings) { s.CallbackSecret = "" }, "WORKER_CALLBACK_SECRET is required"},
		{"SecretOneByteShort_Refused", func(s *Settings) { s.CallbackSecret = s.CallbackSecret[1:] }, "WORKER_CALLBACK_SECRET must be at least 32 bytes"},
		{"WaitTimeZero_OK", func(s *Settings) { s.WaitTime = 0 }, ""},
		{"WaitTimePastMax_Refused", func(s *Settings) { s.WaitTime = MaxWaitTime + time.Second }, "X_WAIT_TIME must be within 0-20s"},
		{"NegativeWaitTime_Refused", func(s *Settings) { s.WaitTime = -time.Second }, "X_WAIT_TIME"},
		{"NoConcurrency_Refused", func(s *Settings) { s.Concurrency = 0 }, "X_CONCURRENCY must be at least 1"},
		{"NoReceives_Refused", func(s *Settings) { s.MaxReceives = 0 }, "X_MAX_RECEIVES must be at least 1"},
		{"ZeroJobTimeout_Refused", func(s *Settings) { s.JobTimeout = 0 }, "X_JOB_TIMEOUT must be positive"},
		{"ZeroCallbackTimeout_Refused", func(s *Settings) { s.CallbackTimeout = 0 }, "X_CALLBACK_TIMEOUT must be positive"},
		{"VisibilityOneSecondShort_Refused", func(s *Settings) { s.VisibilityTimeout -= time.Second }, "X_VISIBILITY_TIMEOUT must exceed X_JOB_TIMEOUT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := validSettings()
			tc.change(&s)
			got := strings.Join(s.Problems(), "; ")
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("Problems = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestReceiveCount(t *testing.T) {
	attr := string(types.MessageSystemAttributeNameApproximateReceiveCount)
	for _, tc := range []struct {
		name  string
		attrs map[string]string
		want  int
	}{
		{"Absent_CountsAsFirst", nil, 1},
		{"Garbage_CountsAsFirst", map[string]string{attr: "x"}, 1},
		{"Zero_CountsAsFirst", map[string]string{attr: "0"}, 1},
		{"Third_Read", map[string]string{attr: "3"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ReceiveCount(types.Message{Attributes: tc.attrs}); got != tc.want {
				t.Errorf("ReceiveCount = %d, want %d", got, tc.want)
			}
		})
	}
}

// testJob is a worker's part as the message describes it: {"job": "j1"} completes; "fail" fails
// the job; "fault" is a worker fault; "other" is another version; "bad" cannot be answered.
type testJob struct {
	url                string
	Job                string `json:"job"`
	Fail, Fault, Other bool
	Bad                bool
	cancellable        bool
}

type testBody struct {
	Job          string `json:"job"`
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message,omitempty"`
}

func (j *testJob) Parse(body []byte) error {
	if err := json.Unmarshal(body, j); err != nil || j.Bad {
		return errors.New("cannot be answered")
	}
	if j.Other {
		return fmt.Errorf("%w: version 2", ErrOtherVersion)
	}
	return nil
}

func (j *testJob) Attrs() []any { return []any{"job", j.Job} }

func (j *testJob) Run(ctx context.Context) (string, error) {
	j.cancellable = ctx.Done() != nil
	switch {
	case j.Fault:
		return "", errors.New("storage down")
	case j.Fail:
		return "the page could not be loaded", nil
	}
	return "", nil
}

func (j *testJob) Callback(failure string) (string, []byte, []any, error) {
	b := testBody{Job: j.Job, Status: "completed"}
	if failure != "" {
		b.Status, b.ErrorMessage = "failed", failure
	}
	raw, err := json.Marshal(b)
	return j.url, raw, nil, err
}

// TestProcessFollowsTheContract runs Loop.Run on a real queue with a real callback endpoint for
// each kind of message and backend answer (docs/workers.md §8).
func TestProcessFollowsTheContract(t *testing.T) {
	t.Parallel()
	const secret = "consumer-test-secret-of-32-bytes"
	for _, tc := range []struct {
		name     string
		msg      map[string]any
		receives string // ApproximateReceiveCount, "" as the queue reports it
		answer   int
		wantBody *testBody
		wantLeft int
	}{
		{"Completed_Deleted", map[string]any{"job": "j1"}, "", 200, &testBody{"j1", "completed", ""}, 0},
		{"JobFailed_ReportedAndDeleted", map[string]any{"job": "j2", "fail": true}, "", 200, &testBody{"j2", "failed", "the page could not be loaded"}, 0},
		{"404_Deleted", map[string]any{"job": "j3"}, "", http.StatusNotFound, &testBody{"j3", "completed", ""}, 0},
		{"409_Deleted", map[string]any{"job": "j4"}, "", http.StatusConflict, &testBody{"j4", "completed", ""}, 0},
		{"401_LeftForRedelivery", map[string]any{"job": "j5"}, "", http.StatusUnauthorized, &testBody{"j5", "completed", ""}, 1},
		{"FaultBeforeLastReceive_LeftWithoutCallback", map[string]any{"job": "j6", "fault": true}, "1", 200, nil, 1},
		{"FaultOnLastReceive_ReportedFailed", map[string]any{"job": "j7", "fault": true}, "2", 200, &testBody{"j7", "failed", "internal error"}, 0},
		{"OtherVersion_LeftWithoutCallback", map[string]any{"job": "j8", "other": true}, "", 200, nil, 1},
		{"Unanswerable_DroppedWithoutCallback", map[string]any{"bad": true}, "", 200, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q := testenv.SQS(t)
			rc := workertest.NewReceiver[testBody](t, secret, "/cb", tc.answer, q)
			l := Loop{
				Name: "test", SQS: q.Client, QueueURL: q.QueueURL, WaitTime: time.Second, VisibilityTimeout: time.Minute,
				Concurrency: 1, MaxReceives: 2, InternalFailure: "internal error",
				Poster: callback.Poster{Secret: []byte(secret), Client: &http.Client{Timeout: 5 * time.Second}},
				Logger: slog.New(slog.NewTextHandler(t.Output(), nil)),
				NewJob: func() Job { return &testJob{url: rc.URL()} },
			}
			workertest.Send(t, q, tc.msg)
			m := receive(t, q)
			if tc.receives != "" {
				// goaws always reports 1; set what SQS reports on that receive.
				m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)] = tc.receives
			}
			deleted := l.Process(context.Background(), m)
			if deleted != (tc.wantLeft == 0) {
				t.Errorf("Process reported deleted %v; want %d messages left", deleted, tc.wantLeft)
			}
			calls := rc.Calls()
			switch {
			case tc.wantBody == nil && len(calls) != 0:
				t.Errorf("%d callbacks, want none", len(calls))
			case tc.wantBody != nil && (len(calls) != 1 || calls[0].Body != *tc.wantBody):
				t.Errorf("callbacks %+v, want one %+v", calls, *tc.wantBody)
			}
			if n := workertest.QueueLength(t, q); n != tc.wantLeft {
				t.Errorf("%d messages left, want %d", n, tc.wantLeft)
			}
		})
	}
}

func receive(t *testing.T, q *testenv.SQSEnv) types.Message {
	t.Helper()
	out, err := q.Client.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{
		QueueUrl: aws.String(q.QueueURL), MaxNumberOfMessages: 1, WaitTimeSeconds: 2,
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
	})
	if err != nil || len(out.Messages) != 1 {
		t.Fatalf("receive: %d messages, %v", len(out.Messages), err)
	}
	return out.Messages[0]
}

// TestRunHandsJobsAnUncancellableContext: Run stops polling when ctx ends, but a job in hand
// runs under a context that is not cancelled, so its callback is not lost to a shutdown.
func TestRunHandsJobsAnUncancellableContext(t *testing.T) {
	t.Parallel()
	q := testenv.SQS(t)
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	t.Cleanup(srv.Close)
	ran := make(chan *testJob, 1)
	l := Loop{
		Name: "test", SQS: q.Client, QueueURL: q.QueueURL, WaitTime: time.Second, VisibilityTimeout: time.Minute,
		Concurrency: 2, MaxReceives: 1, Poster: callback.Poster{Secret: []byte("k"), Client: srv.Client()},
		Logger: slog.New(slog.DiscardHandler),
		NewJob: func() Job {
			j := &testJob{url: srv.URL}
			ran <- j
			return j
		},
	}
	workertest.Send(t, q, map[string]any{"job": "j"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { l.Run(ctx); close(done) }()
	var j *testJob
	select {
	case j = <-ran:
	case <-time.After(10 * time.Second):
		t.Fatal("no message handled within 10s")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return within 10s of ctx ending")
	}
	if j.cancellable {
		t.Error("the job ran under a cancellable context")
	}
	if n := workertest.QueueLength(t, q); n != 0 {
		t.Errorf("%d messages left after an accepted callback, want 0", n)
	}
}

// TestDeleteFailureReported: a delete the queue refuses (unknown receipt) is reported, so the
// worker knows the message will come again.
func TestDeleteFailureReported(t *testing.T) {
	q := testenv.SQS(t)
	l := Loop{SQS: q.Client, QueueURL: q.QueueURL + "-gone"}
	if l.Delete(context.Background(), slog.New(slog.DiscardHandler), types.Message{ReceiptHandle: aws.String("nope")}) {
		t.Error("a delete on a missing queue reported done")
	}
}
