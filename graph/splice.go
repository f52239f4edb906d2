package graph

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"strconv"
	"sync"
	"unsafe"

	"github.com/99designs/gqlgen/graphql"

	"github.com/code2des/backend/models"
)

// Splices hold the large string values of one response (the base64 of a result's images) out of
// gqlgen's response buffer: the executor writes a short marker for each into `data` (a NUL byte,
// the value's index, a NUL byte: a raw NUL never appears in JSON that gqlgen or the result reader
// produced, since JSON escapes control characters), and WriteData writes `data` with every
// marker replaced by its value, straight to the client. gqlgen would otherwise grow one buffer to
// the whole response (~11 MB for 8 MiB of images, twice that while it doubles) before a byte is
// sent. Safe for concurrent use.
//
// What it buys (docs/benchmarks.md, "What stays"): without it a warm code2desResult of 8 MiB of
// images cost the API 15-18 ms of CPU instead of 3.8-3.9 ms and allocated 21 MB per request
// (BenchmarkResultWarm in server/app, the server's CPU), against a target of 0.3x of the Go
// baseline's latency (0.74x without it in the harness). Only models.Base64Text values are
// spliced; nothing else needs to know about it.
type Splices struct {
	mu    sync.Mutex
	parts []models.Base64Text
}

type splicesKey struct{}

// WithSplices returns ctx carrying a fresh Splices for one response, and that Splices.
func WithSplices(ctx context.Context) (context.Context, *Splices) {
	s := &Splices{}
	return context.WithValue(ctx, splicesKey{}, s), s
}

func (s *Splices) add(v models.Base64Text) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parts = append(s.parts, v)
	return len(s.parts) - 1
}

// WriteData writes data to w, each marker replaced by its value. A NUL byte that does not open a
// marker of this response is written as it is.
func (s *Splices) WriteData(w io.Writer, data []byte) error {
	for _, p := range s.Parts(data, nil) {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// Parts appends to dst the pieces that make up data with each marker replaced by its value, in
// order, and returns the extended slice: runs of data, and each value's text itself, not a copy.
// The pieces are read-only: a value's piece is the memory of the result's string (shared with
// the result cache), so they may only be handed to an io.Writer, which must not modify what it
// is given. A NUL byte that does not open a marker of this response stays in its run.
func (s *Splices) Parts(data []byte, dst [][]byte) [][]byte {
	s.mu.Lock()
	parts := s.parts
	s.mu.Unlock()
	if len(parts) == 0 {
		// No marker can match: every NUL byte stays in its run (a small read's data, scanned
		// for nothing before).
		if len(data) > 0 {
			dst = append(dst, data)
		}
		return dst
	}
	run := 0 // start of the data not yet appended
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], 0)
		if j < 0 {
			break
		}
		i += j
		n, end := -1, bytes.IndexByte(data[i+1:], 0)
		if end >= 0 {
			if k, err := strconv.Atoi(string(data[i+1 : i+1+end])); err == nil && k >= 0 && k < len(parts) {
				n = k
			}
		}
		if n < 0 {
			i++
			continue
		}
		if i > run {
			dst = append(dst, data[run:i])
		}
		if v := parts[n]; v != "" {
			dst = append(dst, unsafe.Slice(unsafe.StringData(string(v)), len(v)))
		}
		i += 1 + end + 1
		run = i
	}
	if run < len(data) {
		dst = append(dst, data[run:])
	}
	return dst
}

// MarshalBase64Text writes base64 text as a JSON string without escaping (its alphabet needs
// none). Under a response with Splices (the API's JSON transport) it writes only a marker and the
// transport writes the text itself.
func MarshalBase64Text(v models.Base64Text) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(ctx context.Context, w io.Writer) error {
		_, _ = io.WriteString(w, `"`)
		if s, ok := ctx.Value(splicesKey{}).(*Splices); ok {
			_, _ = io.WriteString(w, "\x00"+strconv.Itoa(s.add(v))+"\x00")
		} else {
			_, _ = io.WriteString(w, string(v))
		}
		_, err := io.WriteString(w, `"`)
		return err
	})
}

// UnmarshalBase64Text accepts a string of standard base64 (the field is output-only; gqlgen needs
// both directions of a scalar binding).
// Errors: the value is not a string, or not standard base64.
func UnmarshalBase64Text(_ context.Context, v any) (models.Base64Text, error) {
	s, ok := v.(string)
	if !ok {
		return "", errors.New("base64 text must be a string")
	}
	if _, err := base64.StdEncoding.DecodeString(s); err != nil {
		return "", errors.New("not standard base64")
	}
	return models.Base64Text(s), nil
}
