package models

import (
	"encoding/base64"
	"errors"
	"io"
	"strings"
)

// Base64Text is standard base64 text (RFC 4648 §4, padded) of raster bytes: the `base64` field of a
// Code2DesImage (GraphQL String). Make it with EncodeBase64. Its alphabet (A-Z a-z 0-9 + / =) needs
// no escaping in a JSON string, so MarshalGQL writes it as it is: gqlgen's string marshaler checks
// and escapes a string one byte at a time, which for a result's ~11 MB of base64 was 73% of
// code2desResult's CPU (issue 17).
type Base64Text string

// EncodeBase64 returns the standard base64 text of b, built in place (one allocation of the
// encoded size, no copy into a string).
func EncodeBase64(b []byte) Base64Text {
	var sb strings.Builder
	sb.Grow(base64.StdEncoding.EncodedLen(len(b)))
	w := base64.NewEncoder(base64.StdEncoding, &sb)
	_, _ = w.Write(b) // a strings.Builder never fails
	_ = w.Close()
	return Base64Text(sb.String())
}

// MarshalGQL writes t as a JSON string without escaping (see Base64Text).
func (t Base64Text) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, `"`)
	_, _ = io.WriteString(w, string(t))
	_, _ = io.WriteString(w, `"`)
}

// UnmarshalGQL accepts a string of standard base64 (the type is output-only in the schema; this
// completes gqlgen's scalar interface).
// Errors: the value is not a string, or not standard base64.
func (t *Base64Text) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return errors.New("base64 text must be a string")
	}
	if _, err := base64.StdEncoding.DecodeString(s); err != nil {
		return errors.New("not standard base64")
	}
	*t = Base64Text(s)
	return nil
}
