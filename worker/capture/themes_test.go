package capture_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
)

// customProperties reads a document member listing custom properties as name -> [value, colour];
// present says whether the member was there at all.
func customProperties(t *testing.T, raw []byte, member string) (props map[string][2]string, present bool) {
	t.Helper()
	var doc struct {
		Document map[string]json.RawMessage `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	m, ok := doc.Document[member]
	if !ok {
		return nil, false
	}
	var list []struct{ Name, Value, Color string }
	if err := json.Unmarshal(m, &list); err != nil {
		t.Fatalf("%s: %v", member, err)
	}
	props = map[string][2]string{}
	for _, p := range list {
		props[p.Name] = [2]string{p.Value, p.Color}
	}
	return props, true
}

// elementColors is an entry of the document's dark_colors.
type elementColors struct {
	Element int
	Style   map[string]string
}

// darkColors reads the document's dark_colors: each entry's element index and style.
func darkColors(t *testing.T, raw []byte) []elementColors {
	t.Helper()
	var c []elementColors
	documentMember(t, raw, "dark_colors", &c)
	return c
}

// documentMember decodes the capture's document member name into v (left as it is when the
// document has no such member).
func documentMember(t *testing.T, raw []byte, name string, v any) {
	t.Helper()
	var doc struct {
		Document map[string]json.RawMessage `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if m, ok := doc.Document[name]; ok {
		if err := json.Unmarshal(m, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// TestDarkThemeRecorded: a page with a prefers-color-scheme: dark block (inside @supports) has
// its root's custom properties recorded twice, as the visitor sees them (custom_properties) and
// under the emulated dark preference (dark_custom_properties), and the elements whose colours
// the theme changes with their dark colours (dark_colors: the body and #cta, with #cta's
// box-shadow, and #band's gradient, not #note, whose colour the theme leaves alone); a page whose root offers dark
// through color-scheme has light-dark() resolved both ways; a page with neither records no dark
// member.
func TestDarkThemeRecorded(t *testing.T) {
	t.Parallel()
	t.Run("MediaRule", func(t *testing.T) {
		t.Parallel()
		light, dark, raw := lightAndDark(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a90", "/themes.html")
		var got []string
		for _, c := range darkColors(t, raw) {
			got = append(got, c.Style["color"]+" on "+c.Style["background-color"])
		}
		if want := "rgb(249, 250, 251) on rgb(11, 16, 32),rgb(11, 16, 32) on rgb(96, 165, 250),rgb(249, 250, 251) on "; strings.Join(got, ",") != want {
			t.Errorf("dark colours %q, want %q (the body, #cta, #band)", got, want)
		}
		var shadows []string
		for _, c := range darkColors(t, raw) {
			shadows = append(shadows, c.Style["box-shadow"])
		}
		if want := ",rgb(249, 250, 251) 0px 2px 4px 0px,"; strings.Join(shadows, ",") != want {
			t.Errorf("dark box-shadows %q, want %q (#cta's, in the dark text colour)", shadows, want)
		}
		var gradients []string
		for _, c := range darkColors(t, raw) {
			gradients = append(gradients, c.Style["background-image"])
		}
		if want := ",,linear-gradient(90deg, rgb(96, 165, 250), rgb(11, 16, 32))"; strings.Join(gradients, ",") != want {
			t.Errorf("dark background images %q, want %q (#band's, in the dark accent and background colours)", gradients, want)
		}
		for name, want := range map[string][2][2]string{
			"--bg":     {{"#ffffff", "rgb(255, 255, 255)"}, {"#0b1020", "rgb(11, 16, 32)"}},
			"--accent": {{"#2563eb", "rgb(37, 99, 235)"}, {"#60a5fa", "rgb(96, 165, 250)"}},
			"--muted":  {{"#6b7280", "rgb(107, 114, 128)"}, {"#6b7280", "rgb(107, 114, 128)"}},
			"--gap":    {{"8px", ""}, {"8px", ""}},
		} {
			if light[name] != want[0] || dark[name] != want[1] {
				t.Errorf("%s light %q dark %q, want %q and %q", name, light[name], dark[name], want[0], want[1])
			}
		}
	})
	t.Run("ColorScheme", func(t *testing.T) {
		t.Parallel()
		light, dark, _ := lightAndDark(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a91", "/themes-scheme.html")
		if light["--surface"][1] != "rgb(243, 244, 246)" || dark["--surface"][1] != "rgb(31, 41, 55)" {
			t.Errorf("--surface light %q dark %q, want rgb(243, 244, 246) and rgb(31, 41, 55)", light["--surface"], dark["--surface"])
		}
		if dark["--line"] != light["--line"] || light["--line"][1] != "rgb(209, 213, 219)" {
			t.Errorf("--line light %q dark %q, want rgb(209, 213, 219) in both", light["--line"], dark["--line"])
		}
	})
	// A page whose script sets the scheme at load (and remembers it in localStorage: Pico's
	// switcher), or a dark class with no prefers-color-scheme rule (Tailwind's class strategy),
	// is loaded a second time under the dark preference, its storage cleared: the dark values are
	// read from that load (#cta's, read with transitions off; #note, unchanged, left out), with
	// no warning (the second load is the capture's own navigation).
	for name, tc := range map[string]struct{ id, path, colors, what string }{
		"ChosenAtLoad": {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a96", "/themes-scripted.html",
			"rgb(249, 250, 251) on rgb(11, 16, 32),rgb(11, 16, 32) on rgb(96, 165, 250)", "the body, #cta"},
		"ClassChosenByScript": {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a98", "/themes-class.html",
			"rgb(249, 250, 251) on rgb(11, 16, 32),rgb(249, 250, 251) on ", "the body, and #note's inherited text colour"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			light, dark, raw := lightAndDark(t, tc.id, tc.path)
			if light["--bg"][1] != "rgb(255, 255, 255)" || dark["--bg"][1] != "rgb(11, 16, 32)" {
				t.Errorf("--bg light %q dark %q, want rgb(255, 255, 255) and rgb(11, 16, 32)", light["--bg"], dark["--bg"])
			}
			var got []string
			for _, c := range darkColors(t, raw) {
				got = append(got, c.Style["color"]+" on "+c.Style["background-color"])
			}
			if strings.Join(got, ",") != tc.colors {
				t.Errorf("dark colours %q, want %q (%s)", got, tc.colors, tc.what)
			}
			for _, w := range capturedWarnings(t, raw) {
				if w.Code == capture.WarnDarkThemeUnread || w.Code == capture.WarnNavigationBlocked {
					t.Errorf("warning %s: %s", w.Code, w.Message)
				}
			}
		})
	}
	// A second load that holds over 90% of the elements where they were is taken; the one it
	// draws otherwise (a div where a paragraph was) is listed as unread, so the converter does
	// not take it for an element that kept its colours.
	t.Run("OneElementOtherwise", func(t *testing.T) {
		t.Parallel()
		raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99", "/themes-scripted.html?tail")
		var unread []int
		documentMember(t, raw, "dark_colors_unread", &unread)
		if _, ok := customProperties(t, raw, "dark_custom_properties"); !ok || len(unread) != 1 {
			t.Errorf("dark read %v, unread %v; want the dark read with one element unread", ok, unread)
		}
	})
	// A page that loads otherwise under the dark preference (more elements first) keeps its light
	// theme only, with the warning.
	t.Run("LoadsOtherwise", func(t *testing.T) {
		t.Parallel()
		raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a97", "/themes-scripted.html?differ")
		if _, ok := customProperties(t, raw, "dark_custom_properties"); ok {
			t.Error("a page that loaded otherwise has dark_custom_properties")
		}
		var unread []string
		for _, w := range capturedWarnings(t, raw) {
			if w.Code == capture.WarnDarkThemeUnread {
				unread = append(unread, w.Message)
			}
		}
		if len(unread) != 1 || !strings.Contains(unread[0], "loaded otherwise") {
			t.Errorf("DARK_THEME_UNREAD warnings %q, want one saying the page loaded otherwise", unread)
		}
	})
	// The :root rule and N-1 plain rules come before the dark block, rule N+1: seen at
	// MaxDarkSchemeRules, not one past it.
	for name, tc := range map[string]struct {
		rules int
		seen  bool
	}{"AtMaxDarkSchemeRules": {capture.MaxDarkSchemeRules - 1, true}, "PastMaxDarkSchemeRules": {capture.MaxDarkSchemeRules, false}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			id := "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a93"
			if !tc.seen {
				id = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a94"
			}
			raw, _ := capturePage(t, id, fmt.Sprintf("/themes-many.html?rules=%d", tc.rules))
			dark, ok := customProperties(t, raw, "dark_custom_properties")
			if ok != tc.seen {
				t.Fatalf("dark_custom_properties recorded %v, want %v", ok, tc.seen)
			}
			if ok && dark["--bg"][1] != "rgb(0, 0, 0)" {
				t.Errorf("--bg dark %q, want rgb(0, 0, 0)", dark["--bg"])
			}
		})
	}
	// More recolored elements than MaxDarkColorElements: the element of index
	// MaxDarkColorElements-1 is read, the one past it is not.
	t.Run("MaxDarkColorElements", func(t *testing.T) {
		t.Parallel()
		raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a95", fmt.Sprintf("/themes-elements.html?n=%d", capture.MaxDarkColorElements+3))
		c := darkColors(t, raw)
		if len(c) == 0 {
			t.Fatal("no dark colours")
		}
		first, last := c[0].Element, c[len(c)-1].Element
		if last != capture.MaxDarkColorElements-1 || len(c) != last-first+1 || c[0].Style["color"] != "rgb(238, 238, 238)" {
			t.Errorf("%d dark colours of elements %d to %d (first %v), want every element from the first to %d", len(c), first, last, c[0].Style, capture.MaxDarkColorElements-1)
		}
	})
	t.Run("NoDarkTheme", func(t *testing.T) {
		t.Parallel()
		raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a92", "/structure.html")
		if _, ok := customProperties(t, raw, "dark_custom_properties"); ok {
			t.Error("a page without a dark theme has dark_custom_properties")
		}
		if c := darkColors(t, raw); c != nil {
			t.Errorf("a page without a dark theme has dark_colors %v", c)
		}
	})
}

// capturedWarnings returns the capture's warnings.
func capturedWarnings(t *testing.T, raw []byte) []capture.CaptureWarning {
	t.Helper()
	var doc struct {
		Document struct {
			Warnings []capture.CaptureWarning `json:"warnings"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Document.Warnings
}

// lightAndDark captures the test site's page at path as job id and returns its root custom
// properties as read in its own scheme and under the emulated dark preference (name to
// [computed value, resolved colour]) and the capture; it fails the test when the dark ones are
// missing.
func lightAndDark(t *testing.T, id, path string) (light, dark map[string][2]string, raw []byte) {
	t.Helper()
	raw, _ = capturePage(t, id, path)
	light, _ = customProperties(t, raw, "custom_properties")
	dark, ok := customProperties(t, raw, "dark_custom_properties")
	if !ok {
		t.Fatal("no dark_custom_properties")
	}
	return light, dark, raw
}
