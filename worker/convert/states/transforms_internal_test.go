package states

import (
	"reflect"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestUntransformed: a state's transform is left out with the boxes it moves (its element's and
// its descendants' whose other changes are paint), not a box a layout change of a descendant
// moved, nor one outside the transformed element; a state without a transform is kept whole.
func TestUntransformed(t *testing.T) {
	box := &capturemodel.Box{X: 1, Y: 2, Width: 3, Height: 4}
	// Elements: 0 the use, 1 a button (1-3), 2 its icon, 3 its padded label, 4 a sibling.
	ends := []int{5, 4, 3, 4, 5}
	rec := &capturemodel.StateRecord{Element: 0, State: "hover", Changes: []capturemodel.StateChange{
		{Element: 1, Style: map[string]string{"scale": "1.05", "color": "rgb(0, 0, 255)"}, Box: box},
		{Element: 2, Box: box},
		{Element: 3, Style: map[string]string{"padding-top": "6px"}, Box: box},
		{Element: 4, Box: box},
	}}
	got, leftOut := untransformed(rec, ends)
	want := []capturemodel.StateChange{
		{Element: 1, Style: map[string]string{"color": "rgb(0, 0, 255)"}},
		{Element: 3, Style: map[string]string{"padding-top": "6px"}, Box: box},
		{Element: 4, Box: box},
	}
	if !reflect.DeepEqual(got.Changes, want) || !reflect.DeepEqual(leftOut, []string{"scale: 1.05"}) {
		t.Errorf("changes %+v, left out %q; want %+v and [scale: 1.05]", got.Changes, leftOut, want)
	}
	if len(rec.Changes) != 4 || rec.Changes[0].Style["scale"] != "1.05" {
		t.Errorf("the capture's record changed: %+v", rec.Changes)
	}
	plain := &capturemodel.StateRecord{Element: 0, State: "hover", Changes: []capturemodel.StateChange{{Element: 1, Box: box}}}
	if same, none := untransformed(plain, ends); same != plain || none != nil {
		t.Errorf("a state without a transform: %+v, %q; want it whole", same, none)
	}
}

// TestVariantScale: a state that scales the use's own element alike on both axes, from no
// transform or a translation at rest, is the variant's rescale, and so is one that also moves it
// (its translate property); a scale of an element inside, a move of one,
// from a turned element, of unequal axes, beside a second transform or past the bounds is none.
func TestVariantScale(t *testing.T) {
	el := func(style map[string]string) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "a", Style: style}
	}
	u := &use{start: 0, end: 2}
	change := func(i int, style map[string]string) capturemodel.StateChange {
		return capturemodel.StateChange{Element: i, Style: style}
	}
	for _, c := range []struct {
		name    string
		rest    map[string]string
		changes []capturemodel.StateChange
		want    float64
	}{
		{"Scale", nil, []capturemodel.StateChange{change(0, map[string]string{"transform": "matrix(1.05, 0, 0, 1.05, 0, 0)", "color": "red"})}, 1.05},
		{"ScaleProperty", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "1.1"})}, 1.1},
		{"ScaleAndMove", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "1.05", "translate": "0px -4px"})}, 1.05},
		{"ScaleAndMoveInside", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "1.05"}), change(1, map[string]string{"translate": "0px -4px"})}, 0},
		{"FromTranslation", map[string]string{"transform": "matrix(1, 0, 0, 1, 0, -4)"}, []capturemodel.StateChange{change(0, map[string]string{"transform": "matrix(1.05, 0, 0, 1.05, 0, -4)"})}, 1.05},
		{"AtMin", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "0.01"})}, 0.01},
		{"PastMin", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "0.009"})}, 0},
		{"AtMax", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "100"})}, 100},
		{"PastMax", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "100.5"})}, 0},
		{"Inside", nil, []capturemodel.StateChange{change(1, map[string]string{"transform": "matrix(1.05, 0, 0, 1.05, 0, 0)"})}, 0},
		{"FromTurn", map[string]string{"rotate": "5deg"}, []capturemodel.StateChange{change(0, map[string]string{"scale": "1.05"})}, 0},
		{"Unequal", nil, []capturemodel.StateChange{change(0, map[string]string{"transform": "matrix(1.05, 0, 0, 1, 0, 0)"})}, 0},
		{"TwoTransforms", nil, []capturemodel.StateChange{change(0, map[string]string{"scale": "1.05", "rotate": "3deg"})}, 0},
		{"None", nil, []capturemodel.StateChange{change(0, map[string]string{"color": "red"})}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			els := []*capturemodel.DOMNode{el(c.rest), el(nil)}
			rec := &capturemodel.StateRecord{Element: 0, State: "hover", Changes: c.changes}
			if got := variantScale(rec, u, els); got != c.want {
				t.Errorf("variantScale = %v, want %v", got, c.want)
			}
		})
	}
}
