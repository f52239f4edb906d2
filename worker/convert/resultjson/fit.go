package resultjson

import (
	"fmt"
	"slices"
)

// trimHeadroom is the share of MaxResultBytes a trimmed result aims at, leaving room for the
// estimate's error.
const trimHeadroom = 0.9

// maxTrimRounds bounds the encodings of one trim; each round aims at the size the last one
// measured.
const maxTrimRounds = 6

// Fit encodes res as Encode does; over MaxResultBytes it keeps the first nodes of the tree in
// document order (a prefix of a depth-first walk: every kept node keeps its ancestors) until the
// encoding fits, updating res (the trimmed tree and a page-wide warning of code trimmedCode).
// It returns ErrTooLarge only when even the root alone does not fit (the images, styles or
// warnings alone are over the limit).
func Fit(res *Result, trimmedCode string) ([]byte, error) {
	out, err := encode(res)
	if err != nil || len(out) <= MaxResultBytes {
		return out, err
	}
	total := 0
	res.Root.Walk(func(*Node) { total++ })
	keep, size := total, len(out)
	for range maxTrimRounds {
		keep = min(keep-1, int(float64(keep)*trimHeadroom*float64(MaxResultBytes)/float64(size)))
		if keep < 1 {
			break
		}
		budget := keep
		trimmed := *res
		trimmed.Root = keepFirst(res.Root, &budget)
		trimmed.Warnings = withWarning(res.Warnings, Warning{Code: trimmedCode, NodeID: &res.Root.ID, Message: fmt.Sprintf(
			"the page was too large for one result (over %d MiB): its first %d of %d nodes were kept, the rest of the page is missing",
			MaxResultBytes>>20, keep, total)})
		if out, err = encode(&trimmed); err != nil {
			return nil, err
		}
		if len(out) <= MaxResultBytes {
			*res = trimmed
			return out, nil
		}
		size = len(out)
	}
	return nil, fmt.Errorf("%w: over %d bytes even with its tree trimmed", ErrTooLarge, MaxResultBytes)
}

// Walk calls fn for n and its descendants in the order the result lists them: depth first,
// each node before its children.
func (n *Node) Walk(fn func(*Node)) {
	fn(n)
	for _, k := range n.Children {
		k.Walk(fn)
	}
}

// keepFirst copies the tree under n keeping its first *budget nodes in document order (n
// included), and decreases *budget by the nodes kept. The nodes are copied, not changed. A use of
// a component whose tree is cut is no longer one (its component members are left out); the
// uses after it are gone, so every component keeps its first use, whole; a variant whose set's
// Default component is gone is a component of its own (no VariantOf); a list the cut breaks is
// no list (unlist).
func keepFirst(n *Node, budget *int) *Node {
	c, _ := keepWhole(n, budget)
	kept := map[string]bool{}
	c.Walk(func(n *Node) { kept[n.ComponentID] = n.ComponentID != "" })
	c.Walk(func(n *Node) {
		if n.VariantOf != "" && !kept[n.VariantOf] {
			// The set's Default is gone: the variant stands as a component of its own.
			n.VariantOf, n.VariantProperties = "", nil
		}
	})
	return c
}

// keepWhole is keepFirst that also says whether the whole tree under n was kept.
func keepWhole(n *Node, budget *int) (*Node, bool) {
	*budget--
	c := *n
	c.Children = nil
	whole := true
	for _, k := range n.Children {
		if *budget <= 0 {
			whole = false
			break
		}
		kid, all := keepWhole(k, budget)
		c.Children = append(c.Children, kid)
		whole = whole && all
	}
	if !whole {
		c.Component = Component{}
		unlist(c.Children)
	}
	return &c, whole
}

// unlist makes the kept children of a cut frame stand without the lists the cut broke: a list
// TEXT whose replaced items are gone draws itself (its ListText left out), and list markers'
// TEXTs without a list TEXT left beside them are markers of their own (ListMarker cleared).
func unlist(kids []*Node) {
	kept := make(map[string]bool, len(kids))
	listed := false
	for _, k := range kids {
		kept[k.ID] = true
		listed = listed || slices.ContainsFunc(k.StyledTextSegments, func(s StyledTextSegment) bool {
			return s.ListOptions != nil && s.ListOptions.Type != "NONE"
		})
	}
	for _, k := range kids {
		if k.ListText != nil && slices.ContainsFunc(k.ListText.Replaces, func(id string) bool { return !kept[id] }) {
			k.ListText = nil
		}
		if k.ListMarker && !listed {
			k.ListMarker = false
		}
	}
}

// withWarning adds w, a page-wide warning, to ws within MaxWarnings. When the list is full, the
// last warnings about other nodes make room (the page-wide ones, the capture's among them, are
// kept): for w and, unless the list already ends with one, a WARNINGS_TRUNCATED warning, whose
// count of warnings left out grows by each one taken.
func withWarning(ws []Warning, w Warning) []Warning {
	out := append([]Warning{}, ws...)
	if len(out) < MaxWarnings {
		return append(out, w)
	}
	closing := Warning{Code: TruncatedCode, NodeID: w.NodeID}
	left := 0
	if end := out[len(out)-1]; end.Code == TruncatedCode {
		if _, err := fmt.Sscanf(end.Message, TruncatedMessageFormat, &left); err != nil {
			left = 0
		}
		closing.NodeID, out = end.NodeID, out[:len(out)-1]
	}
	for len(out) > MaxWarnings-2 {
		last := len(out) - 1
		for last > 0 && out[last].NodeID != nil && w.NodeID != nil && *out[last].NodeID == *w.NodeID {
			last--
		}
		out = slices.Delete(out, last, last+1)
		left++
	}
	closing.Message = fmt.Sprintf(TruncatedMessageFormat, left)
	return append(out, w, closing)
}

// TruncatedCode is the code of the warning that ends a list cut at MaxWarnings
// (warnings.Truncated).
const TruncatedCode = "WARNINGS_TRUNCATED"

// TruncatedMessageFormat is the message of the WARNINGS_TRUNCATED warning that ends a full list
// of warnings, with how many were left out.
const TruncatedMessageFormat = "%d more warnings were left out"
