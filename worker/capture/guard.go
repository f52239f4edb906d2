package capture

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// A page is untrusted input (docs/workers.md "Page failures"). The guard of a job's tab turns what
// a page can do to the browser into an answer for the job, at once, and leaves the browser, and
// so the worker's other jobs, as they were:
//
//   - a renderer that crashes (out of memory past its ceiling, memory.go; a bug; chrome://crash)
//     sends Inspector.targetCrashed: the job fails within a second with PAGE_CRASHED;
//   - a tab that goes away (the page closed its own window) fails with PAGE_CLOSED;
//   - a main thread that never yields (a script in an endless loop) stops answering
//     Runtime.evaluate: from the page's first response on, a heartbeat asks every
//     heartbeatInterval, and when an answer is later than Timeouts.Unresponsive the job fails with
//     PAGE_UNRESPONSIVE, well within the load budget (each of these while the dark theme is
//     read, after everything else, only leaves it unread: renderTab);
//   - navigations of the main frame other than the ones the capture asked for (its load, the
//     dark theme's second load, allowNavigation, and their HTTP redirects) are refused (Fetch
//     interception of documents): a page that reloads itself, sends itself elsewhere in a loop,
//     or follows a meta refresh is captured as it first loaded, with the warning
//     NAVIGATION_BLOCKED, and the capture's helpers are never lost to a new document.
//     Frames other than the main one navigate freely. A snapshot capture's page is held to the
//     same rule by the archive server, which intercepts all of its requests (admit).
//
// Each failure cancels the tab's parent context with the *PageError as its cause (render reads
// it with context.Cause), so whatever DevTools step was waiting returns at once.

// heartbeatInterval is how often the guard asks the page's main thread for an answer.
const heartbeatInterval = 500 * time.Millisecond

// DefaultUnresponsiveTimeout is Timeouts.Unresponsive when none is set: how long the page's main
// thread may go without answering before the job fails (PAGE_UNRESPONSIVE).
const DefaultUnresponsiveTimeout = 10 * time.Second

// Messages of the failures the guard sees (docs/workers.md "Page failures").
const (
	msgPageCrashed = "the page crashed; it may use too much memory"
	msgPageClosed  = "the page closed its own window before it was captured"
)

// tabGuard watches one job's tab (see above).
type tabGuard struct {
	tabCtx    context.Context
	fail      context.CancelCauseFunc
	mainFrame cdp.FrameID

	heartbeatOnce sync.Once
	budget        time.Duration
	// lastAnswer is when the main thread last answered (unix ns; 0 before the heartbeat);
	// ownSteps counts the capture's own steps running.
	lastAnswer atomic.Int64
	ownSteps   atomic.Int32
	// blocked counts the main-frame navigations refused.
	blocked atomic.Int64

	mu sync.Mutex
	// allowed are the Fetch ids of the capture's own navigation and its redirects; network is
	// that navigation's network request id.
	allowed map[fetch.RequestID]bool
	network network.RequestID
	// expect is the address (without its fragment) the next navigation of the capture's own goes
	// to (allowNavigation); "" for the first load, whose first document request is its own.
	expect string
	// mainResponse is the last response of a main-frame document: what the address served.
	mainResponse *network.Response
}

// guardOptions say what the guard does on a tab.
type guardOptions struct {
	// Unresponsive is the longest the main thread may go without answering.
	Unresponsive time.Duration
	// InterceptDocuments makes the guard intercept document requests itself (Fetch) to refuse
	// main-frame navigations after the first one. False for snapshot captures: the archive
	// server intercepts every request and asks the guard (admit) about documents
	// (snapshot_serve.go).
	InterceptDocuments bool
}

// guardTab starts guarding tabCtx's tab; fail cancels the tab's parent context with a cause. It
// must be called before the navigation.
func guardTab(tabCtx context.Context, fail context.CancelCauseFunc, o guardOptions) (*tabGuard, error) {
	c := chromedp.FromContext(tabCtx)
	if c == nil || c.Target == nil {
		return nil, fmt.Errorf("guard tab: %w", chromedp.ErrInvalidContext)
	}
	if o.Unresponsive <= 0 {
		o.Unresponsive = DefaultUnresponsiveTimeout
	}
	g := &tabGuard{tabCtx: tabCtx, fail: fail, budget: o.Unresponsive, mainFrame: cdp.FrameID(c.Target.TargetID), allowed: map[fetch.RequestID]bool{}}
	paused := make(chan *fetch.EventRequestPaused, 64)
	if err := chromedp.Listen(tabCtx, func(ev any) {
		switch ev := ev.(type) {
		case *inspector.EventTargetCrashed:
			fail(&PageError{Code: CodePageCrashed, Message: msgPageCrashed})
		case *network.EventResponseReceived:
			if ev.Type == network.ResourceTypeDocument && ev.FrameID == g.mainFrame && ev.Response != nil {
				g.mu.Lock()
				g.mainResponse = ev.Response
				g.mu.Unlock()
				// The page's renderer runs from its first response on: from then its main
				// thread must answer.
				g.heartbeatOnce.Do(func() { go g.heartbeat(o.Unresponsive) })
			}
		case *fetch.EventRequestPaused:
			select {
			case paused <- ev:
			case <-tabCtx.Done():
			}
		}
	}); err != nil {
		return nil, fmt.Errorf("guard tab: %w", err)
	}
	detached, err := chromedp.Detached(tabCtx)
	if err != nil {
		return nil, fmt.Errorf("guard tab: %w", err)
	}
	go func() {
		select {
		case <-detached:
			fail(&PageError{Code: CodePageClosed, Message: msgPageClosed})
		case <-tabCtx.Done():
		}
	}()
	err = chromedp.Do(tabCtx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, inspector.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if !o.InterceptDocuments {
			return nil
		}
		_, err := cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
			{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageRequest},
		}})
		return err
	}))
	if err != nil {
		return nil, fmt.Errorf("guard tab: %w", err)
	}
	if o.InterceptDocuments {
		go g.answerDocuments(paused)
	}
	return g, nil
}

// answerDocuments lets the capture's own navigations (the first main-frame document request, the
// one allowNavigation names, and their redirects) and every other frame's documents through, and
// refuses every other main-frame navigation as aborted: the page stays as it is.
func (g *tabGuard) answerDocuments(paused <-chan *fetch.EventRequestPaused) {
	for {
		var ev *fetch.EventRequestPaused
		select {
		case ev = <-paused:
		case <-g.tabCtx.Done():
			return
		}
		// An error means the request is gone already (the tab closed).
		if g.admit(ev) {
			_, _ = chromedp.Call(g.tabCtx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
			continue
		}
		_, _ = chromedp.Call(g.tabCtx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonAborted})
	}
}

// admit says whether a paused request may go on: every request but a main-frame document, and of
// those the capture's own navigations (the first one, then the one allowNavigation names) and
// their HTTP redirects. A refused one is counted (Blocked). The guard's own Fetch interception
// (URL captures) and the archive server (snapshot captures, which intercept every request
// themselves) both ask it.
func (g *tabGuard) admit(ev *fetch.EventRequestPaused) bool {
	if ev.ResourceType != network.ResourceTypeDocument || ev.FrameID != g.mainFrame {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	allow := false
	switch {
	case len(g.allowed) == 0 && (g.expect == "" || ev.Request == nil || withoutFragment(ev.Request.URL) == g.expect):
		allow = true
		g.network = ev.NetworkID
	case g.allowed[ev.RedirectedRequestID], ev.NetworkID != "" && ev.NetworkID == g.network:
		allow = true
	}
	if !allow {
		g.blocked.Add(1)
		return false
	}
	g.allowed[ev.RequestID] = true
	return true
}

// allowNavigation lets the next main-frame document request for url (its fragment aside) through
// as the capture's own navigation (and its redirects), as the first one was: the dark theme's
// second load (themes.go). A navigation the page starts meanwhile, to any address, is still
// refused.
func (g *tabGuard) allowNavigation(url string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.allowed = map[fetch.RequestID]bool{}
	g.network = ""
	g.expect = withoutFragment(url)
}

// withoutFragment is u without its #fragment, which a request's URL never has.
func withoutFragment(u string) string {
	before, _, _ := strings.Cut(u, "#")
	return before
}

// heartbeat asks the main thread for an answer every heartbeatInterval, and fails the job when
// none came for longer than budget while no step of the capture's own was running. The
// capture's own synchronous steps (the DOM read) keep the main thread busy too; while one runs,
// its own timeout governs, and a step that times out while the heartbeat has had no answer for
// longer than budget is the page's unresponsiveness too (within, render.go).
func (g *tabGuard) heartbeat(budget time.Duration) {
	g.answered(time.Now())
	go func() {
		for g.tabCtx.Err() == nil {
			if _, err := chromedp.Call(g.tabCtx, runtime.Evaluate, runtime.EvaluateParams{Expression: "0", Silent: ptr(true)}); err == nil {
				g.answered(time.Now())
			}
			select {
			case <-g.tabCtx.Done():
			case <-time.After(heartbeatInterval):
			}
		}
	}()
	tick := time.NewTicker(heartbeatInterval)
	defer tick.Stop()
	for {
		select {
		case <-g.tabCtx.Done():
			return
		case <-tick.C:
		}
		if g.ownSteps.Load() == 0 && g.silentFor() > budget {
			g.fail(g.unresponsive(budget))
			return
		}
	}
}

func (g *tabGuard) unresponsive(budget time.Duration) error {
	return &PageError{Code: CodePageUnresponsive, Message: fmt.Sprintf(
		"the page stopped responding: its scripts kept the browser busy for more than %s", budget)}
}

func (g *tabGuard) answered(t time.Time) { g.lastAnswer.Store(t.UnixNano()) }

// silentFor is how long the main thread has not answered (0 before the heartbeat started).
func (g *tabGuard) silentFor() time.Duration {
	last := g.lastAnswer.Load()
	if last == 0 {
		return 0
	}
	return time.Since(time.Unix(0, last))
}

// ownStep marks a step of the capture's own as running until the returned function is called.
// The main thread's silence while it ran is not held against the page: the clock restarts when
// it ends.
func (g *tabGuard) ownStep() (end func()) {
	g.ownSteps.Add(1)
	return func() {
		if g.lastAnswer.Load() != 0 {
			g.answered(time.Now())
		}
		g.ownSteps.Add(-1)
	}
}

// stepTimedOut returns the failure of a step that ran past its timeout: the page's
// unresponsiveness when the main thread has not answered for longer than its budget, else nil.
func (g *tabGuard) stepTimedOut() error {
	if g.silentFor() > g.budget {
		return g.unresponsive(g.budget)
	}
	return nil
}

type guardKey struct{}

// withGuard returns ctx carrying g, for within.
func withGuard(ctx context.Context, g *tabGuard) context.Context {
	return context.WithValue(ctx, guardKey{}, g)
}

func guardOf(ctx context.Context) *tabGuard {
	g, _ := ctx.Value(guardKey{}).(*tabGuard)
	return g
}

// Blocked is how many main-frame navigations the guard refused.
func (g *tabGuard) Blocked() int { return int(g.blocked.Load()) }

// notAWebPage returns the failure of an address that served no web page, judged from the main
// frame's last document response: a download (Content-Disposition: attachment) or a type other
// than HTML, XHTML or SVG (a PDF, an image, plain text, ...). nil when it is a web page, when no
// successful response was seen, or when the response was an error (navigate reports those).
func (g *tabGuard) notAWebPage() error {
	g.mu.Lock()
	r := g.mainResponse
	g.mu.Unlock()
	// An error status or the egress proxy's own answer is what navigate reports.
	if r == nil || r.Status < 200 || r.Status >= 300 || header(r.Headers, proxyErrorHeader) != "" {
		return nil
	}
	if isDownload(r) {
		return pageErrorf(CodeNotAWebPage, msgDownload)
	}
	mime := strings.ToLower(r.MimeType)
	switch mime {
	case "text/html", "application/xhtml+xml", "image/svg+xml":
		return nil
	case "application/pdf":
		return pageErrorf(CodeNotAWebPage, "the address serves a PDF document, not a web page (HTML, XHTML or SVG)")
	case "":
		return pageErrorf(CodeNotAWebPage, "the address serves no content type, not a web page (HTML, XHTML or SVG)")
	}
	if strings.HasPrefix(mime, "image/") {
		return pageErrorf(CodeNotAWebPage, "the address serves an image (%s), not a web page (HTML, XHTML or SVG)", safeMIME(mime))
	}
	return pageErrorf(CodeNotAWebPage, "the address serves %s, not a web page (HTML, XHTML or SVG)", safeMIME(mime))
}

// msgDownload is the failure of an address that is a download.
const msgDownload = "the address starts a download (Content-Disposition: attachment), not a web page"

func isDownload(r *network.Response) bool {
	d := strings.TrimSpace(strings.ToLower(header(r.Headers, "Content-Disposition")))
	return strings.HasPrefix(d, "attachment")
}

// maxMIMELen bounds a content type quoted in a message.
const maxMIMELen = 80

// safeMIME keeps a content type printable and short for a user-facing message.
func safeMIME(m string) string {
	var b strings.Builder
	for _, r := range m {
		if b.Len() >= maxMIMELen {
			break
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("/+-.", r) {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "an unknown content type"
	}
	return b.String()
}
