package capture_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/capture"
)

// stateRecord is one entry of the capture document's "states".
type stateRecord struct {
	Element int    `json:"element"`
	State   string `json:"state"`
	Changes []struct {
		Element int               `json:"element"`
		Style   map[string]string `json:"style"`
		Box     *capturedBox      `json:"box"`
	} `json:"changes"`
}

// capturedStates reads the document's states and the preorder index of each recorded element
// with an id (the index the states use); present says whether "states" was there at all.
func capturedStates(t *testing.T, raw []byte) (states []stateRecord, index map[string]int, present bool) {
	t.Helper()
	var doc struct {
		Document struct {
			Root   json.RawMessage `json:"root"`
			States json.RawMessage `json:"states"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	index = map[string]int{}
	next := 0
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var n formNode
		if err := json.Unmarshal(raw, &n); err != nil {
			t.Fatal(err)
		}
		if n.Type != "element" {
			return
		}
		if id := n.Attrs["id"]; id != "" {
			index[id] = next
		}
		next++
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(doc.Document.Root)
	if doc.Document.States == nil {
		return nil, index, false
	}
	if err := json.Unmarshal(doc.Document.States, &states); err != nil {
		t.Fatalf("states: %v", err)
	}
	return states, index, true
}

// TestStatesRecorded captures states.html: each button's forced :hover and :focus-visible
// record the background and text colour they set (read at rest, not at the start of the
// buttons' 2 s transition) and the focus ring's shadow; a card's :hover records its border
// colours and its title's colour (an element inside it, by its own index); a chip's :hover,
// which grows its padding, records the padding and the taller box; a card's paragraph,
// which no state changes, is in no record, nor does any card or chip record a focus state.
func TestStatesRecorded(t *testing.T) {
	t.Parallel()
	raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa0", "/states.html")
	states, index, ok := capturedStates(t, raw)
	if !ok {
		t.Fatal("no states")
	}
	byKey := map[string]stateRecord{}
	for _, s := range states {
		byKey[fmt.Sprintf("%d/%s", s.Element, s.State)] = s
	}
	if len(states) != 3*2+3+3 {
		t.Errorf("%d state records, want 12 (3 buttons x 2 states, 3 cards, 3 chips)", len(states))
	}
	buy := index["buy"]
	blue := "rgb(37, 99, 235)"
	for key, want := range map[string]map[int]map[string]string{
		fmt.Sprintf("%d/hover", buy): {buy: {"background-color": blue, "color": "rgb(255, 255, 255)"}},
		fmt.Sprintf("%d/focus", buy): {buy: {"background-color": "rgb(29, 78, 216)", "color": "rgb(255, 255, 255)", "box-shadow": "rgb(147, 197, 253) 0px 0px 0px 3px"}},
		fmt.Sprintf("%d/hover", index["card-1"]): {
			index["card-1"]:     {"border-top-color": blue, "border-right-color": blue, "border-bottom-color": blue, "border-left-color": blue},
			index["card-1"] + 1: {"color": blue},
		},
	} {
		rec, ok := byKey[key]
		if !ok {
			t.Errorf("no record %s", key)
			continue
		}
		got := map[int]map[string]string{}
		for _, c := range rec.Changes {
			got[c.Element] = c.Style
			if c.Box != nil {
				t.Errorf("%s: element %d moved to %+v, want no box", key, c.Element, *c.Box)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s changes %v, want %v", key, got, want)
		}
	}
	chip := byKey[fmt.Sprintf("%d/hover", index["chip-1"])]
	if len(chip.Changes) != 1 || chip.Changes[0].Box == nil {
		t.Fatalf("chip hover changes %+v, want one with a box", chip.Changes)
	}
	c := chip.Changes[0]
	if want := map[string]string{"padding-top": "6px", "padding-bottom": "6px"}; !reflect.DeepEqual(c.Style, want) {
		t.Errorf("chip hover style %v, want %v", c.Style, want)
	}
	if c.Box.Height != 36 {
		t.Errorf("chip hover box %+v, want 36 px tall (24 + 2 x 6)", *c.Box)
	}
	for key := range byKey {
		if strings.HasPrefix(key, fmt.Sprintf("%d/", index["card-1"]+2)) {
			t.Errorf("a card's paragraph has a state record %s", key)
		}
	}
	if _, ok := byKey[fmt.Sprintf("%d/focus", index["card-1"])]; ok {
		t.Error("a card records a focus state, which no rule styles")
	}
}

// TestStatesLimited: of a page with more elements styled on :hover than MaxStateElements, the
// first MaxStateElements are recorded and a STATES_LIMITED warning counts the rest; at the
// limit every element is recorded without a warning. A page without state rules records no
// "states".
func TestStatesLimited(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		id   string
		n    int
		over int
	}{
		"AtMaxStateElements":   {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa1", capture.MaxStateElements, 0},
		"PastMaxStateElements": {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa2", capture.MaxStateElements + 1, 1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			raw, _ := capturePage(t, tc.id, fmt.Sprintf("/states-many.html?n=%d", tc.n))
			states, _, _ := capturedStates(t, raw)
			if len(states) != capture.MaxStateElements {
				t.Errorf("%d state records, want %d", len(states), capture.MaxStateElements)
			}
			for _, s := range states {
				if s.State != "hover" || len(s.Changes) != 1 || s.Changes[0].Style["background-color"] != "rgb(37, 99, 235)" {
					t.Errorf("record %+v, want a hover turning the background rgb(37, 99, 235)", s)
					break
				}
			}
			var limited []string
			for _, w := range capturedWarnings(t, raw) {
				if w.Code == capture.WarnStatesLimited {
					limited = append(limited, w.Message)
				}
			}
			switch {
			case tc.over == 0 && len(limited) != 0:
				t.Errorf("warnings %q at the limit, want none", limited)
			case tc.over > 0 && (len(limited) != 1 || !strings.HasPrefix(limited[0], fmt.Sprintf("%d elements", tc.over))):
				t.Errorf("STATES_LIMITED warnings %q, want one counting %d", limited, tc.over)
			}
		})
	}
	t.Run("NoStateRules", func(t *testing.T) {
		t.Parallel()
		raw, _ := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa3", "/structure.html")
		if _, _, ok := capturedStates(t, raw); ok {
			t.Error("a page without state rules has states")
		}
	})
}

// TestStateBounds: a :hover rule that is rule MaxStateRules of the page is seen and its element
// recorded, one that is rule MaxStateRules+1 is not; an element styled on :hover whose recorded
// subtree has MaxStateSubtree elements is put in its state, one with one element more is not.
func TestStateBounds(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		id, path string
		recorded bool
	}{
		// states-many.html's own two rules come first: the :hover rule is rule rules+2.
		"AtMaxStateRules":     {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa4", fmt.Sprintf("/states-many.html?rules=%d", capture.MaxStateRules-2), true},
		"PastMaxStateRules":   {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa5", fmt.Sprintf("/states-many.html?rules=%d", capture.MaxStateRules-1), false},
		"AtMaxStateSubtree":   {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa6", fmt.Sprintf("/states-many.html?sub=%d", capture.MaxStateSubtree), true},
		"PastMaxStateSubtree": {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aa7", fmt.Sprintf("/states-many.html?sub=%d", capture.MaxStateSubtree+1), false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			raw, _ := capturePage(t, tc.id, tc.path)
			states, _, _ := capturedStates(t, raw)
			if got := len(states) == 1 && states[0].State == "hover" && states[0].Changes[0].Style["background-color"] == "rgb(37, 99, 235)"; got != tc.recorded || (!tc.recorded && len(states) != 0) {
				t.Errorf("states %+v, want the hover recorded: %v", states, tc.recorded)
			}
		})
	}
}
