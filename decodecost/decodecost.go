// Package decodecost is the one table of what decoding a raster costs in memory: the API refuses
// to convert an image whose decoding would allocate more than MaxBytes (server/results, SPEC
// "Conversion memory" in docs/results.md), and the conversion worker leaves such an image out of
// its result (IMAGE_TOO_LARGE) so the API never refuses the whole result for it. One table, so
// the two can never disagree.
//
// It imports only the standard library, so both the API and the workers (whose production code
// imports nothing from server/ or models/) may use it.
//
// The factors follow the decoders the API uses (image/png, image/jpeg, image/gif,
// golang.org/x/image/webp; Go 1.26, x/image 0.48), read from their source;
// TestConvertMemoryBound (server/results) checks them against the bytes those decoders allocate.
package decodecost

import (
	"encoding/binary"
	"fmt"
)

// MaxBytes is the most a raster that has to be converted (a WebP, or one over 4,096 px a side)
// may cost to decode, in bytes: 128 MiB. By format that is, for example, 8192x4096 for an 8-bit
// PNG, 8192x2048 for a 16-bit or interlaced one, 16384x8192 for a paletted one, 8192x2176 for a
// progressive 4:2:0 JPEG, 4096x4096 for a lossless WebP.
const MaxBytes = 128 << 20

// Bytes per pixel (or per 8x8 block, 16x16 macroblock) the decoders allocate.
const (
	// pngBytesPerPixel8 and pngBytesPerPixel16: an 8-bit PNG decodes to *image.RGBA or
	// *image.NRGBA (4 bytes a pixel), a 16-bit one to *image.RGBA64 or *image.NRGBA64 (8).
	// Grayscale counts as colour: a tRNS chunk turns it into NRGBA(64), and the chunk is not
	// in the header.
	pngBytesPerPixel8, pngBytesPerPixel16 = 4, 8
	// pngPalettedBytesPerPixel: a paletted PNG decodes to *image.Paletted (1 byte a pixel).
	pngPalettedBytesPerPixel = 1
	// pngInterlaceFactor: an Adam7-interlaced PNG is decoded into one image per pass, each
	// merged into a blank image of the full size: twice the pixels.
	pngInterlaceFactor = 2
	// gifBytesPerPixel: the first frame decodes to *image.Paletted (1 byte a pixel), which an
	// interlaced frame copies once more (the interlace flag is not in the header).
	gifBytesPerPixel = 2
	// jpegSampleBytes is the decoded size of one 8x8 block (one byte a sample); jpegCoeffBytes
	// is what the progressive decoder keeps for every block of the image between its scans
	// (64 int32 coefficients). jpegConvertBytesPerPixel: a CMYK/YCbCrK JPEG, or a 3-component
	// one without JFIF marked RGB (Adobe transform 0, or components named R, G, B), is copied
	// into a new 4-byte-a-pixel image after decoding.
	jpegSampleBytes, jpegCoeffBytes, jpegConvertBytesPerPixel = 64, 256, 4
	// webpLossyMacroblockBytes: lossy WebP decodes 16x16 macroblocks of 4:2:0 YCbCr (384 bytes)
	// plus 8 bytes of filter state each.
	webpLossyMacroblockBytes = 384 + 8
	// webpAlphaBytesPerPixel: an ALPH chunk holds one byte a pixel; compressed (method 1) it is
	// first decoded as a lossless image.
	webpAlphaBytesPerPixel = 1
	// webpLosslessBytesPerPixel: lossless WebP decodes to *image.NRGBA (4 bytes a pixel), and a
	// colour-indexing transform expands a packed copy of the same size into a new one.
	webpLosslessBytesPerPixel = 8
)

// Bytes is the number of bytes the decoder allocates to decode the raster b, whose type is mime
// ("image/png", "image/jpeg", "image/gif" or "image/webp", as sniffed from its signature) and
// whose header declares width x height pixels (image.DecodeConfig), read from its headers
// without decoding pixels. An error says which header does not say what the decoder needs (a
// truncated PNG header, a JPEG without a frame header or with a zero sampling factor, a WebP
// without an image chunk) or that mime is not a raster type; its text is safe for end users.
func Bytes(b []byte, mime string, width, height int) (int64, error) {
	px := int64(width) * int64(height)
	switch mime {
	case "image/png":
		// IHDR is the first chunk (png.DecodeConfig checked): width, height, bit depth, colour
		// type, compression, filter, interlace at offsets 16..28.
		if len(b) < 29 {
			return 0, fmt.Errorf("PNG header is truncated")
		}
		depth, colorType, interlace := b[24], b[25], b[28]
		perPixel := int64(pngBytesPerPixel8)
		switch {
		case colorType == 3:
			perPixel = pngPalettedBytesPerPixel
		case depth == 16:
			perPixel = pngBytesPerPixel16
		}
		if interlace != 0 {
			perPixel *= pngInterlaceFactor
		}
		return px * perPixel, nil
	case "image/gif":
		return px * gifBytesPerPixel, nil
	case "image/jpeg":
		return jpegCost(b, width, height)
	case "image/webp":
		return webpCost(b, width, height)
	}
	return 0, fmt.Errorf("%q is not a raster type", mime)
}

// jpegCost follows image/jpeg's allocations: the sample planes of every component (rounded up to
// whole MCUs), the coefficients of every block when the frame is progressive (SOF2), and the
// 4-byte-a-pixel copy of a CMYK or RGB image. Every marker of the file is read, as the decoder
// does (a JFIF or Adobe marker after the first scan still changes the colour conversion).
func jpegCost(b []byte, width, height int) (int64, error) {
	bad := func(what string) (int64, error) {
		return 0, fmt.Errorf("JPEG %s", what)
	}
	type component struct{ id, h, v int }
	var (
		comps                   []component
		progressive, jfif, scan bool
		adobeValid              bool
		adobeTransform          byte
	)
	i := 2 // after SOI
markers:
	for {
		if scan {
			// Skip entropy-coded data up to the next marker that is not a stuffed 0xFF00 or a
			// restart marker.
			for i+1 < len(b) && !(b[i] == 0xff && b[i+1] != 0 && (b[i+1] < 0xd0 || b[i+1] > 0xd7)) {
				i++
			}
			scan = false
		}
		// Fill bytes (0xFF) may precede a marker.
		for i < len(b) && b[i] == 0xff {
			i++
		}
		if i >= len(b) {
			break
		}
		marker := b[i]
		i++
		switch {
		case marker == 0xd9: // EOI
			break markers
		case marker >= 0xd0 && marker <= 0xd7: // RSTn between scans
			continue
		}
		if i+2 > len(b) {
			break // the decoder fails too; what was read so far decides
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 || i+n > len(b) {
			break
		}
		p := b[i+2 : i+n]
		i += n
		switch {
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2: // SOF0, SOF1, SOF2
			if comps != nil {
				return bad("has more than one frame header")
			}
			progressive = marker == 0xc2
			if len(p) < 6 || len(p) < 6+3*int(p[5]) {
				return bad("frame header is truncated")
			}
			for k := 0; k < int(p[5]); k++ {
				hv := p[7+3*k]
				comps = append(comps, component{id: int(p[6+3*k]), h: int(hv >> 4), v: int(hv & 0x0f)})
			}
		case marker == 0xda: // SOS
			scan = true
		case marker == 0xe0 && len(p) >= 5: // APP0: the last one decides JFIF, as in the decoder.
			jfif = string(p[:5]) == "JFIF\x00"
		case marker == 0xee && len(p) >= 12 && string(p[:5]) == "Adobe": // APP14
			adobeValid, adobeTransform = true, p[11]
		}
	}
	if len(comps) == 0 {
		return bad("has no frame header")
	}
	if len(comps) == 1 {
		comps[0].h, comps[0].v = 1, 1 // the decoder ignores a single component's sampling
	}
	for _, c := range comps {
		if c.h < 1 || c.v < 1 {
			return bad("has a zero sampling factor")
		}
	}
	// The decoder sizes everything by the first component's sampling (the largest it accepts).
	mxx := (width + 8*comps[0].h - 1) / (8 * comps[0].h)
	myy := (height + 8*comps[0].v - 1) / (8 * comps[0].v)
	blocks := 0
	for _, c := range comps {
		blocks += mxx * myy * c.h * c.v
	}
	cost := int64(blocks) * jpegSampleBytes
	if progressive {
		cost += int64(blocks) * jpegCoeffBytes
	}
	rgb := len(comps) == 3 && !jfif && ((adobeValid && adobeTransform == 0) ||
		(comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B'))
	if len(comps) == 4 || rgb {
		cost += int64(width) * int64(height) * jpegConvertBytesPerPixel
	}
	return cost, nil
}

// webpCost follows golang.org/x/image/webp: a lossy frame (VP8) decodes whole macroblocks, plus
// its alpha plane (ALPH; a compressed one is first decoded as a lossless image of the same size);
// a lossless frame (VP8L) decodes to NRGBA, plus one expanded copy.
func webpCost(b []byte, width, height int) (int64, error) {
	px := int64(width) * int64(height)
	mbs := int64((width+15)/16) * int64((height+15)/16)
	var cost int64
	// RIFF header (12 bytes), then chunks: FourCC, little-endian length, payload padded to even.
	for i := 12; i+8 <= len(b); {
		fourcc, n := string(b[i:i+4]), int64(binary.LittleEndian.Uint32(b[i+4:]))
		payload := b[i+8:]
		switch fourcc {
		case "ALPH":
			cost += px * webpAlphaBytesPerPixel
			if len(payload) > 0 && payload[0]&0x03 == 1 {
				cost += px * webpLosslessBytesPerPixel
			}
		case "VP8 ":
			return cost + mbs*webpLossyMacroblockBytes, nil
		case "VP8L":
			return cost + px*webpLosslessBytesPerPixel, nil
		}
		i += 8 + int(n+n&1)
	}
	return 0, fmt.Errorf("WebP has no image chunk")
}
