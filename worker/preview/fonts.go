package preview

import (
	"encoding/base64"
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
		fmt.Fprintf(&b, "@font-face{font-family:'%s';src:url(data:application/octet-stream;base64,%s);font-weight:%s;font-style:%s}\n",
			cssString(f.Family), base64.StdEncoding.EncodeToString(f.Data), fontWeight(f.Weight), fontStyleOf(f.Style))
	}
	return b.String(), nil
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
