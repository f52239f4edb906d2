package capture

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestIsPublicAddress(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.216.34": true, "8.8.8.8": true, "2606:4700::1111": true,
		"127.0.0.1": false, "127.255.255.254": false, "::1": false,
		"10.0.0.1": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fd00:ec2::254": false, "fc00::1": false,
		"100.64.0.1": false, "100.127.255.255": false, "100.128.0.0": true, "100.63.255.255": true,
		"0.0.0.0": false, "255.255.255.255": false, "224.0.0.1": false, "ff02::1": false, "::": false,
		"::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false, "::ffff:93.184.216.34": true,
		"64:ff9b::7f00:1": false, "198.18.0.1": false, "192.0.2.1": false,
	} {
		if got := IsPublicAddress(netip.MustParseAddr(addr)); got != want {
			t.Errorf("IsPublicAddress(%s) = %v, want %v", addr, got, want)
		}
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
