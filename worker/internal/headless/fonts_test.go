package headless

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFontConfigResolvesFamilies asks fontconfig, under FontConfig, for the families of
// docs/conversion.md "Fonts" and checks the face each resolves to; a face of the machine that
// Figma does not offer is hidden (it resolves to sans-serif's Inter).
func TestFontConfigResolvesFamilies(t *testing.T) {
	fcMatch, err := exec.LookPath("fc-match")
	if err == nil {
		_, err = os.Stat("/usr/share/fonts/opentype/inter/Inter-Regular.otf")
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fontconfig and the fonts of .ci/fonts-up are required in CI: %v", err)
		}
		t.Skip("fontconfig or the fonts of .ci/fonts-up are not installed")
	}
	dir := t.TempDir()
	if err := writeProfile(dir); err != nil {
		t.Fatal(err)
	}
	for request, want := range map[string]string{
		"sans-serif": "Inter", "system-ui": "Inter", "BlinkMacSystemFont": "Inter",
		"Segoe UI": "Inter", "Helvetica Neue": "Inter", "Arial": "Arimo", "Helvetica": "Arimo",
		"Times New Roman": "Tinos", "Times": "Tinos", "Courier New": "Cousine", "serif": "Noto Serif",
		"monospace": "Noto Sans Mono", "Monospace": "Noto Sans Mono", "Menlo": "Noto Sans Mono", "Consolas": "Noto Sans Mono",
		"emoji": "Noto Color Emoji", "Apple Color Emoji": "Noto Color Emoji", "DejaVu Sans": "Inter",
		"Liberation Sans": "Arimo", "sans-serif:charset=65e5:lang=ja": "Noto Sans CJK JP",
		"sans-serif:charset=65e5:lang=zh-cn": "Noto Sans CJK SC", "sans-serif:charset=0627:lang=ar": "Noto Sans Arabic",
	} {
		// (fc-match reads a leading "-" as an option: -apple-system is checked by the capture test.)
		cmd := exec.Command(fcMatch, "-f", "%{family[0]}", request)
		cmd.Env = append(os.Environ(), "FONTCONFIG_FILE="+filepath.Join(dir, FontConfigName))
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("fc-match %q: %v", request, err)
		}
		if string(got) != want {
			t.Errorf("%q resolves to %q, want %q", request, got, want)
		}
	}
}

// TestPreferencesNameGenericFamilies reads the Preferences a profile starts with: Chromium's
// generic families are GenericFamilies for the common script.
func TestPreferencesNameGenericFamilies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := writeProfile(dir); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "Default", "Preferences"))
	if err != nil {
		t.Fatal(err)
	}
	var prefs struct {
		Webkit struct {
			Webprefs struct {
				Fonts map[string]map[string]string `json:"fonts"`
			} `json:"webprefs"`
		} `json:"webkit"`
	}
	if err := json.Unmarshal(raw, &prefs); err != nil {
		t.Fatal(err)
	}
	fonts := prefs.Webkit.Webprefs.Fonts
	for generic, want := range map[string]string{"standard": "Noto Serif", "serif": "Noto Serif", "sansserif": "Inter", "fixed": "Noto Sans Mono", "cursive": "Inter", "fantasy": "Inter"} {
		if got := fonts[generic]["Zyyy"]; got != want {
			t.Errorf("%s is %q, want %q", generic, got, want)
		}
	}
	conf, err := os.ReadFile(filepath.Join(dir, FontConfigName))
	if err != nil || !strings.Contains(string(conf), "<fontconfig>") {
		t.Errorf("fonts.conf not written: %v", err)
	}
}
