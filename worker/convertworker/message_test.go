package convertworker_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convertworker"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/consumer"
)

func validRequest() map[string]any {
	return map[string]any{
		"type": "code2des.requested", "version": 1, "code2des_id": "c1", "attempt": 2, "nonce": "n",
		"page_import_id": "p1", "capture_url": "s3://b/kp/page-imports/p1/attempt-3/capture.json",
		"capture_hash": sha256Hex([]byte("x")), "figma_file_key": "k", "screen_id": "1:2", "placement_target": "page",
		"artifact_prefix": "s3://b/kp/code2des/c1/attempt-2/", "callback_url": "http://127.0.0.1:1/webhooks/code2des",
	}
}

func parse(t *testing.T, m map[string]any) (convertworker.Request, error) {
	t.Helper()
	b, _ := json.Marshal(m)
	return convertworker.ParseRequest(b)
}

func TestParseRequest(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  string
		val  any
		want error
	}{
		{"OtherTypeLeft", "type", "page_import.requested", convertworker.ErrOtherVersion},
		{"OtherVersionLeft", "version", 2, convertworker.ErrOtherVersion},
		{"NoNonceDropped", "nonce", "", convertworker.ErrUnanswerable},
		{"NoAttemptDropped", "attempt", 0, convertworker.ErrUnanswerable},
		{"BadCallbackDropped", "callback_url", "ftp://x/y", convertworker.ErrUnanswerable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := validRequest()
			m[tc.key] = tc.val
			_, err := parse(t, m)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
			// The shared loop leaves exactly the other-version messages on the queue.
			if errors.Is(err, consumer.ErrOtherVersion) != (tc.want == convertworker.ErrOtherVersion) {
				t.Errorf("err = %v: consumer.ErrOtherVersion %v, want %v", err, errors.Is(err, consumer.ErrOtherVersion), tc.want == convertworker.ErrOtherVersion)
			}
		})
	}
}

func TestLocate(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		r, err := parse(t, validRequest())
		if err != nil {
			t.Fatal(err)
		}
		l, err := r.Locate()
		want := convertworker.Locations{Bucket: "b", JobPrefix: "kp/code2des/c1/attempt-2/", CaptureKey: "kp/page-imports/p1/attempt-3/capture.json", ImportPrefix: "kp/page-imports/p1/attempt-3/"}
		if err != nil || l != want {
			t.Errorf("Locate = %+v, %v; want %+v", l, err, want)
		}
	})
	for _, tc := range []struct {
		name, key, val, want string
	}{
		{"ErrHashNotHex", "capture_hash", "ABC", "capture_hash is not a lowercase hex SHA-256"},
		{"ErrPrefixOtherAttempt", "artifact_prefix", "s3://b/kp/code2des/c1/attempt-1/", "artifact_prefix does not name this job's attempt folder"},
		{"ErrPrefixDotDot", "artifact_prefix", "s3://b/../code2des/c1/attempt-2/", "artifact_prefix has an empty, . or .. segment"},
		{"ErrCaptureNotS3", "capture_url", "https://b/capture.json", "capture_url is not an s3:// URI"},
		{"ErrCaptureOtherBucket", "capture_url", "s3://c/kp/page-imports/p1/attempt-3/capture.json", "capture_url is not in the artifact bucket"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := validRequest()
			m[tc.key] = tc.val
			r, err := parse(t, m)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Locate(); err == nil || err.Error() != tc.want {
				t.Errorf("Locate err = %v, want %q", err, tc.want)
			}
		})
	}
	t.Run("CaptureOutsideImportFolderHasNoImportPrefix", func(t *testing.T) {
		m := validRequest()
		m["capture_url"] = "s3://b/elsewhere/capture.json"
		r, _ := parse(t, m)
		if l, err := r.Locate(); err != nil || l.ImportPrefix != "" {
			t.Errorf("Locate = %+v, %v; want no import prefix", l, err)
		}
	})
}

func TestConfigValidate(t *testing.T) {
	t.Setenv("SQS_CONVERSION_QUEUE_URL", "http://127.0.0.1:1/q")
	t.Setenv("WORKER_CALLBACK_SECRET", strings.Repeat("s", callback.MinSecretLength))
	c, err := convertworker.LoadConfig()
	if err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	c.CallbackSecret = strings.Repeat("s", callback.MinSecretLength-1)
	if err := c.Validate(); err == nil {
		t.Error("a 31-byte secret accepted")
	}
	c.CallbackSecret = strings.Repeat("s", callback.MinSecretLength)
	c.WaitTime = consumer.MaxWaitTime
	if err := c.Validate(); err != nil {
		t.Errorf("wait time at 20s refused: %v", err)
	}
	c.WaitTime = consumer.MaxWaitTime + 1
	if err := c.Validate(); err == nil {
		t.Error("wait time past 20s accepted")
	}
	c.WaitTime, c.VisibilityTimeout = 0, c.JobTimeout
	if err := c.Validate(); err == nil {
		t.Error("a visibility timeout shorter than a job plus its callbacks accepted")
	}
}

// TestAPIMessageUnderstood parses the conversion message exactly as the API publishes it (the
// golden file of server/jobs), so the two sides of SPEC §5 cannot drift apart unnoticed.
func TestAPIMessageUnderstood(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "server", "jobs", "testdata", "conversion_message.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := convertworker.ParseRequest(raw)
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.Locate()
	want := convertworker.Locations{Bucket: "code2des-artifacts", JobPrefix: "prod/code2des/" + r.Code2DesID + "/attempt-1/",
		CaptureKey:   "prod/page-imports/" + r.PageImportID + "/attempt-1/capture.json",
		ImportPrefix: "prod/page-imports/" + r.PageImportID + "/attempt-1/"}
	if err != nil || l != want {
		t.Errorf("Locate = %+v, %v; want %+v", l, err, want)
	}
}
