package results

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"testing"

	"github.com/code2des/backend/server/artifacts"
)

// pngHeaderOf is the signature and IHDR chunk of a w x h PNG of the given bit depth, colour
// type and interlace method: enough for DecodeConfig and decodeCost.
func pngHeaderOf(w, h int, depth, colorType, interlace byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, depth, colorType, 0, 0, interlace)
	b := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, uint32(len(ihdr)))...)
	b = append(b, "IHDR"...)
	b = append(b, ihdr...)
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
	if colorType == 3 {
		plte := []byte{0, 0, 0, 255, 255, 255}
		b = append(b, 0, 0, 0, 6)
		b = append(b, "PLTE"...)
		b = append(b, plte...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte("PLTE"), plte...)))
		// DecodeConfig reads one chunk past PLTE (a tRNS chunk would amend the palette).
		b = append(b, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE([]byte("IDAT")))
	}
	return b
}

// jpegHeaderOf is SOI, an optional JFIF APP0 or Adobe APP14 (transform 0), the frame header
// (SOF2 if progressive, else SOF0) with the given sampling factors (one 0xHV byte a component,
// named by ids) and a scan header: enough for DecodeConfig and decodeCost.
func jpegHeaderOf(w, h int, progressive bool, app string, ids []byte, hv []byte) []byte {
	b := []byte{0xff, 0xd8}
	switch app {
	case "JFIF":
		b = append(b, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0)
	case "Adobe0":
		b = append(b, 0xff, 0xee, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0)
	}
	sof := byte(0xc0)
	if progressive {
		sof = 0xc2
	}
	n := len(hv)
	b = append(b, 0xff, sof, 0, byte(8+3*n), 8, byte(h>>8), byte(h), byte(w>>8), byte(w), byte(n))
	for i := range hv {
		b = append(b, ids[i], hv[i], 0)
	}
	b = append(b, 0xff, 0xda, 0, byte(6+2*n), byte(n))
	for i := range hv {
		b = append(b, ids[i], 0)
	}
	return append(b, 0, 63, 0, 0xff, 0xd9)
}

// webpHeaderOf is a RIFF/WebP file holding the header of one VP8L (lossless) or VP8 (lossy)
// frame of w x h.
func webpHeaderOf(w, h int, lossless bool) []byte {
	var chunk []byte
	if lossless {
		v := uint32(w-1) | uint32(h-1)<<14
		chunk = append([]byte("VP8L"), 5, 0, 0, 0, 0x2f)
		chunk = binary.LittleEndian.AppendUint32(chunk, v)
		chunk = append(chunk, 0) // pad to even
	} else {
		chunk = append([]byte("VP8 "), 10, 0, 0, 0, 0x10, 0, 0, 0x9d, 0x01, 0x2a)
		chunk = binary.LittleEndian.AppendUint16(chunk, uint16(w))
		chunk = binary.LittleEndian.AppendUint16(chunk, uint16(h))
	}
	b := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(chunk)))...)
	b = append(b, "WEBP"...)
	return append(b, chunk...)
}

// TestConvertibleBudget: MaxConvertBytes at and one step past its edge for every format, the
// step being one pixel row or column (JPEG and lossy WebP: the next row of MCUs/macroblocks).
// The factors themselves are checked against measured allocations in TestConvertMemoryBound.
func TestConvertibleBudget(t *testing.T) {
	t.Parallel()
	ycc := []byte{1, 2, 3}
	gifOf := func(w, h int) []byte {
		return append([]byte("GIF89a"), byte(w), byte(w>>8), byte(h), byte(h>>8), 0, 0, 0, 0x3b)
	}
	cases := []struct {
		name string
		in   []byte
		mime string
		ok   bool
	}{
		{"PNG8BitAtBudgetConverted", pngHeaderOf(8192, 4096, 8, 6, 0), artifacts.MimePNG, true},
		{"PNG8BitPastBudgetRefused", pngHeaderOf(8193, 4096, 8, 6, 0), artifacts.MimePNG, false},
		{"PNGGrayCountsAsColourPastBudgetRefused", pngHeaderOf(8192, 4097, 8, 0, 0), artifacts.MimePNG, false},
		{"PNG16BitAtBudgetConverted", pngHeaderOf(8192, 2048, 16, 6, 0), artifacts.MimePNG, true},
		{"PNG16BitPastBudgetRefused", pngHeaderOf(8192, 2049, 16, 2, 0), artifacts.MimePNG, false},
		{"PNGInterlacedAtBudgetConverted", pngHeaderOf(8192, 2048, 8, 6, 1), artifacts.MimePNG, true},
		{"PNGInterlacedPastBudgetRefused", pngHeaderOf(8192, 2049, 8, 6, 1), artifacts.MimePNG, false},
		{"PNGPalettedAtBudgetConverted", pngHeaderOf(16384, 8192, 8, 3, 0), artifacts.MimePNG, true},
		{"PNGPalettedPastBudgetRefused", pngHeaderOf(16385, 8192, 8, 3, 0), artifacts.MimePNG, false},
		{"GIFAtBudgetConverted", gifOf(8192, 8192), artifacts.MimeGIF, true},
		{"GIFPastBudgetRefused", gifOf(8193, 8192), artifacts.MimeGIF, false},
		{"JPEGBaseline420AtBudgetConverted", jpegHeaderOf(16384, 5456, false, "JFIF", ycc, []byte{0x22, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGBaseline420PastBudgetRefused", jpegHeaderOf(16384, 5457, false, "JFIF", ycc, []byte{0x22, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"JPEGProgressive420AtBudgetConverted", jpegHeaderOf(8192, 2176, true, "JFIF", ycc, []byte{0x22, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGProgressive420PastBudgetRefused", jpegHeaderOf(8192, 2177, true, "JFIF", ycc, []byte{0x22, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"JPEGProgressive444AtBudgetConverted", jpegHeaderOf(8192, 1088, true, "JFIF", ycc, []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGProgressive444PastBudgetRefused", jpegHeaderOf(8192, 1089, true, "JFIF", ycc, []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"JPEGProgressiveGrayAtBudgetConverted", jpegHeaderOf(8192, 3272, true, "JFIF", []byte{1}, []byte{0x22}), artifacts.MimeJPEG, true},
		{"JPEGProgressiveGrayPastBudgetRefused", jpegHeaderOf(8192, 3273, true, "JFIF", []byte{1}, []byte{0x22}), artifacts.MimeJPEG, false},
		{"JPEGCMYKAtBudgetConverted", jpegHeaderOf(8192, 2048, false, "Adobe0", []byte{1, 2, 3, 4}, []byte{0x11, 0x11, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGCMYKPastBudgetRefused", jpegHeaderOf(8192, 2049, false, "Adobe0", []byte{1, 2, 3, 4}, []byte{0x11, 0x11, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"JPEGYCbCr444AdobeRGBPastBudgetRefused", jpegHeaderOf(8192, 2731, false, "Adobe0", ycc, []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"JPEGYCbCr444JFIFNotRGBConverted", jpegHeaderOf(8192, 2731, false, "JFIF", ycc, []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGComponentsRGBAtBudgetConverted", jpegHeaderOf(8192, 2338, false, "", []byte("RGB"), []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, true},
		{"JPEGComponentsRGBPastBudgetRefused", jpegHeaderOf(8192, 2339, false, "", []byte("RGB"), []byte{0x11, 0x11, 0x11}), artifacts.MimeJPEG, false},
		{"WebPLosslessAtBudgetConverted", webpHeaderOf(4096, 4096, true), artifacts.MimeWebP, true},
		{"WebPLosslessPastBudgetRefused", webpHeaderOf(4097, 4096, true), artifacts.MimeWebP, false},
		{"WebPLossyAtBudgetConverted", webpHeaderOf(16383, 5344, false), artifacts.MimeWebP, true},
		{"WebPLossyPastBudgetRefused", webpHeaderOf(16383, 5345, false), artifacts.MimeWebP, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sniff(c.in); got != c.mime {
				t.Fatalf("sniff = %q, want %s", got, c.mime)
			}
			cfg, err := rasterConfig(c.in, c.mime)
			if err != nil {
				t.Fatal(err)
			}
			cost, _ := decodeCost(c.in, c.mime, cfg)
			err = convertible(c.in, c.mime, cfg)
			if c.ok && err != nil {
				t.Errorf("refused (cost %d): %v", cost, err)
			}
			if !c.ok && !errors.Is(err, ErrImageTooLarge) {
				t.Errorf("err = %v (cost %d), want ErrImageTooLarge", err, cost)
			}
		})
	}
	t.Run("ErrInvalidImageNotARaster", func(t *testing.T) {
		if _, err := decodeCost([]byte("<svg/>"), artifacts.MimeSVG, image.Config{Width: 8, Height: 8}); !errors.Is(err, ErrInvalidImage) {
			t.Errorf("err = %v, want ErrInvalidImage", err)
		}
	})
}
