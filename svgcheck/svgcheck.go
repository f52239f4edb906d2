// Package svgcheck is the one rule for the shape of an SVG document that the API's image
// hydration (server/results), the conversion worker (worker/convert/images) and the workers' SVG
// cleaner (worker/internal/svgsafe) all apply, so a result the worker writes is one the API
// accepts: well-formed UTF-8 XML, no entity declarations (the plugin's parser should never have
// to expand entities), and one root element, <svg>, in the SVG namespace or none.
//
// It imports only the standard library, so both the API and the workers may use it.
package svgcheck

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Namespace is the namespace of an SVG root element.
const Namespace = "http://www.w3.org/2000/svg"

// Root checks b and returns its root element (with its attributes). Errors as Walk's, and
// "the root element is <x>, not <svg>" or "the root <svg> is not in the SVG namespace".
func Root(b []byte) (xml.StartElement, error) {
	var root xml.StartElement
	err := Walk(b, false, func(tok xml.Token, depth int) error {
		t, ok := tok.(xml.StartElement)
		if !ok || depth > 0 {
			return nil
		}
		if t.Name.Local != "svg" {
			return fmt.Errorf("the root element is <%s>, not <svg>", t.Name.Local)
		}
		if t.Name.Space != "" && t.Name.Space != Namespace {
			return errors.New("the root <svg> is not in the SVG namespace")
		}
		root = t.Copy()
		return nil
	})
	return root, err
}

// Walk reads b as one XML document and calls visit with each token and the depth it stands at
// (0 for the root element's start and end and for what stands outside it). A UTF-8 byte order
// mark may stand before the document, as browsers' parsers skip it. With raw, tokens are read as
// xml.Decoder.RawToken reads them (names keep their prefixes; visit must match end tags to start
// tags itself), otherwise as Token reads them (namespaces resolved, end tags matched).
//
// It refuses, with an error that says what is wrong in words safe for end users, a document that
// is not UTF-8 or not well-formed XML, declares entities, has text outside its root element, or
// has no root element or more than one; an error of visit ends the walk and is returned as it is.
func Walk(b []byte, raw bool, visit func(tok xml.Token, depth int) error) error {
	if !utf8.Valid(b) {
		return errors.New("SVG is not UTF-8")
	}
	dec := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))))
	dec.Strict = true
	next := dec.Token
	if raw {
		next = dec.RawToken
	}
	depth, roots := 0, 0
	for {
		tok, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("SVG is not well-formed XML: %v", err)
		}
		at := depth
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if roots++; roots > 1 {
					return errors.New("SVG has more than one root element")
				}
			}
			depth++
		case xml.EndElement:
			if depth--; depth < 0 {
				return errors.New("SVG is not well-formed XML: an end tag without a start tag")
			}
			at = depth
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return errors.New("SVG has text outside its root element")
			}
		case xml.Directive:
			if strings.Contains(string(t), "ENTITY") {
				return errors.New("SVG declares entities")
			}
		}
		if err := visit(tok, at); err != nil {
			return err
		}
	}
	switch {
	case depth != 0: // RawToken does not see an element left open
		return errors.New("SVG is not well-formed XML: an element is not closed")
	case roots != 1:
		return errors.New("SVG has no root element")
	}
	return nil
}
