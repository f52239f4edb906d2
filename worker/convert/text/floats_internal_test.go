package text

import (
	"reflect"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestCutRun puts a sentinel where each part starts: before the run, and at the recorded line
// starts (UTF-16 units: "é" and "😀" are one and two) of the fragments that start one.
func TestCutRun(t *testing.T) {
	t.Parallel()
	starts := []int{0, 6, 12}
	text := "héllo 😀 ab cd"
	for _, c := range []struct {
		cut  []bool
		want string
	}{
		{[]bool{false, false, false}, text},
		{[]bool{true, false, false}, sentinel + text},
		{[]bool{false, true, false}, "héllo " + sentinel + "😀 ab cd"},
		{[]bool{false, false, true}, "héllo 😀 ab " + sentinel + "cd"},
		{[]bool{true, true, true}, sentinel + "héllo " + sentinel + "😀 ab " + sentinel + "cd"},
	} {
		if got := cutRun(text, starts, func(k int) bool { return c.cut[k] }); got != c.want {
			t.Errorf("cut %v: %q, want %q", c.cut, got, c.want)
		}
	}
	if got := cutRun("a\x00b", nil, func(int) bool { return false }); got != "ab" {
		t.Errorf("a run's own NUL kept: %q", got)
	}
}

// TestSplitPieces cuts pieces at the sentinels and trims each part's ends.
func TestSplitPieces(t *testing.T) {
	t.Parallel()
	got := splitPieces([]piece{{"one two ", 0}, {sentinel + " three", 1}, {" four" + sentinel, 0}})
	want := [][]piece{{{"one two", 0}}, {{"three", 1}, {" four", 0}}, nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestPartsOf groups a paragraph's lines by their line boxes: split where a float beside the
// lines ends; nil when no line is shortened, when text lies where a float is (the float is not
// in the paragraph's formatting context), or when a part would start inside a run whose line
// starts were not recorded.
func TestPartsOf(t *testing.T) {
	t.Parallel()
	p := &capturemodel.DOMNode{Type: "element", Tag: "p", Box: capturemodel.Box{X: 0, Y: 0, Width: 400, Height: 96},
		Style: map[string]string{"line-height": "24px"}}
	run := &capturemodel.DOMNode{Type: "text", LineStarts: []int{0, 10, 20, 30}}
	line := func(x, y, w float64) capturemodel.Box { return capturemodel.Box{X: x, Y: y + 4, Width: w, Height: 16} }
	run.Rects = []capturemodel.Box{line(110, 0, 280), line(110, 24, 280), line(0, 48, 390), line(0, 72, 100)}
	refs := []fragRef{{run, 0}, {run, 1}, {run, 2}, {run, 3}}
	left := Float{Box: capturemodel.Box{X: 0, Y: 0, Width: 110, Height: 48}, Left: true}

	got := partsOf(p, run.Rects, refs, []Float{left})
	want := []Part{{Left: 110, Right: 400, From: 0, To: 2}, {Left: 0, Right: 400, From: 2, To: 4}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("left float: %+v, want %+v", got, want)
	}
	// A float ending 0.5 px into a line's box does not shorten it; one ending 1 px into it does.
	for _, c := range []struct {
		height float64
		parts  int
	}{{48.5, 2}, {49, -1}} {
		f := left
		f.Box.Height = c.height
		got := partsOf(p, run.Rects, refs, []Float{f})
		if c.parts > 0 && len(got) != c.parts {
			t.Errorf("float %v tall: %d parts, want %d", c.height, len(got), c.parts)
		}
		if c.parts < 0 && got != nil {
			t.Errorf("float %v tall over the third line's text: %+v, want nil", c.height, got)
		}
	}
	if got := partsOf(p, run.Rects, refs, nil); got != nil {
		t.Errorf("no float: %+v, want nil", got)
	}
	far := Float{Box: capturemodel.Box{X: 500, Y: 0, Width: 100, Height: 96}, Left: true}
	if got := partsOf(p, run.Rects, refs, []Float{far}); got != nil {
		t.Errorf("a float beside the block: %+v, want nil", got)
	}
	old := *run
	old.LineStarts = nil
	oldRefs := []fragRef{{&old, 0}, {&old, 1}, {&old, 2}, {&old, 3}}
	if got := partsOf(p, old.Rects, oldRefs, []Float{left}); got != nil {
		t.Errorf("no line starts recorded: %+v, want nil", got)
	}
	// A right float shortens the right end.
	right := Float{Box: capturemodel.Box{X: 300, Y: 0, Width: 100, Height: 24}}
	runR := &capturemodel.DOMNode{Type: "text", LineStarts: []int{0, 10}, Rects: []capturemodel.Box{line(0, 0, 290), line(0, 24, 390)}}
	got = partsOf(p, runR.Rects, []fragRef{{runR, 0}, {runR, 1}}, []Float{right})
	want = []Part{{Left: 0, Right: 300, From: 0, To: 1}, {Left: 0, Right: 400, From: 1, To: 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("right float: %+v, want %+v", got, want)
	}
}

// TestFloatsOf lists the drawn floats with their margin boxes; not an empty one, nor one under a
// transformed element.
func TestFloatsOf(t *testing.T) {
	t.Parallel()
	el := func(style map[string]string, box capturemodel.Box, kids ...*capturemodel.DOMNode) *capturemodel.DOMNode {
		return &capturemodel.DOMNode{Type: "element", Tag: "div", Style: style, Box: box, Children: kids}
	}
	left := el(map[string]string{"float": "left", "margin-right": "16px", "margin-bottom": "8px"}, capturemodel.Box{X: 10, Y: 20, Width: 100, Height: 50})
	right := el(map[string]string{"float": "right"}, capturemodel.Box{X: 300, Y: 20, Width: 50, Height: 50})
	empty := el(map[string]string{"float": "left"}, capturemodel.Box{X: 10, Y: 20, Width: 0, Height: 50})
	turned := el(map[string]string{"transform": "matrix(0, 1, -1, 0, 0, 0)"}, capturemodel.Box{Width: 400, Height: 400},
		el(map[string]string{"float": "left"}, capturemodel.Box{X: 10, Y: 200, Width: 50, Height: 50}))
	doc := &capturemodel.Document{Root: el(nil, capturemodel.Box{Width: 800, Height: 600}, left, right, empty, turned)}
	got := FloatsOf(doc)
	want := []Float{{Box: capturemodel.Box{X: 10, Y: 20, Width: 116, Height: 58}, Left: true}, {Box: capturemodel.Box{X: 300, Y: 20, Width: 50, Height: 50}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
