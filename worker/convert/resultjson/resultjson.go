// Package resultjson is the result JSON of SPEC §7 as the converter writes it: the node tree and
// the result's other members as structs whose field order is the member order (so an encoding is
// byte-identical for a given result), the wire constants, the limits (equal to the backend's), and
// Encode. Every pass of the conversion adds to these types; none encodes them but Encode.
package resultjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/code2des/backend/decodecost"
	"github.com/code2des/backend/worker/convert/naming"
)

// The result artifact of SPEC §7 (docs/results.md, docs/schemas/result.schema.json): the backend
// checks it with the format rules of server/artifacts when the callback arrives and again when the
// plugin reads it (server/results), so the limits below repeat the backend's defaults.

// Result wire constants (SPEC §7).
const (
	// ResultKind is the manifest kind of a result JSON.
	ResultKind = "code2des.result"
	// ResultVersion is the result manifest version this worker writes.
	ResultVersion = 2
)

// Limits of one result. They equal the backend's defaults (server/artifacts and server/results, docs/results.md), so a
// result this worker writes is never refused for its size or shape.
const (
	// MaxResultBytes bounds the result JSON; a larger conversion fails the job.
	MaxResultBytes = 8 << 20
	// MaxImageBytes bounds one image the result references; larger images are left out
	// (IMAGE_TOO_LARGE).
	MaxImageBytes = 10 << 20
	// MaxTotalImageBytes bounds the images of one result together, both as stored and as the
	// backend returns them (WebP becomes PNG, estimated at 4 bytes a pixel); images past it are
	// left out (IMAGE_BUDGET_EXCEEDED).
	MaxTotalImageBytes = 32 << 20
	// MaxImages is the most image entries of one result.
	MaxImages = 1000
	// MaxNodes is the most nodes of the tree, the root included; nodes past it are left out
	// (NODE_LIMIT).
	MaxNodes = 50000
	// MaxDepth is the deepest node nesting (root = 1); elements deeper are flattened into their
	// deepest allowed ancestor (TREE_DEPTH_FLATTENED).
	MaxDepth = 128
	// MaxWarnings is the most warnings one result lists; the last one is then WARNINGS_TRUNCATED
	// with the count of the omitted ones.
	MaxWarnings = 1000
	// MaxWarningMessageBytes bounds a warning message (the backend allows 1,000 characters).
	MaxWarningMessageBytes = 500
	// MaxNameRunes bounds a node name, in characters.
	MaxNameRunes = naming.MaxNameRunes
	// MaxImageSide is the longest raster side the plugin's createImage takes; the backend scales
	// larger rasters down, decoding at most MaxConvertBytes.
	MaxImageSide = 4096
	// MaxConvertBytes bounds what decoding a raster the backend has to convert (WebP, or a side
	// over MaxImageSide) may allocate, as decodecost.Bytes computes it from the headers: 128 MiB, the
	// backend's budget (docs/results.md "Conversion memory"). Costlier ones are left out
	// (IMAGE_TOO_LARGE). By format that is, for example, 8192x4096 for an 8-bit PNG, 8192x2048
	// for a 16-bit or interlaced one, 8192x2176 for a progressive 4:2:0 JPEG.
	MaxConvertBytes = decodecost.MaxBytes
	// MaxDeclaredImageSide bounds the width and height of an image entry, in px.
	MaxDeclaredImageSide = 65535
)

// Image MIME types a result may reference (SPEC §7).
const (
	MimePNG  = "image/png"
	MimeJPEG = "image/jpeg"
	MimeGIF  = "image/gif"
	MimeWebP = "image/webp"
	MimeSVG  = "image/svg+xml"
)

// Result is the result JSON. Member order is fixed by the struct, maps are never used, so the
// same capture always gives the same bytes.
type Result struct {
	Manifest Manifest     `json:"manifest"`
	Root     *Node        `json:"root"`
	Images   []ImageEntry `json:"images"`
	Warnings []Warning    `json:"warnings"`

	// Version 2 members (docs/results.md "Version 2"): the styles and variables the nodes refer
	// to, and the notes of the layout pass.
	Styles      []Style      `json:"styles"`
	Variables   *Variables   `json:"variables,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`

	// Fidelity is the self-check's measure (CONVERT_SELF_CHECK; docs/fidelity.md); absent when
	// the self-check is off.
	Fidelity *Fidelity `json:"fidelity,omitempty"`
}

// Fidelity says how close the result's preview (worker/preview) is to the page's screenshot
// (docs/fidelity.md, docs/schemas/result.schema.json). Version is fidelity.Version. The pixel
// measures (SSIM, DiffRatio, the compared size and DiffMap) are present together, or all absent
// when the preview could not be drawn or compared (a FIDELITY_NOT_MEASURED warning says why).
type Fidelity struct {
	Version int `json:"version"`
	// Scale is the device pixels per px both images were compared at (the capture's).
	Scale float64 `json:"scale"`
	// SSIM is the mean structural similarity of the greyscale images, 0-1.
	SSIM *float64 `json:"ssim,omitempty"`
	// DiffRatio is the share of compared pixels with a channel off by more than DiffThreshold.
	DiffRatio *float64 `json:"diff_ratio,omitempty"`
	// DiffThreshold is fidelity.DiffThreshold (of 255), recorded with the ratio it defines.
	DiffThreshold int `json:"diff_threshold"`
	// ComparedWidth and ComparedHeight are the compared area in device pixels.
	ComparedWidth  int `json:"compared_width,omitempty"`
	ComparedHeight int `json:"compared_height,omitempty"`
	// TextCoverage is the share of the page's visible words found in TEXT nodes, 0-1.
	TextCoverage float64 `json:"text_coverage"`
	// ImageCoverage is the share of the page's distinct images the result draws, 0-1.
	ImageCoverage float64 `json:"image_coverage"`
	// DiffMap is the diff map PNG stored under the job's prefix (DiffMapObject).
	DiffMap *DiffMapRef `json:"diff_map,omitempty"`
}

// DiffMapRef points at the stored diff map PNG.
type DiffMapRef struct {
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	SHA256   string `json:"sha256"`
	ByteSize int64  `json:"byte_size"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
}

// Manifest repeats the job identity for the backend's fence (SPEC §6).
type Manifest struct {
	Kind         string `json:"kind"`
	Version      int    `json:"version"`
	Code2DesID   string `json:"code2des_id"`
	Attempt      int    `json:"attempt"`
	Nonce        string `json:"nonce"`
	PageImportID string `json:"page_import_id"`
	CaptureHash  string `json:"capture_hash"`
}

// ImageEntry is one image the tree references by imageRef (docs/results.md).
type ImageEntry struct {
	Ref      string `json:"ref"`
	Key      string `json:"key"`
	MimeType string `json:"mime_type"`
	SHA256   string `json:"sha256"`
	ByteSize int64  `json:"byte_size"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	// NaturalWidth and NaturalHeight are the image's size before the worker downscaled it to fit
	// the result's image budget (CSS px a page lays it out at, auto size); 0 when it was not
	// scaled. Not written: a reader knows only the stored size.
	NaturalWidth  int `json:"-"`
	NaturalHeight int `json:"-"`
}

// NaturalSize is the image's own size as the page lays it out (px): its size before the worker
// downscaled it, else its stored size.
func (e *ImageEntry) NaturalSize() (w, h float64) {
	if e.NaturalWidth > 0 && e.NaturalHeight > 0 {
		return float64(e.NaturalWidth), float64(e.NaturalHeight)
	}
	return float64(e.Width), float64(e.Height)
}

// Warning says what the conversion could not express; Code is one of the Warn* constants.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// NodeID is the node the warning is about: the placeholder, the nearest converted ancestor,
	// or the root for page-wide warnings. Omitted only if nil (never, from Convert).
	NodeID *string `json:"node_id,omitempty"`
}

// Node is one Figma node. Field names and units follow the Figma Plugin API (px, colours 0-1);
// x and y are relative to the parent frame, as Figma's are. Types: FRAME (containers: the root
// and every box with something to draw or clip), TEXT, RECTANGLE (images and placeholders) and
// SVG (created by the plugin with figma.createNodeFromSvg from its imageRef).
type Node struct {
	Type   string  `json:"type"`
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// RelativeTransform places a transformed node (CSS transform: rotate, scale, skew, matrix)
	// in its parent as Figma's relativeTransform does: it maps the node's own untransformed
	// space (0,0 at its top left, UntransformedWidth x UntransformedHeight) into the parent's.
	// A node with it also has UntransformedWidth and UntransformedHeight, and its X, Y, Width
	// and Height are the bounding box of the transformed node in the parent (what a reader that
	// ignores the transform draws). Its children are in its own untransformed space.
	// (docs/results.md "Transforms".)
	RelativeTransform   *Transform `json:"relativeTransform,omitempty"`
	UntransformedWidth  *float64   `json:"untransformedWidth,omitempty"`
	UntransformedHeight *float64   `json:"untransformedHeight,omitempty"`

	// Visible false hides the node (Figma's SceneNode.visible; absent: visible): only a layer a
	// component's state shows, hidden in its Default (docs/conversion.md "States as variants").
	Visible   *bool    `json:"visible,omitempty"`
	Opacity   *float64 `json:"opacity,omitempty"`
	BlendMode string   `json:"blendMode,omitempty"`
	// Fills is always present on FRAME, RECTANGLE and TEXT nodes (an empty list means no fill:
	// figma.createFrame starts with a white one).
	Fills              *[]Paint  `json:"fills,omitempty"`
	Strokes            []Paint   `json:"strokes,omitempty"`
	StrokeWeight       *float64  `json:"strokeWeight,omitempty"`
	StrokeTopWeight    *float64  `json:"strokeTopWeight,omitempty"`
	StrokeRightWeight  *float64  `json:"strokeRightWeight,omitempty"`
	StrokeBottomWeight *float64  `json:"strokeBottomWeight,omitempty"`
	StrokeLeftWeight   *float64  `json:"strokeLeftWeight,omitempty"`
	StrokeAlign        string    `json:"strokeAlign,omitempty"`
	DashPattern        []float64 `json:"dashPattern,omitempty"`
	CornerRadius       *float64  `json:"cornerRadius,omitempty"`
	TopLeftRadius      *float64  `json:"topLeftRadius,omitempty"`
	TopRightRadius     *float64  `json:"topRightRadius,omitempty"`
	BottomRightRadius  *float64  `json:"bottomRightRadius,omitempty"`
	BottomLeftRadius   *float64  `json:"bottomLeftRadius,omitempty"`
	Effects            []Effect  `json:"effects,omitempty"`
	ClipsContent       *bool     `json:"clipsContent,omitempty"`

	// TEXT
	Characters          string         `json:"characters,omitempty"`
	FontName            *FontName      `json:"fontName,omitempty"`
	FontSize            float64        `json:"fontSize,omitempty"`
	FontWeight          int            `json:"fontWeight,omitempty"`
	LineHeight          *LineHeight    `json:"lineHeight,omitempty"`
	LetterSpacing       *LetterSpacing `json:"letterSpacing,omitempty"`
	TextAlignHorizontal string         `json:"textAlignHorizontal,omitempty"`
	TextAlignVertical   string         `json:"textAlignVertical,omitempty"`
	TextAutoResize      string         `json:"textAutoResize,omitempty"`
	TextCase            string         `json:"textCase,omitempty"`
	TextDecoration      string         `json:"textDecoration,omitempty"`
	TextDecorationDetails
	// TextTruncation ENDING ends the text with an ellipsis after MaxLines lines (CSS
	// text-overflow: ellipsis, -webkit-line-clamp); absent: DISABLED, Figma's default.
	TextTruncation string `json:"textTruncation,omitempty"`
	// MaxLines is how many lines a truncated TEXT shows (1 and up; only with TextTruncation).
	MaxLines int `json:"maxLines,omitempty"`
	// TextWrapStyle BALANCE or PRETTY is how a TEXT that wraps chooses its line breaks (CSS
	// text-wrap-style balance or pretty; TextNode.textWrapStyle); absent: AUTO, Figma's default
	// (each line as full as it can be).
	TextWrapStyle string `json:"textWrapStyle,omitempty"`
	// ParagraphIndent indents the first line (px): text-indent, or a paragraph that starts after
	// other content on its first line.
	ParagraphIndent float64 `json:"paragraphIndent,omitempty"`
	// HangingList puts the list markers of the TEXT's list ranges (StyledTextSegment.ListOptions)
	// outside its box, left of its text, where CSS draws an outside marker (TextNode.hangingList).
	HangingList bool `json:"hangingList,omitempty"`
	// ListMarker marks a TEXT that draws one list marker of a sibling TEXT whose ranges are a
	// Figma list (StyledTextSegment.ListOptions), which draws the same marker: the fallback of a
	// reader that ignores listOptions. A reader that draws the list leaves this node out.
	ListMarker bool `json:"listMarker,omitempty"`
	// ListText is the one TEXT Figma's list draws for a list whose items have space between
	// them, carried by its first item's TEXT; absent elsewhere (see ListText).
	ListText *ListText `json:"listText,omitempty"`
	// StyledTextSegments (result version 2) cover characters with ranges in one style each,
	// in order; the node-level values above are the first segment's.
	StyledTextSegments []StyledTextSegment `json:"styledTextSegments,omitempty"`

	// SVG
	ImageRef string `json:"imageRef,omitempty"`

	Structure
	Component

	Children []*Node `json:"children,omitempty"`
}

// Component marks a node as one use of a repeated subtree (docs/conversion.md "Components"):
// ComponentID names the component (Figma REST's INSTANCE.componentId); the first use in document
// order also carries ComponentName and is the tree the plugin makes the main COMPONENT from. The
// node keeps its whole tree, so a reader that ignores both members draws the same picture; every
// use has the main's tree but for the overridable members (components.Overridable). Both are left
// out on other nodes.
type Component struct {
	ComponentID   string `json:"componentId,omitempty"`
	ComponentName string `json:"componentName,omitempty"`
	// ComponentVariants, on the first use only, are the component's other states (docs/
	// conversion.md "States as variants"): the plugin makes the main COMPONENT the variant
	// State=Default and each entry a variant of the same component set with the overrides set
	// on the clone's layers. A reader that ignores them draws the same picture (the page shows
	// Default).
	ComponentVariants []ComponentVariant `json:"componentVariants,omitempty"`
	// VariantOf, on the first use of a component only, names the component (its ComponentID)
	// whose component set this component is a variant of (docs/conversion.md "Variants of one
	// kind"): siblings of one kind that differ in more than an instance overrides (a nav's current
	// link with another padding, a featured card). That component is the set's Default variant
	// and has no VariantOf itself. A reader that ignores it draws the same picture.
	VariantOf string `json:"variantOf,omitempty"`
	// VariantProperties, with VariantOf and only with it, is the variant's value of the set's
	// Variant property ({"Variant": "Active"}), as Figma's ComponentNode.variantProperties.
	VariantProperties map[string]string `json:"variantProperties,omitempty"`
}

// The variant property of a component set made from siblings of one kind, and its bounds
// (the backend's).
const (
	VariantPropertyVariant = "Variant"
	// MaxSetVariants is the most components of one such set, its Default included.
	MaxSetVariants = 8
	// MaxVariantValueLength bounds a Variant value, in characters.
	MaxVariantValueLength = 64
)

// Variant property of a component set made from a component's states, and its values.
const (
	VariantPropertyState = "State"
	StateDefault         = "Default"
	StateHover           = "Hover"
	StateFocus           = "Focus"
)

// StateValues are the values of the State variant property a result may use, Default first.
var StateValues = []string{StateDefault, StateHover, StateFocus}

// MaxVariantOverrides bounds the overrides of one component variant (the backend's limit): a
// state that changes more layers makes no variant (a STATE_SKIPPED diagnostic).
const MaxVariantOverrides = 500

// DiagStateSkipped is the diagnostic code of a component state that makes no variant; its
// message says why.
const DiagStateSkipped = "STATE_SKIPPED"

// DiagStateApproximated is the diagnostic code of a component variant drawn without part of its
// state; its message says which (a transform the state sets: docs/conversion.md "States as
// variants").
const DiagStateApproximated = "STATE_APPROXIMATED"

// ComponentVariant is one variant of a component set: VariantProperties as Figma's
// ComponentNode.variantProperties ({"State": "Hover"}), Overrides the paint members of layers of
// the first use (by id) that differ in it, in the first use's document order (none when the
// variant only rescales).
type ComponentVariant struct {
	VariantProperties map[string]string `json:"variantProperties"`
	Overrides         []VariantOverride `json:"overrides"`
	// Rescale is the factor the variant is scaled by, with its layers (Figma's rescale: a
	// hover's CSS scale(1.05)), MinVariantRescale to MaxVariantRescale; absent (0): none.
	Rescale float64 `json:"rescale,omitempty"`
}

// Bounds of a variant's rescale (the backend's artifacts.MinVariantRescale and
// MaxVariantRescale): Figma's rescale takes at least 0.01; past 100 a state's scale is no
// variant a designer draws.
const (
	MinVariantRescale = 0.01
	MaxVariantRescale = 100
)

// VariantOverride sets the members of one layer of a variant (id: a node of the first use's
// subtree, the use itself included) that differ from the main component; only paint members
// and visible (a layer the state shows: an outline ring hidden in Default), each present only
// where it differs. An empty list clears the paints; opacity and weights are given as values,
// never omitted to mean a default.
type VariantOverride struct {
	ID                 string              `json:"id"`
	Visible            *bool               `json:"visible,omitempty"`
	Opacity            *float64            `json:"opacity,omitempty"`
	Fills              *[]Paint            `json:"fills,omitempty"`
	Strokes            *[]Paint            `json:"strokes,omitempty"`
	StrokeWeight       *float64            `json:"strokeWeight,omitempty"`
	StrokeTopWeight    *float64            `json:"strokeTopWeight,omitempty"`
	StrokeRightWeight  *float64            `json:"strokeRightWeight,omitempty"`
	StrokeBottomWeight *float64            `json:"strokeBottomWeight,omitempty"`
	StrokeLeftWeight   *float64            `json:"strokeLeftWeight,omitempty"`
	Effects            *[]Effect           `json:"effects,omitempty"`
	TextDecoration     string              `json:"textDecoration,omitempty"`
	StyledTextSegments []StyledTextSegment `json:"styledTextSegments,omitempty"`
}

// Paint is a Figma Paint: SOLID (color, opacity), GRADIENT_LINEAR (gradientTransform,
// gradientStops) or IMAGE (imageRef naming a raster image, scaleMode, and scalingFactor for TILE
// or imageTransform for CROP).
type Paint struct {
	Type              string      `json:"type"`
	Color             *RGB        `json:"color,omitempty"`
	Opacity           *float64    `json:"opacity,omitempty"`
	GradientTransform *Transform  `json:"gradientTransform,omitempty"`
	GradientStops     []ColorStop `json:"gradientStops,omitempty"`
	ImageRef          string      `json:"imageRef,omitempty"`
	ScaleMode         string      `json:"scaleMode,omitempty"`
	ScalingFactor     *float64    `json:"scalingFactor,omitempty"`
	ImageTransform    *Transform  `json:"imageTransform,omitempty"`
	// BlendMode blends the paint with the node's paints under it (CSS background-blend-mode);
	// absent: NORMAL.
	BlendMode string `json:"blendMode,omitempty"`
	// BoundVariables binds a SOLID paint's colour to a COLOR variable of the result (Figma's
	// SolidPaint.boundVariables): a colour under a gradient or an image that the page's dark
	// theme changes (docs/conversion.md "Themes as variable modes"); Color and Opacity are the
	// variable's Light value.
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// Unbound is p without its variable bindings (a SOLID paint's and its gradient stops'), p itself
// when none is bound: the paints as a reader that ignores variables draws them.
func Unbound(p []Paint) []Paint {
	bound := slices.ContainsFunc(p, func(q Paint) bool {
		return q.BoundVariables != nil || slices.ContainsFunc(q.GradientStops, func(s ColorStop) bool { return s.BoundVariables != nil })
	})
	if !bound {
		return p
	}
	out := slices.Clone(p)
	for i := range out {
		out[i].BoundVariables = nil
		out[i].GradientStops = slices.Clone(out[i].GradientStops)
		for j := range out[i].GradientStops {
			out[i].GradientStops[j].BoundVariables = nil
		}
	}
	return out
}

// Transform is a Figma 2x3 affine transform [[a, c, e], [b, d, f]].
type Transform [2][3]float64

// Apply maps the point (x, y).
func (t Transform) Apply(x, y float64) (float64, float64) {
	return t[0][0]*x + t[0][1]*y + t[0][2], t[1][0]*x + t[1][1]*y + t[1][2]
}

// Then returns the transform that applies u, then t (t·u).
func (t Transform) Then(u Transform) Transform {
	return Transform{
		{t[0][0]*u[0][0] + t[0][1]*u[1][0], t[0][0]*u[0][1] + t[0][1]*u[1][1], t[0][0]*u[0][2] + t[0][1]*u[1][2] + t[0][2]},
		{t[1][0]*u[0][0] + t[1][1]*u[1][0], t[1][0]*u[0][1] + t[1][1]*u[1][1], t[1][0]*u[0][2] + t[1][1]*u[1][2] + t[1][2]},
	}
}

// Translation is the transform that moves by (x, y).
func Translation(x, y float64) Transform {
	return Transform{{1, 0, x}, {0, 1, y}}
}

// BoundTransformed finishes the transformed nodes under n for the result: a node whose
// RelativeTransform the passes set while its X, Y, Width and Height were its untransformed box
// gets UntransformedWidth and UntransformedHeight (that size), and X, Y, Width and Height
// become the bounding box of the transformed box in its parent (Node.RelativeTransform). Nodes
// already finished are left as they are.
func BoundTransformed(n *Node) {
	if n.RelativeTransform != nil && n.UntransformedWidth == nil {
		w, h := n.Width, n.Height
		n.UntransformedWidth, n.UntransformedHeight = &w, &h
		t := *n.RelativeTransform
		minX, minY := math.Inf(1), math.Inf(1)
		maxX, maxY := math.Inf(-1), math.Inf(-1)
		for _, c := range [4][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}} {
			x, y := t.Apply(c[0], c[1])
			minX, maxX = math.Min(minX, x), math.Max(maxX, x)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		}
		n.X, n.Y = round2(minX), round2(minY)
		n.Width, n.Height = math.Max(0.01, round2(maxX-minX)), math.Max(0.01, round2(maxY-minY))
	}
	for _, c := range n.Children {
		BoundTransformed(c)
	}
}

// round2 rounds v to 1/100 px, as the converter's geometry is (css.Px).
func round2(v float64) float64 {
	return math.Round(v*100) / 100
}

// RGB is a colour with channels in 0-1.
type RGB struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// RGBA is a colour with channels and alpha in 0-1.
type RGBA struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
	A float64 `json:"a"`
}

// ColorStop is one stop of a gradient; Position is in 0-1 along the gradient.
type ColorStop struct {
	Position float64 `json:"position"`
	Color    RGBA    `json:"color"`
	// BoundVariables binds the stop's colour to a COLOR variable of the result (Figma's
	// ColorStop.boundVariables): a gradient colour the page's dark theme changes
	// (docs/conversion.md "Themes as variable modes"); Color is the variable's Light value.
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// Effect is a Figma Effect: DROP_SHADOW, INNER_SHADOW (from box-shadow and text-shadow;
// DROP_SHADOW also from filter: drop-shadow()), LAYER_BLUR (from filter: blur()) or
// BACKGROUND_BLUR (from backdrop-filter: blur()). Radius is Figma's: a box-shadow's blur as it
// is, a filter's blur length doubled (paint.FigmaBlurScale).
type Effect struct {
	Type                 string   `json:"type"`
	Color                *RGBA    `json:"color,omitempty"`
	Offset               *Vector  `json:"offset,omitempty"`
	Radius               float64  `json:"radius"`
	Spread               *float64 `json:"spread,omitempty"`
	Visible              bool     `json:"visible"`
	BlendMode            string   `json:"blendMode,omitempty"`
	ShowShadowBehindNode *bool    `json:"showShadowBehindNode,omitempty"`
	// BoundVariables binds a shadow's colour to a COLOR variable (Figma's
	// setBoundVariableForEffect); only on an EFFECT style's effects, where a dark theme changes
	// the colour (docs/conversion.md "Themes as variable modes").
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// Vector is a 2D offset in px.
type Vector struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// FontName is a Figma font: a family and a style such as "Bold Italic".
type FontName struct {
	Family string `json:"family"`
	Style  string `json:"style"`
}

// LineHeight is {"unit": "AUTO"} or {"value": px, "unit": "PIXELS"}.
type LineHeight struct {
	Value *float64 `json:"value,omitempty"`
	Unit  string   `json:"unit"`
}

// LetterSpacing is {"value": px, "unit": "PIXELS"}.
type LetterSpacing struct {
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
}

// StyledTextSegment is a range of a TEXT node's characters in one style, with the members of
// Figma's StyledTextSegment (getStyledTextSegments; the plugin applies each with setRange*).
// Start and End count UTF-16 code units (JavaScript string offsets), End exclusive; the
// segments of a node are non-empty, in order and cover its characters without gaps.
type StyledTextSegment struct {
	Characters     string   `json:"characters"`
	Start          int      `json:"start"`
	End            int      `json:"end"`
	FontName       FontName `json:"fontName"`
	FontSize       float64  `json:"fontSize"`
	FontWeight     int      `json:"fontWeight"`
	Fills          []Paint  `json:"fills"`
	TextDecoration string   `json:"textDecoration"`
	TextDecorationDetails
	LetterSpacing LetterSpacing `json:"letterSpacing"`
	TextCase      string        `json:"textCase"`
	// Hyperlink is the link of the range, or null.
	Hyperlink *Hyperlink `json:"hyperlink"`
	// ListOptions makes the range's paragraphs items of a Figma list (ORDERED or UNORDERED;
	// setRangeListOptions); absent for text that is no list.
	ListOptions *TextListOptions `json:"listOptions,omitempty"`
	// ListSpacing is the space (px) Figma's list puts after the range's list paragraphs
	// (setRangeListSpacing); absent: 0.
	ListSpacing float64 `json:"listSpacing,omitempty"`
	// TextStyleID is the TEXT style the range is set in, in a TEXT of several ranges (Figma's
	// setRangeTextStyleIdAsync; the node-level textStyleId of a TEXT of one range); absent
	// without one.
	TextStyleID string `json:"textStyleId,omitempty"`
}

// ListText is a list whose items have space between them, as Figma's list draws it: the
// members of the one TEXT (the first item's, whose other members it keeps) that holds every item
// as a paragraph with listOptions and listSpacing. The items' own TEXTs and their markers' TEXTs
// stay in the result, each where the page drew it: what a reader that ignores ListText draws,
// the same picture. A reader that draws the list gives the first item's TEXT these members and
// leaves out the nodes of Replaces (docs/results.md "Text members").
type ListText struct {
	// Characters are the items' characters, joined by "\n".
	Characters string `json:"characters"`
	// Height is the list TEXT's height (px): from the first item's top to the last item's bottom.
	Height float64 `json:"height"`
	// StyledTextSegments are the items' ranges, each with ListOptions and ListSpacing.
	StyledTextSegments []StyledTextSegment `json:"styledTextSegments"`
	// Replaces are the ids of the sibling TEXTs the list TEXT draws: every item's marker TEXT
	// and the TEXTs of the items after the first.
	Replaces []string `json:"replaces"`
}

// TextListOptions is Figma's TextListOptions: the kind of list a range's paragraphs are.
type TextListOptions struct {
	Type string `json:"type"`
}

// TextDecorationDetails say how a TEXT's or range's decoration line is drawn where that is not
// the default of CSS and Figma (solid, in the text's colour, at the font's thickness and
// offset): Figma's textDecorationStyle (WAVY or DOTTED), textDecorationOffset and
// textDecorationThickness ({value px, unit PIXELS}) and textDecorationColor ({value: a SOLID
// paint}). Each is left out at its default (AUTO, SOLID) and when there is no decoration.
type TextDecorationDetails struct {
	TextDecorationStyle     string                `json:"textDecorationStyle,omitempty"`
	TextDecorationOffset    *TextDecorationLength `json:"textDecorationOffset,omitempty"`
	TextDecorationThickness *TextDecorationLength `json:"textDecorationThickness,omitempty"`
	TextDecorationColor     *TextDecorationColor  `json:"textDecorationColor,omitempty"`
}

// TextDecorationLength is Figma's TextDecorationOffset or TextDecorationThickness in px.
type TextDecorationLength struct {
	Value float64 `json:"value"`
	// Unit is PIXELS.
	Unit string `json:"unit"`
}

// TextDecorationColor is Figma's TextDecorationColor of a given colour: {"value": SOLID paint}.
type TextDecorationColor struct {
	Value Paint `json:"value"`
}

// Hyperlink is Figma's HyperlinkTarget: {"type": "URL", "value": absolute URL}.
type Hyperlink struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// Structure holds the node members of result version 2 that make the tree a Figma file a
// designer edits (docs/conversion.md "Auto layout", "Local styles", "Fixed and sticky elements").
// Names, values and meanings are the Figma Plugin API's; every member is left out when unset, so
// a node without them reads as in version 1. It is embedded in Node.
type Structure struct {
	// LayoutMode is "HORIZONTAL", "VERTICAL" or "GRID" on a FRAME with auto layout.
	LayoutMode string `json:"layoutMode,omitempty"`
	// LayoutWrap is "WRAP" on a HORIZONTAL frame whose children wrap into rows.
	LayoutWrap string `json:"layoutWrap,omitempty"`
	// Padding in px between the frame's edges and its flowing children (CSS padding plus border:
	// Figma's strokes take no room in auto layout).
	PaddingLeft   *float64 `json:"paddingLeft,omitempty"`
	PaddingRight  *float64 `json:"paddingRight,omitempty"`
	PaddingTop    *float64 `json:"paddingTop,omitempty"`
	PaddingBottom *float64 `json:"paddingBottom,omitempty"`
	// ItemSpacing is the px between flowing children along the layout direction;
	// CounterAxisSpacing the px between wrapped rows.
	ItemSpacing        *float64 `json:"itemSpacing,omitempty"`
	CounterAxisSpacing *float64 `json:"counterAxisSpacing,omitempty"`
	// ItemReverseZIndex paints the frame's first child on top, the last at the bottom (the
	// reverse of the layer order): the page paints the items in the reverse of their layout
	// order.
	ItemReverseZIndex bool `json:"itemReverseZIndex,omitempty"`
	// PrimaryAxisAlignItems is "MIN", "CENTER", "MAX" or "SPACE_BETWEEN"; CounterAxisAlignItems
	// "MIN", "CENTER" or "MAX".
	PrimaryAxisAlignItems string `json:"primaryAxisAlignItems,omitempty"`
	CounterAxisAlignItems string `json:"counterAxisAlignItems,omitempty"`
	// LayoutSizingHorizontal and LayoutSizingVertical are "FIXED", "HUG" (an auto-layout frame
	// or a TEXT sized by its content) or "FILL" (a child of an auto-layout frame that takes the
	// free room: flex-grow, or stretch on the cross axis).
	LayoutSizingHorizontal string `json:"layoutSizingHorizontal,omitempty"`
	LayoutSizingVertical   string `json:"layoutSizingVertical,omitempty"`
	// MinWidth, MaxWidth, MinHeight and MaxHeight are CSS's min-width, max-width, min-height and
	// max-height in px of the node's box, on an auto-layout frame or a flowing child of one
	// (where Figma takes them), so a resized frame reflows within the page's bounds.
	MinWidth  *float64 `json:"minWidth,omitempty"`
	MaxWidth  *float64 `json:"maxWidth,omitempty"`
	MinHeight *float64 `json:"minHeight,omitempty"`
	MaxHeight *float64 `json:"maxHeight,omitempty"`
	// LayoutPositioning is "ABSOLUTE" for a child of an auto-layout frame that keeps its x and y
	// (an absolutely positioned element, an SVG background layer).
	LayoutPositioning string `json:"layoutPositioning,omitempty"`
	// Constraints is how an ABSOLUTE child of an auto-layout frame follows the frame when it is
	// resized (by a designer, or by an instance's content); left out for MIN on both axes,
	// Figma's default (docs/conversion.md "Constraints").
	Constraints *Constraints `json:"constraints,omitempty"`
	GridLayout
	GridChild
	// ScrollBehavior is "FIXED" for a position: fixed element (a child of the root, where a
	// visitor sees it at scroll 0) and "STICKY_SCROLLS" for a position: sticky child of the root.
	ScrollBehavior string `json:"scrollBehavior,omitempty"`
	// FillStyleID, StrokeStyleID, TextStyleID and EffectStyleID name entries of the result's
	// styles; the node's own fills, strokes, typography and effects stay and equal the style's.
	FillStyleID   string `json:"fillStyleId,omitempty"`
	StrokeStyleID string `json:"strokeStyleId,omitempty"`
	TextStyleID   string `json:"textStyleId,omitempty"`
	EffectStyleID string `json:"effectStyleId,omitempty"`
}

// Constraints is Figma's Constraints: on each axis MIN keeps the node's distance from the
// frame's left (top) edge, MAX from its right (bottom) edge, and STRETCH from both, so the node's
// width (height) changes with the frame's.
type Constraints struct {
	Horizontal string `json:"horizontal"`
	Vertical   string `json:"vertical"`
}

// GridLayout holds the members of a GRID frame (Figma's GridLayoutMixin): 1 to MaxGridTracks rows
// and columns, the px between them, and one track size per row (top to bottom) and column (left
// to right). Every member is left out on other frames.
type GridLayout struct {
	GridRowCount    int             `json:"gridRowCount,omitempty"`
	GridColumnCount int             `json:"gridColumnCount,omitempty"`
	GridRowGap      *float64        `json:"gridRowGap,omitempty"`
	GridColumnGap   *float64        `json:"gridColumnGap,omitempty"`
	GridRowSizes    []GridTrackSize `json:"gridRowSizes,omitempty"`
	GridColumnSizes []GridTrackSize `json:"gridColumnSizes,omitempty"`
}

// GridTrackSize is Figma's GridTrackSize: Type FIXED (Value in px), FLEX (Value the share of the
// free room, as a CSS fr) or HUG (sized by the children of the track; no Value).
type GridTrackSize struct {
	Type  string   `json:"type"`
	Value *float64 `json:"value,omitempty"`
}

// GridChild holds the members of a child of a GRID frame (Figma's GridChildrenMixin): the cell
// it is anchored at (0-based row and column, as setGridChildPosition takes them), how many rows
// and columns it spans (1 and up), and its alignment in that area ("MIN", "CENTER" or "MAX";
// left out: AUTO, for a child that fills its area). Every member is left out on other nodes.
type GridChild struct {
	GridRowAnchorIndex       *int   `json:"gridRowAnchorIndex,omitempty"`
	GridColumnAnchorIndex    *int   `json:"gridColumnAnchorIndex,omitempty"`
	GridRowSpan              int    `json:"gridRowSpan,omitempty"`
	GridColumnSpan           int    `json:"gridColumnSpan,omitempty"`
	GridChildHorizontalAlign string `json:"gridChildHorizontalAlign,omitempty"`
	GridChildVerticalAlign   string `json:"gridChildVerticalAlign,omitempty"`
}

// MaxGridTracks is the most rows, and the most columns, of a GRID frame (the backend's limit);
// a CSS grid with more keeps absolute positions.
const MaxGridTracks = 1000

// MaxLines bounds a truncated TEXT's maxLines (the backend's artifacts.MaxLines): a clamp past it
// is not converted.
const MaxLines = 10000

// MaxLayoutLength is the largest padding, gap, FIXED track size and FLEX value of an auto-layout
// frame (the backend's limit, px); a grid past it keeps absolute positions.
const MaxLayoutLength = 100000

// Values of the structure members (Figma Plugin API).

// VariableCollectionName is the name of the result's one variable collection.
const VariableCollectionName = "CSS custom properties"

// Style is a local style: PAINT (Paints: one SOLID paint), TEXT (typography) or EFFECT
// (Effects: a list of shadows and blurs). Members follow Figma's PaintStyle, TextStyle and
// EffectStyle.
type Style struct {
	ID          string       `json:"id"`
	Type        string       `json:"type"`
	Name        string       `json:"name"`
	Description string       `json:"description,omitempty"`
	Paints      []StylePaint `json:"paints,omitempty"`
	Effects     []Effect     `json:"effects,omitempty"`

	FontName       *FontName      `json:"fontName,omitempty"`
	FontSize       float64        `json:"fontSize,omitempty"`
	LineHeight     *LineHeight    `json:"lineHeight,omitempty"`
	LetterSpacing  *LetterSpacing `json:"letterSpacing,omitempty"`
	TextCase       string         `json:"textCase,omitempty"`
	TextDecoration string         `json:"textDecoration,omitempty"`
	// TextWrapStyle is a TEXT style's line breaking, the TEXTs' textWrapStyle (BALANCE or
	// PRETTY; absent: AUTO): Figma's TextStyle holds it, so binding the style keeps it.
	TextWrapStyle string `json:"textWrapStyle,omitempty"`
}

// StylePaint is the SOLID paint of a paint style; BoundVariables binds its colour to a COLOR
// variable when a CSS custom property set it.
type StylePaint struct {
	Type           string         `json:"type"`
	Color          RGB            `json:"color"`
	Opacity        *float64       `json:"opacity,omitempty"`
	BoundVariables *PaintBindings `json:"boundVariables,omitempty"`
}

// PaintBindings are a paint's variable bindings (Figma's boundVariables).
type PaintBindings struct {
	Color *VariableAlias `json:"color,omitempty"`
}

// VariableAlias names a variable: Type "VARIABLE_ALIAS" and its ID.
type VariableAlias struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Variables is the result's variable collection. Modes names its modes when the page has a
// theme (ModeLight, ModeDark); without it the collection has Figma's one default mode.
type Variables struct {
	Collection string     `json:"collection"`
	Modes      []string   `json:"modes,omitempty"`
	Variables  []Variable `json:"variables"`
}

// Modes of a page with a dark theme: the first is the page as captured, whose values are each
// variable's Value.
const (
	ModeLight = "Light"
	ModeDark  = "Dark"
)

// Variable is one Figma variable: ResolvedType COLOR (Value an RGBA) or FLOAT (Value px).
// CodeSyntax.WEB is how the page wrote it, var(--name). Value is its value in the collection's
// first mode; ValuesByMode its values in the later modes where they differ (a mode left out
// has Value), so a reader that knows no modes draws the first.
type Variable struct {
	ID           string         `json:"id"`
	Name         string         `json:"name"`
	ResolvedType string         `json:"resolvedType"`
	Value        any            `json:"value"`
	ValuesByMode map[string]any `json:"valuesByMode,omitempty"`
	CodeSyntax   *CodeSyntax    `json:"codeSyntax,omitempty"`
	// Property is the custom property the variable stands for ("--brand"); not written.
	Property string `json:"-"`
}

// CodeSyntax is a variable's code names (Figma's codeSyntax).
type CodeSyntax struct {
	WEB string `json:"WEB"`
}

// Bounds of the styles pass (they equal the backend's, server/artifacts).

// DiagAutoLayoutSkipped is the diagnostic code of a flex or grid container left without auto
// layout; its message says why.
const DiagAutoLayoutSkipped = "AUTO_LAYOUT_SKIPPED"

// DiagComponentSkipped is the diagnostic code of a repeated subtree left as plain frames; its
// message says why.
const DiagComponentSkipped = "COMPONENT_SKIPPED"

// MaxComponents is the most components of a result (the backend's limit); further repeated
// subtrees stay plain frames with a COMPONENT_SKIPPED diagnostic.
const MaxComponents = 1000

// MaxDiagnostics is the most diagnostics of a result (the backend's limit); containers past it
// are left absolute without one.
const MaxDiagnostics = 10000

// Diagnostic is a note about the conversion for whoever reads the result closely (the fidelity
// gate, a developer): not a loss the user must know about (those are warnings). Code is one of
// the Diag* constants.
type Diagnostic struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	NodeID  string `json:"node_id"`
}

// ErrTooLarge marks a conversion whose result JSON exceeds MaxResultBytes.
var ErrTooLarge = errors.New("result over its size limit")

// Encode encodes a result deterministically (fixed member order, no HTML escaping). It
// returns ErrTooLarge (wrapped) over MaxResultBytes.
func Encode(res *Result) ([]byte, error) {
	out, err := encode(res)
	if err != nil {
		return nil, err
	}
	if len(out) > MaxResultBytes {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(out), MaxResultBytes)
	}
	return out, nil
}

// encode is Encode without the size limit.
func encode(res *Result) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
