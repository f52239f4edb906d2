package convert_test

import (
	"slices"
	"strings"
	"testing"
)

// TestFontsAsDrawn converts the capture of capturetest's fonts page: each paragraph is set in the
// family the page really drew (the web font by its @font-face family), a family declared but not
// loaded never appears, and a weight or style the face lacks is given as drawn, with warnings
// naming the declared and the drawn face.
func TestFontsAsDrawn(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "fonts")
	out := f.convert(t)
	byText := textsByCharacters(out.Result.Root)
	for text, want := range map[string]struct {
		family, style string
		weight        int
	}{
		"Web font regular": {"C2D Brand", "Regular", 400},
		// 600 is matched to the 700 face (CSS Fonts 4 §5.2): Bold, as drawn.
		"Web font at 600": {"C2D Brand", "Bold", 700},
		// No italic face: the browser slanted the upright one, which is what Figma can set.
		"Web font italic": {"C2D Brand", "Regular", 400},
		// The @font-face file is missing: the next declared family, never "Missing Brand".
		"Missing web font": {"Noto Serif", "Regular", 400},
		"System UI text":   {"Inter", "Regular", 400},
		// Arial is drawn in its metric twin Arimo, which Figma offers.
		"Arial text": {"Arimo", "Regular", 400},
		// Roboto is not on the capture machine: the page's sans-serif drew Inter.
		"Roboto text":        {"Inter", "Regular", 400},
		"Unknown local face": {"Noto Serif", "Regular", 400},
	} {
		n := byText[text]
		if n == nil {
			t.Errorf("no TEXT %q", text)
			continue
		}
		if n.FontName.Family != want.family || n.FontName.Style != want.style || n.FontWeight != want.weight {
			t.Errorf("%q set in %s %s %d, want %s %s %d", text, n.FontName.Family, n.FontName.Style, n.FontWeight, want.family, want.style, want.weight)
		}
		for _, s := range n.StyledTextSegments {
			if s.FontName != *n.FontName {
				t.Errorf("%q segment %q in %+v, node in %+v", text, s.Characters, s.FontName, *n.FontName)
			}
		}
	}
	if n := byText["Upright words and italic words"]; n == nil || len(n.StyledTextSegments) != 2 ||
		n.StyledTextSegments[0].FontName.Style != "Regular" || n.StyledTextSegments[1].FontName.Style != "Italic" {
		t.Errorf("the mixed paragraph is not Regular then Italic: %+v", n)
	}
	var got []string
	for _, w := range out.Result.Warnings {
		got = append(got, w.Code+": "+w.Message)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"FONT_FACE_SUBSTITUTED: the text declared in C2D Brand Semi Bold (weight 600) was drawn in the face C2D Brand Bold (C2DTestMono-Bold)",
		"FONT_FACE_SUBSTITUTED: the text declared in C2D Brand Italic (weight 400) was drawn in the face C2D Brand Regular (C2DTestMono-Regular)",
		`FONT_NOT_LOADED: the web font "Missing Brand" did not load`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no warning %q in\n%s", want, all)
		}
	}
	if strings.Contains(string(out.JSON), `"family":"Missing Brand"`) {
		t.Error("the family that failed to load is named as a font")
	}
}

func TestGoldenFonts(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "fonts")
	checkGolden(t, "fonts", f.convert(t).JSON)
}

// TestFontRuns converts the capture of capturetest's font-runs page: inside one paragraph each
// range names the face Chromium drew it in (DevTools' faces of the run, characters attributed by
// script): the emoji in Noto Color Emoji, Chinese in Noto Sans SC beside Latin and digits in
// Inter, an emoji beside a web font; a paragraph drawn in one face (Japanese with lang="ja", whose
// Latin letters Noto Sans CJK JP drew too) stays one range; a form control's text names the face
// its font list fell back to (Arimo for Roboto, Arial); a loaded web font that has no glyph of a
// paragraph is not reported as not loaded.
func TestFontRuns(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "font-runs")
	out := f.convert(t)
	byText := textsByCharacters(out.Result.Root)
	type rng struct {
		start, end   int
		family, font string
	}
	for text, want := range map[string][]rng{
		"Ship it 🚀 today":    {{0, 8, "Inter", "Regular"}, {8, 10, "Noto Color Emoji", "Regular"}, {10, 16, "Inter", "Regular"}},
		"Hello 你好，世界 2026":   {{0, 6, "Inter", "Regular"}, {6, 11, "Noto Sans SC", "Regular"}, {11, 16, "Inter", "Regular"}},
		"Figmaで日本語を書く":       {{0, 12, "Noto Sans JP", "Regular"}},
		"Brand text 🎉 party": {{0, 11, "C2D Brand", "Regular"}, {11, 13, "Noto Color Emoji", "Regular"}, {13, 19, "C2D Brand", "Regular"}},
		"日本語の文":              {{0, 5, "Noto Sans SC", "Regular"}},
		"Go 🚀":               {{0, 3, "Inter", "Regular"}, {3, 5, "Noto Color Emoji", "Regular"}},
		"Field text":         {{0, 10, "Arimo", "Regular"}},
	} {
		n := byText[text]
		if n == nil {
			t.Errorf("no TEXT %q", text)
			continue
		}
		var got []rng
		for _, s := range n.StyledTextSegments {
			got = append(got, rng{s.Start, s.End, s.FontName.Family, s.FontName.Style})
		}
		if len(want) == 1 && len(got) == 0 { // a TEXT of one style needs no ranges
			got = []rng{{0, want[0].end, n.FontName.Family, n.FontName.Style}}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q ranges %+v, want %+v", text, got, want)
		}
		if n.FontName.Family != want[0].family {
			t.Errorf("%q node font %s, want the first range's %s", text, n.FontName.Family, want[0].family)
		}
	}
	for _, w := range out.Result.Warnings {
		if w.Code == "FONT_NOT_LOADED" {
			t.Errorf("a loaded web font is reported: %s", w.Message)
		}
	}
}

func TestGoldenFontRuns(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "font-runs")
	checkGolden(t, "font-runs", f.convert(t).JSON)
}
