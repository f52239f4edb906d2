package capture

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
)

// netLog follows the tab's network events: requests in flight (for "network settled") and which
// request served each URL (to read image bytes back without downloading them again).
type netLog struct {
	mu         sync.Mutex
	inflight   map[network.RequestID]struct{}
	lastChange time.Time
	urlToID    map[string]network.RequestID
	mime       map[network.RequestID]string
	status     map[network.RequestID]int64
	finished   map[network.RequestID]bool
	// proxyErr holds the egress proxy's error header of a response it answered itself.
	proxyErr map[network.RequestID]string
}

func newNetLog() *netLog {
	return &netLog{
		inflight: map[network.RequestID]struct{}{}, lastChange: time.Now(),
		urlToID: map[string]network.RequestID{}, mime: map[network.RequestID]string{},
		status: map[network.RequestID]int64{}, finished: map[network.RequestID]bool{},
		proxyErr: map[network.RequestID]string{},
	}
}

// handle runs on chromedp's reader goroutine: it must be quick and must not call the browser.
func (l *netLog) handle(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Request == nil || strings.HasPrefix(ev.Request.URL, "data:") {
			return
		}
		l.inflight[ev.RequestID] = struct{}{}
		l.lastChange = time.Now()
		l.urlToID[ev.Request.URL] = ev.RequestID
		delete(l.finished, ev.RequestID)
	case *network.EventResponseReceived:
		if ev.Response == nil {
			return
		}
		l.urlToID[ev.Response.URL] = ev.RequestID
		l.mime[ev.RequestID] = ev.Response.MimeType
		l.status[ev.RequestID] = ev.Response.Status
		if e := header(ev.Response.Headers, proxyErrorHeader); e != "" {
			l.proxyErr[ev.RequestID] = e
		}
	case *network.EventLoadingFinished:
		delete(l.inflight, ev.RequestID)
		l.finished[ev.RequestID] = true
		l.lastChange = time.Now()
	case *network.EventLoadingFailed:
		delete(l.inflight, ev.RequestID)
		l.lastChange = time.Now()
	}
}

// finishedResponse returns the request that served url, if it finished with a 2xx status.
func (l *netLog) finishedResponse(url string) (network.RequestID, string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.urlToID[url]
	if !ok || !l.finished[id] {
		return "", "", false
	}
	if s := l.status[id]; s < 200 || s >= 300 {
		return "", "", false
	}
	return id, l.mime[id], true
}

// answered returns the HTTP status of the response that served url (its fragment ignored), and
// whether the egress proxy answered it itself (a refused or unreachable address); 0 when no
// response was seen.
func (l *netLog) answered(url string) (status int64, byProxy bool) {
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url = url[:i]
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.urlToID[url]
	if !ok {
		return 0, false
	}
	return l.status[id], l.proxyErr[id] != ""
}

// inFlight counts the requests in flight.
func (l *netLog) inFlight() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.inflight)
}

// waitIdle waits until no request has been in flight for networkQuiet, at most timeout. It
// reports whether the network settled.
func (l *netLog) waitIdle(ctx context.Context, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		l.mu.Lock()
		idle := len(l.inflight) == 0 && time.Since(l.lastChange) >= networkQuiet
		l.mu.Unlock()
		if idle {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
}
