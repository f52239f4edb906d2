package graph

import (
	"context"
	"encoding/base64"
	"errors"
	"io"

	"github.com/99designs/gqlgen/graphql"

	"github.com/code2des/backend/models"
)

// MarshalBase64Text writes base64 text as a JSON string as it is: its alphabet (A-Z a-z 0-9 + / =)
// needs no escaping, and gqlgen's string marshaler, which checks and escapes a string one byte at
// a time, was most of code2desResult's CPU for a result's ~11 MB of base64.
func MarshalBase64Text(v models.Base64Text) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		_, _ = io.WriteString(w, `"`)
		_, _ = io.WriteString(w, string(v))
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
