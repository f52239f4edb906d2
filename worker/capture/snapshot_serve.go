package capture

import (
	"context"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/mhtml"
)

// Serving a snapshot with no network. Two fences, either one enough on its own:
//   - Fetch interception on the tab: every request the page makes (the document, style sheets,
//     images, fonts, frames of the same process, fetches of the capture's own helpers) is paused
//     and either fulfilled from the archive or failed; none is ever continued to the network;
//   - the job's browser context uses the refusing proxy below instead of the egress proxy, so a
//     request that escapes interception (an out-of-process frame, a bug) meets a proxy that
//     answers 403 to everything and connects nowhere; loopback included ("<-loopback>").
//
// Page scripts do not run by default: every HTML document served from the archive carries a
// Content-Security-Policy that forbids scripts, plugins and workers (snapshotCSP). The snapshot
// is the rendered DOM already; running its scripts would only let it change itself or try the
// network. CAPTURE_SNAPSHOT_SCRIPTS=true serves snapshotScriptsCSP instead (scripts run, plugins
// and workers still not); the network stays refused. The capture's own helpers are evaluated through the DevTools protocol, which the
// policy does not govern.

// snapshotCSP is the Content-Security-Policy of every HTML document served from a snapshot.
const snapshotCSP = "script-src 'none'; object-src 'none'; worker-src 'none'; base-uri 'none'"

// snapshotScriptsCSP is snapshotCSP with page scripts allowed (Config.SnapshotScripts).
const snapshotScriptsCSP = "object-src 'none'; worker-src 'none'; base-uri 'none'"

// MaxMissingListed bounds how many missing resource URLs the capture warning names.
const MaxMissingListed = 5

// WarnSnapshotMissing: resources the snapshot's page asked for that are not in the archive;
// they stay missing (nothing is fetched).
const WarnSnapshotMissing = "SNAPSHOT_RESOURCES_MISSING"

// archiveServer answers a tab's requests from one archive.
type archiveServer struct {
	a *mhtml.Archive
	// rootURL is the navigation URL (fragment stripped); it always serves the archive's page.
	rootURL string
	// csp is the Content-Security-Policy of HTML parts.
	csp string
	// guard decides on the page's main-frame document requests (guard.go).
	guard *tabGuard

	mu      sync.Mutex
	missing map[string]bool
	served  int
}

// serveArchive starts answering every request of the tab of tabCtx from a. pageURL is the URL the
// tab will navigate to; scripts lets page scripts run; guard refuses the page's own main-frame
// navigations after the first (a meta refresh, a reload), as for a capture by URL. Call it before
// navigating.
func serveArchive(tabCtx context.Context, a *mhtml.Archive, pageURL string, scripts bool, guard *tabGuard) (*archiveServer, error) {
	s := &archiveServer{a: a, rootURL: stripFragment(pageURL), csp: snapshotCSP, missing: map[string]bool{}, guard: guard}
	if scripts {
		s.csp = snapshotScriptsCSP
	}
	paused := make(chan *fetch.EventRequestPaused, 256)
	if err := chromedp.Listen(tabCtx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			// The handler must not block or call the browser; a full channel is served by a
			// goroutine of its own.
			select {
			case paused <- e:
			default:
				go s.answer(tabCtx, e)
			}
		}
	}); err != nil {
		return nil, fmt.Errorf("listen for requests: %w", err)
	}
	go func() {
		for {
			select {
			case <-tabCtx.Done():
				return
			case e := <-paused:
				go s.answer(tabCtx, e)
			}
		}
	}()
	err := chromedp.Do(tabCtx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*", RequestStage: fetch.RequestStageRequest}}})
		return err
	}))
	if err != nil {
		return nil, fmt.Errorf("intercept requests: %w", err)
	}
	return s, nil
}

// answer fulfils one paused request from the archive or fails it. Errors of the browser (the tab
// closing meanwhile) leave nothing to do.
func (s *archiveServer) answer(tabCtx context.Context, e *fetch.EventRequestPaused) {
	if s.guard != nil && !s.guard.admit(e) {
		_, _ = chromedp.Call(tabCtx, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonAborted})
		return
	}
	part := s.lookup(e.Request.URL)
	_ = chromedp.Do(tabCtx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if part == nil {
			s.noteMissing(e.Request.URL)
			_, err := cdp.Call(ctx, tg, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			return err
		}
		s.mu.Lock()
		s.served++
		s.mu.Unlock()
		headers := []*fetch.HeaderEntry{
			{Name: "Content-Type", Value: part.ContentType},
			{Name: "Cache-Control", Value: "no-store"},
			{Name: "Access-Control-Allow-Origin", Value: "*"},
		}
		if mt, _, _ := mime.ParseMediaType(part.ContentType); mt == "text/html" || mt == "application/xhtml+xml" {
			headers = append(headers, &fetch.HeaderEntry{Name: "Content-Security-Policy", Value: s.csp})
		}
		_, err := cdp.Call(ctx, tg, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: e.RequestID, ResponseCode: http.StatusOK, ResponseHeaders: headers, Body: part.Body,
		})
		return err
	}))
}

// lookup finds the part for a requested URL: the page for the navigation URL, else the archive's
// own lookup (http(s) locations and cid: references of this archive only).
func (s *archiveServer) lookup(rawURL string) *mhtml.Part {
	if stripFragment(rawURL) == s.rootURL {
		return s.a.Root
	}
	return s.a.Lookup(rawURL)
}

func (s *archiveServer) noteMissing(rawURL string) {
	if u, err := url.Parse(rawURL); err == nil && u.Path == "/favicon.ico" {
		return // asked for by the browser, not the page; archives do not hold it
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.missing) < MaxAssets { // bounded: a page may ask for anything, any number of times
		s.missing[stripFragment(rawURL)] = true
	}
}

// Missing returns the URLs requested but not in the archive, sorted.
func (s *archiveServer) Missing() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.missing))
	for u := range s.missing {
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}

// missingWarning is the capture warning for resources the archive lacks, or nil.
func missingWarning(missing []string) *CaptureWarning {
	if len(missing) == 0 {
		return nil
	}
	shown := missing
	if len(shown) > MaxMissingListed {
		shown = shown[:MaxMissingListed]
	}
	for i, u := range shown {
		if len(u) > 200 {
			shown[i] = u[:200] + "…"
		}
	}
	msg := fmt.Sprintf("%d resources the page asked for are not in the snapshot and stay missing (nothing is fetched): %s",
		len(missing), strings.Join(shown, ", "))
	if len(missing) > len(shown) {
		msg += ", …"
	}
	return &CaptureWarning{Code: WarnSnapshotMissing, Message: msg}
}

func stripFragment(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i]
	}
	return u
}

// refusingProxy is the proxy of snapshot browser contexts: it answers every request, CONNECT
// included, with 403 and connects nowhere. Requests counts what reached it (none should).
type refusingProxy struct {
	srv      *http.Server
	listener net.Listener
	requests atomic.Int64
}

func startRefusingProxy() (*refusingProxy, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("refusing proxy: listen: %w", err)
	}
	p := &refusingProxy{listener: l}
	p.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		p.requests.Add(1)
		w.Header().Set(proxyErrorHeader, proxyErrRefused)
		http.Error(w, "refused: a snapshot capture has no network", http.StatusForbidden)
	})}
	go func() { _ = p.srv.Serve(l) }()
	return p, nil
}

// URL is the proxy's address for Target.createBrowserContext's proxyServer.
func (p *refusingProxy) URL() string { return "http://" + p.listener.Addr().String() }

// Close stops the proxy.
func (p *refusingProxy) Close() error { return p.srv.Close() }
