// Package sourceurl normalizes and checks the sourceUrl of a Page Import (SPEC §4). It is the one
// place the rule lives: createPageImport calls Normalize, and nothing else parses user URLs.
//
// Normalization: surrounding spaces trimmed; scheme and host lowercased; an internationalized host
// converted to its ASCII (punycode) form through UTS #46 mapping; a trailing dot of the host
// dropped; IP literals written in their canonical form (dotted decimal for IPv4, RFC 5952 for
// IPv6); the default port dropped and other ports written without leading zeros; an empty path
// becomes "/"; the fragment removed; characters that are not allowed in a path or query
// percent-encoded. Normalize(Normalize(x)) == Normalize(x) for every accepted x (a fuzz test
// checks it).
//
// Refusals: anything but absolute http and https URLs with a host; user info; control characters
// and backslashes; local names (localhost, *.local, *.internal, single-label names, ...); IP literals
// in any spelling a browser accepts (dotted, decimal, hex, octal, shortened, IPv4-mapped or
// -embedded IPv6: NAT64, 6to4, SIIT) that fall in loopback, private, link-local (including the
// 169.254.169.254 metadata address), unique-local, CGNAT, multicast, documentation, benchmarking or
// reserved ranges (the table of package netpolicy, shared with the capture worker's egress guard);
// URLs longer than models.MaxSourceURLLength after normalization.
//
// A host name that resolves to a private address (DNS rebinding) cannot be caught here without a
// DNS lookup at a different time than the capture; the capture worker must check the addresses it
// connects to (see docs/decisions.md).
package sourceurl

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/netpolicy"
)

// MaxInputLength bounds the raw input, in bytes, before any parsing, so a huge string costs
// nothing. It is larger than models.MaxSourceURLLength because a fragment, spaces or a Unicode host
// may shrink in normalization; the normalized URL must then fit models.MaxSourceURLLength.
const MaxInputLength = 4 * models.MaxSourceURLLength

// Host name lengths no resolver accepts past (RFC 1035 §2.3.4, RFC 1123 §2.1), counted in octets
// of the ASCII (punycode) form without the trailing dot: a name past them could never be
// captured, so it is refused at creation rather than failed by the worker.
const (
	// MaxHostLabelLength is the longest label of a host name, in octets.
	MaxHostLabelLength = 63
	// MaxHostNameLength is the longest host name, in octets (255 on the wire, less the length
	// octet of the first label and the root label).
	MaxHostNameLength = 253
)

// Options change what Normalize accepts.
type Options struct {
	// AllowLoopback accepts loopback hosts (127.0.0.0/8, ::1, localhost and *.localhost) so a local
	// stack can import pages it serves itself. Local and test use only: it is the
	// ALLOW_LOOPBACK_SOURCES setting, off by default. Private and metadata ranges stay refused.
	AllowLoopback bool
	// AnyHost skips the host rules (local names, non-public addresses) and keeps only the syntax
	// rules and the normalization. It is for a URL that is recorded but never fetched: the
	// Snapshot-Content-Location of an uploaded MHTML snapshot, which may well be an
	// intranet page. Never use it for a URL a worker will load.
	AnyHost bool
}

// Error is a refused URL. Reason is a short, client-safe sentence.
type Error struct {
	Reason string
}

func (e *Error) Error() string { return "sourceUrl " + e.Reason }

func refuse(reason string) error { return &Error{Reason: reason} }

// Reason returns the refusal reason of err, or "" when err is not a refusal.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// Normalize returns the normalized form of raw, or an *Error saying why it is refused.
func Normalize(raw string, opts Options) (string, error) {
	if len(raw) > MaxInputLength {
		return "", refuse("is longer than " + strconv.Itoa(models.MaxSourceURLLength) + " characters")
	}
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", refuse("is empty")
	}
	if !utf8.ValidString(s) {
		return "", refuse("is not valid UTF-8")
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return "", refuse("contains a control character")
		}
	}
	// Browsers read a backslash in the authority or path of an http(s) URL as a slash; Go does not.
	// Refusing it avoids reading a different host than the capture browser would.
	beforeQuery := s
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		beforeQuery = s[:i]
	}
	if strings.Contains(beforeQuery, "\\") {
		return "", refuse("contains a backslash")
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", refuse("is not a valid URL")
	}
	switch u.Scheme {
	case "http", "https":
	case "":
		return "", refuse("must be an absolute URL starting with http:// or https://")
	default:
		return "", refuse("must use http or https")
	}
	if u.Opaque != "" || u.Host == "" {
		return "", refuse("must have a host")
	}
	if u.User != nil {
		return "", refuse("must not contain user info")
	}

	host, err := normalizeHost(u.Hostname(), opts)
	if err != nil {
		return "", err
	}
	port, err := normalizePort(u.Scheme, u.Port())
	if err != nil {
		return "", err
	}
	out := url.URL{Scheme: u.Scheme, Host: host, Path: u.Path, RawPath: u.RawPath}
	if port != "" {
		out.Host += ":" + port
	}
	escapedPath := out.EscapedPath()
	if escapedPath == "" {
		escapedPath = "/"
	}
	norm := u.Scheme + "://" + out.Host + escapeLoose(escapedPath, false)
	if u.RawQuery != "" || u.ForceQuery {
		norm += "?" + escapeLoose(u.RawQuery, true)
	}
	if len(norm) > models.MaxSourceURLLength {
		return "", refuse("is longer than " + strconv.Itoa(models.MaxSourceURLLength) + " characters")
	}
	return norm, nil
}

// normalizePort checks the port and drops it when it is the scheme's default.
// "host:" with no digits means the default port (WHATWG).
func normalizePort(scheme, port string) (string, error) {
	if port == "" {
		return "", nil
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return "", refuse("has an invalid port")
	}
	if (scheme == "http" && n == 80) || (scheme == "https" && n == 443) {
		return "", nil
	}
	return strconv.Itoa(n), nil
}

// escapeLoose percent-encodes every byte that may not appear literally in a path (or query): spaces,
// quotes, angle brackets, non-ASCII bytes and so on, and a '%' not followed by two hex digits. Valid
// escapes and allowed characters are kept as they are, so the function is idempotent.
func escapeLoose(s string, query bool) string {
	const hexDigits = "0123456789ABCDEF"
	// Most URLs need no escaping: return s itself then, not a copy.
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			i += 3
			continue
		}
		if c == '%' || !allowedLiteral(c, query) {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
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

func isHex(c byte) bool {
	return ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}

// allowedLiteral reports the RFC 3986 pchar set (unreserved, sub-delims, ':' and '@') plus '/', and
// '?' in a query.
func allowedLiteral(c byte, query bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@', '/':
		return true
	case '?':
		return query
	}
	return false
}

// normalizeHost lowercases and IDNA-maps the host, then refuses local names and non-public IP
// literals. It returns the host as it goes into the URL (IPv6 in brackets).
func normalizeHost(h string, opts Options) (string, error) {
	if h == "" {
		return "", refuse("must have a host")
	}
	if strings.Contains(h, ":") { // an IPv6 literal (url.Parse only allows ':' inside brackets)
		addr, err := netip.ParseAddr(h)
		if err != nil || addr.Zone() != "" {
			return "", refuse("has an invalid IPv6 address")
		}
		if err := checkAddr(addr, opts); err != nil {
			return "", err
		}
		return "[" + addr.String() + "]", nil
	}
	ascii, err := idna.Lookup.ToASCII(h)
	if err != nil {
		return "", refuse("has an invalid host name")
	}
	// The ASCII form must be a fixed point, or normalizing twice would differ (e.g. a label that
	// maps to an invalid punycode label). A host the mapping left as it was is one already
	// (ToASCII(h) == h), so only a changed host is mapped again.
	if ascii != h {
		if again, err := idna.Lookup.ToASCII(ascii); err != nil || again != ascii {
			return "", refuse("has an invalid host name")
		}
	}
	ascii = strings.TrimSuffix(ascii, ".")
	if ascii == "" {
		return "", refuse("must have a host")
	}
	if len(ascii) > MaxHostNameLength {
		return "", refuse("has a host name longer than " + strconv.Itoa(MaxHostNameLength) + " characters")
	}
	labels := strings.Split(ascii, ".")
	for _, l := range labels {
		if l == "" {
			return "", refuse("has an empty label in its host name")
		}
		if len(l) > MaxHostLabelLength {
			return "", refuse("has a host name label longer than " + strconv.Itoa(MaxHostLabelLength) + " characters")
		}
	}
	// WHATWG URL: a host whose last label is a number is an IPv4 address, in any of the forms
	// browsers accept (decimal, octal, hex, fewer than four parts), or invalid.
	if endsInNumber(labels[len(labels)-1]) {
		addr, ok := parseWHATWGIPv4(labels)
		if !ok {
			return "", refuse("has an invalid IPv4 address")
		}
		if err := checkAddr(addr, opts); err != nil {
			return "", err
		}
		return addr.String(), nil
	}
	if err := checkName(ascii, labels, opts); err != nil {
		return "", err
	}
	return ascii, nil
}

// localSuffixes are names that resolve only inside a host or a private network: RFC 6761
// (localhost), RFC 6762 (local), RFC 8375 (home.arpa), ICANN's reserved "internal" (which covers
// metadata.google.internal), and common private-network suffixes.
var localSuffixes = []string{
	"localhost", "local", "localdomain", "internal", "intranet", "lan", "home", "corp", "private",
	"home.arpa", "arpa",
}

func checkName(name string, labels []string, opts Options) error {
	if opts.AnyHost {
		return nil
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		if opts.AllowLoopback {
			return nil
		}
		return refuse("must not point to a local host")
	}
	if len(labels) < 2 {
		return refuse("must have a fully qualified public host name")
	}
	for _, s := range localSuffixes {
		if name == s || hasLabelSuffix(name, s) {
			return refuse("must not point to a local or internal host")
		}
	}
	return nil
}

// hasLabelSuffix reports whether name ends in "." + suffix (without building that string).
func hasLabelSuffix(name, suffix string) bool {
	n := len(name) - len(suffix)
	return n > 0 && name[n-1] == '.' && name[n:] == suffix
}

func endsInNumber(label string) bool {
	if label == "" {
		return false
	}
	if isDigits(label) {
		return true
	}
	if hexPart, ok := cutHexPrefix(label); ok {
		for i := 0; i < len(hexPart); i++ {
			if !isHex(hexPart[i]) {
				return false
			}
		}
		return true
	}
	return false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func cutHexPrefix(s string) (string, bool) {
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:], true
	}
	return "", false
}

// parseWHATWGIPv4 implements the WHATWG IPv4 parser: up to four parts, each decimal, octal (leading
// 0) or hex (0x); every part but the last fits a byte, the last fills the remaining bytes.
func parseWHATWGIPv4(parts []string) (netip.Addr, bool) {
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return netip.Addr{}, false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

func parseIPv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base, digits := 10, p
	if h, ok := cutHexPrefix(p); ok {
		base, digits = 16, h
		if digits == "" {
			return 0, true // "0x" is zero in WHATWG
		}
	} else if len(p) > 1 && p[0] == '0' {
		base, digits = 8, p[1:]
	}
	if len(digits) > 32 { // far past 2^32 in any base; avoid big parses
		return 0, false
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil || n > 0xffffffff {
		return 0, false
	}
	return n, true
}

const (
	reasonLoopback  = "must not point to a loopback address"
	reasonPrivate   = "must not point to a private address"
	reasonLinkLocal = "must not point to a link-local or metadata address"
	reasonCGNAT     = "must not point to a shared (CGNAT) address"
	reasonMulticast = "must not point to a multicast address"
	reasonReserved  = "must not point to a reserved or non-routable address"
)

// reasons are the client-facing reasons of netpolicy's classes.
var reasons = map[netpolicy.Class]string{
	netpolicy.Loopback: reasonLoopback, netpolicy.Private: reasonPrivate, netpolicy.LinkLocal: reasonLinkLocal,
	netpolicy.CGNAT: reasonCGNAT, netpolicy.Multicast: reasonMulticast, netpolicy.Reserved: reasonReserved,
}

// checkAddr refuses non-public addresses. The ranges, and the IPv6 forms that embed an IPv4
// address, are netpolicy's: the same table the capture worker's egress guard refuses.
func checkAddr(a netip.Addr, opts Options) error {
	if opts.AnyHost {
		return nil
	}
	r, refused := netpolicy.Refused(a)
	if !refused || (opts.AllowLoopback && r.Class == netpolicy.Loopback) {
		return nil
	}
	return refuse(reasons[r.Class])
}
