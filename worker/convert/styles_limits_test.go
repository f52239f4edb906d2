package convert_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/styles"
)

// colouredPage is a page of n boxes, each with its own background colour set through the custom
// property --c (redefined on each box): n paint styles.
func colouredPage(n int) *capturemodel.Capture {
	var kids []*capturemodel.DOMNode
	for i := 0; i < n; i++ {
		box := div(map[string]string{"background-color": fmt.Sprintf("rgb(%d, %d, %d)", i%256, (i/256)%256, i/65536)})
		box.Vars = map[string]string{"background-color": "--c"}
		kids = append(kids, box)
	}
	c := page(kids...)
	c.Document.CustomProperties = []capturemodel.CustomProperty{{Name: "--c", Value: "#000", Color: "rgb(0, 0, 0)"}}
	return c
}

// TestStyleLimits: MaxStyles styles at most (the box past it keeps its fill without a style),
// MaxVariables variables at most, and custom property names of at most MaxCustomPropertyRunes.
func TestStyleLimits(t *testing.T) {
	for _, n := range []int{styles.MaxStyles, styles.MaxStyles + 1} {
		res := run(t, colouredPage(n), nil).Result
		body := res.Root.Children
		if len(res.Styles) != styles.MaxStyles || len(body) != n {
			t.Fatalf("%d boxes: %d styles, %d nodes", n, len(res.Styles), len(body))
		}
		last := body[n-1]
		if want := n <= styles.MaxStyles; (last.FillStyleID != "") != want {
			t.Errorf("%d boxes: the last box's fillStyleId %q, want a style: %v", n, last.FillStyleID, want)
		}
	}
	for _, n := range []int{styles.MaxVariables, styles.MaxVariables + 1} {
		c := page()
		for i := 0; i < n; i++ {
			c.Document.CustomProperties = append(c.Document.CustomProperties, capturemodel.CustomProperty{Name: fmt.Sprintf("--v%04d", i), Value: "4px"})
		}
		if got := len(run(t, c, nil).Result.Variables.Variables); got != styles.MaxVariables {
			t.Errorf("%d custom properties: %d variables, want %d", n, got, styles.MaxVariables)
		}
	}
	c := page()
	for _, l := range []int{styles.MaxCustomPropertyRunes, styles.MaxCustomPropertyRunes + 1} {
		c.Document.CustomProperties = append(c.Document.CustomProperties, capturemodel.CustomProperty{Name: "--" + strings.Repeat("a", l-2), Value: "1px"})
	}
	c.Document.CustomProperties = append(c.Document.CustomProperties, capturemodel.CustomProperty{Name: "--x.y", Value: "#fff", Color: "rgb(255, 255, 255)"})
	vs := run(t, c, nil).Result.Variables.Variables
	if len(vs) != 2 || vs[0].Name != "size/"+strings.Repeat("a", styles.MaxCustomPropertyRunes-2) || vs[1].Name != "color/x-y" || vs[1].ResolvedType != "COLOR" {
		t.Errorf("variables %+v, want the %d-character one and color/x-y", vs, styles.MaxCustomPropertyRunes)
	}
}

// TestDiagnosticsLimit: at most MaxDiagnostics diagnostics; the containers past it are still
// left absolute.
func TestDiagnosticsLimit(t *testing.T) {
	for _, n := range []int{resultjson.MaxDiagnostics, resultjson.MaxDiagnostics + 1} {
		var kids []*capturemodel.DOMNode
		for i := 0; i < n; i++ {
			kids = append(kids, div(map[string]string{"display": "flex", "justify-content": "space-around"}, div(nil)))
		}
		res := run(t, page(kids...), nil).Result
		if len(res.Diagnostics) != resultjson.MaxDiagnostics {
			t.Errorf("%d containers left absolute: %d diagnostics, want %d", n, len(res.Diagnostics), resultjson.MaxDiagnostics)
		}
		if res.Root.Children[n-1].LayoutMode != "" {
			t.Errorf("%d containers: the last one got auto layout", n)
		}
	}
}

// TestStyleBoundsAreTheBackends: the styles pass stops at the bounds the backend refuses a
// result past (server/artifacts), so a page of many styles is never a refused result.
func TestStyleBoundsAreTheBackends(t *testing.T) {
	for _, c := range []struct {
		name          string
		ours, backend int
	}{
		{"MaxStyles", styles.MaxStyles, artifacts.MaxStyles},
		{"MaxVariables", styles.MaxVariables, artifacts.MaxVariables},
		{"MaxStyleEffects", styles.MaxStyleEffects, artifacts.MaxStyleEffects},
		{"MaxEffectLength", styles.MaxEffectLength, artifacts.MaxEffectLength},
	} {
		if c.ours > c.backend {
			t.Errorf("styles.%s %d is over the backend's %d", c.name, c.ours, c.backend)
		}
	}
}
