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

// TestBase64WriterMatchesEncodeBase64: any split of the input into writes encodes to what
// encodeBase64 writes for the whole; an input longer or shorter than declared is refused.
func TestBase64WriterMatchesEncodeBase64(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 64, 100, 1000, 1 << 20, 1<<20 + 1} {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		want := string(encodeBase64(src))
		for _, chunk := range []int{1, 2, 3, 4, 5, 7, 4096, 32 << 10, n + 1} {
			w := newBase64Writer(int64(n))
			for rest := src; len(rest) > 0; {
				k := min(chunk, len(rest))
				if m, err := w.Write(rest[:k]); m != k || err != nil {
					t.Fatalf("%d bytes in writes of %d: Write = %d, %v", n, chunk, m, err)
				}
				rest = rest[k:]
			}
			if got, ok := w.text(); !ok || string(got) != want {
				t.Fatalf("%d bytes in writes of %d: ok %v, text differs from encodeBase64", n, chunk, ok)
			}
		}
		if n == 0 {
			continue
		}
		short := newBase64Writer(int64(n))
		_, _ = short.Write(src[:n-1])
		if _, ok := short.text(); ok {
			t.Fatalf("%d bytes declared, %d written: accepted", n, n-1)
		}
		long := newBase64Writer(int64(n - 1))
		_, _ = long.Write(src)
		if _, ok := long.text(); ok {
			t.Fatalf("%d bytes declared, %d written: accepted", n-1, n)
		}
	}
}
