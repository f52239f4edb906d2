package capture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// crop is a cropBox of asset id at x, y, w by h CSS px.
func crop(id string, x, y, w, h float64) cropBox {
	c := cropBox{AssetID: id}
	c.Box.X, c.Box.Y, c.Box.Width, c.Box.Height = x, y, w, h
	return c
}

// TestBandable: a crop is cut from a band when its box lies on whole device pixels and it fits
// in a band alone (cropBandHeight device px tall, cropBandPixels pixels): at each limit it does,
// just past it it is taken alone.
func TestBandable(t *testing.T) {
	if cropBandHeight != 2048 || cropBandPixels != 8192*2048 {
		t.Fatalf("cropBandHeight %d, cropBandPixels %d: the cases below are at 2048 and 8192 x 2048", cropBandHeight, cropBandPixels)
	}
	for _, tc := range []struct {
		name string
		c    cropBox
		dsf  float64
		want bool
	}{
		{"Small", crop("a", 10, 20, 16, 16), 1, true},
		{"HeightAtTheLimit", crop("a", 0, 0, 10, 2048), 1, true},
		{"HeightPastTheLimit", crop("a", 0, 0, 10, 2049), 1, false},
		{"HeightAtTheLimitAtScale2", crop("a", 0, 0, 10, 1024), 2, true},
		{"HeightPastTheLimitAtScale2", crop("a", 0, 0, 10, 1024.5), 2, false},
		{"PixelsAtTheLimit", crop("a", 0, 0, 8192, 2048), 1, true},
		{"PixelsPastTheLimit", crop("a", 0, 0, 8193, 2048), 1, false},
		{"HalfPixelAtScale1", crop("a", 0.5, 0, 16, 16), 1, false},
		{"HalfPixelAtScale2", crop("a", 0.5, 0, 16, 16), 2, true},
		{"QuarterPixelAtScale2", crop("a", 0.25, 0, 16, 16), 2, false},
	} {
		if got := bandable(tc.c, tc.dsf); got != tc.want {
			t.Errorf("%s: bandable %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCropBands: crops are grouped top to bottom into bands that grow while they stay within
// cropBandHeight and cropBandPixels: a band exactly at a limit holds both crops, one just past
// it starts a new band.
func TestCropBands(t *testing.T) {
	type band struct {
		x, y, w, h float64
		ids        string
	}
	bandsOf := func(crops []cropBox, dsf float64) []band {
		var out []band
		for _, b := range cropBands(crops, dsf) {
			ids := ""
			for _, c := range b.crops {
				ids += c.AssetID
			}
			out = append(out, band{b.x, b.y, b.width, b.height, ids})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		crops []cropBox
		dsf   float64
		want  []band
	}{
		{"ByTopWholePixels", []cropBox{crop("b", 40.5, 30.25, 10, 10), crop("a", 5, 2, 8, 8)}, 1,
			[]band{{5, 2, 46, 39, "ab"}}},
		{"HeightAtTheLimit", []cropBox{crop("a", 0, 0, 10, 1000), crop("b", 0, 1000, 10, 1048)}, 1,
			[]band{{0, 0, 10, 2048, "ab"}}},
		{"HeightPastTheLimit", []cropBox{crop("a", 0, 0, 10, 1000), crop("b", 0, 1000, 10, 1049)}, 1,
			[]band{{0, 0, 10, 1000, "a"}, {0, 1000, 10, 1049, "b"}}},
		{"HeightAtTheLimitAtScale2", []cropBox{crop("a", 0, 0, 10, 500), crop("b", 0, 500, 10, 524)}, 2,
			[]band{{0, 0, 10, 1024, "ab"}}},
		{"HeightPastTheLimitAtScale2", []cropBox{crop("a", 0, 0, 10, 500), crop("b", 0, 500, 10, 525)}, 2,
			[]band{{0, 0, 10, 500, "a"}, {0, 500, 10, 525, "b"}}},
		{"PixelsAtTheLimit", []cropBox{crop("a", 0, 0, 10, 1024), crop("b", 8182, 1024, 10, 1024)}, 1,
			[]band{{0, 0, 8192, 2048, "ab"}}},
		{"PixelsPastTheLimit", []cropBox{crop("a", 0, 0, 10, 1024), crop("b", 8183, 1024, 10, 1024)}, 1,
			[]band{{0, 0, 10, 1024, "a"}, {8183, 1024, 10, 1024, "b"}}},
	} {
		got := bandsOf(tc.crops, tc.dsf)
		if len(got) != len(tc.want) {
			t.Errorf("%s: bands %+v, want %+v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: bands %+v, want %+v", tc.name, got, tc.want)
				break
			}
		}
	}
}

// TestCutCrop: a crop is cut from its band's screenshot at the band's scale, as a PNG of its box
// in device px; what of the box the screenshot does not hold (the page ended) is transparent.
func TestCutCrop(t *testing.T) {
	// A band at (10, 20) CSS px, 8 x 4 CSS px at scale 2 (16 x 8 device px), its screenshot ending
	// a device px early (the page is 7.5 CSS px tall there); red where x >= 4 device px.
	b := cropBand{x: 10, y: 20, width: 8, height: 4}
	shot := image.NewNRGBA(image.Rect(0, 0, 16, 7))
	for y := range 7 {
		for x := range 16 {
			c := color.NRGBA{0, 0, 255, 255}
			if x >= 4 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			shot.SetNRGBA(x, y, c)
		}
	}
	// The crop at (11.5, 21) CSS px, 2 x 3: device px 3 to 7 across, 2 to 8 down of the band.
	data, err := cutCrop(shot, b, crop("a", 11.5, 21, 2, 3), 2)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, 4, 6) {
		t.Fatalf("crop of %v device px, want 4 x 6", got)
	}
	for _, p := range []struct {
		x, y int
		want color.NRGBA
	}{
		{0, 0, color.NRGBA{0, 0, 255, 255}},
		{0, 4, color.NRGBA{0, 0, 255, 255}},
		{1, 0, color.NRGBA{255, 0, 0, 255}},
		{3, 4, color.NRGBA{255, 0, 0, 255}},
		{0, 5, color.NRGBA{}}, // below the screenshot
		{3, 5, color.NRGBA{}},
	} {
		if got := color.NRGBAModel.Convert(img.At(p.x, p.y)).(color.NRGBA); got != p.want {
			t.Errorf("crop pixel (%d, %d): %v, want %v", p.x, p.y, got, p.want)
		}
	}
}
