package models

import (
	"encoding/base64"
	"testing"
)

func TestEncodeBase64(t *testing.T) {
	src := make([]byte, 3*256+2)
	for i := range src {
		src[i] = byte(i * 7)
	}
	for _, n := range []int{0, 1, 2, 3, 767, 768, 769, len(src)} {
		if got, want := EncodeBase64(src[:n]), base64.StdEncoding.EncodeToString(src[:n]); string(got) != want {
			t.Errorf("EncodeBase64(%d bytes) = %q, want %q", n, got, want)
		}
	}
}
