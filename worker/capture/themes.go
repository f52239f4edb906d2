package capture

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// schemeJS notes whether the page's scripts ask for the visitor's colour scheme (scheme.js), added
// to every document before its own scripts.
//
//go:embed scheme.js
var schemeJS string

// MaxDarkSchemeRules bounds the style rules looked through for a prefers-color-scheme: dark
// rule (in document order, nested ones counted): a dark block past it is not seen.
const MaxDarkSchemeRules = 5000

// MaxDarkColorElements bounds the recorded elements whose dark colours are read (the first ones
// in document order): an element past it keeps its light colours in both modes.
const MaxDarkColorElements = 20000

// darkScheme is the media feature the dark theme is read under (Media Queries 5,
// prefers-color-scheme); ownScheme switches its emulation off (the page's own preference).
var (
	darkScheme = emulation.MediaFeature{Name: "prefers-color-scheme", Value: "dark"}
	ownScheme  = emulation.MediaFeature{Name: "prefers-color-scheme", Value: ""}
)

// MinReloadMatchShare is the share of located elements (those of the first MaxDarkColorElements
// not in a closed shadow root) a second load of the page must hold at the same place with the
// same tag name for its dark colours to be taken (readReloadedDarkTheme): a page that loads
// otherwise (other content, another order) keeps its light theme only (DARK_THEME_UNREAD).
const MinReloadMatchShare = 0.9

// reloadMatched says whether found of total located elements meet MinReloadMatchShare (a page
// with none located has nothing to compare and is not matched).
func reloadMatched(found, total int) bool {
	return total > 0 && float64(found) >= MinReloadMatchShare*float64(total)
}

// reloadStorageTypes are what the second load starts without, as the first did in its fresh
// browser context: a page's remembered scheme (Pico's switcher keeps it in localStorage) must not
// pin the light one, nor may a service worker the first load registered answer the second. The
// tab's sessionStorage, which DevTools does not clear by origin, is cleared by the page
// (readReloadedDarkTheme).
var reloadStorageTypes = strings.Join([]string{string(storage.TypeCookies), string(storage.TypeLocalStorage),
	string(storage.TypeIndexeddb), string(storage.TypeCacheStorage), string(storage.TypeServiceWorkers)}, ",")

// SecondLoadMargin is the job's time the dark theme's second load leaves for what follows it
// (storing the artifacts): the second load ends that long before the job's deadline, a load
// still under way then is given up (DARK_THEME_UNREAD), and with no more than that left none is
// tried.
const SecondLoadMargin = 30 * time.Second

// secondLoadEnd is when the second load of a job whose deadline is deadline must end
// (SecondLoadMargin before it); ok false when that is not after now.
func secondLoadEnd(deadline, now time.Time) (end time.Time, ok bool) {
	end = deadline.Add(-SecondLoadMargin)
	return end, end.After(now)
}

// secondLoad loads the job's page again in its tab (the dark theme's second load): load navigates
// and prepares the page as the first load was (its helpers, ready selector, network and
// settling); deadline is the job's (zero for none).
type secondLoad struct {
	load     func(context.Context) error
	deadline time.Time
}

// readDarkTheme records the page's dark theme when it has one (facts.js hasDarkScheme: a
// prefers-color-scheme: dark rule, a root color-scheme offering dark, or a script that asked for
// the colour scheme, scheme.js). First in place: with the preference emulated, the root's custom
// properties as facts.js reads them in the page's own scheme, added to doc as
// dark_custom_properties, and the text, background and border colours, box-shadows and gradient
// background-images of the recorded elements (the first MaxDarkColorElements) that differ from
// their light ones, added as dark_colors when there are any (facts.js darkColors). When the
// emulation changes nothing and a script asked for the colour scheme, the page chose its scheme
// when it loaded (a script that sets data-theme or a dark class from matchMedia, as Pico's does),
// and second loads it again under the preference (readReloadedDarkTheme); style sheets alone
// follow the emulation, so a page whose script never asked is not loaded again. A page without a
// dark theme is asked nothing more and doc comes back unchanged. It runs last, after the
// screenshot and the states, so nothing else is taken under the emulation (or from the second
// load); the emulation is always switched off again. A theme that cannot be read (or one that
// would take the document past MaxDocumentBytes) leaves doc as it was and returns why: the dark
// values are an addition, never a reason to fail the capture (DARK_THEME_UNREAD).
func readDarkTheme(ctx context.Context, doc json.RawMessage, second secondLoad) (out json.RawMessage, err error) {
	has, err := evaluate[bool](ctx, factTimeout, "look for a dark theme", fmt.Sprintf("window.__c2dFacts.hasDarkScheme(%d)", MaxDarkSchemeRules))
	if err != nil || !has {
		return doc, err
	}
	var props, colors, unread json.RawMessage
	changed, asked := false, false
	err = within(ctx, factTimeout, "read the dark theme", func(ctx context.Context) error {
		defer func() {
			// The page's own preference again, whatever the read did, then its transitions.
			_ = emulateMedia(ctx, ownScheme)
			_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__c2dFacts.restoreTransitions()"))
		}()
		light, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.rootCustomProperties()"))
		if err != nil {
			return err
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf("window.__c2dFacts.readLightColors(%d)", MaxDarkColorElements))); err != nil {
			return err
		}
		if err := emulateMedia(ctx, darkScheme); err != nil {
			return err
		}
		if props, err = chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.rootCustomProperties()")); err != nil {
			return err
		}
		if colors, err = chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.darkColors()")); err != nil {
			return err
		}
		changed = string(colors) != "[]" || !bytes.Equal(light, props)
		asked, err = chromedp.Run(ctx, chromedp.Evaluate[bool]("!!(window.__c2dScheme && window.__c2dScheme.asked)"))
		return err
	})
	if err == nil && !changed && asked {
		props, colors, unread, err = readReloadedDarkTheme(ctx, second)
	}
	if err == nil {
		out, err = withDarkTheme(doc, props, colors, unread)
	}
	if err != nil {
		return doc, fmt.Errorf("read the dark theme: %w", err)
	}
	return out, nil
}

// withDarkTheme adds the dark reads to doc: dark_custom_properties always, dark_colors when
// there are any, and dark_colors_unread (the indexes of the elements whose dark colours a second
// load could not read) when there are any. The document's bound holds for the reads together (a
// dark block can declare values the light read never saw).
func withDarkTheme(doc, props, colors, unread json.RawMessage) (json.RawMessage, error) {
	if len(doc)+len(props)+len(colors)+len(unread) > MaxDocumentBytes {
		return nil, fmt.Errorf("the dark theme takes the document past %d MiB", MaxDocumentBytes>>20)
	}
	out, err := withMember(doc, "dark_custom_properties", props)
	if err == nil && string(colors) != "[]" {
		out, err = withMember(out, "dark_colors", colors)
	}
	if err == nil && len(unread) > 0 && string(unread) != "[]" {
		out, err = withMember(out, "dark_colors_unread", unread)
	}
	return out, err
}

// reloadTimeout bounds the reads around the second load (locating the elements, clearing the
// page's storage, the dark colours); the load itself is bounded by the capture's load timeout.
const reloadTimeout = 2 * factTimeout

// darkLoad is what facts.js reloadedDarkColors returns: dark_colors entries, how many of the
// total located elements the second load held where they were, and the indexes of the elements
// whose dark colours it could not read.
type darkLoad struct {
	Colors json.RawMessage `json:"colors"`
	Found  int             `json:"found"`
	Total  int             `json:"total"`
	Unread json.RawMessage `json:"unread"`
}

// readReloadedDarkTheme loads the page a second time with the dark preference emulated from the
// start, as a first visit again (its origin's storage cleared, reloadStorageTypes, and its
// sessionStorage), and reads the root's custom properties and the dark colours of the recorded
// elements, found by their place in the tree (facts.js themeForReload, reloadedDarkColors). A
// second load that holds fewer than MinReloadMatchShare of them where they were is refused, and
// it ends SecondLoadMargin before the job's deadline. The tab then holds the second load, so
// this is the capture's last step.
func readReloadedDarkTheme(tabCtx context.Context, second secondLoad) (props, colors, unread json.RawMessage, err error) {
	ctx := tabCtx
	if !second.deadline.IsZero() {
		end, ok := secondLoadEnd(second.deadline, time.Now())
		if !ok {
			return nil, nil, nil, fmt.Errorf("the page chose its scheme when it loaded, and too little of the job's time is left to load it again")
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(tabCtx, end)
		defer cancel()
	}
	var located json.RawMessage
	if err := within(ctx, reloadTimeout, "locate the elements for the dark load", func(ctx context.Context) (err error) {
		if located, err = chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](fmt.Sprintf("window.__c2dFacts.themeForReload(%d)", MaxDarkColorElements))); err != nil {
			return err
		}
		origin, err := chromedp.Run(ctx, chromedp.Evaluate[string]("(() => { try { sessionStorage.clear(); } catch (e) {} return location.origin; })()"))
		if err != nil || origin == "null" {
			return err
		}
		_, err = chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: reloadStorageTypes})
		return err
	}); err != nil {
		return nil, nil, nil, err
	}
	defer func() {
		// The tab holds the second load from here on: the preference is switched off within a
		// step of its own, never waiting on a load given up at the margin.
		_ = within(tabCtx, factTimeout, "switch the dark preference off", func(ctx context.Context) error {
			return emulateMedia(ctx, ownScheme)
		})
	}()
	if err := emulateMedia(ctx, darkScheme); err != nil {
		return nil, nil, nil, err
	}
	if err := second.load(ctx); err != nil {
		if ctx.Err() != nil && tabCtx.Err() == nil {
			return nil, nil, nil, fmt.Errorf("the second load under the dark preference did not finish %s before the job's deadline", SecondLoadMargin)
		}
		return nil, nil, nil, fmt.Errorf("load the page under the dark preference: %w", err)
	}
	var read darkLoad
	if err := within(ctx, reloadTimeout, "read the dark load", func(ctx context.Context) (err error) {
		if props, err = chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.rootCustomProperties()")); err != nil {
			return err
		}
		read, err = chromedp.Run(ctx, chromedp.Evaluate[darkLoad]("window.__c2dFacts.reloadedDarkColors("+string(located)+")"))
		return err
	}); err != nil {
		return nil, nil, nil, err
	}
	if !reloadMatched(read.Found, read.Total) {
		return nil, nil, nil, fmt.Errorf("the page loaded otherwise under the dark preference (%d of %d elements where they were)", read.Found, read.Total)
	}
	return props, read.Colors, read.Unread, nil
}

// emulateMedia sets one emulated media feature of the tab (an empty value switches it off).
func emulateMedia(ctx context.Context, f emulation.MediaFeature) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{&f}})
		return err
	}))
}
