package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalInt64ID writes a bigint id (organization, project) as a GraphQL ID string.
func MarshalInt64ID(v int64) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { writeInt64ID(w, v) })
}

// writeInt64ID writes v as a quoted decimal, what strconv.Quote makes of its digits (they need
// no escaping), in one write and without an allocation when w is a bytes.Buffer (the fast path's
// render buffer).
func writeInt64ID(w io.Writer, v int64) {
	if b, ok := w.(*bytes.Buffer); ok {
		b.Write(appendInt64ID(b.AvailableBuffer(), v))
		return
	}
	var buf [24]byte
	_, _ = w.Write(appendInt64ID(buf[:0], v))
}

func appendInt64ID(dst []byte, v int64) []byte {
	return append(strconv.AppendInt(append(dst, '"'), v, 10), '"')
}

// UnmarshalInt64ID reads a bigint id given as a GraphQL ID (a decimal string or an integer).
func UnmarshalInt64ID(v any) (int64, error) {
	switch v := v.(type) {
	case string:
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return 0, fmt.Errorf("%q is not a valid id", v)
		}
		return id, nil
	case int64:
		return v, nil
	case int:
		return int64(v), nil
	case json.Number:
		return UnmarshalInt64ID(string(v))
	default:
		return 0, fmt.Errorf("%T is not a valid id", v)
	}
}
