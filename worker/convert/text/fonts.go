package text

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Fonts (docs/conversion.md "Fonts"): a TEXT names a family the page really drew, read from the
// faces Chromium drew each run in (PlatformFonts) and the page's @font-face faces (FontFaces).

// drawnFont is the family and face a run is set in.
type drawnFont struct {
	family string
	weight int
	italic bool
}

// fontOf returns the Figma font of the text run run (nil for text the capture has no run of, as
// a form control's) whose element is el, warning about nodeID where the face differs from
// the declared one or the declared family did not load.
func (s *Setter) fontOf(el, run *capturemodel.DOMNode, nodeID string, weight int, italic bool) drawnFont {
	decl := declaredFamilies(el.Computed("font-family"))
	used := s.platformFonts(run)
	if used == nil {
		family, generic := fontFamily(el.Computed("font-family"))
		if generic != "" {
			s.Warn.AddOnce("font:"+generic, warnings.GenericFont, nodeID, "the generic font family %s is set in %s", generic, family)
		}
		return drawnFont{family: family, weight: weight, italic: italic}
	}
	primary := used[mainFace(used)]
	var out drawnFont
	if primary.Custom {
		out = s.webFont(decl, primary, weight, italic)
	} else {
		out = s.platformFamily(decl, primary, nodeID)
		out.weight, out.italic = weight, italic
		if f, ok := FigmaFace(primary.Family); strings.EqualFold(out.family, primary.Family) || ok && out.family == f {
			// The family set is the one drawn: its face is what the page showed.
			out.weight, out.italic = faceOfName(primary.PostScriptName, primary.Family)
		}
	}
	if fontStyle(out.weight, out.italic) != fontStyle(weight, italic) {
		declared := fontStyle(weight, italic)
		drawn := fontStyle(out.weight, out.italic)
		s.Warn.AddOnce("face:"+out.family+"|"+declared+"|"+drawn, warnings.FontFace, nodeID,
			"the text declared in %s %s (weight %d) was drawn in the face %s %s (%s); it is set as drawn", out.family, declared, weight, out.family, drawn, primary.PostScriptName)
	}
	return out
}

// platformFonts returns the fonts that drew a text run, or nil when the capture has none for it.
func (s *Setter) platformFonts(run *capturemodel.DOMNode) []capturemodel.PlatformFont {
	if run == nil || run.FontRef == nil {
		return nil
	}
	i := *run.FontRef
	if i < 0 || i >= len(s.Doc.PlatformFonts) || len(s.Doc.PlatformFonts[i]) == 0 {
		return nil
	}
	return s.Doc.PlatformFonts[i]
}

// webFont names a web font by its @font-face family and the face CSS font matching picked.
func (s *Setter) webFont(decl []string, primary capturemodel.PlatformFont, weight int, italic bool) drawnFont {
	for _, fam := range decl {
		var faces []capturemodel.FontFace
		for _, f := range s.Doc.FontFaces {
			if strings.EqualFold(f.Family, fam) && f.Status == "loaded" {
				faces = append(faces, f)
			}
		}
		if len(faces) == 0 {
			continue
		}
		w, it := matchFace(faces, weight, italic)
		return drawnFont{family: faces[0].Family, weight: w, italic: it}
	}
	// No loaded @font-face of the declared families (a font loaded by script, say): the face's
	// own names.
	w, it := faceOfName(primary.PostScriptName, primary.Family)
	return drawnFont{family: primary.Family, weight: w, italic: it}
}

// platformFamily gives, for text drawn by a platform font, the family the result names: the Figma
// family of the face drawn (FigmaFace) when it is one Figma offers, as it is for every face of the
// capture environment (worker/internal/headless's fonts.conf); otherwise (a capture made elsewhere)
// the first declared family Figma users have. Declared families are walked either way, for the
// warnings: a web font that did not load, a generic family, no usable family at all.
func (s *Setter) platformFamily(decl []string, primary capturemodel.PlatformFont, nodeID string) drawnFont {
	drawn, known := FigmaFace(primary.Family)
	for _, fam := range decl {
		if declared, loaded := s.webFamily(fam); loaded {
			continue // loaded, but it has no glyph of this text: the next family drew it
		} else if declared {
			s.Warn.AddOnce("notloaded:"+strings.ToLower(fam), warnings.FontNotLoaded, nodeID,
				"the web font %q did not load; the page drew its text in %s", fam, primary.Family)
			continue
		}
		if f, ok := genericFonts[strings.ToLower(fam)]; ok {
			if known {
				f = drawn
			}
			s.Warn.AddOnce("font:"+strings.ToLower(fam), warnings.GenericFont, nodeID, "the generic font family %s is set in %s", strings.ToLower(fam), f)
			return drawnFont{family: f}
		}
		if f, ok := figmaFamilies[strings.ToLower(fam)]; ok {
			if known {
				f = drawn
			}
			return drawnFont{family: f}
		}
	}
	family := cmp.Or(drawn, defaultFont)
	s.Warn.AddOnce("fallback:"+strings.Join(decl, ","), warnings.FontFallback, nodeID,
		"no family of %q is one Figma users have (the capture machine drew %s); set in %s", strings.Join(decl, ", "), primary.Family, family)
	return drawnFont{family: family}
}

// FigmaFace returns the Figma family of a platform face (its family name as Chromium reports
// it) and whether Figma offers it: a family of figmaFamilies as spelled there, or a Noto family
// (Google Fonts has the whole Noto project) under its Google Fonts name; a static face named
// with its weight is its family ("Inter Semi Bold" is "Inter"): "Noto Sans CJK JP" and
// "Noto Sans Mono CJK JP" are "Noto Sans JP", "Noto Serif CJK SC" is "Noto Serif SC", a " UI"
// variant is its family, "Noto Mono" is "Noto Sans Mono".
func FigmaFace(family string) (string, bool) {
	if f, ok := figmaFamilies[strings.ToLower(family)]; ok {
		return f, true
	}
	// A static face may name its weight in the family ("Inter Semi Bold"; the PostScript name
	// says the face).
	for _, w := range faceWeightNames {
		if base, ok := strings.CutSuffix(family, " "+w); ok {
			if f, ok := FigmaFace(base); ok {
				return f, true
			}
		}
	}
	if !strings.HasPrefix(family, "Noto ") {
		return "", false
	}
	if family == "Noto Mono" {
		return "Noto Sans Mono", true
	}
	for _, cjk := range []struct{ prefix, family string }{
		{"Noto Sans Mono CJK ", "Noto Sans "}, {"Noto Sans CJK ", "Noto Sans "}, {"Noto Serif CJK ", "Noto Serif "},
	} {
		if region, ok := strings.CutPrefix(family, cjk.prefix); ok {
			return cjk.family + region, true
		}
	}
	return strings.TrimSuffix(family, " UI"), true
}

// webFamily says whether the page declares fam with @font-face and whether a face of it loaded
// (document.fonts status "loaded"; the names inside the font file do not matter).
func (s *Setter) webFamily(fam string) (declared, loaded bool) {
	for _, f := range s.Doc.FontFaces {
		if strings.EqualFold(f.Family, fam) {
			declared = true
			loaded = loaded || f.Status == "loaded"
		}
	}
	return declared, loaded
}

// fallbackFont is the font of the characters of a run drawn by face f, a face of a script class
// other than the run's main face (faces.go): the face's Figma family and the weight and style
// its PostScript name says, as drawn.
func fallbackFont(f capturemodel.PlatformFont) drawnFont {
	w, it := faceOfName(f.PostScriptName, f.Family)
	if fam, ok := FigmaFace(f.Family); ok && !f.Custom {
		return drawnFont{family: fam, weight: w, italic: it}
	}
	return drawnFont{family: f.Family, weight: w, italic: it}
}

// faceRuns cuts text, characters of the run run (nil for none) set in st, into stretches with
// the style of the face that drew each (faces.go): st for the run's main face, st with the
// fallback face's font for an emoji, CJK or other script face. One stretch when the run was
// drawn in one face or its characters cannot be attributed.
func (s *Setter) faceRuns(run *capturemodel.DOMNode, text string, st runStyle) []styledText {
	used := s.platformFonts(run)
	sp, ok := splitterOf(runText(run), used)
	if !ok {
		return []styledText{{text: text, st: st}}
	}
	var out []styledText
	for _, fs := range sp.split(text) {
		fst := st
		if fs.face != sp.main {
			f := fallbackFont(used[fs.face])
			fst.fontName = resultjson.FontName{Family: f.family, Style: fontStyle(f.weight, f.italic)}
			fst.fontWeight = f.weight
		}
		out = append(out, styledText{text: fs.text, st: fst})
	}
	return out
}

// styledText is text in one style.
type styledText struct {
	text string
	st   runStyle
}

// runText is the text a run's faces were reported for: a text run's characters, a form
// control's shown value (its placeholder when it shows that).
func runText(run *capturemodel.DOMNode) string {
	if run == nil {
		return ""
	}
	if run.Type == "text" {
		return run.Text
	}
	if run.Value != nil && *run.Value != "" {
		return *run.Value
	}
	return run.Attrs["placeholder"]
}

// defaultFont is the family of text whose declared families Figma users do not have.
const defaultFont = "Inter"

// declaredFamilies splits a computed font-family list into unquoted family names.
func declaredFamilies(list string) []string {
	var out []string
	for _, p := range css.SplitTop(list, ',') {
		if f := strings.TrimSpace(strings.Trim(strings.TrimSpace(p), `"'`)); f != "" {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		out = []string{"sans-serif"}
	}
	return out
}

// matchFace applies CSS Fonts 4 §5.2 font matching (style first, then weight) to a family's
// loaded faces and returns the weight and italic of the face chosen (a variable face's weight
// range gives the desired weight clamped into it).
func matchFace(faces []capturemodel.FontFace, weight int, italic bool) (int, bool) {
	byStyle := func(want string) []capturemodel.FontFace {
		var out []capturemodel.FontFace
		for _, f := range faces {
			s := strings.Fields(f.Style + " normal")[0]
			if s == want {
				out = append(out, f)
			}
		}
		return out
	}
	order := []string{"normal", "oblique", "italic"}
	if italic {
		order = []string{"italic", "oblique", "normal"}
	}
	var cands []capturemodel.FontFace
	gotStyle := ""
	for _, s := range order {
		if cands = byStyle(s); len(cands) > 0 {
			gotStyle = s
			break
		}
	}
	if len(cands) == 0 {
		cands, gotStyle = faces, "normal"
	}
	best, bestKey := weight, math.Inf(1)
	for _, f := range cands {
		lo, hi := weightRange(f.Weight)
		w := min(max(weight, lo), hi)
		if k := weightDistance(weight, w); k < bestKey {
			best, bestKey = w, k
		}
	}
	return best, gotStyle != "normal"
}

// weightDistance orders candidate weights for a desired weight as CSS Fonts 4 §5.2 does (lower
// is preferred).
func weightDistance(want, w int) float64 {
	d := float64(w - want)
	switch {
	case d == 0:
		return 0
	case want >= 400 && want <= 500:
		switch {
		case w > want && w <= 500:
			return d
		case w < want:
			return 1000 - d // descending below the target
		default:
			return 2000 + d
		}
	case want < 400:
		if w < want {
			return -d
		}
		return 1000 + d
	default:
		if w > want {
			return d
		}
		return 1000 - d
	}
}

// weightRange reads a FontFace weight: "400", "bold", "normal" or a range "100 900".
func weightRange(s string) (int, int) {
	parse := func(v string) int {
		switch v {
		case "normal":
			return 400
		case "bold":
			return 700
		}
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || n < 1 || n > 1000 {
			return 400
		}
		return int(math.Round(n))
	}
	f := strings.Fields(s)
	switch len(f) {
	case 0:
		return 400, 400
	case 1:
		w := parse(f[0])
		return w, w
	}
	lo, hi := parse(f[0]), parse(f[1])
	if lo > hi {
		lo, hi = hi, lo
	}
	return lo, hi
}

// faceWeights are the weight names of PostScript and family names, longest first so that
// "ExtraBold" is not read as "Bold".
var faceWeights = []struct {
	name   string
	weight int
}{
	{"extralight", 200}, {"ultralight", 200}, {"extrabold", 800}, {"ultrabold", 800}, {"semibold", 600},
	{"demibold", 600}, {"hairline", 100}, {"regular", 400}, {"medium", 500}, {"light", 300},
	{"black", 900}, {"heavy", 900}, {"thin", 100}, {"bold", 700}, {"book", 400},
}

// faceWeightNames are the weight names a static face's family may end with.
var faceWeightNames = []string{"Thin", "Extra Light", "ExtraLight", "Light", "Medium", "Semi Bold", "SemiBold", "Extra Bold", "ExtraBold", "Black"}

// faceOfName reads the weight and italic of a face from its PostScript name (the part after the
// last "-": "DejaVuSans-BoldOblique" is 700 italic, "LiberationSerif" 400 upright).
func faceOfName(postScript, family string) (int, bool) {
	name := cmp.Or(postScript, family)
	suffix := ""
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		suffix = strings.ToLower(name[i+1:])
	}
	italic := strings.Contains(suffix, "italic") || strings.Contains(suffix, "oblique")
	for _, fw := range faceWeights {
		if strings.Contains(suffix, fw.name) {
			return fw.weight, italic
		}
	}
	return 400, italic
}

// figmaFamilies gives, by lower-case name, the spelling Figma uses of a family every Figma user
// has: a Google Fonts family or one of the common system families (docs/conversion.md "Fonts").
var figmaFamilies = func() map[string]string {
	m := map[string]string{}
	for _, list := range [][]string{googleFamilies, systemFamilies} {
		for _, f := range list {
			m[strings.ToLower(f)] = f
		}
	}
	return m
}()

// googleFamilies are Google Fonts families Figma offers every user (its font menu includes all
// of Google Fonts); the most used ones are listed, by their Google Fonts names.
var googleFamilies = []string{
	"Inter", "Roboto", "Open Sans", "Lato", "Montserrat", "Poppins", "Roboto Condensed", "Roboto Mono",
	"Roboto Slab", "Roboto Flex", "Source Sans 3", "Source Sans Pro", "Source Serif 4", "Source Serif Pro",
	"Source Code Pro", "Oswald", "Raleway", "Noto Sans", "Noto Serif", "Noto Sans Mono", "Noto Color Emoji",
	"Noto Sans JP", "Noto Sans KR", "Noto Sans SC", "Noto Sans TC", "Noto Sans Arabic", "Noto Sans Hebrew",
	"Noto Sans Display", "Ubuntu", "Ubuntu Mono", "Nunito", "Nunito Sans", "Merriweather", "Merriweather Sans",
	"Playfair Display", "PT Sans", "PT Serif", "PT Mono", "Rubik", "Work Sans", "Lora", "Fira Sans",
	"Fira Sans Condensed", "Fira Code", "Fira Mono", "Mukta", "Quicksand", "Barlow", "Barlow Condensed",
	"Inconsolata", "IBM Plex Sans", "IBM Plex Serif", "IBM Plex Mono", "Kanit", "Heebo", "DM Sans",
	"DM Serif Display", "DM Mono", "Manrope", "Karla", "Libre Baskerville", "Libre Franklin", "Josefin Sans",
	"Arimo", "Tinos", "Cousine", "Hind", "Titillium Web", "Bebas Neue", "Cabin", "Anton", "Archivo", "Mulish",
	"Space Grotesk", "Space Mono", "Crimson Text", "Crimson Pro", "EB Garamond", "Cormorant Garamond",
	"Bitter", "Dosis", "Exo 2", "Oxygen", "Varela Round", "Abel", "Pacifico", "Dancing Script", "Lobster",
	"Caveat", "Comfortaa", "Figtree", "Plus Jakarta Sans", "Outfit", "Lexend", "Sora", "Urbanist",
	"Red Hat Display", "Red Hat Text", "Public Sans", "JetBrains Mono", "Cairo", "Tajawal", "Assistant",
	"Prompt", "Sarabun", "Asap", "Signika", "Maven Pro", "Overpass", "Questrial", "Righteous", "Zilla Slab",
	"Alegreya", "Arvo", "Domine", "Vollkorn", "Old Standard TT", "Spectral", "Cardo", "Gelasio", "Literata",
	"Newsreader", "Fraunces", "Instrument Sans", "Instrument Serif", "Onest", "Geist", "Geist Mono",
	"Albert Sans", "Be Vietnam Pro", "Chivo", "Epilogue", "Hanken Grotesk", "Jost", "Lexend Deca",
	"Mona Sans", "Hubot Sans", "Schibsted Grotesk", "Syne", "Teko", "Yanone Kaffeesatz", "Zen Kaku Gothic New",
}

// systemFamilies are families of the systems Figma runs on that Figma users commonly have
// (macOS and Windows fonts, shown by Figma's desktop app and font installer).
var systemFamilies = []string{
	"Arial", "Arial Black", "Helvetica", "Helvetica Neue", "Times New Roman", "Times", "Georgia", "Verdana",
	"Tahoma", "Trebuchet MS", "Courier New", "Courier", "Impact", "Comic Sans MS", "Segoe UI", "Calibri",
	"Cambria", "Consolas", "Candara", "Constantia", "Corbel", "Franklin Gothic Medium", "Lucida Console",
	"Lucida Grande", "Palatino", "Palatino Linotype", "Book Antiqua", "Garamond", "Gill Sans", "Futura",
	"Avenir", "Avenir Next", "Optima", "Didot", "Baskerville", "Menlo", "Monaco", "SF Pro", "SF Pro Text",
	"SF Pro Display", "SF Mono", "New York", "American Typewriter", "Apple Color Emoji", "Segoe UI Emoji",
}
