package app

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

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

// TestWriteResponseEnvelope: errors, data and extensions in their order, the data as it is, with
// the length declared; through net/http the body is framed by that length, not chunks.
func TestWriteResponseEnvelope(t *testing.T) {
	for _, errs := range []gqlerror.List{nil, {gqlerror.Errorf("boom")}} {
		for _, ext := range []map[string]any{nil, {"k": 1}} {
			for _, size := range []int{0, 600, 1 << 20} {
				data := ""
				if size > 0 {
					data = `{"a":"` + strings.Repeat("x", size) + `"}`
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
				resp := &graphql.Response{Errors: errs, Data: []byte(data), Extensions: ext}
				rec := httptest.NewRecorder()
				writeResponse(rec, http.StatusOK, resp)
				if got := rec.Body.String(); got != want || rec.Header().Get("Content-Length") != strconv.Itoa(len(want)) {
					t.Errorf("errors %v, extensions %v, %d bytes: %.80s (length %s); want %.80s (%d)",
						errs, ext, size, got, rec.Header().Get("Content-Length"), want, len(want))
				}
				checkServedWithLength(t, func(w http.ResponseWriter, _ *http.Request) { writeResponse(w, http.StatusOK, resp) }, []byte(want))
			}
		}
	}
}
