package convert_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/server/results"
	"github.com/code2des/backend/worker/convert"
)

// costImage is a raster for the decode-cost tests: its bytes and declared type.
type costImage struct {
	name string
	mime string
	b    []byte
}

// encoded encodes m with enc (png.Encode, gif.Encode, a JPEG encoder) or fails the test.
func encoded(t *testing.T, m image.Image, enc func(io.Writer, image.Image) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// interlacedPNG is a real 1x1 Adam7-interlaced PNG: with one pixel, pass 1 holds the same
// scanline as the plain encoding, so flipping IHDR's interlace byte (and its CRC) is enough.
func interlacedPNG(t *testing.T, m image.Image) []byte {
	b := encoded(t, m, png.Encode)
	b[28] = 1
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// gifHeaderOf is a GIF89a header (logical screen of w x h, no colour table) and trailer: enough
// for the header decode, not for pixels.
func gifHeaderOf(w, h int) []byte {
	b := []byte("GIF89a")
	b = binary.LittleEndian.AppendUint16(b, uint16(w))
	b = binary.LittleEndian.AppendUint16(b, uint16(h))
	return append(b, 0, 0, 0, 0x3b)
}

// jpegSegment is a JPEG marker segment: marker, then its payload.
type jpegSegment struct {
	marker  byte
	payload []byte
}

// jpegHeaderOf is a JPEG (SOI, before, frame header sof of w x h with components named ids at
// sampling factors hv, one scan of a few entropy-coded bytes with a stuffed 0xFF and a restart
// marker, after, EOI): enough for the header decode and both cost estimates, not for pixels.
func jpegHeaderOf(sof byte, w, h int, ids, hv []byte, before, after []jpegSegment) []byte {
	b := []byte{0xff, 0xd8}
	seg := func(s jpegSegment) {
		b = append(b, 0xff, s.marker)
		b = binary.BigEndian.AppendUint16(b, uint16(len(s.payload)+2))
		b = append(b, s.payload...)
	}
	for _, s := range before {
		seg(s)
	}
	frame := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(len(ids))}
	for k := range ids {
		frame = append(frame, ids[k], hv[k], 0)
	}
	seg(jpegSegment{sof, frame})
	seg(jpegSegment{0xda, []byte{1, ids[0], 0, 0, 63, 0}})
	b = append(b, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56)
	for _, s := range after {
		seg(s)
	}
	return append(b, 0xff, 0xd9)
}

var (
	jfifAPP0  = jpegSegment{0xe0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")}
	otherAPP0 = jpegSegment{0xe0, []byte("JFXX\x00\x10")}
	adobeRGB  = jpegSegment{0xee, []byte("Adobe\x00\x64\x00\x00\x00\x00\x00")} // transform 0
	adobeYCC  = jpegSegment{0xee, []byte("Adobe\x00\x64\x00\x00\x00\x00\x01")} // transform 1
)

// webpLossyOf is the header of a lossy WebP of w x h: a VP8 chunk's frame header, after a VP8X
// and an ALPH chunk of the given header byte (compression method in its low bits) when alpha.
func webpLossyOf(w, h int, alpha bool, alphaHeader byte) []byte {
	b := []byte("RIFF\x00\x00\x00\x00WEBP")
	chunk := func(fourcc string, payload []byte) {
		b = append(b, fourcc...)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(payload)))
		b = append(b, payload...)
		if len(payload)%2 == 1 {
			b = append(b, 0)
		}
	}
	if alpha {
		vp8x := make([]byte, 10)
		vp8x[0] = 0x10 // alpha
		vp8x[4], vp8x[5], vp8x[6] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
		vp8x[7], vp8x[8], vp8x[9] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
		chunk("VP8X", vp8x)
		chunk("ALPH", []byte{alphaHeader, 0, 0})
	}
	frame := []byte{0x10, 0, 0, 0x9d, 0x01, 0x2a, byte(w), byte(w >> 8 & 0x3f), byte(h), byte(h >> 8 & 0x3f)}
	chunk("VP8 ", frame)
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

// costImages are the rasters both estimates are compared over: encoded by Go (8/16-bit,
// gray, paletted PNG, GIF, baseline JPEG), a real interlaced PNG, headers of every PNG kind,
// JPEG variant (sampling, progressive, gray, CMYK, RGB by Adobe marker or component names, JFIF
// before and after the scan) and WebP kind at sizes around the budget and off the MCU grid, and
// the backend's testdata files (cwebp/cjpeg-made WebP, progressive and baseline JPEG).
func costImages(t *testing.T) []costImage {
	t.Helper()
	r := image.Rect(0, 0, 37, 21)
	nrgba, rgba64, gray, gray16 := image.NewNRGBA(r), image.NewNRGBA64(r), image.NewGray(r), image.NewGray16(r)
	for x := range 37 {
		nrgba.Set(x, x%21, color.NRGBA{200, 120, 40, 128})
		rgba64.Set(x, x%21, color.NRGBA64{50000, 120, 40, 65535})
	}
	paletted := image.NewPaletted(r, palette.Plan9)
	jpegEnc := func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) }
	gifEnc := func(w io.Writer, m image.Image) error { return gif.Encode(w, m, nil) }
	imgs := []costImage{
		{"GoPNG8BitNRGBA", "image/png", encoded(t, nrgba, png.Encode)},
		{"GoPNG16Bit", "image/png", encoded(t, rgba64, png.Encode)},
		{"GoPNGGray", "image/png", encoded(t, gray, png.Encode)},
		{"GoPNGGray16", "image/png", encoded(t, gray16, png.Encode)},
		{"GoPNGPaletted", "image/png", encoded(t, paletted, png.Encode)},
		{"InterlacedPNG8Bit", "image/png", interlacedPNG(t, nrgba.SubImage(image.Rect(0, 0, 1, 1)))},
		{"InterlacedPNG16Bit", "image/png", interlacedPNG(t, rgba64.SubImage(image.Rect(0, 0, 1, 1)))},
		{"InterlacedPNGPaletted", "image/png", interlacedPNG(t, paletted.SubImage(image.Rect(0, 0, 1, 1)))},
		{"GoGIF", "image/gif", encoded(t, paletted, gifEnc)},
		{"GoJPEG420", "image/jpeg", encoded(t, nrgba, jpegEnc)},
		{"GoJPEGGray", "image/jpeg", encoded(t, gray, jpegEnc)},
		{"GIFHeader8193x8192", "image/gif", gifHeaderOf(8193, 8192)},
		{"LosslessWebP8192x2049", "image/webp", webpLosslessOf(8192, 2049)},
	}
	for _, size := range [][2]int{{8192, 2048}, {8192, 2049}, {8191, 2047}, {16384, 8192}, {1, 1}} {
		w, h := size[0], size[1]
		for _, k := range []struct {
			name                        string
			depth, colorType, interlace byte
		}{
			{"RGBA8", 8, 6, 0}, {"RGB8", 8, 2, 0}, {"Gray8", 8, 0, 0}, {"GrayAlpha8", 8, 4, 0}, {"Gray1", 1, 0, 0},
			{"RGBA16", 16, 6, 0}, {"Gray16", 16, 0, 0}, {"Paletted8", 8, 3, 0}, {"Paletted2", 2, 3, 0},
			{"InterlacedRGBA8", 8, 6, 1}, {"InterlacedRGBA16", 16, 6, 1}, {"InterlacedPaletted", 8, 3, 1},
		} {
			imgs = append(imgs, costImage{fmt.Sprintf("PNG%s%dx%d", k.name, w, h), "image/png", pngHeaderOf(w, h, 0, k.depth, k.colorType, k.interlace)})
		}
		ycc, rgb, cmyk := []byte{1, 2, 3}, []byte{'R', 'G', 'B'}, []byte{1, 2, 3, 4}
		for _, k := range []struct {
			name          string
			sof           byte
			ids, hv       []byte
			before, after []jpegSegment
		}{
			{"Baseline420JFIF", 0xc0, ycc, []byte{0x22, 0x11, 0x11}, []jpegSegment{jfifAPP0}, nil},
			{"Baseline422", 0xc0, ycc, []byte{0x21, 0x11, 0x11}, nil, nil},
			{"Baseline444", 0xc0, ycc, []byte{0x11, 0x11, 0x11}, nil, nil},
			{"Extended440", 0xc1, ycc, []byte{0x12, 0x11, 0x11}, nil, nil},
			{"Baseline411", 0xc0, ycc, []byte{0x41, 0x11, 0x11}, nil, nil},
			{"Progressive420", 0xc2, ycc, []byte{0x22, 0x11, 0x11}, []jpegSegment{jfifAPP0}, nil},
			{"Progressive444", 0xc2, ycc, []byte{0x11, 0x11, 0x11}, nil, nil},
			{"GrayBaseline", 0xc0, []byte{1}, []byte{0x11}, nil, nil},
			{"GrayProgressiveSampled", 0xc2, []byte{1}, []byte{0x22}, nil, nil},
			{"CMYKBaseline", 0xc0, cmyk, []byte{0x11, 0x11, 0x11, 0x11}, []jpegSegment{adobeYCC}, nil},
			{"YCCKProgressive420", 0xc2, cmyk, []byte{0x22, 0x11, 0x11, 0x22}, []jpegSegment{adobeYCC}, nil},
			{"RGBByAdobe", 0xc0, ycc, []byte{0x11, 0x11, 0x11}, []jpegSegment{adobeRGB}, nil},
			{"RGBByAdobeAfterScan", 0xc2, ycc, []byte{0x11, 0x11, 0x11}, nil, []jpegSegment{adobeRGB}},
			{"RGBByNames", 0xc0, rgb, []byte{0x11, 0x11, 0x11}, nil, nil},
			{"RGBByNamesButJFIF", 0xc0, rgb, []byte{0x11, 0x11, 0x11}, []jpegSegment{jfifAPP0}, nil},
			{"RGBByNamesJFIFThenOtherAPP0", 0xc0, rgb, []byte{0x11, 0x11, 0x11}, []jpegSegment{jfifAPP0}, []jpegSegment{otherAPP0}},
			{"RGBByNamesJFIFAfterScan", 0xc2, rgb, []byte{0x11, 0x11, 0x11}, nil, []jpegSegment{jfifAPP0}},
			{"AdobeRGBThenYCC", 0xc0, ycc, []byte{0x11, 0x11, 0x11}, []jpegSegment{adobeRGB}, []jpegSegment{adobeYCC}},
		} {
			if w > 65535 || h > 65535 {
				continue
			}
			imgs = append(imgs, costImage{fmt.Sprintf("JPEG%s%dx%d", k.name, w, h), "image/jpeg", jpegHeaderOf(k.sof, w, h, k.ids, k.hv, k.before, k.after)})
		}
		if w <= 16383 && h <= 16383 {
			imgs = append(imgs,
				costImage{fmt.Sprintf("WebPLossy%dx%d", w, h), "image/webp", webpLossyOf(w, h, false, 0)},
				costImage{fmt.Sprintf("WebPLossyAlphaRaw%dx%d", w, h), "image/webp", webpLossyOf(w, h, true, 0)},
				costImage{fmt.Sprintf("WebPLossyAlphaCompressed%dx%d", w, h), "image/webp", webpLossyOf(w, h, true, 1)},
				costImage{fmt.Sprintf("WebPLossless%dx%d", w, h), "image/webp", webpLosslessOf(w, h)},
			)
		}
	}
	files, err := filepath.Glob("../../server/results/testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			name = strings.TrimSuffix(name, ".gz")
		}
		switch filepath.Ext(name) {
		case ".jpg":
			imgs = append(imgs, costImage{"Testdata" + name, "image/jpeg", b})
		case ".webp":
			imgs = append(imgs, costImage{"Testdata" + name, "image/webp", b})
		}
	}
	return imgs
}

// TestDecodeCostCoversBackend: for every raster, the worker's estimate is at least what the
// backend computes (results.DecodeCost), so the worker never keeps an image the backend refuses
// to convert. The worker's code does not import the backend; this test does, to compare.
func TestDecodeCostCoversBackend(t *testing.T) {
	t.Parallel()
	imgs := costImages(t)
	if len(imgs) < 100 {
		t.Fatalf("only %d images generated", len(imgs))
	}
	testdata := 0
	for _, im := range imgs {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(im.b))
		if err != nil {
			t.Errorf("%s: header does not decode: %v", im.name, err)
			continue
		}
		backend, err := results.DecodeCost(im.b)
		if err != nil {
			t.Errorf("%s: backend: %v", im.name, err)
			continue
		}
		worker, err := convert.DecodeCost(im.b, im.mime, cfg.Width, cfg.Height)
		if err != nil {
			t.Errorf("%s: worker: %v", im.name, err)
			continue
		}
		if worker < backend {
			t.Errorf("%s (%dx%d): worker estimates %d bytes, below the backend's %d", im.name, cfg.Width, cfg.Height, worker, backend)
		}
		if strings.HasPrefix(im.name, "Testdata") {
			testdata++
		}
	}
	if testdata < 8 {
		t.Errorf("%d testdata rasters of the backend compared, want all 8", testdata)
	}
}

// TestDecodeCostFollowsTable pins the worker's estimate to the factors of docs/results.md
// ("Conversion memory") at the budget's edge.
func TestDecodeCostFollowsTable(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	for _, tc := range []struct {
		name string
		mime string
		b    []byte
		want int64
	}{
		{"PNG8BitAt4BytesAPixel", "image/png", pngHeaderOf(8192, 4096, 0, 8, 6, 0), 128 * mib},
		{"PNG16BitAt8BytesAPixel", "image/png", pngHeaderOf(8192, 2048, 0, 16, 6, 0), 128 * mib},
		{"PNG16BitOneRowMoreOverBudget", "image/png", pngHeaderOf(8192, 2049, 0, 16, 6, 0), 128*mib + 8192*8},
		{"PNGGrayCountsAsColour", "image/png", pngHeaderOf(8192, 4096, 0, 8, 0, 0), 128 * mib},
		{"PNGPalettedAt1ByteAPixel", "image/png", pngHeaderOf(16384, 8192, 0, 8, 3, 0), 128 * mib},
		{"PNGInterlacedDoubled", "image/png", pngHeaderOf(8192, 2048, 0, 8, 2, 1), 128 * mib},
		{"GIFAt2BytesAPixel", "image/gif", gifHeaderOf(8192, 8192), 128 * mib},
		{"JPEGBaseline420At1.5BytesAPixel", "image/jpeg", jpegHeaderOf(0xc0, 8192, 4096, []byte{1, 2, 3}, []byte{0x22, 0x11, 0x11}, []jpegSegment{jfifAPP0}, nil), 48 * mib},
		{"JPEGProgressive420At7.5BytesAPixel", "image/jpeg", jpegHeaderOf(0xc2, 8192, 2176, []byte{1, 2, 3}, []byte{0x22, 0x11, 0x11}, []jpegSegment{jfifAPP0}, nil), 8192 * 2176 * 15 / 2},
		{"JPEGCMYKBaselineAt8BytesAPixel", "image/jpeg", jpegHeaderOf(0xc0, 8192, 2048, []byte{1, 2, 3, 4}, []byte{0x11, 0x11, 0x11, 0x11}, []jpegSegment{adobeYCC}, nil), 128 * mib},
		{"JPEGRGBByAdobeAfterScanCopied", "image/jpeg", jpegHeaderOf(0xc0, 1024, 1024, []byte{1, 2, 3}, []byte{0x11, 0x11, 0x11}, nil, []jpegSegment{adobeRGB}), 7 * mib},
		{"WebPLosslessAt8BytesAPixel", "image/webp", webpLosslessOf(4096, 4096), 128 * mib},
		{"WebPLossyByMacroblock", "image/webp", webpLossyOf(4096, 4096, false, 0), 256 * 256 * 392},
		{"WebPCompressedAlphaAdds9BytesAPixel", "image/webp", webpLossyOf(4096, 4096, true, 1), 256*256*392 + 4096*4096*9},
		{"WebPRawAlphaAdds1ByteAPixel", "image/webp", webpLossyOf(4096, 4096, true, 0), 256*256*392 + 4096*4096},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, _, err := image.DecodeConfig(bytes.NewReader(tc.b))
			if err != nil {
				t.Fatal(err)
			}
			got, err := convert.DecodeCost(tc.b, tc.mime, cfg.Width, cfg.Height)
			if err != nil || got != tc.want {
				t.Errorf("DecodeCost = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

// TestDecodeCostRejectsBrokenHeaders: headers that do not say what the decoder needs are invalid
// images (IMAGE_INVALID), not cheap ones.
func TestDecodeCostRejectsBrokenHeaders(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		mime string
		b    []byte
	}{
		{"WebPWithoutImageChunkInvalid", "image/webp", []byte("RIFF\x04\x00\x00\x00WEBP")},
		{"JPEGWithoutFrameHeaderInvalid", "image/jpeg", []byte{0xff, 0xd8, 0xff, 0xd9}},
		{"JPEGZeroSamplingInvalid", "image/jpeg", jpegHeaderOf(0xc0, 8, 8, []byte{1, 2, 3}, []byte{0x11, 0x01, 0x11}, nil, nil)},
		{"TruncatedPNGInvalid", "image/png", []byte("\x89PNG\r\n\x1a\n")},
		{"SVGNotARaster", "image/svg+xml", []byte("<svg/>")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got, err := convert.DecodeCost(tc.b, tc.mime, 8, 8); err == nil {
				t.Errorf("DecodeCost = %d, nil; want an error", got)
			}
		})
	}
}
