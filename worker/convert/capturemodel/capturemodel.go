// Package capturemodel is the capture JSON as worker/capture writes it (SPEC §7; its document is
// opaque to the backend and read only by the converter): what the page was — boxes, computed
// styles, text runs with their drawn fonts, pseudo-elements, vector and icon facts, assets. It is
// decoded once (Parse) and never changed by the conversion's passes. Only the members the
// conversion needs are decoded; unknown members are ignored so the capture format can grow.
package capturemodel

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
)

// Capture wire constants (SPEC §7).
const (
	// CaptureKind is the manifest kind of a capture JSON.
	CaptureKind = "page_import.capture"
	// CaptureVersion is the capture manifest version this converter reads.
	CaptureVersion = 1
)

// Capture is a decoded capture JSON.
type Capture struct {
	Manifest CaptureManifest `json:"manifest"`
	Document Document        `json:"document"`
	Assets   []Asset         `json:"assets"`
	// UnresolvedImages is where early capture versions listed images without bytes; the capture
	// worker now lists them in Document.UnresolvedImages. Both are read.
	UnresolvedImages []UnresolvedImage `json:"unresolved_images"`
	// Screenshot is the full-page PNG the capture worker took (device pixels); the self-check
	// compares the result's preview with it.
	Screenshot *ScreenshotRef `json:"screenshot"`
}

// ScreenshotRef points at the capture's screenshot (SPEC §7).
type ScreenshotRef struct {
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Capped   bool   `json:"capped"`
}

// CaptureManifest is the identity and source of a capture.
type CaptureManifest struct {
	Kind         string `json:"kind"`
	Version      int    `json:"version"`
	PageImportID string `json:"page_import_id"`
	Attempt      int    `json:"attempt"`
	SourceURL    string `json:"source_url"`
	FinalURL     string `json:"final_url"`
	Viewport     Size   `json:"viewport"`
	// DeviceScaleFactor is the capture's device pixels per CSS px (the screenshot's scale).
	DeviceScaleFactor float64 `json:"device_scale_factor"`
}

// Size is a width and height in CSS px.
type Size struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Document is the rendered DOM with computed styles and layout boxes.
type Document struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	// Viewport is the window's size; ScrollSize the page's (CSS px).
	Viewport   Size `json:"viewport"`
	ScrollSize Size `json:"scroll_size"`
	// Truncated says the capture stopped recording nodes or text at one of its limits.
	Truncated bool     `json:"truncated"`
	Root      *DOMNode `json:"root"`
	// UnresolvedImages lists images the page shows whose bytes the capture could not record.
	UnresolvedImages []UnresolvedImage `json:"unresolved_images"`
	// AssetKinds maps asset ids to "img", "background" or "inline-svg".
	AssetKinds map[string]string `json:"asset_kinds"`
	// Warnings are the capture worker's own (capturewarnings.go).
	Warnings []CaptureWarning `json:"warnings"`
	// Scroll is the scroll position the boxes were taken at (the capture scrolls to the top
	// first, so 0, 0); nil in captures made before it was recorded.
	Scroll *Point `json:"scroll"`
	// CustomProperties are the CSS custom properties of the root element (facts.js).
	CustomProperties []CustomProperty `json:"custom_properties"`
	// DarkCustomProperties are the same read with prefers-color-scheme: dark emulated, recorded
	// only when the page has a dark theme (a prefers-color-scheme: dark rule or a root
	// color-scheme offering dark); nil otherwise and in captures made before it was recorded.
	DarkCustomProperties []CustomProperty `json:"dark_custom_properties"`
	// DarkColors are the elements whose text, background or border colours the dark theme
	// changes, read with the same emulation (the first capture.MaxDarkColorElements elements);
	// nil without a dark theme, when it changes none, and in captures made before them.
	DarkColors []ElementColors `json:"dark_colors"`
	// DarkColorsUnread are the preorder indexes of the elements whose dark colours a second load
	// of the page could not read (not found where they were, or of another tag; worker/capture
	// readReloadedDarkTheme): they have no DarkColors entry without having kept their colours.
	DarkColorsUnread []int `json:"dark_colors_unread"`
	// PlatformFonts are the fonts Chromium drew each text run in (DevTools
	// CSS.getPlatformFontsForNode), indexed by the run's FontRef; runs without an entry and
	// captures before them are mapped from the declared families.
	PlatformFonts [][]PlatformFont `json:"platform_fonts"`
	// PseudoBoxes are the boxes of each pseudo-element host's pseudo-elements, indexed by the
	// element's PseudoRef.
	PseudoBoxes [][]PseudoBox `json:"pseudo_boxes"`
	// FontFaces are the page's @font-face faces (document.fonts) and whether each loaded.
	FontFaces []FontFace `json:"font_faces"`
	// States are what forcing an element's :hover or :focus state changed (worker/capture
	// states.go); nil for a page without state rules and captures made before them.
	States []StateRecord `json:"states"`
}

// StateRecord is what forcing one element into a state ("hover" or "focus") changed: Element
// is the element's index among the document's elements in preorder (Elements), Changes what
// changed in it and its descendants.
type StateRecord struct {
	Element int           `json:"element"`
	State   string        `json:"state"`
	Changes []StateChange `json:"changes"`
}

// StateChange is one element's change under a forced state: the computed values that changed
// (properties as in DOMNode.Style) and, when the state moved or resized it, its forced border
// box (page CSS px).
type StateChange struct {
	Element int               `json:"element"`
	Style   map[string]string `json:"style"`
	Box     *Box              `json:"box"`
}

// Restyled returns a copy of n (sharing its children) whose style is n's with style's values
// over it, a value the capture leaves out as the default (IsDefault) removed: n as a state
// whose recorded changes are style draws it.
func (n *DOMNode) Restyled(style map[string]string) *DOMNode {
	out := *n
	out.Style = make(map[string]string, len(n.Style)+len(style))
	for p, v := range n.Style {
		out.Style[p] = v
	}
	for p, v := range style {
		if v == "" || IsDefault(p, v) {
			delete(out.Style, p)
		} else {
			out.Style[p] = v
		}
	}
	return &out
}

// StateStyled maps each element a recorded state changes to the element as each such state
// draws it (Restyled by the change; an element several states change has one entry each, in the
// order of States); empty for a capture without states.
func (d *Document) StateStyled() map[*DOMNode][]*DOMNode {
	out := map[*DOMNode][]*DOMNode{}
	if len(d.States) == 0 {
		return out
	}
	els, _ := d.Elements()
	for _, r := range d.States {
		for _, c := range r.Changes {
			if c.Element >= 0 && c.Element < len(els) {
				el := els[c.Element]
				out[el] = append(out[el], el.Restyled(c.Style))
			}
		}
	}
	return out
}

// ElementColors is one element's computed colours under the dark theme that differ from its
// light ones: Element indexes Elements, Style maps a property (color, background-color,
// border-top-color, ...) to its dark computed value.
type ElementColors struct {
	Element int               `json:"element"`
	Style   map[string]string `json:"style"`
}

// Forced are the elements the capture forced a state on that changed something (a
// StateRecord's element): of those the page styles under :hover, :focus or :focus-visible, the
// ones capture.MaxStateElements lets it force.
func (d *Document) Forced() map[*DOMNode]bool {
	if len(d.States) == 0 {
		return nil
	}
	els, _ := d.Elements()
	out := map[*DOMNode]bool{}
	for _, r := range d.States {
		if r.Element >= 0 && r.Element < len(els) {
			out[els[r.Element]] = true
		}
	}
	return out
}

// MaxDarkColorElements is the capture's bound on the elements whose dark colours it reads (the
// first ones in preorder; worker/capture MaxDarkColorElements, a test keeps them equal).
const MaxDarkColorElements = 20000

// DarkColorsRead returns whether the capture read the dark colours of element el: it has a dark
// read (dark_custom_properties), el is among its first MaxDarkColorElements elements and not in
// DarkColorsUnread, so an element without dark_colors kept its colours.
func (d *Document) DarkColorsRead() func(el *DOMNode) bool {
	if d.DarkCustomProperties == nil {
		return func(*DOMNode) bool { return false }
	}
	els, _ := d.Elements()
	read := make(map[*DOMNode]bool, min(len(els), MaxDarkColorElements))
	for _, el := range els[:min(len(els), MaxDarkColorElements)] {
		read[el] = true
	}
	for _, i := range d.DarkColorsUnread {
		if i >= 0 && i < len(els) {
			delete(read, els[i])
		}
	}
	return func(el *DOMNode) bool { return read[el] }
}

// Elements lists the document's elements in preorder (the root element first), the order
// StateRecord indexes them in, and for each the index past its subtree.
func (d *Document) Elements() (els []*DOMNode, ends []int) {
	var walk func(n *DOMNode)
	walk = func(n *DOMNode) {
		if n == nil || n.Type != "element" {
			return
		}
		i := len(els)
		els = append(els, n)
		ends = append(ends, 0)
		for _, c := range n.Children {
			walk(c)
		}
		ends[i] = len(els)
	}
	walk(d.Root)
	return els, ends
}

// IsDefault says value is the one the capture leaves out of a style for prop.
func IsDefault(prop, value string) bool {
	d, ok := styleDefaults[prop]
	return ok && d == value
}

// CustomProperty is a CSS custom property declared for the root element: its name ("--brand"),
// computed value ("#2563eb", "8px") and, when the value is a colour, the colour it computes to
// ("rgb(37, 99, 235)").
type CustomProperty struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Color string `json:"color"`
}

// PlatformFont is one font that drew text of an element.
type PlatformFont struct {
	// Family and PostScriptName are the face's own names (a web font's are those inside its
	// file, not its @font-face family).
	Family         string `json:"family"`
	PostScriptName string `json:"postscript_name"`
	// Custom says it is a web font.
	Custom bool `json:"custom"`
	Glyphs int  `json:"glyphs"`
}

// FontFace is one @font-face face of the page: family, weight ("400", or a range "100 900"),
// style ("normal", "italic", "oblique ...") and status ("loaded", "error", "unloaded", "loading").
type FontFace struct {
	Family string `json:"family"`
	Weight string `json:"weight"`
	Style  string `json:"style"`
	Status string `json:"status"`
	// AssetID names the asset of the face's font file (kind "font"), recorded for a loaded face
	// whose @font-face rule the page could read, at most capture.MaxWebFontFiles per page.
	AssetID string `json:"asset_id"`
}

// Box is a layout box in page coordinates (CSS px, origin at the page's top left).
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Transform is an element's 2D CSS transform, transform-origin folded in.
type Transform struct {
	// Matrix [a, b, c, d, e, f] maps a point (x, y) of the element's untransformed border box
	// (px from its top left) to (a*x + c*y + e, b*x + d*y + f), px from the untransformed box's
	// top left in its parent's space.
	Matrix [6]float64 `json:"matrix"`
}

// MinTransformDeterminant is the smallest |a*d - b*c| of a transform the conversion draws as a
// relativeTransform: a flatter one (scale(0), a 90° skew) draws nothing Figma can invert.
const MinTransformDeterminant = 1e-6

// Affine returns the element's transform when it is one the conversion can draw: finite
// numbers and |determinant| at least MinTransformDeterminant.
func (n *DOMNode) Affine() ([6]float64, bool) {
	if n.Transform == nil {
		return [6]float64{}, false
	}
	m := n.Transform.Matrix
	for _, v := range m {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return m, false
		}
	}
	return m, math.Abs(m[0]*m[3]-m[1]*m[2]) >= MinTransformDeterminant
}

// DOMNode is an element ("element") or a text run ("text") of the captured document.
type DOMNode struct {
	Type string `json:"type"`
	// Tag is the lowercase tag name of an element.
	Tag string `json:"tag"`
	// Text is a text run's characters (whitespace collapsed unless white-space keeps it).
	Text string `json:"text"`
	// Box is the element's border box; for an element with a Transform it is the box before
	// the transform, and its descendants' boxes are in that untransformed space too.
	Box Box `json:"box"`
	// Transform is the element's 2D transform when the capture recorded it (page.js
	// untransform); nil for no transform, a pure translation (Box is where it is drawn) and a
	// transform the capture left as its bounding box (3D).
	Transform *Transform `json:"transform"`
	// Rects are the line fragments of a text run or inline element that wraps (one client rect
	// per line, in page coordinates); empty when it sits on one line or the capture predates them.
	Rects []Box `json:"rects"`
	// LineStarts are, for a text run with Rects, where each fragment's characters start in Text
	// (UTF-16 code units, its first character that is not white space); empty when the capture
	// predates them.
	LineStarts []int             `json:"line_starts"`
	Attrs      map[string]string `json:"attrs"`
	// Style holds computed style values; a property left out has its default (styleDefaults).
	Style map[string]string `json:"style"`
	// BackgroundImages are the asset ids of the url() layers of background-image, in order.
	BackgroundImages []string `json:"background_images"`
	// Value is the text a form control shows (input: its live value, textarea: its text,
	// select: the chosen options' labels); nil for other elements, password inputs and captures
	// made before it was recorded.
	Value *string `json:"value"`
	// PlaceholderStyle is the computed style of an input's or textarea's ::placeholder where it
	// differs from the control's own (page.js PLACEHOLDER_STYLE: colour, font, case, decoration),
	// recorded when the control shows its placeholder; nil otherwise.
	PlaceholderStyle map[string]string `json:"placeholder_style"`
	// PseudoRef indexes Document.PseudoBoxes for an element with pseudo-elements.
	PseudoRef *int `json:"pseudo_ref"`
	// FontRef indexes Document.PlatformFonts for a text run (the fonts that drew it).
	FontRef *int      `json:"font_ref"`
	Image   *DOMImage `json:"image"`
	Pseudo  []Pseudo  `json:"pseudo"`
	// Vars names the custom property that set a colour property ("color", "background-color",
	// "border-top-color" -> "--brand"), when the capture could tell (facts.js).
	Vars map[string]string `json:"vars"`
	// GridTracks are a grid container's track lists as CSS computes them, before layout
	// resolves them to px (facts.js); nil for other elements and captures made before them.
	GridTracks *GridTracks `json:"grid_tracks"`
	Children   []*DOMNode  `json:"children"`
	// VectorFacts are the facts of vectors and icons (worker/convert/vector).
	VectorFacts
}

// GridTracks are the computed values of a grid container's grid-template-columns and
// grid-template-rows as CSS Typed OM gives them ("200px 1fr auto", "repeat(3, 1fr)", "none"):
// how each track is sized, where the element's Style holds the sizes layout resolved (px).
type GridTracks struct {
	Columns string `json:"columns"`
	Rows    string `json:"rows"`
}

// DOMImage is the image an img element shows (or an inline SVG kept whole).
type DOMImage struct {
	AssetID       string `json:"asset_id"`
	NaturalWidth  int    `json:"natural_width"`
	NaturalHeight int    `json:"natural_height"`
}

// Pseudo records a pseudo-element that draws something: "before" or "after" with its computed
// content, or "marker" with the list style (list-style-image, else list-style-type).
type Pseudo struct {
	Which   string `json:"which"`
	Content string `json:"content"`
	// Text is what it shows: ::before/::after content made of strings and attr(), a marker's
	// string ("• ", "3. ", a custom ::marker content); nil when the capture could not resolve
	// it (counters, images) or predates it.
	Text *string `json:"text"`
	// Style is its computed style (the properties page.js PSEUDO_STYLE lists).
	Style map[string]string `json:"style"`
	// Position is a marker's list-style-position ("outside" or "inside").
	Position string `json:"position"`
	// BackgroundImages are the asset ids of the url() layers of its background-image, in
	// order (as an element's).
	BackgroundImages []string `json:"background_images"`
}

// PseudoBox is the border box of a pseudo-element (DevTools DOM.getBoxModel), page CSS px.
type PseudoBox struct {
	Which  string  `json:"which"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Asset is one stored image of the capture.
type Asset struct {
	ID string `json:"id"`
	// Kind is how the page showed it ("img", "background", "inline-svg"); the capture worker now
	// records it in Document.AssetKinds instead.
	Kind string `json:"kind"`
	// SourceURL is where the page loaded it from; empty for inline content.
	SourceURL string `json:"source_url"`
	Key       string `json:"key"`
	MimeType  string `json:"mime_type"`
	SHA256    string `json:"sha256"`
	ByteSize  int64  `json:"byte_size"`
}

// UnresolvedImage is an image the page showed whose bytes the capture could not record.
type UnresolvedImage struct {
	ID        string `json:"id"`
	SourceURL string `json:"source_url"`
	Reason    string `json:"reason"`
}

// ErrInvalidCapture marks a capture that cannot be converted (malformed, another kind or
// version, another page import, no document).
var ErrInvalidCapture = errors.New("invalid capture")

// Parse decodes a capture JSON and checks that it is a capture of pageImportID. Errors
// wrap ErrInvalidCapture.
func Parse(raw []byte, pageImportID string) (*Capture, error) {
	var c Capture
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("%w: not a capture JSON document", ErrInvalidCapture)
	}
	m := c.Manifest
	switch {
	case m.Kind != CaptureKind || m.Version != CaptureVersion:
		return nil, fmt.Errorf("%w: kind %q version %d, want %s version %d", ErrInvalidCapture, m.Kind, m.Version, CaptureKind, CaptureVersion)
	case m.PageImportID != pageImportID:
		return nil, fmt.Errorf("%w: it belongs to another page import", ErrInvalidCapture)
	case c.Document.Root == nil || c.Document.Root.Type != "element":
		return nil, fmt.Errorf("%w: it has no document root element", ErrInvalidCapture)
	}
	return &c, nil
}

// styleDefaults are the values worker/capture leaves out of a node's style because they are the
// initial (or most common) value (page.js STYLE, facts.js LAYOUT); only the properties read here
// are listed.
var styleDefaults = map[string]string{
	"position": "static", "z-index": "auto", "float": "none",
	"border-top-width": "0px", "border-right-width": "0px", "border-bottom-width": "0px", "border-left-width": "0px",
	"border-top-style": "none", "border-right-style": "none", "border-bottom-style": "none", "border-left-style": "none",
	"border-top-left-radius": "0px", "border-top-right-radius": "0px",
	"border-bottom-right-radius": "0px", "border-bottom-left-radius": "0px",
	"background-color": "rgba(0, 0, 0, 0)", "background-image": "none",
	"background-size": "auto", "background-position": "0% 0%", "background-repeat": "repeat", "background-blend-mode": "normal",
	"opacity": "1", "visibility": "visible", "overflow-x": "visible", "overflow-y": "visible",
	"box-shadow": "none", "transform": "none", "filter": "none", "backdrop-filter": "none", "mix-blend-mode": "normal",
	"outline-style": "none", "outline-width": "3px", "outline-offset": "0px", "outline-color": "rgb(0, 0, 0)",
	"font-style": "normal", "letter-spacing": "normal", "text-align": "start", "text-transform": "none",
	"text-decoration-line": "none", "white-space": "normal", "writing-mode": "horizontal-tb", "direction": "ltr",
	"background-clip": "border-box", "background-origin": "padding-box", "background-attachment": "scroll", "text-shadow": "none",
	"object-fit": "fill", "object-position": "50% 50%", "text-overflow": "clip", "-webkit-line-clamp": "none",
	"text-wrap-style": "auto", "font-variant-caps": "normal", "text-decoration-style": "solid", "border-collapse": "separate", "text-decoration-thickness": "auto",
	"text-underline-offset": "auto",
	"clip-path":             "none", "border-image-source": "none", "column-rule-style": "none", "appearance": "auto",
	"font-family": "sans-serif", "font-size": "16px", "font-weight": "400", "line-height": "normal",
	"color":     "rgb(0, 0, 0)",
	"flex-grow": "0", "flex-shrink": "1", "flex-basis": "auto", "align-self": "auto", "order": "0",
	"row-gap": "normal", "column-gap": "normal", "align-content": "normal", "justify-items": "normal",
	"grid-template-columns": "none", "grid-template-rows": "none", "grid-auto-flow": "row",
	"min-width": "auto", "max-width": "none", "min-height": "auto", "max-height": "none",
	"grid-auto-columns": "auto", "grid-auto-rows": "auto",
	"grid-row-start": "auto", "grid-row-end": "auto", "grid-column-start": "auto", "grid-column-end": "auto",
	"flex-direction": "row", "flex-wrap": "nowrap", "justify-content": "normal", "align-items": "normal",
}

// InputType is the type attribute of an input element as HTML reads it (lowercase, trimmed: ""
// when absent); "" for any other element.
func (n *DOMNode) InputType() string {
	if n.Tag != "input" {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(n.Attrs["type"]))
}

// Computed returns the computed value of prop, or its default when the capture left it out.
func (n *DOMNode) Computed(prop string) string {
	if v, ok := n.Style[prop]; ok {
		return v
	}
	return styleDefaults[prop]
}

// Point is a position in CSS px.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// VectorFacts are the members of a captured element that the capture's vector helpers
// (worker/capture/svg.js) record.
type VectorFacts struct {
	// SVGNotes say what the capture could not resolve while copying an inline SVG.
	SVGNotes []SVGNote `json:"svg_notes"`
	// Crop is a raster crop of the element's border box taken at the capture's scale, when its
	// vector form would import wrong.
	Crop *Crop `json:"crop"`
	// Mask is the element's CSS mask (worker/convert/vector).
	Mask *MaskFact `json:"mask"`
	// IconFont lists the icon-font glyphs the element shows (worker/convert/vector).
	IconFont *IconFontFact `json:"icon_font"`
}

// SVGNote is one problem of an inline SVG copy: code SVG_REFERENCE_UNRESOLVED (detail: the
// reference), SVG_TRUNCATED or SVG_NOT_INLINED.
type SVGNote struct {
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// Crop names a PNG asset of the element's box and why it was taken ("svg", "mask", "glyph",
// "widget": an element the browser draws itself, such as a native input widget, a video or an
// iframe), or
// of a canvas's content box: "canvas-tainted" (the page could not read the canvas: another
// origin's image was drawn into it), "canvas-large" (its bitmap is over the capture's pixel
// limit).
type Crop struct {
	AssetID string `json:"asset_id"`
	Reason  string `json:"reason"`
}

// MaskFact is a CSS mask the capture recorded: its image (an asset of kind "mask" when the mask
// is one url()), the computed mask-size, -position and -repeat, and the background colour the
// mask lets through.
type MaskFact struct {
	AssetID  string `json:"asset_id"`
	Size     string `json:"size"`
	Position string `json:"position"`
	Repeat   string `json:"repeat"`
	Color    string `json:"color"`
}

// IconFontFact lists the icon-font glyphs an element shows.
type IconFontFact struct {
	Glyphs []Glyph `json:"glyphs"`
}

// Glyph is one icon-font glyph: where it is ("before", "after" or "text" for a ligature), its
// characters, the computed font-family and colour.
type Glyph struct {
	Which      string `json:"which"`
	Text       string `json:"text"`
	FontFamily string `json:"font_family"`
	Color      string `json:"color"`
	// FontSize and LineHeight are the glyph's computed font-size and line-height.
	FontSize   string `json:"font_size"`
	LineHeight string `json:"line_height"`
	// FontAsset is the capture asset of the font file (WOFF2, WOFF, TrueType or OpenType) the
	// page declares for the glyph's family and weight; empty when there is none.
	FontAsset string `json:"font_asset"`
}

// CaptureWarning is a warning the capture worker recorded about the page (document.warnings:
// a page that never settled, infinite animations paused, JavaScript dialogs answered).
type CaptureWarning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}
