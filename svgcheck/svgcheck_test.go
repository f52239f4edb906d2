package svgcheck

import (
	"encoding/xml"
	"fmt"
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

// Read raw, end tags are not matched by the decoder: Walk still refuses a document left open or
// closed past its root, and gives visit each token at its depth.
func TestWalkRaw(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`<svg><g></svg>`:                  "SVG is not well-formed XML: an element is not closed",
		`</svg>`:                          "SVG is not well-formed XML: an end tag without a start tag",
		`<svg/><g/>`:                      "SVG has more than one root element",
		`<svg/>text`:                      "SVG has text outside its root element",
		"\n<?xml version=\"1.0\"?><svg/>": "",
	} {
		err := Walk([]byte(in), true, func(xml.Token, int) error { return nil })
		if got := fmt.Sprint(err); (want == "" && err != nil) || (want != "" && got != want) {
			t.Errorf("Walk(%q) = %v, want %q", in, err, want)
		}
	}
	var depths []int
	err := Walk([]byte(`<x:svg><x:g>t</x:g></x:svg>`), true, func(tok xml.Token, depth int) error {
		depths = append(depths, depth)
		return nil
	})
	if err != nil || fmt.Sprint(depths) != "[0 1 2 1 0]" {
		t.Errorf("depths %v, %v; want [0 1 2 1 0]", depths, err)
	}
}
