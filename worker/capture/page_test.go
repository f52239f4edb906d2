package capture_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// formNode is the part of a captured element the checks of this file read.
type formNode struct {
	Type  string        `json:"type"`
	Text  string        `json:"text"`
	Box   capturedBox   `json:"box"`
	Rects []capturedBox `json:"rects"`
	// LineStarts are where each of Rects starts in Text (UTF-16 units).
	LineStarts []int             `json:"line_starts"`
	FontRef    *int              `json:"font_ref"`
	Tag        string            `json:"tag"`
	Attrs      map[string]string `json:"attrs"`
	Style      map[string]string `json:"style"`
	Value      *string           `json:"value"`
	Children   []json.RawMessage `json:"children"`
}

// elementsByID collects the captured elements with an id, by id.
func elementsByID(t *testing.T, raw json.RawMessage, out map[string]formNode) {
	t.Helper()
	var n formNode
	if err := json.Unmarshal(raw, &n); err != nil {
		t.Fatal(err)
	}
	if id := n.Attrs["id"]; id != "" {
		out[id] = n
	}
	for _, c := range n.Children {
		elementsByID(t, c, out)
	}
}

// pageCaptureWait is how long capturePage waits for the callback: the harness's job budget
// (JobTimeout), as the limit pages (5,001 text runs, 201 crops) take most of a minute beside
// the parallel race-enabled suite on two cores; the wait asserts nothing about speed.
const pageCaptureWait = 3 * time.Minute

// capturePage captures path of the test site as job id, requires a completed callback and a
// capture that meets the worker contract, and returns the capture JSON with its elements by id.
func capturePage(t *testing.T, id, path string) ([]byte, map[string]formNode) {
	t.Helper()
	h := newHarness(t, http.StatusOK, true, true)
	h.send(t, h.request(id, path, "", capture.Viewport{Width: 800, Height: 600}, 1))
	cb := h.run(t, pageCaptureWait)
	if cb.Status != capture.StatusCompleted {
		t.Fatalf("callback status %q (%s), want completed", cb.Status, cb.ErrorMessage)
	}
	raw := h.object(t, "test/page-imports/"+id+"/attempt-1/capture.json")
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, raw) })
	var doc struct {
		Document struct {
			Root json.RawMessage `json:"root"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	byID := map[string]formNode{}
	elementsByID(t, doc.Document.Root, byID)
	return raw, byID
}

// TestFormControlsRecordLiveValues captures a page whose script typed into a text input, cleared
// another, set a textarea and chose a select option after load: the capture records what the
// controls show (the live value, the chosen option's text), not their value attributes, and
// never a password input's value, typed or in its attribute; date and time inputs record what
// the browser draws (the value in the locale's format, the empty fields while empty).
func TestFormControlsRecordLiveValues(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60", capturetest.FormsPath)

	for el, want := range map[string]string{
		"typed": "typed value", "cleared": "", "notes": "Line one\nLine two", "size": "Large",
		"day": "mm/dd/yyyy", "dayset": "03/05/2024", "clock": "--:-- --", "clockset": "02:30 PM", "seconds": "02:30:15 PM",
		"stepped": "--:--:-- --", "badstep": "--:-- --",
		"stamp": "03/05/2024, 02:30 PM", "monthset": "March 2024", "week": "Week --, ----", "weekset": "Week 10, 2024",
	} {
		n, ok := byID[el]
		switch {
		case !ok:
			t.Errorf("#%s is missing from the capture", el)
		case n.Value == nil:
			t.Errorf("#%s (%s) records no live value, want %q", el, n.Tag, want)
		case *n.Value != want:
			t.Errorf("#%s (%s) records the value %q, want %q", el, n.Tag, *n.Value, want)
		}
	}
	if n, ok := byID["secret"]; !ok {
		t.Error("#secret is missing from the capture")
	} else if n.Value != nil || n.Attrs["value"] != "" {
		t.Errorf("the password input records value %v, attribute %q; want neither", n.Value, n.Attrs["value"])
	}
	for _, secret := range []string{"typed-secret-9c2e", "attribute-secret-7f3a"} {
		if bytes.Contains(raw, []byte(secret)) {
			t.Errorf("the capture JSON holds the password %q", secret)
		}
	}
}

// TestVerticalTextRecordsWritingMode captures paragraphs in vertical and sideways writing modes:
// each records its writing-mode (the converter must not draw it as horizontal text unawares),
// and horizontal text, the default, records none.
func TestVerticalTextRecordsWritingMode(t *testing.T) {
	t.Parallel()
	_, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61", capturetest.VerticalPath)
	for el, want := range map[string]string{"horizontal": "", "rl": "vertical-rl", "lr": "vertical-lr", "sideways": "sideways-rl"} {
		if got := byID[el].Style["writing-mode"]; got != want {
			t.Errorf("#%s records writing-mode %q, want %q", el, got, want)
		}
	}
}

// capturedBox is a box of the capture (page CSS px).
type capturedBox struct {
	X, Y, Width, Height float64
}

// textChild decodes the i-th child of n as a text run.
func textChild(t *testing.T, n formNode, i int) formNode {
	t.Helper()
	if len(n.Children) <= i {
		t.Fatalf("element has %d children, want a text run at %d", len(n.Children), i)
	}
	var c formNode
	if err := json.Unmarshal(n.Children[i], &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTextRecordsLineFragments captures a paragraph whose link starts mid-line and wraps: the
// link and its text run record one rect per line (the second line starting at the paragraph's
// left edge, left of where the first began), a run on one line records none, a drawn space
// between inline elements is a run (without fonts to ask for, and no FONTS_UNRECORDED), and a
// dir=rtl paragraph records its direction.
func TestTextRecordsLineFragments(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a62", capturetest.TextPath)
	link, wrap := byID["link"], byID["wrap"]
	run := textChild(t, link, 0)
	for what, rects := range map[string][]capturedBox{"the link": link.Rects, "its text run": run.Rects} {
		if len(rects) != 2 {
			t.Fatalf("%s records %d line fragments, want 2: %+v", what, len(rects), rects)
		}
		first, second := rects[0], rects[1]
		if second.Y <= first.Y || second.X >= first.X || second.X != wrap.Box.X {
			t.Errorf("%s: fragments %+v then %+v; want the second on the next line at the paragraph's left edge %.2f", what, first, second, wrap.Box.X)
		}
	}
	// Where each line of the run starts: the second at a word (the space before it hangs at the
	// end of the first line).
	if ls := run.LineStarts; len(ls) != 2 || ls[0] != 0 || ls[1] <= 0 || ls[1] >= len(run.Text) || run.Text[ls[1]-1] != ' ' || run.Text[ls[1]] == ' ' {
		t.Errorf("the link's run %q records line starts %v, want 0 and the start of a word on the second line", run.Text, ls)
	}
	if r := textChild(t, byID["short"], 0).Rects; r != nil {
		t.Errorf("a run on one line records fragments %+v, want none", r)
	}
	// A drawn space between inline elements is a run, without fonts to ask for (it draws no
	// glyph, and DevTools cannot find a whitespace-only node); white space between blocks is
	// not a run.
	if sp := byID["spaced"]; len(sp.Children) != 3 || textChild(t, sp, 1).Type != "text" || textChild(t, sp, 1).Text != " " {
		t.Errorf("#spaced has %d children, want bold, a space run and italic", len(sp.Children))
	} else if ref := textChild(t, sp, 1).FontRef; ref != nil {
		t.Errorf("the space run has font_ref %d, want none", *ref)
	}
	var doc fontDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, w := range doc.Document.Warnings {
		if w.Code == capture.WarnFontsUnrecorded {
			t.Errorf("warning %s: %s; every run with glyphs has its fonts", w.Code, w.Message)
		}
	}
	if n := len(byID["blocks"].Children); n != 2 {
		t.Errorf("#blocks has %d children, want its two paragraphs only", n)
	}
	if got := byID["rtl"].Style["direction"]; got != "rtl" {
		t.Errorf("#rtl records direction %q, want rtl", got)
	}
	if got, ok := byID["wrap"].Style["direction"]; ok {
		t.Errorf("#wrap records direction %q, want none (ltr is the default)", got)
	}
}

// TestLineFragmentsLimit captures runs of MaxLineFragments and one more lines: both record
// MaxLineFragments fragments, and the longer run's box still spans all its lines.
func TestLineFragmentsLimit(t *testing.T) {
	t.Parallel()
	_, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a66", capturetest.LinesPath)
	for id, want := range map[string]int{"at-limit": capture.MaxLineFragments, "past-limit": capture.MaxLineFragments} {
		if got := len(textChild(t, byID[id], 0).Rects); got != want {
			t.Errorf("#%s: %d line fragments, want %d", id, got, want)
		}
	}
	// Each recorded line has its line start: one "w" per line, the space between hanging.
	for _, id := range []string{"at-limit", "past-limit"} {
		run := textChild(t, byID[id], 0)
		if len(run.LineStarts) != len(run.Rects) {
			t.Fatalf("#%s: %d line starts for %d fragments", id, len(run.LineStarts), len(run.Rects))
		}
		for i, o := range run.LineStarts {
			if o != 2*i {
				t.Errorf("#%s line %d starts at %d, want %d", id, i, o, 2*i)
				break
			}
		}
	}
	// The run past the limit has one more line than it records: its box still spans them all.
	at, past := textChild(t, byID["at-limit"], 0), textChild(t, byID["past-limit"], 0)
	if past.Box.Height <= at.Box.Height {
		t.Errorf("past-limit box height %.1f, at-limit %.1f; want the longer run taller", past.Box.Height, at.Box.Height)
	}
}

// fontDoc is what the fonts checks read of a capture's document.
type fontDoc struct {
	Document struct {
		PlatformFonts [][]capture.PlatformFont `json:"platform_fonts"`
		FontFaces     []struct {
			Family, Weight, Style, Status string
		} `json:"font_faces"`
		Warnings []capture.CaptureWarning `json:"warnings"`
	} `json:"document"`
}

// TestFontsRecordWhatWasDrawn captures paragraphs in a web font, a @font-face whose file is
// missing, and platform families: each text run's font_ref names the platform_fonts DevTools
// reported for it (the web font's faces by their own names, custom; a fallback by the machine's
// family), and font_faces says which @font-face loaded and which failed.
func TestFontsRecordWhatWasDrawn(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a63", capturetest.FontsPath)
	var doc fontDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	fonts := doc.Document.PlatformFonts
	drawn := func(id string) []capture.PlatformFont {
		t.Helper()
		n, ok := byID[id]
		if !ok {
			t.Fatalf("#%s is missing", id)
		}
		run := textChild(t, n, 0)
		if run.FontRef == nil || *run.FontRef >= len(fonts) {
			t.Fatalf("#%s's text has font_ref %v of %d platform_fonts entries", id, run.FontRef, len(fonts))
		}
		return fonts[*run.FontRef]
	}
	for id, want := range map[string]capture.PlatformFont{
		"web":        {Family: "C2D Test Mono", PostScriptName: "C2DTestMono-Regular", Custom: true},
		"web-600":    {Family: "C2D Test Mono", PostScriptName: "C2DTestMono-Bold", Custom: true},
		"web-italic": {Family: "C2D Test Mono", PostScriptName: "C2DTestMono-Regular", Custom: true},
	} {
		got := drawn(id)
		if len(got) != 1 {
			t.Errorf("#%s drawn in %+v, want one font", id, got)
			continue
		}
		if g := got[0]; g.Family != want.Family || g.PostScriptName != want.PostScriptName || g.Custom != want.Custom || g.Glyphs < 5 {
			t.Errorf("#%s drawn in %+v, want %+v with its glyphs", id, g, want)
		}
	}
	// Platform fallbacks depend on the machine's fonts (here fontconfig's serif and sans): a
	// platform face, never the missing web font nor the loaded one.
	for _, id := range []string{"missing", "system", "arial", "roboto"} {
		got := drawn(id)
		if len(got) == 0 {
			t.Errorf("#%s records no drawn font", id)
		}
		for _, g := range got {
			if g.Custom || g.Family == "" || g.Family == "Missing Brand" || g.Family == "C2D Test Mono" || g.Glyphs < 5 {
				t.Errorf("#%s drawn in %+v, want a platform face", id, g)
			}
		}
	}
	// A run's fonts are its own: the upright text of #mixed is not counted with its italic child's.
	upright, italic := drawn("mixed"), drawn("mixed-em")
	slanted := func(f capture.PlatformFont) bool {
		return strings.Contains(f.PostScriptName, "Italic") || strings.Contains(f.PostScriptName, "Oblique")
	}
	if len(upright) != 1 || len(italic) != 1 || slanted(upright[0]) || !slanted(italic[0]) {
		t.Errorf("#mixed drawn in %+v, its em in %+v; want one upright face, one italic face", upright, italic)
	}
	status := map[string]string{}
	for _, f := range doc.Document.FontFaces {
		status[f.Family+" "+f.Weight] = f.Status
	}
	for face, want := range map[string]string{"C2D Brand 400": "loaded", "C2D Brand 700": "loaded", "Missing Brand normal": "error"} {
		if status[face] != want {
			t.Errorf("font face %s is %q, want %q (faces %v)", face, status[face], want, status)
		}
	}
}

// pseudoNode is a recorded pseudo-element.
type pseudoNode struct {
	Which    string            `json:"which"`
	Content  string            `json:"content"`
	Text     *string           `json:"text"`
	Position string            `json:"position"`
	Ordinal  int               `json:"ordinal"`
	Style    map[string]string `json:"style"`
}

// TestPseudoElementsRecorded captures list markers and ::before/::after content: each marker
// records the text it shows (bullets, numbers from the list's start and values, roman, alpha,
// reversed, custom ::marker content) with its colour, ::before/::after record the text their
// content resolves to (strings and attr(), not counters) with their computed style, and
// DevTools gives every
// pseudo-element a box (the outside marker left of its item, the dot where it is placed).
func TestPseudoElementsRecorded(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a64", capturetest.ListsPath)
	var doc struct {
		Document struct {
			PseudoBoxes [][]capture.PseudoBox `json:"pseudo_boxes"`
			Root        json.RawMessage       `json:"root"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	type host struct {
		Box       capturedBox       `json:"box"`
		Attrs     map[string]string `json:"attrs"`
		Pseudo    []pseudoNode      `json:"pseudo"`
		PseudoRef *int              `json:"pseudo_ref"`
		Children  []json.RawMessage `json:"children"`
	}
	var hosts []host
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var h host
		if err := json.Unmarshal(raw, &h); err != nil {
			t.Fatal(err)
		}
		if len(h.Pseudo) > 0 {
			hosts = append(hosts, h)
		}
		for _, c := range h.Children {
			walk(c)
		}
	}
	walk(doc.Document.Root)
	var markers []string
	for _, h := range hosts {
		for _, p := range h.Pseudo {
			if p.Which == "marker" && p.Text != nil {
				markers = append(markers, *p.Text)
			}
		}
	}
	want := []string{"• ", "• ", "◦ ", "▪ ", "3. ", "4. ", "10. ", "11. ", "i. ", "ii. ", "iii. ", "iv. ", "C. ", "B. ", "A. ", "→ ", "• ", "• "}
	if strings.Join(markers, "|") != strings.Join(want, "|") {
		t.Errorf("marker texts\n got %q\nwant %q", markers, want)
	}
	for _, h := range hosts {
		if h.PseudoRef == nil || *h.PseudoRef >= len(doc.Document.PseudoBoxes) {
			t.Fatalf("host %v has pseudo_ref %v of %d", h.Attrs, h.PseudoRef, len(doc.Document.PseudoBoxes))
		}
		boxes := doc.Document.PseudoBoxes[*h.PseudoRef]
		for _, p := range h.Pseudo {
			var b *capture.PseudoBox
			for i := range boxes {
				if boxes[i].Which == p.Which {
					b = &boxes[i]
				}
			}
			if b == nil {
				t.Errorf("%s of %v has no box (boxes %+v)", p.Which, h.Attrs, boxes)
				continue
			}
			if p.Which == "marker" && p.Position == "outside" && (b.X+b.Width > h.Box.X+0.5 || b.Width <= 0 || b.Y < h.Box.Y-1) {
				t.Errorf("outside marker %q box %+v, item box %+v; want it left of the item, on its first line", deref(p.Text), *b, h.Box)
			}
		}
	}
	for _, h := range hosts {
		switch h.Attrs["id"] {
		case "note":
			if len(h.Pseudo) != 2 || deref(h.Pseudo[0].Text) != "Note: " || h.Pseudo[0].Style["color"] != "rgb(29, 78, 216)" || deref(h.Pseudo[1].Text) != " (see below)" {
				t.Errorf("#note pseudo %+v", h.Pseudo)
			}
		case "badge":
			b := doc.Document.PseudoBoxes[*h.PseudoRef]
			if len(b) != 1 || b[0].Width != 12 || b[0].Height != 12 || b[0].X != h.Box.X || b[0].Y != h.Box.Y+6 || deref(h.Pseudo[0].Text) != "" {
				t.Errorf("#badge dot %+v (text %q), want 12x12 at the paragraph's left, 6 px down", b, deref(h.Pseudo[0].Text))
			}
		}
	}
	for _, h := range hosts {
		for _, p := range h.Pseudo {
			if strings.Contains(p.Content, "counter(") && p.Text != nil {
				t.Errorf("a counter() content resolved to %q, want no text", *p.Text)
			}
		}
	}
	// ::marker colours (the custom arrow red, the coloured list's bullet green).
	colours := map[string]bool{}
	for _, h := range hosts {
		for _, p := range h.Pseudo {
			if p.Which == "marker" {
				colours[deref(p.Text)+p.Style["color"]] = true
			}
		}
	}
	if !colours["→ rgb(204, 0, 0)"] || !colours["• rgb(22, 163, 74)"] {
		t.Errorf("marker colours %v; want the red arrow and the green bullet", colours)
	}
	if _, ok := byID["note"]; !ok {
		t.Error("#note is missing")
	}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// TestFontLimits captures MaxFontQueries + 1 text runs and MaxFontFaces + 1 @font-face faces:
// the first MaxFontQueries runs have a font_ref and an entry of platform_fonts, the last has
// none and FONTS_UNRECORDED counts it; MaxFontFaces faces are recorded. It does not run in
// parallel: its 10,000 DevTools calls must end within fontQueryTimeout, which they passed under
// the race detector beside the package's parallel captures on two cores.
func TestFontLimits(t *testing.T) {
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a65", capturetest.ManyRunsPath)
	var doc fontDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	spans := byID["runs"].Children
	if len(spans) != capture.MaxFontQueries+1 {
		t.Fatalf("%d spans, want %d", len(spans), capture.MaxFontQueries+1)
	}
	for i, want := range map[int]bool{0: true, capture.MaxFontQueries - 1: true, capture.MaxFontQueries: false} {
		var span formNode
		if err := json.Unmarshal(spans[i], &span); err != nil {
			t.Fatal(err)
		}
		run := textChild(t, span, 0)
		if has := run.FontRef != nil; has != want {
			t.Errorf("run %d has font_ref %v, want one: %v", i, run.FontRef, want)
		}
		if want && (*run.FontRef != i || len(doc.Document.PlatformFonts[i]) == 0) {
			t.Errorf("run %d: font_ref %d, fonts %+v", i, *run.FontRef, doc.Document.PlatformFonts[i])
		}
	}
	if n := len(doc.Document.PlatformFonts); n != capture.MaxFontQueries {
		t.Errorf("%d platform_fonts entries, want %d", n, capture.MaxFontQueries)
	}
	if n := len(doc.Document.FontFaces); n != capture.MaxFontFaces {
		t.Errorf("%d font faces, want %d", n, capture.MaxFontFaces)
	}
	var unrecorded []string
	for _, w := range doc.Document.Warnings {
		if w.Code == capture.WarnFontsUnrecorded {
			unrecorded = append(unrecorded, w.Message)
		}
	}
	if len(unrecorded) != 1 || !strings.HasPrefix(unrecorded[0], "the fonts that drew 1 text runs were not recorded") {
		t.Errorf("FONTS_UNRECORDED warnings %q, want one counting the run past the limit", unrecorded)
	}
}

// TestLineStartsLimit captures MaxLineStarts one-word lines and then a paragraph of two: the
// first MaxLineStarts lines record their line starts, the paragraph past the budget none (its
// line fragments still).
func TestLineStartsLimit(t *testing.T) {
	t.Parallel()
	if capture.MaxLineStarts != 5000 {
		t.Fatalf("MaxLineStarts is %d; line-starts.html is written for 5,000", capture.MaxLineStarts)
	}
	_, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a7d", capturetest.LineStartsPath)
	for _, id := range []string{"p1", "p5"} {
		run := textChild(t, byID[id], 0)
		if len(run.Rects) != 1000 || len(run.LineStarts) != 1000 || run.LineStarts[999] != 1998 {
			t.Errorf("#%s: %d fragments, %d line starts, want 1000 of each (the last at 1998)", id, len(run.Rects), len(run.LineStarts))
		}
	}
	if run := textChild(t, byID["past"], 0); len(run.Rects) != 2 || run.LineStarts != nil {
		t.Errorf("#past: %d fragments, line starts %v; want 2 and none", len(run.Rects), run.LineStarts)
	}
}

// TestPseudoElementBackgroundsRecorded captures ::before/::after with url() backgrounds: each
// pseudo-element lists the asset ids of its url() layers in order (the gradient layer has none),
// and those assets are recorded with the bytes of the files they name.
func TestPseudoElementBackgroundsRecorded(t *testing.T) {
	t.Parallel()
	raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a67", capturetest.PseudoBackgroundPath)
	var doc struct {
		Assets []struct {
			ID        string `json:"id"`
			SourceURL string `json:"source_url"`
			MimeType  string `json:"mime_type"`
		} `json:"assets"`
		Document struct {
			Root json.RawMessage `json:"root"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	type pseudoBG struct {
		Which            string   `json:"which"`
		BackgroundImages []string `json:"background_images"`
	}
	type host struct {
		Attrs    map[string]string `json:"attrs"`
		Pseudo   []pseudoBG        `json:"pseudo"`
		Children []json.RawMessage `json:"children"`
	}
	got := map[string][]string{} // "#id::which" -> asset ids
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var h host
		if err := json.Unmarshal(raw, &h); err != nil {
			t.Fatal(err)
		}
		for _, p := range h.Pseudo {
			got["#"+h.Attrs["id"]+"::"+p.Which] = p.BackgroundImages
		}
		for _, c := range h.Children {
			walk(c)
		}
	}
	walk(doc.Document.Root)
	source := map[string]string{}
	for _, a := range doc.Assets {
		source[a.ID] = a.SourceURL
	}
	for key, file := range map[string]string{"#photo::before": "/pattern.png", "#layers::after": "/logo.png"} {
		ids := got[key]
		if len(ids) != 1 || !strings.HasSuffix(source[ids[0]], file) {
			t.Errorf("%s background images %v (sources %v), want one asset of %s", key, ids, source, file)
		}
	}
}
