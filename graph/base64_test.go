package graph

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"testing"

	"github.com/code2des/backend/models"
)

// MarshalBase64Text writes the JSON string encoding/json writes for the same text, and
// UnmarshalBase64Text takes back only standard base64.
func TestBase64TextRoundTrip(t *testing.T) {
	src := make([]byte, 1000)
	for i := range src {
		src[i] = byte(i * 7)
	}
	text := models.Base64Text(base64.StdEncoding.EncodeToString(src))
	want, _ := json.Marshal(string(text))
	var got bytes.Buffer
	if err := MarshalBase64Text(text).MarshalGQLContext(context.Background(), &got); err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("marshaled %.40s..., want %.40s...", got.String(), want)
	}
	if v, err := UnmarshalBase64Text(context.Background(), string(text)); err != nil || v != text {
		t.Errorf("unmarshal: %v", err)
	}
	for _, bad := range []any{"not base64!", 12, "QUJD-_"} {
		if _, err := UnmarshalBase64Text(context.Background(), bad); err == nil {
			t.Errorf("unmarshal %v: no error", bad)
		}
	}
}
