package paint

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestCoverCrop: a 200x100 image covering a 100x100 box is drawn 200x100 (scale 1), so the box
// shows half its width: at 0% 0% its left half, at 100% 0% its right half, at -20px 0px from 20
// px in, at calc(100% - 20px) (its right edge 20 px in from the box's) from 120 px in; a position
// it does not read is refused.
func TestCoverCrop(t *testing.T) {
	e := &resultjson.ImageEntry{Width: 200, Height: 100}
	for _, c := range []struct {
		pos  string
		want resultjson.Transform
	}{
		{"0% 0%", resultjson.Transform{{0.5, 0, 0}, {0, 1, 0}}},
		{"100% 0%", resultjson.Transform{{0.5, 0, 0.5}, {0, 1, 0}}},
		{"-20px 0px", resultjson.Transform{{0.5, 0, 0.1}, {0, 1, 0}}},
		{"calc(100% - 20px) 0%", resultjson.Transform{{0.5, 0, 0.6}, {0, 1, 0}}}, // right 20px
		{"left", resultjson.Transform{{0.5, 0, 0}, {0, 1, 0}}},                   // left center
	} {
		got, ok := coverCrop(e, c.pos, 100, 100)
		if !ok || *got != c.want {
			t.Errorf("%s: %v %v, want %v", c.pos, ok, got, c.want)
		}
	}
	for _, bad := range []string{"calc(10% * 2) 0%", "left right", ""} {
		if _, ok := coverCrop(e, bad, 100, 100); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}
