package capture

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// JavaScript dialogs (alert, confirm, prompt, beforeunload) stop the page's script, its parser
// and every evaluation until someone answers them; a headless tab has no one. The capture answers
// each dialog at once (docs/workers.md "JavaScript dialogs"): alert, confirm and prompt are
// dismissed, as a visitor closing them would (confirm returns false, prompt null), and
// beforeunload is accepted, so a page that navigates itself, and closing the tab, never wait.

// dialogAnswerer answers the dialogs of one tab and counts them.
type dialogAnswerer struct {
	count atomic.Int64
}

// answerDialogs starts answering every dialog tabCtx's page opens, until tabCtx ends. It must be
// called before the navigation, so no dialog is missed.
func answerDialogs(tabCtx context.Context) *dialogAnswerer {
	d := &dialogAnswerer{}
	events := chromedp.Events(tabCtx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			d.count.Add(1)
			accept := ev.Type == page.DialogTypeBeforeunload
			// An error means the dialog is already gone (the page closed or navigated).
			_, _ = chromedp.Call(tabCtx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept})
		}
	}()
	return d
}

// Count is how many dialogs the page opened so far.
func (d *dialogAnswerer) Count() int { return int(d.count.Load()) }

// withDialogCount adds to a page error how many dialogs the page opened, so a page that opens
// dialogs in a loop and never finishes loading says why ("the page did not finish loading within
// 30s (it opened 412 JavaScript dialogs)").
func withDialogCount(err error, n int) error {
	var pe *PageError
	if n == 0 || !errors.As(err, &pe) {
		return err
	}
	noun := "dialogs"
	if n == 1 {
		noun = "dialog"
	}
	return &PageError{Code: pe.Code, Message: fmt.Sprintf("%s (it opened %d JavaScript %s)", pe.Message, n, noun), Err: pe.Err}
}
