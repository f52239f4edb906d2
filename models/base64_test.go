package models

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"testing"
)

// TestBase64TextMarshalsAsItsJSONString: the unescaped output equals what encoding/json writes
// for the same string, for every byte value, so skipping the escaping changes nothing.
func TestBase64TextMarshalsAsItsJSONString(t *testing.T) {
	src := make([]byte, 3*256+2)
	for i := range src {
		src[i] = byte(i * 7)
	}
	for _, n := range []int{0, 1, 2, 3, len(src)} {
		text := EncodeBase64(src[:n])
		if want := base64.StdEncoding.EncodeToString(src[:n]); string(text) != want {
			t.Fatalf("EncodeBase64(%d bytes) = %q, want %q", n, text, want)
		}
		var got bytes.Buffer
		text.MarshalGQL(&got)
		want, _ := json.Marshal(string(text))
		if got.String() != string(want) {
			t.Errorf("MarshalGQL(%d bytes) = %s, want %s", n, got.String(), want)
		}
	}
	var back Base64Text
	if err := back.UnmarshalGQL("AAEC"); err != nil || back != "AAEC" {
		t.Errorf("UnmarshalGQL(AAEC) = %q, %v", back, err)
	}
	if err := back.UnmarshalGQL("not base64!"); err == nil {
		t.Error("UnmarshalGQL accepted text that is not base64")
	}
	if err := back.UnmarshalGQL(3); err == nil {
		t.Error("UnmarshalGQL accepted a number")
	}
}
