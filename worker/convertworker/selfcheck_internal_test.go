package convertworker

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestPageWordsLeaveOutLigatureIcons checks that the text of an icon-font ligature (Material
// Icons' "home") is no word of the page, while the link text beside it and a password-free
// control's value are.
func TestPageWordsLeaveOutLigatureIcons(t *testing.T) {
	const doc = `{"document":{"root":{"type":"element","tag":"html","box":{"width":800,"height":600},"children":[
	  {"type":"element","tag":"a","box":{"width":100,"height":20},"children":[
	    {"type":"element","tag":"i","box":{"width":24,"height":24},
	     "icon_font":{"glyphs":[{"which":"text","text":"home","font_family":"Material Icons"}]},
	     "children":[{"type":"text","text":"home","box":{"width":24,"height":24}}]},
	    {"type":"text","text":"Home page","box":{"width":70,"height":20}}]},
	  {"type":"element","tag":"i","box":{"width":24,"height":24},
	   "icon_font":{"glyphs":[{"which":"before","text":"\uf005","font_family":"Font Awesome"}]},
	   "children":[{"type":"text","text":"Starred","box":{"width":40,"height":20}}]},
	  {"type":"element","tag":"input","box":{"width":100,"height":20},"value":"typed"}]}}}`
	var c capturemodel.Capture
	if err := json.Unmarshal([]byte(doc), &c); err != nil {
		t.Fatal(err)
	}
	got := pageWords(&c)
	if want := []string{"home", "page", "starred", "typed"}; !slices.Equal(got, want) {
		t.Errorf("page words %q, want %q (the ligature's \"home\" left out, its link's \"Home\" kept)", got, want)
	}
}
