package text

import (
	"math"
	"strconv"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestTruncatedLines: the lines a block shows before its ellipsis, for 24 px lines.
func TestTruncatedLines(t *testing.T) {
	block := func(style map[string]string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "p", Style: style}
	}
	clamp2 := map[string]string{"overflow-x": "hidden", "-webkit-line-clamp": "2"}
	ellipsis := map[string]string{"overflow-x": "hidden", "text-overflow": "ellipsis", "white-space": "nowrap"}
	clampAt := func(n int) map[string]string {
		return map[string]string{"overflow-x": "hidden", "-webkit-line-clamp": strconv.Itoa(n)}
	}
	for _, c := range []struct {
		name              string
		style             map[string]string
		oneLine, overflow bool
		height            float64
		want              int
	}{
		{"clamp 2 holding 3 lines", clamp2, false, false, 72, 2},
		{"clamp 2 holding 2 lines", clamp2, false, false, 48, 0},
		{"clamp 2 at 2.5 lines (the limit)", clamp2, false, false, 60, 0},
		{"clamp 2 just past 2.5 lines", clamp2, false, false, 61, 2},
		{"clamp 2 not clipping", map[string]string{"-webkit-line-clamp": "2"}, false, false, 72, 0},
		{"clamp none", map[string]string{"overflow-x": "hidden", "-webkit-line-clamp": "none"}, false, false, 72, 0},
		{"ellipsis on an overflowing line", ellipsis, true, true, 24, 1},
		{"ellipsis on a line that fits", ellipsis, true, false, 24, 0},
		{"ellipsis on wrapped lines", ellipsis, false, true, 48, 0},
		{"overflow clipped without ellipsis", map[string]string{"overflow-x": "hidden"}, true, true, 24, 0},
		{"clamp at MaxLines", clampAt(resultjson.MaxLines), false, false, 24 * (resultjson.MaxLines + 1), resultjson.MaxLines},
		{"clamp past MaxLines", clampAt(resultjson.MaxLines + 1), false, false, 24 * (resultjson.MaxLines + 2), 0},
	} {
		if got := truncatedLines(block(c.style), c.oneLine, c.overflow, c.height, 24); got != c.want {
			t.Errorf("%s: %d lines, want %d", c.name, got, c.want)
		}
	}
}

// TestTextCase: Figma's textCase for each text-transform and font-variant-caps pair that
// changes it.
func TestTextCase(t *testing.T) {
	for _, c := range []struct{ transform, caps, want string }{
		{"none", "normal", ""},
		{"uppercase", "normal", "UPPER"},
		{"lowercase", "normal", "LOWER"},
		{"capitalize", "normal", "TITLE"},
		{"none", "small-caps", "SMALL_CAPS"},
		{"none", "petite-caps", "SMALL_CAPS"},
		{"none", "all-small-caps", "SMALL_CAPS_FORCED"},
		{"none", "all-petite-caps", "SMALL_CAPS_FORCED"},
		{"none", "unicase", ""},
		{"uppercase", "small-caps", "UPPER"},
		{"lowercase", "small-caps", "SMALL_CAPS_FORCED"},
		{"capitalize", "small-caps", "TITLE"},
	} {
		if got := textCase(c.transform, c.caps); got != c.want {
			t.Errorf("text-transform %s, font-variant-caps %s: %q, want %q", c.transform, c.caps, got, c.want)
		}
	}
}

// TestLeading: the leading above a content area is the half-leading in 1/64 px layout units,
// floored to a whole px (a whole px at exactly one, none just below), the rest below; negative
// when the content area is taller than the line.
func TestLeading(t *testing.T) {
	for _, c := range []struct {
		name                 string
		lh, height           float64
		wantAbove, wantBelow float64
	}{
		{"Whole", 21, 17, 2, 2},
		{"Fraction", 20.8, 17, 1, 2.8},
		{"OnePxAtTheEdge", 19, 17, 1, 1},
		{"JustBelowOnePx", 19 - 1.0/layoutUnit, 17, 0, 2 - 1.0/layoutUnit},
		{"NoLeading", 17, 17, 0, 0},
		{"TallerContentArea", 19.2, 19.375, -1, 0.825},
	} {
		above, below := leading(c.lh, c.height)
		if above != c.wantAbove || math.Abs(below-c.wantBelow) > 1e-9 {
			t.Errorf("%s: line %v, content area %v: leading %v above, %v below; want %v, %v", c.name, c.lh, c.height, above, below, c.wantAbove, c.wantBelow)
		}
	}
}
