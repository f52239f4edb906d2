package callbacks_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/server/callbacks"
)

// TestSignatureRefused is the table of refused signatures: each answers its status code and leaves
// the job exactly as it was.
func TestSignatureRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{secrets: [][]byte{secretA, secretB}})
	pi := e.pageImport()
	body := mustJSON(t, failedPageImportCallback(pi, "navigation timed out"))
	now := time.Now()
	ts := strconv.FormatInt(now.Unix(), 10)
	good := callbacks.Sign(secretA, now, body)
	hexOf := func(sig string) string { return strings.TrimPrefix(sig, "v1=") }
	headers := func(ts, sig string) func(*http.Request) {
		return func(r *http.Request) {
			if ts != "" {
				r.Header.Set(callbacks.TimestampHeader, ts)
			}
			if sig != "" {
				r.Header.Set(callbacks.SignatureHeader, sig)
			}
		}
	}
	oversize := append(append([]byte{}, body...), bytes.Repeat([]byte(" "), callbacks.MaxBodyBytes+1-len(body))...)
	oneByteOff := bytes.Replace(body, []byte("timed out"), []byte("timed 0ut"), 1)

	for _, tc := range []struct {
		name   string
		body   []byte
		sign   func(*http.Request)
		status int
		code   string
	}{
		{"MissingBothHeaders", body, headers("", ""), 401, "unauthorized"},
		{"MissingTimestamp", body, headers("", good), 401, "unauthorized"},
		{"MissingSignature", body, headers(ts, ""), 401, "unauthorized"},
		{"WrongScheme", body, headers(ts, "v0="+hexOf(good)), 401, "unauthorized"},
		{"SchemeWithoutEquals", body, headers(ts, "v1"+hexOf(good)), 401, "unauthorized"},
		{"BadHex", body, headers(ts, "v1=zz"+hexOf(good)[2:]), 401, "unauthorized"},
		{"ShortHex", body, headers(ts, "v1="+hexOf(good)[:62]), 401, "unauthorized"},
		{"UppercaseHex", body, headers(ts, "v1="+strings.ToUpper(hexOf(good))), 401, "unauthorized"},
		{"WrongSecret", body, headers(ts, callbacks.Sign([]byte("another-secret-0123456789abcdef0123"), now, body)), 401, "unauthorized"},
		{"TimestampSixMinutesOld", body, func(r *http.Request) { callbacks.SignRequest(r, now.Add(-6*time.Minute), body, secretA) }, 401, "unauthorized"},
		{"TimestampSixMinutesAhead", body, func(r *http.Request) { callbacks.SignRequest(r, now.Add(6*time.Minute), body, secretA) }, 401, "unauthorized"},
		{"TimestampNotANumber", body, headers("17e8", good), 401, "unauthorized"},
		{"TimestampNegative", body, headers("-"+ts, good), 401, "unauthorized"},
		{"TimestampInMilliseconds", body, func(r *http.Request) {
			ms := strconv.FormatInt(now.UnixMilli(), 10)
			r.Header.Set(callbacks.TimestampHeader, ms)
			r.Header.Set(callbacks.SignatureHeader, "v1="+hmacHex(secretA, ms, body))
		}, 401, "unauthorized"},
		{"SignedWithAnotherTimestamp", body, headers(strconv.FormatInt(now.Unix()-1, 10), good), 401, "unauthorized"},
		{"BodyChangedByOneByte", oneByteOff, headers(ts, good), 401, "unauthorized"},
		{"TooManyEntries", body, headers(ts, strings.Repeat("v1="+strings.Repeat("0", 64)+",", 4)+good), 401, "unauthorized"},
		{"OneBadEntryBesideAGoodOne", body, headers(ts, "v1=XYZ,"+good), 401, "unauthorized"},
		{"OversizeBodySigned", oversize, func(r *http.Request) { callbacks.SignRequest(r, now, oversize, secretA) }, 413, "too_large"},
		{"OversizeBodyUnsigned", oversize, nil, 413, "too_large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.readPageImport(pi.ID)
			a := e.postWith(callbacks.PageImportsPath, tc.body, tc.sign)
			if a.status != tc.status || a.errorCode() != tc.code {
				t.Errorf("got %v, want %d %s", a, tc.status, tc.code)
			}
			unchanged(t, before, e.readPageImport(pi.ID))
		})
	}
}

// TestSignatureAccepted: the secrets of a rotation, several entries, and a body of exactly
// MaxBodyBytes are accepted.
func TestSignatureAccepted(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{secrets: [][]byte{secretA, secretB}})
	now := time.Now()
	for _, tc := range []struct {
		name string
		sign func(r *http.Request, body []byte)
		pad  bool
	}{
		{"CurrentSecret", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now, b, secretA) }, false},
		{"RotatedSecret", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now, b, secretB) }, false},
		{"BothSecrets", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now, b, secretA, secretB) }, false},
		{"OtherSchemeIgnoredBesideV1", func(r *http.Request, b []byte) {
			callbacks.SignRequest(r, now, b, secretB)
			r.Header.Set(callbacks.SignatureHeader, "v0=abc, "+r.Header.Get(callbacks.SignatureHeader))
		}, false},
		{"FourMinutesOld", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now.Add(-4*time.Minute), b, secretA) }, false},
		{"FourMinutesAhead", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now.Add(4*time.Minute), b, secretA) }, false},
		{"BodyOfExactlyOneMiB", func(r *http.Request, b []byte) { callbacks.SignRequest(r, now, b, secretA) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pi := e.pageImport()
			body := mustJSON(t, failedPageImportCallback(pi, "navigation timed out"))
			if tc.pad {
				body = append(body, bytes.Repeat([]byte(" "), callbacks.MaxBodyBytes-len(body))...)
				if len(body) != callbacks.MaxBodyBytes {
					t.Fatal("padding is wrong")
				}
			}
			a := e.postWith(callbacks.PageImportsPath, body, func(r *http.Request) { tc.sign(r, body) })
			if a.status != 200 || a.body.Result != callbacks.Applied {
				t.Fatalf("got %v, want 200 applied", a)
			}
			if row := e.readPageImport(pi.ID); row.Status != "2" || deref(row.ErrorMessage) != "navigation timed out" {
				t.Errorf("row after a signed failure: status %q message %q", row.Status, deref(row.ErrorMessage))
			}
		})
	}
}

// TestSignatureToleranceEdges pins the 5-minute window at its edges with a fixed clock.
func TestSignatureToleranceEdges(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_767_225_600, 0)
	v := &callbacks.SignatureVerifier{Secrets: [][]byte{secretA}, Now: func() time.Time { return now }}
	body := []byte(`{}`)
	for _, tc := range []struct {
		name string
		at   time.Time
		ok   bool
	}{
		{"ExactlyFiveMinutesOld", now.Add(-callbacks.SignatureTolerance), true},
		{"OneSecondPastFiveMinutesOld", now.Add(-callbacks.SignatureTolerance - time.Second), false},
		{"ExactlyFiveMinutesAhead", now.Add(callbacks.SignatureTolerance), true},
		{"OneSecondPastFiveMinutesAhead", now.Add(callbacks.SignatureTolerance + time.Second), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			h.Set(callbacks.TimestampHeader, strconv.FormatInt(tc.at.Unix(), 10))
			h.Set(callbacks.SignatureHeader, callbacks.Sign(secretA, tc.at, body))
			if err := v.Verify(h, body); (err == nil) != tc.ok {
				t.Errorf("Verify = %v, want ok=%v", err, tc.ok)
			}
		})
	}
	t.Run("NoSecretsConfiguredRefusesAll", func(t *testing.T) {
		h := http.Header{}
		h.Set(callbacks.TimestampHeader, strconv.FormatInt(now.Unix(), 10))
		h.Set(callbacks.SignatureHeader, callbacks.Sign(nil, now, body))
		empty := &callbacks.SignatureVerifier{Now: func() time.Time { return now }}
		if err := empty.Verify(h, body); err == nil {
			t.Error("a verifier without secrets accepted a signature made with the empty key")
		}
	})
}

// TestSignatureWorkedExample checks the golden signature example and that docs/workers.md shows
// the same values, so the worked example in the docs cannot drift from the code.
func TestSignatureWorkedExample(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(goldenDir + "signature-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Secret          string `json:"secret"`
		Timestamp       string `json:"timestamp"`
		Body            string `json:"body"`
		SignedString    string `json:"signed_string"`
		SignatureHeader string `json:"signature_header"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	ts, _ := strconv.ParseInt(ex.Timestamp, 10, 64)
	if got := callbacks.Sign([]byte(ex.Secret), time.Unix(ts, 0), []byte(ex.Body)); got != ex.SignatureHeader {
		t.Errorf("Sign = %s, golden %s", got, ex.SignatureHeader)
	}
	if ex.SignedString != ex.Timestamp+"."+ex.Body {
		t.Errorf("golden signed_string is not timestamp + \".\" + body")
	}
	v := &callbacks.SignatureVerifier{Secrets: [][]byte{[]byte(ex.Secret)}, Now: func() time.Time { return time.Unix(ts+10, 0) }}
	h := http.Header{}
	h.Set(callbacks.TimestampHeader, ex.Timestamp)
	h.Set(callbacks.SignatureHeader, ex.SignatureHeader)
	if err := v.Verify(h, []byte(ex.Body)); err != nil {
		t.Errorf("the golden example does not verify: %v", err)
	}
	doc, err := os.ReadFile("../../docs/workers.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{ex.Secret, ex.Timestamp, ex.Body, ex.SignatureHeader} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/workers.md does not show the worked example's %q", want)
		}
	}
}

// TestOversizeChunkedBody: without a Content-Length the body is still cut at MaxBodyBytes.
func TestOversizeChunkedBody(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	pi := e.pageImport()
	before := e.readPageImport(pi.ID)
	body := bytes.Repeat([]byte(" "), callbacks.MaxBodyBytes+1)
	req, _ := http.NewRequest(http.MethodPost, e.url+callbacks.PageImportsPath, io.MultiReader(bytes.NewReader(body)))
	callbacks.SignRequest(req, time.Now(), body, secretA)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if req.ContentLength != 0 || resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked oversize body: content length %d, status %d, want 413", req.ContentLength, resp.StatusCode)
	}
	unchanged(t, before, e.readPageImport(pi.ID))
}
