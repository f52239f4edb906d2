package decodecost_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	_ "image/gif" // header decoders for image.DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"testing"

	_ "golang.org/x/image/webp"

	"github.com/code2des/backend/decodecost"
)

// pngHeaderOf is a PNG of the given IHDR (bit depth, colour type, interlace method) padded to size
// bytes: enough for a header decode (a paletted one gets PLTE and tRNS chunks), not for decoding pixels.
func pngHeaderOf(w, h, size int, depth, colorType, interlace byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(name string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(name), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = depth, colorType, interlace
	chunk("IHDR", ihdr)
	if colorType == 3 {
		chunk("PLTE", []byte{0, 0, 0, 255, 255, 255})
		chunk("tRNS", []byte{255}) // the header decode reads up to here
	}
	if b.Len() < size {
		b.Write(make([]byte, size-b.Len()))
	}
	return b.Bytes()
}

// webpLosslessOf is the header of a lossless WebP (RIFF, VP8L chunk with its 5-byte header) of
// w x h, enough for a header decode.
func webpLosslessOf(w, h int) []byte {
	vp8l := make([]byte, 5)
	vp8l[0] = 0x2f
	binary.LittleEndian.PutUint32(vp8l[1:], uint32(w-1)|uint32(h-1)<<14)
	b := []byte("RIFF\x00\x00\x00\x00WEBPVP8L")
	b = binary.LittleEndian.AppendUint32(b, uint32(len(vp8l)))
	b = append(b, vp8l...)
	b = append(b, 0) // pad to even
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
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
	jfifAPP0 = jpegSegment{0xe0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")}
	adobeRGB = jpegSegment{0xee, []byte("Adobe\x00\x64\x00\x00\x00\x00\x00")} // transform 0
	adobeYCC = jpegSegment{0xee, []byte("Adobe\x00\x64\x00\x00\x00\x00\x01")} // transform 1
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

// TestDecodeCostFollowsTable pins the estimate to the factors of docs/results.md
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
			got, err := decodecost.Bytes(tc.b, tc.mime, cfg.Width, cfg.Height)
			if err != nil || got != tc.want {
				t.Errorf("Bytes = %d, %v; want %d", got, err, tc.want)
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
			if got, err := decodecost.Bytes(tc.b, tc.mime, 8, 8); err == nil {
				t.Errorf("Bytes = %d, nil; want an error", got)
			}
		})
	}
}
