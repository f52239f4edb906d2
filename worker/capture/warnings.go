package capture

import (
	"fmt"
	"math"
	"time"
)

// CaptureWarning is something about the page the capture could not record as a visitor sees
// it, listed in the capture document's "warnings" (DocumentNotes.Warnings).
type CaptureWarning struct {
	// Code is one of the Warn* codes.
	Code string `json:"code"`
	// Message says what happened, in a sentence safe to show to end users.
	Message string `json:"message"`
}

// Capture warning codes (worker/README.md).
const (
	// WarnNotSettled: the page was still changing when the settle budget ran out; it was captured
	// as it was then.
	WarnNotSettled = "PAGE_NOT_SETTLED"
	// WarnInfiniteAnimation: infinite animations were paused at their start.
	WarnInfiniteAnimation = "INFINITE_ANIMATION_PAUSED"
	// WarnDialogs: the page opened JavaScript dialogs; each was answered at once (dialogs.go).
	WarnDialogs = "JAVASCRIPT_DIALOGS"
	// WarnClosedShadowRoots: the DOM could not be read for closed shadow roots within
	// closedRootsTimeout; what they draw is missing (composed.go).
	WarnClosedShadowRoots = "CLOSED_SHADOW_ROOTS_UNREAD"
	// WarnTooDeep: elements nested deeper than MaxDocumentDepth were left out.
	WarnTooDeep = "DOCUMENT_TOO_DEEP"
	// WarnNavigationBlocked: the page tried to navigate its main frame away after the capture's
	// own navigation; it was captured as it first loaded (guard.go).
	WarnNavigationBlocked = "NAVIGATION_BLOCKED"
	// WarnScrollerExpanded: the page's document does not scroll but its main container does (an
	// app shell); the container was expanded to show its whole content, or as much of it as the
	// capture's height limit holds (page.js expandScroller).
	WarnScrollerExpanded = "SCROLLER_EXPANDED"
	// WarnNotLoaded: the page was parsed but its load event had not come within the load timeout
	// (a web font or an image whose request never finishes); it was captured as it was then.
	WarnNotLoaded = "PAGE_NOT_LOADED"
	// WarnCropsLimited: more elements than MaxCrops are drawn from the page's pixels (native
	// controls, media, embedded pages, icons and masks without a faithful vector); those past
	// the limit have no crop.
	WarnCropsLimited = "CROPS_LIMITED"
	// WarnFontsUnrecorded: the fonts that drew some text runs were not recorded (more runs than
	// MaxFontQueries, or past fontQueryTimeout); the conversion names their faces from the
	// declared families.
	WarnFontsUnrecorded = "FONTS_UNRECORDED"
	// WarnDarkThemeUnread: the page has a dark theme (prefers-color-scheme: dark rules or a
	// root color-scheme offering dark) that could not be read; the result has its light theme
	// only (themes.go).
	WarnDarkThemeUnread = "DARK_THEME_UNREAD"
	// WarnStatesLimited: more elements are styled under :hover, :focus or :focus-visible than
	// MaxStateElements (or reading them took longer than statesTimeout); the states of those
	// past it were not recorded.
	WarnStatesLimited = "STATES_LIMITED"
)

// captureWarnings lists what the capture of p should warn about, in a fixed order.
func captureWarnings(p *Page, settleBudget time.Duration) []CaptureWarning {
	out := []CaptureWarning{}
	s := p.Settling
	if p.PendingAtLoad > 0 {
		out = append(out, CaptureWarning{Code: WarnNotLoaded, Message: fmt.Sprintf(
			"the page had not finished loading after %s (%d requests still pending, such as a web font or an image); it was captured as it was then, without what they would have drawn", p.LoadTimeout, p.PendingAtLoad)})
	}
	if !s.Settled {
		out = append(out, CaptureWarning{Code: WarnNotSettled, Message: fmt.Sprintf(
			"the page was still changing after %s (%d animations moving, %d DOM changes%s); it was captured as it was then",
			settleBudget, s.AnimationsMoving, s.DOMChanges, pendingNote(s))})
	}
	if s.AnimationsPaused > 0 {
		out = append(out, CaptureWarning{Code: WarnInfiniteAnimation, Message: fmt.Sprintf(
			"%d infinite animations were paused at their start", s.AnimationsPaused)})
	}
	if p.ClosedShadowRoots < 0 {
		out = append(out, CaptureWarning{Code: WarnClosedShadowRoots, Message: fmt.Sprintf(
			"the page could not be searched for closed shadow roots within %s; their content is missing", closedRootsTimeout)})
	}
	if w := missingWarning(p.SnapshotMissing); w != nil {
		out = append(out, *w)
	}
	if p.DepthCut > 0 {
		out = append(out, CaptureWarning{Code: WarnTooDeep, Message: fmt.Sprintf(
			"the page nests elements deeper than %d levels; %d of them were left out", MaxDocumentDepth, p.DepthCut)})
	}
	if p.NavigationsBlocked > 0 {
		out = append(out, CaptureWarning{Code: WarnNavigationBlocked, Message: fmt.Sprintf(
			"the page tried to leave its address after it was opened (%d navigations refused: a reload, a redirect by script or a refresh); it was captured as it first loaded", p.NavigationsBlocked)})
	}
	if e := p.Expanded; e != nil {
		msg := fmt.Sprintf("the page scrolls inside %s, not as a document; it was expanded from %.0f to %.0f px tall to show its whole content", e.Element, e.From, e.To)
		if e.Capped {
			msg = fmt.Sprintf("the page scrolls inside %s, not as a document; it was expanded from %.0f to %.0f px tall, the capture's height limit; the last %.0f px of its %.0f px of content are left out", e.Element, e.From, e.To, math.Max(0, e.Content-e.To), e.Content)
		}
		out = append(out, CaptureWarning{Code: WarnScrollerExpanded, Message: msg})
	}
	if p.CropsOver > 0 {
		out = append(out, CaptureWarning{Code: WarnCropsLimited, Message: fmt.Sprintf(
			"%d elements drawn from the page's pixels (native controls, media, embedded pages, raster icons) are past the limit of %d crops a page; they were not cropped and the conversion draws them without their pixels", p.CropsOver, MaxCrops)})
	}
	if p.FontsUnrecorded > 0 {
		out = append(out, CaptureWarning{Code: WarnFontsUnrecorded, Message: fmt.Sprintf(
			"the fonts that drew %d text runs were not recorded (the page has more than %d, asking took longer than %s, or a run left the page); the conversion names their faces from the families the page declares", p.FontsUnrecorded, MaxFontQueries, fontQueryTimeout)})
	}
	if p.DarkThemeUnread != "" {
		out = append(out, CaptureWarning{Code: WarnDarkThemeUnread, Message: fmt.Sprintf(
			"the page has a dark theme that could not be read (%s); the result has its light theme only", p.DarkThemeUnread)})
	}
	if p.StatesOver > 0 {
		out = append(out, CaptureWarning{Code: WarnStatesLimited, Message: fmt.Sprintf(
			"%d elements styled on hover or focus are past the limit of %d a page (or of %s); their states were not recorded and their components have no state variants", p.StatesOver, MaxStateElements, statesTimeout)})
	}
	if p.DialogsAnswered > 0 {
		out = append(out, CaptureWarning{Code: WarnDialogs, Message: fmt.Sprintf(
			"the page opened %d JavaScript dialogs; each was dismissed", p.DialogsAnswered)})
	}
	return out
}

// pendingNote names the page's work still pending when settling gave up: a one-shot timer due
// and requests in flight ("" when none).
func pendingNote(s Settling) string {
	out := ""
	if s.TimersDue {
		out += ", a timer due"
	}
	if s.RequestsInFlight > 0 {
		out += fmt.Sprintf(", %d requests in flight", s.RequestsInFlight)
	}
	return out
}
