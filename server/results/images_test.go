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
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"\x89PNG\r\n\x1a\nrest":        MimePNG,
		"\xff\xd8\xff\xe0rest":         MimeJPEG,
		"GIF87a...":                    MimeGIF,
		"GIF89a...":                    MimeGIF,
		"RIFF\x00\x00\x00\x00WEBPVP8L": MimeWebP,
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
	}
}

func TestCheckSVG(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, svg, wantErr string }{
		{"OKNamespaced", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g><rect width="1" height="1"/></g></svg>`, ""},
		{"OKNoNamespaceWithProlog", "\ufeff<?xml version=\"1.0\"?>\n<!-- logo -->\n<svg><path d=\"M0 0\"/></svg>\n", ""},
		{"OKPlainDoctype", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>`, ""},
		{"ErrHTMLRoot", `<html><body>x</body></html>`, "root element is <html>"},
		{"ErrOtherNamespace", `<svg xmlns="http://www.w3.org/1999/xhtml"/>`, "not <svg>"},
		{"ErrUnclosed", `<svg><g></svg>`, "not well-formed"},
		{"ErrTruncated", `<svg><g>`, "not well-formed"},
		{"ErrTwoRoots", `<svg/><svg/>`, "more than one root"},
		{"ErrTextOutsideRoot", `<svg/>trailing`, "text outside"},
		{"ErrEntity", `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>`, "declares entities"},
		{"ErrEmpty", ``, "no root element"},
		{"ErrNotUTF8", "<svg>\xff</svg>", "not UTF-8"},
		{"ErrOtherCharset", `<?xml version="1.0" encoding="ISO-8859-1"?><svg/>`, "not well-formed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkSVG([]byte(c.svg))
			if c.wantErr == "" {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidImage) || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want ErrInvalidImage with %q", err, c.wantErr)
			}
		})
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

func TestConvertible(t *testing.T) {
	t.Parallel()
	if err := convertible(image.Config{Width: MaxConvertPixels / 4096, Height: 4096}); err != nil {
		t.Errorf("at MaxConvertPixels: %v", err)
	}
	if err := convertible(image.Config{Width: MaxConvertPixels/4096 + 1, Height: 4096}); !errors.Is(err, ErrImageTooLarge) {
		t.Errorf("past MaxConvertPixels: %v", err)
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
		{"LossyWebPToPNG", lossy, MimeWebP, MimePNG, 150, 103, true, false},
		{"WidePNGScaled", encoded(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }, img), MimePNG, MimePNG, 4096, 20, false, true},
		{"WideJPEGStaysJPEG", encoded(t, func(b *bytes.Buffer, i image.Image) error { return jpeg.Encode(b, i, nil) }, img), MimeJPEG, MimeJPEG, 4096, 20, false, true},
		{"TallGIFToPNGFirstFrame", encoded(t, func(b *bytes.Buffer, i image.Image) error { return gif.Encode(b, i, nil) }, pal), MimeGIF, MimePNG, 10, 4096, true, true},
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
			cfg, err := rasterConfig(pngHeader(c.w, c.h), MimePNG)
			if err != nil || needsConversion(MimePNG, cfg) != c.want {
				t.Errorf("%dx%d PNG: needsConversion %v (%v), want %v", c.w, c.h, needsConversion(MimePNG, cfg), err, c.want)
			}
		}
	})
	t.Run("ErrInvalidImageCorruptPixels", func(t *testing.T) {
		b := encoded(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }, img)
		cfg, _ := rasterConfig(b, MimePNG)
		_, err := convert(b[:len(b)/2], MimePNG, cfg)
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

func validEntry(i int) ImageEntry {
	return ImageEntry{Ref: fmt.Sprintf("r%d", i), Key: "code2des/j/attempt-1/i.png", MimeType: MimePNG, Sha256: strings.Repeat("ab", 32), ByteSize: 10, Width: 1, Height: 1}
}

func TestCheckImageEntries(t *testing.T) {
	t.Parallel()
	check := func(es []ImageEntry) error {
		_, err := checkImageEntries(es, "bucket", "code2des/j/attempt-1/", "page-imports/p/attempt-1/", 100)
		return err
	}
	many := make([]ImageEntry, MaxImages+1)
	for i := range many {
		many[i] = validEntry(i)
	}
	if err := check(many[:MaxImages]); err != nil {
		t.Errorf("MaxImages entries: %v", err)
	}
	if err := check(many); !errors.Is(err, ErrInvalidImageEntry) {
		t.Errorf("MaxImages+1 entries: %v", err)
	}
	cases := []struct {
		name   string
		change func(e *ImageEntry)
		want   error
	}{
		{"OKCapturePrefix", func(e *ImageEntry) { e.Key = "page-imports/p/attempt-1/assets/a.png" }, nil},
		{"OKRefAtMaxLength", func(e *ImageEntry) { e.Ref = strings.Repeat("r", MaxIdentifierLength) }, nil},
		{"ErrRefPastMaxLength", func(e *ImageEntry) { e.Ref = strings.Repeat("r", MaxIdentifierLength+1) }, ErrInvalidImageEntry},
		{"ErrEmptyRef", func(e *ImageEntry) { e.Ref = "" }, ErrInvalidImageEntry},
		{"ErrOtherCaptureAttempt", func(e *ImageEntry) { e.Key = "page-imports/p/attempt-2/a.png" }, ErrOutsidePrefix},
		{"ErrPrefixItself", func(e *ImageEntry) { e.Key = "code2des/j/attempt-1" }, ErrOutsidePrefix},
		{"ErrEmptySegment", func(e *ImageEntry) { e.Key = "code2des/j/attempt-1//a.png" }, ErrOutsidePrefix},
		{"ErrS3Pointer", func(e *ImageEntry) { e.Key = "s3://bucket/code2des/j/attempt-1/a.png" }, ErrOutsidePrefix},
		{"ErrUnknownMime", func(e *ImageEntry) { e.MimeType = "image/bmp" }, ErrInvalidImageEntry},
		{"ErrUppercaseSha", func(e *ImageEntry) { e.Sha256 = strings.Repeat("AB", 32) }, ErrInvalidImageEntry},
		{"ErrZeroBytes", func(e *ImageEntry) { e.ByteSize = 0 }, ErrInvalidImageEntry},
		{"OKBytesAtLimit", func(e *ImageEntry) { e.ByteSize = 100 }, nil},
		{"ErrBytesPastLimit", func(e *ImageEntry) { e.ByteSize = 101 }, ErrImageTooLarge},
		{"OKSideAtMax", func(e *ImageEntry) { e.Width = MaxDeclaredImageSide }, nil},
		{"ErrSidePastMax", func(e *ImageEntry) { e.Height = MaxDeclaredImageSide + 1 }, ErrInvalidImageEntry},
		{"ErrZeroWidth", func(e *ImageEntry) { e.Width = 0 }, ErrInvalidImageEntry},
	}
	for _, c := range cases {
		e := validEntry(0)
		c.change(&e)
		if err := check([]ImageEntry{e}); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	if err := check([]ImageEntry{validEntry(1), validEntry(1)}); !errors.Is(err, ErrInvalidImageEntry) {
		t.Errorf("duplicate ref: %v", err)
	}
}

func TestCheckWarnings(t *testing.T) {
	t.Parallel()
	node := strings.Repeat("n", MaxIdentifierLength)
	longNode := node + "n"
	ok := Warning{Code: strings.Repeat("C", MaxWarningCodeLength), Message: strings.Repeat("m", MaxWarningMessageLength), NodeID: &node}
	many := make([]Warning, MaxWarnings+1)
	for i := range many {
		many[i] = Warning{Code: "C"}
	}
	cases := []struct {
		name  string
		ws    []Warning
		count int
		want  error
	}{
		{"OKAtEveryLengthLimit", []Warning{ok}, 1, nil},
		{"OKNone", nil, 0, nil},
		{"OKMaxWarnings", many[:MaxWarnings], MaxWarnings, nil},
		{"ErrPastMaxWarnings", many, MaxWarnings + 1, ErrInvalidImageEntry},
		{"ErrCountDiffers", []Warning{ok}, 0, ErrWarningCount},
		{"ErrCodePastLimit", []Warning{{Code: ok.Code + "C"}}, 1, ErrInvalidImageEntry},
		{"ErrEmptyCode", []Warning{{Message: "m"}}, 1, ErrInvalidImageEntry},
		{"ErrMessagePastLimit", []Warning{{Code: "C", Message: ok.Message + "m"}}, 1, ErrInvalidImageEntry},
		{"ErrNodePastLimit", []Warning{{Code: "C", NodeID: &longNode}}, 1, ErrInvalidImageEntry},
	}
	for _, c := range cases {
		if err := checkWarnings(c.ws, c.count); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}
