package artifacts

import (
	"encoding/binary"
	"math/bits"
)

// The SWAR ("SIMD within a register") tests of scanJSONValue: eight bytes of the input are read
// as one uint64 in memory order (little-endian, so the first byte is the lowest and
// bits.TrailingZeros64 finds the first flagged byte) and tested at once with a few arithmetic
// operations.

// Masks of the SWAR tests: each byte of swarOnes is 0x01, of swarHighs 0x80.
const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// specialBytes flags (with its high bit) exactly the bytes of w that are a quote, a backslash or a
// control character below 0x20 (bytes from 0x80 on are plain); 0 if there is none. No borrow or
// carry crosses bytes: quotes and control characters are the bytes whose x = c^0x02 has its high
// bit clear and its low seven bits below 0x21 (x < 0x21 exactly for c < 0x20 and c == 0x22),
// tested as (x | 0x80) - 0x21, which cannot borrow; a backslash is y = c^0x5c == 0, tested as
// (y & 0x7f) + 0x7f, which cannot carry. Exact flags matter to plainBytes: a flag after a true
// one (a borrow test's, "#" after a quote) would send the string that follows to the slow path.
func specialBytes(w uint64) uint64 {
	const lows = swarOnes * 0x7f
	x := w ^ (swarOnes * 0x02)
	y := w ^ (swarOnes * '\\')
	return ^((x | (x | swarHighs - swarOnes*0x21)) & (y | (y&lows + lows))) & swarHighs
}

// nonDigits flags (with its high bit or lower bits of the same byte) the first byte of w, in
// memory order, that is not an ASCII digit, and possibly later bytes; 0 if all eight are digits.
// A digit has high nibble 3 and, plus 6, still high nibble 3. The addition carries into the next
// byte only from a byte of 0xfa or more, itself flagged by its high nibble, so the first flagged
// byte is exact.
func nonDigits(w uint64) uint64 {
	const highNibbles = 0xf0f0f0f0f0f0f0f0
	return (w&highNibbles ^ swarOnes*0x30) | ((w+swarOnes*0x06)&highNibbles ^ swarOnes*0x30)
}

// nonSpaceBytes flags (with its high bit) exactly the bytes of w that are not a space; 0 if all
// eight are. A space is x = c^0x20 == 0, tested as (x & 0x7f) + 0x7f, which cannot carry.
func nonSpaceBytes(w uint64) uint64 {
	const lows = swarOnes * 0x7f
	x := w ^ (swarOnes * ' ')
	return (x&lows + lows | x) & swarHighs
}

// flagBits gathers the flags of f, the high bit of each byte and nothing else, into the eight low
// bits of the result: bit k is the flag of byte k. The multiplier adds the flag of byte k, bit
// 8k+7, at bits 8k+7+7j for j = 0..7; j = 7-k puts it at bit 56+k, and no two (k, j) meet at the
// same bit, so nothing carries.
func flagBits(f uint64) uint64 {
	return f * 0x0002040810204081 >> 56
}

// plainWindow is the span, in bytes, of a plainBytes window: two halves of 64, one bitmap each.
const plainWindow = 128

// plainBytes is a sliding window over the input that marks the bytes that end a string's plain
// run, quotes, backslashes and control characters (specialBytes): bit k of lo for b[base+k], of
// hi for b[base+64+k]. Every byte of a half that does not fit in b is marked too, which only sends
// the caller to the byte-by-byte checks. A string's closing quote is then found with a shift and a
// count of trailing zeros in a bitmap computed 64 bytes at a time, and as the scan moves forward
// the next half's bitmap does not depend on where the tokens end. Before it, each string was found
// by a load at an address computed from the previous token's end and a SWAR test of that word, one
// after the other: that chain was the scanner's critical path (the window made the benchmark DOM
// dump's scan about 1.6x faster).
type plainBytes struct {
	base   int
	lo, hi uint64
}

// next returns the offset of the first marked byte at or after p, base+plainWindow if there is
// none; the caller has made sure that base <= p < base+plainWindow/2 (with slide).
func (w *plainBytes) next(p int) int {
	if m := w.lo >> (uint(p-w.base) & 63); m != 0 {
		return p + bits.TrailingZeros64(m)
	}
	return w.base + plainWindow/2 + bits.TrailingZeros64(w.hi)
}

// stringRest checks the rest of a string from b[j] on, the bytes before j (after the opening
// quote) being plain, as scanJSONStringRest does and with its errors: it finds each escape and the
// closing quote through the window, and leaves a control character, a long plain run and the end
// of the input to scanJSONStringRest.
func (w *plainBytes) stringRest(b []byte, j int) (int, error) {
	for j < len(b) {
		switch b[j] {
		case '"':
			return j + 1, nil
		case '\\':
			var err error
			if j, err = scanJSONEscape(b, j); err != nil {
				return j, err
			}
		default:
			return scanJSONStringRest(b, j)
		}
		if uint(j-w.base) >= plainWindow/2 {
			w.slide(b, j)
		}
		j = min(w.next(j), len(b))
	}
	return scanJSONStringRest(b, j)
}

// slide moves the window forward so that p, at or after its base, falls in its first half: by one
// half when p is in the second half (the common case, whose new half does not depend on p), to p
// otherwise.
func (w *plainBytes) slide(b []byte, p int) {
	if uint(p-w.base) < plainWindow {
		w.base += plainWindow / 2
		w.lo = w.hi
		w.hi = specialBits(b, w.base+plainWindow/2)
		return
	}
	w.base = p
	w.lo = specialBits(b, p)
	w.hi = specialBits(b, p+plainWindow/2)
}

// specialBits returns the bitmap of b[p:p+64] that plainBytes holds: bit k set when b[p+k] is
// special, all bits set when the 64 bytes are not all in b.
func specialBits(b []byte, p int) uint64 {
	if p < 0 || p+64 > len(b) {
		return ^uint64(0)
	}
	w := b[p : p+64 : p+64]
	return flagBits(specialBytes(binary.LittleEndian.Uint64(w[0:]))) |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[8:])))<<8 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[16:])))<<16 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[24:])))<<24 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[32:])))<<32 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[40:])))<<40 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[48:])))<<48 |
		flagBits(specialBytes(binary.LittleEndian.Uint64(w[56:])))<<56
}
