package styles

import (
	"testing"

	"github.com/code2des/backend/worker/convert/boxtree"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestDropUnusedRenumbersRanges: dropping a style no node uses renumbers the rest, and the text
// styles of a TEXT's ranges (and of its listText's) with them.
func TestDropUnusedRenumbersRanges(t *testing.T) {
	text := &resultjson.Node{Type: "TEXT", ID: "1:2",
		StyledTextSegments: []resultjson.StyledTextSegment{{TextStyleID: "S:2"}, {TextStyleID: "S:3"}, {}},
		ListText:           &resultjson.ListText{StyledTextSegments: []resultjson.StyledTextSegment{{TextStyleID: "S:3"}}}}
	frame := &resultjson.Node{Type: "FRAME", ID: "1:3"}
	frame.FillStyleID = "S:4"
	root := &boxtree.Node{Out: &resultjson.Node{Type: "FRAME", ID: "1:1"}, Kind: boxtree.Box}
	root.Add(text, nil, boxtree.Flow, 0)
	root.Add(frame, nil, boxtree.Flow, 0)
	list := dropUnused(root, []resultjson.Style{{ID: "S:1", Type: "PAINT"}, {ID: "S:2", Type: "TEXT", Name: "Body"}, {ID: "S:3", Type: "TEXT", Name: "Bold"}, {ID: "S:4", Type: "PAINT", Name: "Brand"}})
	var names []string
	for _, s := range list {
		names = append(names, s.ID+" "+s.Name)
	}
	segs := text.StyledTextSegments
	if len(list) != 3 || names[0] != "S:1 Body" || names[1] != "S:2 Bold" || names[2] != "S:3 Brand" {
		t.Fatalf("styles %q, want Body, Bold and Brand as S:1 to S:3", names)
	}
	if segs[0].TextStyleID != "S:1" || segs[1].TextStyleID != "S:2" || segs[2].TextStyleID != "" || text.ListText.StyledTextSegments[0].TextStyleID != "S:2" || frame.FillStyleID != "S:3" {
		t.Errorf("ranges %q %q %q, list range %q, frame %q; want S:1 S:2 (none), S:2, S:3", segs[0].TextStyleID, segs[1].TextStyleID, segs[2].TextStyleID, text.ListText.StyledTextSegments[0].TextStyleID, frame.FillStyleID)
	}
}
