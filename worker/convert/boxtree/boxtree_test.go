package boxtree_test

import (
	"math"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestFinishPaintsByLayerThenDocumentOrder: kids keep the order they were added in; the result
// node's children are in paint order (layer, then z-index, then document order), and Walk visits
// each node before its kids in document order.
func TestFinishPaintsByLayerThenDocumentOrder(t *testing.T) {
	root := &boxtree.Node{Out: &resultjson.Node{ID: "root"}, Kind: boxtree.Box}
	for _, k := range []struct {
		id       string
		group, z int
	}{{"top", boxtree.Positive, 5}, {"flow1", boxtree.Flow, 0}, {"under", boxtree.Negative, -1}, {"pos", boxtree.Positioned, 0}, {"flow2", boxtree.Flow, 0}, {"top2", boxtree.Positive, 2}} {
		root.Add(&resultjson.Node{ID: k.id}, nil, k.group, k.z)
	}
	root.Kids = append([]*boxtree.Node{{Out: &resultjson.Node{ID: "svgbg"}, Group: boxtree.Negative, Z: math.MinInt}}, root.Kids...)
	if root.Add(nil, nil, boxtree.Flow, 0) != nil || len(root.Kids) != 7 {
		t.Fatalf("a nil node was added: %d kids", len(root.Kids))
	}
	root.Kids[2].Add(&resultjson.Node{ID: "inner"}, nil, boxtree.Flow, 0)
	root.Finish()
	var painted, walked []string
	for _, c := range root.Out.Children {
		painted = append(painted, c.ID)
	}
	root.Walk(func(n *boxtree.Node) { walked = append(walked, n.Out.ID) })
	if got, want := strings.Join(painted, " "), "svgbg under flow1 flow2 pos top2 top"; got != want {
		t.Errorf("paint order %q, want %q", got, want)
	}
	if got, want := strings.Join(walked, " "), "root svgbg top flow1 inner under pos flow2 top2"; got != want {
		t.Errorf("walk order %q, want %q", got, want)
	}
}
