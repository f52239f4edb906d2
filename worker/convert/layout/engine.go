package layout

import (
	"math"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// Figma's auto-layout rules, computed (docs/conversion.md "Auto layout"). The converter emits
// auto layout on a frame only when LayOut, run on the values it chose, puts every child where the
// page had it (within Tolerance); the tests run it again on every auto-layout frame of the
// results.

// Tolerance is the most a child placed by LayOut may differ from its captured box, in px,
// on any edge.
const Tolerance = 1.0

// LayOut returns where Figma's auto layout puts the children of frame (a FRAME with LayoutMode
// set), as boxes relative to the frame, in the order of frame.Children. It reads the frame's
// size, padding, itemSpacing, alignment and wrap, and each child's size and layoutSizing*:
// a FILL child takes its share of the free room (primary axis) or the inner size (counter axis);
// FIXED and HUG children keep their width and height; an ABSOLUTE child keeps its x and y. With
// SPACE_BETWEEN the room left is shared between the children (itemSpacing is then ignored, as in
// Figma). A WRAP frame (HORIZONTAL only) fills rows greedily; the rows, counterAxisSpacing apart,
// are aligned as a block and each child within its row by counterAxisAlignItems. A GRID frame
// is laid out by Figma's grid rules (layOutGrid).
func LayOut(frame *resultjson.Node) []capturemodel.Box {
	if frame.LayoutMode == Grid {
		return layOutGrid(frame)
	}
	out := make([]capturemodel.Box, len(frame.Children))
	horizontal := frame.LayoutMode == Horizontal
	// Work in primary (main) / counter coordinates.
	main := func(w, h float64) (float64, float64) {
		if horizontal {
			return w, h
		}
		return h, w
	}
	padMainStart, padMainEnd := val(frame.PaddingTop), val(frame.PaddingBottom)
	padCrossStart, padCrossEnd := val(frame.PaddingLeft), val(frame.PaddingRight)
	if horizontal {
		padMainStart, padMainEnd, padCrossStart, padCrossEnd = padCrossStart, padCrossEnd, padMainStart, padMainEnd
	}
	frameMain, frameCross := main(frame.Width, frame.Height)
	innerMain := frameMain - padMainStart - padMainEnd
	innerCross := frameCross - padCrossStart - padCrossEnd
	spacing := val(frame.ItemSpacing)

	type flowItem struct {
		i                     int
		size, cross           float64
		fillMain, fillCross   bool
		mainPos, crossPos     float64
		mainSize, crossSize   float64
		sizingMain, sizingCrs string
	}
	var items []*flowItem
	for i, c := range frame.Children {
		if c.LayoutPositioning == PositionAbsolute {
			out[i] = capturemodel.Box{X: c.X, Y: c.Y, Width: c.Width, Height: c.Height}
			continue
		}
		it := &flowItem{i: i}
		it.size, it.cross = main(c.Width, c.Height)
		it.sizingMain, it.sizingCrs = c.LayoutSizingHorizontal, c.LayoutSizingVertical
		if !horizontal {
			it.sizingMain, it.sizingCrs = it.sizingCrs, it.sizingMain
		}
		it.fillMain, it.fillCross = it.sizingMain == SizingFill, it.sizingCrs == SizingFill
		items = append(items, it)
	}

	// Rows: one, or as many as wrapping makes.
	var rows [][]*flowItem
	if frame.LayoutWrap == Wrap && horizontal {
		var row []*flowItem
		used := 0.0
		for _, it := range items {
			if len(row) > 0 && used+spacing+it.size > innerMain+0.01 {
				rows = append(rows, row)
				row, used = nil, 0
			}
			if len(row) > 0 {
				used += spacing
			}
			used += it.size
			row = append(row, it)
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	} else if len(items) > 0 {
		rows = [][]*flowItem{items}
	}

	// Main axis, row by row.
	for _, row := range rows {
		fixed, fills := 0.0, 0
		for _, it := range row {
			if it.fillMain {
				fills++
			} else {
				fixed += it.size
			}
		}
		gap := spacing
		free := innerMain - fixed - gap*float64(len(row)-1)
		if frame.PrimaryAxisAlignItems == AlignBetween && fills == 0 {
			gap = 0
			if len(row) > 1 {
				gap = math.Max(0, (innerMain-fixed)/float64(len(row)-1))
			}
			free = innerMain - fixed - gap*float64(len(row)-1)
		}
		share := 0.0
		if fills > 0 {
			share = math.Max(0, free) / float64(fills)
			free = 0
		}
		pos := padMainStart + align(frame.PrimaryAxisAlignItems, free)
		for _, it := range row {
			it.mainSize = it.size
			if it.fillMain {
				it.mainSize = share
			}
			it.mainPos = pos
			pos += it.mainSize + gap
		}
	}

	// Counter axis: each row as tall as its tallest child; rows stacked counterAxisSpacing apart
	// and aligned as a block; children aligned within their row.
	rowSize := make([]float64, len(rows))
	block := 0.0
	for r, row := range rows {
		for _, it := range row {
			it.crossSize = it.cross
			if it.fillCross {
				it.crossSize = innerCross
				if len(rows) > 1 {
					it.crossSize = it.cross // a wrapped row is as tall as its content
				}
			}
			rowSize[r] = math.Max(rowSize[r], it.crossSize)
		}
		if r > 0 {
			block += val(frame.CounterAxisSpacing)
		}
		block += rowSize[r]
	}
	if len(rows) == 1 {
		rowSize[0] = innerCross
		block = innerCross
	}
	cross := padCrossStart + align(frame.CounterAxisAlignItems, innerCross-block)
	for r, row := range rows {
		for _, it := range row {
			it.crossPos = cross + align(frame.CounterAxisAlignItems, rowSize[r]-it.crossSize)
		}
		cross += rowSize[r] + val(frame.CounterAxisSpacing)
	}

	for _, it := range items {
		if horizontal {
			out[it.i] = capturemodel.Box{X: it.mainPos, Y: it.crossPos, Width: it.mainSize, Height: it.crossSize}
		} else {
			out[it.i] = capturemodel.Box{X: it.crossPos, Y: it.mainPos, Width: it.crossSize, Height: it.mainSize}
		}
	}
	return out
}

// Hug sets the size of frame (a HORIZONTAL or VERTICAL frame without wrap) on each axis it
// hugs (layoutSizing HUG) to what Figma gives a hugging frame: its padding plus, along its
// layoutMode, its flowing children's sizes and the itemSpacing between them, across it the
// largest child. ABSOLUTE children take no room; a frame of another mode, or without flowing
// children, keeps its size.
func Hug(frame *resultjson.Node) {
	if (frame.LayoutMode != Horizontal && frame.LayoutMode != Vertical) || frame.LayoutWrap == Wrap {
		return
	}
	sumW, sumH, maxW, maxH, n := 0.0, 0.0, 0.0, 0.0, 0
	for _, c := range frame.Children {
		if c.LayoutPositioning == PositionAbsolute {
			continue
		}
		sumW, sumH = sumW+c.Width, sumH+c.Height
		maxW, maxH = math.Max(maxW, c.Width), math.Max(maxH, c.Height)
		n++
	}
	if n == 0 {
		return
	}
	gaps := val(frame.ItemSpacing) * float64(n-1)
	w, h := sumW+gaps, maxH
	if frame.LayoutMode == Vertical {
		w, h = maxW, sumH+gaps
	}
	if frame.LayoutSizingHorizontal == SizingHug {
		frame.Width = val(frame.PaddingLeft) + w + val(frame.PaddingRight)
	}
	if frame.LayoutSizingVertical == SizingHug {
		frame.Height = val(frame.PaddingTop) + h + val(frame.PaddingBottom)
	}
}

// align is the offset of something in free room by a MIN, CENTER or MAX alignment.
func align(mode string, free float64) float64 {
	switch mode {
	case AlignCenter:
		return free / 2
	case AlignMax:
		return free
	}
	return 0
}

func val(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// Mismatch compares LayOut's boxes for frame with its children's own boxes and returns the
// child that moves or resizes most and by how much (px, the largest edge difference); nil and 0
// when the frame has no children.
func Mismatch(frame *resultjson.Node) (*resultjson.Node, float64) {
	var worst *resultjson.Node
	most := 0.0
	for i, b := range LayOut(frame) {
		c := frame.Children[i]
		d := math.Max(math.Max(math.Abs(b.X-c.X), math.Abs(b.Y-c.Y)),
			math.Max(math.Abs(b.X+b.Width-c.X-c.Width), math.Abs(b.Y+b.Height-c.Y-c.Height)))
		if worst == nil || d > most {
			worst, most = c, d
		}
	}
	return worst, most
}
