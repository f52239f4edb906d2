package sqsqueue

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// recordingClient keeps the request it was given.
type recordingClient struct{ req *http.Request }

func (c *recordingClient) Do(req *http.Request) (*http.Response, error) {
	c.req = req
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody}, nil
}

// opaque hides the reader's type, as the SDK's body wrapper does.
type opaque struct{ io.Reader }

func (opaque) Close() error { return nil }

func TestOneWriteReadsOnlyBoundedBodiesOfKnownLength(t *testing.T) {
	for _, tc := range []struct {
		name     string
		size     int64
		length   int64
		inMemory bool
	}{
		{"Small", 100, 100, true},
		{"AtTheBound", maxInMemoryBody, maxInMemoryBody, true},
		{"PastTheBound", maxInMemoryBody + 1, maxInMemoryBody + 1, false},
		{"UnknownLength", 100, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			payload := strings.Repeat("x", int(tc.size))
			body := opaque{strings.NewReader(payload)}
			req, err := http.NewRequest(http.MethodPost, "http://127.0.0.1/", body)
			if err != nil {
				t.Fatal(err)
			}
			req.ContentLength = tc.length
			next := &recordingClient{}
			if _, err := (oneWrite{next: next}).Do(req); err != nil {
				t.Fatal(err)
			}
			_, wrapped := next.req.Body.(opaque)
			if wrapped == tc.inMemory {
				t.Fatalf("body %T: read into memory %v, want %v", next.req.Body, !wrapped, tc.inMemory)
			}
			got, _ := io.ReadAll(next.req.Body)
			if string(got) != payload {
				t.Fatalf("body of %d bytes, want %d", len(got), len(payload))
			}
			if tc.inMemory {
				again, err := next.req.GetBody()
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := io.ReadAll(again); !bytes.Equal(b, got) {
					t.Fatal("GetBody differs from the body")
				}
			}
		})
	}
}
