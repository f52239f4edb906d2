package preview

// ResultForTest is the result format as the preview reads it, for preview_test's comparison with
// the conversion worker's writer (worker/convert imports this package, so only an external test
// can see both).
type ResultForTest = result

// SVGFontsForTest is svgFonts, for the tests of the fonts an SVG's text is given.
var SVGFontsForTest = svgFonts

// SVGFontBytesForTest returns, for each SVG image of the result raw, how many bytes imageMap
// added to it (the @font-face rules svgFonts put in it).
func SVGFontBytesForTest(raw []byte, images map[string][]byte, fonts []Font) (map[string]int, error) {
	res, err := decode(raw)
	if err != nil {
		return nil, err
	}
	data, err := imageMap(res, images, fonts)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for ref, d := range data {
		if d.MimeType == "image/svg+xml" {
			out[ref] = len(d.Base64)*3/4 - len(images[ref])
		}
	}
	return out, nil
}
