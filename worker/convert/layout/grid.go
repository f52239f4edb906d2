package layout

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// A CSS grid as a Figma GRID frame (docs/conversion.md "Auto layout"): the tracks the page
// resolved (px, from getComputedStyle) with the kind CSS sized them by (the capture's
// GridTracks: a length is FIXED, an fr FLEX, auto and content sizes HUG), each item in the cells
// its box covers, aligned in them as its box is. LayOut, by layOutGrid, checks the children land
// on their boxes.

// Grid values (Figma's layoutMode GRID, GridTrackSize types and grid child alignment).
const (
	Grid       = "GRID"
	TrackFixed = "FIXED"
	TrackFlex  = "FLEX"
	TrackHug   = "HUG"
)

// track is one row or column: how Figma sizes it and the px the page gave it.
type track struct {
	kind     string
	flex     float64 // the fr of a FLEX track
	resolved float64 // px
}

// readTracks returns the tracks of one axis of grid el: resolved is the computed
// grid-template-columns/rows (px, explicit and implicit tracks), specified the capture's
// GridTracks value for it and auto the grid-auto-columns/rows value sizing implicit tracks.
func readTracks(resolved, specified, auto string) ([]track, string) {
	var out []track
	for _, f := range trackFields(resolved) {
		v, ok := css.ParsePx(f)
		if !ok {
			return nil, fmt.Sprintf("its track size %s is not resolved to px", f)
		}
		if v > resultjson.MaxLayoutLength {
			return nil, fmt.Sprintf("its track of %s is longer than %d px", f, resultjson.MaxLayoutLength)
		}
		out = append(out, track{kind: TrackFixed, resolved: v})
	}
	if len(out) == 0 {
		return nil, "it has no tracks"
	}
	if len(out) > resultjson.MaxGridTracks {
		return nil, fmt.Sprintf("it has %d tracks (Figma's grid takes at most %d here)", len(out), resultjson.MaxGridTracks)
	}
	kinds := expandTracks(specified, len(out))
	autos := expandTracks(auto, 0)
	for i := range out {
		var k track
		switch {
		case i < len(kinds):
			k = kinds[i]
		case len(autos) > 0:
			k = autos[(i-len(kinds))%len(autos)]
		default:
			k = track{kind: TrackHug}
		}
		if k.flex > resultjson.MaxLayoutLength {
			return nil, fmt.Sprintf("its track of %gfr has a share above %d", k.flex, resultjson.MaxLayoutLength)
		}
		out[i].kind, out[i].flex = k.kind, k.flex
	}
	return out, ""
}

// expandTracks lists the kinds of the tracks of a computed track list ("200px 1fr auto",
// "repeat(3, 1fr)", "repeat(auto-fill, minmax(200px, 1fr))"); an auto-fill or auto-fit repeat
// takes the tracks total leaves to the others (total 0: once).
func expandTracks(v string, total int) []track {
	var out []track
	autoAt, autoLen := -1, 0
	for _, f := range trackFields(v) {
		if args, ok := strings.CutPrefix(f, "repeat("); ok && strings.HasSuffix(args, ")") {
			parts := css.SplitTop(args[:len(args)-1], ',')
			if len(parts) != 2 {
				continue
			}
			var unit []track
			for _, g := range trackFields(parts[1]) {
				unit = append(unit, trackKind(g))
			}
			n, err := strconv.Atoi(parts[0])
			if err != nil || n < 1 {
				n = 1 // auto-fill, auto-fit: counted below
				if autoAt < 0 {
					autoAt, autoLen = len(out), len(unit)
				}
			}
			for range min(n, resultjson.MaxGridTracks) {
				out = append(out, unit...)
			}
			continue
		}
		out = append(out, trackKind(f))
	}
	if autoAt >= 0 && autoLen > 0 && total > len(out) {
		unit := out[autoAt : autoAt+autoLen]
		repeats := (total - len(out)) / autoLen
		var more []track
		for range repeats {
			more = append(more, unit...)
		}
		out = append(out[:autoAt+autoLen], append(more, out[autoAt+autoLen:]...)...)
	}
	return out
}

// trackKind is how Figma sizes a track CSS sizes by one computed track size.
func trackKind(f string) track {
	if name, args, ok := strings.Cut(f, "("); ok && name == "minmax" {
		parts := css.SplitTop(strings.TrimSuffix(args, ")"), ',')
		if len(parts) == 2 {
			if fr, ok := frValue(parts[1]); ok {
				return track{kind: TrackFlex, flex: fr}
			}
			_, minPx := css.ParsePx(parts[0])
			_, maxPx := css.ParsePx(parts[1])
			if minPx && maxPx {
				return track{kind: TrackFixed}
			}
		}
		return track{kind: TrackHug}
	}
	if fr, ok := frValue(f); ok {
		return track{kind: TrackFlex, flex: fr}
	}
	switch {
	case f == "auto", f == "min-content", f == "max-content", strings.HasPrefix(f, "fit-content("):
		return track{kind: TrackHug}
	}
	return track{kind: TrackFixed} // a length, a percentage, calc()
}

// frValue reads "1fr", "2.5fr".
func frValue(f string) (float64, bool) {
	num, ok := strings.CutSuffix(strings.TrimSpace(f), "fr")
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return 0, false
	}
	return v, true
}

// gridItem is a flowing item of a grid with the area it is placed in.
type gridItem struct {
	node             *resultjson.Node
	dom              *capturemodel.DOMNode
	row, col         int
	rowSpan, colSpan int
	hAlign, vAlign   string // MIN, CENTER, MAX; "" fills the area
}

// inferGrid sets Figma's grid auto layout on frame F of grid container el with its flowing
// items (and the absolute children), or returns why not and leaves the frame as it was.
func inferGrid(F *resultjson.Node, el *capturemodel.DOMNode, flow []*resultjson.Node, flowDOM []*capturemodel.DOMNode, absolute map[*resultjson.Node]bool) string {
	if el.GridTracks == nil {
		return "the capture did not record how its tracks are sized"
	}
	cols, reason := readTracks(layoutStyle(el, "grid-template-columns"), el.GridTracks.Columns, layoutStyle(el, "grid-auto-columns"))
	if reason != "" {
		return reason
	}
	rows, reason := readTracks(layoutStyle(el, "grid-template-rows"), el.GridTracks.Rows, layoutStyle(el, "grid-auto-rows"))
	if reason != "" {
		return reason
	}
	pad := paddingBox(el) // top, right, bottom, left
	colGap, _ := css.ParsePx(layoutStyle(el, "column-gap"))
	rowGap, _ := css.ParsePx(layoutStyle(el, "row-gap"))
	for _, v := range append(pad[:], colGap, rowGap) {
		if v > resultjson.MaxLayoutLength {
			return fmt.Sprintf("its padding or gap of %g px is longer than %d px", v, resultjson.MaxLayoutLength)
		}
	}

	// Each item's area: the tracks its box covers on the page's grid lines.
	colStart, colEnd := lines(cols, pad[3], colGap)
	rowStart, rowEnd := lines(rows, pad[0], rowGap)
	items := make([]gridItem, len(flow))
	cells := map[int]int{}
	for i, n := range flow {
		it := gridItem{node: n, dom: flowDOM[i]}
		it.col, it.colSpan = area(n.X, n.X+n.Width, colStart, colEnd, span(flowDOM[i], "grid-column"))
		it.row, it.rowSpan = area(n.Y, n.Y+n.Height, rowStart, rowEnd, span(flowDOM[i], "grid-row"))
		it.hAlign = alignIn(n.X, n.X+n.Width, colStart[it.col], colEnd[it.col+it.colSpan-1])
		it.vAlign = alignIn(n.Y, n.Y+n.Height, rowStart[it.row], rowEnd[it.row+it.rowSpan-1])
		if it.hAlign == "?" || it.vAlign == "?" {
			return fmt.Sprintf("the item %s is not at the start, centre or end of its cells", domName(it.dom))
		}
		for r := it.row; r < it.row+it.rowSpan; r++ {
			for c := it.col; c < it.col+it.colSpan; c++ {
				if j, taken := cells[r*len(cols)+c]; taken {
					return fmt.Sprintf("the items %s and %s share a cell (Figma's grid holds one layer per cell)", domName(items[j].dom), domName(it.dom))
				}
				cells[r*len(cols)+c] = i
			}
		}
		items[i] = it
	}

	undo := keep(F)
	F.LayoutMode = Grid
	F.PaddingTop, F.PaddingRight, F.PaddingBottom, F.PaddingLeft = css.Ptr(css.Px(pad[0])), css.Ptr(css.Px(pad[1])), css.Ptr(css.Px(pad[2])), css.Ptr(css.Px(pad[3]))
	F.GridRowCount, F.GridColumnCount = len(rows), len(cols)
	F.GridRowGap, F.GridColumnGap = css.Ptr(css.Px(rowGap)), css.Ptr(css.Px(colGap))
	markAbsolute(F, absolute)
	for _, it := range items {
		n := it.node
		n.GridRowAnchorIndex, n.GridColumnAnchorIndex = css.Ptr(it.row), css.Ptr(it.col)
		n.GridRowSpan, n.GridColumnSpan = it.rowSpan, it.colSpan
		n.GridChildHorizontalAlign, n.GridChildVerticalAlign = it.hAlign, it.vAlign
		n.LayoutSizingHorizontal, n.LayoutSizingVertical = itemSizing(n)
	}
	// A track Figma would size otherwise than the page did (content wider than its fr share, a
	// content-sized track without an item of its own) keeps its px size.
	F.GridColumnSizes = settleTracks(F, cols, true)
	F.GridRowSizes = settleTracks(F, rows, false)
	// An item that fills its area in tracks that do not size by their content fills it in
	// Figma too (a HUG track would size by it).
	for _, it := range items {
		n := it.node
		if it.hAlign == "" && n.Type != "TEXT" && !hugIn(F.GridColumnSizes, it.col, it.colSpan) {
			n.LayoutSizingHorizontal = SizingFill
		}
		if it.vAlign == "" && n.Type != "TEXT" && !hugIn(F.GridRowSizes, it.row, it.rowSpan) {
			n.LayoutSizingVertical = SizingFill
		}
	}
	if worst, d := Mismatch(F); d > Tolerance {
		restore(undo)
		return fmt.Sprintf("grid auto layout would move or resize %s by %.1f px", worst.Name, d)
	}
	F.LayoutSizingHorizontal, F.LayoutSizingVertical = gridHugs(F)
	return ""
}

// lines returns where each track starts and ends along one axis of the frame.
func lines(tracks []track, pad, gap float64) (start, end []float64) {
	pos := pad
	for _, t := range tracks {
		start = append(start, pos)
		end = append(end, pos+t.resolved)
		pos += t.resolved + gap
	}
	return start, end
}

// span reads the span an item's CSS gives it on one axis ("grid-column" or "grid-row"): N for
// "span N" on either line, end - start for two numbered lines, else 0 (placed by its box).
func span(d *capturemodel.DOMNode, axis string) int {
	if d.Type != "element" {
		return 0
	}
	start, end := layoutStyle(d, axis+"-start"), layoutStyle(d, axis+"-end")
	for _, v := range []string{start, end} {
		if n, ok := strings.CutPrefix(v, "span "); ok {
			if s, err := strconv.Atoi(n); err == nil && s >= 1 {
				return s
			}
		}
	}
	a, errA := strconv.Atoi(start)
	b, errB := strconv.Atoi(end)
	if errA == nil && errB == nil && a > 0 && b > a {
		return b - a
	}
	return 0
}

// area returns the first track and the number of tracks the box from lo to hi covers: from
// the last track starting at or before lo to the first ending at or after hi (within half a
// px), or cssSpan tracks when CSS spans more than the box covers (an item narrower than its
// area) and the grid has them.
func area(lo, hi float64, start, end []float64, cssSpan int) (first, count int) {
	for i, s := range start {
		if s <= lo+0.5 {
			first = i
		}
	}
	last := first
	for last < len(end)-1 && end[last] < hi-0.5 {
		last++
	}
	count = last - first + 1
	if cssSpan > count && first+cssSpan <= len(start) {
		count = cssSpan
	}
	return first, count
}

// alignIn says how a box from lo to hi sits in an area from a to b: "" fills it, MIN at its
// start, MAX at its end, CENTER in its middle, "?" none of them (within half a px).
func alignIn(lo, hi, a, b float64) string {
	atStart, atEnd := math.Abs(lo-a) <= 0.5, math.Abs(hi-b) <= 0.5
	switch {
	case atStart && atEnd:
		return ""
	case atStart:
		return AlignMin
	case atEnd:
		return AlignMax
	case math.Abs((lo-a)-(b-hi)) <= 1:
		return AlignCenter
	}
	return "?"
}

// settleTracks returns the GridTrackSizes of one axis of GRID frame F: each track as CSS sized
// it, except that a track Figma's rules (gridTrackSizes) size more than Tolerance away from the
// page's size becomes FIXED at the page's size.
func settleTracks(F *resultjson.Node, tracks []track, columns bool) []resultjson.GridTrackSize {
	sizes := make([]resultjson.GridTrackSize, len(tracks))
	for i, t := range tracks {
		sizes[i] = trackSize(t)
	}
	// off sets sizes on F and lists the tracks not FIXED that Figma sizes otherwise.
	off := func() []int {
		if columns {
			F.GridColumnSizes = sizes
		} else {
			F.GridRowSizes = sizes
		}
		got := gridTrackSizes(F, columns)
		var out []int
		for i, t := range tracks {
			if sizes[i].Type != TrackFixed && math.Abs(got[i]-t.resolved) > Tolerance {
				out = append(out, i)
			}
		}
		return out
	}
	fix := func(i int) {
		sizes[i] = resultjson.GridTrackSize{Type: TrackFixed, Value: css.Ptr(css.Px(tracks[i].resolved))}
	}
	// Fixing a FLEX track changes the room of the others: after one round of fixing, a track
	// still sized otherwise fixes the whole axis.
	first := off()
	for _, i := range first {
		fix(i)
	}
	if len(first) == 0 || len(off()) == 0 {
		return sizes
	}
	for i := range tracks {
		fix(i)
	}
	return sizes
}

// trackSize is the GridTrackSize of a track.
func trackSize(t track) resultjson.GridTrackSize {
	switch t.kind {
	case TrackFlex:
		return resultjson.GridTrackSize{Type: TrackFlex, Value: css.Ptr(t.flex)}
	case TrackHug:
		return resultjson.GridTrackSize{Type: TrackHug}
	}
	return resultjson.GridTrackSize{Type: TrackFixed, Value: css.Ptr(css.Px(t.resolved))}
}

// hugIn says whether any of count tracks from first is a HUG track.
func hugIn(sizes []resultjson.GridTrackSize, first, count int) bool {
	for i := first; i < first+count && i < len(sizes); i++ {
		if sizes[i].Type == TrackHug {
			return true
		}
	}
	return false
}

// gridAxis is one axis of a GRID frame: its track sizes, the gap between tracks, the padding
// at its start and end, and the frame's size along it (px).
type gridAxis struct {
	sizes                         []resultjson.GridTrackSize
	gap, padStart, padEnd, length float64
}

// axisOf returns the columns (columns) or the rows of GRID frame F.
func axisOf(F *resultjson.Node, columns bool) gridAxis {
	if columns {
		return gridAxis{F.GridColumnSizes, val(F.GridColumnGap), val(F.PaddingLeft), val(F.PaddingRight), F.Width}
	}
	return gridAxis{F.GridRowSizes, val(F.GridRowGap), val(F.PaddingTop), val(F.PaddingBottom), F.Height}
}

// gridChild is where a child of a GRID frame is along one axis: its anchor track (nil: none),
// span, size, whether it fills its cells and its alignment in them.
type gridChild struct {
	anchor    *int
	span      int
	size      float64
	fill      bool
	alignment string
}

// childAxis returns where child c of a GRID frame is across the columns (columns) or rows.
func childAxis(c *resultjson.Node, columns bool) gridChild {
	if columns {
		return gridChild{c.GridColumnAnchorIndex, c.GridColumnSpan, c.Width, c.LayoutSizingHorizontal == SizingFill, c.GridChildHorizontalAlign}
	}
	return gridChild{c.GridRowAnchorIndex, c.GridRowSpan, c.Height, c.LayoutSizingVertical == SizingFill, c.GridChildVerticalAlign}
}

// gridHugs says, per axis, whether a GRID frame is exactly as large as its tracks, gaps and
// padding with no FLEX track (HUG), else FIXED (Figma refuses FLEX tracks in a hugging grid).
func gridHugs(F *resultjson.Node) (string, string) {
	hug := func(columns bool) string {
		a := axisOf(F, columns)
		total := a.padStart + a.padEnd + a.gap*float64(len(a.sizes)-1)
		for _, s := range a.sizes {
			if s.Type == TrackFlex {
				return SizingFixed
			}
		}
		for _, v := range gridTrackSizes(F, columns) {
			total += v
		}
		if math.Abs(total-a.length) <= 0.5 {
			return SizingHug
		}
		return SizingFixed
	}
	return hug(true), hug(false)
}

// gridTrackSizes returns the px Figma gives each column (columns) or row of GRID frame F: a
// FIXED track its value; a HUG track the largest size of the children placed in it alone (span
// 1; children spanning several tracks do not size them); FLEX tracks the room left by the others
// and the gaps inside the padding, shared in proportion to their values (none when nothing is left).
func gridTrackSizes(F *resultjson.Node, columns bool) []float64 {
	a := axisOf(F, columns)
	sizes, inner := a.sizes, a.length-a.padStart-a.padEnd
	out := make([]float64, len(sizes))
	// The largest child placed alone in each track (for the HUG ones).
	for _, c := range F.Children {
		g := childAxis(c, columns)
		if c.LayoutPositioning != PositionAbsolute && g.anchor != nil && *g.anchor >= 0 && *g.anchor < len(out) && max(g.span, 1) == 1 {
			out[*g.anchor] = math.Max(out[*g.anchor], g.size)
		}
	}
	used, flex := a.gap*float64(max(len(sizes)-1, 0)), 0.0
	for i, s := range sizes {
		switch s.Type {
		case TrackFlex:
			out[i] = 0
			flex += flexValue(s)
			continue
		case TrackHug:
		default:
			out[i] = val(s.Value)
		}
		used += out[i]
	}
	if free := inner - used; flex > 0 && free > 0 {
		for i, s := range sizes {
			if s.Type == TrackFlex {
				out[i] = free * flexValue(s) / flex
			}
		}
	}
	return out
}

// flexValue is a FLEX track's share (1 when the value is left out, Figma's default).
func flexValue(s resultjson.GridTrackSize) float64 {
	if s.Value == nil || *s.Value <= 0 {
		return 1
	}
	return *s.Value
}

// layOutGrid returns where Figma's grid auto layout puts the children of GRID frame F, as
// boxes relative to the frame in the order of F.Children: tracks sized by gridTrackSizes, laid
// from the padding one gap apart; each child in the area from its anchor cell over its spans,
// as wide (tall) as the area when FILL, else at its own size aligned by
// gridChildHorizontalAlign (Vertical): MIN (and AUTO) at the start, CENTER, MAX at the end. An
// ABSOLUTE child keeps its x and y.
func layOutGrid(F *resultjson.Node) []capturemodel.Box {
	out := make([]capturemodel.Box, len(F.Children))
	colSizes, rowSizes := gridTrackSizes(F, true), gridTrackSizes(F, false)
	place := func(columns bool, c *resultjson.Node) (float64, float64) {
		a, g, sizes := axisOf(F, columns), childAxis(c, columns), rowSizes
		if columns {
			sizes = colSizes
		}
		first := 0
		if g.anchor != nil {
			first = *g.anchor
		}
		pos, room := a.padStart, 0.0
		for i := 0; i < len(sizes); i++ {
			switch {
			case i < first:
				pos += sizes[i] + a.gap
			case i < first+max(g.span, 1):
				if i > first {
					room += a.gap
				}
				room += sizes[i]
			}
		}
		if g.fill {
			return pos, room
		}
		return pos + align(g.alignment, room-g.size), g.size
	}
	for i, c := range F.Children {
		if c.LayoutPositioning == PositionAbsolute {
			out[i] = capturemodel.Box{X: c.X, Y: c.Y, Width: c.Width, Height: c.Height}
			continue
		}
		x, w := place(true, c)
		y, h := place(false, c)
		out[i] = capturemodel.Box{X: x, Y: y, Width: w, Height: h}
	}
	return out
}
