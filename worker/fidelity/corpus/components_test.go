package corpus_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// componentCount is what the components pass made of one page (docs/fidelity.md "Structure"):
// components, their uses (instances), the layers the instances take from their main component
// (the nodes of the uses but each component's first, nested uses counted once), the nodes of the tree (the page's own layers are the
// nodes less those the instances take), the repeats left plain, the
// components with state variants ("States as variants"), the variants, and the states that
// made none.
type componentCount struct {
	page                  string
	components, instances int
	inherited, nodes      int
	skipped               int
	withStates, variants  int
	statesSkipped         int
	names                 []string
	// whyNoState are the STATE_SKIPPED messages' reasons (after "has no <State> variant: ").
	whyNoState []string
	// approximated are the STATE_APPROXIMATED messages: variants drawn without part of their state.
	approximated []string
}

// countComponents counts the components of a run's result.
func countComponents(page string, r *run) componentCount {
	c := componentCount{page: page}
	seen := map[string]bool{}
	// walk counts n's subtree; taken says n is in a use past its component's first (a nested
	// use inside one is counted once).
	var walk func(n *resultjson.Node, taken bool)
	walk = func(n *resultjson.Node, taken bool) {
		c.nodes++
		if id := n.ComponentID; id != "" {
			c.instances++
			if n.ComponentName != "" {
				c.names = append(c.names, fmt.Sprintf("%s (%s)", n.ComponentName, id))
				if len(n.ComponentVariants) > 0 {
					c.withStates++
					c.variants += len(n.ComponentVariants)
				}
			}
			taken = taken || seen[id]
			seen[id] = true
		}
		if taken {
			c.inherited++
		}
		for _, k := range n.Children {
			walk(k, taken)
		}
	}
	walk(r.Result.Root, false)
	c.components = len(seen)
	for _, d := range r.Result.Diagnostics {
		switch d.Code {
		case resultjson.DiagComponentSkipped:
			c.skipped++
		case resultjson.DiagStateSkipped:
			c.statesSkipped++
			_, why, _ := strings.Cut(d.Message, " variant: ")
			c.whyNoState = append(c.whyNoState, why)
		case resultjson.DiagStateApproximated:
			c.approximated = append(c.approximated, d.Message)
		}
	}
	return c
}

// componentTable is the Markdown table of the pages' components.
func componentTable(counts []componentCount) string {
	sort.Slice(counts, func(i, j int) bool { return counts[i].page < counts[j].page })
	var b strings.Builder
	b.WriteString("| page | nodes | components | instances | nodes in instances past the first use | own layers | repeats left plain | with states | variants | states left out | components |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	var comps, insts, states, variants int
	for _, c := range counts {
		comps, insts, states, variants = comps+c.components, insts+c.instances, states+c.withStates, variants+c.variants
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n", c.page, c.nodes, c.components, c.instances, c.inherited, c.nodes-c.inherited, c.skipped,
			c.withStates, c.variants, c.statesSkipped, strings.Join(c.names, ", "))
	}
	fmt.Fprintf(&b, "| all | | %d | %d | | | | %d | %d | | |\n", comps, insts, states, variants)
	for _, c := range counts {
		if len(c.whyNoState) > 0 {
			fmt.Fprintf(&b, "\n%s, states without a variant: %s", c.page, strings.Join(c.whyNoState, "; "))
		}
		if len(c.approximated) > 0 {
			fmt.Fprintf(&b, "\n%s, variants drawn without part of their state: %s", c.page, strings.Join(c.approximated, "; "))
		}
	}
	return b.String()
}
