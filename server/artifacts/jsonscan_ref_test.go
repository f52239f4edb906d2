package artifacts

// The scanner as it was before issue 17's second round (commit 124a86f), kept as an oracle: the
// faster scanJSONValue must return the same offset and the same error (text and offset) on every
// input, so its errors stay exactly as precise as these were. Only the names differ (ref prefix);
// the escape, number, hex digit and digit-run checks the new scanner kept unchanged
// (scanJSONEscape, scanJSONNumber, isHexDigit, skipDigits) are called, not copied.

import (
	"encoding/binary"
	"math/bits"
)

// refScanJSONValue checks the syntax of the JSON value that starts at b[i] (after optional
// whitespace) without building anything, and returns the offset just past it. depth is the number
// of containers already open around the value (0 for a top-level value), so nesting is bounded by
// MaxJSONNestingDepth over the whole input.
//
// It accepts exactly the grammar encoding/json's scanner accepts (json.Valid): RFC 8259 values,
// whitespace of space, tab, CR and LF, strings without raw control characters and with only the
// escapes \" \\ \/ \b \f \n \r \t and \uXXXX (any four hex digits, lone surrogates included), and
// any bytes from 0x80 on, invalid UTF-8 included (encoding/json replaces those when it decodes a
// string, it does not refuse them). Duplicate member names are not its concern.
//
// It is the capture's hot path (issue 17): a DOM dump of megabytes is checked but never decoded,
// and plain string bytes are skipped eight at a time.
func refScanJSONValue(b []byte, i, depth int) (int, error) {
	// open records, per open container of this value, whether it is an object (1) or an array.
	var open [MaxJSONNestingDepth/64 + 1]uint64
	n := depth // containers open, those around the value included
	base := depth
	var err error
	for {
		// A value is expected at i.
		i = refSkipJSONSpace(b, i)
		if i >= len(b) {
			return i, errJSONEnd
		}
		closed := true
		switch c := b[i]; c {
		case '"':
			if i, err = refScanJSONString(b, i); err != nil {
				return i, err
			}
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if i, err = scanJSONNumber(b, i); err != nil {
				return i, err
			}
		case '{', '[':
			if n >= MaxJSONNestingDepth {
				return i, errJSONDepth
			}
			k := uint(n - base)
			if c == '{' {
				open[k/64] |= 1 << (k % 64)
			} else {
				open[k/64] &^= 1 << (k % 64)
			}
			n++
			i = refSkipJSONSpace(b, i+1)
			switch {
			case i < len(b) && b[i] == c+2: // '}' is '{'+2 and ']' is '['+2
				i++
				n--
			case c == '{':
				if i, err = refScanJSONName(b, i); err != nil {
					return i, err
				}
				closed = false
			default:
				closed = false
			}
		case 't':
			if i, err = refScanJSONLiteral(b, i, "true"); err != nil {
				return i, err
			}
		case 'f':
			if i, err = refScanJSONLiteral(b, i, "false"); err != nil {
				return i, err
			}
		case 'n':
			if i, err = refScanJSONLiteral(b, i, "null"); err != nil {
				return i, err
			}
		default:
			return i, errJSONSyntax(b, i, "looking for the beginning of a value")
		}
		if !closed {
			continue
		}
		// A value ended at i: close containers until one expects another element.
		for {
			if n == base {
				return i, nil
			}
			k := uint(n - 1 - base)
			isObject := open[k/64]&(1<<(k%64)) != 0
			i = refSkipJSONSpace(b, i)
			if i >= len(b) {
				return i, errJSONEnd
			}
			if b[i] == ',' {
				i++
				if isObject {
					if i, err = refScanJSONName(b, refSkipJSONSpace(b, i)); err != nil {
						return i, err
					}
				}
				break
			}
			if isObject && b[i] == '}' || !isObject && b[i] == ']' {
				i++
				n--
				continue
			}
			return i, errJSONSyntax(b, i, "after a value in an object or array")
		}
	}
}

// refScanJSONName checks a member name at b[i] and the colon after it, and returns the offset just
// past the colon.
func refScanJSONName(b []byte, i int) (int, error) {
	if i >= len(b) || b[i] != '"' {
		return i, errJSONSyntax(b, i, "looking for the beginning of an object key string")
	}
	i, err := refScanJSONString(b, i)
	if err != nil {
		return i, err
	}
	i = refSkipJSONSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return i, errJSONSyntax(b, i, "after an object key")
	}
	return i + 1, nil
}

// refSkipJSONSpace returns the offset of the first byte at or after i that is not JSON whitespace.
func refSkipJSONSpace(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// refSpecialBytes flags (with its high bit) the first byte of w, in memory order, that is a quote, a
// backslash or a control character below 0x20, and possibly later bytes; 0 if there is none (bytes
// from 0x80 on are plain). Each term is the "has a zero byte" test (x - ones) & ^x & highs, whose
// lowest flagged byte is always a true one (a borrow only runs towards higher bytes), so the
// trailing zeros of the result locate the first special byte exactly.
func refSpecialBytes(w uint64) uint64 {
	quote := w ^ (0x0101010101010101 * '"')
	backslash := w ^ (0x0101010101010101 * '\\')
	// A byte below 0x20 with its high bit clear: w - 0x20 borrows into the high bit.
	control := (w - 0x0101010101010101*0x20) & ^w
	return ((quote-0x0101010101010101)&^quote | (backslash-0x0101010101010101)&^backslash | control) & 0x8080808080808080
}

// refScanJSONString checks the string whose opening quote is at b[i] and returns the offset just
// past its closing quote.
func refScanJSONString(b []byte, i int) (int, error) {
	i++
	for {
		for {
			if i+8 > len(b) {
				for i < len(b) && b[i] >= ' ' && b[i] != '"' && b[i] != '\\' {
					i++
				}
				break
			}
			if m := refSpecialBytes(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		if i >= len(b) {
			return i, errJSONEnd
		}
		switch b[i] {
		case '"':
			return i + 1, nil
		case '\\':
			var err error
			if i, err = scanJSONEscape(b, i); err != nil {
				return i, err
			}
		default:
			return i, errJSONSyntax(b, i, "in string literal")
		}
	}
}

// refScanJSONLiteral checks that lit (true, false or null) is at b[i].
func refScanJSONLiteral(b []byte, i int, lit string) (int, error) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(b) {
			return i + k, errJSONEnd
		}
		if b[i+k] != lit[k] {
			return i + k, errJSONSyntax(b, i+k, "in literal "+lit)
		}
	}
	return i + len(lit), nil
}
