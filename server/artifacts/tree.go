package artifacts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// Node types of the tree (a subset of Figma's node types that a conversion worker emits; see
// docs/results.md). Only FRAME and GROUP may have children; the root is a FRAME.
const (
	NodeFrame     = "FRAME"
	NodeGroup     = "GROUP"
	NodeText      = "TEXT"
	NodeRectangle = "RECTANGLE"
	NodeEllipse   = "ELLIPSE"
	NodeLine      = "LINE"
	NodeVector    = "VECTOR"
	// NodeSVG is created by the plugin with figma.createNodeFromSvg from the SVG image its
	// imageRef names.
	NodeSVG = "SVG"
)

var (
	nodeTypes      = map[string]bool{NodeFrame: true, NodeGroup: true, NodeText: true, NodeRectangle: true, NodeEllipse: true, NodeLine: true, NodeVector: true, NodeSVG: true}
	containerTypes = map[string]bool{NodeFrame: true, NodeGroup: true}
	// paintTypes are Figma's Paint types the plugin can create; VIDEO is not among them.
	paintTypes = map[string]bool{"SOLID": true, "GRADIENT_LINEAR": true, "GRADIENT_RADIAL": true, "GRADIENT_ANGULAR": true, "GRADIENT_DIAMOND": true, "IMAGE": true}
)

// ImageRefUse says how a node tree uses one imageRef, and which node first did (for the reader's
// warnings). Nodes are counted in the order their objects end, so a child comes before its parent.
type ImageRefUse struct {
	Ref string
	// NodeID is the id of the first node that uses the ref.
	NodeID string
	// Raster: used by an IMAGE paint, so the image must be a raster.
	Raster bool
	// SVG: used by an SVG node, so the image must be an SVG. When neither is set, the ref is
	// named by an "imageRef" member inside a value the backend does not interpret: the image
	// must exist, of any kind.
	SVG bool
}

// ValidateTree checks the node tree rules of docs/results.md ("Node tree rules") on the exact
// stored bytes of "root" and returns every imageRef it uses, in first-use order. Member names are
// matched exactly (case-sensitive, as the plugin's JSON.parse reads them) and a member repeated in
// one object is refused, so what is checked is what the plugin will read. Whether each imageRef
// names an entry of images is checked by ParseResult.
//
// Errors (CodeFailedPrecondition, cause ErrInvalidTree): the first broken rule, with a
// client-safe message.
func ValidateTree(root []byte) ([]ImageRefUse, error) {
	w, err := validateTree(root, ResultVersion)
	if err != nil {
		return nil, err
	}
	if err := checkComponents(w.components); err != nil {
		return nil, err
	}
	return w.uses, nil
}

// validateTree is ValidateTree for a result of the given manifest version (styledTextSegments
// exist from version 2 on), returning the walker, which also holds the style references and
// whether the other version 2 members were used.
func validateTree(root []byte, version int) (*treeWalker, error) {
	w := &treeWalker{
		src:     root,
		dec:     json.NewDecoder(bytes.NewReader(root)),
		ids:     make(map[string]struct{}),
		refs:    make(map[string]int),
		texts:   make(map[string]string),
		version: version,
	}
	typ, err := w.node(1)
	if err != nil {
		return nil, invalid(because(ErrInvalidTree, err), "result node tree: %v", err)
	}
	if typ != NodeFrame {
		return nil, invalid(ErrInvalidTree, "result node tree: the root is a %s, want %s", typ, NodeFrame)
	}
	if _, err := w.dec.Token(); err != io.EOF {
		return nil, invalid(ErrInvalidTree, "result node tree: data after the root node")
	}
	return w, nil
}

type treeWalker struct {
	// src is the tree's bytes, which dec reads: a node's members are hashed from them.
	src   []byte
	dec   *json.Decoder
	nodes int
	ids   map[string]struct{}
	// uses holds one entry per imageRef, in first-use order; refs indexes it by ref.
	uses []ImageRefUse
	refs map[string]int
	// structured says a version 2 member was seen; styleUses are the style references in the
	// order their nodes end; last is what the node just read tells its parent (structure.go).
	structured bool
	styleUses  []StyleRefUse
	// variableUses are the variables the tree's paints bind (a gradient stop's colour).
	variableUses []variableRefUse
	last         childStructure
	// version is the result's manifest version.
	version int
	// components are the uses of components, in the order their nodes end (components.go).
	components []componentUse
	// idOrder are the node ids in the order their nodes end (a node's subtree is a run of it
	// ending with its own id) and texts the characters of each TEXT node by id, for the
	// variant overrides (variants.go).
	idOrder []string
	texts   map[string]string
	// listDrawn are the TEXT nodes a reader that draws lists leaves out (a sibling's listText
	// replaces them, or a listMarker outside auto layout): no variant may override them.
	listDrawn map[string]bool
}

// addRef records a use of ref by the node nodeID.
func (w *treeWalker) addRef(ref, nodeID string, raster, svg bool) {
	i, ok := w.refs[ref]
	if !ok {
		i = len(w.uses)
		w.refs[ref] = i
		w.uses = append(w.uses, ImageRefUse{Ref: ref, NodeID: nodeID})
	}
	w.uses[i].Raster = w.uses[i].Raster || raster
	w.uses[i].SVG = w.uses[i].SVG || svg
}

// pendingRef is an imageRef seen inside a node before the node's id is known, or, where member
// is set, the id of a variable a paint of that member binds.
type pendingRef struct {
	ref         string
	raster, svg bool
	member      string
}

// node reads one node object at depth and returns its type.
func (w *treeWalker) node(depth int) (string, error) {
	if depth > MaxTreeDepth {
		return "", fmt.Errorf("nodes nested deeper than %d", MaxTreeDepth)
	}
	w.nodes++
	if w.nodes > MaxNodeCount {
		return "", fmt.Errorf("more than %d nodes", MaxNodeCount)
	}
	if err := w.expectDelim('{', "a node"); err != nil {
		return "", err
	}
	var (
		typ, id, name, characters, imageRef *string
		hasChildren                         bool
		refs                                []pendingRef
		st                                  nodeStructure
		segments                            []segmentRange
		hasSegments                         bool
		tf                                  nodeTransform
		tm                                  textMembers
		shape                               nodeShape
		compID, compName                    *string
		set                                 setVariant
		variants                            []variantOverride
		hasVariants                         bool
	)
	firstID := len(w.idOrder)     // the ids of the subtree's nodes follow, as they end
	firstUse := len(w.components) // the uses inside the node follow, as they end
	seen := make(map[string]struct{}, 8)
	for w.dec.More() {
		key, err := w.key(seen)
		if err != nil {
			return "", err
		}
		start := w.dec.InputOffset()
		switch key {
		case "componentId", "componentName":
			var v *string
			v, err = w.componentMember(key)
			if key == "componentId" {
				compID = v
			} else {
				compName = v
			}
		case "variantOf":
			set.of, err = w.componentMember(key)
		case "variantProperties":
			set.value, err = w.setVariantProperties()
		case "componentVariants":
			hasVariants = true
			variants, refs, err = w.componentVariants(refs)
		case "type":
			typ, err = w.str(key)
		case "id":
			id, err = w.str(key)
		case "name":
			name, err = w.str(key)
		case "characters":
			characters, err = w.str(key)
		case "imageRef":
			imageRef, err = w.str(key)
		case "children":
			hasChildren = true
			if err = w.expectDelim('[', `"children"`); err != nil {
				return "", err
			}
			for w.dec.More() {
				if _, err := w.node(depth + 1); err != nil {
					return "", err
				}
				st.children = append(st.children, w.last)
			}
			err = w.expectDelim(']', `the end of "children"`)
		case "fills", "strokes":
			refs, err = w.paints(key, refs)
		case "styledTextSegments":
			hasSegments = true
			segments, refs, err = w.segments(refs)
		case "listText":
			tm.list, refs, err = w.listTextMember(refs)
		case "relativeTransform":
			err = w.transformMember(&tf)
		case "untransformedWidth":
			tf.width, err = w.sideMember(key)
		case "untransformedHeight":
			tf.height, err = w.sideMember(key)
		default:
			if isTextMember(key) {
				err = w.textMember(key, &tm)
				break
			}
			if isStructureMember(key) {
				err = w.structureMember(key, &st)
				break
			}
			refs, err = w.skip(1, refs)
		}
		if err != nil {
			return "", err
		}
		switch key {
		case "children":
		case "listText":
			// Each use's list names its own siblings, and an instance overrides its
			// characters, ranges and height: the shape holds that there is one, and the
			// parent which siblings it replaces (listSignature).
			shape.add(key, []byte("true"))
		default:
			shape.add(key, w.src[start:w.dec.InputOffset()])
		}
	}
	if err := w.expectDelim('}', "the end of a node"); err != nil {
		return "", err
	}

	if typ == nil || !nodeTypes[*typ] {
		return "", fmt.Errorf("a node has no known type (got %s)", quoted(typ))
	}
	if id == nil || !lengthIn(*id, 1, MaxIdentifierLength) {
		return "", fmt.Errorf("a %s node has no id of 1-%d characters", *typ, MaxIdentifierLength)
	}
	if _, dup := w.ids[*id]; dup {
		return "", fmt.Errorf("node id %q is used twice", *id)
	}
	w.ids[*id] = struct{}{}
	w.idOrder = append(w.idOrder, *id)
	if name == nil {
		return "", fmt.Errorf("node %q has no name", *id)
	}
	if err := tf.check(); err != nil {
		return "", fmt.Errorf("node %q: %w", *id, err)
	}
	if hasChildren && !containerTypes[*typ] {
		return "", fmt.Errorf("node %q is a %s, which cannot have children", *id, *typ)
	}
	switch *typ {
	case NodeText:
		if characters == nil {
			return "", fmt.Errorf("TEXT node %q has no characters", *id)
		}
		w.texts[*id] = *characters
		if hasSegments {
			if w.version < 2 {
				return "", fmt.Errorf("TEXT node %q has styledTextSegments, which need result version 2", *id)
			}
			if err := checkSegments(*characters, segments); err != nil {
				return "", fmt.Errorf("TEXT node %q: %w", *id, err)
			}
			w.segmentStyleUses(*id, "styledTextSegments", segments)
		}
	case NodeSVG:
		if imageRef == nil || *imageRef == "" {
			return "", fmt.Errorf("SVG node %q has no imageRef", *id)
		}
		w.addRef(*imageRef, *id, false, true)
	}
	if err := tm.checkText(*typ, *id); err != nil {
		return "", err
	}
	if tm.list != nil {
		switch {
		case w.version < 2:
			return "", fmt.Errorf("TEXT node %q has a listText, whose styledTextSegments need result version 2", *id)
		case tm.listMarker:
			return "", fmt.Errorf("TEXT node %q is a listMarker with a listText: a reader that draws lists would leave out the list", *id)
		}
		if err := tm.list.check(*typ, *id); err != nil {
			return "", err
		}
		w.segmentStyleUses(*id, "listText.styledTextSegments", tm.list.segments)
	}
	for _, seg := range segments {
		tm.lists = tm.lists || seg.listed
	}
	if hasSegments && *typ != NodeText {
		return "", fmt.Errorf("node %q is a %s, which cannot have styledTextSegments", *id, *typ)
	}
	if imageRef != nil && *typ != NodeSVG {
		return "", fmt.Errorf("node %q is a %s, which cannot have an imageRef", *id, *typ)
	}
	for _, r := range refs {
		if r.member != "" {
			w.variableUses = append(w.variableUses, variableRefUse{ID: r.ref, NodeID: *id, Member: r.member})
			continue
		}
		w.addRef(r.ref, *id, r.raster, r.svg)
	}
	if err := checkListMarkers(*id, st.children); err != nil {
		return "", err
	}
	if err := checkListTexts(*id, st.enums["layoutMode"], st.children); err != nil {
		return "", err
	}
	w.markListDrawn(st.enums["layoutMode"], st.children)
	if sig := listSignature(st.children); sig != nil {
		shape.add("(lists)", sig)
	}
	last, err := w.checkStructure(*typ, *id, &st)
	if err != nil {
		return "", err
	}
	last.listMarker, last.lists = tm.listMarker, tm.lists
	last.text, last.listText = *typ == NodeText, tm.list
	if hasVariants {
		subtree := make(map[string]bool, len(w.idOrder)-firstID)
		for _, d := range w.idOrder[firstID:] {
			subtree[d] = true
		}
		if err := w.checkVariants(*id, compName, variants, subtree); err != nil {
			return "", err
		}
	}
	last.grows = shape.growth(*typ, &st, tf.matrix != nil)
	inner, root := shape.keys(st.children, last.grows, shape.stretched(&st), resizable(&st, tf.matrix != nil), flows(&st))
	if err := set.check(*id, compID, compName, hasVariants); err != nil {
		return "", err
	}
	if err := w.checkComponentNode(depth, *typ, *id, compID, compName, set, root, firstUse); err != nil {
		return "", err
	}
	last.shapes = inner
	w.last = last
	return *typ, nil
}

// paints reads a "fills" or "strokes" list: objects with a known Paint type; an IMAGE paint names
// a raster by imageRef.
func (w *treeWalker) paints(member string, refs []pendingRef) ([]pendingRef, error) {
	if err := w.expectDelim('[', fmt.Sprintf("a list in %q", member)); err != nil {
		return refs, err
	}
	for w.dec.More() {
		if err := w.expectDelim('{', fmt.Sprintf("a paint in %q", member)); err != nil {
			return refs, err
		}
		var typ, imageRef *string
		bound := false // the paint has boundVariables of its own (a SOLID paint's only)
		seen := make(map[string]struct{}, 4)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return refs, err
			}
			switch key {
			case "type":
				typ, err = w.str("paint type")
			case "imageRef":
				imageRef, err = w.str("paint imageRef")
			case "boundVariables":
				bound = true
				refs, err = w.colorBinding(member, refs)
			case "gradientStops":
				refs, err = w.colorStops(member, refs)
			default:
				refs, err = w.skip(1, refs)
			}
			if err != nil {
				return refs, err
			}
		}
		if err := w.expectDelim('}', "the end of a paint"); err != nil {
			return refs, err
		}
		if typ == nil || !paintTypes[*typ] {
			return refs, fmt.Errorf("a paint in %q has no known type (got %s)", member, quoted(typ))
		}
		switch {
		case *typ == "IMAGE" && (imageRef == nil || *imageRef == ""):
			return refs, fmt.Errorf("an IMAGE paint in %q has no imageRef", member)
		case *typ != "IMAGE" && imageRef != nil:
			return refs, fmt.Errorf("a %s paint in %q has an imageRef", *typ, member)
		case bound && *typ != "SOLID":
			return refs, fmt.Errorf("a %s paint in %q has boundVariables (a SOLID paint's or a gradient stop's only)", *typ, member)
		case imageRef != nil:
			refs = append(refs, pendingRef{ref: *imageRef, raster: true})
		}
	}
	return refs, w.expectDelim(']', fmt.Sprintf("the end of %q", member))
}

// colorStops reads a gradient's stops in member, each an object whose boundVariables may bind
// its colour (colorBinding).
func (w *treeWalker) colorStops(member string, refs []pendingRef) ([]pendingRef, error) {
	if err := w.expectDelim('[', fmt.Sprintf("the gradientStops of a paint in %q", member)); err != nil {
		return refs, err
	}
	for w.dec.More() {
		if err := w.expectDelim('{', fmt.Sprintf("a gradient stop in %q", member)); err != nil {
			return refs, err
		}
		seen := make(map[string]struct{}, 3)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return refs, err
			}
			if key == "boundVariables" {
				refs, err = w.colorBinding(member, refs)
			} else {
				refs, err = w.skip(1, refs)
			}
			if err != nil {
				return refs, err
			}
		}
		if err := w.expectDelim('}', "the end of a gradient stop"); err != nil {
			return refs, err
		}
	}
	return refs, w.expectDelim(']', "the end of gradientStops")
}

// colorBinding reads a paint's or gradient stop's boundVariables in member: at most a color
// member, a VARIABLE_ALIAS whose id is kept for resolveVariableRefs.
func (w *treeWalker) colorBinding(member string, refs []pendingRef) ([]pendingRef, error) {
	var b struct {
		Color *struct {
			Type string `json:"type"`
			ID   string `json:"id"`
		} `json:"color"`
	}
	var raw json.RawMessage
	if err := w.dec.Decode(&raw); err != nil {
		return refs, err
	}
	if err := decodeStrict(raw, &b); err != nil {
		return refs, fmt.Errorf("the boundVariables of a paint in %q: %w", member, err)
	}
	switch {
	case b.Color == nil:
		return refs, nil
	case b.Color.Type != "VARIABLE_ALIAS" || !lengthIn(b.Color.ID, 1, MaxIdentifierLength):
		return refs, fmt.Errorf("a paint in %q binds its color with other than a VARIABLE_ALIAS of an id of 1 to %d characters", member, MaxIdentifierLength)
	}
	return append(refs, pendingRef{ref: b.Color.ID, member: member}), nil
}

// skip reads one value the backend does not interpret, at JSON nesting level, refusing repeated
// members; any "imageRef" string member inside it must still resolve, so it is collected.
func (w *treeWalker) skip(level int, refs []pendingRef) ([]pendingRef, error) {
	if level > MaxValueNesting {
		return refs, fmt.Errorf("a node member nests deeper than %d", MaxValueNesting)
	}
	tok, err := w.dec.Token()
	if err != nil {
		return refs, err
	}
	switch tok {
	case json.Delim('{'):
		seen := make(map[string]struct{}, 4)
		for w.dec.More() {
			key, err := w.key(seen)
			if err != nil {
				return refs, err
			}
			if key == "imageRef" {
				ref, err := w.str("imageRef")
				if err != nil {
					return refs, err
				}
				refs = append(refs, pendingRef{ref: *ref})
				continue
			}
			if refs, err = w.skip(level+1, refs); err != nil {
				return refs, err
			}
		}
		return refs, w.expectDelim('}', "the end of an object")
	case json.Delim('['):
		for w.dec.More() {
			if refs, err = w.skip(level+1, refs); err != nil {
				return refs, err
			}
		}
		return refs, w.expectDelim(']', "the end of a list")
	}
	return refs, nil
}

// key reads an object member name and refuses one already in seen.
func (w *treeWalker) key(seen map[string]struct{}) (string, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return "", err
	}
	key, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("expected a member name, got %v", tok)
	}
	if _, dup := seen[key]; dup {
		return "", fmt.Errorf("member %q appears twice in one object", key)
	}
	seen[key] = struct{}{}
	return key, nil
}

// boolean reads the boolean value of member key.
func (w *treeWalker) boolean(key string) (bool, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return false, err
	}
	v, ok := tok.(bool)
	if !ok {
		return false, fmt.Errorf("%q must be a boolean", key)
	}
	return v, nil
}

// str reads a string value (what names it in an error).
func (w *treeWalker) str(what string) (*string, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return nil, err
	}
	s, ok := tok.(string)
	if !ok {
		return nil, fmt.Errorf("%q must be a string", what)
	}
	return &s, nil
}

func (w *treeWalker) expectDelim(d json.Delim, what string) error {
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("expected %s, got %v", what, tok)
	}
	return nil
}

func quoted(s *string) string {
	if s == nil {
		return "nothing"
	}
	return fmt.Sprintf("%q", *s)
}

// Bounds of a node's transform (docs/results.md "Transforms").
const (
	// MaxTransformMagnitude bounds every number of relativeTransform and the untransformed
	// size (px, or a factor for the linear part).
	MaxTransformMagnitude = 1e7
	// MinTransformDeterminant is the smallest |a*d - b*c| of relativeTransform: a flatter
	// transform cannot be inverted (Figma refuses it) and draws nothing.
	MinTransformDeterminant = 1e-6
)

// nodeTransform is what a node says of its transform: relativeTransform and its untransformed
// size, which come together or not at all.
type nodeTransform struct {
	matrix        *[2][3]float64
	width, height *float64
}

// transformMember reads relativeTransform: [[a, c, e], [b, d, f]], finite numbers within
// MaxTransformMagnitude, |a*d - b*c| at least MinTransformDeterminant.
func (w *treeWalker) transformMember(tf *nodeTransform) error {
	var m [][]float64
	if err := w.dec.Decode(&m); err != nil {
		return fmt.Errorf(`"relativeTransform" must be [[a, c, e], [b, d, f]] of numbers`)
	}
	if len(m) != 2 || len(m[0]) != 3 || len(m[1]) != 3 {
		return fmt.Errorf(`"relativeTransform" must be 2 rows of 3 numbers`)
	}
	var out [2][3]float64
	for i := range out {
		for j := range out[i] {
			v := m[i][j]
			if math.IsNaN(v) || math.Abs(v) > MaxTransformMagnitude {
				return fmt.Errorf(`"relativeTransform" numbers must be within ±%g`, float64(MaxTransformMagnitude))
			}
			out[i][j] = v
		}
	}
	if det := out[0][0]*out[1][1] - out[1][0]*out[0][1]; math.Abs(det) < MinTransformDeterminant {
		return fmt.Errorf(`"relativeTransform" is degenerate (determinant %g, at least %g in magnitude)`, det, MinTransformDeterminant)
	}
	tf.matrix = &out
	return nil
}

// sideMember reads an untransformed side: a number above 0, at most MaxTransformMagnitude.
func (w *treeWalker) sideMember(key string) (*float64, error) {
	var v float64
	if err := w.dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%q must be a number", key)
	}
	if !(v > 0) || v > MaxTransformMagnitude {
		return nil, fmt.Errorf("%q must be above 0 and at most %g", key, float64(MaxTransformMagnitude))
	}
	return &v, nil
}

// check requires relativeTransform, untransformedWidth and untransformedHeight together.
func (tf nodeTransform) check() error {
	if (tf.matrix != nil) != (tf.width != nil) || (tf.matrix != nil) != (tf.height != nil) {
		return fmt.Errorf(`"relativeTransform", "untransformedWidth" and "untransformedHeight" come together`)
	}
	return nil
}
