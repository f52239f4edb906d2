// Package warnings holds the codes of the result's warnings (docs/conversion.md "Warnings") and
// List, the warnings of one conversion in order, which each pass adds to.
package warnings

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/internal/callback"
)

// Warning codes: stable names for what the conversion could not express; docs/conversion.md
// "Warning codes" says when each is given. Nothing the page shows is dropped without one.
const (
	UnsupportedElement   = "UNSUPPORTED_ELEMENT"        // video, audio, iframe, embed, object, native widget without a usable crop, a canvas without pixels: a placeholder
	FormControl          = "FORM_CONTROL_APPROXIMATED"  // input, select, textarea: box, background, border and text only
	PseudoElement        = "PSEUDO_ELEMENT"             // ::before/::after content not drawn (no text or no box)
	ListMarker           = "LIST_MARKER"                // a list marker not drawn
	Transform            = "CSS_TRANSFORM"              // a transform Figma cannot hold (3D, flattening): the transformed bounding box is used
	Filter               = "CSS_FILTER"                 // filter or backdrop-filter functions other than blur() and drop-shadow(), left out
	Outline              = "CSS_OUTLINE"                // an outline drawn solid: the focus ring (auto), double, groove, ridge, inset, outset
	Gradient             = "CSS_GRADIENT"               // a gradient not read (a colour hint, an interpolation space, a repeating radial or conic one), left out
	BackgroundLayout     = "CSS_BACKGROUND_LAYOUT"      // background size, position or repeat approximated
	BackgroundAttachment = "CSS_BACKGROUND_ATTACHMENT"  // a fixed background drawn as the page shows it scrolled to the element
	ObjectFit            = "CSS_OBJECT_FIT"             // object-fit none or an off-centre object-position approximated
	BlendMode            = "CSS_BLEND_MODE"             // a mix-blend-mode Figma lacks
	BorderStyle          = "CSS_BORDER_STYLE"           // a border drawn solid, or sides of different styles drawn in one
	BorderColors         = "CSS_BORDER_COLORS"          // border sides of different colours drawn in one
	EllipticalRadius     = "CSS_ELLIPTICAL_RADIUS"      // elliptical corners drawn circular
	BaselineShift        = "TEXT_BASELINE_SHIFT"        // raised or lowered text of a paragraph set on the baseline (once per paragraph)
	LineHeightMixed      = "TEXT_LINE_HEIGHT_MIXED"     // paragraph ranges of another line height (once per paragraph)
	RangeEffect          = "TEXT_RANGE_EFFECT"          // ranges differing in text shadow, text stroke or clipped gradient (once per paragraph)
	TextEmphasis         = "TEXT_EMPHASIS"              // text-emphasis marks not drawn (once per paragraph)
	ClipPath             = "CSS_CLIP_PATH"              // a clip-path not converted: the element drawn unclipped
	BorderImage          = "CSS_BORDER_IMAGE"           // a border-image not converted: the border drawn in its colour
	ColumnRule           = "CSS_COLUMN_RULE"            // a multi-column element's column-rule not drawn
	DecorationStyle      = "TEXT_DECORATION_STYLE"      // a dashed or double text decoration drawn dotted or solid (once per decorating element)
	TextShadow           = "CSS_TEXT_SHADOW"            // a text-shadow not read
	BoxShadow            = "CSS_BOX_SHADOW"             // a box-shadow not read
	Color                = "CSS_COLOR"                  // a colour syntax not read (color(rec2100-pq ...)): the paint is left out
	WritingMode          = "CSS_WRITING_MODE"           // vertical text other than one upright CJK column, drawn horizontally in its box (once per element)
	GenericFont          = "FONT_GENERIC_FAMILY"        // a generic family mapped to a concrete font (once per family)
	FontFace             = "FONT_FACE_SUBSTITUTED"      // text set in the face drawn, not the one declared (once per family and faces)
	FontNotLoaded        = "FONT_NOT_LOADED"            // a declared web font did not load (once per family)
	FontFallback         = "FONT_FALLBACK"              // no declared family usable: set in Inter (once per font-family list)
	ImageUnresolved      = "IMAGE_UNRESOLVED"           // an image without bytes (not loaded, not recorded, missing)
	CanvasCropped        = "CANVAS_CROPPED"             // a canvas the page could not read (tainted, too large): its pixels cropped from the page
	ElementRasterized    = "ELEMENT_RASTERIZED"         // a native widget, media player or embedded page drawn as the page's pixels (its crop)
	ImageFormat          = "IMAGE_UNSUPPORTED_FORMAT"   // an image format a result cannot carry (AVIF, ICO, BMP...)
	ImageTooLarge        = "IMAGE_TOO_LARGE"            // over MaxImageBytes, MaxDeclaredImageSide or MaxConvertBytes to decode
	ImageBudget          = "IMAGE_BUDGET_EXCEEDED"      // past MaxImages or MaxTotalImageBytes of the result
	ImageInvalid         = "IMAGE_INVALID"              // bytes not matching the capture, not decoding, or an SVG not well-formed
	CaptureTruncated     = "CAPTURE_TRUNCATED"          // the capture stopped at one of its limits
	DepthFlattened       = "TREE_DEPTH_FLATTENED"       // an element deeper than MaxDepth merged into its ancestor
	NodeLimit            = "NODE_LIMIT"                 // more than MaxNodes nodes: the rest left out
	Truncated            = resultjson.TruncatedCode     // more than MaxWarnings: the last counts the left-out ones
	FidelityNotMeasured  = "FIDELITY_NOT_MEASURED"      // the self-check could not draw or compare the preview
	ResultTrimmed        = "RESULT_TRIMMED"             // over MaxResultBytes: the last nodes in document order left out
	SVGReference         = "SVG_REFERENCE_UNRESOLVED"   // an inline SVG's <use> or url(#id) points at nothing found
	SVGIncomplete        = "SVG_INCOMPLETE"             // an inline SVG cut at its size or kept as written
	SVGUnsafe            = "SVG_UNSAFE_CONTENT_REMOVED" // scripts, handlers, javascript: links or outside references removed
	SVGUnsupported       = "SVG_UNSUPPORTED_FEATURE"    // foreignObject or complex <style> rules left out of an SVG without a crop
	SVGRaster            = "SVG_RASTERIZED"             // an inline SVG Figma would import wrong, drawn as a raster crop
	MaskRaster           = "CSS_MASK_RASTER"            // a CSS mask that is not one SVG image, drawn as a raster crop
	MaskApproximated     = "CSS_MASK_APPROXIMATED"      // an SVG mask's size, position or repeat approximated (centred, contained)
	IconFontRaster       = "ICON_FONT_RASTER"           // an icon-font glyph whose outline could not be used, drawn as a crop
)

// List collects the warnings of one conversion, deduplicating the ones that are once per page
// (keyed); Sort puts them in the result's order and Done caps the list at MaxWarnings.
type List struct {
	// RootID names the node of page-wide warnings.
	RootID string
	list   []resultjson.Warning
	once   map[string]bool
}

// Add records a warning about nodeID (empty for page-wide ones).
func (w *List) Add(code, nodeID, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if len(msg) > resultjson.MaxWarningMessageBytes {
		msg = callback.TruncateUTF8(msg, resultjson.MaxWarningMessageBytes-3) + "..."
	}
	nodeID = cmp.Or(nodeID, w.RootID)
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

// Sort puts the warnings listed so far in the result's order: by the place of their node in the
// tree under root (page-wide ones are the root's; a node not in it comes last), then by code and
// message, so the order does not depend on the order in which the passes looked.
func (w *List) Sort(root *resultjson.Node) {
	place := map[string]int{}
	root.Walk(func(n *resultjson.Node) { place[n.ID] = len(place) })
	at := func(x resultjson.Warning) int {
		if p, ok := place[*x.NodeID]; ok {
			return p
		}
		return len(place)
	}
	slices.SortStableFunc(w.list, func(a, b resultjson.Warning) int {
		return cmp.Or(cmp.Compare(at(a), at(b)), strings.Compare(a.Code, b.Code), strings.Compare(a.Message, b.Message))
	})
}

// Done returns the final list (never nil), in the order the warnings were sorted and added;
// over MaxWarnings, MaxWarnings-1 of them and a last one counting the left-out ones. The
// page-wide ones (on RootID: the capture's, passed on after the sort, and the limits') are kept
// before any other, being what explains the rest, and the others fill the room left in order;
// the kept ones stay in their order.
func (w *List) Done() []resultjson.Warning {
	if len(w.list) <= resultjson.MaxWarnings {
		return append([]resultjson.Warning{}, w.list...)
	}
	room := resultjson.MaxWarnings - 1
	keep := make([]bool, len(w.list))
	for i, x := range w.list {
		if room > 0 && *x.NodeID == w.RootID {
			keep[i] = true
			room--
		}
	}
	for i := range w.list {
		if room > 0 && !keep[i] {
			keep[i] = true
			room--
		}
	}
	out := make([]resultjson.Warning, 0, resultjson.MaxWarnings)
	for i, x := range w.list {
		if keep[i] {
			out = append(out, x)
		}
	}
	left := len(w.list) - len(out)
	return append(out, resultjson.Warning{Code: Truncated, Message: fmt.Sprintf(resultjson.TruncatedMessageFormat, left), NodeID: &w.RootID})
}

// Len is how many warnings are listed so far.
func (w *List) Len() int { return len(w.list) }

// Move points the warnings about the nodes of from at node to (nodes merged into it).
func (w *List) Move(from map[string]bool, to string) {
	for i := range w.list {
		if from[*w.list[i].NodeID] {
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
