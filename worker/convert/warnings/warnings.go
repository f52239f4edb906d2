// Package warnings holds the codes of the result's warnings (docs/conversion.md "Warnings") and
// List, the warnings of one conversion in order, which each pass adds to.
package warnings

import (
	"fmt"
	"strconv"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// Warning codes: stable names for what the conversion could not express. Nothing the page shows
// is dropped without one of them.
const (
	// UnsupportedElement: a video, audio, iframe, canvas, embed, object or native form
	// widget (checkbox, radio, range, colour, file) is drawn as a placeholder rectangle of its
	// box, background and border.
	UnsupportedElement = "UNSUPPORTED_ELEMENT"
	// FormControl: an input, select or textarea is drawn from its box, background, border
	// and value (or placeholder) text only.
	FormControl = "FORM_CONTROL_APPROXIMATED"
	// PseudoElement: ::before or ::after content (no layout box is recorded for it).
	PseudoElement = "PSEUDO_ELEMENT"
	// ListMarker: a list item's bullet or number.
	ListMarker = "LIST_MARKER"
	// Transform: a CSS transform; the node takes the transformed element's bounding box.
	Transform = "CSS_TRANSFORM"
	// Filter: a CSS filter other than a single blur() (which becomes a LAYER_BLUR effect).
	Filter = "CSS_FILTER"
	// Gradient: a background gradient that is not a plain linear-gradient (radial, conic,
	// repeating, colour hints, interpolation spaces).
	Gradient = "CSS_GRADIENT"
	// BackgroundLayout: background-size, -position or -repeat approximated by the nearest
	// Figma scale mode.
	BackgroundLayout = "CSS_BACKGROUND_LAYOUT"
	// ObjectFit: object-fit none, or an object-position other than centred, approximated.
	ObjectFit = "CSS_OBJECT_FIT"
	// BlendMode: a mix-blend-mode Figma does not have.
	BlendMode = "CSS_BLEND_MODE"
	// BorderStyle: a border drawn solid (double, groove, ridge, inset, outset) or sides with
	// different styles drawn in one.
	BorderStyle = "CSS_BORDER_STYLE"
	// BorderColors: border sides with different colours drawn in one colour.
	BorderColors = "CSS_BORDER_COLORS"
	// EllipticalRadius: elliptical corners drawn circular (the smaller radius).
	EllipticalRadius = "CSS_ELLIPTICAL_RADIUS"
	// BaselineShift: a paragraph has text raised or lowered from the baseline
	// (vertical-align super, sub or a length: sup, sub); its range is set on the baseline. Once per
	// paragraph.
	BaselineShift = "TEXT_BASELINE_SHIFT"
	// LineHeightMixed: a paragraph has ranges of another line height than its own; Figma
	// sets the paragraph's. Once per paragraph.
	LineHeightMixed = "TEXT_LINE_HEIGHT_MIXED"
	// RangeEffect: a paragraph's ranges differ in what only a whole TEXT can have: a text
	// shadow (the first range's is kept), or a gradient clipped to a range (laid out in the
	// range's element box, where Figma spans the whole TEXT). Once per paragraph.
	RangeEffect = "TEXT_RANGE_EFFECT"
	// TextShadow: a text-shadow the converter could not read.
	TextShadow = "CSS_TEXT_SHADOW"
	// BoxShadow: a box-shadow the converter could not read.
	BoxShadow = "CSS_BOX_SHADOW"
	// Color: a colour in a syntax the converter does not read (for example oklch()); the
	// paint is left out.
	Color = "CSS_COLOR"
	// WritingMode: text in a vertical writing mode (writing-mode vertical-rl, vertical-lr,
	// sideways-rl, sideways-lr) drawn horizontally in its box: Figma has no vertical text. Once
	// per element, on its first text node.
	WritingMode = "CSS_WRITING_MODE"
	// GenericFont: a generic font family (sans-serif, serif, monospace, system-ui, ...)
	// mapped to a concrete Figma font; once per generic family.
	GenericFont = "FONT_GENERIC_FAMILY"
	// FontFace: text drawn in a face of another weight or style than declared (the family
	// lacks it: a 600 drawn by the 700 face, italic drawn upright); the TEXT is set in the face
	// drawn. Once per family and pair of faces.
	FontFace = "FONT_FACE_SUBSTITUTED"
	// FontNotLoaded: a web font (@font-face) declared for text did not load; the text is set
	// in the next declared family Figma users have, never in the one that failed. Once per family.
	FontNotLoaded = "FONT_NOT_LOADED"
	// FontFallback: no declared family of the text is a web font that drew it or a family
	// Figma users have (docs/conversion.md "Fonts"); set in Inter. Once per font-family list.
	FontFallback = "FONT_FALLBACK"
	// ImageUnresolved: an image the page shows has no bytes in the capture (not loaded,
	// over the capture's limits, or its object is missing).
	ImageUnresolved = "IMAGE_UNRESOLVED"
	// ImageFormat: an image in a format a result cannot carry (AVIF, ICO, BMP, ...).
	ImageFormat = "IMAGE_UNSUPPORTED_FORMAT"
	// ImageTooLarge: an image over MaxImageBytes, MaxDeclaredImageSide or (when the backend
	// has to convert it) whose decoding would take more than MaxConvertBytes (DecodeCost).
	ImageTooLarge = "IMAGE_TOO_LARGE"
	// ImageBudget: an image past MaxTotalImageBytes or MaxImages for the result.
	ImageBudget = "IMAGE_BUDGET_EXCEEDED"
	// ImageInvalid: an image whose bytes do not match the capture's hash, size or type, do
	// not decode, or (SVG) are not well-formed.
	ImageInvalid = "IMAGE_INVALID"
	// CaptureTruncated: the capture stopped recording at one of its limits, so the end of
	// the page is missing.
	CaptureTruncated = "CAPTURE_TRUNCATED"
	// DepthFlattened: an element deeper than MaxDepth was flattened into its ancestor (its
	// clip, opacity or effects are lost).
	DepthFlattened = "TREE_DEPTH_FLATTENED"
	// NodeLimit: the page has more than MaxNodes nodes; the rest are left out.
	NodeLimit = "NODE_LIMIT"
	// Truncated: more than MaxWarnings warnings; the last one counts the omitted ones.
	Truncated = "WARNINGS_TRUNCATED"
	// FidelityNotMeasured: the self-check (CONVERT_SELF_CHECK) could not draw the preview or
	// compare it with the screenshot (no screenshot, one too large, a result the preview refuses,
	// a renderer failure or timeout); the result has no pixel score (docs/fidelity.md).
	FidelityNotMeasured = "FIDELITY_NOT_MEASURED"
	// ResultTrimmed: the result would have been over MaxResultBytes; the last nodes of the page
	// in document order were left out.
	ResultTrimmed = "RESULT_TRIMMED"
	// SVGReference: a <use> or url(#id) reference of an inline SVG pointed at nothing the
	// capture could find (same document or a fetched sprite file); that part is missing.
	SVGReference = "SVG_REFERENCE_UNRESOLVED"
	// SVGIncomplete: the capture could not copy an inline SVG whole (over 5,000 elements, or
	// the copy failed and the markup as written was kept).
	SVGIncomplete = "SVG_INCOMPLETE"
	// SVGUnsafe: scripts, event handlers, javascript: URLs or references outside the SVG
	// (which Figma cannot load and which may point at private addresses) were removed.
	SVGUnsafe = "SVG_UNSAFE_CONTENT_REMOVED"
	// SVGUnsupported: content Figma's createNodeFromSvg cannot import (foreignObject,
	// <style> rules with selectors other than tag, .class, #id) was left out of an SVG for which
	// no raster crop exists.
	SVGUnsupported = "SVG_UNSUPPORTED_FEATURE"
	// SVGRaster: an inline SVG Figma would import wrong (foreignObject, filter primitives it
	// lacks) is drawn as a raster crop of the page at the capture's scale.
	SVGRaster = "SVG_RASTERIZED"
	// MaskRaster: a CSS-masked element whose mask is not one SVG image (a PNG, a gradient,
	// several layers) is drawn as a raster crop of the page at the capture's scale.
	MaskRaster = "CSS_MASK_RASTER"
	// MaskApproximated: an SVG mask drawn in the element's colour, with a mask-size,
	// -position or -repeat Figma cannot express approximated by fitting it centred (contain).
	MaskApproximated = "CSS_MASK_APPROXIMATED"
	// IconFontRaster: an icon-font glyph whose outline could not be used (a Private Use Area character or an icon font's
	// ligature) is drawn as a raster crop of the page at the capture's scale, never as a
	// character in a font Figma users do not have.
	IconFontRaster = "ICON_FONT_RASTER"
)

// List collects the warnings of one conversion in order, deduplicating the ones that are
// once per page (keyed), and capping the list at MaxWarnings.
type List struct {
	// RootID names the node of page-wide warnings.
	RootID  string
	list    []resultjson.Warning
	once    map[string]bool
	omitted int
}

// Add records a warning about nodeID (empty for page-wide ones).
func (w *List) Add(code, nodeID, format string, args ...any) {
	if len(w.list) >= resultjson.MaxWarnings {
		w.omitted++
		return
	}
	msg := fmt.Sprintf(format, args...)
	if len(msg) > resultjson.MaxWarningMessageBytes {
		msg = callback.TruncateUTF8(msg, resultjson.MaxWarningMessageBytes-3) + "..."
	}
	if nodeID == "" {
		nodeID = w.RootID
	}
	w.list = append(w.list, resultjson.Warning{Code: code, Message: msg, NodeID: &nodeID})
}

// AddOnce records a warning only the first time key is seen.
func (w *List) AddOnce(key, code, nodeID, format string, args ...any) {
	if w.once == nil {
		w.once = map[string]bool{}
	}
	if w.once[key] {
		return
	}
	w.once[key] = true
	w.Add(code, nodeID, format, args...)
}

// Done returns the final list (never nil).
func (w *List) Done() []resultjson.Warning {
	if w.omitted == 0 {
		return append([]resultjson.Warning{}, w.list...)
	}
	// Over the cap: the last listed warning makes room for the count of the left-out ones.
	out := append([]resultjson.Warning{}, w.list[:resultjson.MaxWarnings-1]...)
	return append(out, resultjson.Warning{Code: Truncated, Message: strconv.Itoa(w.omitted+1) + " more warnings were left out", NodeID: &w.RootID})
}

// Len is how many warnings are listed so far.
func (w *List) Len() int { return len(w.list) }

// Move gives the warnings about node from to node to (a node that is not kept hands its
// warnings to its parent).
func (w *List) Move(from, to string) {
	for i := range w.list {
		if id := w.list[i].NodeID; id != nil && *id == from {
			w.list[i].NodeID = &to
		}
	}
}

// Point sets the node of the warnings listed from index from up to index to (values of Len).
func (w *List) Point(from, to int, nodeID string) {
	for i := from; i < to; i++ {
		w.list[i].NodeID = &nodeID
	}
}
