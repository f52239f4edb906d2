package preview_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/code2des/backend/worker/preview"
)

// update rewrites testdata/golden/*.png from the renderer: `go test ./worker/preview -update`;
// look at every changed PNG before committing it.
var update = flag.Bool("update", false, "rewrite the golden preview PNGs")

var (
	rendererOnce sync.Once
	renderer     *preview.Renderer
	rendererErr  error
)

// testRenderer is one Chromium for the whole package run (closed by TestMain).
func testRenderer(t testing.TB) *preview.Renderer {
	t.Helper()
	rendererOnce.Do(func() { renderer, rendererErr = preview.NewRenderer(preview.Options{}) })
	if rendererErr != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no Chromium: %v", rendererErr)
		}
		t.Fatal(rendererErr)
	}
	return renderer
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if renderer != nil {
		renderer.Close()
	}
	os.Exit(code)
}

// quadrants is an 8x4 PNG: red, green on the top row halves, blue, yellow on the bottom.
func quadrants() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBA{255, 0, 0, 255}
			switch {
			case x >= 4 && y < 2:
				c = color.NRGBA{0, 160, 0, 255}
			case x < 4 && y >= 2:
				c = color.NRGBA{0, 0, 255, 255}
			case x >= 4 && y >= 2:
				c = color.NRGBA{255, 220, 0, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

const svgIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#e4572e"/></svg>`

// tree wraps children in a 64x48 white root frame and lists the test images.
func tree(children string) []byte {
	return []byte(`{"manifest":{},"root":{"type":"FRAME","id":"1:1","name":"root","x":0,"y":0,"width":64,"height":48,
"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1}}],"clipsContent":true,"children":[` + children + `]},
"images":[{"ref":"quad","key":"k/q.png","mime_type":"image/png","sha256":"x","byte_size":1,"width":8,"height":4},
{"ref":"icon","key":"k/i.svg","mime_type":"image/svg+xml","sha256":"x","byte_size":1,"width":16,"height":16}],"warnings":[]}`)
}

func rect(extra string) string {
	return `{"type":"FRAME","id":"1:2","name":"r","x":12,"y":8,"width":40,"height":32,"clipsContent":false,` + extra + `}`
}

const (
	red   = `{"type":"SOLID","color":{"r":0.9,"g":0.1,"b":0.1}}`
	blue  = `{"type":"SOLID","color":{"r":0.1,"g":0.2,"b":0.9}}`
	black = `{"type":"SOLID","color":{"r":0,"g":0,"b":0}}`
)

func text(extra string) string {
	return `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":40,"characters":"Hi Fig\nma","fontName":{"family":"Inter","style":"Regular"},
"fontSize":14,"fills":[` + black + `],` + extra + `}`
}

// goldenCases are one small tree per paint, stroke, effect and text feature.
var goldenCases = []struct{ name, tree string }{
	{"solid", rect(`"fills":[` + red + `]`)},
	{"solid-opacity", rect(`"fills":[{"type":"SOLID","color":{"r":0.9,"g":0.1,"b":0.1},"opacity":0.4}]`)},
	{"paint-order", rect(`"fills":[` + red + `,{"type":"SOLID","color":{"r":0.1,"g":0.2,"b":0.9},"opacity":0.5}]`)},
	{"no-fills", rect(`"fills":[]`)},
	{"default-frame-fill", `{"type":"FRAME","id":"1:9","name":"bg","x":0,"y":0,"width":64,"height":48,"fills":[` + blue + `],"children":[` + rect(`"strokes":[`+black+`]`) + `]}`},
	{"gradient-linear", rect(`"fills":[{"type":"GRADIENT_LINEAR","gradientTransform":[[1,0,0],[0,1,0]],"gradientStops":[{"position":0,"color":{"r":1,"g":0,"b":0,"a":1}},{"position":1,"color":{"r":0,"g":0,"b":1,"a":1}}]}]`)},
	{"gradient-linear-vertical", rect(`"fills":[{"type":"GRADIENT_LINEAR","gradientTransform":[[0,1,0],[-1,0,1]],"gradientStops":[{"position":0,"color":{"r":1,"g":1,"b":0,"a":1}},{"position":1,"color":{"r":0,"g":0.5,"b":0,"a":0.2}}]}]`)},
	{"gradient-radial", rect(`"fills":[{"type":"GRADIENT_RADIAL","gradientTransform":[[1,0,0],[0,1,0]],"gradientStops":[{"position":0,"color":{"r":1,"g":1,"b":1,"a":1}},{"position":1,"color":{"r":0.2,"g":0,"b":0.6,"a":1}}]}]`)},
	{"gradient-angular", rect(`"fills":[{"type":"GRADIENT_ANGULAR","gradientTransform":[[1,0,0],[0,1,0]],"gradientStops":[{"position":0,"color":{"r":1,"g":0,"b":0,"a":1}},{"position":1,"color":{"r":0,"g":0,"b":1,"a":1}}]}]`)},
	{"image-fill", rect(`"fills":[{"type":"IMAGE","imageRef":"quad","scaleMode":"FILL"}]`)},
	{"image-fit", rect(`"fills":[` + black + `,{"type":"IMAGE","imageRef":"quad","scaleMode":"FIT"}]`)},
	{"image-crop-stretch", rect(`"fills":[{"type":"IMAGE","imageRef":"quad","scaleMode":"CROP","imageTransform":[[1,0,0],[0,1,0]]}]`)},
	{"image-crop-half", rect(`"fills":[{"type":"IMAGE","imageRef":"quad","scaleMode":"CROP","imageTransform":[[0.5,0,0.5],[0,1,0]]}]`)},
	{"image-tile", rect(`"fills":[{"type":"IMAGE","imageRef":"quad","scaleMode":"TILE","scalingFactor":1.5}]`)},
	{"image-opacity", rect(`"fills":[` + blue + `,{"type":"IMAGE","imageRef":"quad","scaleMode":"FILL","opacity":0.5}]`)},
	{"stroke-inside", rect(`"fills":[],"strokes":[` + blue + `],"strokeWeight":4,"strokeAlign":"INSIDE"`)},
	{"stroke-center", rect(`"fills":[],"strokes":[` + blue + `],"strokeWeight":4,"strokeAlign":"CENTER"`)},
	{"stroke-outside", rect(`"fills":[],"strokes":[` + blue + `],"strokeWeight":4,"strokeAlign":"OUTSIDE"`)},
	{"stroke-sides", rect(`"fills":[],"strokes":[` + blue + `],"strokeWeight":1,"strokeTopWeight":6,"strokeRightWeight":0,"strokeBottomWeight":2,"strokeLeftWeight":1,"strokeAlign":"INSIDE"`)},
	{"stroke-dashed", rect(`"fills":[],"strokes":[` + blue + `],"strokeWeight":2,"strokeAlign":"INSIDE","dashPattern":[6,6]`)},
	{"stroke-radius", rect(`"fills":[` + red + `],"strokes":[` + blue + `],"strokeWeight":3,"strokeAlign":"INSIDE","cornerRadius":10`)},
	{"corner-radii", rect(`"fills":[` + red + `],"topLeftRadius":16,"topRightRadius":0,"bottomRightRadius":8,"bottomLeftRadius":2`)},
	{"clip", rect(`"fills":[` + red + `],"clipsContent":true,"cornerRadius":12,"children":[{"type":"RECTANGLE","id":"1:4","name":"c","x":20,"y":16,"width":40,"height":30,"fills":[` + blue + `]}]`)},
	{"no-clip", rect(`"fills":[` + red + `],"clipsContent":false,"children":[{"type":"RECTANGLE","id":"1:4","name":"c","x":20,"y":16,"width":40,"height":30,"fills":[` + blue + `]}]`)},
	{"nested-positions", rect(`"fills":[` + red + `],"children":[{"type":"FRAME","id":"1:4","name":"c","x":4,"y":4,"width":20,"height":20,"fills":[` + blue + `],"children":[{"type":"RECTANGLE","id":"1:5","name":"d","x":4,"y":4,"width":8,"height":8,"fills":[` + black + `]}]}]`)},
	{"group-coordinates", `{"type":"GROUP","id":"1:6","name":"g","x":30,"y":20,"width":20,"height":20,"opacity":0.5,"children":[{"type":"RECTANGLE","id":"1:7","name":"a","x":30,"y":20,"width":20,"height":20,"fills":[` + red + `]}]}`},
	{"ellipse", `{"type":"ELLIPSE","id":"1:8","name":"e","x":12,"y":8,"width":40,"height":32,"fills":[` + red + `],"strokes":[` + black + `],"strokeWeight":2}`},
	{"line", `{"type":"LINE","id":"1:8","name":"l","x":8,"y":24,"width":48,"height":0,"strokes":[` + blue + `],"strokeWeight":4}`},
	{"vector", `{"type":"VECTOR","id":"1:8","name":"v","x":12,"y":8,"width":40,"height":32,"fills":[` + red + `],"vectorPaths":[{"windingRule":"NONZERO","data":"M 0 32 L 20 0 L 40 32 Z"}]}`},
	{"drop-shadow", rect(`"fills":[` + red + `],"effects":[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":0,"a":0.6},"offset":{"x":4,"y":4},"radius":4,"spread":0,"visible":true,"blendMode":"NORMAL","showShadowBehindNode":false}]`)},
	{"drop-shadow-spread", rect(`"fills":[` + red + `],"cornerRadius":8,"effects":[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":1,"a":1},"offset":{"x":0,"y":0},"radius":0,"spread":3,"visible":true}]`)},
	{"inner-shadow", rect(`"fills":[` + red + `],"effects":[{"type":"INNER_SHADOW","color":{"r":0,"g":0,"b":0,"a":0.8},"offset":{"x":3,"y":3},"radius":2,"spread":0,"visible":true}]`)},
	{"hidden-effect", rect(`"fills":[` + red + `],"effects":[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":0,"a":1},"offset":{"x":6,"y":6},"radius":0,"visible":false}]`)},
	{"layer-blur", rect(`"fills":[` + red + `],"effects":[{"type":"LAYER_BLUR","radius":8,"visible":true}]`)},
	// A frame without fills casts its drop shadow drawn behind it (a CSS filter's drop-shadow())
	// from its content, as Figma does: round under the circle, not a box.
	{"drop-shadow-content", rect(`"fills":[],"effects":[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":0,"a":0.8},"offset":{"x":4,"y":4},"radius":4,"visible":true,"blendMode":"NORMAL","showShadowBehindNode":true}],"children":[{"type":"ELLIPSE","id":"1:4","name":"c","x":8,"y":4,"width":24,"height":24,"fills":[` + red + `]}]`)},
	// A translucent frame blurs what lies under it (radius halved as for LAYER_BLUR).
	{"background-blur", `{"type":"RECTANGLE","id":"1:8","name":"q","x":0,"y":0,"width":64,"height":48,"fills":[{"type":"IMAGE","imageRef":"quad","scaleMode":"FILL"}]},` + rect(`"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1},"opacity":0.3}],"effects":[{"type":"BACKGROUND_BLUR","radius":8,"visible":true}]`)},
	{"opacity", rect(`"fills":[` + red + `],"opacity":0.3`)},
	{"blend-multiply", `{"type":"RECTANGLE","id":"1:8","name":"a","x":4,"y":4,"width":36,"height":36,"fills":[{"type":"SOLID","color":{"r":1,"g":0.9,"b":0}}]},{"type":"RECTANGLE","id":"1:9","name":"b","x":24,"y":8,"width":36,"height":36,"blendMode":"MULTIPLY","fills":[{"type":"SOLID","color":{"r":0,"g":0.8,"b":1}}]}`},
	{"hidden-node", rect(`"fills":[` + red + `],"visible":false`)},
	{"svg-node", `{"type":"SVG","id":"1:8","name":"s","x":16,"y":8,"width":32,"height":32,"imageRef":"icon"}`},
	{"text-plain", text(`"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-size-weight", text(`"fontSize":20,"fontName":{"family":"Inter","style":"Bold"},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-italic", text(`"fontName":{"family":"Inter","style":"Italic"},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-serif", text(`"fontName":{"family":"Noto Serif","style":"Regular"},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-line-height", text(`"lineHeight":{"value":24,"unit":"PIXELS"},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-letter-spacing", text(`"letterSpacing":{"value":3,"unit":"PIXELS"},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-align-center", text(`"textAlignHorizontal":"CENTER","textAutoResize":"HEIGHT"`)},
	{"text-align-right", text(`"textAlignHorizontal":"RIGHT","textAutoResize":"HEIGHT"`)},
	// A Hebrew paragraph is right-to-left from its first strong character: its closing "!" is at
	// its left end, the "1" of "1 שלום" right of the word; the second line starts with a
	// left-to-right mark, so its "!" stays at its right end.
	{"text-rtl-neutrals", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":40,"characters":"1 שלום!\n\u200eAb!","fontName":{"family":"Inter","style":"Regular"},"fontSize":14,"fills":[` + black + `],"textAlignHorizontal":"RIGHT","textAutoResize":"HEIGHT"}`},
	{"text-vertical-bottom", text(`"textAlignVertical":"BOTTOM","textAutoResize":"NONE"`)},
	{"text-wrap-height", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":30,"height":40,"characters":"wrap these words","fontSize":12,"fills":[` + black + `],"textAutoResize":"HEIGHT"}`},
	{"text-case-upper", text(`"textCase":"UPPER","textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-underline", text(`"textDecoration":"UNDERLINE","textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-strikethrough", text(`"textDecoration":"STRIKETHROUGH","textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-color-opacity", text(`"fills":[{"type":"SOLID","color":{"r":0.9,"g":0.1,"b":0.1},"opacity":0.5}],"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	// Styled ranges (result version 2): "Hi " black, "Fig\nma" red, bold, larger and underlined.
	{"text-styled-segments", text(`"textAutoResize":"WIDTH_AND_HEIGHT","styledTextSegments":[{"start":0,"end":3,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"NONE"},{"start":3,"end":9,"fontName":{"family":"Inter","style":"Bold"},"fontSize":16,"fills":[` + red + `],"textDecoration":"UNDERLINE"}]`)},
	// Only the first range is underlined, though the node's own decoration (the first range's)
	// is UNDERLINE: "Fig\nma" has no line.
	{"text-segment-decoration", text(`"textDecoration":"UNDERLINE","textDecorationStyle":"DOTTED","textAutoResize":"WIDTH_AND_HEIGHT","styledTextSegments":[{"start":0,"end":3,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"UNDERLINE","textDecorationStyle":"DOTTED"},{"start":3,"end":9,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + red + `],"textDecoration":"NONE"}]`)},
	{"text-paragraph-indent", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":40,"characters":"wrap these words","fontSize":12,"fills":[` + black + `],"textAutoResize":"HEIGHT","paragraphIndent":16}`},
	// Truncated after one line: "wrap these" and an ellipsis, the rest hidden (textTruncation ENDING, maxLines 1).
	{"text-truncation", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":14,"characters":"wrap these words and more","fontSize":12,"fills":[` + black + `],"textAutoResize":"HEIGHT","textTruncation":"ENDING","maxLines":1}`},
	// Balanced lines (textWrapStyle BALANCE): "Wrap" over "these ok", two lines of about one
	// width, where AUTO fills the first line ("Wrap these" over "ok").
	{"text-wrap-balance", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":28,"characters":"Wrap these ok","fontSize":9,"fills":[` + black + `],"textAutoResize":"HEIGHT","textWrapStyle":"BALANCE"}`},
	{"text-wrap-auto", `{"type":"TEXT","id":"1:3","name":"t","x":4,"y":4,"width":56,"height":28,"characters":"Wrap these ok","fontSize":9,"fills":[` + black + `],"textAutoResize":"HEIGHT"}`},
	// A list of two bullets hanging left of the box (x 16) and a third paragraph that is no list
	// item; the listMarker TEXT (a red "X") is left out.
	{"text-list-unordered", `{"type":"TEXT","id":"1:2","name":"m","x":2,"y":2,"characters":"X","fontSize":12,"fills":[` + red + `],"textAutoResize":"WIDTH_AND_HEIGHT","listMarker":true},{"type":"TEXT","id":"1:3","name":"t","x":16,"y":2,"width":46,"height":42,"characters":"Ab\nCd\nEf","fontSize":12,"lineHeight":{"value":14,"unit":"PIXELS"},"fills":[` + black + `],"textAutoResize":"HEIGHT","hangingList":true,"styledTextSegments":[{"start":0,"end":6,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"NONE","listOptions":{"type":"UNORDERED"}},{"start":6,"end":8,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"NONE"}]}`},
	// An ordered list counting 1., 2. outside the box, the second item in blue.
	{"text-list-ordered", `{"type":"TEXT","id":"1:3","name":"t","x":24,"y":4,"width":38,"height":28,"characters":"Ab\nCd","fontSize":12,"lineHeight":{"value":14,"unit":"PIXELS"},"fills":[` + black + `],"textAutoResize":"HEIGHT","hangingList":true,"styledTextSegments":[{"start":0,"end":3,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"NONE","listOptions":{"type":"ORDERED"}},{"start":3,"end":5,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + blue + `],"textDecoration":"NONE","listOptions":{"type":"ORDERED"}}]}`},
	// A list whose two items are 8 px apart (listText, listSpacing 8): bullets at 2 and 24; the
	// TEXTs it replaces (red "X" markers and the second item in red) are left out.
	{"text-list-spaced", `{"type":"TEXT","id":"1:2","name":"m","x":2,"y":2,"characters":"X","fontSize":12,"fills":[` + red + `],"textAutoResize":"WIDTH_AND_HEIGHT"},{"type":"TEXT","id":"1:3","name":"t","x":16,"y":2,"width":46,"height":14,"characters":"Ab","fontSize":12,"lineHeight":{"value":14,"unit":"PIXELS"},"fills":[` + black + `],"textAutoResize":"HEIGHT","hangingList":true,"listText":{"characters":"Ab\nCd","height":36,"styledTextSegments":[{"start":0,"end":5,"fontName":{"family":"Inter","style":"Regular"},"fontSize":12,"fills":[` + black + `],"textDecoration":"NONE","listOptions":{"type":"UNORDERED"},"listSpacing":8}],"replaces":["1:2","1:4","1:5"]}},{"type":"TEXT","id":"1:4","name":"m","x":2,"y":24,"characters":"X","fontSize":12,"fills":[` + red + `],"textAutoResize":"WIDTH_AND_HEIGHT"},{"type":"TEXT","id":"1:5","name":"t","x":16,"y":24,"width":46,"height":14,"characters":"Cd","fontSize":12,"lineHeight":{"value":14,"unit":"PIXELS"},"fills":[` + red + `],"textAutoResize":"HEIGHT"}`},
	// A red wavy underline 2 px thick, 3 px below the baseline.
	{"text-decoration-wavy", text(`"textDecoration":"UNDERLINE","textDecorationStyle":"WAVY","textDecorationThickness":{"value":2,"unit":"PIXELS"},"textDecorationOffset":{"value":3,"unit":"PIXELS"},"textDecorationColor":{"value":` + red + `},"textAutoResize":"WIDTH_AND_HEIGHT"`)},
	{"text-shadow", text(`"effects":[{"type":"DROP_SHADOW","color":{"r":0,"g":0,"b":1,"a":1},"offset":{"x":2,"y":2},"radius":0,"visible":true}],"textAutoResize":"WIDTH_AND_HEIGHT"`)},
}

// Pixel distance of a preview to its golden PNG: a pixel differs when a channel is off by more
// than goldenChannelTolerance (of 255); at most goldenMaxDiffering of the pixels may differ.
const (
	goldenChannelTolerance = 24
	goldenMaxDiffering     = 0.01
)

func TestGoldenPreviews(t *testing.T) {
	r := testRenderer(t)
	images := map[string][]byte{"quad": quadrants(), "icon": []byte(svgIcon)}
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.Render(context.Background(), tree(tc.tree), images, 1)
			if err != nil {
				t.Fatal(err)
			}
			if p.Width != 64 || p.Height != 48 {
				t.Fatalf("preview %dx%d, want 64x48", p.Width, p.Height)
			}
			file := filepath.Join("testdata", "golden", tc.name+".png")
			if *update {
				if err := os.WriteFile(file, p.PNG, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update and look at the PNG)", err)
			}
			if share, err := differing(p.PNG, want); err != nil || share > goldenMaxDiffering {
				t.Errorf("preview differs from %s: %.2f%% of pixels (at most %.0f%%), %v", file, share*100, goldenMaxDiffering*100, err)
			}
		})
	}
}

// differing is the share of pixels of two equal-size PNGs with a channel off by more than
// goldenChannelTolerance.
func differing(a, b []byte) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 1, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 1, err
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, fmt.Errorf("sizes %v and %v", ia.Bounds(), ib.Bounds())
	}
	n, off := 0, 0
	bd := ia.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			n++
			for _, d := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				if absDiff(d[0]>>8, d[1]>>8) > goldenChannelTolerance {
					off++
					break
				}
			}
		}
	}
	return float64(off) / float64(n), nil
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
