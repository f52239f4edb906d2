package convert_test

import (
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// familiesPage is capturetest's page of font families: each paragraph asks for a generic or a
// common system family.
const familiesPage = "/families.html"

// familyFaces is the face the capture environment (worker/internal/headless's fonts.conf) draws
// each paragraph of the families page in, by the paragraph's id (docs/conversion.md "Fonts"), and
// the Figma family the result names for it: the page asks for generic families and common system
// families of macOS and Windows, an emoji font, a face the capture machine hides and Chinese and
// Japanese text.
var familyFaces = map[string]struct{ drawn, figma string }{
	"sans-serif":     {"Inter", "Inter"},
	"system-ui":      {"Inter", "Inter"},
	"system-stack":   {"Inter", "Inter"},
	"apple":          {"Inter", "Inter"},
	"segoe":          {"Inter", "Inter"},
	"helvetica-neue": {"Inter", "Inter"},
	"arial":          {"Arimo", "Arimo"},
	"helvetica":      {"Arimo", "Arimo"},
	"serif":          {"Noto Serif", "Noto Serif"},
	"times":          {"Tinos", "Tinos"},
	"monospace":      {"Noto Sans Mono", "Noto Sans Mono"},
	"menlo":          {"Noto Sans Mono", "Noto Sans Mono"},
	"courier":        {"Cousine", "Cousine"},
	"local":          {"Inter", "Inter"},
	"cursive":        {"Inter", "Inter"},
	"no-family":      {"Noto Serif", "Noto Serif"},
	"emoji":          {"Noto Color Emoji", "Noto Color Emoji"},
	"japanese":       {"Noto Sans CJK JP", "Noto Sans JP"},
	"chinese":        {"Noto Sans CJK SC", "Noto Sans SC"},
	// The static faces of Inter are also named by their weight ("Inter Semi Bold").
	"semibold": {"Inter Semi Bold", "Inter"},
}

// segmentFaces are the faces of the runs of the paragraph "segments" (the <code> run monospace).
var segmentFaces = map[string]string{
	"Plain words, ": "Inter", "code": "Noto Sans Mono", ", ": "Inter", "italic words": "Inter", " and ": "Inter", "bold words": "Inter",
}

// TestFamiliesAsCaptured captures the families page with the real capture worker and converts
// it: every paragraph is drawn in the face of the table, and every TEXT and styled segment names
// the Figma family of the face its run was drawn in.
func TestFamiliesAsCaptured(t *testing.T) {
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
	f := capturedFixture(t, "families", fixturePageImportID, captureSite(t, "../capture/capturetest/site", familiesPage))
	checkFamilies(t, f)
}

// TestFamiliesFixture is TestFamiliesAsCaptured on the committed capture of the families page.
func TestFamiliesFixture(t *testing.T) {
	t.Parallel()
	checkFamilies(t, loadFixture(t, "families"))
}

func TestGoldenFamilies(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "families")
	checkGolden(t, "families", f.convert(t).JSON)
}

// checkFamilies checks the capture's drawn faces against familyFaces and segmentFaces, and the
// family the result names for every run against the face that drew it.
func checkFamilies(t *testing.T, f *fixture) {
	t.Helper()
	out := f.convert(t)
	texts := placedNodes(out.Result.Root, "TEXT")
	seen := map[string]bool{}
	var walk func(n *capturemodel.DOMNode, id string)
	walk = func(n *capturemodel.DOMNode, id string) {
		if n == nil {
			return
		}
		if v := n.Attrs["id"]; v != "" {
			id = v
		}
		if n.Type == "text" && strings.TrimSpace(n.Text) != "" && id != "" && id != "app-ready" {
			drawn := drawnFace(t, f.capture, n)
			want, figma := familyFaces[id].drawn, familyFaces[id].figma
			if id == "segments" {
				want = segmentFaces[n.Text]
				figma = want
			}
			if want == "" {
				t.Errorf("run %q of #%s: no expected face", n.Text, id)
			} else if drawn != want {
				t.Errorf("run %q of #%s drawn in %q, want %q", n.Text, id, drawn, want)
			}
			seen[id+"|"+n.Text] = true
			if got := resultFamily(texts, n.Text); got != figma {
				t.Errorf("run %q of #%s (drawn in %q) is set in %q, want %q", n.Text, id, drawn, got, figma)
			}
		}
		for _, ch := range n.Children {
			walk(ch, id)
		}
	}
	walk(f.capture.Document.Root, "")
	for id := range familyFaces {
		found := false
		for k := range seen {
			found = found || strings.HasPrefix(k, id+"|")
		}
		if !found {
			t.Errorf("no text run of #%s in the capture", id)
		}
	}
	for text := range segmentFaces {
		if !seen["segments|"+text] {
			t.Errorf("no run %q in #segments", text)
		}
	}
}

// drawnFace is the platform face that drew most glyphs of the text run n.
func drawnFace(t *testing.T, c *capturemodel.Capture, n *capturemodel.DOMNode) string {
	t.Helper()
	if n.FontRef == nil || *n.FontRef < 0 || *n.FontRef >= len(c.Document.PlatformFonts) {
		t.Errorf("run %q has no platform fonts", n.Text)
		return ""
	}
	best := capturemodel.PlatformFont{}
	for _, pf := range c.Document.PlatformFonts[*n.FontRef] {
		if pf.Glyphs > best.Glyphs {
			best = pf
		}
	}
	return best.Family
}

// resultFamily is the family the result sets the characters text in: the styled segment of
// exactly those characters, or the TEXT node of exactly those characters, or else the first TEXT
// (or its segment) holding them ("" when no TEXT holds them).
func resultFamily(texts []placed, text string) string {
	for _, p := range texts {
		for _, s := range p.node.StyledTextSegments {
			if s.Characters == text {
				return s.FontName.Family
			}
		}
		if strings.TrimSpace(p.node.Characters) == strings.TrimSpace(text) && p.node.FontName != nil {
			return p.node.FontName.Family
		}
	}
	for _, p := range texts {
		if !strings.Contains(p.node.Characters, text) {
			continue
		}
		for _, s := range p.node.StyledTextSegments {
			if strings.Contains(s.Characters, text) {
				return s.FontName.Family
			}
		}
		if p.node.FontName != nil {
			return p.node.FontName.Family
		}
	}
	return ""
}
