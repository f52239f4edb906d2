package graph

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalInt64ID writes a bigint id (organization, project) as a GraphQL ID string.
func MarshalInt64ID(v int64) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		_, _ = io.WriteString(w, strconv.Quote(strconv.FormatInt(v, 10)))
	})
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
