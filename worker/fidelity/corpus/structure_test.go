package corpus_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestCorpusStructure runs the corpus pages through the pipeline (as the gate does) and reports
// how Figma-native their results are (docs/fidelity.md "Structure"): the share of flex and grid
// containers that became auto-layout frames (each re-checked with layout.LayOut within
// layout.Tolerance), the diagnostics of the rest, the text frames and the columns (HORIZONTAL and
// VERTICAL auto-layout frames of no container, docs/conversion.md "Text frames", "Columns"), and
// the styles and variables. It fails
// when an auto-layout frame would move a child, when a page's share is below minAutoLayoutShare,
// or the corpus's below minCorpusAutoLayoutShare.
func TestCorpusStructure(t *testing.T) {
	if os.Getenv("FIDELITY_GATE") == "" {
		t.Skip("runs with the fidelity gate (FIDELITY_GATE=1)")
	}
	p := startPipeline(t)
	var b strings.Builder
	b.WriteString("| page | flex/grid containers | auto layout | text frames | columns | paint styles | text styles | effect styles | variables | skipped (reason) |\n|---|---|---|---|---|---|---|---|---|---|\n")
	allContainers, allFrames := 0, 0
	for _, page := range Pages {
		r := p.runPage(t, page)
		containers := countContainers(r.Capture.Document.Root)
		// The containers' frames, found by their boxes; every other auto-layout frame is a text
		// frame (HORIZONTAL) or a column (VERTICAL).
		lc := countLayouts(page, r, layout.Container)
		frames := lc.grid + lc.flow
		textFrames, columns := 0, 0
		var walk func(n *resultjson.Node)
		walk = func(n *resultjson.Node) {
			if n.LayoutMode != "" {
				switch {
				case lc.frames[n]:
				case n.LayoutMode == layout.Vertical:
					columns++
				default:
					textFrames++
				}
				if worst, d := layout.Mismatch(n); d > layout.Tolerance {
					t.Errorf("%s: auto layout of %s %q moves %q by %.2f px", page, n.ID, n.Name, worst.Name, d)
				}
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(r.Result.Root)
		allContainers, allFrames = allContainers+containers, allFrames+frames
		styles := map[string]int{}
		for _, s := range r.Result.Styles {
			styles[s.Type]++
		}
		var reasons []string
		for _, d := range r.Result.Diagnostics {
			if d.Code == resultjson.DiagAutoLayoutSkipped {
				reasons = append(reasons, d.Message)
			}
		}
		vars := 0
		if r.Result.Variables != nil {
			vars = len(r.Result.Variables.Variables)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n", page, containers, frames, textFrames, columns, styles["PAINT"], styles["TEXT"], styles["EFFECT"], vars, strings.Join(reasons, "; "))
		if containers > 0 && frames*100 < containers*minAutoLayoutShare {
			t.Errorf("%s: %d of %d flex/grid containers have auto layout, want at least %d%%", page, frames, containers, minAutoLayoutShare)
		}
	}
	fmt.Print("\n" + b.String() + "\n")
	if allFrames*100 < allContainers*minCorpusAutoLayoutShare {
		t.Errorf("%d of %d flex/grid containers of the corpus have auto layout, want at least %d%%", allFrames, allContainers, minCorpusAutoLayoutShare)
	}
}

// minAutoLayoutShare is the least share (percent) of a corpus page's flex and grid containers
// that must become auto-layout frames.
const minAutoLayoutShare = 80

// minCorpusAutoLayoutShare is the least share (percent) of all the corpus's flex and grid
// containers that must become auto-layout frames (29 of 29 on 2026-11-30).
const minCorpusAutoLayoutShare = 95

// countContainers counts the visible flex and grid containers of a captured tree.
func countContainers(n *capturemodel.DOMNode) int {
	c := 0
	if n.Type == "element" {
		switch n.Style["display"] {
		case "flex", "inline-flex", "grid", "inline-grid":
			if v := n.Style["visibility"]; v == "" || v == "visible" {
				c++
			}
		}
	}
	for _, ch := range n.Children {
		if ch != nil {
			c += countContainers(ch)
		}
	}
	return c
}
