package convert

import (
	"fmt"
	"strconv"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// Warning codes: stable names for what the conversion could not express (docs/conversion.md).
// Nothing the page shows is dropped without one of them.
const (
	// WarnUnsupportedElement: a video, audio, iframe, canvas, embed, object or native form
	// widget (checkbox, radio, range, colour, file) is drawn as a placeholder rectangle of its
	// box, background and border.
	WarnUnsupportedElement = "UNSUPPORTED_ELEMENT"
	// WarnFormControl: an input, select or textarea is drawn from its box, background, border
	// and value (or placeholder) text only.
	WarnFormControl = "FORM_CONTROL_APPROXIMATED"
	// WarnPseudoElement: ::before or ::after content (no layout box is recorded for it).
	WarnPseudoElement = "PSEUDO_ELEMENT"
	// WarnListMarker: a list item's bullet or number.
	WarnListMarker = "LIST_MARKER"
	// WarnTransform: a CSS transform; the node takes the transformed element's bounding box.
	WarnTransform = "CSS_TRANSFORM"
	// WarnFilter: a CSS filter other than a single blur() (which becomes a LAYER_BLUR effect).
	WarnFilter = "CSS_FILTER"
	// WarnGradient: a background gradient that is not a plain linear-gradient (radial, conic,
	// repeating, colour hints, interpolation spaces).
	WarnGradient = "CSS_GRADIENT"
	// WarnBackgroundLayout: background-size, -position or -repeat approximated by the nearest
	// Figma scale mode.
	WarnBackgroundLayout = "CSS_BACKGROUND_LAYOUT"
	// WarnObjectFit: object-fit none, or an object-position other than centred, approximated.
	WarnObjectFit = "CSS_OBJECT_FIT"
	// WarnBlendMode: a mix-blend-mode Figma does not have.
	WarnBlendMode = "CSS_BLEND_MODE"
	// WarnBorderStyle: a border drawn solid (double, groove, ridge, inset, outset) or sides with
	// different styles drawn in one.
	WarnBorderStyle = "CSS_BORDER_STYLE"
	// WarnBorderColors: border sides with different colours drawn in one colour.
	WarnBorderColors = "CSS_BORDER_COLORS"
	// WarnEllipticalRadius: elliptical corners drawn circular (the smaller radius).
	WarnEllipticalRadius = "CSS_ELLIPTICAL_RADIUS"
	// WarnBaselineShift: a paragraph has text raised or lowered from the baseline
	// (vertical-align super, sub or a length: sup, sub); its range is set on the baseline. Once per
	// paragraph.
	WarnBaselineShift = "TEXT_BASELINE_SHIFT"
	// WarnLineHeightMixed: a paragraph has ranges of another line height than its own; Figma
	// sets the paragraph's. Once per paragraph.
	WarnLineHeightMixed = "TEXT_LINE_HEIGHT_MIXED"
	// WarnRangeEffect: a paragraph's ranges differ in what only a whole TEXT can have: a text
	// shadow (the first range's is kept), or a gradient clipped to a range (laid out in the
	// range's element box, where Figma spans the whole TEXT). Once per paragraph.
	WarnRangeEffect = "TEXT_RANGE_EFFECT"
	// WarnTextShadow: a text-shadow the converter could not read.
	WarnTextShadow = "CSS_TEXT_SHADOW"
	// WarnBoxShadow: a box-shadow the converter could not read.
	WarnBoxShadow = "CSS_BOX_SHADOW"
	// WarnColor: a colour in a syntax the converter does not read (for example oklch()); the
	// paint is left out.
	WarnColor = "CSS_COLOR"
	// WarnWritingMode: text in a vertical writing mode (writing-mode vertical-rl, vertical-lr,
	// sideways-rl, sideways-lr) drawn horizontally in its box: Figma has no vertical text. Once
	// per element, on its first text node.
	WarnWritingMode = "CSS_WRITING_MODE"
	// WarnGenericFont: a generic font family (sans-serif, serif, monospace, system-ui, ...)
	// mapped to a concrete Figma font; once per generic family.
	WarnGenericFont = "FONT_GENERIC_FAMILY"
	// WarnFontFace: text drawn in a face of another weight or style than declared (the family
	// lacks it: a 600 drawn by the 700 face, italic drawn upright); the TEXT is set in the face
	// drawn. Once per family and pair of faces.
	WarnFontFace = "FONT_FACE_SUBSTITUTED"
	// WarnFontNotLoaded: a web font (@font-face) declared for text did not load; the text is set
	// in the next declared family Figma users have, never in the one that failed. Once per family.
	WarnFontNotLoaded = "FONT_NOT_LOADED"
	// WarnFontFallback: no declared family of the text is a web font that drew it or a family
	// Figma users have (docs/conversion.md "Fonts"); set in Inter. Once per font-family list.
	WarnFontFallback = "FONT_FALLBACK"
	// WarnImageUnresolved: an image the page shows has no bytes in the capture (not loaded,
	// over the capture's limits, or its object is missing).
	WarnImageUnresolved = "IMAGE_UNRESOLVED"
	// WarnImageFormat: an image in a format a result cannot carry (AVIF, ICO, BMP, ...).
	WarnImageFormat = "IMAGE_UNSUPPORTED_FORMAT"
	// WarnImageTooLarge: an image over MaxImageBytes, MaxDeclaredImageSide or (when the backend
	// has to convert it) whose decoding would take more than MaxConvertBytes (DecodeCost).
	WarnImageTooLarge = "IMAGE_TOO_LARGE"
	// WarnImageBudget: an image past MaxTotalImageBytes or MaxImages for the result.
	WarnImageBudget = "IMAGE_BUDGET_EXCEEDED"
	// WarnImageInvalid: an image whose bytes do not match the capture's hash, size or type, do
	// not decode, or (SVG) are not well-formed.
	WarnImageInvalid = "IMAGE_INVALID"
	// WarnCaptureTruncated: the capture stopped recording at one of its limits, so the end of
	// the page is missing.
	WarnCaptureTruncated = "CAPTURE_TRUNCATED"
	// WarnDepthFlattened: an element deeper than MaxDepth was flattened into its ancestor (its
	// clip, opacity or effects are lost).
	WarnDepthFlattened = "TREE_DEPTH_FLATTENED"
	// WarnNodeLimit: the page has more than MaxNodes nodes; the rest are left out.
	WarnNodeLimit = "NODE_LIMIT"
	// WarnTruncated: more than MaxWarnings warnings; the last one counts the omitted ones.
	WarnTruncated = "WARNINGS_TRUNCATED"
	// WarnFidelityNotMeasured: the self-check (CONVERT_SELF_CHECK) could not draw the preview or
	// compare it with the screenshot (no screenshot, one too large, a result the preview refuses,
	// a renderer failure or timeout); the result has no pixel score (docs/fidelity.md).
	WarnFidelityNotMeasured = "FIDELITY_NOT_MEASURED"
)

// warnings collects the warnings of one conversion in order, deduplicating the ones that are
// once per page (keyed), and capping the list at MaxWarnings.
type warnings struct {
	// rootID names the node of page-wide warnings.
	rootID  string
	list    []resultjson.Warning
	once    map[string]bool
	omitted int
}

// add records a warning about nodeID (empty for page-wide ones).
func (w *warnings) add(code, nodeID, format string, args ...any) {
	if len(w.list) >= resultjson.MaxWarnings {
		w.omitted++
		return
	}
	msg := fmt.Sprintf(format, args...)
	if len(msg) > resultjson.MaxWarningMessageBytes {
		msg = callback.TruncateUTF8(msg, resultjson.MaxWarningMessageBytes-3) + "..."
	}
	if nodeID == "" {
		nodeID = w.rootID
	}
	w.list = append(w.list, resultjson.Warning{Code: code, Message: msg, NodeID: &nodeID})
}

// addOnce records a warning only the first time key is seen.
func (w *warnings) addOnce(key, code, nodeID, format string, args ...any) {
	if w.once == nil {
		w.once = map[string]bool{}
	}
	if w.once[key] {
		return
	}
	w.once[key] = true
	w.add(code, nodeID, format, args...)
}

// done returns the final list (never nil).
func (w *warnings) done() []resultjson.Warning {
	if w.omitted == 0 {
		return append([]resultjson.Warning{}, w.list...)
	}
	// Over the cap: the last listed warning makes room for the count of the left-out ones.
	out := append([]resultjson.Warning{}, w.list[:resultjson.MaxWarnings-1]...)
	return append(out, resultjson.Warning{Code: WarnTruncated, Message: strconv.Itoa(w.omitted+1) + " more warnings were left out", NodeID: &w.rootID})
}
