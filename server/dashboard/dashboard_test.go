package dashboard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func testHandler(t *testing.T, origins ...string) *Handler {
	t.Helper()
	h, err := newHandler(fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>x</title>")},
		"assets/app-ABC123.js":  {Data: []byte("console.log(1)")},
		"assets/app-ABC123.css": {Data: []byte("body{}")},
	}, origins)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(t *testing.T, h http.Handler, method, target, host string) *http.Response {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	if host != "" {
		r.Host = host
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func TestServesAssetsWithLongCacheAndIndexWithout(t *testing.T) {
	h := testHandler(t, "http://127.0.0.1:4566/code2des-artifacts/x?X-Amz-Signature=abc")
	for _, tc := range []struct {
		path, status, cache, ctype, body string
	}{
		{"/dashboard/assets/app-ABC123.js", "200", AssetCacheControl, "text/javascript; charset=utf-8", "console.log(1)"},
		{"/dashboard/assets/app-ABC123.css", "200", AssetCacheControl, "text/css; charset=utf-8", "body{}"},
		{"/dashboard/", "200", IndexCacheControl, "text/html; charset=utf-8", "<!doctype html><title>x</title>"},
		{"/dashboard/projects/1/imports?status=FAILED", "200", IndexCacheControl, "text/html; charset=utf-8", "<!doctype html><title>x</title>"},
		{"/dashboard/code2des/0190", "200", IndexCacheControl, "text/html; charset=utf-8", "<!doctype html><title>x</title>"},
		{"/dashboard/assets/app-MISSING.js", "404", "", "", ""},
		{"/dashboard/assets/../index.html", "404", "", "", ""},
	} {
		res := get(t, h, http.MethodGet, tc.path, "api.example.com")
		body, _ := io.ReadAll(res.Body)
		if got := res.Status[:3]; got != tc.status {
			t.Errorf("%s: status %s, want %s", tc.path, res.Status, tc.status)
			continue
		}
		if tc.status != "200" {
			continue
		}
		if res.Header.Get("Cache-Control") != tc.cache || res.Header.Get("Content-Type") != tc.ctype || string(body) != tc.body {
			t.Errorf("%s: Cache-Control %q, Content-Type %q, body %q; want %q, %q, %q", tc.path,
				res.Header.Get("Cache-Control"), res.Header.Get("Content-Type"), body, tc.cache, tc.ctype, tc.body)
		}
		want := "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: http://127.0.0.1:4566; connect-src 'self' ws://api.example.com; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
		if got := res.Header.Get("Content-Security-Policy"); got != want {
			t.Errorf("%s: policy\n%s\nwant\n%s", tc.path, got, want)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", tc.path)
		}
	}
}

func TestRedirectsBareprefixAndRefusesOtherMethods(t *testing.T) {
	h := testHandler(t)
	res := get(t, h, http.MethodGet, "/dashboard", "")
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != Prefix {
		t.Errorf("GET /dashboard: %s to %q; want 301 to %s", res.Status, res.Header.Get("Location"), Prefix)
	}
	res = get(t, h, http.MethodPost, "/dashboard/", "")
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %s, Allow %q; want 405 with GET, HEAD", res.Status, res.Header.Get("Allow"))
	}
}

func TestPolicyWebSocketSourceOnlyForAPlainHost(t *testing.T) {
	h := testHandler(t, "javascript:alert(1)", "https://bucket.s3.us-east-1.amazonaws.com/k?sig", "http://a b/")
	if got := h.Policy("api.example.com", true); !strings.Contains(got, "connect-src 'self' wss://api.example.com;") ||
		!strings.Contains(got, "img-src 'self' data: https://bucket.s3.us-east-1.amazonaws.com;") {
		t.Errorf("policy %q: want wss of the host and only the valid storage origin", got)
	}
	long := strings.Repeat("a", MaxHostLength)
	for host, want := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:8080": true, long: true, long + "a": false,
		"evil.com; script-src *": false, "": false, "a'b": false,
	} {
		got := strings.Contains(h.Policy(host, false), "connect-src 'self' ws://")
		if got != want {
			t.Errorf("host %q: WebSocket source %v, want %v", host, got, want)
		}
	}
}
