package convert

import (
	"encoding/binary"
	"fmt"
)

// Bytes the backend's decoders allocate to decode a raster, per pixel (or per 8x8 block, 16x16
// macroblock), as docs/results.md ("Conversion memory") documents them. The worker keeps its own
// copy of the table instead of importing the backend: a worker follows the documented contract
// like an outside team. Where the worker simplifies, it rounds up (TestDecodeCostCoversBackend
// checks every estimate is at least the backend's).
const (
	// costPNG8, costPNG16, costPNGPaletted: an 8-bit PNG of any colour type decodes to 4 bytes a
	// pixel, a 16-bit one to 8, a paletted one to 1.
	costPNG8, costPNG16, costPNGPaletted = 4, 8, 1
	// costPNGInterlaceFactor: an Adam7-interlaced PNG costs twice as much.
	costPNGInterlaceFactor = 2
	// costGIF: the first frame, plus a copy when it is interlaced (not known from the header).
	costGIF = 2
	// costJPEGBlock: one 8x8 block of samples (1 byte a sample), rounded up to whole MCUs.
	// costJPEGCoeffBlock: a progressive JPEG (SOF2) also keeps 64 int32 coefficients a block.
	// costJPEGCopy: a CMYK/YCbCrK JPEG, or an RGB one, is copied into a 4-byte-a-pixel image.
	costJPEGBlock, costJPEGCoeffBlock, costJPEGCopy = 64, 256, 4
	// costWebPMacroblock: a lossy WebP (VP8) decodes 16x16 macroblocks of 4:2:0 (384 bytes)
	// plus 8 bytes of filter state.
	costWebPMacroblock = 384 + 8
	// costWebPAlpha and costWebPAlphaCompressed: an ALPH chunk is 1 byte a pixel, and a
	// compressed one is first decoded as a lossless image (8 more).
	costWebPAlpha, costWebPAlphaCompressed = 1, 8
	// costWebPLossless: a lossless WebP (VP8L) decodes to NRGBA plus one expanded copy.
	costWebPLossless = 8
)

// DecodeCost estimates, in bytes, what the backend allocates to decode the raster b of size w x h
// (read by rasterSize; b sniffs as mime) when it has to convert it, from its headers only. A
// raster the backend converts (backendConverts) whose cost is over MaxConvertBytes is left out
// with IMAGE_TOO_LARGE, since the backend would refuse it and, with it, the whole result. The
// estimate is never below the backend's (docs/results.md "Conversion memory"). Errors wrap
// errImage (headers that do not say what the decoder needs).
func DecodeCost(b []byte, mime string, w, h int) (int64, error) {
	px := int64(w) * int64(h)
	switch mime {
	case MimePNG:
		// IHDR is the first chunk (rasterSize decoded it): bit depth, colour type and interlace
		// method are at offsets 24, 25 and 28.
		if len(b) < 29 {
			return 0, fmt.Errorf("%w: PNG header is truncated", errImage)
		}
		depth, colorType, interlace := b[24], b[25], b[28]
		perPixel := int64(costPNG8)
		switch {
		case colorType == 3:
			perPixel = costPNGPaletted
		case depth == 16:
			perPixel = costPNG16
		}
		if interlace != 0 {
			perPixel *= costPNGInterlaceFactor
		}
		return px * perPixel, nil
	case MimeGIF:
		return px * costGIF, nil
	case MimeJPEG:
		return jpegDecodeCost(b, w, h)
	case MimeWebP:
		return webpDecodeCost(b, w, h)
	}
	return 0, fmt.Errorf("%w: %s is not a raster type", errImage, mime)
}

// jpegDecodeCost reads every marker segment of the file (as the decoder does: an APP0 or APP14
// after a scan still changes the colour conversion) and counts the sample blocks of every
// component, the coefficients of a progressive frame, and the RGB/CMYK copy.
func jpegDecodeCost(b []byte, w, h int) (int64, error) {
	type component struct{ id, h, v int }
	var (
		comps             []component
		progressive, jfif bool
		adobeTransform0   bool // any Adobe APP14 marker says "no transform" (RGB): rounds up
	)
	i := 2 // after SOI
	for i < len(b) {
		// Fill bytes (0xFF) may precede a marker.
		for i < len(b) && b[i] == 0xff {
			i++
		}
		if i >= len(b) {
			break
		}
		marker := b[i]
		i++
		if marker == 0xd9 { // EOI
			break
		}
		if marker >= 0xd0 && marker <= 0xd7 { // RSTn: no length
			continue
		}
		if i+2 > len(b) {
			break
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 || i+n > len(b) {
			break // the decoder stops here too
		}
		p := b[i+2 : i+n]
		i += n
		switch {
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2: // SOF0, SOF1, SOF2
			if comps != nil {
				return 0, fmt.Errorf("%w: JPEG has more than one frame header", errImage)
			}
			if len(p) < 6 || len(p) < 6+3*int(p[5]) {
				return 0, fmt.Errorf("%w: JPEG frame header is truncated", errImage)
			}
			progressive = marker == 0xc2
			for k := range int(p[5]) {
				hv := p[7+3*k]
				comps = append(comps, component{id: int(p[6+3*k]), h: int(hv >> 4), v: int(hv & 0x0f)})
			}
		case marker == 0xe0 && len(p) >= 5: // APP0: the last one decides, as in the decoder
			jfif = string(p[:5]) == "JFIF\x00"
		case marker == 0xee && len(p) >= 12 && string(p[:5]) == "Adobe": // APP14
			adobeTransform0 = adobeTransform0 || p[11] == 0
		case marker == 0xda: // SOS: skip the entropy-coded data to the next real marker
			for i+1 < len(b) && (b[i] != 0xff || b[i+1] == 0 || (b[i+1] >= 0xd0 && b[i+1] <= 0xd7)) {
				i++
			}
		}
	}
	if len(comps) == 0 {
		return 0, fmt.Errorf("%w: JPEG has no frame header", errImage)
	}
	if len(comps) == 1 {
		comps[0].h, comps[0].v = 1, 1 // the decoder ignores a lone component's sampling
	}
	for _, c := range comps {
		if c.h < 1 || c.v < 1 {
			return 0, fmt.Errorf("%w: JPEG has a zero sampling factor", errImage)
		}
	}
	// Everything is sized in MCUs of the first component's sampling.
	mcuX := int64((w + 8*comps[0].h - 1) / (8 * comps[0].h))
	mcuY := int64((h + 8*comps[0].v - 1) / (8 * comps[0].v))
	var blocks int64
	for _, c := range comps {
		blocks += mcuX * mcuY * int64(c.h*c.v)
	}
	cost := blocks * costJPEGBlock
	if progressive {
		cost += blocks * costJPEGCoeffBlock
	}
	rgb := len(comps) == 3 && !jfif && (adobeTransform0 || (comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B'))
	if len(comps) == 4 || rgb {
		cost += int64(w) * int64(h) * costJPEGCopy
	}
	return cost, nil
}

// webpDecodeCost walks the RIFF chunks up to the image chunk (VP8 or VP8L), adding an ALPH
// chunk's plane on the way. An ALPH chunk whose compression bits are not 0 (none) counts as
// compressed.
func webpDecodeCost(b []byte, w, h int) (int64, error) {
	px := int64(w) * int64(h)
	var cost int64
	// RIFF header (12 bytes), then chunks: FourCC, little-endian length, payload padded to even.
	for i := int64(12); i+8 <= int64(len(b)); {
		fourcc, n := string(b[i:i+4]), int64(binary.LittleEndian.Uint32(b[i+4:]))
		switch fourcc {
		case "ALPH":
			cost += px * costWebPAlpha
			if i+8 >= int64(len(b)) || b[i+8]&0x03 != 0 {
				cost += px * costWebPAlphaCompressed
			}
		case "VP8 ":
			mbs := int64((w+15)/16) * int64((h+15)/16)
			return cost + mbs*costWebPMacroblock, nil
		case "VP8L":
			return cost + px*costWebPLossless, nil
		}
		i += 8 + n + n&1
	}
	return 0, fmt.Errorf("%w: WebP has no image chunk", errImage)
}
