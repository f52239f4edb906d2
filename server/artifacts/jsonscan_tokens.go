package artifacts

import (
	"encoding/binary"
	"math/bits"
)

// The tokens of scanJSONValue: whitespace, strings, numbers and literals. Each function checks
// its token byte by byte where it must and produces the token's errors; the SWAR tests it uses
// are in jsonscan_swar.go.

// skipJSONSpace returns the offset of the first byte at or after i that is not JSON whitespace.
// A run of spaces after the first whitespace byte (indentation) is skipped eight bytes at a time.
func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
		for i+8 <= len(b) && b[i] == ' ' {
			if m := nonSpaceBytes(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
	}
	return i
}

func isJSONSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t')
}

// scanJSONString checks the string whose opening quote is at b[i] and returns the offset just
// past its closing quote.
func scanJSONString(b []byte, i int) (int, error) {
	return scanJSONStringRest(b, i+1)
}

// scanJSONStringRest checks the rest of a string from b[i] on, after its opening quote and the
// plain bytes (neither a quote, a backslash nor a control character) before i, and returns the
// offset just past its closing quote.
func scanJSONStringRest(b []byte, i int) (int, error) {
	for {
		for {
			if i+8 > len(b) {
				for i < len(b) && b[i] >= ' ' && b[i] != '"' && b[i] != '\\' {
					i++
				}
				break
			}
			if m := specialBytes(binary.LittleEndian.Uint64(b[i:])); m != 0 {
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

// scanJSONEscape checks the escape whose backslash is at b[i] and returns the offset just past it.
func scanJSONEscape(b []byte, i int) (int, error) {
	if i+1 >= len(b) {
		return i + 1, errJSONEnd
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, nil
	case 'u':
		for k := i + 2; k < i+6; k++ {
			if k >= len(b) {
				return k, errJSONEnd
			}
			if !isHexDigit(b[k]) {
				return k, errJSONSyntax(b, k, "in \\u hexadecimal character escape")
			}
		}
		return i + 6, nil
	default:
		return i + 1, errJSONSyntax(b, i+1, "in string escape code")
	}
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// scanJSONLiteral checks that lit (true, false or null) is at b[i].
func scanJSONLiteral(b []byte, i int, lit string) (int, error) {
	if i+len(lit) <= len(b) && string(b[i:i+len(lit)]) == lit {
		return i + len(lit), nil
	}
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

// quickJSONInteger returns the offset just past the number at b[i], a digit, when it is an
// integer of one to eight digits, without a leading zero, followed by a byte that cannot continue
// a number (the coordinates and sizes of a DOM dump), and false otherwise: scanJSONNumber then
// checks it from the start. It is small enough to be inlined into the loop of scanJSONValue.
func quickJSONInteger(b []byte, i int) (int, bool) {
	if i+9 > len(b) {
		return 0, false
	}
	k := bits.TrailingZeros64(nonDigits(binary.LittleEndian.Uint64(b[i:]))) / 8 // 8: all digits
	j := i + k
	return j, !continuesNumber[b[j]] && (k == 1 || b[i] != '0')
}

// continuesNumber holds the bytes that can follow a number's leading digits in the same number.
var continuesNumber = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true,
	'6': true, '7': true, '8': true, '9': true, '.': true, 'e': true, 'E': true}

// scanJSONNumber checks the number at b[i]: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. What
// follows it is the caller's concern (a number ends at the first byte that cannot continue it).
func scanJSONNumber(b []byte, i int) (int, error) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return i, errJSONEnd
	case b[i] == '0':
		i++
	case b[i] >= '1' && b[i] <= '9':
		i = skipDigits(b, i+1)
	default:
		return i, errJSONSyntax(b, i, "in numeric literal")
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) {
			return i, errJSONEnd
		}
		if b[i] < '0' || b[i] > '9' {
			return i, errJSONSyntax(b, i, "after decimal point in numeric literal")
		}
		i = skipDigits(b, i+1)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) {
			return i, errJSONEnd
		}
		if b[i] < '0' || b[i] > '9' {
			return i, errJSONSyntax(b, i, "in exponent of numeric literal")
		}
		i = skipDigits(b, i+1)
	}
	return i, nil
}

func skipDigits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}
