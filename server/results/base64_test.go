package results

import (
	"encoding/base64"
	"math/rand/v2"
	"testing"
)

// TestEncodeBase64MatchesEncodingBase64: every length around the encoder's block sizes, and
// images' sizes, encode to exactly what encoding/base64 writes.
func TestEncodeBase64MatchesEncodingBase64(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := []int{1 << 20, 1<<20 + 1, 1<<20 + 2, 3 << 20}
	for n := range 300 {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		if got, want := string(encodeBase64(src)), base64.StdEncoding.EncodeToString(src); got != want {
			t.Fatalf("%d bytes: encodeBase64 differs from encoding/base64", n)
		}
	}
}
