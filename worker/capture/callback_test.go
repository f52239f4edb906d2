package capture

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"
)

// TestSignKnownVector checks Sign against a value computed independently:
// printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
func TestSignKnownVector(t *testing.T) {
	got := Sign([]byte("secret"), time.Unix(1700000000, 0), []byte(`{"a":1}`))
	want := "v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686"
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
}

func TestClassifyCallbackStatus(t *testing.T) {
	for status, want := range map[int]CallbackOutcome{
		200: CallbackAccepted, 201: CallbackAccepted, 204: CallbackAccepted, 299: CallbackAccepted,
		409: CallbackAccepted, 422: CallbackAccepted,
		300: CallbackRetry, 400: CallbackRetry, 401: CallbackRetry, 404: CallbackRetry, 413: CallbackRetry,
		429: CallbackRetry, 500: CallbackRetry, 502: CallbackRetry, 503: CallbackRetry,
	} {
		if got := ClassifyCallbackStatus(status); got != want {
			t.Errorf("ClassifyCallbackStatus(%d) = %v, want %v", status, got, want)
		}
	}
}

func TestCallbackPost(t *testing.T) {
	t.Parallel()
	t.Run("RetriesServerErrorThenAccepted", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		var lastSig, lastTS string
		var lastBody []byte
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			lastBody, _ = io.ReadAll(r.Body)
			lastSig, lastTS = r.Header.Get(HeaderSignature), r.Header.Get(HeaderTimestamp)
			if calls.Add(1) == 1 {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			w.WriteHeader(http.StatusOK)
		}))
		defer srv.Close()
		now := time.Unix(1700000000, 0)
		cb := Callback{Secret: []byte("s"), Client: srv.Client(), Now: func() time.Time { return now }}
		outcome, status, err := cb.Post(context.Background(), srv.URL, CallbackBody{PageImportID: "id", Attempt: 1, Nonce: "n", Status: StatusFailed, ErrorMessage: "x"})
		if err != nil || outcome != CallbackAccepted || status != 200 || calls.Load() != 2 {
			t.Fatalf("Post = %v, %d, %v after %d calls; want accepted 200 after 2", outcome, status, err, calls.Load())
		}
		if lastTS != "1700000000" || lastSig != Sign([]byte("s"), now, lastBody) {
			t.Fatalf("headers ts=%q sig=%q do not sign the body", lastTS, lastSig)
		}
		var m map[string]any
		_ = json.Unmarshal(lastBody, &m)
		if _, ok := m["result_url"]; ok {
			t.Errorf("failed callback body carries result_url: %s", lastBody)
		}
	})
	t.Run("GivesUpAfterAttempts", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			w.WriteHeader(http.StatusBadGateway)
		}))
		defer srv.Close()
		cb := Callback{Secret: []byte("s"), Client: srv.Client()}
		outcome, status, err := cb.Post(context.Background(), srv.URL, CallbackBody{Status: StatusFailed})
		if err == nil || outcome != CallbackRetry || status != 502 || calls.Load() != callbackAttempts {
			t.Fatalf("Post = %v, %d, %v after %d calls; want retry 502 after %d", outcome, status, err, calls.Load(), callbackAttempts)
		}
	})
	t.Run("ClientErrorNotRetried", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
		}))
		defer srv.Close()
		cb := Callback{Secret: []byte("s"), Client: srv.Client()}
		outcome, status, _ := cb.Post(context.Background(), srv.URL, CallbackBody{Status: StatusFailed})
		if outcome != CallbackRetry || status != 401 || calls.Load() != 1 {
			t.Fatalf("Post = %v, %d after %d calls; want retry (left on queue) 401 after 1", outcome, status, calls.Load())
		}
	})
	t.Run("ErrorMessageCappedAtLimit", func(t *testing.T) {
		t.Parallel()
		var got CallbackBody
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_ = json.NewDecoder(r.Body).Decode(&got)
		}))
		defer srv.Close()
		cb := Callback{Secret: []byte("s"), Client: srv.Client()}
		for _, tc := range []struct {
			msg  string
			want int
		}{
			{strings.Repeat("a", MaxErrorMessageLen), MaxErrorMessageLen},
			{strings.Repeat("a", MaxErrorMessageLen+1), MaxErrorMessageLen},
			{strings.Repeat("a", MaxErrorMessageLen-1) + "é", MaxErrorMessageLen - 1},
		} {
			if _, _, err := cb.Post(context.Background(), srv.URL, CallbackBody{Status: StatusFailed, ErrorMessage: tc.msg}); err != nil {
				t.Fatal(err)
			}
			if len(got.ErrorMessage) != tc.want || !utf8.ValidString(got.ErrorMessage) {
				t.Errorf("error_message of %d bytes sent as %d bytes, want %d", len(tc.msg), len(got.ErrorMessage), tc.want)
			}
		}
	})
}
