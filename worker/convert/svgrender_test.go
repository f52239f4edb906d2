package convert_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// svgRenderer draws SVG documents on their own in headless Chromium (no page around them, no
// network), as Figma's createNodeFromSvg receives them.
type svgRenderer struct{ ctx context.Context }

func newSVGRenderer(t *testing.T) *svgRenderer {
	t.Helper()
	path := os.Getenv("CHROMIUM_PATH")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skipf("Chromium not installed at %s", path)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.UserDataDir(t.TempDir()), chromedp.Headless, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.NoSandbox, chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("hide-scrollbars", true),
		// No network: a standalone SVG must draw from its own bytes.
		chromedp.ProxyServer("http://127.0.0.1:9"), chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return &svgRenderer{ctx: ctx}
}

// render draws svg standalone at w x h CSS px (scale 1) on a white page and returns the pixels.
func (r *svgRenderer) render(t *testing.T, svg []byte, w, h int) image.Image {
	t.Helper()
	ctx, cancel := context.WithTimeout(r.ctx, 20*time.Second)
	defer cancel()
	var shot []byte
	err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: int64(w), Height: int64(h), DeviceScaleFactor: 1})
			return err
		}))
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.NavigateResponse("data:image/svg+xml;base64,"+base64.StdEncoding.EncodeToString(svg)))
	}
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			r, err := cdp.Call(ctx, tg, cdppage.CaptureScreenshot, cdppage.CaptureScreenshotParams{
				Format: cdppage.CaptureScreenshotFormatPng,
				Clip:   &cdppage.Viewport{Width: float64(w), Height: float64(h), Scale: 1},
			})
			if err == nil {
				shot = r.Data
			}
			return err
		}))
	}
	if err != nil {
		t.Fatalf("render SVG: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// inkColors counts the pixels of img that are not the white page, by colour rounded to 4 bits a
// channel, and returns the most common one and the share of inked pixels.
func inkColors(img image.Image) (dominant color.RGBA, inked float64) {
	counts := map[color.RGBA]int{}
	total, ink := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			total++
			if c.R > 245 && c.G > 245 && c.B > 245 {
				continue
			}
			ink++
			counts[color.RGBA{c.R &^ 15, c.G &^ 15, c.B &^ 15, 255}]++
		}
	}
	best := 0
	for c, n := range counts {
		if n > best || (n == best && (c.R < dominant.R || c.R == dominant.R && c.G < dominant.G)) {
			dominant, best = c, n
		}
	}
	return dominant, float64(ink) / float64(max(1, total))
}

func near(a color.RGBA, hex string) bool {
	var want color.RGBA
	b, _ := hexBytes(strings.TrimPrefix(hex, "#"))
	want = color.RGBA{b[0] &^ 15, b[1] &^ 15, b[2] &^ 15, 255}
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, want.R) <= 16 && d(a.G, want.G) <= 16 && d(a.B, want.B) <= 16
}

func hexBytes(s string) ([3]byte, bool) {
	var out [3]byte
	for i := range 3 {
		var v byte
		for _, c := range s[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				v |= byte(c-'a') + 10
			}
		}
		out[i] = v
	}
	return out, true
}

// wellFormed checks that b parses as standalone XML with one svg root in the SVG namespace.
func wellFormed(t *testing.T, name string, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = true
	roots := 0
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v\n%s", name, err, b)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if el.Name.Space != "http://www.w3.org/2000/svg" || el.Name.Local != "svg" {
					t.Errorf("%s: root %v, want svg in the SVG namespace", name, el.Name)
				}
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 {
		t.Errorf("%s: %d root elements", name, roots)
	}
}

// resultSVGs returns the bytes of every SVG image of a conversion of fixture f, by ref.
func resultSVGs(t *testing.T, f *fixture, out *convert.Output) map[string][]byte {
	t.Helper()
	copies := map[string][]byte{}
	for _, c := range out.Copies {
		copies[c.Key] = c.Bytes
	}
	svgs := map[string][]byte{}
	for _, e := range out.Result.Images {
		if e.MimeType != resultjson.MimeSVG {
			continue
		}
		b, ok := copies[e.Key]
		if !ok {
			rel, _ := strings.CutPrefix(e.Key, fixtureImportPrefix)
			var err error
			if b, err = os.ReadFile(filepath.Join("testdata", f.name, filepath.FromSlash(rel))); err != nil {
				t.Fatal(err)
			}
		}
		svgs[e.Ref] = b
	}
	return svgs
}
