// Package workertest holds what the reference workers' tests share: the backend's callback
// endpoint as a worker sees it (signature checked from SPEC §6 itself, not from the workers'
// code), and the queue helpers. Only tests import it.
package workertest

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/internal/testenv"
)

// SignatureTolerance is the backend's clock tolerance on X-Code2Des-Timestamp (SPEC §6).
const SignatureTolerance = 5 * time.Minute

// Call is one callback the receiver accepted.
type Call[T any] struct {
	// Body is the strictly decoded body; Raw the bytes as sent.
	Body   T
	Raw    []byte
	Header http.Header
	// Queued is how many messages were on the queue (visible or not) when the call arrived.
	Queued int
}

// Receiver is the backend's callback endpoint as the worker sees it: it checks the method, path
// and signature (HMAC-SHA256 of timestamp "." body, within SignatureTolerance), decodes the body
// strictly into T (unknown members refused with 400), notes the queue's length and answers with
// its status.
type Receiver[T any] struct {
	srv     *httptest.Server
	path    string
	mu      sync.Mutex
	calls   []Call[T]
	badSigs int
	got     chan struct{}
}

// NewReceiver serves the endpoint path on loopback until the test ends, answering status to
// every well-signed call with secret.
func NewReceiver[T any](t *testing.T, secret, path string, status int, q *testenv.SQSEnv) *Receiver[T] {
	t.Helper()
	rc := &Receiver[T]{path: path, got: make(chan struct{}, 16)}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		ts := r.Header.Get("X-Code2Des-Timestamp")
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(ts + "." + string(raw)))
		want := "v1=" + hex.EncodeToString(mac.Sum(nil))
		sec, err := strconv.ParseInt(ts, 10, 64)
		if r.Method != http.MethodPost || r.URL.Path != path || err != nil ||
			time.Since(time.Unix(sec, 0)).Abs() > SignatureTolerance ||
			!hmac.Equal([]byte(r.Header.Get("X-Code2Des-Signature")), []byte(want)) {
			rc.mu.Lock()
			rc.badSigs++
			rc.mu.Unlock()
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var body T
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil {
			http.Error(w, "malformed", http.StatusBadRequest)
			return
		}
		n := QueueLength(t, q)
		rc.mu.Lock()
		rc.calls = append(rc.calls, Call[T]{Body: body, Raw: raw, Header: r.Header.Clone(), Queued: n})
		rc.mu.Unlock()
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"result":"applied"}`))
		rc.got <- struct{}{}
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// URL is the callback_url to put in a request.
func (rc *Receiver[T]) URL() string { return rc.srv.URL + rc.path }

// Got signals each accepted call.
func (rc *Receiver[T]) Got() <-chan struct{} { return rc.got }

// Calls returns the accepted calls so far.
func (rc *Receiver[T]) Calls() []Call[T] {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]Call[T](nil), rc.calls...)
}

// Last returns the body of the latest accepted call; it fails the test when a call came with a
// bad signature or none was accepted.
func (rc *Receiver[T]) Last(t *testing.T) T {
	t.Helper()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.badSigs != 0 {
		t.Fatalf("%d callbacks with a bad signature", rc.badSigs)
	}
	if len(rc.calls) == 0 {
		t.Fatal("no callback accepted")
	}
	return rc.calls[len(rc.calls)-1].Body
}

// Wait waits up to within for the next accepted call and returns its body (as Last).
func (rc *Receiver[T]) Wait(t *testing.T, within time.Duration) T {
	t.Helper()
	select {
	case <-rc.got:
	case <-time.After(within):
		t.Fatalf("no callback within %s", within)
	}
	return rc.Last(t)
}

// QueueLength counts the messages still on q, visible or not (goaws counts both in
// ApproximateNumberOfMessages); -1 (and a test error) when the queue does not answer.
func QueueLength(t *testing.T, q *testenv.SQSEnv) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := q.Client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(q.QueueURL), AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameApproximateNumberOfMessages},
	})
	if err != nil {
		t.Errorf("queue attributes: %v", err)
		return -1
	}
	n, _ := strconv.Atoi(out.Attributes[string(sqstypes.QueueAttributeNameApproximateNumberOfMessages)])
	return n
}

// Send puts msg, JSON-encoded, on q.
func Send(t *testing.T, q *testenv.SQSEnv, msg map[string]any) {
	t.Helper()
	body, _ := json.Marshal(msg)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := q.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(q.QueueURL), MessageBody: aws.String(string(body))}); err != nil {
		t.Fatalf("send: %v", err)
	}
}
