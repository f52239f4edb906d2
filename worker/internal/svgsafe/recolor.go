package svgsafe

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"

	"bytes"
)

// Recolor returns the SVG b as the shape of a CSS mask painted in one colour: every fill,
// stroke, stop colour and currentColor becomes color (#rrggbb), "none" stays none, so what
// the mask lets through (its alpha) is drawn in the element's colour. The result is cleaned
// (Clean), sized width x height px, and fits its viewBox by preserveAspectRatio par ("xMidYMid
// meet" for mask-size contain, "xMidYMid slice" for cover, "none" for 100% 100%). Errors wrap
// ErrInvalid.
func Recolor(b []byte, color string, width, height float64, par string) ([]byte, error) {
	clean, _, err := Clean(b)
	if err != nil {
		return nil, err
	}
	root, err := parse(clean)
	if err != nil {
		return nil, err
	}
	if _, ok := root.attr("viewBox"); !ok {
		w, _ := strconv.ParseFloat(strings.TrimSuffix(attrOr(root, "width"), "px"), 64)
		h, _ := strconv.ParseFloat(strings.TrimSuffix(attrOr(root, "height"), "px"), 64)
		if w <= 0 || h <= 0 {
			return nil, fmt.Errorf("%w: a mask image needs a viewBox or a size in px", ErrInvalid)
		}
		setAttr(root, "viewBox", fmt.Sprintf("0 0 %g %g", w, h))
	}
	setAttr(root, "width", strconv.FormatFloat(width, 'f', -1, 64))
	setAttr(root, "height", strconv.FormatFloat(height, 'f', -1, 64))
	setAttr(root, "preserveAspectRatio", par)
	setAttr(root, "fill", color)
	setAttr(root, "color", color)
	recolor(root, color)
	var out bytes.Buffer
	write(&out, root, true)
	return out.Bytes(), nil
}

func attrOr(n *node, name string) string {
	v, _ := n.attr(name)
	return v
}

var paintProps = map[string]bool{"fill": true, "stroke": true, "stop-color": true, "flood-color": true, "color": true}

func recolor(n *node, color string) {
	for i, a := range n.attrs {
		switch {
		case a.Name.Space != "":
		case paintProps[a.Name.Local] && !isNone(a.Value):
			n.attrs[i].Value = color
		case a.Name.Local == "style":
			var decls []string
			for _, d := range strings.Split(a.Value, ";") {
				k, v, ok := strings.Cut(d, ":")
				if ok && paintProps[strings.ToLower(strings.TrimSpace(k))] && !isNone(v) {
					d = strings.TrimSpace(k) + ":" + color
				}
				if strings.TrimSpace(d) != "" {
					decls = append(decls, strings.TrimSpace(d))
				}
			}
			n.attrs[i] = xml.Attr{Name: a.Name, Value: strings.Join(decls, ";")}
		}
	}
	for _, c := range n.children {
		if c.name.Local != "" {
			recolor(c, color)
		}
	}
}

func isNone(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return v == "none" || v == "transparent"
}
