package fontfile

import (
	"encoding/binary"

	"golang.org/x/image/font/sfnt"
)

// Ligature icons (Material Icons and the like draw the word "home" as one house glyph): the
// ligature substitutions (GSUB lookup type 4, also inside type 7 extensions) of the font's
// 'liga' and 'rlig' features, applied greedily in lookup order, as a browser shapes one word of
// an icon font. Contextual and other lookups are not applied.

// maxLigatureLookups bounds the lookups read from one font.
const maxLigatureLookups = 512

// ligature is one substitution: the component glyphs after the first, and the result.
type ligature struct {
	rest  []sfnt.GlyphIndex
	glyph sfnt.GlyphIndex
}

// ligatureLookup maps a first glyph to its ligatures, longest first as the font lists them.
type ligatureLookup map[sfnt.GlyphIndex][]ligature

// tableOf returns the bytes of table tag of an sfnt, or nil.
func tableOf(font []byte, tag string) []byte {
	if len(font) < 12 {
		return nil
	}
	n := int(binary.BigEndian.Uint16(font[4:]))
	for i := range n {
		rec := 12 + 16*i
		if rec+16 > len(font) {
			return nil
		}
		if string(font[rec:rec+4]) == tag {
			off, l := int(binary.BigEndian.Uint32(font[rec+8:])), int(binary.BigEndian.Uint32(font[rec+12:]))
			if off < 0 || l < 0 || off+l > len(font) {
				return nil
			}
			return font[off : off+l]
		}
	}
	return nil
}

// ligatureLookups reads the ligature lookups of the 'liga' and 'rlig' features of a GSUB
// table; a damaged table gives what could be read.
func ligatureLookups(gsub []byte) []ligatureLookup {
	u16 := func(b []byte, off int) int {
		if off < 0 || off+2 > len(b) {
			return -1
		}
		return int(binary.BigEndian.Uint16(b[off:]))
	}
	if len(gsub) < 10 {
		return nil
	}
	features, lookups := u16(gsub, 6), u16(gsub, 8)
	wanted := map[int]bool{}
	for i := range max(0, u16(gsub, features)) {
		rec := features + 2 + 6*i
		if rec+6 > len(gsub) {
			break
		}
		if tag := string(gsub[rec : rec+4]); tag != "liga" && tag != "rlig" {
			continue
		}
		ft := features + u16(gsub, rec+4)
		for k := range max(0, u16(gsub, ft+2)) {
			if idx := u16(gsub, ft+4+2*k); idx >= 0 {
				wanted[idx] = true
			}
		}
	}
	var out []ligatureLookup
	count := min(max(0, u16(gsub, lookups)), maxLigatureLookups)
	for i := range count {
		if !wanted[i] {
			continue
		}
		lk := lookups + u16(gsub, lookups+2+2*i)
		typ := u16(gsub, lk)
		m := ligatureLookup{}
		for s := range max(0, u16(gsub, lk+4)) {
			st := lk + u16(gsub, lk+6+2*s)
			if typ == 7 && u16(gsub, st+2) == 4 && st+8 <= len(gsub) { // extension
				st += int(binary.BigEndian.Uint32(gsub[st+4:]))
			} else if typ != 4 {
				continue
			}
			readLigatureSubst(gsub, st, m, u16)
		}
		if len(m) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// readLigatureSubst reads one LigatureSubstFormat1 subtable at st into m.
func readLigatureSubst(b []byte, st int, m ligatureLookup, u16 func([]byte, int) int) {
	if u16(b, st) != 1 {
		return
	}
	firsts := coverage(b, st+u16(b, st+2), u16)
	for i := range max(0, u16(b, st+4)) {
		if i >= len(firsts) {
			return
		}
		set := st + u16(b, st+6+2*i)
		for k := range max(0, u16(b, set)) {
			lig := set + u16(b, set+2+2*k)
			glyph, n := u16(b, lig), u16(b, lig+2)
			if glyph < 0 || n < 1 || n > 64 {
				continue
			}
			l := ligature{glyph: sfnt.GlyphIndex(glyph)}
			for c := 1; c < n; c++ {
				g := u16(b, lig+4+2*(c-1))
				if g < 0 {
					return
				}
				l.rest = append(l.rest, sfnt.GlyphIndex(g))
			}
			m[firsts[i]] = append(m[firsts[i]], l)
		}
	}
}

// coverage lists the glyphs of a coverage table in coverage-index order.
func coverage(b []byte, off int, u16 func([]byte, int) int) []sfnt.GlyphIndex {
	var out []sfnt.GlyphIndex
	switch u16(b, off) {
	case 1:
		for i := range max(0, u16(b, off+2)) {
			if g := u16(b, off+4+2*i); g >= 0 {
				out = append(out, sfnt.GlyphIndex(g))
			}
		}
	case 2:
		for i := range max(0, u16(b, off+2)) {
			start, end := u16(b, off+4+6*i), u16(b, off+6+6*i)
			for g := start; g >= 0 && g <= end && len(out) < 0x10000; g++ {
				out = append(out, sfnt.GlyphIndex(g))
			}
		}
	}
	return out
}

// applyLigatures substitutes the ligatures of each lookup in turn.
func applyLigatures(gids []sfnt.GlyphIndex, lookups []ligatureLookup) []sfnt.GlyphIndex {
	for _, lk := range lookups {
		var out []sfnt.GlyphIndex
		for i := 0; i < len(gids); {
			done := false
			for _, l := range lk[gids[i]] {
				if i+1+len(l.rest) > len(gids) {
					continue
				}
				match := true
				for k, g := range l.rest {
					if gids[i+1+k] != g {
						match = false
						break
					}
				}
				if match {
					out = append(out, l.glyph)
					i += 1 + len(l.rest)
					done = true
					break
				}
			}
			if !done {
				out = append(out, gids[i])
				i++
			}
		}
		gids = out
	}
	return gids
}
