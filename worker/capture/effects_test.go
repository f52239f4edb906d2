package capture_test

import (
	"testing"

	"github.com/code2des/backend/worker/capture/capturetest"
)

// TestFiltersAndOutlinesRecorded captures the filter, backdrop and outline pages: each element
// records its computed filter and backdrop-filter (lengths in px, the colour of a drop-shadow
// first; -webkit-backdrop-filter, which Chromium neither knows nor draws, records nothing) and, where an outline is drawn, its
// style, width, colour and offset; an element without an outline records none of the four.
func TestFiltersAndOutlinesRecorded(t *testing.T) {
	t.Parallel()
	type want struct{ el, prop, value string }
	pages := []struct {
		name, id, path string
		want           []want
	}{
		{"Filters", "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01", capturetest.FiltersPath, []want{
			{"blur", "filter", "blur(4px)"},
			{"blur-em", "filter", "blur(10px)"},
			{"shadow", "filter", "drop-shadow(rgba(0, 0, 0, 0.5) 4px 6px 5px)"},
			{"both", "filter", "drop-shadow(rgb(255, 0, 0) 0px 2px 3px) blur(2px)"},
			{"bright", "filter", "brightness(1.5)"},
			{"mixed", "filter", "blur(3px) grayscale(1)"},
			{"blur", "backdrop-filter", ""},
			{"soft", "filter", "blur(1px)"},
		}},
		{"Backdrop", "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e02", capturetest.BackdropPath, []want{
			{"glass", "backdrop-filter", "blur(8px)"},
			{"prefixed", "backdrop-filter", ""},
			{"saturated", "backdrop-filter", "blur(2px) saturate(1.8)"},
			{"glass", "filter", ""},
		}},
		{"Outlines", "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e03", capturetest.OutlinesPath, []want{
			{"solid", "outline-style", "solid"}, {"solid", "outline-width", "2px"},
			{"solid", "outline-color", "rgb(225, 29, 72)"}, {"solid", "outline-offset", "0px"},
			{"offset", "outline-style", "dashed"}, {"offset", "outline-width", "3px"}, {"offset", "outline-offset", "4px"},
			{"inset", "outline-offset", "-6px"},
			{"focus", "outline-style", "auto"}, {"focus", "outline-color", "rgb(0, 95, 204)"},
			{"double", "outline-style", "double"}, {"double", "outline-width", "4px"},
			{"none", "outline-style", ""}, {"none", "outline-width", ""}, {"none", "outline-color", ""}, {"none", "outline-offset", ""},
			{"bare", "outline-width", "1px"},
		}},
	}
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			_, byID := capturePage(t, p.id, p.path)
			for _, w := range p.want {
				el, ok := byID[w.el]
				if !ok {
					t.Errorf("#%s is missing from the capture", w.el)
					continue
				}
				if got := el.Style[w.prop]; got != w.value {
					t.Errorf("#%s records %s %q, want %q", w.el, w.prop, got, w.value)
				}
			}
		})
	}
}
