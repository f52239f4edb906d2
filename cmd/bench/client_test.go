package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// server starts an httptest server of h and counts the connections clients open to it.
func server(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

// echo answers with the request's method, path, query, X-Test header, Content-Type and body.
func echo(w http.ResponseWriter, r *http.Request) string {
	body, _ := io.ReadAll(r.Body)
	return fmt.Sprintf("%s %s?%s x=%s ct=%s len=%d body=%s", r.Method, r.URL.Path, r.URL.RawQuery,
		r.Header.Get("X-Test"), r.Header.Get("Content-Type"), r.ContentLength, body)
}

func TestLeanClientAnswers(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 200_000) // 3.2 MB: many reads, many chunks
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		want    string
		conns   int32 // connections the two requests of the case open
	}{
		{name: "ContentLength", handler: func(w http.ResponseWriter, r *http.Request) {
			s := echo(w, r)
			w.Header().Set("Content-Length", fmt.Sprint(len(s)))
			_, _ = io.WriteString(w, s)
		}, want: "POST /graphql?a=1 x=yes ct=application/json len=13 body={\"query\":\"q\"}", conns: 1},
		{name: "Chunked", handler: func(w http.ResponseWriter, r *http.Request) {
			s := echo(w, r)
			for i := range len(s) { // one chunk a byte
				_, _ = io.WriteString(w, s[i:i+1])
				w.(http.Flusher).Flush()
			}
		}, want: "POST /graphql?a=1 x=yes ct=application/json len=13 body={\"query\":\"q\"}", conns: 1},
		{name: "ChunkedLargeWithTrailer", handler: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Trailer", "X-Sum")
			_, _ = io.WriteString(w, big)
			w.Header().Set("X-Sum", "done")
		}, want: big, conns: 1},
		{name: "LargeContentLength", handler: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Length", fmt.Sprint(len(big)))
			_, _ = io.WriteString(w, big)
		}, want: big, conns: 1},
		{name: "ConnectionClose", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Connection", "close")
			_, _ = io.WriteString(w, echo(w, r))
		}, want: "POST /graphql?a=1 x=yes ct=application/json len=13 body={\"query\":\"q\"}", conns: 2},
		{name: "UntilClose", handler: func(w http.ResponseWriter, r *http.Request) {
			// Neither a length nor chunks: the body ends when the server closes the connection.
			w.Header().Set("Transfer-Encoding", "identity")
			_, _ = io.WriteString(w, echo(w, r))
			w.(http.Flusher).Flush()
		}, want: "POST /graphql?a=1 x=yes ct=application/json len=13 body={\"query\":\"q\"}", conns: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, conns := server(t, tc.handler)
			c := &leanClient{conns: map[string]*leanConn{}}
			r := request{method: http.MethodPost, url: srv.URL + "/graphql?a=1", header: http.Header{"X-Test": {"yes"}}, body: []byte(`{"query":"q"}`)}
			for i := range 2 {
				status, err := c.roundTrip(r)
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				if status != http.StatusOK || string(c.body) != tc.want {
					t.Fatalf("request %d: status %d, body %.200q, want 200 %.200q", i, status, c.body, tc.want)
				}
			}
			if n := conns.Load(); n != tc.conns {
				t.Errorf("%d connections, want %d", n, tc.conns)
			}
		})
	}
}

func TestLeanClientGet(t *testing.T) {
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, echo(w, r)) })
	c := &leanClient{conns: map[string]*leanConn{}}
	status, err := c.roundTrip(request{method: http.MethodGet, url: srv.URL + "/result?key=k"})
	if want := "GET /result?key=k x= ct= len=0 body="; err != nil || status != http.StatusOK || string(c.body) != want {
		t.Fatalf("status %d, body %q, err %v; want 200 %q", status, c.body, err, want)
	}
}

func TestLeanClientStatus(t *testing.T) {
	srv, _ := server(t, func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	})
	c := &leanClient{conns: map[string]*leanConn{}}
	r := request{method: http.MethodPost, url: srv.URL + "/graphql", body: []byte(`{}`)}
	status, err := c.roundTrip(r)
	if err != nil || status != http.StatusInternalServerError || string(c.body) != "boom\n" {
		t.Fatalf("status %d, body %q, err %v; want 500 \"boom\\n\"", status, c.body, err)
	}
	err = c.send(context.Background(), r, "")
	if want := "POST " + srv.URL + "/graphql: status 500: boom\n"; err == nil || err.Error() != want {
		t.Fatalf("send: %v, want %q", err, want)
	}
}

// A kept-alive connection the server closed while idle is replaced without failing the request.
func TestLeanClientReconnects(t *testing.T) {
	srv, conns := server(t, func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	c := &leanClient{conns: map[string]*leanConn{}}
	r := request{method: http.MethodPost, url: srv.URL + "/", body: []byte(`{}`)}
	if _, err := c.roundTrip(r); err != nil {
		t.Fatal(err)
	}
	srv.CloseClientConnections()
	// The close reaches the client's idle connection: a read there sees the end of the stream.
	idle := c.conns[strings.TrimPrefix(srv.URL, "http://")]
	if err := idle.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := idle.r.Peek(1); !errors.Is(err, io.EOF) {
		t.Fatalf("the idle connection after the server closed it: %v, want EOF", err)
	}
	status, err := c.roundTrip(r)
	if err != nil || status != http.StatusOK || string(c.body) != "ok" {
		t.Fatalf("after the server closed: status %d, body %q, err %v", status, c.body, err)
	}
	if n := conns.Load(); n != 2 {
		t.Errorf("%d connections, want 2", n)
	}
}

func TestLeanClientAnswerLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		chunked bool
		ok      bool
	}{
		{"ContentLengthAtLimit", maxAnswerBytes, false, true},
		{"ContentLengthPastLimit", maxAnswerBytes + 1, false, false},
		{"ChunkedAtLimit", maxAnswerBytes, true, true},
		{"ChunkedPastLimit", maxAnswerBytes + 1, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := server(t, func(w http.ResponseWriter, _ *http.Request) {
				if !tc.chunked {
					w.Header().Set("Content-Length", fmt.Sprint(tc.n))
				}
				_, _ = w.Write(bytes.Repeat([]byte("x"), tc.n))
			})
			c := &leanClient{conns: map[string]*leanConn{}}
			status, err := c.roundTrip(request{method: http.MethodGet, url: srv.URL + "/"})
			if tc.ok && (err != nil || status != http.StatusOK || len(c.body) != tc.n) {
				t.Fatalf("status %d, %d bytes, err %v; want 200 with %d bytes", status, len(c.body), err, tc.n)
			}
			if !tc.ok && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d", maxAnswerBytes)) &&
				!strings.Contains(err.Error(), fmt.Sprintf("longer than %d", maxAnswerBytes))) {
				t.Fatalf("err %v, want the limit of %d bytes", err, maxAnswerBytes)
			}
		})
	}
}

// The client checks status, GraphQL errors and the wanted text, and marks when the answer came.
func TestSendCheck(t *testing.T) {
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/errors":
			_, _ = io.WriteString(w, `{"errors":[{"message":"no"}],"data":null}`)
		default:
			_, _ = io.WriteString(w, `{"data":{"x":1}}`)
		}
	})
	s := newLeanClient()
	for _, tc := range []struct {
		path, want, err string
	}{
		{"/ok", `"x":1`, ""},
		{"/ok", "", ""},
		{"/ok", `"y":`, `POST ` + srv.URL + `/ok: answer without "\"y\":": {"data":{"x":1}}`},
		{"/errors", "", `POST ` + srv.URL + `/errors: {"errors":[{"message":"no"}],"data":null}`},
	} {
		var answered time.Time
		ctx := context.WithValue(context.Background(), answeredKey{}, &answered)
		err := s.send(ctx, request{method: http.MethodPost, url: srv.URL + tc.path, body: []byte(`{}`)}, tc.want)
		if got := fmt.Sprint(err); tc.err == "" && err != nil || tc.err != "" && got != tc.err {
			t.Errorf("%s want %q: %v, want %q", tc.path, tc.want, err, tc.err)
		}
		if answered.IsZero() {
			t.Errorf("%s: the answer's time was not set", tc.path)
		}
	}
}

// BenchmarkSend measures one small request and answer of the client against an in-process
// server (whose own work is most of ns/op and allocs/op: with -memprofile, the client's part is
// one allocation per request).
func BenchmarkSend(b *testing.B) {
	answer := []byte(strings.Repeat(`{"data":{"pageImport":{"id":"0190"}}}`, 40))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(answer) }))
	defer srv.Close()
	body := []byte(`{"query":"query($id: ID!) { pageImport(id: $id) { id } }","variables":{"id":"0190"}}`)
	hdr := http.Header{"Authorization": {"Bearer x"}}
	s := newLeanClient()
	for b.Loop() {
		if err := s.send(context.Background(), request{method: http.MethodPost, url: srv.URL + "/graphql", header: hdr, body: body}, `"id"`); err != nil {
			b.Fatal(err)
		}
	}
}

// A header line as long as the read buffer (readBufferBytes, CRLF included) is read; one byte
// longer fails the request.
func TestLeanClientHeaderLineLimit(t *testing.T) {
	const name = "X-Pad: " // the line is name + value + CRLF
	for _, tc := range []struct {
		name string
		line int
		ok   bool
	}{
		{"AtLimit", readBufferBytes, true},
		{"PastLimit", readBufferBytes + 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := server(t, func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("X-Pad", strings.Repeat("p", tc.line-len(name)-len("\r\n")))
				_, _ = io.WriteString(w, "ok")
			})
			c := &leanClient{conns: map[string]*leanConn{}}
			status, err := c.roundTrip(request{method: http.MethodGet, url: srv.URL + "/"})
			if tc.ok && (err != nil || status != http.StatusOK || string(c.body) != "ok") {
				t.Fatalf("status %d, body %q, err %v; want 200 \"ok\"", status, c.body, err)
			}
			if !tc.ok && (err == nil || !strings.Contains(err.Error(), "reading the headers: bufio: buffer full")) {
				t.Fatalf("err %v, want the headers' buffer full", err)
			}
		})
	}
}
