package corpus_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// componentCount is what the components pass made of one page (docs/fidelity.md "Structure"):
// components, their uses (instances), the layers the instances take from their main component
// (the uses' nodes but the first use's), the nodes of the tree, and the repeats left plain.
type componentCount struct {
	page                  string
	components, instances int
	inherited, nodes      int
	skipped               int
	names                 []string
}

// countComponents counts the components of a run's result.
func countComponents(page string, r *run) componentCount {
	c := componentCount{page: page}
	seen := map[string]bool{}
	r.Result.Root.Walk(func(n *resultjson.Node) {
		c.nodes++
		if n.ComponentID == "" {
			return
		}
		c.instances++
		if n.ComponentName != "" {
			c.names = append(c.names, fmt.Sprintf("%s (%s)", n.ComponentName, n.ComponentID))
		}
		if !seen[n.ComponentID] {
			seen[n.ComponentID] = true
			return
		}
		n.Walk(func(*resultjson.Node) { c.inherited++ })
	})
	c.components = len(seen)
	for _, d := range r.Result.Diagnostics {
		if d.Code == resultjson.DiagComponentSkipped {
			c.skipped++
		}
	}
	return c
}

// componentTable is the Markdown table of the pages' components.
func componentTable(counts []componentCount) string {
	sort.Slice(counts, func(i, j int) bool { return counts[i].page < counts[j].page })
	var b strings.Builder
	b.WriteString("| page | nodes | components | instances | nodes in instances past the first use | repeats left plain | components |\n|---|---|---|---|---|---|---|\n")
	var comps, insts int
	for _, c := range counts {
		comps, insts = comps+c.components, insts+c.instances
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", c.page, c.nodes, c.components, c.instances, c.inherited, c.skipped, strings.Join(c.names, ", "))
	}
	fmt.Fprintf(&b, "| all | | %d | %d | | | |\n", comps, insts)
	return b.String()
}
