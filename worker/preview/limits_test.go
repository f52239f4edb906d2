package preview_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/preview"
)

func rootOf(w, h float64, children string) []byte {
	return []byte(fmt.Sprintf(`{"root":{"type":"FRAME","id":"1:1","name":"r","x":0,"y":0,"width":%g,"height":%g,"fills":[{"type":"SOLID","color":{"r":0.5,"g":0.5,"b":0.5}}],"children":[%s]},"images":[]}`, w, h, children))
}

// nested is a chain of depth FRAMEs, the root included.
func nested(depth int) []byte {
	var b strings.Builder
	for i := 1; i < depth; i++ {
		fmt.Fprintf(&b, `{"type":"FRAME","id":"1:%d","name":"f","x":0,"y":0,"width":4,"height":4,"children":[`, i+1)
	}
	for i := 1; i < depth; i++ {
		b.WriteString("]}")
	}
	return rootOf(8, 8, b.String())
}

// flat is a root with n-1 rectangles (n nodes). They are hidden: they count against MaxNodes
// but draw nothing, so the edge test does not time a 50,000-node layout on a busy machine
// (drawing 50,000 visible nodes took 7 s on an idle one, docs/fidelity.md).
func flat(n int) []byte {
	parts := make([]string, n-1)
	for i := range parts {
		parts[i] = fmt.Sprintf(`{"type":"RECTANGLE","id":"1:%d","name":"","x":0,"y":0,"width":1,"height":1,"visible":false}`, i+2)
	}
	return rootOf(8, 8, strings.Join(parts, ","))
}

func TestRenderRefusesBadInput(t *testing.T) {
	r := testRenderer(t)
	big := rootOf(8, 8, "")
	big = append(big[:len(big)-1], []byte(`,"pad":"`+strings.Repeat("x", preview.MaxResultBytes)+`"}`)...)
	cases := []struct {
		name  string
		raw   []byte
		scale float64
		want  error
	}{
		{"NotJSON", []byte(`{"root":`), 1, preview.ErrInvalid},
		{"RootNotFrame", []byte(`{"root":{"type":"TEXT","id":"1","name":"","width":4,"height":4,"characters":"x"}}`), 1, preview.ErrInvalid},
		{"NoRoot", []byte(`{"images":[]}`), 1, preview.ErrInvalid},
		{"ZeroSize", rootOf(0, 10, ""), 1, preview.ErrInvalid},
		{"NodeWithoutType", rootOf(8, 8, `{"id":"1:2","name":""}`), 1, preview.ErrInvalid},
		{"ScaleZero", rootOf(8, 8, ""), 0, preview.ErrInvalid},
		{"ScalePastMax", rootOf(8, 8, ""), preview.MaxScale + 0.01, preview.ErrInvalid},
		{"OverMaxResultBytes", big, 1, preview.ErrTooLarge},
		{"DeeperThanMaxDepth", nested(preview.MaxDepth + 1), 1, preview.ErrTooLarge},
		{"MoreThanMaxNodes", flat(preview.MaxNodes + 1), 1, preview.ErrTooLarge},
		{"WiderThanMaxSide", rootOf(preview.MaxSide/2+1, 8, ""), 2, preview.ErrTooLarge},
		{"MorePixelsThanMaxPixels", rootOf(4096, 4097, ""), 1, preview.ErrTooLarge},
		{"ImagesOverMaxImageBytes", nil, 1, preview.ErrTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			raw, images := tc.raw, map[string][]byte(nil)
			if raw == nil {
				raw = []byte(`{"root":{"type":"FRAME","id":"1","name":"","width":8,"height":8},"images":[
{"ref":"a","mime_type":"image/png","width":1,"height":1},{"ref":"b","mime_type":"image/png","width":1,"height":1}]}`)
				images = map[string][]byte{"a": make([]byte, preview.MaxImageBytes/2), "b": make([]byte, preview.MaxImageBytes/2+1)}
			}
			p, err := r.Render(context.Background(), raw, images, tc.scale)
			if !errors.Is(err, tc.want) || p != nil || !preview.IsInputError(err) {
				t.Fatalf("Render = %v, %v; want %v", p, err, tc.want)
			}
		})
	}
}

func TestRenderAtItsBounds(t *testing.T) {
	r := testRenderer(t)
	cases := []struct {
		name  string
		raw   []byte
		scale float64
		w, h  int
		cap   bool
	}{
		{"MaxDepth", nested(preview.MaxDepth), 1, 8, 8, false},
		{"MaxNodes", flat(preview.MaxNodes), 1, 8, 8, false},
		{"MaxScale", rootOf(8, 8, ""), preview.MaxScale, 32, 32, false},
		{"MaxPixels", rootOf(2048, 2048, ""), 2, 4096, 4096, false},
		{"HeightCappedAtMaxSide", rootOf(100, 20000, ""), 1, 100, preview.MaxSide, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.Render(context.Background(), tc.raw, nil, tc.scale)
			if err != nil {
				t.Fatal(err)
			}
			if p.Width != tc.w || p.Height != tc.h || p.Capped != tc.cap {
				t.Fatalf("preview %dx%d capped %v, want %dx%d capped %v", p.Width, p.Height, p.Capped, tc.w, tc.h, tc.cap)
			}
		})
	}
}

func TestRenderHonoursItsContext(t *testing.T) {
	r := testRenderer(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Render(ctx, rootOf(8, 8, ""), nil, 1); err == nil || preview.IsInputError(err) {
		t.Fatalf("Render with an ended context = %v, want a browser/timeout error", err)
	}
	// the renderer still works afterwards
	if _, err := r.Render(context.Background(), rootOf(8, 8, ""), nil, 1); err != nil {
		t.Fatal(err)
	}
}

// TestHostileStringsStayText: names, refs, characters and font families that look like markup
// are drawn or used as text, never run: a script would paint the page red.
func TestHostileStringsStayText(t *testing.T) {
	r := testRenderer(t)
	js := `document.documentElement.style.background='rgb(255,0,0)';document.body.style.background='rgb(255,0,0)'`
	evil := `</script><script>` + js + `</script><img src=x onerror="` + js + `">`
	q, _ := json.Marshal(evil)
	raw := []byte(`{"root":{"type":"FRAME","id":` + string(q) + `,"name":` + string(q) + `,"width":40,"height":20,"fills":[],"children":[
{"type":"TEXT","id":"t","name":` + string(q) + `,"x":0,"y":0,"width":10,"height":5,"characters":` + string(q) + `,"fontName":{"family":` + string(q) + `,"style":"Regular"},"fontSize":4,"textAutoResize":"TRUNCATE"},
{"type":"RECTANGLE","id":"r","name":"","x":0,"y":10,"width":4,"height":4,"fills":[{"type":"IMAGE","imageRef":` + string(q) + `,"scaleMode":"FILL"}]}]},
"images":[{"ref":` + string(q) + `,"mime_type":"image/png","width":8,"height":4}]}`)
	p, err := r.Render(context.Background(), raw, map[string][]byte{evil: quadrants()}, 1)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p.PNG))
	if err != nil {
		t.Fatal(err)
	}
	if c := color.RGBAModel.Convert(img.At(30, 15)).(color.RGBA); c.R == 255 && c.G == 0 {
		t.Fatalf("markup in the result ran as script: pixel %v", c)
	}
	// The image paint under the hostile ref was still drawn (red top-left quadrant of quadrants()).
	if c := color.RGBAModel.Convert(img.At(0, 10)).(color.RGBA); c.R < 200 || c.G > 60 {
		t.Errorf("the image with a hostile ref was not drawn: pixel %v", c)
	}
}
