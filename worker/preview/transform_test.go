package preview_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"
)

// TestRelativeTransformDrawn: a node with relativeTransform is drawn at its untransformed size
// mapped by the transform, not at its bounding box: a 20x20 red square rotated 45° about
// (32, 24) is a diamond (its centre and its top vertex's area red, the corner of its bounding
// box white), and its child, in the square's own space, turns with it.
func TestRelativeTransformDrawn(t *testing.T) {
	r := testRenderer(t)
	// rotate(45deg) about the square's centre (10, 10), placed with that centre at (32, 24).
	const diamond = `{"type":"FRAME","id":"1:2","name":"d","x":17.86,"y":9.86,"width":28.28,"height":28.28,
"relativeTransform":[[0.707107,-0.707107,32],[0.707107,0.707107,9.857864]],"untransformedWidth":20,"untransformedHeight":20,
"clipsContent":false,"fills":[` + red + `],"children":[{"type":"RECTANGLE","id":"1:3","name":"c","x":0,"y":0,"width":6,"height":6,"fills":[` + blue + `]}]}`
	p, err := r.Render(context.Background(), tree(diamond), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p.PNG))
	if err != nil {
		t.Fatal(err)
	}
	kind := func(x, y int) string {
		c, g, b, _ := img.At(x, y).RGBA()
		switch {
		case c>>8 > 200 && g>>8 < 60 && b>>8 < 60:
			return "red"
		case b>>8 > 150 && c>>8 < 100:
			return "blue"
		case c>>8 > 240 && g>>8 > 240 && b>>8 > 240:
			return "white"
		}
		return "other"
	}
	for _, tc := range []struct {
		x, y int
		want string
	}{
		{32, 24, "red"},   // the centre
		{32, 30, "red"},   // towards the bottom vertex
		{19, 11, "white"}, // the bounding box's top left: outside the diamond
		{44, 36, "white"}, // its bottom right
		{32, 12, "blue"},  // the child at the square's top left corner, now the top vertex
	} {
		if got := kind(tc.x, tc.y); got != tc.want {
			t.Errorf("pixel (%d,%d) is %s, want %s", tc.x, tc.y, got, tc.want)
		}
	}
}
