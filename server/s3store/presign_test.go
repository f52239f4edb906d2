package s3store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
)

// TestPresignPut: a plain HTTP client uploads with the presigned URL; the signature binds the
// size, the content type and the SHA-256.
func TestPresignPut(t *testing.T) {
	ctx := context.Background()
	env := testenv.S3(t)
	body := []byte("MIME-Version: 1.0\r\n\r\nsnapshot bytes")
	sum := sha256.Sum256(body)
	up, err := env.Store.PresignPut(ctx, "page-imports/x/attempt-1/source.mhtml", int64(len(body)), sum[:], "multipart/related", 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if up.Method != http.MethodPut {
		t.Errorf("method %q", up.Method)
	}
	u, _ := url.Parse(up.URL)
	q := u.Query()
	if q.Get("X-Amz-Expires") != "600" {
		t.Errorf("X-Amz-Expires %q, want 600", q.Get("X-Amz-Expires"))
	}
	signed := strings.Split(q.Get("X-Amz-SignedHeaders"), ";")
	for _, want := range []string{"content-length", "content-type", "host"} {
		if !contains(signed, want) {
			t.Errorf("signed headers %v lack %s", signed, want)
		}
	}
	if !contains(signed, "x-amz-checksum-sha256") && q.Get("x-amz-checksum-sha256") == "" {
		t.Errorf("the checksum is neither a signed header nor a signed query parameter: %s", up.URL)
	}
	req, _ := http.NewRequestWithContext(ctx, up.Method, up.URL, bytes.NewReader(body))
	for _, h := range up.Headers {
		req.Header.Add(h.Name, h.Value)
	}
	t.Logf("headers %+v", up.Headers)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("PUT answered %d", res.StatusCode)
	}
	got, err := env.Store.Get(ctx, "page-imports/x/attempt-1/source.mhtml", 1<<20)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("stored %q, err %v", got, err)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
