package fontfile

import (
	"encoding/binary"
	"fmt"
	"math"
)

// The WOFF2 glyf/loca and hmtx transforms reversed (WOFF 2.0 §5.1-5.4, §6), after the
// reference decoder's logic.

// Composite glyph flags (OpenType glyf).
const (
	argsAreWords    = 0x0001
	haveScale       = 0x0008
	moreComponents  = 0x0020
	haveXYScale     = 0x0040
	haveTwoByTwo    = 0x0080
	haveInstructons = 0x0100
)

// untransformGlyf rebuilds the glyf and loca tables and returns each glyph's xMin (for hmtx).
func untransformGlyf(data []byte) (glyf, loca []byte, xMins []int16, err error) {
	h := &reader{b: data}
	h.take(2) // version
	options := h.u16()
	numGlyphs := int(h.u16())
	indexFormat := h.u16()
	var sizes [7]uint32
	for i := range sizes {
		sizes[i] = h.u32()
	}
	var streams [7]*reader
	for i, s := range sizes {
		streams[i] = &reader{b: h.take(int(min(s, math.MaxInt32)))}
	}
	if h.err != nil {
		return nil, nil, nil, h.err
	}
	_ = options // bit 0: an overlapSimpleBitmap follows; overlap flags do not change outlines
	nContours, nPoints, flagS, glyphS, compS, bboxS, instrS := streams[0], streams[1], streams[2], streams[3], streams[4], streams[5], streams[6]
	bitmap := bboxS.take(((numGlyphs + 31) / 32) * 4)
	xMins = make([]int16, numGlyphs)
	offsets := make([]int, numGlyphs+1)
	for i := range numGlyphs {
		offsets[i] = len(glyf)
		nc := nContours.i16()
		explicit := bitmap[i>>3]&(0x80>>(i&7)) != 0
		var out []byte
		switch {
		case nc == 0:
			if explicit {
				return nil, nil, nil, fmt.Errorf("%w: WOFF2 empty glyph with a bbox", ErrUnreadable)
			}
		case nc < 0:
			if !explicit {
				return nil, nil, nil, fmt.Errorf("%w: WOFF2 composite glyph without a bbox", ErrUnreadable)
			}
			out = binary.BigEndian.AppendUint16(out, uint16(0xffff))
			box := bboxS.take(8)
			xMins[i] = int16(binary.BigEndian.Uint16(box))
			out = append(out, box...)
			instructions := false
			for {
				flags := compS.u16()
				instructions = instructions || flags&haveInstructons != 0
				n := 2 + 2 // flags, glyph index
				if flags&argsAreWords != 0 {
					n += 4
				} else {
					n += 2
				}
				switch {
				case flags&haveScale != 0:
					n += 2
				case flags&haveXYScale != 0:
					n += 4
				case flags&haveTwoByTwo != 0:
					n += 8
				}
				out = binary.BigEndian.AppendUint16(out, flags)
				out = append(out, compS.take(n-2)...)
				if flags&moreComponents == 0 || compS.err != nil {
					break
				}
			}
			if instructions {
				l := glyphS.u255()
				out = binary.BigEndian.AppendUint16(out, l)
				out = append(out, instrS.take(int(l))...)
			}
		default:
			out, xMins[i] = simpleGlyph(int(nc), explicit, nPoints, flagS, glyphS, bboxS, instrS)
		}
		for _, s := range streams {
			if s.err != nil {
				return nil, nil, nil, s.err
			}
		}
		glyf = append(glyf, out...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
		if len(glyf) > MaxSfntBytes {
			return nil, nil, nil, fmt.Errorf("%w: WOFF2 glyf too large", ErrUnreadable)
		}
	}
	offsets[numGlyphs] = len(glyf)
	for _, o := range offsets {
		if indexFormat == 0 {
			loca = binary.BigEndian.AppendUint16(loca, uint16(o/2))
		} else {
			loca = binary.BigEndian.AppendUint32(loca, uint32(o))
		}
	}
	if indexFormat == 0 && len(glyf) > 0x1fffe {
		return nil, nil, nil, fmt.Errorf("%w: WOFF2 glyf too large for short loca", ErrUnreadable)
	}
	return glyf, loca, xMins, nil
}

// simpleGlyph decodes one simple glyph of nc contours into the glyf format (every coordinate a
// 16-bit delta) and returns it with its xMin.
func simpleGlyph(nc int, explicit bool, nPoints, flagS, glyphS, bboxS, instrS *reader) ([]byte, int16) {
	ends := make([]uint16, nc)
	total := 0
	for c := range nc {
		total += int(nPoints.u255())
		if total > 0xffff {
			nPoints.err = fmt.Errorf("%w: WOFF2 glyph too large", ErrUnreadable)
			return nil, 0
		}
		ends[c] = uint16(total - 1)
	}
	flags := flagS.take(total)
	xs, ys, on := make([]int, total), make([]int, total), make([]bool, total)
	x, y := 0, 0
	for i := range total {
		f := flags[i]
		on[i] = f&0x80 == 0
		f &= 0x7f
		var dx, dy int
		switch {
		case f < 10:
			dy = withSign(f, int(f&14)<<7+int(glyphS.u8()))
		case f < 20:
			dx = withSign(f, int((f-10)&14)<<7+int(glyphS.u8()))
		case f < 84:
			b0, b1 := int(f-20), int(glyphS.u8())
			dx = withSign(f, 1+(b0&0x30)+(b1>>4))
			dy = withSign(f>>1, 1+((b0&0x0c)<<2)+(b1&0x0f))
		case f < 120:
			b0 := int(f - 84)
			p := glyphS.take(2)
			dx = withSign(f, 1+((b0/12)<<8)+int(p[0]))
			dy = withSign(f>>1, 1+(((b0%12)>>2)<<8)+int(p[1]))
		case f < 124:
			p := glyphS.take(3)
			dx = withSign(f, int(p[0])<<4+int(p[1])>>4)
			dy = withSign(f>>1, int(p[1]&0x0f)<<8+int(p[2]))
		default:
			p := glyphS.take(4)
			dx = withSign(f, int(p[0])<<8+int(p[1]))
			dy = withSign(f>>1, int(p[2])<<8+int(p[3]))
		}
		x, y = x+dx, y+dy
		xs[i], ys[i] = x, y
	}
	instrLen := glyphS.u255()
	var box [4]int16
	if explicit {
		for k := range box {
			box[k] = bboxS.i16()
		}
	} else if total > 0 {
		minX, minY, maxX, maxY := xs[0], ys[0], xs[0], ys[0]
		for i := range total {
			minX, maxX = min(minX, xs[i]), max(maxX, xs[i])
			minY, maxY = min(minY, ys[i]), max(maxY, ys[i])
		}
		box = [4]int16{int16(minX), int16(minY), int16(maxX), int16(maxY)}
	}
	out := binary.BigEndian.AppendUint16(nil, uint16(nc))
	for _, v := range box {
		out = binary.BigEndian.AppendUint16(out, uint16(v))
	}
	for _, e := range ends {
		out = binary.BigEndian.AppendUint16(out, e)
	}
	out = binary.BigEndian.AppendUint16(out, instrLen)
	out = append(out, instrS.take(int(instrLen))...)
	for i := range total {
		if on[i] {
			out = append(out, 1)
		} else {
			out = append(out, 0)
		}
	}
	px, py := 0, 0
	for i := range total {
		out = binary.BigEndian.AppendUint16(out, uint16(int16(xs[i]-px)))
		px = xs[i]
	}
	for i := range total {
		out = binary.BigEndian.AppendUint16(out, uint16(int16(ys[i]-py)))
		py = ys[i]
	}
	return out, box[0]
}

func withSign(flag uint8, v int) int {
	if flag&1 != 0 {
		return v
	}
	return -v
}

// untransformHmtx rebuilds hmtx: left side bearings left out of the transformed table are the
// glyphs' xMin.
func untransformHmtx(data []byte, hhea *woff2Table, xMins []int16) ([]byte, error) {
	if hhea == nil || len(hhea.data) < 36 {
		return nil, fmt.Errorf("%w: WOFF2 hmtx without hhea", ErrUnreadable)
	}
	numH := int(binary.BigEndian.Uint16(hhea.data[34:]))
	numGlyphs := len(xMins)
	if numH < 1 || numH > numGlyphs {
		return nil, fmt.Errorf("%w: WOFF2 hmtx metrics count", ErrUnreadable)
	}
	r := &reader{b: data}
	flags := r.u8()
	adv := make([]uint16, numH)
	for i := range adv {
		adv[i] = r.u16()
	}
	lsb := append([]int16(nil), xMins...)
	if flags&1 == 0 {
		for i := range numH {
			lsb[i] = r.i16()
		}
	}
	if flags&2 == 0 {
		for i := numH; i < numGlyphs; i++ {
			lsb[i] = r.i16()
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	var out []byte
	for i := range numGlyphs {
		if i < numH {
			out = binary.BigEndian.AppendUint16(out, adv[i])
		}
		out = binary.BigEndian.AppendUint16(out, uint16(lsb[i]))
	}
	return out, nil
}
