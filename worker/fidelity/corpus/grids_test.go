package corpus_test

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// layoutCount is what became of one page's flex or grid containers (docs/fidelity.md
// "Structure").
type layoutCount struct {
	page                 string
	containers           int
	grid, flow, absolute int
	unmatched            int
	reasons              []string
	// frames are the auto-layout frames taken as the containers' (GRID or HORIZONTAL/VERTICAL).
	frames map[*resultjson.Node]bool
}

// boxMatchTolerance is how far, in px, a frame's edges may be from a grid container's captured
// border box for the frame to be taken as the container's.
const boxMatchTolerance = 0.6

// flexContainer says whether element d is a flex container (display flex or inline-flex) that
// lays out elements of its own: a form control (input, select, textarea; Bulma's inputs are
// inline-flex) has none, its text is the control's.
func flexContainer(d *capturemodel.DOMNode) bool {
	switch d.Tag {
	case "input", "select", "textarea":
		return false
	}
	return layout.Container(d) && !layout.GridContainer(d)
}

// countLayouts finds the frame of each visible container of a run that is (layout.GridContainer
// or flexContainer) by its box (the result keeps every captured box; frames are matched by their
// position in the page) and counts the containers that became GRID frames, HORIZONTAL/VERTICAL
// frames, or stayed absolute (a diagnostic on the frame), with the reasons.
func countLayouts(page string, r *run, is func(*capturemodel.DOMNode) bool) layoutCount {
	c := layoutCount{page: page, frames: map[*resultjson.Node]bool{}}
	type placed struct {
		n    *resultjson.Node
		x, y float64
	}
	var frames []placed
	walkPage(r.Result.Root, func(n *resultjson.Node, x, y float64, _ rect) {
		if n.Type == "FRAME" {
			frames = append(frames, placed{n, x, y})
		}
	})
	skipped := map[string]string{}
	for _, d := range r.Result.Diagnostics {
		if d.Code == resultjson.DiagAutoLayoutSkipped {
			name, reason, _ := strings.Cut(d.Message, " keeps absolute positions: ")
			skipped[d.NodeID] = name + ": " + reason
		}
	}
	var visit func(d *capturemodel.DOMNode)
	visit = func(d *capturemodel.DOMNode) {
		if d.Type == "element" && is(d) && d.Computed("visibility") == "visible" {
			c.containers++
			kind, reason := "", ""
			var taken *resultjson.Node
			for _, f := range frames {
				b := d.Box
				if math.Abs(f.x-b.X) > boxMatchTolerance || math.Abs(f.y-b.Y) > boxMatchTolerance ||
					math.Abs(f.n.Width-b.Width) > boxMatchTolerance || math.Abs(f.n.Height-b.Height) > boxMatchTolerance {
					continue
				}
				switch {
				case f.n.LayoutMode == layout.Grid:
					kind, taken = "grid", f.n
				case skipped[f.n.ID] != "" && kind != "grid":
					kind, reason = "absolute", skipped[f.n.ID]
				case f.n.LayoutMode != "" && kind == "":
					kind, taken = "flow", f.n
				}
			}
			if taken != nil && kind != "absolute" {
				c.frames[taken] = true
			}
			switch kind {
			case "grid":
				c.grid++
			case "flow":
				c.flow++
			case "absolute":
				c.absolute++
				c.reasons = append(c.reasons, reason)
			default:
				c.unmatched++
			}
		}
		for _, k := range d.Children {
			if k != nil {
				visit(k)
			}
		}
	}
	visit(r.Capture.Document.Root)
	return c
}

// layoutTable renders the container counts of the runs as a Markdown table, with a total row.
func layoutTable(counts []layoutCount) string {
	var b strings.Builder
	b.WriteString("| page | containers | GRID | HORIZONTAL/VERTICAL | absolute | no frame found | reasons |\n|---|---|---|---|---|---|---|\n")
	var total layoutCount
	for _, c := range counts {
		sort.Strings(c.reasons)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", c.page, c.containers, c.grid, c.flow, c.absolute, c.unmatched, strings.Join(c.reasons, "; "))
		total.containers += c.containers
		total.grid += c.grid
		total.flow += c.flow
		total.absolute += c.absolute
		total.unmatched += c.unmatched
	}
	fmt.Fprintf(&b, "| all | %d | %d | %d | %d | %d | |\n", total.containers, total.grid, total.flow, total.absolute, total.unmatched)
	return b.String()
}
