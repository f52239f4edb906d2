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
