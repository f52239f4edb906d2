package text_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestSetVerticalUprightColumn: a column of CJK characters set vertically is drawn as a TEXT of
// one character per line, centred on the column (the right edge of a vertical-rl block, the left
// of a vertical-lr one), each line a character's advance (font size plus letter spacing), with no
// warning; Latin text set vertically (turned sideways), sideways-rl and a block with room for a
// second column keep the run's box and are warned about (CSS_WRITING_MODE), once per element.
func TestSetVerticalUprightColumn(t *testing.T) {
	style := func(wm string, width float64) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "p", Box: capturemodel.Box{X: 100, Y: 10, Width: width, Height: 300},
			Style: map[string]string{"font-family": "serif", "font-size": "20px", "line-height": "40px", "letter-spacing": "2px",
				"color": "rgb(0, 0, 0)", "writing-mode": wm}}
	}
	for _, tc := range []struct {
		name, wm, chars string
		width           float64
		column          bool
		x               float64
	}{
		{"RightToLeft", "vertical-rl", "床前明月光，", 40, true, 105},
		{"RightToLeftWideBlock", "vertical-rl", "床前明月光，", 79.9, true, 144.9},
		{"LeftToRight", "vertical-lr", "床前明月光，", 60, true, 105},
		{"TwoColumnsFit", "vertical-rl", "床前明月光，", 80, false, 0},
		{"LatinTurnedSideways", "vertical-rl", "Vertical", 40, false, 0},
		{"SidewaysRL", "sideways-rl", "床前明月光", 40, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, w := setter()
			el := style(tc.wm, tc.width)
			node := &resultjson.Node{ID: "1:2", X: 100, Y: 10, Width: 20, Height: 120}
			s.SetText(node, el, nil, tc.chars, boxtree.TextDecoration{})
			s.SetVertical(node, el, 0)
			s.SetVertical(node, el, 0)
			var codes []string
			for _, x := range w.Done() {
				if x.Code == warnings.WritingMode {
					codes = append(codes, x.Code)
				}
			}
			if !tc.column {
				if len(codes) != 1 || node.Width != 20 || node.X != 100 {
					t.Errorf("warnings %v, node at %v %vx%v; want one CSS_WRITING_MODE and the run's box", codes, node.X, node.Width, node.Height)
				}
				return
			}
			if len(codes) != 0 {
				t.Errorf("warnings %v, want none", codes)
			}
			if node.X != tc.x || node.Y != 10 || node.Width != 30 || node.Height != 132 || node.TextAutoResize != "HEIGHT" ||
				node.TextAlignHorizontal != "CENTER" || *node.LineHeight.Value != 22 || node.LetterSpacing.Value != 0 || node.Characters != tc.chars {
				t.Errorf("column %q at %v,%v %vx%v, %s %s, line height %v, letter spacing %v; want at %v,10 30x132, HEIGHT CENTER, 22, 0",
					node.Characters, node.X, node.Y, node.Width, node.Height, node.TextAutoResize, node.TextAlignHorizontal, *node.LineHeight.Value, node.LetterSpacing.Value, tc.x)
			}
		})
	}
}
