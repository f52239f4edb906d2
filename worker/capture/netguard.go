package capture

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"syscall"
	"time"

	"github.com/code2des/backend/netpolicy"
)

// ErrPrivateAddress is returned when a page or one of its resources resolves to an address the
// worker must not reach: loopback, private, link-local (cloud metadata), unique-local, CGNAT,
// multicast or otherwise reserved, also when embedded in an IPv6 form (the table of package
// netpolicy, which the API's sourceUrl rules use too, SPEC §4).
var ErrPrivateAddress = errors.New("address is in a private or reserved network")

// IsPublicAddress reports whether ip may be fetched by the worker with the local-only switch off:
// netpolicy refuses none of its ranges for it. IPv6 forms that carry an IPv4 address (mapped,
// SIIT, NAT64, 6to4) are judged as the IPv4 address they carry; IPv4-compatible and Teredo
// addresses are refused whole.
func IsPublicAddress(ip netip.Addr) bool { return netpolicy.IsPublic(ip) }

// guardedDialer dials TCP and, unless allowPrivate, refuses connections to non-public addresses.
// The check runs on the resolved address right before connecting, so a name that resolves to a
// private address (or rebinds to one) is refused too.
func guardedDialer(allowPrivate bool, timeout time.Duration) *net.Dialer {
	d := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			ip, err := netip.ParseAddr(host)
			if err != nil || !IsPublicAddress(ip) {
				return fmt.Errorf("dial %s: %w", address, ErrPrivateAddress)
			}
			return nil
		}
	}
	return d
}

// CheckHost resolves the host of rawURL and returns ErrPrivateAddress if any of its addresses is
// not public. It lets the worker fail a job with a clear message before starting the browser; the
// egress proxy enforces the same rule on every connection the browser makes.
func CheckHost(ctx context.Context, rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("parse URL: %w", err)
	}
	host := u.Hostname()
	if ip, err := netip.ParseAddr(host); err == nil {
		if !IsPublicAddress(ip) {
			return ErrPrivateAddress
		}
		return nil
	}
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", host, err)
	}
	for _, a := range addrs {
		if !IsPublicAddress(a) {
			return ErrPrivateAddress
		}
	}
	return nil
}

// egressProxy is the HTTP proxy on loopback that every connection of the browser goes through
// (Chromium runs with --proxy-server and without the implicit loopback bypass). It dials with the
// guarded dialer, so the page, its redirects and its subresources can reach only public addresses
// unless the local-only switch is on.
type egressProxy struct {
	srv      *http.Server
	listener net.Listener
	dialer   *net.Dialer
	rp       *httputil.ReverseProxy
}

// proxyErrorHeader marks the proxy's own answers (403 for a refused address, 502 for an unreachable
// host), so the worker can tell them from a site's 403 or 502.
const proxyErrorHeader = "X-Capture-Proxy-Error"

// Values of proxyErrorHeader.
const (
	proxyErrRefused     = "private-address"
	proxyErrUnreachable = "unreachable"
)

// proxyDialTimeout bounds each connection the proxy opens for the browser.
const proxyDialTimeout = 10 * time.Second

func startEgressProxy(allowPrivate bool) (*egressProxy, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("egress proxy: listen: %w", err)
	}
	p := &egressProxy{listener: l, dialer: guardedDialer(allowPrivate, proxyDialTimeout)}
	transport := &http.Transport{
		DialContext:           p.dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       30 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
	}
	p.rp = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL = pr.In.URL
			pr.Out.Host = pr.In.Host
		},
		Transport: transport,
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			if errors.Is(err, ErrPrivateAddress) {
				w.Header().Set(proxyErrorHeader, proxyErrRefused)
				http.Error(w, "refused: private address", http.StatusForbidden)
				return
			}
			w.Header().Set(proxyErrorHeader, proxyErrUnreachable)
			http.Error(w, "upstream unreachable", http.StatusBadGateway)
		},
	}
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = p.srv.Serve(l) }()
	return p, nil
}

// URL is the proxy's address for --proxy-server.
func (p *egressProxy) URL() string { return "http://" + p.listener.Addr().String() }

func (p *egressProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodConnect {
		if !r.URL.IsAbs() {
			http.Error(w, "proxy needs an absolute URL", http.StatusBadRequest)
			return
		}
		p.rp.ServeHTTP(w, r)
		return
	}
	upstream, err := p.dialer.DialContext(r.Context(), "tcp", r.Host)
	if err != nil {
		status := http.StatusBadGateway
		if errors.Is(err, ErrPrivateAddress) {
			status = http.StatusForbidden
		}
		http.Error(w, http.StatusText(status), status)
		return
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		upstream.Close()
		http.Error(w, "cannot tunnel", http.StatusInternalServerError)
		return
	}
	client, buf, err := hj.Hijack()
	if err != nil {
		upstream.Close()
		return
	}
	_, _ = client.Write([]byte("HTTP/1.1 200 Connection Established\r\n\r\n"))
	// Bytes the client sent after the CONNECT head are already buffered.
	if n := buf.Reader.Buffered(); n > 0 {
		head, _ := buf.Reader.Peek(n)
		_, _ = upstream.Write(head)
	}
	go pipe(client, upstream)
}

// pipe copies both ways until either side closes, then closes both.
func pipe(a, b net.Conn) {
	done := make(chan struct{}, 2)
	cp := func(dst, src net.Conn) {
		_, _ = io.Copy(dst, src)
		done <- struct{}{}
	}
	go cp(a, b)
	go cp(b, a)
	<-done
	a.Close()
	b.Close()
	<-done
}

// Close stops the proxy and its tunnels.
func (p *egressProxy) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := p.srv.Shutdown(ctx)
	if err != nil {
		_ = p.srv.Close()
	}
	return err
}
