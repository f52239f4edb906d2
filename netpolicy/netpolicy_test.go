package netpolicy_test

import (
	"bufio"
	"net/netip"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/netpolicy"
)

// loadCases reads testdata/addresses.txt: the shared cases of the API's and the worker's tests.
func loadCases(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/addresses.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		addr, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("bad case line %q", line)
		}
		out[addr] = want
	}
	return out
}

func TestRefused(t *testing.T) {
	for addr, want := range loadCases(t) {
		r, refused := netpolicy.Refused(netip.MustParseAddr(addr))
		got := "public"
		if refused {
			got = string(r.Class)
		}
		if got != want {
			t.Errorf("Refused(%s) = %s, want %s", addr, got, want)
		}
		if netpolicy.IsPublic(netip.MustParseAddr(addr)) != (want == "public") {
			t.Errorf("IsPublic(%s) disagrees with Refused", addr)
		}
	}
}

// TestEveryRangeIsRefusedAtItsEdges checks the first and last address of every range of the
// table, and that each table entry is reached (no earlier, wider range hides its class).
func TestEveryRangeIsRefusedAtItsEdges(t *testing.T) {
	for _, r := range netpolicy.Ranges() {
		first, last := r.Prefix.Masked().Addr(), lastAddr(r.Prefix)
		for _, a := range []netip.Addr{first, last} {
			got, refused := netpolicy.Refused(a)
			if !refused || got.Class != r.Class {
				t.Errorf("%s (edge of %s, %s): refused %v as %s", a, r.Prefix, r.Class, refused, got.Class)
			}
		}
	}
}

func TestZoneIgnoredAndZeroRefused(t *testing.T) {
	if r, refused := netpolicy.Refused(netip.MustParseAddr("fe80::1%eth0")); !refused || r.Class != netpolicy.LinkLocal {
		t.Errorf("fe80::1%%eth0: refused %v as %s, want link-local", refused, r.Class)
	}
	if _, refused := netpolicy.Refused(netip.Addr{}); !refused {
		t.Error("the zero Addr is not refused")
	}
}

// lastAddr is the last address of p.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 1 << (7 - i%8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}
