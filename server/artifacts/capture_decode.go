package artifacts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// MaxJSONNestingDepth is the deepest nesting of objects and arrays a capture may have: the limit
// of encoding/json and of jsontext (10,000), which decodeCapture relies on.
const MaxJSONNestingDepth = 10000

// decodeCapture decodes a capture JSON into c as decodeStrict does (the same members, matched as
// encoding/json matches them, case-insensitively; unknown members and trailing data refused; a
// top-level null leaves c empty), in one streaming pass of jsontext's decoder: `document`, the
// DOM dump that makes up nearly all of a capture, is syntax-checked without building any value
// (c.Document is a sub-slice of b), and only the small members (manifest, assets, screenshot) go
// through encoding/json. Duplicate member names and invalid UTF-8 are let through, as
// encoding/json lets them through. A strict encoding/json decode of the whole capture scans it
// twice and copies the document (docs/benchmarks.md: the callback's throughput target fails with
// it).
func decodeCapture(b []byte, c *Capture) error {
	dec := jsontext.NewDecoder(bytes.NewBuffer(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	switch dec.PeekKind() {
	case 'n':
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		return expectEOF(dec)
	case '{':
	default:
		if _, err := dec.ReadValue(); err != nil {
			return err
		}
		return errors.New("the capture is not a JSON object")
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		n := name.String() // before the next call voids the token
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		end := int(dec.InputOffset())
		raw := b[end-len(v) : end : end]
		switch {
		case strings.EqualFold(n, "manifest"):
			err = decodeStrict(raw, &c.Manifest)
		case strings.EqualFold(n, "document"):
			c.Document = raw
		case strings.EqualFold(n, "assets"):
			err = decodeStrict(raw, &c.Assets)
		case strings.EqualFold(n, "screenshot"):
			err = decodeStrict(raw, &c.Screenshot)
		default:
			err = fmt.Errorf("json: unknown field %q", n)
		}
		if err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return expectEOF(dec)
}

// expectEOF refuses anything but whitespace after the capture's value.
func expectEOF(dec *jsontext.Decoder) error {
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
