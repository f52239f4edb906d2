package models

// Base64Text is standard base64 text (RFC 4648 §4, padded) of raster bytes: the `base64` field of a
// Code2DesImage (GraphQL String), made by server/results (encodeBase64, base64Writer). Its alphabet
// (A-Z a-z 0-9 + / =) needs no escaping in a JSON string, so the API writes it as it is
// (graph.MarshalBase64Text): gqlgen's string marshaler checks and escapes a string one byte at a
// time, which for a result's ~11 MB of base64 was 73% of code2desResult's CPU.
type Base64Text string
