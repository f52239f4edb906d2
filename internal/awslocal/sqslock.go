package awslocal

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// goaws v0.5.4 reads its queue map without a lock in some handlers (ReceiveMessage looks the queue
// up unlocked) while CreateQueue writes it, a data race the race detector reports when one test
// receives while another creates its queue. queueGuard serializes around it: actions that change
// the set of queues run alone, everything else runs shared. A long poll must not hold the shared
// lock for up to 20 s (it would stall every CreateQueue), so ReceiveMessage is served as short
// polls under the lock, waiting between them outside it.
type queueGuard struct {
	mu   sync.RWMutex
	next http.Handler
}

// receivePollInterval is the pause between the short polls that stand in for one long poll.
const receivePollInterval = 50 * time.Millisecond

// maxReceiveWait is SQS's longest WaitTimeSeconds.
const maxReceiveWait = 20 * time.Second

func (g *queueGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	action := r.Header.Get("X-Amz-Target") // AWS JSON 1.0: "AmazonSQS.<Action>"
	switch {
	case strings.HasSuffix(action, ".ReceiveMessage"):
		g.receive(w, r)
	case action == "" || strings.HasSuffix(action, ".CreateQueue") || strings.HasSuffix(action, ".DeleteQueue"):
		// The query protocol (no target header) is not used by the service; serialize it whole.
		g.mu.Lock()
		defer g.mu.Unlock()
		g.next.ServeHTTP(w, r)
	default:
		g.mu.RLock()
		defer g.mu.RUnlock()
		g.next.ServeHTTP(w, r)
	}
}

// receive serves a ReceiveMessage with WaitTimeSeconds w as short polls (WaitTimeSeconds 0) for up
// to w, answering as soon as a poll returns messages or an error.
func (g *queueGuard) receive(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var req map[string]any
	wait := time.Duration(0)
	if json.Unmarshal(body, &req) == nil {
		if s, ok := req["WaitTimeSeconds"].(float64); ok && s > 0 {
			wait = min(time.Duration(s)*time.Second, maxReceiveWait)
		}
		req["WaitTimeSeconds"] = 0
		body, _ = json.Marshal(req)
	}
	deadline := time.Now().Add(wait)
	for {
		rec := httptest.NewRecorder()
		poll := r.Clone(r.Context())
		poll.Body = io.NopCloser(bytes.NewReader(body))
		poll.ContentLength = int64(len(body))
		g.mu.RLock()
		g.next.ServeHTTP(rec, poll)
		g.mu.RUnlock()
		if rec.Code != http.StatusOK || hasMessages(rec.Body.Bytes()) || !time.Now().Before(deadline) {
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(receivePollInterval):
		}
	}
}

func hasMessages(resp []byte) bool {
	var out struct {
		Messages []json.RawMessage `json:"Messages"`
	}
	return json.Unmarshal(resp, &out) == nil && len(out.Messages) > 0
}
