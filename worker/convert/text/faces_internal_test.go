package text

import (
	"slices"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestFaceClassOf reads the script class of a platform face from its family name.
func TestFaceClassOf(t *testing.T) {
	for family, want := range map[string]string{
		"Noto Color Emoji": "emoji", "Noto Sans CJK JP": "cjk", "Noto Serif CJK SC": "cjk", "Noto Sans Mono CJK KR": "cjk",
		"Noto Sans Arabic": "script", "Noto Kufi Arabic": "script", "Noto Sans Hebrew": "script", "Noto Sans Devanagari UI": "script",
		"Noto Nastaliq Urdu": "script", "Noto Sans Thai Medium": "script",
		"Inter": "", "Noto Sans": "", "Noto Serif": "", "Noto Sans Mono": "", "Arimo": "", "C2D Test Mono": "",
	} {
		c, ok := faceClassOf(family)
		if got := c.kind; ok != (want != "") || got != want {
			t.Errorf("faceClassOf(%q) = %q, %v; want %q", family, got, ok, want)
		}
	}
}

// TestSplitByFace attributes characters to faces by script and checks the attribution against
// the reported glyph counts: an emoji sequence is one cluster; a count that disagrees leaves the
// run in one face.
func TestSplitByFace(t *testing.T) {
	inter := capturemodel.PlatformFont{Family: "Inter", PostScriptName: "Inter-Regular"}
	emoji := capturemodel.PlatformFont{Family: "Noto Color Emoji", PostScriptName: "NotoColorEmoji"}
	cjk := capturemodel.PlatformFont{Family: "Noto Sans CJK SC", PostScriptName: "NotoSansCJKsc-Regular"}
	hebrew := capturemodel.PlatformFont{Family: "Noto Sans Hebrew", PostScriptName: "NotoSansHebrew-Regular"}
	with := func(f capturemodel.PlatformFont, glyphs int) capturemodel.PlatformFont { f.Glyphs = glyphs; return f }
	for _, c := range []struct {
		name string
		text string
		used []capturemodel.PlatformFont
		want []faceStretch // nil: one face
	}{
		{"emoji", "Hi 👋🏽 there", []capturemodel.PlatformFont{with(emoji, 1), with(inter, 9)},
			[]faceStretch{{"Hi ", 1}, {"👋🏽", 0}, {" there", 1}}},
		{"family emoji is one cluster", "a 👨‍👩‍👧 b", []capturemodel.PlatformFont{with(inter, 4), with(emoji, 1)},
			[]faceStretch{{"a ", 0}, {"👨‍👩‍👧", 1}, {" b", 0}}},
		{"keycap", "#️⃣ 1", []capturemodel.PlatformFont{with(inter, 2), with(emoji, 1)},
			[]faceStretch{{"#️⃣", 1}, {" 1", 0}}},
		{"cjk with fullwidth comma", "Hi 你好，世界", []capturemodel.PlatformFont{with(cjk, 5), with(inter, 3)},
			[]faceStretch{{"Hi ", 1}, {"你好，世界", 0}}},
		{"script face", "abc שלום", []capturemodel.PlatformFont{with(inter, 4), with(hebrew, 4)},
			[]faceStretch{{"abc ", 0}, {"שלום", 1}}},
		{"count disagrees", "Hi 你好", []capturemodel.PlatformFont{with(cjk, 3), with(inter, 3)}, nil},
		{"one face", "Figmaで日本語", []capturemodel.PlatformFont{with(cjk, 9)}, nil},
		{"only classed faces: the larger is the main", "日本 🚀", []capturemodel.PlatformFont{with(cjk, 3), with(emoji, 1)},
			[]faceStretch{{"日本 ", 0}, {"🚀", 1}}},
	} {
		sp, ok := splitterOf(c.text, c.used)
		if !ok {
			if c.want != nil {
				t.Errorf("%s: not split, want %+v", c.name, c.want)
			}
			continue
		}
		if got := sp.split(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
