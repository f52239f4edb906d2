package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The fonts Chromium drew (docs/conversion.md "Fonts"): computed styles say which families a page
// asked for, not which face the browser found. page.js lists every recorded text run
// (window.__c2d.textRuns; the run's "font_ref" is its index) and the capture asks DevTools which
// platform fonts drew it (CSS.getPlatformFontsForNode on the text node: family and PostScript
// names, whether it was a web font, how many glyphs; asked of an element, it would also count
// its children's text). The answers are added to the document as "platform_fonts", indexed by
// font_ref.

const (
	// MaxFontQueries bounds the text runs whose drawn fonts are asked for (two DevTools calls
	// each); runs past it have no font_ref, and the conversion maps their declared families.
	MaxFontQueries = 5000
	// MaxFontFaces bounds the @font-face rules (document.fonts) recorded as "font_faces".
	MaxFontFaces = 500
	// MaxWebFontFiles bounds the files of loaded @font-face faces recorded as assets of kind
	// "font" (a face's "asset_id"; the self-check's preview draws web-font text with them). They
	// count against the page's asset limits like images; faces past it have no asset_id.
	MaxWebFontFiles = 32
	// fontQueryTimeout bounds all font queries of one page; past it the rest are left out.
	// MaxFontQueries runs take ~10 s on an idle machine and more than 15 s beside the parallel
	// race-enabled suite on two cores, hence 30 s (within the job's 3-minute budget).
	fontQueryTimeout = 30 * time.Second
	// fontQueryConcurrency is how many DevTools queries of fonts or pseudo-element boxes are in
	// flight at once (DevTools answers them in parallel; one at a time, 5,000 runs took ~10 s).
	fontQueryConcurrency = 8
)

// PlatformFont is one font that drew a text run (DevTools PlatformFontUsage).
type PlatformFont struct {
	// Family and PostScriptName are the names the platform reports for the face (for a web font,
	// the names inside the font file, not its @font-face family).
	Family         string `json:"family"`
	PostScriptName string `json:"postscript_name"`
	// Custom is true for a web font (downloaded or resolved through @font-face).
	Custom bool `json:"custom"`
	// Glyphs is how many glyphs it drew.
	Glyphs int `json:"glyphs"`
}

// fontObjectGroup is the DevTools object group of the font queries' handles, released after.
const fontObjectGroup = "c2d-fonts"

// drawnFonts are the fonts that drew the page's text runs (platformFonts): Fonts indexed by a
// run's font_ref, and Unrecorded, how many runs have none: past MaxFontQueries, past
// fontQueryTimeout, or whose query failed (removed from the page since).
type drawnFonts struct {
	Fonts      [][]PlatformFont
	Unrecorded int
}

// platformFonts asks DevTools which fonts drew each text run of window.__c2d.textRuns, in order.
// A run whose query fails (removed from the page since) gets no entry (null); past the timeout
// the rest are left out. Runs past MaxFontQueries (window.__c2d.textRunsOver) and runs without
// an entry are counted as unrecorded.
func platformFonts(ctx context.Context) (drawnFonts, error) {
	qctx, cancel := context.WithTimeout(ctx, fontQueryTimeout)
	defer cancel()
	var out [][]PlatformFont
	over, err := chromedp.Run(ctx, chromedp.Evaluate[int]("window.__c2d.textRunsOver || 0"))
	if err != nil {
		return drawnFonts{}, fmt.Errorf("count text runs past the limit: %w", err)
	}
	err = chromedp.Do(qctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, dom.Enable, dom.EnableParams{}); err != nil {
			return fmt.Errorf("enable DOM: %w", err)
		}
		if _, err := cdp.Call(ctx, tg, dom.GetDocument, dom.GetDocumentParams{}); err != nil {
			return fmt.Errorf("get document: %w", err)
		}
		if _, err := cdp.Call(ctx, tg, css.Enable, cdp.Empty{}); err != nil {
			return fmt.Errorf("enable CSS: %w", err)
		}
		ids, n, release, err := listHandles(ctx, tg, "window.__c2d.textRuns", fontObjectGroup, "text runs")
		if err != nil {
			return err
		}
		defer release()
		if n > 0 {
			out = make([][]PlatformFont, n)
		}
		// The queries are independent: fontQueryConcurrency of them in flight at once.
		forEachConcurrently(ctx, ids, func(i int, obj runtime.RemoteObjectID) {
			node, err := cdp.Call(ctx, tg, dom.RequestNode, dom.RequestNodeParams{ObjectID: obj})
			if err != nil || node.NodeID == 0 {
				return
			}
			fonts, err := cdp.Call(ctx, tg, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: node.NodeID})
			if err != nil {
				return
			}
			used := make([]PlatformFont, 0, len(fonts.Fonts))
			for _, f := range fonts.Fonts {
				used = append(used, PlatformFont{Family: f.FamilyName, PostScriptName: f.PostScriptName, Custom: f.IsCustomFont, Glyphs: int(f.GlyphCount)})
			}
			out[i] = used // each i is written by one call only
		})
		return nil
	}))
	if err != nil && qctx.Err() == nil {
		return drawnFonts{}, err
	}
	unrecorded := over
	for _, f := range out {
		if f == nil {
			unrecorded++
		}
	}
	return drawnFonts{Fonts: out, Unrecorded: unrecorded}, nil
}

// listHandles evaluates expr (a page array) in the DevTools object group group and returns the
// handles of its elements by index (at most MaxFontQueries), n: one more than the largest index
// (the length of the caller's result, whose missing entries stay null), and release, which frees
// the group. what names the list in errors.
func listHandles(ctx context.Context, tg *chromedp.Target, expr, group, what string) (ids map[int]runtime.RemoteObjectID, n int, release func(), err error) {
	list, err := cdp.Call(ctx, tg, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ObjectGroup: group})
	if err != nil || list.Result == nil || list.Result.ObjectID == "" {
		return nil, 0, nil, fmt.Errorf("list %s: %v", what, err)
	}
	release = func() {
		_, _ = cdp.Call(context.WithoutCancel(ctx), tg, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: group})
	}
	props, err := cdp.Call(ctx, tg, runtime.GetProperties, runtime.GetPropertiesParams{ObjectID: list.Result.ObjectID, OwnProperties: ptr(true)})
	if err != nil {
		release()
		return nil, 0, nil, fmt.Errorf("read %s: %w", what, err)
	}
	ids = map[int]runtime.RemoteObjectID{}
	for _, p := range props.Result {
		i, err := strconv.Atoi(p.Name)
		if err != nil || i < 0 || i >= MaxFontQueries || p.Value == nil || p.Value.ObjectID == "" {
			continue
		}
		ids[i] = p.Value.ObjectID
		n = max(n, i+1)
	}
	return ids, n, release, nil
}

// withMember returns the document JSON object with the member name set to value added.
func withMember(doc json.RawMessage, name string, value any) (json.RawMessage, error) {
	doc = bytes.TrimSpace(doc)
	if len(doc) < 2 || doc[0] != '{' || doc[len(doc)-1] != '}' {
		return nil, fmt.Errorf("document is not a JSON object")
	}
	b, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	key, _ := json.Marshal(name)
	out := make([]byte, 0, len(doc)+len(b)+len(key)+2)
	out = append(out, doc[:len(doc)-1]...)
	if len(bytes.TrimSpace(doc[1:len(doc)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, b...)
	return append(out, '}'), nil
}

// forEachConcurrently calls f for every entry of items, at most fontQueryConcurrency at once,
// until ctx ends (entries not started by then are skipped), and waits for the calls started.
func forEachConcurrently(ctx context.Context, items map[int]runtime.RemoteObjectID, f func(int, runtime.RemoteObjectID)) {
	sem := make(chan struct{}, fontQueryConcurrency)
	var wg sync.WaitGroup
	for i, obj := range items {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(i, obj)
		}()
	}
	wg.Wait()
}
