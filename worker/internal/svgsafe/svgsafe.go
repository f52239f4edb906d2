// Package svgsafe rewrites an SVG document so that it is safe to store and to hand to Figma's
// createNodeFromSvg (docs/conversion.md, "Vectors"): no scripts, event handlers, javascript:
// URLs or references outside the document; simple <style> rules written onto the elements
// they select (Figma applies no selectors); and a report of what was removed, so the caller can
// warn or fall back to a raster. Both reference workers use it: the capture before it stores an
// SVG, the converter before it hands one to Figma.
package svgsafe

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"

	"github.com/code2des/backend/svgcheck"
)

// Limits of one document.
const (
	// MaxBytes is the largest SVG Clean reads (the capture's per-image limit is lower).
	MaxBytes = 16 << 20
	// MaxElements bounds the elements of one SVG; past it Clean fails with ErrInvalid.
	MaxElements = 100000
	// MaxDepth bounds element nesting; past it Clean fails with ErrInvalid.
	MaxDepth = 256
)

const (
	svgNS   = svgcheck.Namespace
	xlinkNS = "http://www.w3.org/1999/xlink"
)

// ErrInvalid marks bytes that are not one well-formed SVG document within the limits.
var ErrInvalid = errors.New("not a usable SVG document")

// Report says what Clean removed or rewrote. Counts are of elements or attributes.
type Report struct {
	// Scripts: <script> elements.
	Scripts int
	// Handlers: on* event-handler attributes.
	Handlers int
	// ScriptURLs: javascript:, vbscript: and data: (other than images) links.
	ScriptURLs int
	// ExternalRefs: references to anything outside the document (http(s), file, //host paths,
	// relative files), whatever the address: Figma cannot load them and a stored file must not
	// point at private addresses.
	ExternalRefs int
	// ForeignObjects: <foreignObject> elements (HTML inside SVG; Figma cannot import them).
	ForeignObjects int
	// StyleRules: <style> rules written onto the elements they select.
	StyleRules int
	// StyleRulesDropped: <style> rules whose selector is not a tag, .class or #id (lists of them
	// included), or at-rules; left out.
	StyleRulesDropped int
}

// Unsafe says whether anything dangerous was removed (scripts, handlers, script URLs, external
// references).
func (r Report) Unsafe() bool {
	return r.Scripts+r.Handlers+r.ScriptURLs+r.ExternalRefs > 0
}

// Lossy says whether something was removed that changes the drawing (foreignObject content,
// style rules that could not be applied).
func (r Report) Lossy() bool { return r.ForeignObjects+r.StyleRulesDropped > 0 }

// Changed says whether Clean rewrote anything at all.
func (r Report) Changed() bool { return r != Report{} }

// node is a parsed element (or text when name is empty).
type node struct {
	name     xml.Name // raw: Space is the prefix
	attrs    []xml.Attr
	text     string
	children []*node
}

func (n *node) local() string { return n.name.Local }

func (n *node) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// Clean returns b rewritten (see the package comment) and what was changed. When nothing
// needed a change it returns b itself. Errors wrap ErrInvalid.
func Clean(b []byte) ([]byte, Report, error) {
	var rep Report
	if len(b) > MaxBytes {
		return nil, rep, fmt.Errorf("%w: over %d bytes", ErrInvalid, MaxBytes)
	}
	root, err := parse(b)
	if err != nil {
		return nil, rep, err
	}
	if root.local() != "svg" {
		return nil, rep, fmt.Errorf("%w: the root element is not <svg>", ErrInvalid)
	}
	rules := collectStyles(root, &rep)
	sanitize(root, &rep)
	if len(rules) > 0 {
		applyStyles(root, rules)
	}
	if !rep.Changed() {
		return b, rep, nil
	}
	var out bytes.Buffer
	write(&out, root, true)
	return out.Bytes(), rep, nil
}

// parse reads b into a tree of nodes, under svgcheck's rules for a document and this package's
// bounds (MaxElements, MaxDepth).
func parse(b []byte) (*node, error) {
	var stack []*node
	var root *node
	count := 0
	err := svgcheck.Walk(b, true, func(tok xml.Token, _ int) error {
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > MaxElements || len(stack) >= MaxDepth {
				return fmt.Errorf("%w: over %d elements or %d levels", ErrInvalid, MaxElements, MaxDepth)
			}
			n := &node{name: t.Name, attrs: append([]xml.Attr(nil), t.Attr...)}
			if len(stack) == 0 {
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if stack[len(stack)-1].name != t.Name {
				return fmt.Errorf("%w: not well-formed XML", ErrInvalid)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, &node{text: string(t)})
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrInvalid) {
		err = fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if err != nil {
		return nil, err
	}
	return root, nil
}

// sanitize removes scripts, handlers, script URLs, external references and foreignObject.
func sanitize(n *node, rep *Report) {
	kept := n.attrs[:0]
	for _, a := range n.attrs {
		name := strings.ToLower(a.Name.Local)
		switch {
		case strings.HasPrefix(name, "on"):
			rep.Handlers++
			continue
		case name == "href" || name == "src" || name == "action" || name == "formaction":
			switch refKind(a.Value) {
			case refScript:
				rep.ScriptURLs++
				continue
			case refExternal:
				rep.ExternalRefs++
				continue
			}
		case name == "style":
			v, removed := cleanDeclarations(a.Value, rep)
			if removed {
				if strings.TrimSpace(v) == "" {
					continue
				}
				a.Value = v
			}
		default:
			if strings.Contains(strings.ToLower(a.Value), "url(") {
				if v, ok := cleanURLs(a.Value, rep); !ok {
					continue
				} else {
					a.Value = v
				}
			}
		}
		kept = append(kept, a)
	}
	n.attrs = kept
	children := n.children[:0]
	for _, c := range n.children {
		if c.name.Local != "" {
			switch strings.ToLower(c.local()) {
			case "script":
				rep.Scripts++
				continue
			case "foreignobject":
				rep.ForeignObjects++
				continue
			case "style":
				continue // its rules were collected (collectStyles)
			}
			sanitize(c, rep)
		}
		children = append(children, c)
	}
	n.children = children
}

type refClass int

const (
	refLocal refClass = iota
	refScript
	refExternal
)

// refKind classifies a link: a fragment or an image data URL stays; script URLs and anything
// that leaves the document go.
func refKind(v string) refClass {
	s := strings.ToLower(strings.Join(strings.Fields(v), ""))
	switch {
	case s == "" || strings.HasPrefix(s, "#"):
		return refLocal
	case strings.HasPrefix(s, "data:image/") && !strings.HasPrefix(s, "data:image/svg"):
		return refLocal
	case strings.HasPrefix(s, "javascript:"), strings.HasPrefix(s, "vbscript:"), strings.HasPrefix(s, "data:"):
		return refScript
	}
	return refExternal
}

// cleanURLs drops an attribute value whose url(...) points outside the document (ok false).
func cleanURLs(v string, rep *Report) (string, bool) {
	rest := strings.ToLower(v)
	for {
		i := strings.Index(rest, "url(")
		if i < 0 {
			return v, true
		}
		rest = rest[i+4:]
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			end = len(rest)
		}
		arg := strings.Trim(strings.TrimSpace(rest[:end]), `"'`)
		switch refKind(arg) {
		case refScript:
			rep.ScriptURLs++
			return "", false
		case refExternal:
			rep.ExternalRefs++
			return "", false
		}
		rest = rest[end:]
	}
}

// cleanDeclarations drops declarations of a style attribute that reference the outside or run
// script; removed says whether any was dropped.
func cleanDeclarations(v string, rep *Report) (string, bool) {
	var kept []string
	removed := false
	for _, d := range strings.Split(v, ";") {
		l := strings.ToLower(d)
		if strings.Contains(l, "expression(") || strings.Contains(l, "javascript:") {
			rep.ScriptURLs++
			removed = true
			continue
		}
		if strings.Contains(l, "url(") {
			if _, ok := cleanURLs(d, rep); !ok {
				removed = true
				continue
			}
		}
		if strings.TrimSpace(d) != "" {
			kept = append(kept, strings.TrimSpace(d))
		}
	}
	return strings.Join(kept, ";"), removed
}
