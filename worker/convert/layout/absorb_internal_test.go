package layout

import (
	"math"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestMarginsToTakeEpsilon: in a column whose spacings are 4 + d, 12 and 4 px (the 12 px from
// a bottom margin of 12 the second item's frame takes 8 of), a difference d of takeEpsilon is
// left as it is and one of twice that is taken from the first item's bottom margin; an item
// that paints (a white fill) takes nothing.
func TestMarginsToTakeEpsilon(t *testing.T) {
	for _, c := range []struct {
		d, want float64
	}{{takeEpsilon, 0}, {2 * takeEpsilon, 2 * takeEpsilon}} {
		ms := [][4]float64{{0, 0, 4 + c.d, 0}, {0, 0, 12, 0}, {0, 0, 4, 0}, {}}
		flow := make([]*resultjson.Node, 4)
		flowDOM := make([]*capturemodel.DOMNode, 4)
		for i := range flow {
			fills := []resultjson.Paint{}
			if i >= 2 {
				fills = append(fills, resultjson.Paint{Type: "SOLID", Color: &resultjson.RGB{R: 1, G: 1, B: 1}})
			}
			flow[i] = &resultjson.Node{Type: "FRAME", Fills: &fills}
			flowDOM[i] = &capturemodel.DOMNode{Type: "element", Style: map[string]string{"display": "block"}}
		}
		take, ok := marginsToTake(flow, flowDOM, [][2]int{{0, 4}}, ms, false, acrossBoth)
		if !ok {
			t.Fatalf("d %g: not ok", c.d)
		}
		if math.Abs(take[0][sideBottom]-c.want) > 1e-9 || take[1][sideBottom] != 8 || take[2] != [4]float64{} {
			t.Errorf("d %g: took %v, want %g and 8 at the bottom of the first two, nothing from the painted third", c.d, take, c.want)
		}
	}
}
