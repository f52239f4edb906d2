// Package svgcheck is the one rule for the shape of an SVG document that the API's image
// hydration (server/results) and the conversion worker (worker/convert/images) both apply, so a
// result the worker writes is one the API accepts: well-formed UTF-8 XML, no entity declarations
// (the plugin's parser should never have to expand entities), and one root element, <svg>, in
// the SVG namespace or none.
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

// Root checks b and returns its root element (with its attributes). A UTF-8 byte order mark may
// stand before the document, as browsers' parsers skip it. An error says what is wrong in words
// safe for end users ("SVG declares entities"); callers wrap it with their own error.
func Root(b []byte) (xml.StartElement, error) {
	var root xml.StartElement
	if !utf8.Valid(b) {
		return root, errors.New("SVG is not UTF-8")
	}
	dec := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))))
	dec.Strict = true
	depth, roots := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return root, fmt.Errorf("SVG is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if roots++; roots > 1 {
					return root, errors.New("SVG has more than one root element")
				}
				if t.Name.Local != "svg" {
					return root, fmt.Errorf("the root element is <%s>, not <svg>", t.Name.Local)
				}
				if t.Name.Space != "" && t.Name.Space != Namespace {
					return root, errors.New("the root <svg> is not in the SVG namespace")
				}
				root = t.Copy()
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return root, errors.New("SVG has text outside its root element")
			}
		case xml.Directive:
			if strings.Contains(string(t), "ENTITY") {
				return root, errors.New("SVG declares entities")
			}
		}
	}
	if roots != 1 {
		return root, errors.New("SVG has no root element")
	}
	return root, nil
}
