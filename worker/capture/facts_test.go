package capture_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStructureFactsRecorded captures a page that scrolls smoothly and scrolls itself after
// load: the fixed header is recorded at y 0 (its place at scroll 0), the boxes' scroll position
// is recorded as 0, 0, the root's custom properties with their computed colours, the custom
// property behind an element's colours, and the flex properties of facts.js.
func TestStructureFactsRecorded(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61", "/structure.html")
	var doc struct {
		Document struct {
			Scroll           *struct{ X, Y float64 } `json:"scroll"`
			CustomProperties []struct {
				Name, Value, Color string
			} `json:"custom_properties"`
			Root json.RawMessage `json:"root"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if s := doc.Document.Scroll; s == nil || s.X != 0 || s.Y != 0 {
		t.Errorf("scroll %+v, want 0, 0", s)
	}
	props := map[string][2]string{}
	for _, p := range doc.Document.CustomProperties {
		props[p.Name] = [2]string{p.Value, p.Color}
	}
	for name, want := range map[string][2]string{"--brand": {"#2563eb", "rgb(37, 99, 235)"}, "--gap": {"12px", ""}, "--font": {"sans-serif", ""}} {
		if props[name] != want {
			t.Errorf("custom property %s = %q, want %q", name, props[name], want)
		}
	}

	// Boxes and vars are read from the raw tree (page_test.go's index keeps style and attributes).
	got := map[string]json.RawMessage{}
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var n struct {
			Attrs    map[string]string `json:"attrs"`
			Children []json.RawMessage `json:"children"`
		}
		_ = json.Unmarshal(raw, &n)
		if id := n.Attrs["id"]; id != "" {
			got[id] = raw
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(doc.Document.Root)
	var boxes struct {
		Box  struct{ Y float64 } `json:"box"`
		Vars map[string]string   `json:"vars"`
	}
	if err := json.Unmarshal(got["top"], &boxes); err != nil {
		t.Fatal(err)
	}
	if boxes.Box.Y != 0 || boxes.Vars["background-color"] != "--brand" {
		t.Errorf("fixed header at y %v with vars %v, want y 0 and background-color from --brand", boxes.Box.Y, boxes.Vars)
	}
	if s := byID["row"].Style; s["display"] != "flex" || s["column-gap"] != "12px" || s["padding-top"] != "60px" {
		t.Errorf("row style %v, want flex with column-gap 12px", s)
	}
	if s := byID["grow"].Style; s["flex-grow"] != "2" {
		t.Errorf("grow style %v, want flex-grow 2", s)
	}
	var grow struct {
		Vars map[string]string `json:"vars"`
	}
	_ = json.Unmarshal(got["grow"], &grow)
	if grow.Vars["color"] != "--brand" {
		t.Errorf("grow vars %v, want color from --brand", grow.Vars)
	}
	if _, ok := byID["plain"].Style["flex-grow"]; ok {
		t.Error("a default flex-grow was recorded")
	}
	// A grid: its resolved tracks (px) in style, how CSS sizes them in grid_tracks; an item's
	// placement; no grid_tracks on other elements.
	var grid struct {
		Style      map[string]string               `json:"style"`
		GridTracks *struct{ Columns, Rows string } `json:"grid_tracks"`
	}
	_ = json.Unmarshal(got["grid"], &grid)
	if grid.GridTracks == nil || grid.GridTracks.Columns != "100px 1fr auto" || grid.GridTracks.Rows != "none" {
		t.Errorf("grid tracks %+v, want columns 100px 1fr auto and rows none", grid.GridTracks)
	}
	if c := grid.Style["grid-template-columns"]; !strings.HasPrefix(c, "100px ") || strings.Contains(c, "fr") {
		t.Errorf("grid-template-columns %q, want the resolved px", c)
	}
	if s := byID["wide"].Style; s["grid-column-start"] != "span 2" || s["grid-column-end"] != "" {
		t.Errorf("wide item style %v, want grid-column-start span 2 and the default end left out", s)
	}
	var row struct {
		GridTracks json.RawMessage `json:"grid_tracks"`
	}
	_ = json.Unmarshal(got["row"], &row)
	if row.GridTracks != nil {
		t.Errorf("the flex row has grid_tracks %s", row.GridTracks)
	}
}
