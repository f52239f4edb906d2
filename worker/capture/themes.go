package capture

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// MaxDarkSchemeRules bounds the style rules looked through for a prefers-color-scheme: dark
// rule (in document order, nested ones counted): a dark block past it is not seen.
const MaxDarkSchemeRules = 5000

// MaxDarkColorElements bounds the recorded elements whose dark colours are read (the first ones
// in document order): an element past it keeps its light colours in both modes.
const MaxDarkColorElements = 20000

// darkScheme is the media feature the dark theme is read under (Media Queries 5,
// prefers-color-scheme).
var darkScheme = emulation.MediaFeature{Name: "prefers-color-scheme", Value: "dark"}

// readDarkTheme records the page's dark theme when it has one (facts.js hasDarkScheme: a
// prefers-color-scheme: dark rule or a root color-scheme offering dark): with the preference
// emulated, the root's custom properties as facts.js reads them in the page's own scheme, added
// to doc as dark_custom_properties, and the text, background and border colours, box-shadows
// and gradient background-images of the recorded elements (the first MaxDarkColorElements) that
// differ from their light ones, added
// as dark_colors when there are any (facts.js darkColors). A page without a dark theme is asked nothing more and doc
// comes back unchanged. It runs after the screenshot, so nothing else is taken under the
// emulation, which is always switched off again. A theme that cannot be read (or one that would
// take the document past MaxDocumentBytes) leaves doc as it was and returns why: the dark values
// are an addition, never a reason to fail the capture (DARK_THEME_UNREAD).
func readDarkTheme(ctx context.Context, doc json.RawMessage) (out json.RawMessage, err error) {
	has, err := evaluate[bool](ctx, factTimeout, "look for a dark theme", fmt.Sprintf("window.__c2dFacts.hasDarkScheme(%d)", MaxDarkSchemeRules))
	if err != nil || !has {
		return doc, err
	}
	err = within(ctx, factTimeout, "read the dark theme", func(ctx context.Context) error {
		defer func() {
			// The page's own preference again, whatever the read did, then its transitions.
			_ = emulateMedia(ctx, emulation.MediaFeature{Name: darkScheme.Name, Value: ""})
			_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__c2dFacts.restoreTransitions()"))
		}()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf("window.__c2dFacts.readLightColors(%d)", MaxDarkColorElements))); err != nil {
			return err
		}
		if err := emulateMedia(ctx, darkScheme); err != nil {
			return err
		}
		props, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.rootCustomProperties()"))
		if err != nil {
			return err
		}
		colors, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage]("window.__c2dFacts.darkColors()"))
		if err != nil {
			return err
		}
		// The document's bound holds for the reads together (a dark block can declare values
		// the light read never saw).
		if len(doc)+len(props)+len(colors) > MaxDocumentBytes {
			return fmt.Errorf("the dark theme takes the document past %d MiB", MaxDocumentBytes>>20)
		}
		if out, err = withMember(doc, "dark_custom_properties", props); err != nil {
			return err
		}
		if string(colors) != "[]" {
			out, err = withMember(out, "dark_colors", colors)
		}
		return err
	})
	if err != nil {
		return doc, fmt.Errorf("read the dark theme: %w", err)
	}
	return out, nil
}

// emulateMedia sets one emulated media feature of the tab (an empty value switches it off).
func emulateMedia(ctx context.Context, f emulation.MediaFeature) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{&f}})
		return err
	}))
}
