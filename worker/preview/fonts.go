package preview

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// Web fonts (docs/fidelity.md "Web fonts"): the result names a web font by its @font-face family
// (docs/conversion.md "Fonts"); Figma draws it when the font is installed. The preview's Chromium
// has only the workers' faces, so the caller hands it the files of the faces the page loaded
// (the capture's font_faces with an asset_id) and the preview declares each as an @font-face of
// its family, weight and style: a TEXT set in that family is drawn with the page's file.

const (
	// MaxFonts bounds the web-font files one preview declares (the capture records at most 32).
	MaxFonts = 64
	// MaxFontBytes bounds their bytes together (4 MiB: a page's text faces are tens to hundreds
	// of KiB each; the bytes travel in the page's HTML, and 16 MiB of it took Chromium past
	// RenderTimeout).
	MaxFontBytes = 4 << 20
)

// Font is a web font file the page loaded: its @font-face family, weight ("400", or a range
// "100 900") and style ("normal", "italic", "oblique …") as document.fonts gives them, and the
// file (WOFF2, WOFF, TrueType or OpenType).
type Font struct {
	Family, Weight, Style string
	Data                  []byte
}

// fontFaces returns the @font-face rules of the fonts whose family the result names (a TEXT's
// or a range's fontName, case-insensitive), in the order given. ErrTooLarge past MaxFonts of
// them or MaxFontBytes of their bytes.
func fontFaces(r *result, fonts []Font) (string, error) {
	if len(fonts) == 0 {
		return "", nil
	}
	named := map[string]bool{}
	var walk func(n *node)
	walk = func(n *node) {
		if n.FontName != nil {
			named[strings.ToLower(n.FontName.Family)] = true
		}
		for _, s := range n.StyledTextSegments {
			if s.FontName != nil {
				named[strings.ToLower(s.FontName.Family)] = true
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(r.Root)
	var b strings.Builder
	count, total := 0, 0
	for _, f := range fonts {
		if !named[strings.ToLower(f.Family)] || len(f.Data) == 0 {
			continue
		}
		if count++; count > MaxFonts {
			return "", fmt.Errorf("%w: more than %d web fonts", ErrTooLarge, MaxFonts)
		}
		if total += len(f.Data); total > MaxFontBytes {
			return "", fmt.Errorf("%w: the web fonts are over %d bytes together", ErrTooLarge, MaxFontBytes)
		}
		b.WriteString(faceRule(f))
	}
	return b.String(), nil
}

// faceRule is the @font-face rule of f, its file inline as a data: URL.
func faceRule(f Font) string {
	return fmt.Sprintf("@font-face{font-family:'%s';src:url(data:application/octet-stream;base64,%s);font-weight:%s;font-style:%s}\n",
		cssString(f.Family), base64.StdEncoding.EncodeToString(f.Data), fontWeight(f.Weight), fontStyleOf(f.Style))
}

// MaxSVGFontBytes bounds the font bytes added to the preview's SVG images together (svgFonts):
// past it an SVG's text keeps Chromium's default faces.
const MaxSVGFontBytes = 4 << 20

// svgFonts returns svg with an SVG style element holding the @font-face rules of the web
// fonts its text may name (of an SVG with a text element and a font-family, each font whose
// family's name is in it, case-insensitive), right inside its root element, and how many font
// bytes it added. An SVG
// drawn as an image loads no font of the page around it, but Figma draws an imported SVG's text
// in the family it names when the font is installed (createNodeFromSvg), as it draws a TEXT:
// the preview gives the SVG the page's file, as it gives a TEXT. svg comes back unchanged when
// it has no text, names none of fonts, or adding them would take budget below zero.
func svgFonts(svg []byte, fonts []Font, budget int) ([]byte, int) {
	lower := bytes.ToLower(svg)
	if !bytes.Contains(lower, []byte("<text")) || !bytes.Contains(lower, []byte("font-family")) {
		return svg, 0
	}
	var rules strings.Builder
	added := 0
	for _, f := range fonts {
		if len(f.Data) == 0 || f.Family == "" || !bytes.Contains(lower, []byte(strings.ToLower(f.Family))) {
			continue
		}
		added += len(f.Data)
		rules.WriteString(faceRule(f))
	}
	if added == 0 || added > budget {
		return svg, 0
	}
	at := rootContentOffset(svg)
	if at < 0 {
		return svg, 0
	}
	out := make([]byte, 0, len(svg)+rules.Len()+64)
	out = append(out, svg[:at]...)
	out = append(out, `<style>`...)
	out = append(out, rules.String()...) // base64 and quoted names: nothing XML would read as markup
	out = append(out, `</style>`...)
	out = append(out, svg[at:]...)
	return out, added
}

// rootContentOffset is the byte offset in svg just past its root element's start tag, where its
// content begins; -1 when the document has no root element or it is empty (<svg/>).
func rootContentOffset(svg []byte) int {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false
	for {
		tok, err := dec.RawToken()
		if err != nil {
			return -1
		}
		if _, ok := tok.(xml.StartElement); ok {
			at := int(dec.InputOffset())
			if at < 2 || at > len(svg) || svg[at-2] == '/' {
				return -1
			}
			return at
		}
	}
}

// fontWeight is a safe font-weight descriptor: one or two numbers from 1 to 1000, normal or
// bold; anything else is normal.
func fontWeight(w string) string {
	f := strings.Fields(strings.ToLower(w))
	if len(f) == 0 || len(f) > 2 {
		return "normal"
	}
	for _, v := range f {
		if v == "normal" || v == "bold" {
			continue
		}
		if n, err := strconv.ParseFloat(v, 64); err != nil || !(n >= 1 && n <= 1000) {
			return "normal"
		}
	}
	return strings.Join(f, " ")
}

// fontStyleOf is a safe font-style descriptor: italic, oblique or normal.
func fontStyleOf(s string) string {
	switch f := strings.Fields(strings.ToLower(s)); {
	case len(f) > 0 && f[0] == "italic":
		return "italic"
	case len(f) > 0 && f[0] == "oblique":
		return "oblique"
	}
	return "normal"
}
