package capture

import "github.com/chromedp/chromedp"

// webRTCEgressFlags keep WebRTC inside the egress guard (docs/workers.md "Egress"). The proxy sees
// only what Chromium sends through it, and WebRTC's ICE does not use the proxy for UDP: a page
// could send STUN and TURN packets over UDP to any address, private ones included. The policy
// disable_non_proxied_udp makes WebRTC use TCP through the proxy only (no UDP at all, no local
// interface addresses in candidates), so its STUN/TURN connections are CONNECT tunnels that the
// guarded dialer checks like any other. The policy is forced (the --force- switch wins over any
// preference) and applies whatever CAPTURE_ALLOW_PRIVATE_NETWORKS says: a capture never needs
// WebRTC over UDP.
var webRTCEgressFlags = []chromedp.ExecAllocatorOption{
	chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	chromedp.Flag("webrtc-ip-handling-policy", "disable_non_proxied_udp"),
}
