// Package dashboard serves the built web dashboard (the embedded dashboard/dist) at Prefix:
// content-hashed assets under Prefix+"assets/" with a year-long immutable cache, every other
// path under Prefix answered with index.html, never cached (the dashboard routes in the browser),
// and on every answer a Content-Security-Policy that lets the page load only from the API's own
// origin and talk only to it (its /graphql over HTTP and WebSocket), with images also from the
// artifact storage the presigned screenshot URLs point at, and data: URLs (the inlined diff map).
package dashboard

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	assets "github.com/code2des/backend/dashboard"
)

const (
	// Prefix is where the API serves the dashboard.
	Prefix = "/dashboard/"
	// AssetCacheControl is the Cache-Control of a content-hashed asset: its name changes with its bytes.
	AssetCacheControl = "public, max-age=31536000, immutable"
	// IndexCacheControl is the Cache-Control of index.html, which names the current assets.
	IndexCacheControl = "no-cache"
	// MaxHostLength bounds the Host header written into the policy's WebSocket source; a longer
	// or odd one gets no WebSocket source (the page then has no live updates, nothing else breaks).
	MaxHostLength = 255
)

// Handler serves the dashboard. imageOrigins are the origins (scheme://host[:port]) of the
// presigned URLs the API gives for screenshots, allowed as image sources; malformed ones are
// dropped. connectOrigins are the sign-in's origins the page may fetch from (the issuer and the
// user pool domain, docs/signin.md), likewise checked.
type Handler struct {
	files          fs.FS
	index          []byte
	imageSources   string
	connectSources string
}

// New returns the handler of the embedded build.
func New(imageOrigins []string, connectOrigins ...string) (*Handler, error) {
	files, err := fs.Sub(assets.Dist, "dist")
	if err != nil {
		return nil, err
	}
	return newHandler(files, imageOrigins, connectOrigins...)
}

func newHandler(files fs.FS, imageOrigins []string, connectOrigins ...string) (*Handler, error) {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, err
	}
	h := &Handler{files: files, index: index}
	for _, o := range imageOrigins {
		if src := origin(o); src != "" {
			h.imageSources += " " + src
		}
	}
	for _, o := range connectOrigins {
		if src := origin(o); src != "" {
			h.connectSources += " " + src
		}
	}
	return h, nil
}

// origin returns the origin (scheme://host[:port]) of an http(s) URL with a valid host, or "" for
// anything else.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || !validHost(u.Host) {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// validHost accepts a host[:port] of letters, digits and . - : [ ] only (a DNS name, an IPv4 or
// a bracketed IPv6 address), which cannot break out of a policy source.
func validHost(h string) bool {
	if h == "" || len(h) > MaxHostLength {
		return false
	}
	for _, c := range []byte(h) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '-', c == ':', c == '[', c == ']':
		default:
			return false
		}
	}
	return true
}

// Policy returns the Content-Security-Policy for a request that reached the API at host over TLS
// or not: scripts, styles and fetches from 'self' only, the WebSocket of the same host, images
// from 'self', data: and the storage origins, nothing framed, no plugins, no <base>.
func (h *Handler) Policy(host string, tls bool) string {
	connect := "'self'"
	if validHost(host) {
		scheme := "ws://"
		if tls {
			scheme = "wss://"
		}
		connect += " " + scheme + host
	}
	connect += h.connectSources
	return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:" + h.imageSources +
		"; connect-src " + connect + "; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}

// ServeHTTP answers GET and HEAD under Prefix (405 otherwise); a request for Prefix without its
// slash is redirected to it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == strings.TrimSuffix(Prefix, "/") {
		http.Redirect(w, r, Prefix, http.StatusMovedPermanently)
		return
	}
	hd := w.Header()
	hd.Set("Content-Security-Policy", h.Policy(r.Host, r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"))
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")

	rest := strings.TrimPrefix(r.URL.Path, Prefix)
	if strings.HasPrefix(rest, "assets/") {
		name := path.Clean(rest)
		if !strings.HasPrefix(name, "assets/") || !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		body, err := fs.ReadFile(h.files, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		ct := mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			ct = "application/octet-stream"
		}
		hd.Set("Content-Type", ct)
		hd.Set("Cache-Control", AssetCacheControl)
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
		return
	}
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", IndexCacheControl)
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(h.index))
}
