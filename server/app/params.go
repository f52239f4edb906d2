package app

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-json-experiment/json/jsontext"
)

// decodeParams decodes a POST body into p exactly as encoding/json's Decoder with UseNumber
// does (gqlgen's transports decode that way): numbers in variables and extensions become
// json.Number. Bodies of the plain shape every client sends — one object with the members
// query, operationName, variables and extensions each at most once, spelled exactly so, values
// of the right kinds, names unique in every object, valid UTF-8 — are read with a jsontext
// tokenizer, which is about three times cheaper per request; any other body (another
// member, a name in other case or escaped, a duplicate, a value of the wrong kind, invalid JSON
// or UTF-8, data after the object) is decoded by encoding/json, which then decides what it
// means, so every body gives the params or the error it gave before. p must be zero.
func decodeParams(body []byte, p *graphql.RawParams) error {
	if decodePlainParams(body, p) {
		return nil
	}
	*p = graphql.RawParams{}
	return decodeJSON(body, p)
}

// paramsDecoder is a pooled jsontext decoder with the buffer it reads from (a *bytes.Buffer
// is parsed in place, without a copy).
type paramsDecoder struct {
	dec jsontext.Decoder
	buf bytes.Buffer
	// scratch holds an escaped string's unquoted bytes before they become a string.
	scratch []byte
}

// maxPooledScratch is the largest unquoting buffer kept in the pool (a larger query is unquoted
// in a buffer of its own, left to the garbage collector).
const maxPooledScratch = 64 * 1024

var paramsDecoders = sync.Pool{New: func() any { return new(paramsDecoder) }}

// decodePlainParams decodes body into p when it has the plain shape (decodeParams) and reports
// whether it did; when it returns false, p may hold part of the body.
func decodePlainParams(body []byte, p *graphql.RawParams) bool {
	pd := paramsDecoders.Get().(*paramsDecoder)
	defer func() {
		// Keep nothing of the body in the pool.
		pd.buf = bytes.Buffer{}
		pd.dec.Reset(&pd.buf)
		if cap(pd.scratch) <= maxPooledScratch {
			paramsDecoders.Put(pd)
		}
	}()
	pd.buf = *bytes.NewBuffer(body)
	// The defaults reject duplicate names and invalid UTF-8 (encoding/json accepts both, with
	// its own rules): such bodies go to encoding/json.
	pd.dec.Reset(&pd.buf)
	if t, err := pd.dec.ReadToken(); err != nil || t.Kind() != '{' {
		return false
	}
	for pd.dec.PeekKind() == '"' {
		// The raw name: an escaped spelling of a member goes to encoding/json.
		name, err := pd.dec.ReadValue()
		if err != nil {
			return false
		}
		switch string(name) {
		case `"query"`:
			if !pd.readStringMember(&p.Query) {
				return false
			}
		case `"operationName"`:
			if !pd.readStringMember(&p.OperationName) {
				return false
			}
		case `"variables"`:
			if !pd.readObjectMember(&p.Variables) {
				return false
			}
		case `"extensions"`:
			if !pd.readObjectMember(&p.Extensions) {
				return false
			}
		default:
			return false
		}
	}
	if t, err := pd.dec.ReadToken(); err != nil || t.Kind() != '}' {
		return false
	}
	// encoding/json's Decoder stops after the first value; anything but white space after it
	// is left to encoding/json to judge.
	return len(bytes.TrimLeft(body[pd.dec.InputOffset():], " \t\r\n")) == 0
}

// readString reads a string value (the next value must be one).
func (pd *paramsDecoder) readString() (string, bool) {
	raw, err := pd.dec.ReadValue()
	if err != nil || len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		// Valid (the decoder checked it) and without escapes: the bytes between the quotes.
		return string(raw[1 : len(raw)-1]), true
	}
	pd.scratch, err = jsontext.AppendUnquote(pd.scratch[:0], raw)
	if err != nil {
		return "", false
	}
	return string(pd.scratch), true
}

// readStringMember reads a string (or null, which leaves *s as it is, as encoding/json does).
func (pd *paramsDecoder) readStringMember(s *string) bool {
	switch pd.dec.PeekKind() {
	case '"':
		v, ok := pd.readString()
		*s = v
		return ok
	case 'n':
		_, err := pd.dec.ReadToken()
		return err == nil
	}
	return false
}

// readObjectMember reads an object into a new map (or null, which leaves *m nil).
func (pd *paramsDecoder) readObjectMember(m *map[string]any) bool {
	switch pd.dec.PeekKind() {
	case 'n':
		_, err := pd.dec.ReadToken()
		return err == nil
	case '{':
		v, ok := pd.readAny()
		if !ok {
			return false
		}
		*m = v.(map[string]any)
		return true
	}
	return false
}

// readAny reads one value as encoding/json decodes it into an interface with UseNumber.
func (pd *paramsDecoder) readAny() (any, bool) {
	d := &pd.dec
	switch d.PeekKind() {
	case '"':
		return pd.readString()
	case '{':
		if _, err := d.ReadToken(); err != nil {
			return nil, false
		}
		m := map[string]any{}
		for d.PeekKind() == '"' {
			name, ok := pd.readString()
			if !ok {
				return nil, false
			}
			v, ok := pd.readAny()
			if !ok {
				return nil, false
			}
			m[name] = v
		}
		if t, err := d.ReadToken(); err != nil || t.Kind() != '}' {
			return nil, false
		}
		return m, true
	case '[':
		if _, err := d.ReadToken(); err != nil {
			return nil, false
		}
		s := []any{}
		for d.PeekKind() != ']' {
			if d.PeekKind() == 0 {
				return nil, false
			}
			v, ok := pd.readAny()
			if !ok {
				return nil, false
			}
			s = append(s, v)
		}
		if _, err := d.ReadToken(); err != nil {
			return nil, false
		}
		return s, true
	}
	t, err := d.ReadToken()
	if err != nil {
		return nil, false
	}
	switch t.Kind() {
	case 'n':
		return nil, true
	case 't':
		return true, true
	case 'f':
		return false, true
	case '0':
		return json.Number(t.String()), true
	}
	return nil, false
}
