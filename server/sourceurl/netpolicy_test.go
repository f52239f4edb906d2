package sourceurl_test

import (
	"bufio"
	"net/netip"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/server/sourceurl"
)

// TestSharedAddressCases holds Normalize to the address cases the capture worker's egress guard
// is held to (netpolicy/testdata/addresses.txt): a public address is accepted, every other one is
// refused with the reason of its class.
func TestSharedAddressCases(t *testing.T) {
	f, err := os.Open("../../netpolicy/testdata/addresses.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	reasons := map[string]string{
		"loopback": "must not point to a loopback address", "private": "must not point to a private address",
		"link-local": "must not point to a link-local or metadata address", "cgnat": "must not point to a shared (CGNAT) address",
		"multicast": "must not point to a multicast address", "reserved": "must not point to a reserved or non-routable address",
	}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		addr, want, _ := strings.Cut(line, " ")
		host := addr
		if netip.MustParseAddr(addr).Is6() {
			host = "[" + addr + "]"
		}
		_, err := sourceurl.Normalize("http://"+host+"/", sourceurl.Options{})
		if want == "public" {
			if err != nil {
				t.Errorf("%s (public) refused: %v", addr, err)
			}
		} else if got := sourceurl.Reason(err); got != reasons[want] {
			t.Errorf("%s (%s): reason %q, want %q", addr, want, got, reasons[want])
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d shared cases read", n)
	}
}
