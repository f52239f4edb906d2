package svgcheck

import (
	"strings"
	"testing"
)

func TestRoot(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, svg, wantErr string }{
		{"OKNamespaced", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g><rect width="1" height="1"/></g></svg>`, ""},
		{"OKNoNamespaceWithProlog", "\ufeff<?xml version=\"1.0\"?>\n<!-- logo -->\n<svg><path d=\"M0 0\"/></svg>\n", ""},
		{"OKPlainDoctype", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>`, ""},
		{"ErrHTMLRoot", `<html><body>x</body></html>`, "the root element is <html>, not <svg>"},
		{"ErrOtherNamespace", `<svg xmlns="http://www.w3.org/1999/xhtml"/>`, "the root <svg> is not in the SVG namespace"},
		{"ErrUnclosed", `<svg><g></svg>`, "SVG is not well-formed XML: "},
		{"ErrTruncated", `<svg><g>`, "SVG is not well-formed XML: "},
		{"ErrTwoRoots", `<svg/><svg/>`, "SVG has more than one root element"},
		{"ErrTextOutsideRoot", `<svg/>trailing`, "SVG has text outside its root element"},
		{"ErrEntity", `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>`, "SVG declares entities"},
		{"ErrEmpty", ``, "SVG has no root element"},
		{"ErrNotUTF8", "<svg>\xff</svg>", "SVG is not UTF-8"},
		{"ErrOtherCharset", `<?xml version="1.0" encoding="ISO-8859-1"?><svg/>`, "SVG is not well-formed XML: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root, err := Root([]byte(c.svg))
			if c.wantErr == "" {
				if err != nil || root.Name.Local != "svg" {
					t.Errorf("Root = <%s>, %v; want <svg>", root.Name.Local, err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want one starting %q", err, c.wantErr)
			}
		})
	}
}

func TestRootKeepsTheRootsAttributes(t *testing.T) {
	t.Parallel()
	root, err := Root([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="24" viewBox="0 0 24 12"><g width="9"/></svg>`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, a := range root.Attr {
		got[a.Name.Local] = a.Value
	}
	if got["width"] != "24" || got["viewBox"] != "0 0 24 12" || root.Name.Space != Namespace {
		t.Errorf("root = %+v, want the <svg> element's own attributes in the SVG namespace", root)
	}
}
