package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
)

// splicedResponse returns a response whose data holds two spliced base64 values (1 MiB and 3
// bytes of input), the Splices that replace them, and the body writeData must write for it.
func splicedResponse(t *testing.T) (*graphql.Response, *graph.Splices, []byte) {
	t.Helper()
	big := make([]byte, 1<<20)
	_, _ = rand.Read(big)
	v1, v2 := base64.StdEncoding.EncodeToString(big), base64.StdEncoding.EncodeToString([]byte("abc"))
	ctx, splices := graph.WithSplices(context.Background())
	var data bytes.Buffer
	data.WriteString(`{"a":`)
	if err := graph.MarshalBase64Text(models.Base64Text(v1)).MarshalGQLContext(ctx, &data); err != nil {
		t.Fatal(err)
	}
	data.WriteString(`,"b":[`)
	if err := graph.MarshalBase64Text(models.Base64Text(v2)).MarshalGQLContext(ctx, &data); err != nil {
		t.Fatal(err)
	}
	data.WriteString(`]}`)
	want := []byte(`{"data":{"a":"` + v1 + `","b":["` + v2 + `"]}}`)
	return &graphql.Response{Data: data.Bytes()}, splices, want
}

// checkServedWithLength serves one GET with h through net/http and checks that the client reads
// want, framed by its declared length (a Content-Length, no Transfer-Encoding).
func checkServedWithLength(t *testing.T, h http.HandlerFunc, want []byte) {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("body differs: %d bytes, want %d", len(got), len(want))
	}
	if res.ContentLength != int64(len(want)) || len(res.TransferEncoding) != 0 {
		t.Errorf("Content-Length %d, Transfer-Encoding %v; want %d and none", res.ContentLength, res.TransferEncoding, len(want))
	}
}

// TestWriteDataSplicedValues: a response with spliced values is written with its length
// declared and in one ReadFrom (net/http's writer: a vectored write to the connection); the
// bytes are the same as written piece by piece to a writer without ReadFrom.
func TestWriteDataSplicedValues(t *testing.T) {
	t.Run("OK/ThroughNetHTTP", func(t *testing.T) {
		resp, splices, want := splicedResponse(t)
		checkServedWithLength(t, func(w http.ResponseWriter, _ *http.Request) {
			writeData(w, http.StatusOK, resp, splices)
		}, want)
	})
	t.Run("OK/ReadFromCalledOnce", func(t *testing.T) {
		resp, splices, want := splicedResponse(t)
		w := &readFromRecorder{ResponseRecorder: httptest.NewRecorder()}
		writeData(w, http.StatusOK, resp, splices)
		if w.readFroms != 1 || w.writes != 0 {
			t.Errorf("%d ReadFrom and %d Write calls; want 1 and 0", w.readFroms, w.writes)
		}
		if !bytes.Equal(w.Body.Bytes(), want) || w.Header().Get("Content-Length") != strconv.Itoa(len(want)) {
			t.Errorf("body of %d bytes, Content-Length %q; want %d bytes", w.Body.Len(), w.Header().Get("Content-Length"), len(want))
		}
	})
	t.Run("OK/WriterWithoutReadFrom", func(t *testing.T) {
		resp, splices, want := splicedResponse(t)
		rec := httptest.NewRecorder()
		writeData(rec, http.StatusOK, resp, splices)
		if !bytes.Equal(rec.Body.Bytes(), want) || rec.Header().Get("Content-Length") != strconv.Itoa(len(want)) {
			t.Errorf("body of %d bytes, Content-Length %q; want %d bytes", rec.Body.Len(), rec.Header().Get("Content-Length"), len(want))
		}
	})
}

// TestWriteDataCoalesced: a body of at most MaxCoalescedResponse bytes (spliced values or not)
// is written in one Write with its length declared; one byte more goes to ReadFrom, as the
// pieces it is made of. Through net/http the bytes are the same and the framing is the declared
// length, not chunks.
func TestWriteDataCoalesced(t *testing.T) {
	const envelope = len(`{"data":"` + `"}`) // what writeData puts around a string of data
	body := func(n int) (*graphql.Response, string) {
		data := `"` + strings.Repeat("x", n-envelope) + `"`
		return &graphql.Response{Data: []byte(data)}, `{"data":` + data + `}`
	}
	for _, tc := range []struct {
		name              string
		size              int
		readFroms, writes int
	}{
		{"OK/Small", 600, 0, 1},
		{"OK/AtLimit", MaxCoalescedResponse, 0, 1},
		{"OK/PastLimit", MaxCoalescedResponse + 1, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, want := body(tc.size)
			if len(want) != tc.size {
				t.Fatalf("test body of %d bytes, want %d", len(want), tc.size)
			}
			w := &readFromRecorder{ResponseRecorder: httptest.NewRecorder()}
			_, splices := graph.WithSplices(context.Background())
			writeData(w, http.StatusOK, resp, splices)
			if w.readFroms != tc.readFroms || w.writes != tc.writes {
				t.Errorf("%d ReadFrom and %d Write calls; want %d and %d", w.readFroms, w.writes, tc.readFroms, tc.writes)
			}
			if w.Body.String() != want || w.Header().Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Errorf("body of %d bytes, Content-Length %q; want %d bytes", w.Body.Len(), w.Header().Get("Content-Length"), len(want))
			}
		})
	}
	for _, size := range []int{600, MaxCoalescedResponse, MaxCoalescedResponse + 1} {
		t.Run("OK/ThroughNetHTTP/"+strconv.Itoa(size), func(t *testing.T) {
			resp, want := body(size)
			checkServedWithLength(t, func(w http.ResponseWriter, r *http.Request) {
				_, splices := graph.WithSplices(r.Context())
				writeData(w, http.StatusOK, resp, splices)
			}, []byte(want))
		})
	}
}

// readFromRecorder is a ResponseRecorder with ReadFrom, counting the calls of each way of writing.
type readFromRecorder struct {
	*httptest.ResponseRecorder
	readFroms, writes int
}

func (w *readFromRecorder) Write(p []byte) (int, error) {
	w.writes++
	return w.ResponseRecorder.Write(p)
}

func (w *readFromRecorder) ReadFrom(r io.Reader) (int64, error) {
	w.readFroms++
	return io.Copy(w.ResponseRecorder, r)
}

// TestWriteDataCoalescedConcurrently: responses written at once through net/http from the pooled
// buffers each carry their own bytes (a buffer is never handed to another response while one
// still reads it), small and large, with errors or without.
func TestWriteDataCoalescedConcurrently(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		c := r.URL.Query().Get("c")
		resp := &graphql.Response{Data: []byte(`"` + strings.Repeat(c, n) + `"`)}
		status := http.StatusOK
		if n%3 == 0 {
			resp.Errors = gqlerror.List{{Message: "m" + c}}
			status = http.StatusUnprocessableEntity
		}
		_, splices := graph.WithSplices(r.Context())
		writeData(w, status, resp, splices)
	}))
	defer srv.Close()
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				c := string(rune('a' + (g+i)%26))
				n := []int{1, 700, 5000, MaxCoalescedResponse - 20, MaxCoalescedResponse + 100}[i%5] + g
				res, err := http.Get(srv.URL + "?n=" + strconv.Itoa(n) + "&c=" + c)
				if err != nil {
					t.Error(err)
					return
				}
				got, _ := io.ReadAll(res.Body)
				res.Body.Close()
				want := `{"data":"` + strings.Repeat(c, n) + `"}`
				if n%3 == 0 {
					want = `{"errors":[{"message":"m` + c + `"}],"data":"` + strings.Repeat(c, n) + `"}`
				}
				if string(got) != want || res.ContentLength != int64(len(want)) {
					t.Errorf("response %d/%d: %d bytes (Content-Length %d), want %d", g, i, len(got), res.ContentLength, len(want))
					return
				}
			}
		}()
	}
	wg.Wait()
}

// jsonTransport takes a POST whose Content-Type is application/json as mime.ParseMediaType reads
// it (parameters, case, spaces), and nothing else.
func TestJSONTransportSupports(t *testing.T) {
	for _, tc := range []struct {
		contentType string
		want        bool
	}{
		{"application/json", true},
		{"application/json; charset=utf-8", true},
		{"Application/JSON", true},
		{" application/json", true},
		{"application/json;", true},
		{"application/json; charset", false},
		{"application/jsonx", false},
		{"application/graphql", false},
		{"text/plain", false},
		{"", false},
	} {
		r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
		if tc.contentType != "" {
			r.Header.Set("Content-Type", tc.contentType)
		}
		if got := (jsonTransport{}).Supports(r); got != tc.want {
			t.Errorf("POST %q: %v, want %v", tc.contentType, got, tc.want)
		}
		mediaType, _, err := mime.ParseMediaType(tc.contentType)
		if parsed := err == nil && mediaType == "application/json"; parsed != tc.want {
			t.Errorf("POST %q: mime.ParseMediaType says %v", tc.contentType, parsed)
		}
	}
	r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Upgrade", "websocket")
	if (jsonTransport{}).Supports(r) {
		t.Error("a POST asking for an upgrade is taken")
	}
}

// TestWriteDataEnvelope: errors, data and extensions in their order, coalesced or not, to a writer
// with ReadFrom or without, with the length declared.
func TestWriteDataEnvelope(t *testing.T) {
	for _, errs := range []gqlerror.List{nil, {gqlerror.Errorf("boom")}} {
		for _, ext := range []map[string]any{nil, {"k": 1}} {
			for _, size := range []int{0, 600, MaxCoalescedResponse + 1} {
				data := ""
				if size > 0 {
					data = `"` + strings.Repeat("x", size) + `"`
				}
				want := "{"
				if errs != nil {
					b, _ := json.Marshal(errs)
					want += `"errors":` + string(b) + ","
				}
				want += `"data":` + data
				if data == "" {
					want += "null"
				}
				if ext != nil {
					b, _ := json.Marshal(ext)
					want += `,"extensions":` + string(b)
				}
				want += "}"
				for name, writer := range map[string]func(*httptest.ResponseRecorder) http.ResponseWriter{
					"Write": func(rec *httptest.ResponseRecorder) http.ResponseWriter { return rec },
					"ReadFrom": func(rec *httptest.ResponseRecorder) http.ResponseWriter {
						return &readFromRecorder{ResponseRecorder: rec}
					},
				} {
					rec := httptest.NewRecorder()
					_, splices := graph.WithSplices(context.Background())
					writeData(writer(rec), http.StatusOK, &graphql.Response{Errors: errs, Data: []byte(data), Extensions: ext}, splices)
					if got := rec.Body.String(); got != want || rec.Header().Get("Content-Length") != strconv.Itoa(len(want)) {
						t.Errorf("%s, errors %v, extensions %v, %d bytes: %.80s (length %s); want %.80s (%d)",
							name, errs, ext, size, got, rec.Header().Get("Content-Length"), want, len(want))
					}
				}
			}
		}
	}
}
