package svgsafe

import (
	"bytes"
	"encoding/xml"
	"sort"
	"strings"
)

// rule is one simple <style> rule: a selector (tag, .class or #id) and its declarations.
type rule struct {
	kind  byte // 't' tag, '.' class, '#' id
	name  string
	decls [][2]string
	order int
}

// specificity orders rules as CSS does for these selectors (id over class over tag), then by
// order of appearance.
func (r rule) specificity() int {
	switch r.kind {
	case '#':
		return 3
	case '.':
		return 2
	}
	return 1
}

// collectStyles reads the rules of every <style> element (which sanitize then removes): simple
// selectors are kept, the rest counted as dropped.
func collectStyles(n *node, rep *Report) []rule {
	var rules []rule
	var walk func(n *node)
	walk = func(n *node) {
		for _, c := range n.children {
			if c.name.Local == "" {
				continue
			}
			if strings.EqualFold(c.local(), "style") {
				var css strings.Builder
				for _, t := range c.children {
					css.WriteString(t.text)
				}
				rules = append(rules, parseRules(css.String(), len(rules), rep)...)
				continue
			}
			walk(c)
		}
	}
	walk(n)
	return rules
}

func parseRules(css string, order int, rep *Report) []rule {
	var out []rule
	css = stripComments(css)
	for {
		open := strings.IndexByte(css, '{')
		if open < 0 {
			return out
		}
		sel := strings.TrimSpace(css[:open])
		close := strings.IndexByte(css[open:], '}')
		if close < 0 {
			rep.StyleRulesDropped++
			return out
		}
		body := css[open+1 : open+close]
		css = css[open+close+1:]
		if strings.HasPrefix(sel, "@") {
			rep.StyleRulesDropped++
			if strings.Contains(body, "{") { // a block at-rule: skip to its end
				if i := strings.IndexByte(css, '}'); i >= 0 {
					css = css[i+1:]
				}
			}
			continue
		}
		decls := parseDecls(body)
		for _, s := range strings.Split(sel, ",") {
			s = strings.TrimSpace(s)
			r := rule{decls: decls, order: order}
			switch {
			case simpleName(strings.TrimPrefix(s, ".")) && strings.HasPrefix(s, "."):
				r.kind, r.name = '.', s[1:]
			case simpleName(strings.TrimPrefix(s, "#")) && strings.HasPrefix(s, "#"):
				r.kind, r.name = '#', s[1:]
			case simpleName(s):
				r.kind, r.name = 't', s
			default:
				rep.StyleRulesDropped++
				continue
			}
			order++
			rep.StyleRules++
			out = append(out, r)
		}
	}
}

func stripComments(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+2+j+2:]
	}
}

func simpleName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func parseDecls(body string) [][2]string {
	var out [][2]string
	for _, d := range strings.Split(body, ";") {
		k, v, ok := strings.Cut(d, ":")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		if ok && k != "" && v != "" {
			out = append(out, [2]string{k, strings.TrimSpace(v)})
		}
	}
	return out
}

// applyStyles writes the declarations of the matching rules into each element's style
// attribute, before its own declarations (which win, as inline styles do).
func applyStyles(n *node, rules []rule) {
	sort.SliceStable(rules, func(i, j int) bool {
		if a, b := rules[i].specificity(), rules[j].specificity(); a != b {
			return a < b
		}
		return rules[i].order < rules[j].order
	})
	var walk func(n *node)
	walk = func(n *node) {
		if n.name.Local == "" {
			return
		}
		id, _ := n.attr("id")
		classes := strings.Fields(func() string { c, _ := n.attr("class"); return c }())
		var decls []string
		for _, r := range rules {
			match := false
			switch r.kind {
			case 't':
				match = r.name == n.local()
			case '#':
				match = r.name == id
			case '.':
				for _, c := range classes {
					match = match || c == r.name
				}
			}
			if match {
				for _, d := range r.decls {
					decls = append(decls, d[0]+":"+d[1])
				}
			}
		}
		var rest []string
		for _, d := range decls {
			k, v, _ := strings.Cut(d, ":")
			if presentation[k] {
				setAttr(n, k, v)
			} else {
				rest = append(rest, d)
			}
		}
		if len(rest) > 0 {
			set := false
			for i, a := range n.attrs {
				if a.Name.Space == "" && a.Name.Local == "style" {
					n.attrs[i].Value = strings.Join(rest, ";") + ";" + a.Value
					set = true
				}
			}
			if !set {
				n.attrs = append(n.attrs, xml.Attr{Name: xml.Name{Local: "style"}, Value: strings.Join(rest, ";")})
			}
		}
		for _, c := range n.children {
			walk(c)
		}
	}
	walk(n)
}

// presentation are the CSS properties that are also SVG presentation attributes (Figma reads
// these best as attributes); a rule's value overrides the attribute, as CSS rules do, and the
// element's own style attribute still wins.
var presentation = map[string]bool{
	"fill": true, "fill-opacity": true, "fill-rule": true, "stroke": true, "stroke-width": true,
	"stroke-opacity": true, "stroke-linecap": true, "stroke-linejoin": true, "stroke-miterlimit": true,
	"stroke-dasharray": true, "stroke-dashoffset": true, "opacity": true, "display": true,
	"visibility": true, "font-family": true, "font-size": true, "font-weight": true, "font-style": true,
	"text-anchor": true, "stop-color": true, "stop-opacity": true, "clip-path": true, "clip-rule": true,
	"mask": true, "filter": true, "color": true,
}

func setAttr(n *node, name, value string) {
	for i, a := range n.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			n.attrs[i].Value = value
			return
		}
	}
	n.attrs = append(n.attrs, xml.Attr{Name: xml.Name{Local: name}, Value: value})
}

// write serializes n with the prefixes it was written with; the root declares the SVG and
// xlink namespaces when it does not already.
func write(w *bytes.Buffer, n *node, root bool) {
	if n.name.Local == "" {
		xml.EscapeText(w, []byte(n.text))
		return
	}
	w.WriteByte('<')
	w.WriteString(qname(n.name))
	if root {
		hasNS, hasXlink := false, false
		for _, a := range n.attrs {
			hasNS = hasNS || (a.Name.Space == "" && a.Name.Local == "xmlns")
			hasXlink = hasXlink || (a.Name.Space == "xmlns" && a.Name.Local == "xlink")
		}
		if !hasNS && n.name.Space == "" {
			w.WriteString(` xmlns="` + svgNS + `"`)
		}
		if !hasXlink && usesPrefix(n, "xlink") {
			w.WriteString(` xmlns:xlink="` + xlinkNS + `"`)
		}
	}
	for _, a := range n.attrs {
		w.WriteByte(' ')
		w.WriteString(qname(a.Name))
		w.WriteString(`="`)
		escapeAttr(w, a.Value)
		w.WriteByte('"')
	}
	if len(n.children) == 0 {
		w.WriteString("/>")
		return
	}
	w.WriteByte('>')
	for _, c := range n.children {
		write(w, c, false)
	}
	w.WriteString("</" + qname(n.name) + ">")
}

func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

func usesPrefix(n *node, prefix string) bool {
	if n.name.Space == prefix {
		return true
	}
	for _, a := range n.attrs {
		if a.Name.Space == prefix {
			return true
		}
	}
	for _, c := range n.children {
		if c.name.Local != "" && usesPrefix(c, prefix) {
			return true
		}
	}
	return false
}

func escapeAttr(w *bytes.Buffer, s string) {
	for _, r := range s {
		switch r {
		case '&':
			w.WriteString("&amp;")
		case '<':
			w.WriteString("&lt;")
		case '"':
			w.WriteString("&quot;")
		case '\n':
			w.WriteString("&#10;")
		case '\t':
			w.WriteString("&#9;")
		case '\r':
			w.WriteString("&#13;")
		default:
			w.WriteRune(r)
		}
	}
}
