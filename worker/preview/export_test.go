package preview

// ResultForTest is the result format as the preview reads it, for preview_test's comparison with
// the conversion worker's writer (worker/convert imports this package, so only an external test
// can see both).
type ResultForTest = result

// SVGFontsForTest is svgFonts, for the tests of the fonts an SVG's text is given.
var SVGFontsForTest = svgFonts
