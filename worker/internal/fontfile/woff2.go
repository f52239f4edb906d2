package fontfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
)

// WOFF 2.0 (W3C Recommendation, "WOFF File Format 2.0"): one Brotli stream of all tables, with
// the glyf/loca tables (and optionally hmtx) transformed. unwoff2 rebuilds a plain sfnt that
// golang.org/x/image/font/sfnt reads, so icon fonts served as WOFF2 only (the common case) give
// their outlines too. Font collections are not read.

// woff2Tags are the known table tags by their index in a WOFF2 table directory entry.
var woff2Tags = [...]string{"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca",
	"prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF",
	"GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc",
	"bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak",
	"Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill"}

type woff2Table struct {
	tag              string
	transformed      bool
	origLen, dataLen uint32
	data             []byte
}

// reader is a bounds-checked big-endian reader; after the first short read every read gives 0
// and err is set.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b) {
		r.err = fmt.Errorf("%w: damaged WOFF2", ErrUnreadable)
		return make([]byte, max(n, 0))
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}
func (r *reader) u8() uint8   { return r.take(1)[0] }
func (r *reader) u16() uint16 { return binary.BigEndian.Uint16(r.take(2)) }
func (r *reader) i16() int16  { return int16(r.u16()) }
func (r *reader) u32() uint32 { return binary.BigEndian.Uint32(r.take(4)) }

// base128 reads a UIntBase128.
func (r *reader) base128() uint32 {
	var v uint32
	for i := 0; i < 5; i++ {
		b := r.u8()
		if (i == 0 && b == 0x80) || v&0xfe000000 != 0 {
			r.err = fmt.Errorf("%w: damaged WOFF2", ErrUnreadable)
			return 0
		}
		v = v<<7 | uint32(b&0x7f)
		if b&0x80 == 0 {
			return v
		}
	}
	r.err = fmt.Errorf("%w: damaged WOFF2", ErrUnreadable)
	return 0
}

// u255 reads a 255UInt16.
func (r *reader) u255() uint16 {
	switch c := r.u8(); c {
	case 253:
		return r.u16()
	case 254:
		return uint16(r.u8()) + 253*2
	case 255:
		return uint16(r.u8()) + 253
	default:
		return uint16(c)
	}
}

// unwoff2 rebuilds the sfnt of a WOFF2 file.
func unwoff2(b []byte) ([]byte, error) {
	r := &reader{b: b}
	r.take(4) // signature
	flavor := r.u32()
	r.take(4) // length
	n := int(r.u16())
	r.take(2)
	total := r.u32()
	compressed := r.u32()
	r.take(24) // versions, metadata and private blocks
	if r.err != nil || flavor == 0x74746366 || n == 0 || n > 256 || total > MaxSfntBytes {
		return nil, fmt.Errorf("%w: unsupported or damaged WOFF2", ErrUnreadable)
	}
	tables := make([]woff2Table, n)
	var sum uint64
	for i := range tables {
		flags := r.u8()
		t := &tables[i]
		if idx := flags & 0x3f; idx == 63 {
			t.tag = string(r.take(4))
		} else if int(idx) < len(woff2Tags) {
			t.tag = woff2Tags[idx]
		} else {
			return nil, fmt.Errorf("%w: damaged WOFF2", ErrUnreadable)
		}
		version := flags >> 6
		t.origLen = r.base128()
		t.dataLen = t.origLen
		switch {
		case t.tag == "glyf" || t.tag == "loca":
			t.transformed = version == 0
		default:
			t.transformed = version != 0
		}
		if t.transformed {
			t.dataLen = r.base128()
		}
		sum += uint64(t.dataLen)
	}
	if r.err != nil || sum > MaxSfntBytes || uint64(compressed) > uint64(len(r.b)) {
		return nil, fmt.Errorf("%w: damaged WOFF2", ErrUnreadable)
	}
	stream, err := io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(r.b[:compressed])), int64(sum)+1))
	if err != nil || uint64(len(stream)) != sum {
		return nil, fmt.Errorf("%w: damaged WOFF2 stream", ErrUnreadable)
	}
	byTag := map[string]*woff2Table{}
	for i := range tables {
		tables[i].data, stream = stream[:tables[i].dataLen], stream[tables[i].dataLen:]
		byTag[tables[i].tag] = &tables[i]
	}
	if g := byTag["glyf"]; g != nil && g.transformed {
		loca := byTag["loca"]
		if loca == nil {
			return nil, fmt.Errorf("%w: WOFF2 glyf without loca", ErrUnreadable)
		}
		var xMins []int16
		if g.data, loca.data, xMins, err = untransformGlyf(g.data); err != nil {
			return nil, err
		}
		g.transformed, loca.transformed = false, false
		if h := byTag["hmtx"]; h != nil && h.transformed {
			if h.data, err = untransformHmtx(h.data, byTag["hhea"], xMins); err != nil {
				return nil, err
			}
			h.transformed = false
		}
	}
	return assembleSfnt(flavor, tables)
}

// assembleSfnt writes the offset table, the directory (sorted by tag, as sfnt requires) and the
// 4-byte aligned tables.
func assembleSfnt(flavor uint32, tables []woff2Table) ([]byte, error) {
	order := make([]int, len(tables))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ { // insertion sort by tag
		for j := i; j > 0 && tables[order[j]].tag < tables[order[j-1]].tag; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	n := len(tables)
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, flavor)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	for k, i := range order {
		t := tables[i]
		if t.transformed {
			return nil, fmt.Errorf("%w: WOFF2 table %q transformed in an unknown way", ErrUnreadable, t.tag)
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		rec := out[12+16*k:]
		copy(rec[0:4], t.tag)
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		out = append(out, t.data...)
		if len(out) > MaxSfntBytes {
			return nil, fmt.Errorf("%w: WOFF2 font too large", ErrUnreadable)
		}
	}
	return out, nil
}
