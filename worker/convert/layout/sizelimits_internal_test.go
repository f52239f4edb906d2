package layout

import (
	"fmt"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestSizeLimitBounds: a max-width of resultjson.MaxLayoutLength px is kept, one px past it left
// out (the backend refuses a result past it); a content-box limit counts its padding, and a
// minimum the captured box is under by more than Tolerance is left out.
func TestSizeLimitBounds(t *testing.T) {
	el := func(prop, v string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{prop: v}}
	}
	str := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	for _, c := range []struct {
		name    string
		el      *capturemodel.DOMNode
		prop    string
		extra   float64
		size    float64
		minimum bool
		want    string
	}{
		{"MaxAtTheBound", el("max-width", fmt.Sprintf("%dpx", resultjson.MaxLayoutLength)), "max-width", 0, 500, false, fmt.Sprint(resultjson.MaxLayoutLength)},
		{"MaxPastTheBound", el("max-width", fmt.Sprintf("%dpx", resultjson.MaxLayoutLength+1)), "max-width", 0, 500, false, "-"},
		{"ContentBoxPadding", el("max-width", "400px"), "max-width", 24, 410, false, "424"},
		{"MinRespectedWithinTolerance", el("min-width", "200px"), "min-width", 0, 199, true, "200"},
		{"MinBrokenPastTolerance", el("min-width", "200px"), "min-width", 0, 198.9, true, "-"},
		{"ZeroMinimum", el("min-width", "0px"), "min-width", 0, 100, true, "-"},
		{"Percentage", el("max-width", "50%"), "max-width", 0, 100, false, "-"},
	} {
		if got := str(sizeLimit(c.el, c.prop, c.extra, c.size, c.minimum)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
