package styles_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/styles"
)

// TestThemeShadows: a node whose shadows the dark theme only recolours refers to a theme EFFECT
// style with the changed colours bound to variables; a theme that moves one of its shadows, or
// effects that could be no style (past MaxEffectLength, more than MaxStyleEffects), bind nothing
// and make no variable.
func TestThemeShadows(t *testing.T) {
	shadows := func(n int, spread string, color string) string {
		list := make([]string, n)
		for i := range list {
			list[i] = color + " 0px " + strconv.Itoa(i+1) + "px 2px " + spread
		}
		return strings.Join(list, ", ")
	}
	const light, dark = "rgba(0, 0, 0, 0.2)", "rgba(255, 255, 255, 0.3)"
	edge := strconv.Itoa(styles.MaxEffectLength) + "px"
	for _, c := range []struct {
		name        string
		light, dark string
		bound       int
	}{
		{"Recoloured", shadows(2, "0px", light), shadows(2, "0px", dark), 2},
		{"OneRecoloured", shadows(1, "0px", light) + ", " + dark + " 0px 9px 2px 0px", shadows(1, "0px", dark) + ", " + dark + " 0px 9px 2px 0px", 1},
		{"OneMoved", shadows(2, "0px", light), shadows(1, "0px", dark) + ", " + dark + " 0px 7px 2px 0px", 0},
		{"AtMaxEffectLength", shadows(1, edge, light), shadows(1, edge, dark), 1},
		{"PastMaxEffectLength", shadows(1, strconv.Itoa(styles.MaxEffectLength+1)+"px", light), shadows(1, strconv.Itoa(styles.MaxEffectLength+1)+"px", dark), 0},
		{"AtMaxStyleEffects", shadows(styles.MaxStyleEffects, "0px", light), shadows(styles.MaxStyleEffects, "0px", dark), styles.MaxStyleEffects},
		{"PastMaxStyleEffects", shadows(styles.MaxStyleEffects+1, "0px", light), shadows(styles.MaxStyleEffects+1, "0px", dark), 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			el := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: map[string]string{"box-shadow": c.light}}
			effects, ok := css.BoxShadows(c.light)
			if !ok {
				t.Fatalf("box-shadow %q unread", c.light)
			}
			root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
			node := &resultjson.Node{Type: "FRAME", ID: "1:2", Fills: &[]resultjson.Paint{}, Effects: effects}
			root.Add(node, el, boxtree.Flow, 0).Paints = true
			list, vars := styles.Themes(root, nil, nil, map[*capturemodel.DOMNode]map[string]string{el: {"box-shadow": c.dark}})
			bound := 0
			for _, s := range list {
				if s.ID == node.EffectStyleID {
					for _, e := range s.Effects {
						if e.BoundVariables != nil && e.BoundVariables.Color != nil {
							bound++
						}
					}
				}
			}
			nvars := 0
			if vars != nil {
				nvars = len(vars.Variables)
			}
			// One pair of colours is one variable, however many shadows it binds.
			wantVars := min(c.bound, 1)
			if bound != c.bound || nvars != wantVars || (c.bound == 0) != (node.EffectStyleID == "") {
				t.Errorf("%d shadow colours bound, %d variables, effect style %q; want %d and %d", bound, nvars, node.EffectStyleID, c.bound, wantVars)
			}
		})
	}
}
