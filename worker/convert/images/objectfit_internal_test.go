package images

import (
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestObjectCrop: the CROP imageTransform of object-fit none, cover and scale-down at corner,
// off-centre and px positions (CSS Images 3 §5.5), and no crop where the drawn image leaves
// part of the box empty.
func TestObjectCrop(t *testing.T) {
	for _, c := range []struct {
		fit, pos string
		iw, ih   float64
		want     *resultjson.Transform
	}{
		// A 400x300 image at its natural size in a 200x100 box: the box shows half its width
		// and a third of its height.
		{"none", "0% 0%", 400, 300, &resultjson.Transform{{0.5, 0, 0}, {0, 0.333333, 0}}},
		{"none", "100% 100%", 400, 300, &resultjson.Transform{{0.5, 0, 0.5}, {0, 0.333333, 0.666667}}},
		{"none", "25% 50%", 400, 300, &resultjson.Transform{{0.5, 0, 0.125}, {0, 0.333333, 0.333333}}},
		{"none", "-20px -30px", 400, 300, &resultjson.Transform{{0.5, 0, 0.05}, {0, 0.333333, 0.1}}},
		// Cover scales a 100x100 image to 200x200: the box shows its bottom half at 0% 100%.
		{"cover", "0% 100%", 100, 100, &resultjson.Transform{{1, 0, 0}, {0, 0.5, 0.5}}},
		// scale-down of a larger image is contain: 400x200 at 200x100 covers the box exactly.
		{"scale-down", "0% 0%", 400, 200, &resultjson.Transform{{1, 0, 0}, {0, 1, 0}}},
		// Smaller than the box, or moved off an edge: no crop.
		{"none", "0% 0%", 100, 50, nil},
		{"none", "10px 0px", 400, 300, nil},
		{"contain", "0% 0%", 400, 400, nil},
	} {
		got, ok := objectCrop(c.fit, c.pos, c.iw, c.ih, 200, 100)
		if (c.want == nil) != !ok || (ok && *got != *c.want) {
			t.Errorf("object-fit %s at %s of %vx%v: %v %v, want %v", c.fit, c.pos, c.iw, c.ih, got, ok, c.want)
		}
	}
}
