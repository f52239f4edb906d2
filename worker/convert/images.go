package convert

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // registers GIF for DecodeConfig
	_ "image/jpeg" // registers JPEG for DecodeConfig
	_ "image/png"  // registers PNG for DecodeConfig
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	_ "golang.org/x/image/webp" // registers WebP for DecodeConfig

	"github.com/code2des/backend/worker/convert/resultjson"
)

// svgNamespace is the namespace of an SVG root element.
const svgNamespace = "http://www.w3.org/2000/svg"

// sniff names the raster format of b by its signature, or "" (which may be SVG text). It follows
// the backend's read-time check (server/results), which refuses an entry whose bytes sniff differently
// from its mime_type.
func sniff(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return resultjson.MimePNG
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return resultjson.MimeJPEG
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return resultjson.MimeGIF
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return resultjson.MimeWebP
	}
	return ""
}

// errImage is the reason an image's bytes cannot be used.
var errImage = errors.New("image bytes unusable")

// rasterSize reads the encoded size of a raster whose bytes sniff as mime.
func rasterSize(b []byte, mime string) (int, int, error) {
	if got := sniff(b); got != mime {
		return 0, 0, fmt.Errorf("%w: the bytes are not %s", errImage, mime)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 0, 0, fmt.Errorf("%w: %s header does not decode", errImage, mime)
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return 0, 0, fmt.Errorf("%w: empty image", errImage)
	}
	return cfg.Width, cfg.Height, nil
}

// backendConverts reports whether the backend will transcode or scale this raster for Figma
// (docs/results.md): WebP, or a side over MaxImageSide.
func backendConverts(mime string, w, h int) bool {
	return mime == resultjson.MimeWebP || w > resultjson.MaxImageSide || h > resultjson.MaxImageSide
}

// svgSize checks b the way the backend does (well-formed UTF-8 XML, no entity declarations, one
// <svg> root in the SVG namespace or none, no raster signature) and returns the size the SVG
// asks for: its width and height attributes in px (or unitless), else its viewBox, else 0 (the
// caller then uses the element's box).
func svgSize(b []byte) (w, h float64, err error) {
	if sniff(b) != "" || !utf8.Valid(b) {
		return 0, 0, fmt.Errorf("%w: SVG is not UTF-8 text", errImage)
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
			return 0, 0, fmt.Errorf("%w: SVG is not well-formed XML", errImage)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if roots > 1 || t.Name.Local != "svg" || (t.Name.Space != "" && t.Name.Space != svgNamespace) {
					return 0, 0, fmt.Errorf("%w: the root element is not a single <svg>", errImage)
				}
				w, h = svgRootSize(t.Attr)
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return 0, 0, fmt.Errorf("%w: SVG has text outside its root element", errImage)
			}
		case xml.Directive:
			if strings.Contains(string(t), "ENTITY") {
				return 0, 0, fmt.Errorf("%w: SVG declares entities", errImage)
			}
		}
	}
	if roots != 1 {
		return 0, 0, fmt.Errorf("%w: SVG has no root element", errImage)
	}
	return w, h, nil
}

func svgRootSize(attrs []xml.Attr) (w, h float64) {
	var viewBox string
	for _, a := range attrs {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "width":
			w = svgLength(a.Value)
		case "height":
			h = svgLength(a.Value)
		case "viewBox":
			viewBox = a.Value
		}
	}
	if (w <= 0 || h <= 0) && viewBox != "" {
		f := strings.FieldsFunc(viewBox, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
		if len(f) == 4 {
			vw, err1 := strconv.ParseFloat(f[2], 64)
			vh, err2 := strconv.ParseFloat(f[3], 64)
			if err1 == nil && err2 == nil && vw > 0 && vh > 0 {
				switch {
				case w > 0:
					h = w * vh / vw
				case h > 0:
					w = h * vw / vh
				default:
					w, h = vw, vh
				}
			}
		}
	}
	if w <= 0 || h <= 0 || math.IsInf(w, 0) || math.IsInf(h, 0) {
		return 0, 0
	}
	return w, h
}

// svgLength reads an SVG width or height in px (unitless or "px"); 0 for anything else.
func svgLength(s string) float64 {
	s = strings.TrimSuffix(strings.TrimSpace(s), "px")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 || math.IsNaN(v) {
		return 0
	}
	return v
}

// declaredSide turns an SVG's intended size (or a box) into an image entry side: at least 1,
// rounded, at most MaxDeclaredImageSide.
func declaredSide(v float64) int {
	return max(1, min(resultjson.MaxDeclaredImageSide, int(math.Round(v))))
}
