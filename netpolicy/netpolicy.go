// Package netpolicy is the one table of address ranges Code2Des refuses to fetch from: the API
// refuses them in a Page Import's sourceUrl (server/sourceurl, SPEC §4) and the capture worker
// refuses to connect to them (worker/capture's egress guard), so the two can never disagree.
//
// It imports only the standard library, so both the API and the workers (whose production code
// imports nothing from server/ or models/) may use it.
//
// The table holds the IANA special-purpose ranges that are not reachable public unicast: "this"
// network, loopback, private (RFC 1918, unique-local, the deprecated site-local fec0::/10),
// link-local (with the 169.254.169.254 and fd00:ec2::254 cloud metadata addresses), CGNAT,
// multicast, documentation, benchmarking and reserved. IPv6 forms that carry an IPv4 address are
// judged by that address: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (SIIT, ::ffff:0:a.b.c.d),
// NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) and 6to4 (2002:AABB:CCDD::/48). Forms whose
// IPv4 part cannot be trusted to be the destination are refused whole: IPv4-compatible (::/96,
// deprecated) and Teredo (2001::/32, which tunnels to any IPv4 host).
package netpolicy

import "net/netip"

// Class says why a range is refused.
type Class string

// Classes of refused ranges.
const (
	Loopback  Class = "loopback"
	Private   Class = "private"
	LinkLocal Class = "link-local"
	CGNAT     Class = "cgnat"
	Multicast Class = "multicast"
	Reserved  Class = "reserved"
)

// Range is one refused prefix.
type Range struct {
	Prefix netip.Prefix
	Class  Class
}

// ranges is the table; more specific prefixes come before the prefixes that contain them, so the
// first match gives the class.
var ranges = []Range{
	// IPv4 (IANA IPv4 special-purpose address registry).
	{netip.MustParsePrefix("0.0.0.0/8"), Reserved},
	{netip.MustParsePrefix("10.0.0.0/8"), Private},
	{netip.MustParsePrefix("100.64.0.0/10"), CGNAT}, // also 100.100.100.200, a metadata address
	{netip.MustParsePrefix("127.0.0.0/8"), Loopback},
	{netip.MustParsePrefix("169.254.0.0/16"), LinkLocal}, // 169.254.169.254: cloud metadata
	{netip.MustParsePrefix("172.16.0.0/12"), Private},
	{netip.MustParsePrefix("192.0.0.0/24"), Reserved},
	{netip.MustParsePrefix("192.0.2.0/24"), Reserved},
	{netip.MustParsePrefix("192.88.99.0/24"), Reserved}, // 6to4 relay anycast
	{netip.MustParsePrefix("192.168.0.0/16"), Private},
	{netip.MustParsePrefix("198.18.0.0/15"), Reserved},
	{netip.MustParsePrefix("198.51.100.0/24"), Reserved},
	{netip.MustParsePrefix("203.0.113.0/24"), Reserved},
	{netip.MustParsePrefix("224.0.0.0/4"), Multicast},
	{netip.MustParsePrefix("240.0.0.0/4"), Reserved}, // includes 255.255.255.255
	// IPv6 (IANA IPv6 special-purpose address registry).
	{netip.MustParsePrefix("::/128"), Reserved},
	{netip.MustParsePrefix("::1/128"), Loopback},
	{netip.MustParsePrefix("::/96"), Reserved}, // IPv4-compatible, deprecated
	{netip.MustParsePrefix("100::/64"), Reserved},
	{netip.MustParsePrefix("2001:db8::/32"), Reserved},
	{netip.MustParsePrefix("2001::/32"), Reserved}, // Teredo
	{netip.MustParsePrefix("fc00::/7"), Private},   // unique-local; fd00:ec2::254 is AWS metadata
	{netip.MustParsePrefix("fe80::/10"), LinkLocal},
	{netip.MustParsePrefix("fec0::/10"), Private}, // site-local, deprecated
	{netip.MustParsePrefix("ff00::/8"), Multicast},
}

// IPv6 prefixes whose addresses carry an IPv4 address, which decides.
var (
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local = netip.MustParsePrefix("64:ff9b:1::/48")
	siit       = netip.MustParsePrefix("::ffff:0:0:0/96")
	sixToFour  = netip.MustParsePrefix("2002::/16")
)

// Ranges returns a copy of the table, in order.
func Ranges() []Range { return append([]Range(nil), ranges...) }

// Refused reports whether a must not be fetched, and the range that refuses it. IPv6 forms that
// carry an IPv4 address are judged by that address (see the package comment); a zone is ignored.
// The zero Addr is refused as Reserved.
func Refused(a netip.Addr) (Range, bool) {
	if !a.IsValid() {
		return Range{Class: Reserved}, true
	}
	a = a.WithZone("")
	if a.Is4In6() {
		return Refused(a.Unmap())
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a), nat64Local.Contains(a), siit.Contains(a):
			return Refused(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToFour.Contains(a):
			return Refused(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	for _, r := range ranges {
		if r.Prefix.Contains(a) {
			return r, true
		}
	}
	return Range{}, false
}

// IsPublic reports whether a may be fetched: Refused finds no range for it.
func IsPublic(a netip.Addr) bool {
	_, refused := Refused(a)
	return !refused
}
