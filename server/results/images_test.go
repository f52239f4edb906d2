package results

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"testing"

	"github.com/code2des/backend/server/artifacts"
)

func TestSniff(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"\x89PNG\r\n\x1a\nrest":        artifacts.MimePNG,
		"\xff\xd8\xff\xe0rest":         artifacts.MimeJPEG,
		"GIF87a...":                    artifacts.MimeGIF,
		"GIF89a...":                    artifacts.MimeGIF,
		"RIFF\x00\x00\x00\x00WEBPVP8L": artifacts.MimeWebP,
		"RIFF\x00\x00\x00\x00WAVEfmt ": "",
		"<svg xmlns=...>":              "",
		"<!DOCTYPE html>":              "",
		"\x89PNG":                      "",
		"":                             "",
	}
	for in, want := range cases {
		if got := sniff([]byte(in)); got != want {
			t.Errorf("sniff(%q) = %q, want %q", in, got, want)
		}
		// hydrateStreamed sniffs only the first sniffLen bytes: they must name the same type.
		if head := []byte(in)[:min(len(in), sniffLen)]; sniff(head) != want {
			t.Errorf("sniff of the first %d bytes of %q = %q, want %q", sniffLen, in, sniff(head), want)
		}
	}
	// At the edge: the WebP signature needs all sniffLen bytes, one fewer is not WebP.
	webp := []byte("RIFF\x00\x00\x00\x00WEBPVP8L")
	if got := sniff(webp[:sniffLen]); got != artifacts.MimeWebP {
		t.Errorf("sniff of %d bytes of a WebP = %q, want %q", sniffLen, got, artifacts.MimeWebP)
	}
	if got := sniff(webp[:sniffLen-1]); got != "" {
		t.Errorf("sniff of %d bytes of a WebP = %q, want none", sniffLen-1, got)
	}
}

func TestFitInside(t *testing.T) {
	t.Parallel()
	cases := []struct{ w, h, wantW, wantH int }{
		{4096, 4096, 4096, 4096},
		{4097, 4096, 4096, 4095},
		{4096, 4097, 4095, 4096},
		{5000, 10, 4096, 8},
		{10, 5000, 8, 4096},
		{100000, 1, 4096, 1},
		{8192, 6144, 4096, 3072},
		{1, 1, 1, 1},
	}
	for _, c := range cases {
		if w, h := fitInside(c.w, c.h, MaxImageSide); w != c.wantW || h != c.wantH {
			t.Errorf("fitInside(%d, %d) = %dx%d, want %dx%d", c.w, c.h, w, h, c.wantW, c.wantH)
		}
	}
}

func encoded(t *testing.T, enc func(*bytes.Buffer, image.Image) error, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := enc(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestConvert(t *testing.T) {
	t.Parallel()
	img := image.NewNRGBA(image.Rect(0, 0, 4100, 20))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 10, 4200), []color.Color{color.Black, color.White})
	lossy, err := os.ReadFile("testdata/video-001.lossy.webp")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		in        []byte
		mime      string
		wantMime  string
		wantW     int
		wantH     int
		converted bool
		scaled    bool
	}{
		{"LossyWebPToPNG", lossy, artifacts.MimeWebP, artifacts.MimePNG, 150, 103, true, false},
		{"WidePNGScaled", encoded(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }, img), artifacts.MimePNG, artifacts.MimePNG, 4096, 20, false, true},
		{"WideJPEGStaysJPEG", encoded(t, func(b *bytes.Buffer, i image.Image) error { return jpeg.Encode(b, i, nil) }, img), artifacts.MimeJPEG, artifacts.MimeJPEG, 4096, 20, false, true},
		{"TallGIFToPNGFirstFrame", encoded(t, func(b *bytes.Buffer, i image.Image) error { return gif.Encode(b, i, nil) }, pal), artifacts.MimeGIF, artifacts.MimePNG, 10, 4096, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := rasterConfig(c.in, c.mime)
			if err != nil {
				t.Fatal(err)
			}
			if !needsConversion(c.mime, cfg) {
				t.Fatal("needsConversion = false")
			}
			out, err := convert(c.in, c.mime, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got, format, err := image.DecodeConfig(bytes.NewReader(out.bytes))
			if err != nil || "image/"+format != c.wantMime || out.mime != c.wantMime {
				t.Fatalf("output %s (%s, %v), want %s", out.mime, format, err, c.wantMime)
			}
			if got.Width != c.wantW || got.Height != c.wantH || out.width != c.wantW || out.height != c.wantH {
				t.Errorf("output %dx%d (reported %dx%d), want %dx%d", got.Width, got.Height, out.width, out.height, c.wantW, c.wantH)
			}
			if out.converted != c.converted || (out.fromW > 0) != c.scaled {
				t.Errorf("converted %v scaled %v, want %v %v", out.converted, out.fromW > 0, c.converted, c.scaled)
			}
		})
	}
	t.Run("PNGAtMaxSidePassesThrough", func(t *testing.T) {
		for _, c := range []struct {
			w, h int
			want bool
		}{{MaxImageSide, MaxImageSide, false}, {MaxImageSide + 1, MaxImageSide, true}, {MaxImageSide, MaxImageSide + 1, true}} {
			cfg, err := rasterConfig(pngHeader(c.w, c.h), artifacts.MimePNG)
			if err != nil || needsConversion(artifacts.MimePNG, cfg) != c.want {
				t.Errorf("%dx%d PNG: needsConversion %v (%v), want %v", c.w, c.h, needsConversion(artifacts.MimePNG, cfg), err, c.want)
			}
		}
	})
	t.Run("ErrInvalidImageCorruptPixels", func(t *testing.T) {
		b := encoded(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }, img)
		cfg, _ := rasterConfig(b, artifacts.MimePNG)
		_, err := convert(b[:len(b)/2], artifacts.MimePNG, cfg)
		if !errors.Is(err, ErrInvalidImage) {
			t.Errorf("err = %v, want ErrInvalidImage", err)
		}
	})
}

// pngHeader is the signature and IHDR chunk of a w x h 8-bit RGBA PNG: enough for DecodeConfig.
func pngHeader(w, h int) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	b := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, uint32(len(ihdr)))...)
	b = append(b, "IHDR"...)
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
}

// TestCheckImageBytes: the reading budgets of the used images, before any read (the format
// rules of the entries are artifacts' own: server/artifacts/result_test.go).
func TestCheckImageBytes(t *testing.T) {
	t.Parallel()
	used := func(sizes ...int64) []artifacts.UsedImage {
		var u []artifacts.UsedImage
		for i, n := range sizes {
			u = append(u, artifacts.UsedImage{ResultImage: artifacts.ResultImage{Ref: fmt.Sprintf("r%d", i), ByteSize: n}})
		}
		return u
	}
	cases := []struct {
		name  string
		sizes []int64
		want  error
	}{
		{"OKBytesAtLimit", []int64{100}, nil},
		{"ErrBytesPastLimit", []int64{101}, ErrImageTooLarge},
		{"OKTotalAtBudget", []int64{100, 100, 50}, nil},
		{"ErrTotalPastBudget", []int64{100, 100, 51}, ErrImagesOverBudget},
	}
	for _, c := range cases {
		if err := checkImageBytes(used(c.sizes...), 100, 250); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

// TestStreamable: an image is streamed exactly when its declaration is one returned as stored, a
// PNG, JPEG or GIF within MaxImageSide a side (at the edge and one pixel past it, each side);
// WebP (always converted) and SVG (returned as text) are read whole.
func TestStreamable(t *testing.T) {
	for _, c := range []struct {
		mime string
		w, h int
		want bool
	}{
		{artifacts.MimePNG, MaxImageSide, MaxImageSide, true},
		{artifacts.MimeJPEG, MaxImageSide, MaxImageSide, true},
		{artifacts.MimeGIF, MaxImageSide, MaxImageSide, true},
		{artifacts.MimePNG, MaxImageSide + 1, MaxImageSide, false},
		{artifacts.MimeJPEG, MaxImageSide, MaxImageSide + 1, false},
		{artifacts.MimeGIF, MaxImageSide + 1, 1, false},
		{artifacts.MimeWebP, 1, 1, false},
		{artifacts.MimeSVG, 1, 1, false},
	} {
		e := artifacts.ResultImage{MimeType: c.mime, Width: c.w, Height: c.h}
		if got := streamable(e); got != c.want {
			t.Errorf("%s %dx%d: streamable %v, want %v", c.mime, c.w, c.h, got, c.want)
		}
	}
}

// rasterConfig reads the encoded size of a raster of the sniffed type mime without decoding its
// pixels. Errors wrap ErrInvalidImage.
func rasterConfig(b []byte, mime string) (image.Config, error) {
	return rasterConfigOf(bytes.NewReader(b), mime)
}
