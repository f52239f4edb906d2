package capture

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// The settled state (docs/workers.md "Settling"). A page is captured as a visitor sees it once it
// has come to rest, not in the middle of its entrance effects: after the load, the ready selector,
// the network and the images, the capture
//   - finishes every finite CSS animation, CSS transition and Web Animation (Animation.finish:
//     the end state, so a hero that fades in and slides up is recorded at opacity 1 and its
//     resting position), and pauses every infinite one at its start (a warning);
//   - pauses playing <video> and <audio>;
//   - repeats this until the page has been quiet for SettleQuiet (nothing moving, no DOM change,
//     no one-shot timer due within the budget, no fetch or XMLHttpRequest in flight: pending.js,
//     added to every document at its start, records them), at most Timeouts.Settle; a page still
//     changing then is captured as it is, with a warning. So a table or chart a script draws with
//     setTimeout(…, 1500) after the load is in the capture; setInterval timers and timers that a
//     timer sets again and again (from pendingMaxGeneration on) are not waited for;
//   - then cancels the page's pending timers and animation-frame callbacks, so carousels and
//     tickers stay where they are while the DOM is read and the screenshot is taken.
// Before the screenshot the finishing and pausing run once more (for anything the DOM read
// started), bounded by SettleQuiet plus a second.

//go:embed settle.js
var settleJS string

// pendingJS defines window.__c2dPending, the tracker of the page's one-shot timers and requests;
// it is added to every document before the page's own scripts run (renderTab).
//
//go:embed pending.js
var pendingJS string

// Settling bounds that are not configuration.
const (
	// SettleQuiet is how long the page must stay quiet (no moving animation, no DOM change) to
	// count as settled.
	SettleQuiet = 300 * time.Millisecond
	// settleMaxTimerIDs bounds how many of the newest timer and animation-frame ids are cancelled
	// when the page is frozen.
	settleMaxTimerIDs = 100000
	// pendingMaxGeneration is the generation (pending.js MAX_GENERATION) from which a timer set
	// by a timer callback is no longer waited for: a timer set outside any timer callback is of
	// generation 1, one its callback sets of generation 2, and so on.
	pendingMaxGeneration = 3
	// settleEvalSlack is added to the settle budget to bound the evaluation itself.
	settleEvalSlack = 5 * time.Second
)

// Settling is what the capture did to bring the page to rest; it is recorded in the capture's
// diagnostics (DocumentNotes.Diagnostics.Settle).
type Settling struct {
	// Settled is false when the page was still changing when the budget ran out.
	Settled bool `json:"settled"`
	// WaitedMS is how long settling took, in milliseconds.
	WaitedMS int `json:"waited_ms"`
	// AnimationsFinished counts finite animations and transitions brought to their end.
	AnimationsFinished int `json:"animations_finished"`
	// AnimationsPaused counts infinite animations paused at their start.
	AnimationsPaused int `json:"animations_paused"`
	// AnimationsMoving counts animations still moving when the budget ran out (then paused).
	AnimationsMoving int `json:"animations_moving"`
	// MediaPaused counts <video> and <audio> elements that were playing.
	MediaPaused int `json:"media_paused"`
	// DOMChanges counts DOM mutation records seen while settling.
	DOMChanges int `json:"dom_changes"`
	// WaitedForTimers is true when a one-shot timer of the page due within the budget kept the
	// page from counting as quiet at some point.
	WaitedForTimers bool `json:"waited_for_timers"`
	// TimersDue is true when the budget ran out with a one-shot timer still due.
	TimersDue bool `json:"timers_due"`
	// RequestsInFlight counts the fetch and XMLHttpRequest requests still in flight when the
	// budget ran out.
	RequestsInFlight int `json:"requests_in_flight"`
}

// settlePage brings the page to rest within budget (see above).
func settlePage(ctx context.Context, budget time.Duration) (Settling, error) {
	ctx, cancel := context.WithTimeout(ctx, budget+settleEvalSlack)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](settleJS)); err != nil {
		return Settling{}, fmt.Errorf("install settle helpers: %w", err)
	}
	expr := fmt.Sprintf("window.__c2dSettle(%d, %d, %d)", budget.Milliseconds(), SettleQuiet.Milliseconds(), settleMaxTimerIDs)
	s, err := chromedp.Run(ctx, chromedp.Evaluate[Settling](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return Settling{}, fmt.Errorf("settle page: %w", err)
	}
	return s, nil
}

// add sums a second settling pass into s.
func (s Settling) add(o Settling) Settling {
	s.Settled = s.Settled && o.Settled
	s.WaitedMS += o.WaitedMS
	s.AnimationsFinished += o.AnimationsFinished
	s.AnimationsPaused += o.AnimationsPaused
	s.AnimationsMoving += o.AnimationsMoving
	s.MediaPaused += o.MediaPaused
	s.DOMChanges += o.DOMChanges
	s.WaitedForTimers = s.WaitedForTimers || o.WaitedForTimers
	s.TimersDue = s.TimersDue || o.TimersDue
	s.RequestsInFlight += o.RequestsInFlight
	return s
}

// DefaultSettleTimeout is the settle budget when Timeouts.Settle is not set
// (CAPTURE_SETTLE_TIMEOUT's default).
const DefaultSettleTimeout = 5 * time.Second

// pendingScript is pendingJS with its bounds filled in.
func pendingScript() string {
	return strings.Replace(pendingJS, "__C2D_MAX_GENERATION__", strconv.Itoa(pendingMaxGeneration), 1)
}
