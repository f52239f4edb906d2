package text

import "testing"

// TestLastCharacter: the character a spaced inline element's space follows is the last one a
// reader sees, whole: a letter with its combining accent, a flag, a joined emoji, an emoji with
// its presentation selector.
func TestLastCharacter(t *testing.T) {
	for s, want := range map[string]string{
		"ab": "b", "": "", "cafe\u0301": "e\u0301", "go 🇫🇷": "🇫🇷", "dev 👩\u200d💻": "👩\u200d💻", "love ❤\ufe0f": "❤\ufe0f", "said ": " ",
	} {
		if got := lastCharacter(s); got != want {
			t.Errorf("lastCharacter(%q) = %q, want %q", s, got, want)
		}
	}
}
