package callback

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func TestSignMatchesSpec(t *testing.T) {
	ts := time.Unix(1700000000, 0)
	body := []byte(`{"a":1}`)
	mac := hmac.New(sha256.New, []byte("secret"))
	mac.Write([]byte("1700000000." + string(body)))
	if got, want := Sign([]byte("secret"), ts, body), "v1="+hex.EncodeToString(mac.Sum(nil)); got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}

// TestSignKnownVector checks Sign against a value computed independently:
// printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
func TestSignKnownVector(t *testing.T) {
	got := Sign([]byte("secret"), time.Unix(1700000000, 0), []byte(`{"a":1}`))
	want := "v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686"
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
}

// TestClassify follows docs/workers.md §8: 2xx, 404, 409 and 422 settle the job (drop the
// message); every other answer leaves it for redelivery.
func TestClassify(t *testing.T) {
	for status, want := range map[int]Outcome{
		200: Accepted, 201: Accepted, 204: Accepted, 299: Accepted,
		404: Accepted, 409: Accepted, 422: Accepted,
		300: Retry, 400: Retry, 401: Retry, 403: Retry, 413: Retry,
		429: Retry, 500: Retry, 502: Retry, 503: Retry,
	} {
		if got := Classify(status); got != want {
			t.Errorf("Classify(%d) = %v, want %v", status, got, want)
		}
	}
}

// TestPostRetriesServerErrorThenAccepted: a 503 is tried again after RetryPause, and the second
// try is signed anew over the same body.
func TestPostRetriesServerErrorThenAccepted(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	var lastSig, lastTS string
	var lastBody []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lastBody, _ = io.ReadAll(r.Body)
		lastSig, lastTS = r.Header.Get("X-Code2Des-Signature"), r.Header.Get("X-Code2Des-Timestamp")
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	now := time.Unix(1700000000, 0)
	p := Poster{Secret: []byte("s"), Client: srv.Client(), Now: func() time.Time { return now }}
	outcome, status, err := p.Post(context.Background(), srv.URL, []byte(`{"a":1}`))
	if err != nil || outcome != Accepted || status != 200 || calls.Load() != 2 {
		t.Fatalf("Post = %v, %d, %v after %d calls; want accepted 200 after 2", outcome, status, err, calls.Load())
	}
	if string(lastBody) != `{"a":1}` || lastTS != "1700000000" || lastSig != Sign([]byte("s"), now, lastBody) {
		t.Fatalf("body %s, ts=%q, sig=%q: not the body signed at its timestamp", lastBody, lastTS, lastSig)
	}
}

func TestPostRetriesServerErrorsOnly(t *testing.T) {
	for _, tc := range []struct {
		name    string
		status  int
		tries   int32
		outcome Outcome
	}{
		{"200_AcceptedOnce", 200, 1, Accepted},
		{"409_AcceptedOnce", 409, 1, Accepted},
		{"422_AcceptedOnce", 422, 1, Accepted},
		{"404_AcceptedOnce", 404, 1, Accepted},
		{"400_RetryLaterOnce", 400, 1, Retry},
		{"401_RetryLaterOnce", 401, 1, Retry},
		{"503_RetriedThenLeft", 503, Attempts, Retry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var tries atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				tries.Add(1)
				b, _ := io.ReadAll(r.Body)
				ts := r.Header.Get(HeaderTimestamp)
				sec := time.Now().Unix()
				if ts == "" || r.Header.Get(HeaderSignature) != Sign([]byte("k"), time.Unix(sec, 0), b) && r.Header.Get(HeaderSignature) != Sign([]byte("k"), time.Unix(sec-1, 0), b) {
					w.WriteHeader(http.StatusTeapot)
					return
				}
				w.WriteHeader(tc.status)
			}))
			defer srv.Close()
			outcome, status, _ := Poster{Secret: []byte("k"), Client: srv.Client()}.Post(context.Background(), srv.URL, []byte(`{}`))
			if outcome != tc.outcome || status != tc.status || tries.Load() != tc.tries {
				t.Errorf("outcome %v status %d tries %d; want %v %d %d", outcome, status, tries.Load(), tc.outcome, tc.status, tc.tries)
			}
		})
	}
}

func TestBodyLimit(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	p := Poster{Client: srv.Client()}
	if o, _, err := p.Post(context.Background(), srv.URL, make([]byte, MaxBodyBytes)); o != Accepted || err != nil {
		t.Errorf("body at the limit: %v %v", o, err)
	}
	if o, _, err := p.Post(context.Background(), srv.URL, make([]byte, MaxBodyBytes+1)); o != Retry || err == nil {
		t.Errorf("body past the limit: %v %v", o, err)
	}
}
