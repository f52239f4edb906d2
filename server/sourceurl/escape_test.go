package sourceurl

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// escapeLooseByByte is escapeLoose as it was before it returned unchanged input as is:
// every byte through a builder. The shortcut must give exactly its output.
func escapeLooseByByte(s string, query bool) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		case c == '%':
			b.WriteString("%25")
		case allowedLiteral(c, query):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}

func TestEscapeLooseMatchesByteByByte(t *testing.T) {
	cases := []string{"", "/", "/a/b", "/%41", "%4", "%", "%%41", "/a%2", "/a%zz", "/a b", "/ä", "?x", "/%41%", "a%41b c",
		"/bench/3/17", "t=1764536400000000000&a=b", "%41%42", "%4%41"}
	// Random strings over an alphabet rich in the bytes that matter.
	alphabet := []byte("%%%aF09zZ /?#&=ä\x7f\"<>\\")
	r := rand.New(rand.NewPCG(17, 3))
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		for _, query := range []bool{false, true} {
			if got, want := escapeLoose(s, query), escapeLooseByByte(s, query); got != want {
				t.Fatalf("escapeLoose(%q, %v) = %q, byte by byte %q", s, query, got, want)
			}
		}
	}
}

// hasLabelSuffix is strings.HasSuffix(name, "."+suffix).
func TestHasLabelSuffix(t *testing.T) {
	for _, tc := range []struct {
		name, suffix string
		want         bool
	}{
		{"a.local", "local", true}, {"local", "local", false}, {".local", "local", true}, {"alocal", "local", false},
		{"a.b.home.arpa", "home.arpa", true}, {"xhome.arpa", "home.arpa", false}, {"", "local", false}, {"a.localx", "local", false},
	} {
		if got := hasLabelSuffix(tc.name, tc.suffix); got != tc.want || got != strings.HasSuffix(tc.name, "."+tc.suffix) {
			t.Errorf("hasLabelSuffix(%q, %q) = %v, want %v", tc.name, tc.suffix, got, tc.want)
		}
	}
}
