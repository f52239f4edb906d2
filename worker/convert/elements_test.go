package convert_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// node decodes one captured DOM node, as worker/capture writes it.
func node(t *testing.T, js string) *capturemodel.DOMNode {
	t.Helper()
	var n capturemodel.DOMNode
	if err := json.Unmarshal([]byte(js), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

// texts returns the characters of the TEXT nodes under n, in tree order.
func texts(n *resultjson.Node) []string {
	var out []string
	if n.Type == "TEXT" {
		out = append(out, n.Characters)
	}
	for _, c := range n.Children {
		out = append(out, texts(c)...)
	}
	return out
}

// TestFormControlsShowTheirLiveValue converts form controls as the capture records them: the
// text a control shows is its live value (typed or set by a script; for a select the chosen
// option's label), not its value attribute; an emptied control shows its placeholder; a
// password input never shows a value, not even one an older capture recorded as an attribute,
// nor do a range, a colour input or a check box the page draws itself (appearance none: no crop;
// their value is no text they show).
func TestFormControlsShowTheirLiveValue(t *testing.T) {
	t.Parallel()
	const b = `"box":{"x":0,"y":0,"width":200,"height":40}`
	for _, tc := range []struct {
		name, node string
		want       []string
	}{
		{"TextareaShowsItsValue", `{"type":"element","tag":"textarea",` + b + `,"value":"Line one\nLine two","children":[{"type":"text","text":"Default"}]}`, []string{"Line one\nLine two"}},
		{"SelectShowsTheChosenOption", `{"type":"element","tag":"select",` + b + `,"value":"Large"}`, []string{"Large"}},
		{"TypedValueWinsOverAttribute", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"text","value":"attribute"},"value":"typed value"}`, []string{"typed value"}},
		{"EmptiedInputShowsPlaceholder", `{"type":"element","tag":"input",` + b + `,"attrs":{"value":"attribute","placeholder":"Your name"},"value":""}`, []string{"Your name"}},
		{"CaptureWithoutLiveValueUsesAttribute", `{"type":"element","tag":"input",` + b + `,"attrs":{"value":"attribute"}}`, []string{"attribute"}},
		{"PasswordAttributeNeverShown", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"password","value":"hunter2"}}`, nil},
		{"PasswordShowsPlaceholder", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"Password","value":"hunter2","placeholder":"Password"}}`, []string{"Password"}},
		{"RangeValueNotShown", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"range","value":"50"},"style":{"appearance":"none"}}`, nil},
		{"ColorValueNotShown", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"color","value":"#0eaaaa"},"style":{"appearance":"none"}}`, nil},
		{"CheckboxValueNotShown", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"checkbox","value":"yes"},"style":{"appearance":"none"}}`, nil},
		{"SubmitShowsItsLabel", `{"type":"element","tag":"input",` + b + `,"attrs":{"type":"submit","value":"Send"},"value":"Send"}`, []string{"Send"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := run(t, page(node(t, tc.node)), nil)
			got := texts(out.Result.Root)
			if len(got) != len(tc.want) || (len(got) == 1 && got[0] != tc.want[0]) {
				t.Fatalf("texts %q, want %q", got, tc.want)
			}
			// A control the page draws itself (appearance none) is not approximated.
			c := codes(out)
			if want := !strings.HasSuffix(tc.name, "ValueNotShown"); (c["FORM_CONTROL_APPROXIMATED"] == 1) != want || c["UNSUPPORTED_ELEMENT"] != 0 {
				t.Errorf("warnings %v, want FORM_CONTROL_APPROXIMATED %v and no UNSUPPORTED_ELEMENT", c, want)
			}
		})
	}
}

// TestControlLabelAligned: a control's one line set by its text-align (a submit button's label
// centred, an end-aligned one in an RTL field on the left) keeps its content box's width (200 px
// less the padding and 1 px border on each side, 16 px or, beside an icon, 40 px at the right)
// and is aligned in it; a start-aligned one hugs its text.
func TestControlLabelAligned(t *testing.T) {
	t.Parallel()
	const b = `"box":{"x":0,"y":0,"width":200,"height":40}`
	const st = `"padding-left":"16px","padding-top":"8px","border-left-width":"1px","border-top-width":"1px","border-left-style":"solid","border-top-style":"solid","border-right-width":"1px","border-right-style":"solid","padding-bottom":"8px","border-bottom-width":"1px","border-bottom-style":"solid","line-height":"20px","font-size":"16px"`
	for _, tc := range []struct {
		name, style, align, resize string
		width                      float64
	}{
		{"Centred", `"text-align":"center","padding-right":"16px"`, "CENTER", "HEIGHT", 166},
		{"CentredBesideAnIcon", `"text-align":"center","padding-right":"40px"`, "CENTER", "HEIGHT", 142},
		{"Right", `"text-align":"right","padding-right":"16px"`, "RIGHT", "HEIGHT", 166},
		{"EndInRTL", `"text-align":"end","direction":"rtl","padding-right":"16px"`, "LEFT", "WIDTH_AND_HEIGHT", 0},
		{"Start", `"text-align":"start","padding-right":"16px"`, "LEFT", "WIDTH_AND_HEIGHT", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := run(t, page(node(t, `{"type":"element","tag":"input",`+b+`,"attrs":{"type":"submit","value":"Send"},"value":"Send","style":{`+st+`,`+tc.style+`}}`)), nil)
			var label *resultjson.Node
			out.Result.Root.Walk(func(n *resultjson.Node) {
				if n.Type == "TEXT" {
					label = n
				}
			})
			if label == nil {
				t.Fatal("no label")
			}
			if label.TextAlignHorizontal != tc.align || label.TextAutoResize != tc.resize || (tc.width > 0 && (label.Width != tc.width || label.X != 17)) {
				t.Errorf("label %q aligned %q, resize %q, %v wide at %v; want %q, %q (%v wide at 17 when aligned)", label.Characters, label.TextAlignHorizontal, label.TextAutoResize, label.Width, label.X, tc.align, tc.resize, tc.width)
			}
		})
	}
}

// TestVerticalTextWarns converts text in each vertical writing mode: Figma has no vertical
// writing, so the text is drawn horizontally in its box and a CSS_WRITING_MODE warning names the
// element's first text node (once per element, however many runs it has); horizontal text
// does not warn.
func TestVerticalTextWarns(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr", "tb-rl"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			p := div(map[string]string{"writing-mode": mode}, text("Vertical"), text("words"))
			out := run(t, page(div(nil, text("Horizontal")), p), nil)
			var ws []resultjson.Warning
			for _, w := range out.Result.Warnings {
				if w.Code == "CSS_WRITING_MODE" {
					ws = append(ws, w)
				}
			}
			if len(ws) != 1 {
				t.Fatalf("%d CSS_WRITING_MODE warnings (%+v), want 1", len(ws), out.Result.Warnings)
			}
			var first *resultjson.Node
			for _, n := range out.Result.Root.Children {
				if n.Characters == "Vertical" {
					first = n
				}
			}
			if first == nil || *ws[0].NodeID != first.ID || !strings.Contains(ws[0].Message, mode) {
				t.Errorf("warning %q on %s; want it on the text %q naming %s", ws[0].Message, *ws[0].NodeID, "Vertical", mode)
			}
		})
	}
	t.Run("horizontal-tb", func(t *testing.T) {
		t.Parallel()
		out := run(t, page(div(map[string]string{"writing-mode": "horizontal-tb"}, text("Horizontal"))), nil)
		if c := codes(out); c["CSS_WRITING_MODE"] != 0 {
			t.Errorf("warnings %v, want no CSS_WRITING_MODE", c)
		}
	})
}

// TestListMarkerWarningFindsTheItem converts list items that draw nothing of their own (so have
// no node): the LIST_MARKER warning names the item's first text node in document order, even
// inside a frame of the item; an item without text names the nearest frame around it; an item
// that draws a box names that box.
func TestListMarkerWarningFindsTheItem(t *testing.T) {
	t.Parallel()
	marker := []capturemodel.Pseudo{{Which: "marker", Content: "disc"}}
	li := func(style map[string]string, children ...*capturemodel.DOMNode) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "li", Box: capturemodel.Box{Width: 100, Height: 20}, Style: style, Pseudo: marker, Children: children}
	}
	framed := map[string]string{"background-color": "rgb(255, 0, 0)"}
	ul := func(children ...*capturemodel.DOMNode) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "ul", Box: capturemodel.Box{Width: 200, Height: 100}, Style: framed, Children: children}
	}
	for _, tc := range []struct {
		name string
		list *capturemodel.DOMNode
		// want is the name of the node the warning must name.
		want string
	}{
		{"FirstTextOfTheItem", ul(li(nil, text("First"), text("Second"))), "First"},
		{"TextInsideAFrameOfTheItem", ul(li(nil, div(framed, div(nil, text("Nested"))), text("After"))), "Nested"},
		{"ItemWithoutTextNamesTheList", ul(li(nil, div(nil))), "List"},
		{"ItemThatDrawsNamesItself", ul(li(framed, text("Own box"))), "List item"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := run(t, page(tc.list), nil)
			names := map[string]string{}
			var index func(n *resultjson.Node)
			index = func(n *resultjson.Node) {
				names[n.ID] = n.Name
				for _, c := range n.Children {
					index(c)
				}
			}
			index(out.Result.Root)
			var got []string
			for _, w := range out.Result.Warnings {
				if w.Code == "LIST_MARKER" {
					got = append(got, names[*w.NodeID])
				}
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("LIST_MARKER warnings name %q, want [%q]", got, tc.want)
			}
		})
	}
}
