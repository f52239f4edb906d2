package models

import (
	"encoding/base64"
	"unsafe"
)

// Base64Text is standard base64 text (RFC 4648 §4, padded) of raster bytes: the `base64` field of a
// Code2DesImage (GraphQL String). Make it with EncodeBase64. Its alphabet (A-Z a-z 0-9 + / =) needs
// no escaping in a JSON string, so the API writes it as it is (graph.MarshalBase64Text): gqlgen's
// string marshaler checks and escapes a string one byte at a time, which for a result's ~11 MB of
// base64 was 73% of code2desResult's CPU (issue 17).
type Base64Text string

// EncodeBase64 returns the standard base64 text of b in one allocation of the encoded size: the
// bytes are encoded in place and become the string without a copy (they are never written again).
func EncodeBase64(b []byte) Base64Text {
	n := base64.StdEncoding.EncodedLen(len(b))
	if n == 0 {
		return ""
	}
	buf := make([]byte, n)
	base64.StdEncoding.Encode(buf, b)
	return Base64Text(unsafe.String(&buf[0], n))
}
