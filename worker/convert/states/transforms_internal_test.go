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
