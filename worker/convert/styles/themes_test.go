package styles_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/paint"
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
			list, vars := styles.Themes(root, nil, nil, map[*capturemodel.DOMNode]map[string]string{el: {"box-shadow": c.dark}}, nil)
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

// TestThemeGradients: a node whose gradient the dark theme only recolours has each changed
// stop bound to a theme variable of its light and dark colours, and a colour under it that the
// theme changes its paint bound (the variable's dark value with the dark alpha), its paints'
// colours unchanged; a theme that turns or moves the gradient binds none, a translucent colour
// stays unbound (Figma would multiply its opacity with the variable's alpha), and nothing is
// bound when the variables would pass MaxVariables (at the bound they are made).
func TestThemeGradients(t *testing.T) {
	const light = "linear-gradient(90deg, rgb(37, 99, 235), rgb(255, 255, 255))"
	filler := func(n int) *resultjson.Variables {
		v := &resultjson.Variables{Collection: resultjson.VariableCollectionName}
		for i := range n {
			v.Variables = append(v.Variables, resultjson.Variable{ID: "V:" + strconv.Itoa(i+1), Name: "x/" + strconv.Itoa(i), ResolvedType: "FLOAT", Value: 1.0})
		}
		return v
	}
	for _, c := range []struct {
		name      string
		bgColor   string
		dark      string
		darkColor string
		vars      *resultjson.Variables
		wantBound []string // "paint.stop light->dark", "paint.s" for a SOLID paint
	}{
		{"Recoloured", "", "linear-gradient(90deg, rgb(96, 165, 250), rgb(11, 16, 32))", "", nil,
			[]string{"0.0 2563EB->60A5FA", "0.1 FFFFFF->0B1020"}},
		{"OneStopRecoloured", "", "linear-gradient(90deg, rgb(96, 165, 250), rgb(255, 255, 255))", "", nil, []string{"0.0 2563EB->60A5FA"}},
		{"OverAColour", "rgb(0, 0, 0)", "linear-gradient(90deg, rgb(96, 165, 250), rgb(255, 255, 255))", "", nil, []string{"1.0 2563EB->60A5FA"}},
		{"OverARecolouredColour", "rgb(0, 0, 0)", "linear-gradient(90deg, rgb(96, 165, 250), rgb(255, 255, 255))", "rgba(255, 255, 255, 0.5)", nil,
			[]string{"0.s 000000->FFFFFF", "1.0 2563EB->60A5FA"}},
		{"ColourOnlyRecoloured", "rgb(0, 0, 0)", "", "rgb(17, 24, 39)", nil, []string{"0.s 000000->111827"}},
		{"TranslucentColour", "rgba(0, 0, 0, 0.5)", "", "rgba(17, 24, 39, 0.5)", nil, nil},
		{"Turned", "", "linear-gradient(180deg, rgb(96, 165, 250), rgb(11, 16, 32))", "", nil, nil},
		{"StopMoved", "", "linear-gradient(90deg, rgb(96, 165, 250) 20%, rgb(11, 16, 32))", "", nil, nil},
		{"AtMaxVariables", "", "linear-gradient(90deg, rgb(96, 165, 250), rgb(11, 16, 32))", "", filler(styles.MaxVariables - 2),
			[]string{"0.0 2563EB->60A5FA", "0.1 FFFFFF->0B1020"}},
		{"PastMaxVariables", "", "linear-gradient(90deg, rgb(96, 165, 250), rgb(11, 16, 32))", "", filler(styles.MaxVariables - 1), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			style := map[string]string{"background-image": light}
			if c.bgColor != "" {
				style["background-color"] = c.bgColor
			}
			el := &capturemodel.DOMNode{Type: "element", Tag: "div", Style: style, Box: capturemodel.Box{Width: 200, Height: 40}}
			repaint := func(el *capturemodel.DOMNode, n *resultjson.Node, style map[string]string, layered bool) []resultjson.Paint {
				return paint.Fills(el, n, style, layered, capturemodel.Size{}, nil)
			}
			root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
			node := &resultjson.Node{Type: "FRAME", ID: "1:2", Width: 200, Height: 40}
			fills := repaint(el, node, nil, true)
			node.Fills = &fills
			before, _ := json.Marshal(fills)
			b := root.Add(node, el, boxtree.Flow, 0)
			b.Paints, b.Kind = true, boxtree.Box
			nvars := 0
			if c.vars != nil {
				nvars = len(c.vars.Variables)
			}
			dark := map[string]string{}
			if c.dark != "" {
				dark["background-image"] = c.dark
			}
			if c.darkColor != "" {
				dark["background-color"] = c.darkColor
			}
			_, vars := styles.Themes(root, nil, c.vars, map[*capturemodel.DOMNode]map[string]string{el: dark}, repaint)
			var got []string
			for i, p := range *node.Fills {
				if p.BoundVariables != nil {
					v := variable(vars, p.BoundVariables.Color.ID)
					if v == nil || v.Value != (resultjson.RGBA{R: p.Color.R, G: p.Color.G, B: p.Color.B, A: 1}) {
						t.Fatalf("paint %d bound to %+v, want a variable whose value is its colour %v", i, v, p.Color)
					}
					got = append(got, fmt.Sprintf("%d.s %s->%s", i, hex(v.Value.(resultjson.RGBA)), hex(v.ValuesByMode[resultjson.ModeDark].(resultjson.RGBA))))
				}
				for j, st := range p.GradientStops {
					if st.BoundVariables == nil {
						continue
					}
					v := variable(vars, st.BoundVariables.Color.ID)
					if v == nil || v.Value != st.Color {
						t.Fatalf("stop %d.%d bound to %+v, want a variable whose value is its colour %v", i, j, v, st.Color)
					}
					got = append(got, fmt.Sprintf("%d.%d %s->%s", i, j, hex(st.Color), hex(v.ValuesByMode[resultjson.ModeDark].(resultjson.RGBA))))
				}
			}
			if strings.Join(got, ",") != strings.Join(c.wantBound, ",") {
				t.Errorf("bound stops %q, want %q", got, c.wantBound)
			}
			if vars != nil && len(vars.Variables)-nvars != len(c.wantBound) {
				t.Errorf("%d variables made, want %d", len(vars.Variables)-nvars, len(c.wantBound))
			}
			if (len(c.wantBound) > 0) != (vars != nil && len(vars.Modes) == 2) {
				t.Errorf("modes %v with %d stops bound", vars, len(c.wantBound))
			}
			if after, _ := json.Marshal(resultjson.Unbound(*node.Fills)); string(after) != string(before) {
				t.Errorf("fills changed: %s, were %s", after, before)
			}
		})
	}
}

// hex writes an opaque colour as its hex digits.
func hex(c resultjson.RGBA) string {
	return fmt.Sprintf("%02X%02X%02X", int(c.R*255+0.5), int(c.G*255+0.5), int(c.B*255+0.5))
}

// variable is the variable of id in vars; nil when it has none.
func variable(vars *resultjson.Variables, id string) *resultjson.Variable {
	if vars == nil {
		return nil
	}
	for i := range vars.Variables {
		if vars.Variables[i].ID == id {
			return &vars.Variables[i]
		}
	}
	return nil
}

// TestKeepUnchanged: of three frames painted with the root's light --line (#D1D9E0, Dark
// #3D444D), the one whose element the dark theme recolours gets a theme style, the one whose
// element it read unchanged (a scope that keeps --line light) a style of the same colour that
// binds nothing, and the one past the capture's read keeps the bound style; a collection without
// a Dark mode changes nothing.
func TestKeepUnchanged(t *testing.T) {
	uses := map[string]string{"background-color": "--line"}
	light := "rgb(209, 217, 224)"
	els := make([]*capturemodel.DOMNode, 3)
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	nodes := make([]*resultjson.Node, 3)
	for i := range els {
		els[i] = &capturemodel.DOMNode{Type: "element", Tag: "div", Vars: uses, Style: map[string]string{"background-color": light}}
		nodes[i] = &resultjson.Node{Type: "FRAME", ID: fmt.Sprintf("1:%d", i+2), Fills: &[]resultjson.Paint{{Type: "SOLID", Color: &resultjson.RGB{R: 209 / 255.0, G: 217 / 255.0, B: 224 / 255.0}}}}
		root.Add(nodes[i], els[i], boxtree.Flow, 0)
	}
	build := func(modes, recoloured bool) ([]resultjson.Style, *resultjson.Variables) {
		for _, n := range nodes {
			n.FillStyleID = ""
		}
		list, vars := styles.Build(root, []capturemodel.CustomProperty{{Name: "--line", Value: "#d1d9e0", Color: light}})
		if modes {
			styles.Modes(vars, []capturemodel.CustomProperty{{Name: "--line", Value: "#3d444d", Color: "rgb(61, 68, 77)"}})
		}
		darkColors := map[*capturemodel.DOMNode]map[string]string{}
		if recoloured {
			darkColors[els[0]] = map[string]string{"background-color": "rgb(61, 68, 77)"}
		}
		list, vars = styles.Themes(root, list, vars, darkColors, nil)
		read := func(el *capturemodel.DOMNode) bool { return el != els[2] }
		return styles.KeepUnchanged(root, list, vars, darkColors, read), vars
	}
	describe := func(list []resultjson.Style) []string {
		var out []string
		for _, n := range nodes {
			for _, s := range list {
				if s.ID == n.FillStyleID {
					out = append(out, s.Name+" bound "+strconv.FormatBool(s.Paints[0].BoundVariables != nil))
				}
			}
		}
		return out
	}
	list, _ := build(true, true)
	if got, want := strings.Join(describe(list), ","), "Color/line bound true,Color/line 2 bound false,Color/line bound true"; got != want {
		t.Errorf("fill styles %s, want %s", got, want)
	}
	list, _ = build(false, true)
	// Without a Dark value the recoloured one gets a theme variable of its own; the others stay.
	if got, want := strings.Join(describe(list), ","), "Theme/background/D1D9E0 bound true,Color/line bound true,Color/line bound true"; got != want {
		t.Errorf("without a Dark value: fill styles %s, want %s", got, want)
	}
	list, vars := build(false, false)
	if got, want := strings.Join(describe(list), ","), "Color/line bound true,Color/line bound true,Color/line bound true"; got != want || vars.Modes != nil {
		t.Errorf("without a Dark mode: fill styles %s, modes %v; want %s and no modes", got, vars.Modes, want)
	}
}
