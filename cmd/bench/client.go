package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Limits of the load generator's clients.
const (
	// requestTimeout bounds one request from its write to its answer's last byte.
	requestTimeout = 60 * time.Second
	// maxAnswerBytes bounds an answer's body: the largest, code2desResult's, is about 11 MB.
	maxAnswerBytes = 32 << 20
	// readBufferBytes is the size of a connection's read buffer, and so the longest status or
	// header line an answer may have.
	readBufferBytes = 16 << 10
)

// request is one HTTP request of a load generator client.
type request struct {
	method string
	url    string      // http://host:port/path?query
	header http.Header // sent besides Host, Content-Length and, on a POST, Content-Type: application/json
	body   []byte
}

// answeredKey is the context key of the time the answer's last byte was read (*time.Time): a
// client sets it, and runClosedLoop ends the request's timing there, so checking the answer's
// content (two scans of an 11 MB result: 2-3 ms of the client's CPU) is not timed, as StopTimer
// would leave it out of a Go benchmark.
type answeredKey struct{}

func markAnswered(ctx context.Context) {
	if t, ok := ctx.Value(answeredKey{}).(*time.Time); ok {
		*t = time.Now()
	}
}

// check checks an answer: status 200, no GraphQL "errors", and want in the body when want is
// not empty.
func check(r request, status int, body []byte, want string) error {
	if status != http.StatusOK {
		return fmt.Errorf("%s %s: status %d: %.300s", r.method, r.url, status, body)
	}
	if bytes.Contains(body, []byte(`"errors":[`)) {
		return fmt.Errorf("%s %s: %.300s", r.method, r.url, body)
	}
	if want != "" && !bytes.Contains(body, []byte(want)) {
		return fmt.Errorf("%s %s: answer without %q: %.300s", r.method, r.url, want, body)
	}
	return nil
}

// leanClient is one load generator client: it speaks HTTP/1.1 itself, as wrk does, to cost the
// machine little CPU per request (one allocation a request where net/http's client makes 67): one
// keep-alive connection per server, each request written with one write, each answer read
// through the connection's buffered reader into one body buffer that every answer reuses. It
// reads bodies of a Content-Length, chunked, or until the server closes; it opens a new
// connection when the server has closed the last one or answered "Connection: close". A
// leanClient is one client's: it is not safe for concurrent use.
type leanClient struct {
	conns map[string]*leanConn // by host:port
	out   []byte               // the request being written
	body  []byte               // the last answer's body
}

func newLeanClient() *leanClient { return &leanClient{conns: map[string]*leanConn{}} }

type leanConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *leanClient) send(ctx context.Context, r request, want string) error {
	status, err := c.roundTrip(r)
	if err != nil {
		return err
	}
	markAnswered(ctx)
	return check(r, status, c.body, want)
}

// errNoAnswer marks a connection that ended before the first byte of an answer: on a kept-alive
// connection, the server closed it while idle (Node does after 5 s), and the request is sent
// again on a new one.
var errNoAnswer = errors.New("connection closed before an answer")

// roundTrip sends r and reads the answer's body into c.body; it returns the answer's status.
func (c *leanClient) roundTrip(r request) (int, error) {
	rest, ok := strings.CutPrefix(r.url, "http://")
	if !ok {
		return 0, fmt.Errorf("%s: only http:// URLs", r.url)
	}
	host, path := rest, "/"
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		host, path = rest[:i], rest[i:]
	}
	c.out = appendRequest(c.out[:0], host, path, r)
	cn, reused := c.conns[host], true
	for {
		if cn == nil {
			nc, err := net.DialTimeout("tcp", host, requestTimeout)
			if err != nil {
				return 0, err
			}
			cn, reused = &leanConn{Conn: nc, r: bufio.NewReaderSize(nc, readBufferBytes)}, false
			c.conns[host] = cn
		}
		status, keepAlive, err := cn.exchange(c.out, &c.body)
		if err != nil || !keepAlive {
			_ = cn.Close()
			delete(c.conns, host)
		}
		if errors.Is(err, errNoAnswer) && reused {
			cn = nil
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("%s %s: %w", r.method, r.url, err)
		}
		return status, nil
	}
}

// appendRequest appends r's request line, headers and body to b.
func appendRequest(b []byte, host, path string, r request) []byte {
	b = append(b, r.method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, host...)
	if r.method == http.MethodPost {
		b = append(b, "\r\nContent-Type: application/json"...)
	}
	if r.body != nil || r.method == http.MethodPost {
		b = append(b, "\r\nContent-Length: "...)
		b = strconv.AppendInt(b, int64(len(r.body)), 10)
	}
	for k, vs := range r.header {
		for _, v := range vs {
			b = append(b, "\r\n"...)
			b = append(b, k...)
			b = append(b, ": "...)
			b = append(b, v...)
		}
	}
	b = append(b, "\r\n\r\n"...)
	return append(b, r.body...)
}

// exchange writes out and reads the answer into *body (reusing its array). keepAlive is false
// when the server closes the connection after this answer.
func (cn *leanConn) exchange(out []byte, body *[]byte) (status int, keepAlive bool, err error) {
	if err := cn.SetDeadline(time.Now().Add(requestTimeout)); err != nil {
		return 0, false, err
	}
	if _, err := cn.Write(out); err != nil {
		return 0, false, fmt.Errorf("%w: %w", errNoAnswer, err)
	}
	line, err := cn.r.ReadSlice('\n')
	if err != nil {
		if len(line) == 0 {
			err = fmt.Errorf("%w: %w", errNoAnswer, err)
		}
		return 0, false, err
	}
	// "HTTP/1.1 200 OK": HTTP/1.1 keeps the connection open unless it says otherwise, 1.0 closes it.
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, false, fmt.Errorf("malformed status line %.100q", line)
	}
	keepAlive = line[7] == '1'
	for _, d := range line[9:12] {
		if d < '0' || d > '9' {
			return 0, false, fmt.Errorf("malformed status line %.100q", line)
		}
		status = status*10 + int(d-'0')
	}
	length, chunked := -1, false
	for {
		line, err := cn.r.ReadSlice('\n')
		if err != nil {
			return 0, false, fmt.Errorf("reading the headers: %w", err)
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = parseLength(value, 10); err != nil {
				return 0, false, fmt.Errorf("Content-Length: %w", err)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			if bytes.EqualFold(value, []byte("close")) {
				keepAlive = false
			} else if bytes.EqualFold(value, []byte("keep-alive")) {
				keepAlive = true
			}
		}
	}
	b := (*body)[:0]
	switch {
	case chunked:
		b, err = readChunked(cn.r, b)
	case length >= 0:
		b, err = readN(cn.r, b, length)
	case status/100 == 1 || status == http.StatusNoContent || status == http.StatusNotModified:
		// No body. (No request carries "Expect: 100-continue", so no 1xx precedes an answer.)
	default: // the body ends when the server closes the connection
		keepAlive = false
		b, err = readToEOF(cn.r, b)
	}
	*body = b
	return status, keepAlive, err
}

// readN appends the next n bytes of r to b.
func readN(r *bufio.Reader, b []byte, n int) ([]byte, error) {
	if len(b)+n > maxAnswerBytes {
		return b, fmt.Errorf("answer longer than %d bytes", maxAnswerBytes)
	}
	m := len(b)
	b = slices.Grow(b, n)[:m+n]
	_, err := io.ReadFull(r, b[m:])
	return b, err
}

// readChunked appends the chunked body r holds to b (RFC 9112 section 7.1), and skips its trailers.
func readChunked(r *bufio.Reader, b []byte) ([]byte, error) {
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return b, fmt.Errorf("reading a chunk's size: %w", err)
		}
		size, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";")) // no extensions are used
		n, err := parseLength(bytes.TrimSpace(size), 16)
		if err != nil {
			return b, fmt.Errorf("chunk size: %w", err)
		}
		if n == 0 {
			break
		}
		if b, err = readN(r, b, n); err != nil {
			return b, err
		}
		if crlf, err := r.ReadSlice('\n'); err != nil || !bytes.Equal(crlf, []byte("\r\n")) {
			return b, fmt.Errorf("chunk not followed by CRLF (%q, %v)", crlf, err)
		}
	}
	for { // trailers, up to the empty line
		line, err := r.ReadSlice('\n')
		if err != nil {
			return b, fmt.Errorf("reading the trailers: %w", err)
		}
		if len(bytes.TrimRight(line, "\r\n")) == 0 {
			return b, nil
		}
	}
}

// readToEOF appends what r holds until the server closes the connection to b.
func readToEOF(r *bufio.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = slices.Grow(b, 4096)
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if len(b) > maxAnswerBytes {
			return b, fmt.Errorf("answer longer than %d bytes", maxAnswerBytes)
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// parseLength parses a Content-Length (base 10) or a chunk size (base 16): digits only, at most
// maxAnswerBytes.
func parseLength(s []byte, base int) (int, error) {
	if len(s) == 0 {
		return 0, errors.New("empty")
	}
	n := 0
	for _, c := range s {
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return 0, fmt.Errorf("%.40q is not a number", s)
		}
		if n = n*base + d; n > maxAnswerBytes {
			return 0, fmt.Errorf("%.40q is more than %d", s, maxAnswerBytes)
		}
	}
	return n, nil
}
