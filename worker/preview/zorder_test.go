package preview_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"
)

// TestItemReverseZIndexDrawn: two overlapping squares (red first, blue second) are drawn with the
// last on top, and with the first on top in a frame with itemReverseZIndex.
func TestItemReverseZIndexDrawn(t *testing.T) {
	r := testRenderer(t)
	for _, tc := range []struct {
		reverse string
		want    string
	}{{"false", "blue"}, {"true", "red"}} {
		row := `{"type":"FRAME","id":"1:2","name":"row","x":0,"y":0,"width":64,"height":48,"fills":[],"clipsContent":false,
"layoutMode":"HORIZONTAL","itemSpacing":-10,"itemReverseZIndex":` + tc.reverse + `,"children":[
{"type":"RECTANGLE","id":"1:3","name":"a","x":0,"y":0,"width":30,"height":30,"fills":[` + red + `]},
{"type":"RECTANGLE","id":"1:4","name":"b","x":20,"y":0,"width":30,"height":30,"fills":[` + blue + `]}]}`
		p, err := r.Render(context.Background(), tree(row), nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(p.PNG))
		if err != nil {
			t.Fatal(err)
		}
		c, g, b, _ := img.At(25, 15).RGBA()
		got := "other"
		switch {
		case c>>8 > 200 && g>>8 < 60 && b>>8 < 60:
			got = "red"
		case b>>8 > 150 && c>>8 < 100:
			got = "blue"
		}
		if got != tc.want {
			t.Errorf("itemReverseZIndex %s: the overlap is %s, want %s", tc.reverse, got, tc.want)
		}
		if c, _, _, _ := img.At(5, 15).RGBA(); c>>8 < 200 {
			t.Errorf("itemReverseZIndex %s: the first square's own part is not red", tc.reverse)
		}
	}
}
