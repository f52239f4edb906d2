package graph

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/code2des/backend/models"
)

func TestMarshalBase64TextWritesItsJSONString(t *testing.T) {
	src := make([]byte, 1000)
	for i := range src {
		src[i] = byte(i * 7)
	}
	text := models.Base64Text(base64.StdEncoding.EncodeToString(src))
	want, _ := json.Marshal(string(text))

	var plain bytes.Buffer
	if err := MarshalBase64Text(text).MarshalGQLContext(context.Background(), &plain); err != nil {
		t.Fatal(err)
	}
	if plain.String() != string(want) {
		t.Errorf("without splices: %s, want %s", plain.String(), want)
	}

	ctx, s := WithSplices(context.Background())
	var data bytes.Buffer
	data.WriteString(`{"a":`)
	_ = MarshalBase64Text(text).MarshalGQLContext(ctx, &data)
	data.WriteString(`,"b":`)
	_ = MarshalBase64Text("QUJD").MarshalGQLContext(ctx, &data)
	data.WriteString(`}`)
	if data.Len() > 40 {
		t.Errorf("the executor's buffer holds %d bytes; the values should stay out of it", data.Len())
	}
	var out bytes.Buffer
	if err := s.WriteData(&out, data.Bytes()); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), `{"a":`+string(want)+`,"b":"QUJD"}`; got != want {
		t.Errorf("spliced = %.80s..., want %.80s...", got, want)
	}
}

func TestSplicesWriteDataLeavesOtherBytes(t *testing.T) {
	ctx, s := WithSplices(context.Background())
	var buf bytes.Buffer
	_ = MarshalBase64Text("QQ==").MarshalGQLContext(ctx, &buf)
	marker := buf.String() // "\x000\x00" in quotes
	for name, tc := range map[string]struct{ in, want string }{
		"NoMarker":          {`{"x":1}`, `{"x":1}`},
		"Empty":             {``, ``},
		"MarkerAlone":       {marker, `"QQ=="`},
		"MarkerTwice":       {`[` + marker + `,` + marker + `]`, `["QQ==","QQ=="]`},
		"UnknownIndex":      {"[\"\x007\x00\"]", "[\"\x007\x00\"]"},
		"NotAnIndex":        {"[\"\x00x\x00\"]", "[\"\x00x\x00\"]"},
		"UnclosedMarker":    {"[\"\x000", "[\"\x000"},
		"StrayNulThenValid": {"\x00" + marker, "\x00\"QQ==\""},
	} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := s.WriteData(&out, []byte(tc.in)); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Errorf("WriteData(%q) = %q, want %q", tc.in, out.String(), tc.want)
			}
		})
	}
}

// TestSplicesPartsShareTheValues: the pieces of a value are the value's own memory (a result's
// base64 is written to the client without a copy per response), and the pieces in order make
// what WriteData writes.
func TestSplicesPartsShareTheValues(t *testing.T) {
	text := models.Base64Text(base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{1, 2, 3}, 1000)))
	ctx, s := WithSplices(context.Background())
	var data bytes.Buffer
	data.WriteString(`{"a":`)
	_ = MarshalBase64Text(text).MarshalGQLContext(ctx, &data)
	data.WriteString(`}`)
	parts := s.Parts(data.Bytes(), nil)
	var joined, written bytes.Buffer
	for _, p := range parts {
		joined.Write(p)
	}
	if err := s.WriteData(&written, data.Bytes()); err != nil {
		t.Fatal(err)
	}
	if joined.String() != written.String() || joined.String() != `{"a":"`+string(text)+`"}` {
		t.Fatalf("parts join to %.40q..., WriteData wrote %.40q...", joined.String(), written.String())
	}
	shared := false
	for _, p := range parts {
		if len(p) == len(text) && unsafe.SliceData(p) == unsafe.StringData(string(text)) {
			shared = true
		}
	}
	if !shared {
		t.Errorf("no piece is the value's own memory: %d pieces", len(parts))
	}
}

// TestSplicesWithoutValues: with no value added, data is one piece, itself (markers and NUL bytes
// included), and empty data is no piece.
func TestSplicesWithoutValues(t *testing.T) {
	_, s := WithSplices(context.Background())
	for _, in := range []string{`{"x":1}`, "[\"\x000\x00\"]", "\x00", "\x000\x00"} {
		data := []byte(in)
		parts := s.Parts(data, nil)
		if len(parts) != 1 || &parts[0][0] != &data[0] || len(parts[0]) != len(data) {
			t.Errorf("Parts(%q) = %q; want the data itself", in, parts)
		}
		var out bytes.Buffer
		if err := s.WriteData(&out, data); err != nil || out.String() != in {
			t.Errorf("WriteData(%q) = %q, %v", in, out.String(), err)
		}
	}
	if parts := s.Parts(nil, nil); len(parts) != 0 {
		t.Errorf("Parts(nil) = %q; want none", parts)
	}
}
