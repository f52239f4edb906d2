package capture

import (
	"context"
	_ "embed"
	"fmt"
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
//   - repeats this until the page has been quiet for SettleQuiet (nothing moving, no DOM change),
//     at most Timeouts.Settle; a page still changing then is captured as it is, with a warning;
//   - then cancels the page's pending timers and animation-frame callbacks, so carousels and
//     tickers stay where they are while the DOM is read and the screenshot is taken.
// Before the screenshot the finishing and pausing run once more (for anything the DOM read
// started), bounded by SettleQuiet plus a second.

//go:embed settle.js
var settleJS string

// Settling bounds that are not configuration.
const (
	// SettleQuiet is how long the page must stay quiet (no moving animation, no DOM change) to
	// count as settled.
	SettleQuiet = 300 * time.Millisecond
	// settleMaxTimerIDs bounds how many of the newest timer and animation-frame ids are cancelled
	// when the page is frozen.
	settleMaxTimerIDs = 100000
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
	return s
}

// DefaultSettleTimeout is the settle budget when Timeouts.Settle is not set
// (CAPTURE_SETTLE_TIMEOUT's default).
const DefaultSettleTimeout = 5 * time.Second
