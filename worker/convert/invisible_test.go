package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestLayersThatDrawNothing converts invisible.html (testdata/layout-site): the buttons' ripples
// (out of the flow, at opacity 0) and their clipping containers, and the search field's
// visually hidden label (a 1 px clipping box) are left out, so each button is a frame around
// its label alone; the tooltip's box, at opacity 0 but shown by its parent's hover, stays (the
// capture records no text of an element at opacity 0).
func TestLayersThatDrawNothing(t *testing.T) {
	root := loadFixture(t, "layout-invisible").convert(t).Result.Root
	var buttons []*resultjson.Node
	var tooltip *resultjson.Node
	root.Walk(func(n *resultjson.Node) {
		name := strings.ToLower(n.Name)
		if strings.Contains(name, "ripple") || strings.Contains(name, "hidden") {
			t.Errorf("%s %q (%s) is kept, want it left out", n.Type, n.Name, n.ID)
		}
		if n.Type == "FRAME" && n.Name == "Tooltip" {
			tooltip = n
		}
		if n.Type == "FRAME" && (n.Name == "Save" || n.Name == "Share") {
			buttons = append(buttons, n)
		}
	})
	if len(buttons) != 2 {
		t.Fatalf("buttons %d, want Save and Share", len(buttons))
	}
	for _, b := range buttons {
		if len(b.Children) != 1 || b.Children[0].Type != "TEXT" || b.Children[0].Characters != b.Name {
			t.Errorf("button %s holds %d layers, want its label's TEXT alone", b.Name, len(b.Children))
		}
	}
	if tooltip == nil || tooltip.Opacity == nil || *tooltip.Opacity != 0 {
		t.Errorf("the tooltip, shown on hover, is %+v, want its frame at opacity 0", tooltip)
	}
}
