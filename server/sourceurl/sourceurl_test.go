package sourceurl_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/sourceurl"
)

// accepted maps an input to its normalized form.
var accepted = []struct{ in, want string }{
	{"https://example.com/", "https://example.com/"},
	{"https://example.com", "https://example.com/"},
	{"http://example.com/a/b?c=d", "http://example.com/a/b?c=d"},
	{"HTTPS://EXAMPLE.COM/Path", "https://example.com/Path"},
	{"HtTp://Example.Com/", "http://example.com/"},
	{"https://example.com/page#section", "https://example.com/page"},
	{"https://example.com/page?x=1#frag?y", "https://example.com/page?x=1"},
	{"https://example.com#", "https://example.com/"},
	{"http://example.com:80/", "http://example.com/"},
	{"https://example.com:443/", "https://example.com/"},
	{"http://example.com:443/", "http://example.com:443/"},
	{"https://example.com:8443/x", "https://example.com:8443/x"},
	{"https://example.com:08443/x", "https://example.com:8443/x"},
	{"https://example.com:/x", "https://example.com/x"},
	{"https://example.com./", "https://example.com/"},
	{"https://bücher.de/", "https://xn--bcher-kva.de/"},
	{"https://例え.テスト/パス", "https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"},
	{"https://ＥＸＡＭＰＬＥ.com/", "https://example.com/"},
	{"https://xn--bcher-kva.de/", "https://xn--bcher-kva.de/"},
	{"  https://example.com/  ", "https://example.com/"},
	{"https://example.com/a b", "https://example.com/a%20b"},
	{"https://example.com/?q=a b&r=<x>", "https://example.com/?q=a%20b&r=%3Cx%3E"},
	{"https://example.com/?q=%zz", "https://example.com/?q=%25zz"},
	{"https://example.com/?q=%41", "https://example.com/?q=%41"},
	{"https://example.com/?", "https://example.com/?"},
	{"https://example.com/?a=b\\c", "https://example.com/?a=b%5Cc"},
	{"https://example.com/%7Euser/", "https://example.com/%7Euser/"},
	{"https://8.8.8.8/", "https://8.8.8.8/"},
	{"http://134744072/", "http://8.8.8.8/"},       // decimal form of a public address
	{"http://0x08080808/", "http://8.8.8.8/"},      // hex
	{"http://010.010.010.010/", "http://8.8.8.8/"}, // octal parts
	{"http://8.8.2056/", "http://8.8.8.8/"},        // three parts
	{"http://[2606:4700:4700::1111]/", "http://[2606:4700:4700::1111]/"},
	{"http://[2606:4700:4700:0:0:0:0:1111]:8080/", "http://[2606:4700:4700::1111]:8080/"},
	{"http://[::ffff:808:808]/", "http://[::ffff:8.8.8.8]/"}, // IPv4-mapped public address
	{"http://[64:ff9b::808:808]/", "http://[64:ff9b::808:808]/"},
	{"http://[::ffff:0:808:808]/", "http://[::ffff:0:808:808]/"}, // IPv4-translated (SIIT) public address
	{"https://sub.domain.example.co.uk/x?y=z", "https://sub.domain.example.co.uk/x?y=z"},
	{"https://example.com/" + strings.Repeat("a", models.MaxSourceURLLength-len("https://example.com/")),
		"https://example.com/" + strings.Repeat("a", models.MaxSourceURLLength-len("https://example.com/"))},
}

// refused maps an input to the reason it is refused.
var refused = []struct{ in, reason string }{
	{"", "is empty"},
	{"   ", "is empty"},
	{"example.com", "must be an absolute URL starting with http:// or https://"},
	{"//example.com/", "must be an absolute URL starting with http:// or https://"},
	{"/path", "must be an absolute URL starting with http:// or https://"},
	{"ftp://example.com/", "must use http or https"},
	{"file:///etc/passwd", "must use http or https"},
	{"javascript:alert(1)", "must use http or https"},
	{"data:text/html,hi", "must use http or https"},
	{"gopher://example.com/", "must use http or https"},
	{"http:example.com", "must have a host"},
	{"http:///path", "must have a host"},
	{"https://user@example.com/", "must not contain user info"},
	{"https://user:pass@example.com/", "must not contain user info"},
	{"https://:@example.com/", "must not contain user info"},
	{"https://example.com@127.0.0.1/", "must not contain user info"},
	{"https://exa\tmple.com/", "contains a control character"},
	{"https://example.com/a\nb", "contains a control character"},
	{"https://example.com\\@evil.com/", "contains a backslash"},
	{"http:\\\\example.com\\", "contains a backslash"},
	{"https://example.com:0/", "has an invalid port"},
	{"https://example.com:65536/", "has an invalid port"},
	{"https://exa_mple.com/", "has an invalid host name"},
	{"https://-example.com/", "has an invalid host name"},
	{"https://a..b.com/", "has an empty label in its host name"},
	{"https://localhost/", "must not point to a local host"},
	{"https://LOCALHOST:3000/", "must not point to a local host"},
	{"https://app.localhost/", "must not point to a local host"},
	{"https://localhost./", "must not point to a local host"},
	{"https://intranet/", "must have a fully qualified public host name"},
	{"https://printer.local/", "must not point to a local or internal host"},
	{"https://metadata.google.internal/computeMetadata/v1/", "must not point to a local or internal host"},
	{"https://router.home.arpa/", "must not point to a local or internal host"},
	{"http://127.0.0.1/", "must not point to a loopback address"},
	{"http://127.0.0.1./", "must not point to a loopback address"},
	{"http://127.1/", "must not point to a loopback address"},
	{"http://2130706433/", "must not point to a loopback address"},   // decimal
	{"http://0x7f000001/", "must not point to a loopback address"},   // hex
	{"http://0X7F.0.0.1/", "must not point to a loopback address"},   // hex part
	{"http://0177.0.0.1/", "must not point to a loopback address"},   // octal
	{"http://017700000001/", "must not point to a loopback address"}, // octal, one part
	{"http://１２７.０.０.１/", "must not point to a loopback address"},    // full-width digits
	{"http://[::1]/", "must not point to a loopback address"},
	{"http://[0:0:0:0:0:0:0:1]:8080/", "must not point to a loopback address"},
	{"http://[::ffff:127.0.0.1]/", "must not point to a loopback address"}, // IPv4-mapped
	{"http://[::ffff:7f00:1]/", "must not point to a loopback address"},
	{"http://169.254.169.254/latest/meta-data/", "must not point to a link-local or metadata address"},
	{"http://2852039166/", "must not point to a link-local or metadata address"},          // decimal
	{"http://0xa9fea9fe/", "must not point to a link-local or metadata address"},          // hex
	{"http://0251.0376.0251.0376/", "must not point to a link-local or metadata address"}, // octal
	{"http://169.254.43518/", "must not point to a link-local or metadata address"},       // two parts
	{"http://[::ffff:169.254.169.254]/", "must not point to a link-local or metadata address"},
	{"http://[::ffff:a9fe:a9fe]/", "must not point to a link-local or metadata address"},
	{"http://[64:ff9b::a9fe:a9fe]/", "must not point to a link-local or metadata address"}, // NAT64
	{"http://[2002:a9fe:a9fe::1]/", "must not point to a link-local or metadata address"},  // 6to4
	// IPv4-translated (SIIT, RFC 2765 ::ffff:0:a.b.c.d): a stateless translator forwards to the IPv4 address.
	{"http://[::ffff:0:a9fe:a9fe]/", "must not point to a link-local or metadata address"},
	{"http://[::ffff:0:169.254.169.254]/", "must not point to a link-local or metadata address"},
	{"http://[::ffff:0:7f00:1]/", "must not point to a loopback address"},
	{"http://[::ffff:0:a00:1]/", "must not point to a private address"},
	{"http://[fe80::1]/", "must not point to a link-local or metadata address"},
	{"http://[fe80::1%25eth0]/", "has an invalid IPv6 address"},
	{"http://10.0.0.1/", "must not point to a private address"},
	{"http://172.16.5.4/", "must not point to a private address"},
	{"http://192.168.1.1/", "must not point to a private address"},
	{"http://0xc0a80101/", "must not point to a private address"},
	{"http://[fd00:ec2::254]/", "must not point to a private address"}, // unique-local (AWS metadata v6)
	{"http://[fc00::1]/", "must not point to a private address"},
	{"http://100.64.0.1/", "must not point to a shared (CGNAT) address"},
	{"http://100.100.100.200/", "must not point to a shared (CGNAT) address"}, // Alibaba metadata
	{"http://224.0.0.1/", "must not point to a multicast address"},
	{"http://[ff02::1]/", "must not point to a multicast address"},
	{"http://0.0.0.0/", "must not point to a reserved or non-routable address"},
	{"http://0/", "must not point to a reserved or non-routable address"},
	{"http://[::]/", "must not point to a reserved or non-routable address"},
	{"http://[::127.0.0.1]/", "must not point to a reserved or non-routable address"}, // IPv4-compatible
	{"http://255.255.255.255/", "must not point to a reserved or non-routable address"},
	{"http://192.0.2.1/", "must not point to a reserved or non-routable address"},
	{"http://1.2.3.4.5/", "has an invalid IPv4 address"},
	{"http://256.0.0.1/", "has an invalid IPv4 address"},
	{"http://example.123/", "has an invalid IPv4 address"},
	{"http://0x100000000/", "has an invalid IPv4 address"},
	{"http://[1::2::3]/", "is not a valid URL"},
	{"http://%31%32%37.0.0.1/", "is not a valid URL"},
	{"https://example.com/" + strings.Repeat("a", models.MaxSourceURLLength-len("https://example.com/")+1),
		"is longer than 2048 characters"},
	{"https://example.com/" + strings.Repeat("a", sourceurl.MaxInputLength), "is longer than 2048 characters"},
}

func TestNormalize(t *testing.T) {
	if n := len(accepted) + len(refused); n < 50 {
		t.Fatalf("only %d cases; the issue asks for at least 50", n)
	}
	for _, tc := range accepted {
		t.Run("OK/"+shorten(tc.in), func(t *testing.T) {
			got, err := sourceurl.Normalize(tc.in, sourceurl.Options{})
			if err != nil || got != tc.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			again, err := sourceurl.Normalize(got, sourceurl.Options{})
			if err != nil || again != got {
				t.Errorf("normalizing %q again gives %q, %v", got, again, err)
			}
		})
	}
	for _, tc := range refused {
		t.Run("Refused/"+shorten(tc.in), func(t *testing.T) {
			got, err := sourceurl.Normalize(tc.in, sourceurl.Options{})
			if err == nil {
				t.Fatalf("Normalize(%q) accepted as %q; want refused: %s", tc.in, got, tc.reason)
			}
			if r := sourceurl.Reason(err); r != tc.reason {
				t.Errorf("Normalize(%q) refused with %q; want %q", tc.in, r, tc.reason)
			}
		})
	}
}

func TestAllowLoopbackAcceptsOnlyLoopback(t *testing.T) {
	opts := sourceurl.Options{AllowLoopback: true}
	for in, want := range map[string]string{
		"http://localhost:3000/page": "http://localhost:3000/page",
		"http://app.localhost/":      "http://app.localhost/",
		"http://127.0.0.1:8081/x":    "http://127.0.0.1:8081/x",
		"http://0x7f000001/":         "http://127.0.0.1/",
		"http://[::1]:9000/":         "http://[::1]:9000/",
		"http://[::ffff:7f00:1]/":    "http://[::ffff:127.0.0.1]/",
		"https://example.com/#frag":  "https://example.com/",
	} {
		got, err := sourceurl.Normalize(in, opts)
		if err != nil || got != want {
			t.Errorf("with loopback allowed, Normalize(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{
		"http://10.0.0.1/", "http://169.254.169.254/", "http://printer.local/", "http://[fd00::1]/",
		"http://100.64.0.1/", "http://0.0.0.0/", "http://[::]/",
	} {
		if got, err := sourceurl.Normalize(in, opts); err == nil {
			t.Errorf("with loopback allowed, %q is still not loopback but was accepted as %q", in, got)
		}
	}
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// FuzzNormalize checks that Normalize never panics, that what it accepts is a normalized fixed
// point within the length limit, and that refusals always carry a reason.
func FuzzNormalize(f *testing.F) {
	for _, tc := range accepted {
		f.Add(tc.in)
	}
	for _, tc := range refused {
		if len(tc.in) < 200 {
			f.Add(tc.in)
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, opts := range []sourceurl.Options{{}, {AllowLoopback: true}} {
			got, err := sourceurl.Normalize(in, opts)
			if err != nil {
				if sourceurl.Reason(err) == "" {
					t.Fatalf("Normalize(%q) refused without a reason: %v", in, err)
				}
				continue
			}
			if len(got) > models.MaxSourceURLLength {
				t.Fatalf("Normalize(%q) = %q, longer than the limit", in, got)
			}
			again, err := sourceurl.Normalize(got, opts)
			if err != nil || again != got {
				t.Fatalf("Normalize(%q) = %q but Normalize(%q) = %q, %v", in, got, got, again, err)
			}
		}
	})
}

// Host names at and just past the DNS lengths (MaxHostLabelLength, MaxHostNameLength), counted in
// octets of the punycode form, without the trailing dot.
func TestHostNameLengths(t *testing.T) {
	label := func(n int) string { return strings.Repeat("a", n) }
	// 63+1+63+1+63+1+57+4 = 253 octets.
	name253 := label(63) + "." + label(63) + "." + label(63) + "." + label(57) + ".com"
	// A Unicode label whose punycode form is 64 octets ("xn--" + 60): 56 'a' and one 'ü'.
	unicode64 := strings.Repeat("a", 56) + "ü"
	if len(name253) != sourceurl.MaxHostNameLength {
		t.Fatalf("the edge name has %d octets", len(name253))
	}
	for _, tc := range []struct {
		host   string
		reason string // "" accepted
	}{
		{label(sourceurl.MaxHostLabelLength) + ".com", ""},
		{label(sourceurl.MaxHostLabelLength+1) + ".com", "has a host name label longer than 63 characters"},
		{"example." + label(sourceurl.MaxHostLabelLength+1), "has a host name label longer than 63 characters"},
		{name253, ""},
		{name253 + ".", ""}, // the trailing dot is not counted
		{"a" + name253, "has a host name longer than 253 characters"},
		{strings.Repeat("a.", 127) + "com", "has a host name longer than 253 characters"}, // 257
		{unicode64 + ".de", "has a host name label longer than 63 characters"},
		{unicode64[1:] + ".de", ""},
	} {
		t.Run(shorten(tc.host), func(t *testing.T) {
			got, err := sourceurl.Normalize("https://"+tc.host+"/", sourceurl.Options{})
			if tc.reason == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if host := strings.TrimSuffix(strings.TrimPrefix(got, "https://"), "/"); len(host) > sourceurl.MaxHostNameLength {
					t.Errorf("accepted a %d-octet host", len(host))
				}
				return
			}
			if r := sourceurl.Reason(err); r != tc.reason {
				t.Errorf("got %q, %v; want refused: %s", got, err, tc.reason)
			}
		})
	}
}

// TestAnyHostKeepsSyntaxRules: a snapshot location (never fetched) may name an intranet host, but
// the syntax rules and the normalization still apply.
func TestAnyHostKeepsSyntaxRules(t *testing.T) {
	opts := sourceurl.Options{AnyHost: true}
	for in, want := range map[string]string{
		"HTTP://Intranet/App#x":      "http://intranet/App",
		"http://127.0.0.1:8080/a":    "http://127.0.0.1:8080/a",
		"https://wiki.corp:443/page": "https://wiki.corp/page",
	} {
		if got, err := sourceurl.Normalize(in, opts); err != nil || got != want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"file:///etc/passwd", "http://user@wiki.corp/", "javascript:alert(1)"} {
		if _, err := sourceurl.Normalize(in, opts); err == nil {
			t.Errorf("Normalize(%q) accepted", in)
		}
	}
}

// BenchmarkNormalize is one createPageImport's normalization of a plain public URL (the harness's
// shape) and of one whose host and path need work.
func BenchmarkNormalize(b *testing.B) {
	for name, raw := range map[string]string{
		"Plain":   "https://example.com/bench/3/17?t=1764536400000000000",
		"Unicode": " HTTPS://Bücher.Example.COM:443/a b/ä?q=ä#frag ",
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sourceurl.Normalize(raw, sourceurl.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
