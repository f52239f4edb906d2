package capture

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// TestIsPublicAddress holds the worker's address check to the cases the API's sourceUrl rules
// are held to (netpolicy/testdata/addresses.txt), and the guarded dialer to the same verdicts.
func TestIsPublicAddress(t *testing.T) {
	f, err := os.Open("../../netpolicy/testdata/addresses.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dialer := guardedDialer(false, time.Second)
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		addr, want, _ := strings.Cut(line, " ")
		ip := netip.MustParseAddr(addr)
		if got := IsPublicAddress(ip); got != (want == "public") {
			t.Errorf("IsPublicAddress(%s) = %v, want %v (%s)", addr, got, want == "public", want)
		}
		if want != "public" {
			// The dialer's check refuses before any packet leaves.
			err := dialer.Control("tcp", netip.AddrPortFrom(ip, 443).String(), nil)
			if !errors.Is(err, ErrPrivateAddress) {
				t.Errorf("guarded dialer on %s (%s): %v, want ErrPrivateAddress", addr, want, err)
			}
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d shared cases read", n)
	}
}

// TestEgressProxy drives the proxy as Chromium does (absolute-form GET for http, CONNECT for
// https) against a loopback server.
func TestEgressProxy(t *testing.T) {
	t.Parallel()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "hello from loopback")
	}))
	t.Cleanup(target.Close)
	for _, tc := range []struct {
		name         string
		allowPrivate bool
		wantStatus   int
	}{
		{"GuardOn_LoopbackRefused", false, http.StatusForbidden},
		{"LocalSwitchOn_LoopbackAllowed", true, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, err := startEgressProxy(tc.allowPrivate)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			proxyURL, _ := url.Parse(p.URL())
			client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxyURL)}}
			resp, err := client.Get(target.URL + "/page")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.wantStatus {
				t.Errorf("GET through proxy: %d, want %d", resp.StatusCode, tc.wantStatus)
			}
			if refused := resp.Header.Get(proxyErrorHeader) == proxyErrRefused; refused != (tc.wantStatus == http.StatusForbidden) {
				t.Errorf("refusal header present = %v", refused)
			}

			conn, err := net.Dial("tcp", proxyURL.Host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			host := strings.TrimPrefix(target.URL, "http://")
			fmt.Fprintf(conn, "CONNECT %s HTTP/1.1\r\nHost: %s\r\n\r\n", host, host)
			br := bufio.NewReader(conn)
			cresp, err := http.ReadResponse(br, &http.Request{Method: http.MethodConnect})
			if err != nil {
				t.Fatal(err)
			}
			if cresp.StatusCode != tc.wantStatus {
				t.Fatalf("CONNECT through proxy: %d, want %d", cresp.StatusCode, tc.wantStatus)
			}
			if cresp.StatusCode != http.StatusOK {
				return
			}
			// The tunnel carries a plain HTTP exchange to the target.
			fmt.Fprintf(conn, "GET /tunnel HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host)
			tresp, err := http.ReadResponse(br, nil)
			if err != nil || tresp.StatusCode != http.StatusOK {
				t.Fatalf("request through the tunnel: %v, %v", tresp, err)
			}
		})
	}
}
