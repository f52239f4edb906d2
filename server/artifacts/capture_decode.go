package artifacts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// decodeCapture decodes a capture JSON into c as decodeStrict does (the same members, matched as
// encoding/json matches them, case-insensitively; unknown members and trailing data refused; a
// top-level null leaves c empty), in one pass: scanJSONValue checks the syntax of `document`, the
// DOM dump that makes up nearly all of a capture, without building any value or copying it
// (c.Document is a sub-slice of b), and only the small members (manifest, assets, screenshot) go
// through encoding/json. encoding/json scanned the whole capture twice and copied the document
// (67% of a callback's CPU for a 1 MiB capture); a jsontext decoder, the next step, was
// still about a third of it. Duplicate member names and invalid UTF-8 are let through, as
// encoding/json lets them through.
func decodeCapture(b []byte, c *Capture) error {
	i := skipJSONSpace(b, 0)
	if i >= len(b) {
		return errJSONEnd
	}
	switch b[i] {
	case 'n':
		end, err := scanJSONValue(b, i, 0)
		if err != nil {
			return err
		}
		return expectEnd(b, end)
	case '{':
	default:
		if _, err := scanJSONValue(b, i, 0); err != nil {
			return err
		}
		return errors.New("the capture is not a JSON object")
	}
	i = skipJSONSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return expectEnd(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return errJSONSyntax(b, i, "looking for the beginning of an object key string")
		}
		nameEnd, err := scanJSONString(b, i)
		if err != nil {
			return err
		}
		name, err := memberName(b[i:nameEnd])
		if err != nil {
			return err
		}
		i = skipJSONSpace(b, nameEnd)
		if i >= len(b) || b[i] != ':' {
			return errJSONSyntax(b, i, "after an object key")
		}
		start := skipJSONSpace(b, i+1)
		end, err := scanJSONValue(b, start, 1)
		if err != nil {
			return err
		}
		raw := b[start:end:end]
		switch {
		case strings.EqualFold(name, "manifest"):
			err = decodeStrict(raw, &c.Manifest)
		case strings.EqualFold(name, "document"):
			c.Document = raw
		case strings.EqualFold(name, "assets"):
			err = decodeStrict(raw, &c.Assets)
		case strings.EqualFold(name, "screenshot"):
			err = decodeStrict(raw, &c.Screenshot)
		default:
			err = fmt.Errorf("json: unknown field %q", name)
		}
		if err != nil {
			return err
		}
		i = skipJSONSpace(b, end)
		switch {
		case i >= len(b):
			return errJSONEnd
		case b[i] == ',':
			i = skipJSONSpace(b, i+1)
		case b[i] == '}':
			return expectEnd(b, i+1)
		default:
			return errJSONSyntax(b, i, "after object key:value pair")
		}
	}
}

// memberName returns the text of the checked JSON string quoted (quotes included), unescaped as
// encoding/json unescapes it when there are escapes.
func memberName(quoted []byte) (string, error) {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return string(quoted[1 : len(quoted)-1]), nil
	}
	var s string
	err := json.Unmarshal(quoted, &s)
	return s, err
}

// expectEnd refuses anything but whitespace after the capture's value, which ends at i.
func expectEnd(b []byte, i int) error {
	if i = skipJSONSpace(b, i); i < len(b) {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
