// Package preview draws a Code2Des result (docs/results.md, docs/schemas/result.schema.json) the
// way Figma would show the nodes the plugin creates from it: it turns the node tree into an
// HTML/SVG page that follows the Figma Plugin API's meaning of every field the result format
// has (positions relative to the parent frame, paint order, SOLID/gradient/IMAGE paints with
// their scale modes and transforms, strokes by alignment and side, corner radii, clipping,
// effects, opacity, blend modes, TEXT properties, SVG nodes), and lets headless Chromium paint it
// into a PNG at the capture's scale. docs/fidelity.md lists what it cannot draw as Figma would.
//
// It is worker code: it imports nothing from server/ or models/, and it decodes the result with
// its own tolerant types (members it does not know are ignored, as the plugin ignores them).
package preview

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Bounds of one preview. Each keeps a render finite in time and memory; a result past one is
// not rendered (ErrInvalid or ErrTooLarge), which the conversion worker reports as a warning.
const (
	// MaxResultBytes bounds the result JSON a preview reads: the result format's own limit
	// (8 MiB, docs/results.md).
	MaxResultBytes = 8 << 20
	// MaxNodes bounds the nodes drawn, the root included: the result format's limit.
	MaxNodes = 50000
	// MaxDepth bounds the node nesting (root = 1): the result format's limit.
	MaxDepth = 128
	// MaxImageBytes bounds the image bytes handed to one preview together (32 MiB, the result
	// format's per-result budget).
	MaxImageBytes = 32 << 20
	// MaxPixels bounds the preview PNG in device pixels (width × height at the scale): 16 Mi px,
	// 64 MiB as RGBA in Chromium and again when decoded. A 1440 px wide page at scale 1 may be
	// 11,650 px tall; at scale 2, 2,912 px.
	MaxPixels = 16 << 20
	// MaxSide bounds each side of the preview in device pixels: Chromium's largest texture,
	// the same cap the capture worker's screenshots have.
	MaxSide = 16384
	// MaxScale bounds the device scale factor (the API's limit is 3).
	MaxScale = 4
)

// ErrInvalid marks a result that cannot be drawn: not JSON, no FRAME root, a node without a
// type, nesting past MaxDepth, a size that is not a positive finite number.
var ErrInvalid = errors.New("result cannot be previewed")

// ErrTooLarge marks a result or a preview over one of the bounds above.
var ErrTooLarge = errors.New("result too large to preview")

// result is the part of the result JSON a preview reads.
type result struct {
	Root   *node   `json:"root"`
	Images []image `json:"images"`
}

type image struct {
	Ref      string `json:"ref"`
	MimeType string `json:"mime_type"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
}

// node is one Figma node with the members the result format defines (docs/conversion.md).
type node struct {
	Type    string  `json:"type"`
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Width   float64 `json:"width"`
	Height  float64 `json:"height"`
	Visible *bool   `json:"visible"`
	// RelativeTransform with UntransformedWidth and UntransformedHeight place a transformed
	// node (X, Y, Width and Height are then its bounding box; decode swaps in the untransformed
	// size and keeps the transform in placed).
	RelativeTransform   *transform `json:"relativeTransform"`
	UntransformedWidth  *float64   `json:"untransformedWidth"`
	UntransformedHeight *float64   `json:"untransformedHeight"`
	// placed is the CSS transform of a transformed node (decode), "" for the others.
	placed string

	Opacity   *float64 `json:"opacity"`
	BlendMode string   `json:"blendMode"`
	Fills     *[]paint `json:"fills"`
	Strokes   []paint  `json:"strokes"`

	StrokeWeight       *float64  `json:"strokeWeight"`
	StrokeTopWeight    *float64  `json:"strokeTopWeight"`
	StrokeRightWeight  *float64  `json:"strokeRightWeight"`
	StrokeBottomWeight *float64  `json:"strokeBottomWeight"`
	StrokeLeftWeight   *float64  `json:"strokeLeftWeight"`
	StrokeAlign        string    `json:"strokeAlign"`
	DashPattern        []float64 `json:"dashPattern"`
	CornerRadius       *float64  `json:"cornerRadius"`
	TopLeftRadius      *float64  `json:"topLeftRadius"`
	TopRightRadius     *float64  `json:"topRightRadius"`
	BottomRightRadius  *float64  `json:"bottomRightRadius"`
	BottomLeftRadius   *float64  `json:"bottomLeftRadius"`
	Effects            []effect  `json:"effects"`
	ClipsContent       *bool     `json:"clipsContent"`

	Characters          string         `json:"characters"`
	FontName            *fontName      `json:"fontName"`
	FontSize            float64        `json:"fontSize"`
	FontWeight          int            `json:"fontWeight"`
	LineHeight          *lineHeight    `json:"lineHeight"`
	LetterSpacing       *letterSpacing `json:"letterSpacing"`
	TextAlignHorizontal string         `json:"textAlignHorizontal"`
	TextAlignVertical   string         `json:"textAlignVertical"`
	TextAutoResize      string         `json:"textAutoResize"`
	TextTruncation      string         `json:"textTruncation"`
	MaxLines            int            `json:"maxLines"`
	TextWrapStyle       string         `json:"textWrapStyle"`
	TextCase            string         `json:"textCase"`
	TextDecoration      string         `json:"textDecoration"`
	decorationLook
	ParagraphIndent float64 `json:"paragraphIndent"`
	// HangingList puts list markers outside the box; ListMarker marks a TEXT that a list's
	// listOptions draw instead (left out, as the plugin leaves it out).
	HangingList bool `json:"hangingList"`
	ListMarker  bool `json:"listMarker"`
	// ListText is the one TEXT a list with spaced items is in Figma (listTexts applies it).
	ListText *struct {
		Characters         string        `json:"characters"`
		Height             float64       `json:"height"`
		StyledTextSegments []textSegment `json:"styledTextSegments"`
		Replaces           []string      `json:"replaces"`
	} `json:"listText"`
	// StyledTextSegments are the styled ranges of a TEXT (result version 2, docs/results.md
	// "Styled text"): drawn as one span per range over the node-level style.
	StyledTextSegments []textSegment `json:"styledTextSegments"`

	ImageRef string `json:"imageRef"`
	// ItemReverseZIndex paints the frame's first child on top (Figma's auto-layout member).
	ItemReverseZIndex bool `json:"itemReverseZIndex"`
	// VectorPaths are a VECTOR's paths (Figma's VectorPaths: SVG path data and a winding rule).
	VectorPaths []vectorPath `json:"vectorPaths"`
	Children    []*node      `json:"children"`
}

// textSegment is one StyledTextSegment: start and end in UTF-16 units, and its style.
type textSegment struct {
	Start          int       `json:"start"`
	End            int       `json:"end"`
	FontName       *fontName `json:"fontName"`
	FontSize       float64   `json:"fontSize"`
	FontWeight     int       `json:"fontWeight"`
	Fills          *[]paint  `json:"fills"`
	TextDecoration string    `json:"textDecoration"`
	decorationLook
	LetterSpacing *letterSpacing `json:"letterSpacing"`
	TextCase      string         `json:"textCase"`
	// ListOptions makes the range's paragraphs list items (ORDERED, UNORDERED or NONE).
	ListOptions *struct {
		Type string `json:"type"`
	} `json:"listOptions"`
	// ListSpacing is the space (px) after the range's list paragraphs.
	ListSpacing float64 `json:"listSpacing"`
}

// decorationLook is how a decoration line is drawn (textDecorationStyle, textDecorationOffset,
// textDecorationThickness, textDecorationColor); zero: solid, the font's, in the text colour.
type decorationLook struct {
	TextDecorationStyle     string            `json:"textDecorationStyle"`
	TextDecorationOffset    *decorationLength `json:"textDecorationOffset"`
	TextDecorationThickness *decorationLength `json:"textDecorationThickness"`
	TextDecorationColor     *struct {
		Value paint `json:"value"`
	} `json:"textDecorationColor"`
}

// decorationLength is a TextDecorationOffset or TextDecorationThickness (PIXELS, or PERCENT of
// the font size).
type decorationLength struct {
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
}

type paint struct {
	Type              string      `json:"type"`
	Visible           *bool       `json:"visible"`
	Color             *rgba       `json:"color"`
	Opacity           *float64    `json:"opacity"`
	BlendMode         string      `json:"blendMode"`
	GradientTransform *transform  `json:"gradientTransform"`
	GradientStops     []colorStop `json:"gradientStops"`
	ImageRef          string      `json:"imageRef"`
	ScaleMode         string      `json:"scaleMode"`
	ScalingFactor     *float64    `json:"scalingFactor"`
	ImageTransform    *transform  `json:"imageTransform"`
}

// transform is a Figma 2x3 affine transform [[a, c, e], [b, d, f]].
type transform [2][3]float64

// rgba is a Figma colour, channels 0-1; A is absent (1) in a SOLID paint's RGB colour.
type rgba struct {
	R float64  `json:"r"`
	G float64  `json:"g"`
	B float64  `json:"b"`
	A *float64 `json:"a"`
}

type colorStop struct {
	Position float64 `json:"position"`
	Color    rgba    `json:"color"`
}

type effect struct {
	Type      string   `json:"type"`
	Color     *rgba    `json:"color"`
	Offset    *vector  `json:"offset"`
	Radius    float64  `json:"radius"`
	Spread    *float64 `json:"spread"`
	Visible   *bool    `json:"visible"`
	BlendMode string   `json:"blendMode"`
	// ShowShadowBehindNode: a drop shadow also drawn under the node (a filter's drop-shadow()).
	ShowShadowBehindNode *bool `json:"showShadowBehindNode"`
}

type vectorPath struct {
	WindingRule string `json:"windingRule"`
	Data        string `json:"data"`
}

type vector struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type fontName struct {
	Family string `json:"family"`
	Style  string `json:"style"`
}

type lineHeight struct {
	Value *float64 `json:"value"`
	Unit  string   `json:"unit"`
}

type letterSpacing struct {
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
}

// decode reads and checks a result for drawing.
func decode(raw []byte) (*result, error) {
	if len(raw) > MaxResultBytes {
		return nil, fmt.Errorf("%w: the result JSON is %d bytes, over %d", ErrTooLarge, len(raw), MaxResultBytes)
	}
	var r result
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if r.Root == nil || r.Root.Type != "FRAME" {
		return nil, fmt.Errorf("%w: the root is not a FRAME", ErrInvalid)
	}
	if !(r.Root.Width > 0 && r.Root.Height > 0) || r.Root.Width > 1e6 || r.Root.Height > 1e6 {
		return nil, fmt.Errorf("%w: the root is %gx%g px", ErrInvalid, r.Root.Width, r.Root.Height)
	}
	count := 0
	var walk func(n *node, depth int) error
	walk = func(n *node, depth int) error {
		if n == nil || n.Type == "" {
			return fmt.Errorf("%w: a node has no type", ErrInvalid)
		}
		if depth > MaxDepth {
			return fmt.Errorf("%w: the tree is deeper than %d", ErrTooLarge, MaxDepth)
		}
		if count++; count > MaxNodes {
			return fmt.Errorf("%w: more than %d nodes", ErrTooLarge, MaxNodes)
		}
		place(n)
		listTexts(n)
		for _, c := range n.Children {
			if err := walk(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(r.Root, 1); err != nil {
		return nil, err
	}
	return &r, nil
}

// listTexts draws the lists among n's children as the plugin does (docs/results.md "Text
// members"): a TEXT with a listText takes its characters, ranges and height, and the siblings it
// replaces are left out.
func listTexts(n *node) {
	gone := map[string]bool{}
	for _, c := range n.Children {
		if c != nil && c.Type == "TEXT" && c.ListText != nil {
			c.Characters, c.StyledTextSegments, c.Height = c.ListText.Characters, c.ListText.StyledTextSegments, c.ListText.Height
			for _, id := range c.ListText.Replaces {
				gone[id] = true
			}
		}
	}
	if len(gone) > 0 {
		n.Children = slices.DeleteFunc(n.Children, func(c *node) bool { return c != nil && gone[c.ID] })
	}
}

// place draws a node with a relativeTransform and its untransformed size as Figma does: at that
// size, mapped by the transform from its parent's origin (the bounding box in X, Y, Width and
// Height is what a reader that ignores the transform draws). A transform with a number that is
// not finite, or that cannot be inverted, is ignored (the bounding box is drawn).
func place(n *node) {
	t := n.RelativeTransform
	if t == nil || n.UntransformedWidth == nil || n.UntransformedHeight == nil {
		return
	}
	if _, ok := t.inverse(); !ok {
		return
	}
	for _, v := range []float64{t[0][0], t[0][1], t[0][2], t[1][0], t[1][1], t[1][2], *n.UntransformedWidth, *n.UntransformedHeight} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
	}
	n.X, n.Y, n.Width, n.Height = 0, 0, *n.UntransformedWidth, *n.UntransformedHeight
	n.placed = fmt.Sprintf("transform-origin:0 0;transform:matrix(%s,%s,%s,%s,%s,%s);",
		num(t[0][0]), num(t[1][0]), num(t[0][1]), num(t[1][1]), num(t[0][2]), num(t[1][2]))
}
