// Package capturetest serves the capture worker's test site on loopback and checks a capture of it.
// The worker's own tests and the end-to-end test through the API (which only knows the capture's
// pointer and hash) share it, so both hold a capture to the same standard: the capture fails the
// check if any image of the site is missing.
package capturetest

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
)

//go:embed site
var siteFS embed.FS

// Paths and selector of the test site.
const (
	// IndexPath is the main page: headings, paragraphs, links, PNG/JPEG/WebP/SVG images, an inline
	// SVG, a CSS background image, a page over 5,000 px tall with two lazy images below the fold.
	// The file server redirects it to "/", so the capture's final_url is the site root.
	// TransformsPath holds 2D transforms on absolutely placed boxes in a 560 px tall .stage:
	// #card (200x120 at 40,40) rotate(30deg) about its centre holding #badge (40x20 at 140,60 in
	// the card: 180,100 on the page) rotate(-30deg) about its top left; #icon (32x32 at 320,60) scale(2); #banner
	// (240x60 at 440,40) skewX(-20deg) about its top left; #origin (100x50 at 60,300) rotate:
	// 90deg, translate: 50px 0 about its top left; #matrix (120x80 at 320,260) matrix(1, 0.2,
	// -0.3, 0.9, 10, 5) about its centre; #moved (80x40 at 520,260) translate(20px, 10px); #tilt3d
	// (120x80 at 520,380) perspective(200px) rotateY(40deg). ReadySelector appears at once.
	TransformsPath = "/transforms.html"
	IndexPath      = "/index.html"
	// ReadySelector appears on IndexPath 300 ms after load.
	ReadySelector = "#app-ready"
	// FormsPath is a page of form controls whose values a script changed after load (a text
	// input, a text input it cleared, a password input, a textarea, a select).
	FormsPath = "/forms.html"
	// VerticalPath is a page of paragraphs in each writing mode: #horizontal, #rl (vertical-rl),
	// #lr (vertical-lr) and #sideways (sideways-rl).
	VerticalPath = "/vertical.html"
	// IconsPath is a page of inline SVG icons: a hidden sprite sheet, currentColor,
	// <use> of a symbol (same document and sprite.svg), page CSS on SVG elements, a gradient
	// shared by two icons, an SVG with a box (background, border, radius, shadow), an unresolved
	// reference, and an SVG with a script, event handlers, a javascript: link and a reference to
	// a private address.
	IconsPath = "/icons.html"
	// IconFontPath is a page of icon-font glyphs in C2D Icons (fonts/c2d-icons.ttf, made for the
	// tests): ::before (#star) and ::after (#ring) glyphs alone in their element, the ligature
	// icon "star" of C2D Ligature Icons (#lig, fonts/c2d-ligatures.ttf), and a link (#link)
	// whose ::before glyph sits beside its text.
	IconFontPath = "/iconfont.html"
	// MasksPath is a page of CSS-masked icons: an SVG mask sized contain (#check, #wide) and a
	// PNG mask (#raster), each coloured by its background colour.
	MasksPath = "/masks.html"
	// TextPath is a page of text runs: #wrap (a paragraph whose link #link starts mid-line and
	// wraps), #oneline (with the link #short on one line), #spaced (a drawn space between two
	// inline elements), #blocks (white space between blocks) and #rtl (dir=rtl). ReadySelector
	// is there from the start.
	TextPath = "/text.html"
	// LinesPath is a page of two one-word-per-line paragraphs: #at-limit (1000 lines,
	// MaxLineFragments) and #past-limit (1001). ReadySelector is there from the start.
	LinesPath = "/lines.html"
	// FontsPath is a page of paragraphs in the fonts of docs/conversion.md "Fonts": #web in the
	// web font "C2D Brand" (brand-regular.ttf and brand-bold.ttf, whose own family name is "C2D
	// Test Mono"), #web-600 (weight 600, drawn by the 700 face), #web-italic (no italic face),
	// #missing (a @font-face whose file is missing, falling back to serif), #system (system-ui),
	// #arial (Arial, sans-serif), #roboto (Roboto, sans-serif; not on the machine) and #unknown
	// ('Unknown Local Face', serif), and #mixed (sans-serif upright text with the italic
	// #mixed-em inside). ReadySelector is there from the start.
	FontsPath = "/fonts.html"
	// WidgetsPath is a page of elements the browser draws itself: a checked (#checked) and an
	// unchecked (#unchecked) 20x20 checkbox, a checked radio (#radio), a 160x24 range at 70
	// (#range), a 48x32 colour input (#color), a 160x80 video with a poster (#video), a 240x40
	// audio player (#audio), a 162x62 iframe (#frame, its border included), a checkbox hidden
	// by visibility (#hidden), a 160x8 range the page styles (#flat-range, appearance: none: the
	// browser still draws its thumb), a 160x12 progress bar (#progress) and a 20x20 checkbox the
	// page draws itself (#drawn, appearance: none). ReadySelector is there from the start.
	WidgetsPath = "/widgets.html"
	// WidgetsLimitPath is a page of MaxCrops + 1 checkboxes (#c1 to #c201), 12x12 each.
	// ReadySelector is there from the start.
	WidgetsLimitPath = "/widgets-limit.html"
	// ListsPath is a page of list markers and generated content: #disc, #circle, #square,
	// #decimal (start 3, a value 10), #roman (lower-roman), #alpha (upper-alpha, reversed),
	// #custom (::marker content "→  " in red), #coloured (a green ::marker), #inside
	// (list-style-position inside), #note (::before "Note: " in bold blue, ::after from
	// attr(data-tail)), #badge (an empty absolutely placed ::before dot) and #counted (a
	// counter() in ::before). ReadySelector is there from the start.
	ListsPath = "/lists.html"
	// ManyRunsPath is a page of MaxFontQueries + 1 text runs (#runs, one "w" per span) and
	// MaxFontFaces + 1 @font-face faces. ReadySelector is there from the start.
	ManyRunsPath = "/many-runs.html"
	// LineStartsPath is a page of MaxLineStarts one-word lines in five paragraphs of 1,000
	// (#p1 ... #p5), then #past, a paragraph of two lines.
	LineStartsPath = "/line-starts.html"
	// CanvasPath is a page of canvases drawn by its script: #chart (a bar chart in a bordered
	// box), #tainted (another origin's image drawn into it: localhost instead of 127.0.0.1),
	// #at-limit (a bitmap of MaxCanvasPixels pixels, 2048x2048), #past-limit (2049x2048) and
	// #empty (0 wide), each shown at 64x64 CSS px but #chart (240x140 + 2 px border).
	CanvasPath = "/canvas.html"
	// FiltersPath is a page of CSS filters on 120x80 tiles: #blur (blur(4px)), #blur-em
	// (blur(0.5em) at 20px), #shadow (drop-shadow(4px 6px 5px rgba(0, 0, 0, 0.5))), #both
	// (drop-shadow(0 2px 3px #f00) blur(2px)), #bright (brightness(1.5)), #mixed (blur(3px)
	// grayscale(1)), #plain (sepia(1) on a box that draws nothing else) and the paragraph #glow
	// (a green drop-shadow on text), #halo (a ::before blurred by 6px) and #soft, a blurred span
	// inside the paragraph #inline. ReadySelector is there from the start.
	FiltersPath = "/filters.html"
	// BackdropPath is a page of translucent panels over stripes: #glass (backdrop-filter:
	// blur(8px)), #prefixed (-webkit-backdrop-filter: blur(5px), which Chromium does not draw)
	// and #saturated (blur(2px) saturate(180%)). ReadySelector is there from the start.
	BackdropPath = "/backdrop.html"
	// OutlinesPath is a page of outlines on 120x60 tiles: #solid (2px solid, offset 0), #offset
	// (3px dashed, offset 4px, radius 8px), #bordered (2px dotted beside a 1px border), #inset
	// (2px solid, offset -6px), #focus (auto 2px, offset 2px), #double (4px double), #none, #bare
	// (an outline on a box that draws nothing else), #chosen (an item of the flex row #items
	// with an offset outline), #tag (a ::after with a 2px outline offset 2px) and #link (an
	// outlined link inside a paragraph). ReadySelector is there from the start.
	OutlinesPath = "/outlines.html"
	// PseudoBackgroundPath is a page whose pseudo-elements have url() backgrounds: #photo's
	// empty absolutely placed ::before (64x64, pattern.png) and #layers's ::after (a gradient
	// over logo.png). ReadySelector is there from the start.
	PseudoBackgroundPath = "/pseudo-background.html"
	// NeverReadyPath is a page on which ReadySelector never appears.
	NeverReadyPath = "/never-ready.html"
	// SizedPath?h=N is a page exactly N CSS px tall.
	SizedPath = "/sized"
)

// Images lists every image file IndexPath shows, with its media type. (The inline SVG is extra.)
var Images = map[string]string{
	"logo.png": "image/png", "photo.jpg": "image/jpeg", "photo.webp": "image/webp",
	"icon.svg": "image/svg+xml", "pattern.png": "image/png", "lazy.png": "image/png", "late.jpg": "image/jpeg",
}

// Texts are text runs IndexPath shows (the last one at the very bottom).
var Texts = []string{
	"Welcome to the capture test site",
	"This paragraph sits on a patterned background image.",
	"About us", "Contact", "Image gallery", "Below the fold", "Footer text at the very bottom.",
}

// InlineSVGColor is the fill of the inline SVG, found in its serialized asset.
const InlineSVGColor = "#3a86ff"

// Serve starts the test site on loopback until the test ends.
func Serve(tb testing.TB) *httptest.Server {
	tb.Helper()
	sub, err := fs.Sub(siteFS, "site")
	if err != nil {
		tb.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServerFS(sub))
	mux.HandleFunc(SizedPath, func(w http.ResponseWriter, r *http.Request) {
		h, _ := strconv.Atoi(r.URL.Query().Get("h"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><body style="margin:0"><div style="height:%dpx;background:#abc">sized</div></body></html>`, h)
	})
	srv := httptest.NewServer(mux)
	tb.Cleanup(srv.Close)
	return srv
}

// File returns the bytes of a site file.
func File(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := siteFS.ReadFile("site/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Capture is a decoded capture JSON (SPEC §7), with the document left generic and the worker's
// own members of the document (asset kinds, unresolved images, diagnostics) decoded into Notes.
type Capture struct {
	Manifest   capture.Manifest      `json:"manifest"`
	Document   map[string]any        `json:"document"`
	Assets     []capture.Asset       `json:"assets"`
	Screenshot capture.ScreenshotRef `json:"screenshot"`
	// Notes are decoded from the document, not from a member of the capture.
	Notes capture.DocumentNotes `json:"-"`
}

// Decode decodes a capture JSON, refusing members the contract does not have
// (docs/schemas/capture.schema.json: unknown members are refused outside the document).
func Decode(raw []byte) (Capture, error) {
	var c Capture
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Capture{}, fmt.Errorf("capture JSON: %w", err)
	}
	var doc struct {
		Document capture.DocumentNotes `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return Capture{}, fmt.Errorf("capture document notes: %w", err)
	}
	c.Notes = doc.Document
	return c, nil
}

// SHA256 is the lowercase hex SHA-256 of b.
func SHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// Check verifies a capture of IndexPath served at siteURL: raw hashes to captureHash; every text
// of Texts is present; every image of Images and the inline SVG is an asset with the right type,
// size and sha256, stored under keyPrefix with those bytes, and referenced by the document;
// nothing is unresolved; the screenshot is a PNG pixelWidth wide covering the whole page. get
// reads an object of the artifact bucket. It returns the decoded capture for further checks.
func Check(t *testing.T, siteURL string, raw []byte, captureHash, keyPrefix string, pixelWidth int, get func(key string) []byte) Capture {
	t.Helper()
	t.Run("CaptureHashMatches", func(t *testing.T) {
		if got := SHA256(raw); got != captureHash {
			t.Fatalf("sha256(capture JSON) = %s, capture_hash = %s", got, captureHash)
		}
	})
	c, err := Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := c.Document["root"].(map[string]any)

	t.Run("TextsPresent", func(t *testing.T) {
		var all []string
		texts(root, &all)
		joined := strings.Join(all, "\n")
		for _, want := range Texts {
			if !strings.Contains(joined, want) {
				t.Errorf("text %q missing from the document", want)
			}
		}
	})

	t.Run("EveryImagePresentWithHash", func(t *testing.T) {
		byURL := map[string]capture.Asset{}
		var inline []capture.Asset
		for _, a := range c.Assets {
			byURL[a.SourceURL] = a
			if c.Notes.AssetKinds[a.ID] == "inline-svg" {
				inline = append(inline, a)
			}
			if !strings.HasPrefix(a.Key, keyPrefix+capture.AssetFolder) {
				t.Errorf("asset %s stored at %q, outside %s", a.ID, a.Key, keyPrefix+capture.AssetFolder)
			}
		}
		for name, mime := range Images {
			want := File(t, name)
			a, ok := byURL[siteURL+"/"+name]
			if !ok {
				t.Errorf("image %s missing from the capture's assets", name)
				continue
			}
			if a.SHA256 != SHA256(want) || a.ByteSize != len(want) || a.MimeType != mime {
				t.Errorf("%s: sha256 %s size %d type %s; want %s %d %s", name, a.SHA256, a.ByteSize, a.MimeType, SHA256(want), len(want), mime)
			}
			if got := get(a.Key); SHA256(got) != a.SHA256 {
				t.Errorf("%s: stored object's sha256 %s, asset says %s", name, SHA256(got), a.SHA256)
			}
		}
		if len(inline) != 1 {
			t.Fatalf("%d inline SVG assets, want 1", len(inline))
		}
		svg := get(inline[0].Key)
		if inline[0].MimeType != "image/svg+xml" || inline[0].SourceURL != "" || SHA256(svg) != inline[0].SHA256 || !bytes.Contains(svg, []byte(InlineSVGColor)) ||
			!bytes.Contains(svg, []byte(`xmlns="http://www.w3.org/2000/svg"`)) {
			t.Errorf("inline SVG asset %+v holds %q", inline[0], svg)
		}
		if len(c.Assets) != len(Images)+1 {
			t.Errorf("%d assets, want %d", len(c.Assets), len(Images)+1)
		}
		if len(c.Notes.UnresolvedImages) != 0 {
			t.Errorf("unresolved images: %+v", c.Notes.UnresolvedImages)
		}
		if len(c.Notes.AssetKinds) != len(c.Assets) {
			t.Errorf("%d asset kinds for %d assets", len(c.Notes.AssetKinds), len(c.Assets))
		}
		refs := map[string]bool{}
		assetRefs(root, refs)
		for _, a := range c.Assets {
			if !refs[a.ID] {
				t.Errorf("asset %s (%s) is not referenced by the document", a.ID, a.SourceURL)
			}
		}
	})

	t.Run("ScreenshotIsFullPagePNG", func(t *testing.T) {
		if c.Screenshot.Key != keyPrefix+capture.ScreenshotObject {
			t.Errorf("screenshot key %q, want %q", c.Screenshot.Key, keyPrefix+capture.ScreenshotObject)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(get(c.Screenshot.Key)))
		if err != nil {
			t.Fatalf("screenshot is not a PNG: %v", err)
		}
		if cfg.Width != pixelWidth || c.Screenshot.Width != pixelWidth {
			t.Errorf("screenshot width %d (recorded %d), want %d", cfg.Width, c.Screenshot.Width, pixelWidth)
		}
		if c.Screenshot.MimeType != "image/png" {
			t.Errorf("screenshot mime_type %q, want image/png", c.Screenshot.MimeType)
		}
		if cfg.Height < 5000 || cfg.Height != c.Screenshot.Height || c.Screenshot.Capped || c.Notes.Screenshot.FullHeight != cfg.Height {
			t.Errorf("screenshot %dx%d, recorded %+v; want the full page (over 5000 px), uncapped", cfg.Width, cfg.Height, c.Screenshot)
		}
	})
	return c
}

// texts collects every text run of a capture document.
func texts(node map[string]any, out *[]string) {
	if node == nil {
		return
	}
	if t, ok := node["text"].(string); ok {
		*out = append(*out, strings.TrimSpace(t))
	}
	kids, _ := node["children"].([]any)
	for _, k := range kids {
		m, _ := k.(map[string]any)
		texts(m, out)
	}
}

// assetRefs collects the asset ids the document refers to.
func assetRefs(node map[string]any, out map[string]bool) {
	if node == nil {
		return
	}
	if img, ok := node["image"].(map[string]any); ok {
		if id, ok := img["asset_id"].(string); ok {
			out[id] = true
		}
	}
	if bgs, ok := node["background_images"].([]any); ok {
		for _, b := range bgs {
			if id, ok := b.(string); ok {
				out[id] = true
			}
		}
	}
	pseudo, _ := node["pseudo"].([]any)
	for _, p := range pseudo {
		m, _ := p.(map[string]any)
		assetRefs(m, out)
	}
	kids, _ := node["children"].([]any)
	for _, k := range kids {
		m, _ := k.(map[string]any)
		assetRefs(m, out)
	}
}
