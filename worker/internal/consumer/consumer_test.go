package consumer

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/server/testenv"
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

// TestLoopAnswersThenDeletes runs a Loop on a real queue: each message is handled once, deleted
// after a 404 (the backend has settled the job, docs/workers.md §8) and left after a 401; Run
// returns once ctx ends.
func TestLoopAnswersThenDeletes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		status int
		left   int
	}{
		{"404_Deleted", http.StatusNotFound, 0},
		{"401_LeftForRedelivery", http.StatusUnauthorized, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q := testenv.SQS(t)
			var answered atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				answered.Add(1)
				w.WriteHeader(tc.status)
			}))
			t.Cleanup(srv.Close)
			log := slog.New(slog.NewTextHandler(t.Output(), nil))
			var l Loop
			handled := make(chan bool, 4)
			l = Loop{SQS: q.Client, QueueURL: q.QueueURL, WaitTime: time.Second, VisibilityTimeout: time.Minute, Concurrency: 2, Logger: log,
				Handle: func(ctx context.Context, m types.Message) {
					if ctx.Done() != nil {
						t.Error("Handle's context can be cancelled; a job in hand must finish")
					}
					p := callback.Poster{Secret: []byte("k"), Client: srv.Client()}
					handled <- l.Answer(ctx, log, m, p, srv.URL, []byte(aws.ToString(m.Body)), "reported")
				}}
			workertest.Send(t, q, map[string]any{"n": 1})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { l.Run(ctx); close(done) }()
			select {
			case deleted := <-handled:
				if deleted != (tc.left == 0) {
					t.Errorf("Answer reported deleted %v after HTTP %d", deleted, tc.status)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no message handled within 10s")
			}
			cancel()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not return within 10s of ctx ending")
			}
			if n := workertest.QueueLength(t, q); n != tc.left || answered.Load() != 1 {
				t.Errorf("%d messages left after %d answers of HTTP %d; want %d after 1", n, answered.Load(), tc.status, tc.left)
			}
		})
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
