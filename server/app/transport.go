package app

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
)

// jsonTransport serves GraphQL over HTTP: POST with an application/json body, and GET with the
// query in the URL (queries only). It replaces gqlgen's transport.POST and transport.GET for one
// reason: they write the response with json.Marshal, which compacts and HTML-escapes the `data`
// it is given, so the node tree of code2desResult (a JSON scalar, SPEC §3) would be re-encoded.
// This transport writes `data` exactly as the executor produced it; errors and extensions are
// marshaled as usual. Request parsing and status codes follow gqlgen's transports.
type jsonTransport struct{}

var _ graphql.Transport = jsonTransport{}

// Supports implements graphql.Transport.
func (jsonTransport) Supports(r *http.Request) bool {
	if r.Header.Get("Upgrade") != "" {
		return false
	}
	switch r.Method {
	case http.MethodGet:
		return true
	case http.MethodPost:
		ct := r.Header.Get("Content-Type")
		if ct == jsonMediaType {
			return true // what mime.ParseMediaType would answer, without its map
		}
		mediaType, _, err := mime.ParseMediaType(ct)
		return err == nil && mediaType == jsonMediaType
	}
	return false
}

// jsonMediaType is the media type jsonTransport reads (a POST's Content-Type) and writes.
const jsonMediaType = "application/json"

// jsonContentType is the Content-Type of every response of jsonTransport.
var jsonContentType = []string{jsonMediaType}

// Do implements graphql.Transport.
func (jsonTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	// Shared, as rs/cors shares its Vary value: a header's values are replaced, never written to.
	w.Header()["Content-Type"] = jsonContentType
	start := graphql.Now()
	params, err := readParams(r)
	if err != nil {
		// The client's mistake, not ours: BAD_USER_INPUT with the transport's message (the error
		// presenter would otherwise mask a code-less error as INTERNAL and log it as an error).
		writeResponse(w, http.StatusBadRequest, exec.DispatchError(ctx, gqlerror.List{requestError(err.Error())}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}

	oc, opErr := exec.CreateOperationContext(ctx, params)
	if opErr != nil {
		status := http.StatusOK
		if errcode.GetErrorKind(opErr) == errcode.KindProtocol {
			status = http.StatusUnprocessableEntity
		}
		writeResponse(w, status, exec.DispatchError(graphql.WithOperationContext(ctx, oc), opErr))
		return
	}
	if r.Method == http.MethodGet {
		if op := oc.Doc.Operations.ForName(oc.OperationName); op == nil || op.Operation != ast.Query {
			writeResponse(w, http.StatusNotAcceptable, &graphql.Response{Errors: gqlerror.List{requestError("GET requests only allow query operations")}})
			return
		}
	}
	// Large string values (a result's base64) bypass gqlgen's response buffer: they are written
	// from where the result reader keeps them, straight to the client (graph.Splices).
	ctx, splices := graph.WithSplices(ctx)
	responses, ctx := exec.DispatchOperation(ctx, oc)
	writeData(w, http.StatusOK, responses(ctx), splices)
}

// readParams reads the operation of a POST body or a GET query string. Numbers in variables are
// kept as json.Number, as gqlgen's own transports do.
func readParams(r *http.Request) (*graphql.RawParams, error) {
	params := &graphql.RawParams{}
	if r.Method == http.MethodPost {
		body, ok := []byte(nil), false
		if rb, isRead := r.Body.(*readBody); isRead {
			body, ok = rb.unread()
		}
		if !ok {
			var err error
			if body, err = io.ReadAll(r.Body); err != nil {
				return nil, errorf("could not read request body")
			}
		}
		if err := decodeJSON(body, params); err != nil {
			return nil, errorf("json request body could not be decoded")
		}
		return params, nil
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, errorf("the query string could not be parsed")
	}
	params.Query, params.OperationName = q.Get("query"), q.Get("operationName")
	if v := q.Get("variables"); v != "" {
		if err := decodeJSON([]byte(v), &params.Variables); err != nil {
			return nil, errorf("variables could not be decoded")
		}
	}
	if v := q.Get("extensions"); v != "" {
		if err := decodeJSON([]byte(v), &params.Extensions); err != nil {
			return nil, errorf("extensions could not be decoded")
		}
	}
	return params, nil
}

// requestError is an error about the shape of the HTTP request, with the code of every request-shape
// problem (docs/decisions.md).
func requestError(msg string) *gqlerror.Error {
	e := gqlerror.Errorf("%s", msg)
	e.Extensions = map[string]any{"code": string(models.CodeBadUserInput)}
	return e
}

type transportError string

func (e transportError) Error() string { return string(e) }

func errorf(msg string) error { return transportError(msg) }

// decodeJSON decodes a request body as gqlgen's own transports do: encoding/json with UseNumber,
// so numbers in variables and extensions stay json.Number.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

// writeResponse writes resp with status as {"errors":...,"data":...,"extensions":...} with the
// data bytes as they are, without copying them (a result can carry tens of MiB of base64). The
// executor only ever produces valid JSON data (the JSON scalar carries a result tree the result
// reader has parsed and checked).
func writeResponse(w http.ResponseWriter, status int, resp *graphql.Response) {
	writeData(w, status, resp, nil)
}

// MaxCoalescedResponse is the largest response body, in bytes, that writeData copies into one
// pooled buffer to write it in one call (a page of 100 small reads is about 60 KiB). A larger body
// is written from the pieces it is made of, without a copy: a result's node tree and base64 can be
// tens of MiB.
const MaxCoalescedResponse = 64 << 10

// responseBuffers holds the buffers of coalesced responses (*[]byte, capacity at most
// MaxCoalescedResponse).
var responseBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// writeData is writeResponse with the data's splice markers replaced by their values (splices
// may be nil). The body's length is declared (Content-Length), so net/http frames it without
// chunks. A body of at most MaxCoalescedResponse bytes is copied into one pooled buffer and
// written in one call: net/http then sends it with its headers in one or two write system calls
// (its 4 KiB connection buffer), where one Write per piece cost one or two more. A larger body is
// written from where its pieces are (the result's own memory for spliced values): in one
// ReadFrom when w has it (net/http's own writer: a vectored write of all the pieces after the
// first 512 bytes), otherwise one Write per piece.
func writeData(w http.ResponseWriter, status int, resp *graphql.Response, splices *graph.Splices) {
	// The head and the list of pieces stay on the stack (three allocations per
	// response); only a body written piece by piece (larger than MaxCoalescedResponse) copies
	// them.
	var headBuf [64]byte
	head := append(headBuf[:0], '{')
	if len(resp.Errors) > 0 {
		errs, err := json.Marshal(resp.Errors)
		if err != nil {
			errs = []byte(`[{"message":"internal error","extensions":{"code":"INTERNAL"}}]`)
		}
		head = append(head, `"errors":`...)
		head = append(head, errs...)
		head = append(head, ',')
	}
	head = append(head, `"data":`...)
	data := []byte(resp.Data)
	if len(data) == 0 {
		data = []byte("null")
	}
	tail := closeObject
	if len(resp.Extensions) > 0 {
		if ext, err := json.Marshal(resp.Extensions); err == nil {
			tail = append(append([]byte(`,"extensions":`), ext...), '}')
		}
	}
	// parts are the pieces after the head: the data's, then the tail.
	var partsBuf [8][]byte
	parts := partsBuf[:0]
	if splices != nil {
		parts = splices.Parts(data, parts)
	} else {
		parts = append(parts, data)
	}
	parts = append(parts, tail)
	n := len(head)
	for _, p := range parts {
		n += len(p)
	}
	w.Header().Set("Content-Length", strconv.Itoa(n))
	if n <= MaxCoalescedResponse {
		bp := responseBuffers.Get().(*[]byte)
		if cap(*bp) < n {
			*bp = make([]byte, 0, n)
		}
		body := append((*bp)[:0], head...)
		for _, p := range parts {
			body = append(body, p...)
		}
		w.WriteHeader(status)
		_, _ = w.Write(body) // an error: the client has gone; nothing else to do
		*bp = body[:0]
		responseBuffers.Put(bp) // its capacity is at most MaxCoalescedResponse
		return
	}
	w.WriteHeader(status)
	// The head is copied: given to w, headBuf would leave the stack for every response.
	bufs := append(net.Buffers{bytes.Clone(head)}, parts...)
	if rf, ok := w.(io.ReaderFrom); ok {
		// Written piece by piece, net/http makes two write calls per piece (its 4 KiB buffer,
		// then the rest), and each call costs the kernel's send work again; a body of declared
		// length given to ReadFrom goes to the TCP connection as it is, and net.Buffers makes
		// that one vectored write (writev) of all the pieces, still without copying them.
		_, _ = rf.ReadFrom(&bufs) // an error: the client has gone; nothing else to do
		return
	}
	for _, p := range bufs {
		if _, err := w.Write(p); err != nil {
			return // the client has gone; nothing else to do
		}
	}
}

// closeObject ends a response without extensions (read-only: writers do not modify what they
// are given).
var closeObject = []byte("}")
