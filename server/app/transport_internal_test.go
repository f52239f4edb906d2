package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"

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

// TestWriteDataSplicedValues: a response with spliced values is written with its length
// declared and in one ReadFrom (net/http's writer: a vectored write to the connection); the
// bytes are the same as written piece by piece to a writer without ReadFrom. A response without
// spliced values keeps net/http's own framing.
func TestWriteDataSplicedValues(t *testing.T) {
	t.Run("OK/ThroughNetHTTP", func(t *testing.T) {
		var want []byte
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			resp, splices, body := splicedResponse(t)
			want = body
			writeData(w, http.StatusOK, resp, splices)
		}))
		defer srv.Close()
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("body differs: %d bytes, want %d", len(got), len(want))
		}
		if resp.ContentLength != int64(len(want)) || len(resp.TransferEncoding) != 0 {
			t.Errorf("Content-Length %d, Transfer-Encoding %v; want %d and none", resp.ContentLength, resp.TransferEncoding, len(want))
		}
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
		if !bytes.Equal(rec.Body.Bytes(), want) || rec.Header().Get("Content-Length") != "" {
			t.Errorf("body of %d bytes, Content-Length %q; want %d bytes and no Content-Length", rec.Body.Len(), rec.Header().Get("Content-Length"), len(want))
		}
	})
	t.Run("OK/NoSplicedValueKeepsChunked", func(t *testing.T) {
		data := []byte(`{"s":"` + strings.Repeat("x", 64<<10) + `"}`)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, splices := graph.WithSplices(r.Context())
			writeData(w, http.StatusOK, &graphql.Response{Data: data}, splices)
		}))
		defer srv.Close()
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := `{"data":` + string(data) + `}`; string(got) != want {
			t.Errorf("body differs: %d bytes, want %d", len(got), len(want))
		}
		if resp.ContentLength != -1 || len(resp.TransferEncoding) != 1 {
			t.Errorf("Content-Length %d, Transfer-Encoding %v; want chunked as before", resp.ContentLength, resp.TransferEncoding)
		}
	})
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
