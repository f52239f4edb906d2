package artifacts

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// MaxJSONNestingDepth is the deepest nesting of objects and arrays scanJSONValue accepts, counted
// from the outermost value of the input (a top-level object is at depth 1). It is encoding/json's
// own limit (its maxNestingDepth), so a capture is accepted or refused exactly as encoding/json
// would accept or refuse it.
const MaxJSONNestingDepth = 10000

var (
	errJSONEnd   = errors.New("json: unexpected end of input")
	errJSONDepth = fmt.Errorf("json: exceeded max depth %d", MaxJSONNestingDepth)
)

// errJSONSyntax reports an unexpected byte.
func errJSONSyntax(b []byte, i int, what string) error {
	if i >= len(b) {
		return errJSONEnd
	}
	return fmt.Errorf("json: invalid character %q at offset %d %s", b[i], i, what)
}

// scanJSONValue checks the syntax of the JSON value that starts at b[i] (after optional
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
// It is the capture's hot path (issue 17): a DOM dump of megabytes is checked but never decoded.
// The loop handles one element per turn (in an object, the member name and its colon too), with
// the common cases inline: no whitespace, a string or name whose closing quote is the first
// marked byte of the plainBytes window (jsonscan_swar.go), a short integer found in one word.
// Anything else goes through the general functions of jsonscan_tokens.go, which also produce
// every error, so errors are those of the byte-by-byte checks.
func scanJSONValue(b []byte, i, depth int) (int, error) {
	// open records, per container opened here, whether it is an object (1) or an array; inObject
	// caches the innermost one's bit, read after every element.
	var open [MaxJSONNestingDepth/64 + 1]uint64
	n := depth // containers open, those around the value included
	base := depth
	inObject := false
	var err error
	win := plainBytes{base: -1 << 62} // empty: the first look fills it
	for {
		// An element is expected at i: in an object a member name and a colon, then a value.
		if inObject {
			// The common name: the window's first marked byte after the opening quote is the
			// closing one, and the colon follows at once. Anything else is checked by
			// scanJSONName.
			quick := false
		name:
			if i < len(b) && b[i] == '"' {
				if uint(i+1-win.base) >= plainWindow/2 {
					win.slide(b, i+1)
				}
				j := win.next(i + 1)
				if j+2 <= len(b) && binary.LittleEndian.Uint16(b[j:j+2]) == '"'|':'<<8 {
					i, quick = j+2, true
				}
			} else if i < len(b) && b[i] <= ' ' {
				if i = skipJSONSpace(b, i); i < len(b) && b[i] == '"' {
					goto name
				}
			}
			if !quick {
				if i, err = scanJSONName(b, i); err != nil {
					return i, err
				}
			}
		}
		if i >= len(b) {
			return i, errJSONEnd
		}
		c := b[i]
		if c <= ' ' {
			if i = skipJSONSpace(b, i); i >= len(b) {
				return i, errJSONEnd
			}
			c = b[i]
		}
		switch c {
		case '"':
			// As for a name: the window's first marked byte after the opening quote is the
			// closing one of most strings. Anything else (an escape, a control character, the
			// window's end) is checked from there by stringRest, the bytes before it being
			// plain.
			if uint(i+1-win.base) >= plainWindow/2 {
				win.slide(b, i+1)
			}
			j := min(win.next(i+1), len(b))
			if j < len(b) && b[j] == '"' {
				i = j + 1
			} else if i, err = win.stringRest(b, j); err != nil {
				return i, err
			}
		case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if end, ok := quickJSONInteger(b, i); ok {
				i = end
			} else if i, err = scanJSONNumber(b, i); err != nil {
				return i, err
			}
		case '-':
			if i, err = scanJSONNumber(b, i); err != nil {
				return i, err
			}
		case '{', '[':
			if n >= MaxJSONNestingDepth {
				return i, errJSONDepth
			}
			k := uint(n - base)
			inObject = c == '{'
			if inObject {
				open[k/64] |= 1 << (k % 64)
			} else {
				open[k/64] &^= 1 << (k % 64)
			}
			n++
			i++
			if i < len(b) && b[i] <= ' ' {
				i = skipJSONSpace(b, i)
			}
			if i >= len(b) || b[i] != c+2 { // '}' is '{'+2 and ']' is '['+2
				continue
			}
			// An empty container: it ends here.
			i++
			n--
			inObject = n > base && isObjectAt(&open, uint(n-1-base))
		case 't':
			if i, err = scanJSONLiteral(b, i, "true"); err != nil {
				return i, err
			}
		case 'f':
			if i, err = scanJSONLiteral(b, i, "false"); err != nil {
				return i, err
			}
		case 'n':
			if i, err = scanJSONLiteral(b, i, "null"); err != nil {
				return i, err
			}
		default:
			return i, errJSONSyntax(b, i, "looking for the beginning of a value")
		}
		// A value ended at i: close containers until one expects another element.
		for {
			if n == base {
				return i, nil
			}
			if i >= len(b) {
				return i, errJSONEnd
			}
			c := b[i]
			if c <= ' ' {
				if i = skipJSONSpace(b, i); i >= len(b) {
					return i, errJSONEnd
				}
				c = b[i]
			}
			i++
			if c == ',' {
				break
			}
			if inObject && c == '}' || !inObject && c == ']' {
				n--
				inObject = n > base && isObjectAt(&open, uint(n-1-base))
				continue
			}
			return i - 1, errJSONSyntax(b, i-1, "after a value in an object or array")
		}
	}
}

// isObjectAt reports whether the container at index k of open (see scanJSONValue) is an object.
func isObjectAt(open *[MaxJSONNestingDepth/64 + 1]uint64, k uint) bool {
	return open[k/64]&(1<<(k%64)) != 0
}

// scanJSONName checks a member name at b[i] (after optional whitespace) and the colon after it,
// and returns the offset just past the colon.
func scanJSONName(b []byte, i int) (int, error) {
	if i < len(b) && b[i] <= ' ' {
		i = skipJSONSpace(b, i)
	}
	if i >= len(b) || b[i] != '"' {
		return i, errJSONSyntax(b, i, "looking for the beginning of an object key string")
	}
	i, err := scanJSONString(b, i)
	if err != nil {
		return i, err
	}
	if i < len(b) && b[i] == ':' {
		return i + 1, nil
	}
	i = skipJSONSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return i, errJSONSyntax(b, i, "after an object key")
	}
	return i + 1, nil
}
