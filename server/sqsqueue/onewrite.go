package sqsqueue

import (
	"bytes"
	"io"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// oneWrite sends each SQS request's body, read into memory first, in the same write as its
// headers. The SDK hands net/http its body behind a reader of its own, which net/http cannot tell
// is in memory, so it flushes the headers first and writes the body apart: two writes and two
// TCP segments per call.
type oneWrite struct {
	next aws.HTTPClient
}

// Do sends req through the wrapped client, its body first read into memory when its length is
// known and at most maxInMemoryBody (SDK attempts each build a fresh request, so a retry reads
// its own copy).
func (c oneWrite) Do(req *http.Request) (*http.Response, error) {
	if req.Body == nil || req.Body == http.NoBody || req.ContentLength <= 0 || req.ContentLength > maxInMemoryBody {
		return c.next.Do(req)
	}
	buf := make([]byte, req.ContentLength)
	_, err := io.ReadFull(req.Body, buf)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(buf))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf)), nil }
	return c.next.Do(req)
}

// maxInMemoryBody bounds the bodies oneWrite reads into memory: a message and its envelope.
const maxInMemoryBody = 2 * MaxMessageBytes
